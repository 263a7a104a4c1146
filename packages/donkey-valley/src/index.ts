/**
 * Donkey Valley as a pure, deterministic rules engine: load the donkey, call it overloaded or not,
 * bluff. Built on `@rules/core`; every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { defineGame, type Game, type Outcome, type PatchedState, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { cloneState } from "./clone.js";
import { encoding } from "./encode.js";
import { COMPONENT_LIMITS, ComponentsSchema, defaultComponents, type Components } from "./data.js";
import { stateProblems } from "./consistency.js";
import { describeAction as describeLine, describeEvents as eventsOf } from "./describe.js";
import { activePlayers as active, explainIllegal, firstActivePlayer, isLegal, legalActions as legal } from "./legal.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type OptionsInput, type State, type View } from "./schema.js";
import { heuristic, isTerminal as terminal, outcome as result, scores } from "./score.js";
import { setup } from "./setup.js";
import { determinize as resample, playerView as view, revealsInformation } from "./view.js";

/**
 * The Donkey Valley engine: the bundle every bot, client and test uses.
 *
 * @example
 * ```ts
 * import { game } from "@rules/donkey-valley";
 *
 * let s = game.initialState(2024, { players: 3 });
 * while (!game.isTerminal(s)) s = game.apply(s, game.legalActions(s)[0]!);
 * console.log(game.outcome(s)?.winners);
 * ```
 */
export const game: Game<State, Action, Options, View, OptionsInput> = defineGame<State, Action, Options, View, OptionsInput>({
  id: "donkey-valley",
  name: "Donkey Valley",
  minPlayers: 3,
  maxPlayers: 7,
  rulesVersion: 1,
  schemas: { state: StateSchema, action: ActionSchema, options: OptionsSchema, view: ViewSchema },
  setup,
  playerCount: (s) => s.players,
  stateProblems,
  legalActions: legal,
  activePlayers: active,
  firstActivePlayer,
  reduce,
  cloneState,
  isLegal,
  explainIllegal,
  playerView: view,
  isTerminal: terminal,
  outcome: result,
  scores,
  heuristic,
  describeAction: describeLine,
  describeEvents: eventsOf,
  determinize: resample,
  encoding,
  revealsInformation(before, action) {
    const after = cloneState(before);
    reduce(after, action);
    return revealsInformation(before, action, after);
  },
});

/**
 * A new game: `initialState(seed, { players: 5 })`. Throws `INVALID_OPTIONS` on bad options.
 *
 * @example
 * ```ts
 * import { initialState } from "@rules/donkey-valley";
 *
 * const s = initialState(2024, { players: 3 });
 * console.log(s.players, s.hands[0]?.length, s.round?.donkey); // 3 10 "normal"
 * ```
 */
export function initialState(seed: Seed, options?: OptionsInput): State {
  return game.initialState(seed, options);
}

/**
 * Validate an untrusted state (from storage or a network): the parsed state, or a `RulesError`
 * `INVALID_STATE` naming what does not fit (shape, or zones and stage that could not arise).
 *
 * @example
 * ```ts
 * import { apply, initialState, loadState } from "@rules/donkey-valley";
 *
 * const stored = JSON.stringify(apply(initialState(2024, { players: 3 }), { type: "playLoad", player: 0, value: 7 }));
 * console.log(loadState(JSON.parse(stored)).round?.stage); // "load"
 * try {
 *   loadState({ ...JSON.parse(stored), players: 9 });
 * } catch (e) {
 *   console.log((e as Error).message); // "Not a valid Donkey Valley state: Too big: expected number to be <=7 (at players)"
 * }
 * ```
 */
export function loadState(json: unknown): State {
  return game.loadState(json);
}

/**
 * Every legal action of the active seats (or of `player` only); `[]` once the game is over.
 *
 * @example
 * ```ts
 * import { initialState, legalActions } from "@rules/donkey-valley";
 *
 * const s = initialState(2024, { players: 3 });
 * console.log(legalActions(s, 0).map((a) => a.type === "playLoad" && a.value)); // [1, 2, ..., 10]
 * ```
 */
export function legalActions(state: State, player?: PlayerId): Action[] {
  return game.legalActions(state, player);
}

