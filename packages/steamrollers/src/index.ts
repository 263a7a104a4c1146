/**
 * SteamRollers as a pure, deterministic rules engine: roll-and-write rail building for 2-5 players,
 * every optional module (Coal, Order tiles, Starting powers, Medium/Hard walls), and solo play
 * against Olive. Built on `@rules/core`; every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { defineGame, type Game, type Outcome, type PatchedState, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { ComponentsSchema, defaultComponents, type Components } from "./data.js";
import { describeAction as describeLine, describeEvents as eventsOf } from "./describe.js";
import { encoding } from "./encode.js";
import { explainIllegal } from "./explain.js";
import { activePlayers as active, isLegal, legalActions as legal } from "./legal.js";
import { stateProblems } from "./problems.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type OptionsInput, type State, type View } from "./schema.js";
import { breakdown, oliveBreakdown, isTerminal as terminal, outcome as result, scores } from "./score.js";
import { cityChainPieces, deliveryPotential, heuristic, openChainPromise, promisedPoints } from "./heuristic.js";
import { setup } from "./setup.js";
import { determinize as resample, playerView as view } from "./view.js";

/**
 * The SteamRollers engine: the bundle every bot, client and test uses (the contract functions,
 * `describeAction`/`describeEvents` for a game log, `determinize` for ISMCTS, `applyInPlace` for
 * fast playouts, and `encoding`, the numeric encoding for learning agents).
 *
 * @example
 * ```ts
 * import { game } from "@rules/steamrollers";
 *
 * const s = game.initialState(1, { players: 3 });
 * const first = game.legalActions(s)[0]!;
 * console.log(game.describeAction(s, first));
 * console.log(game.encoding!.actionCount(s), game.encoding!.observationSize(s)); // 6889 2688
 * ```
 */
export const game: Game<State, Action, Options, View, OptionsInput> = defineGame<State, Action, Options, View, OptionsInput>({
  id: "steamrollers",
  name: "SteamRollers",
  minPlayers: 1,
  maxPlayers: 5,
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
});

/**
 * A new game: seat 0 starts and round one's dice are rolled (or the starting powers are chosen
 * first). `players: 1` plays solo against Olive. Throws a `RulesError` `INVALID_OPTIONS` on bad
 * options.
 *
 * @example
 * ```ts
 * import { initialState } from "@rules/steamrollers";
 *
 * const s = initialState(2024, { players: 3, coal: true });
 * console.log(s.cities, s.white);
 * const solo = initialState(1, { players: 1, difficulty: "railBaron", walls: "hard" });
 * console.log(solo.olive);
 * ```
 */
export function initialState(seed: Seed, options?: OptionsInput): State {
  return game.initialState(seed, options);
}

/**
 * Validate an untrusted state (from storage or a network): the parsed state, or a `RulesError`
 * `INVALID_STATE` naming what does not fit (its shape, or goods, sheets, tiles and stage that could
 * not arise).
 *
 * @example
 * ```ts
 * import { initialState, loadState } from "@rules/steamrollers";
 *
 * const saved = JSON.stringify(initialState(1, { players: 3 }));
 * const s = loadState(JSON.parse(saved));
 * console.log(s.round);
 * try {
 *   loadState({ ...JSON.parse(saved), bag: [99, 0, 0, 0, 0, 0] });
 * } catch (e) {
 *   console.log((e as Error).message); // the goods do not add up to the box
 * }
 * ```
 */
export function loadState(json: unknown): State {
  return game.loadState(json);
}

/**
 * Every legal action of the active seat (or of `player` only), in a stable order, no
 * duplicates; `[]` once the game is over.
 *
 * @example
 * ```ts
 * import { initialState, legalActions } from "@rules/steamrollers";
 *
 * const s = initialState(1, { players: 3 });
 * console.log(legalActions(s)); // seat 0 picks a white die: one pickDie per distinct value
 * console.log(legalActions(s, 1)); // []: seat 1 waits
 * ```
 */
export function legalActions(state: State, player?: PlayerId): Action[] {
  return game.legalActions(state, player);
}

