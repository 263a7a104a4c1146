/**
 * Steam Donkey as a pure, deterministic rules engine: build a Victorian seaside resort, move
 * visitors from the station, cash them in as cards. Basic and advanced rules (Kick-ons and
 * Characters), 2–4 players. Built on `@rules/core`; every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { cloneJson, defineGame, type Game, type Outcome, type PatchedState, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { ComponentsSchema, defaultComponents, type Components } from "./data.js";
import { describeAction as describeLine, describeEvents as eventsOf } from "./describe.js";
import { encoding } from "./encode.js";
import { activePlayers as active, explainIllegal, isLegal, legalActions as legal } from "./legal.js";
import { stateProblems } from "./problems.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type OptionsInput, type State, type View } from "./schema.js";
import { heuristic, isTerminal as terminal, outcome as result, scoreSeat, scores, type ScoreBreakdown } from "./score.js";
import { setup } from "./setup.js";
import { determinize as resample, playerView as view, revealsInformation } from "./view.js";

/**
 * The Steam Donkey engine: the bundle every bot, client and test uses (the shared `Game` contract:
 * `initialState`, `legalActions`, `apply`, `applyInPlace`, `playerView`, `determinize`, `encoding`, ...).
 *
 * @example
 * ```ts
 * import { simulate } from "@rules/core";
 * import { game } from "@rules/steam-donkey";
 *
 * const report = simulate(game, { games: 2, players: 2, seed: 1, bots: ["random"] });
 * console.log(game.name, report.winRateBySeat, report.length.mean);
 * ```
 */
export const game: Game<State, Action, Options, View, OptionsInput> = defineGame<State, Action, Options, View, OptionsInput>({
  id: "steam-donkey",
  name: "Steam Donkey",
  minPlayers: 2,
  maxPlayers: 4,
  rulesVersion: 1,
  schemas: { state: StateSchema, action: ActionSchema, options: OptionsSchema, view: ViewSchema },
  setup,
  playerCount: (s) => s.players,
  legalActions: legal,
  activePlayers: active,
  reduce,
  isLegal,
  explainIllegal,
  stateProblems,
  playerView: view,
  isTerminal: terminal,
  outcome: result,
  heuristic,
  scores,
  describeAction: describeLine,
  describeEvents: eventsOf,
  determinize: resample,
  encoding,
  revealsInformation(before, action) {
    const after = cloneJson(before);
    reduce(after, action);
    return revealsInformation(before, after);
  },
});

/**
 * A new game: `initialState(seed, { players: 3, advanced: true })`. Throws `INVALID_OPTIONS` on bad options.
 *
 * @example
 * ```ts
 * import { initialState } from "@rules/steam-donkey";
 *
 * const s = initialState(2024, { players: 3, advanced: true });
 * console.log(s.stage, s.posters.length); // "poster" 3: every seat first picks a side of its poster
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
 * import { isRulesError } from "@rules/core";
 * import { initialState, loadState } from "@rules/steam-donkey";
 *
 * const saved = JSON.stringify(initialState(1, { players: 2 }));
 * console.log(loadState(JSON.parse(saved)).stage);
 * try {
 *   loadState({ ...JSON.parse(saved), current: 3 });
 * } catch (e) {
 *   console.log(isRulesError(e, "INVALID_STATE"));
 * }
 * ```
 */
export function loadState(json: unknown): State {
  return game.loadState(json);
}

/**
 * Every legal action of the active seats (or of `player` only), in a stable order; `[]` once the game is over.
 *
 * @example
 * ```ts
 * import { initialState, legalActions } from "@rules/steam-donkey";
 *
 * const s = initialState(1, { players: 2 });
 * console.log(legalActions(s));    // both seats choose a poster side, in any order
 * console.log(legalActions(s, 1)); // only seat 1's
 * ```
 */
export function legalActions(state: State, player?: PlayerId): Action[] {
  return game.legalActions(state, player);
}

/**
 * The state after a legal `action` (pure: `state` is not changed). Throws a `RulesError` for
 * anything else, naming the rule broken.
 *
 * @example
 * ```ts
 * import { isRulesError } from "@rules/core";
 * import { apply, initialState } from "@rules/steam-donkey";
 *
 * let s = initialState(1, { players: 2 });
 * s = apply(s, { type: "choosePoster", player: 0, side: 0 });
 * s = apply(s, { type: "choosePoster", player: 1, side: 1 });
 * console.log(s.stage, s.hands[0]!.length); // "choose" 8
 * try {
 *   apply(s, { type: "takeDiscard", player: 1 });
 * } catch (e) {
 *   console.log(isRulesError(e, "NOT_YOUR_TURN"));
 * }
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
 * import { applyWithPatches, initialState, legalActions } from "@rules/steam-donkey";
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
 * What seat `viewer` (or a spectator, `null`) may know: its own hand, every public face, and only
 * the backs of face-down cards.
 *
 * @example
 * ```ts
 * import { apply, initialState, playerView } from "@rules/steam-donkey";
 *
 * let s = initialState(1, { players: 2 });
 * s = apply(s, { type: "choosePoster", player: 0, side: 0 });
 * s = apply(s, { type: "choosePoster", player: 1, side: 0 });
 * const v = playerView(s, 0);
 * console.log(v.hand, v.handBacks[1], v.platform); // own cards by id; the rest by their backs
 * ```
 */
export function playerView(state: State, viewer: PlayerId | null): View {
  return game.playerView(state, viewer);
}

/**
 * True once the final turns after a completed resort are played (or in a stalemate).
 *
 * @example
 * ```ts
 * import { initialState, isTerminal } from "@rules/steam-donkey";
 *
 * console.log(isTerminal(initialState(1, { players: 2 }))); // false
 * ```
 */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/**
 * Scores (attractions + poster bonus − missing spaces), ranks and winners (ties stand), with a
 * breakdown per seat; `undefined` until the end.
 *
 * @example
 * ```ts
 * import { randomInt, seedRng } from "@rules/core";
 * import { apply, initialState, isTerminal, legalActions, outcome } from "@rules/steam-donkey";
 *
 * const rng = seedRng(5);
 * let s = initialState(5, { players: 2 });
 * while (!isTerminal(s)) {
 *   const actions = legalActions(s);
 *   s = apply(s, actions[randomInt(rng, 0, actions.length - 1)]!);
 * }
 * console.log(outcome(s)?.scores, outcome(s)?.winners);
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
 * import { activePlayers, initialState } from "@rules/steam-donkey";
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
 * import { describeAction, initialState, legalActions } from "@rules/steam-donkey";
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
 * import { apply, describeEvents, initialState, legalActions } from "@rules/steam-donkey";
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
 * import { applyUnchecked, initialState, legalActions } from "@rules/steam-donkey";
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
 * import { applyInPlace, initialState, legalActions } from "@rules/steam-donkey";
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
 * import { determinize, initialState, playerView } from "@rules/steam-donkey";
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
 * import { toJSONSchema } from "@rules/steam-donkey";
 *
 * const { action } = toJSONSchema();
 * console.log(JSON.stringify(action).length > 0);
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

export * from "./actions.js";
export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, defaultComponents, heuristic, scoreSeat, scores, stateProblems };
export type { Action, OptionsInput, Components, Options, ScoreBreakdown, State, View };
export { builderBot, resortWorth } from "./bot.js";