/**
 * The state after a legal `action` (pure). Throws a `RulesError` for anything else.
 *
 * @example
 * ```ts
 * import { apply, initialState } from "@rules/donkey-valley";
 *
 * const s0 = initialState(2024, { players: 3 });
 * const s1 = apply(s0, { type: "playLoad", player: 0, value: 7 });
 * console.log(s0.hands[0]?.includes(7), s1.hands[0]?.includes(7)); // true false: s0 is unchanged
 * ```
 */
export function apply(state: State, action: Action): State {
  return game.apply(state, action);
}

/**
 * {@link apply} with immer's patches: `patches` turn `state` into the new state, `inversePatches`
 * turn it back (`applyPatches` of `@rules/core`). Checked exactly like `apply`. Patches of the full
 * state carry hidden information (hands, deck order, the generator): keep them on a trusted
 * server or in an undo stack, and send players their `playerView`.
 *
 * @example
 * ```ts
 * import { applyPatches } from "@rules/core";
 * import { applyWithPatches, initialState, legalActions } from "@rules/donkey-valley";
 *
 * const before = initialState(1);
 * const { state, patches, inversePatches } = applyWithPatches(before, legalActions(before)[0]!);
 * console.log(JSON.stringify(applyPatches(before, patches)) === JSON.stringify(state)); // true
 * console.log(JSON.stringify(applyPatches(state, inversePatches)) === JSON.stringify(before)); // true
 * ```
 */
export function applyWithPatches(state: State, action: Action): PatchedState<State> {
  return game.applyWithPatches(state, action);
}

/**
 * What seat `viewer` (or a spectator, `null`) may know.
 *
 * @example
 * ```ts
 * import { apply, initialState, playerView } from "@rules/donkey-valley";
 *
 * const s = apply(initialState(2024, { players: 3 }), { type: "playLoad", player: 0, value: 7 });
 * console.log(playerView(s, 0).round?.plays[0]); // { count: 1, own: [{ colour: 0, value: 7 }] }
 * console.log(playerView(s, 1).round?.plays[0]); // { count: 1, own: null }: seat 1 sees a face-down card
 * ```
 */
export function playerView(state: State, viewer: PlayerId | null): View {
  return game.playerView(state, viewer);
}

/**
 * True once the last donkey (and any Lost donkey) is done.
 *
 * @example
 * ```ts
 * import { apply, initialState, isTerminal, legalActions } from "@rules/donkey-valley";
 *
 * let s = initialState(1, { players: 3 });
 * console.log(isTerminal(s)); // false
 * while (!isTerminal(s)) s = apply(s, legalActions(s)[0]!);
 * console.log(legalActions(s)); // []
 * ```
 */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/**
 * Scores, ranks and winners (points, then most load cards won, then a shared victory); `undefined` until the end.
 *
 * @example
 * ```ts
 * import { apply, initialState, isTerminal, legalActions, outcome } from "@rules/donkey-valley";
 *
 * let s = initialState(1, { players: 3 });
 * console.log(outcome(s)); // undefined: not over yet
 * while (!isTerminal(s)) s = apply(s, legalActions(s)[0]!);
 * console.log(outcome(s)); // { scores, ranks, winners, breakdown: [{ points, cards }, ...] }
 * ```
 */
export function outcome(state: State): Outcome | undefined {
  return game.outcome(state);
}

/**
 * The seats that may act now (several in a simultaneous step); `[]` once the game is over.
 *
 * @example
 * ```ts
 * import { activePlayers, initialState } from "@rules/donkey-valley";
 *
 * console.log(activePlayers(initialState(1)).length > 0); // true: someone acts first
 * ```
 */
export function activePlayers(state: State): PlayerId[] {
  return game.activePlayers(state);
}

/**
 * One line a person understands for `action` in `state` (the state before it). Throws
 * `INVALID_ACTION` for a malformed action or a seat that does not exist, and `ILLEGAL_ACTION` for
 * one that cannot be described because it cannot be taken now.
 *
 * @example
 * ```ts
 * import { describeAction, initialState, legalActions } from "@rules/donkey-valley";
 *
 * const s = initialState(1);
 * console.log(describeAction(s, legalActions(s)[0]!)); // the first legal action, in words
 * ```
 */
export function describeAction(state: State, action: Action): string {
  return game.describeAction(state, action);
}