/**
 * The state after a legal `action` (pure: the input is never changed, the result is frozen).
 * Throws a `RulesError` for anything else, naming the rule it breaks.
 *
 * @example
 * ```ts
 * import { apply, initialState, legalActions } from "@rules/steamrollers";
 *
 * let s = initialState(1, { players: 3 });
 * s = apply(s, legalActions(s)[0]!); // seat 0 takes a white die
 * console.log(s.turn?.stage); // "act"
 * try {
 *   apply(s, { type: "pickDie", player: 1, die: 0 });
 * } catch (e) {
 *   console.log((e as Error).message); // not seat 1's turn
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
 * import { applyWithPatches, initialState, legalActions } from "@rules/steamrollers";
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
 * What seat `viewer` (or a spectator, `null`) may know: the whole table, never the generator.
 *
 * @example
 * ```ts
 * import { initialState, playerView } from "@rules/steamrollers";
 *
 * const view = playerView(initialState(1, { players: 3 }), 2);
 * console.log(view.viewer, view.sheets.length, "rng" in view); // 2 3 false
 * ```
 */
export function playerView(state: State, viewer: PlayerId | null): View {
  return game.playerView(state, viewer);
}

/**
 * True once the game is over (three empty cities at the end of a round, a stuck game, or Olive
 * winning at once).
 *
 * @example
 * ```ts
 * import { initialState, isTerminal } from "@rules/steamrollers";
 *
 * console.log(isTerminal(initialState(1, { players: 3 }))); // false
 * ```
 */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/**
 * Scores, ranks and winners (points, then best engine, then best network, then shared);
 * `undefined` until the end. Solo: `breakdown[0].beatOlive` is 1 when you beat Olive.
 *
 * @example
 * ```ts
 * import { apply, initialState, isTerminal, legalActions, outcome } from "@rules/steamrollers";
 *
 * let s = initialState(3, { players: 2 });
 * console.log(outcome(s)); // undefined: the game has not ended
 * while (!isTerminal(s)) s = apply(s, legalActions(s)[0]!);
 * console.log(outcome(s)?.winners, outcome(s)?.breakdown);
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
 * import { activePlayers, initialState } from "@rules/steamrollers";
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
 * import { describeAction, initialState, legalActions } from "@rules/steamrollers";
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
 * import { apply, describeEvents, initialState, legalActions } from "@rules/steamrollers";
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
 * import { applyUnchecked, initialState, legalActions } from "@rules/steamrollers";
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
 * import { applyInPlace, initialState, legalActions } from "@rules/steamrollers";
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
 * import { determinize, initialState, playerView } from "@rules/steamrollers";
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
 * import { toJSONSchema } from "@rules/steamrollers";
 *
 * const schemas = toJSONSchema();
 * console.log(Object.keys(schemas)); // ["state", "action", "view"]
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

export { plannerBot, turnPlanner, type PlannerOptions, type TurnPlannerOptions } from "./bot.js";
export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, breakdown, cityChainPieces, defaultComponents, deliveryPotential, heuristic, oliveBreakdown, openChainPromise, promisedPoints, scores };
export type { Action, OptionsInput, Components, Options, State, View };
export {
  PowerEngineActionSchema,
  PowerRailActionSchema,
  PowerPointsActionSchema,
  PowerTileActionSchema,
  PowerDeliveryActionSchema,
  PlaceGoodActionSchema,
  PickDieActionSchema,
  ClaimDieActionSchema,
  SetDieActionSchema,
  NudgeDieActionSchema,
  RerollDieActionSchema,
  FlipDieActionSchema,
  BuildActionSchema,
  ImproveEngineActionSchema,
  DeliverActionSchema,
  TakeTileActionSchema,
  PassActionSchema,
  FulfilOrderActionSchema,
  SecondDieActionSchema,
  RerollOliveActionSchema,
  BlockOliveActionSchema,
  DoneActionSchema,
  type PowerEngineAction,
  type PowerRailAction,
  type PowerPointsAction,
  type PowerTileAction,
  type PowerDeliveryAction,
  type PlaceGoodAction,
  type PickDieAction,
  type ClaimDieAction,
  type SetDieAction,
  type NudgeDieAction,
  type RerollDieAction,
  type FlipDieAction,
  type BuildAction,
  type ImproveEngineAction,
  type DeliverAction,
  type TakeTileAction,
  type PassAction,
  type FulfilOrderAction,
  type SecondDieAction,
  type RerollOliveAction,
  type BlockOliveAction,
  type DoneAction,
} from "./schema.js";