/**
 * What happened by itself on the way from `before` to `after` (cards turned, points won, a new
 * round), as public lines for a game log; `before` and `action` are `null` for the initial state.
 * Checks `action` as {@link describeAction} does.
 *
 * @example
 * ```ts
 * import { apply, describeEvents, initialState, legalActions } from "@rules/donkey-valley";
 *
 * const s = initialState(1);
 * const a = legalActions(s)[0]!;
 * console.log(describeEvents(null, null, s), describeEvents(s, a, apply(s, a))); // two lists of lines
 * ```
 */
export function describeEvents(before: State | null, action: Action | null, after: State): string[] {
  return game.describeEvents!(before, action, after);
}

/**
 * Fast path for bots: the state after a legal `action`, without any check, as a new unfrozen copy.
 * Only for actions from {@link legalActions}; anything else may give a broken state.
 *
 * @example
 * ```ts
 * import { applyUnchecked, initialState, legalActions } from "@rules/donkey-valley";
 *
 * const s = initialState(1);
 * console.log(Object.isFrozen(applyUnchecked(s, legalActions(s)[0]!))); // false: the caller owns it
 * ```
 */
export function applyUnchecked(state: State, action: Action): State {
  return game.applyUnchecked(state, action);
}

/**
 * Fastest path: applies a legal `action` to `state` itself, a copy the caller owns (`cloneJson`).
 * No checks, except that a frozen state (every state the engine hands out) is refused with
 * `INVALID_STATE`.
 *
 * @example
 * ```ts
 * import { cloneJson } from "@rules/core";
 * import { applyInPlace, initialState, legalActions } from "@rules/donkey-valley";
 *
 * const s = cloneJson(initialState(1));
 * applyInPlace(s, legalActions(s)[0]!); // s is now the state after that action
 * ```
 */
export function applyInPlace(state: State, action: Action): void {
  game.applyInPlace(state, action);
}

/**
 * A state `viewer` cannot tell from `state`, with everything hidden from them resampled from
 * `seed` (for information-set search): a new unfrozen copy, which `loadState` accepts.
 *
 * @example
 * ```ts
 * import { determinize, initialState, playerView } from "@rules/donkey-valley";
 *
 * const s = initialState(1);
 * const d = determinize(s, 0, 42);
 * console.log(JSON.stringify(playerView(d, 0)) === JSON.stringify(playerView(s, 0))); // true
 * ```
 */
export function determinize(state: State, viewer: PlayerId, seed: Seed): State {
  return game.determinize!(state, viewer, seed);
}

/**
 * JSON Schemas of the state, action, view and options (the options as a caller writes them:
 * defaulted fields optional), for clients in other languages.
 *
 * @example
 * ```ts
 * import { toJSONSchema } from "@rules/donkey-valley";
 *
 * const { action } = toJSONSchema();
 * console.log(JSON.stringify(action).length > 0); // true: write it to a file for a client in another language
 * ```
 */
export function toJSONSchema(): { state: unknown; action: unknown; view: unknown; options: unknown } {
  const opts = { unrepresentable: "any" } as const;
  return {
    state: z.toJSONSchema(StateSchema, opts),
    action: z.toJSONSchema(ActionSchema, opts),
    view: z.toJSONSchema(ViewSchema, opts),
    options: z.toJSONSchema(OptionsSchema, { ...opts, io: "input" }),
  };
}

export { ActionSchema, COMPONENT_LIMITS, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, defaultComponents, heuristic, scores, stateProblems };
export type { Action, OptionsInput, Components, Options, State, View };
export {
  AdjustCapacityActionSchema,
  CallActionSchema,
  ExchangeLoadActionSchema,
  PassActionSchema,
  PeekActionSchema,
  PickLoadActionSchema,
  PlayLoadActionSchema,
  SwapLoadActionSchema,
  UseFavorActionSchema,
  type AdjustCapacityAction,
  type CallAction,
  type ExchangeLoadAction,
  type PassAction,
  type PeekAction,
  type PickLoadAction,
  type PlayLoadAction,
  type SwapLoadAction,
  type UseFavorAction,
} from "./schema.js";
export { FAVOR_COST, haulerBot, type HaulerOptions } from "./bot.js";
