/**
 * Age of Steam as a pure, deterministic rules engine over map data: the ten phases of the base
 * game, on the Rust Belt board (3–6 players), the Orient Express (4–6) and the solo Amusement Park. Maps are typed data (`options.map`,
 * `options.components.maps`), with per-map rules hooks for the expansion maps. Built on
 * `@rules/core`; every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { defineGame, type Game, type Outcome, type PatchedState, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { ComponentsSchema, MapSchema, ORIENT_EXPRESS, RUST_BELT, defaultComponents, type Components, type MapData } from "./data.js";
import { describeAction as describeLine, describeEvents as eventsOf } from "./describe.js";
import { activePlayers as active, explainIllegal, legalActions as legal } from "./legal.js";
import { isLegal } from "./is-legal.js";
import { thriftyBot } from "./bot.js";
import { solventBot, staysSolvent, type SolventOptions } from "./solvent.js";
import { encoding } from "./encode.js";
import { stateProblems } from "./problems.js";
import {
  ActionSchema,
  BidActionSchema,
  BuildActionSchema,
  DoneActionSchema,
  DropOutActionSchema,
  IssueShareActionSchema,
  LayActionSchema,
  MoveActionSchema,
  OptionsSchema,
  ParkStateSchema,
  TransportActionSchema,
  ClaimActionSchema,
  PassActionSchema,
  ProduceActionSchema,
  RaiseLocoActionSchema,
  SelectActionSchema,
  StateSchema,
  UrbanizeActionSchema,
  ViewSchema,
  type Action,
  type BidAction,
  type BuildAction,
  type DoneAction,
  type DropOutAction,
  type IssueShareAction,
  type LayAction,
  type MoveAction,
  type ParkState,
  type TransportAction,
  type ClaimAction,
  type Options, type OptionsInput,
  type PassAction,
  type ProduceAction,
  type RaiseLocoAction,
  type SelectAction,
  type State,
  type UrbanizeAction,
  type View,
} from "./schema.js";
import { heuristic, isTerminal as terminal, outcome as result, parkProgress, promisedScore, scores } from "./score.js";
import { setup } from "./setup.js";
import { determinize as resample, playerView as view } from "./view.js";

/**
 * The Age of Steam engine: the bundle every bot, client and test uses.
 * @example
 * ```ts
 * import { game } from "@rules/age-of-steam-exp";
 *
 * const state = game.initialState(1, { players: 3 });
 * console.log(game.legalActions(state).map((a) => a.type)); // ["issueShare", "done"]
 * ```
 */
export const game: Game<State, Action, Options, View, OptionsInput> = defineGame<State, Action, Options, View, OptionsInput>({
  id: "age-of-steam-exp",
  name: "Age of Steam",
  minPlayers: 1,
  maxPlayers: 6,
  rulesVersion: 3,
  schemas: { state: StateSchema, action: ActionSchema, options: OptionsSchema, view: ViewSchema },
  setup,
  playerCount: (s) => s.players,
  legalActions: legal,
  isLegal,
  activePlayers: active,
  reduce,
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
 * A new game: `initialState(seed, { players: 4 })` (Rust Belt). Throws `INVALID_OPTIONS` on bad options.
 * @example
 * ```ts
 * import { initialState } from "@rules/age-of-steam-exp";
 *
 * const state = initialState(1, { players: 4, map: "orient-express" });
 * console.log(state.map.name, state.lastTurn);
 * ```
 */
export function initialState(seed: Seed, options?: OptionsInput): State {
  return game.initialState(seed, options);
}

/**
 * Every legal action of the active seat (or of `player` only); `[]` once the game is over. The
 * list is a new array each call. On a state you own (not frozen), its build placements are frozen
 * objects shared by every listing on that map, so hundreds of them cost no allocation: copy one
 * (`{ ...action }`) to change it. A frozen state's lists hold fresh copies.
 * @example
 * ```ts
 * import { initialState, legalActions } from "@rules/age-of-steam-exp";
 *
 * const state = initialState(1, { players: 4 });
 * console.log(legalActions(state), legalActions(state, 1)); // the active seat's actions; [] for seat 1
 * ```
 */
export function legalActions(state: State, player?: PlayerId): Action[] {
  return game.legalActions(state, player);
}

/**
 * The state after a legal `action` (pure). Throws a `RulesError` for anything else.
 * @example
 * ```ts
 * import { apply, initialState, legalActions } from "@rules/age-of-steam-exp";
 *
 * const before = initialState(1, { players: 4 });
 * const after = apply(before, legalActions(before)[0]!);
 * console.log(before.shares, after.shares);
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
 * import { applyWithPatches, initialState, legalActions } from "@rules/age-of-steam-exp";
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
 * What seat `viewer` (or a spectator, `null`) may know: everything but the generator.
 * @example
 * ```ts
 * import { initialState, playerView } from "@rules/age-of-steam-exp";
 *
 * const view = playerView(initialState(1, { players: 4 }), 2);
 * console.log(view.viewer, view.cash);
 * ```
 */
export function playerView(state: State, viewer: PlayerId | null): View {
  return game.playerView(state, viewer);
}

/**
 * True after the last turn, or once at most one player is left.
 * @example
 * ```ts
 * import { initialState, isTerminal } from "@rules/age-of-steam-exp";
 *
 * console.log(isTerminal(initialState(1, { players: 4 }))); // false
 * ```
 */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/**
 * Scores (3 × income − 3 × shares + track in complete links), ranks and winners; `undefined` until the end.
 * @example
 * ```ts
 * import { apply, initialState, isTerminal, legalActions, outcome } from "@rules/age-of-steam-exp";
 *
 * let state = initialState(2, { players: 3 });
 * while (!isTerminal(state)) state = apply(state, legalActions(state).at(-1)!); // always the last choice
 * console.log(outcome(state)?.winners);
 * ```
 */
export function outcome(state: State): Outcome | undefined {
  return game.outcome(state);
}

/**
 * Validate an untrusted state (from storage or a network): the parsed state, or a `RulesError`
 * `INVALID_STATE` naming what does not fit (shape, or a board, money and shares that could not arise).
 *
 * @example
 * ```ts
 * import { initialState, loadState } from "@rules/age-of-steam-exp";
 *
 * const stored = JSON.stringify(initialState(1, { players: 3 }));
 * console.log(JSON.stringify(loadState(JSON.parse(stored))) === stored); // true: the same bytes back
 * ```
 */
export function loadState(json: unknown): State {
  return game.loadState(json);
}

/**
 * The seats that may act now (several in a simultaneous step); `[]` once the game is over.
 *
 * @example
 * ```ts
 * import { activePlayers, initialState } from "@rules/age-of-steam-exp";
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
 * import { describeAction, initialState, legalActions } from "@rules/age-of-steam-exp";
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
 * import { apply, describeEvents, initialState, legalActions } from "@rules/age-of-steam-exp";
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
 * import { applyUnchecked, initialState, legalActions } from "@rules/age-of-steam-exp";
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
 * import { applyInPlace, initialState, legalActions } from "@rules/age-of-steam-exp";
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
 * import { determinize, initialState, playerView } from "@rules/age-of-steam-exp";
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
 * @example
 * ```ts
 * import { toJSONSchema } from "@rules/age-of-steam-exp";
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

export { AMUSEMENT_PARK } from "./amusement-data.js";
export { TILE_KINDS } from "./data.js";
export { heuristic, parkProgress, promisedScore, scores, solventBot, staysSolvent, thriftyBot };
export type { SolventOptions };
export { plannerBot, type PlannerOptions } from "./park-bot.js";
export { ActionSchema, ComponentsSchema, MapSchema, ORIENT_EXPRESS, OptionsSchema, RUST_BELT, StateSchema, ViewSchema, defaultComponents };
export {
  BidActionSchema,
  BuildActionSchema,
  DoneActionSchema,
  DropOutActionSchema,
  IssueShareActionSchema,
  MoveActionSchema,
  PassActionSchema,
  ProduceActionSchema,
  RaiseLocoActionSchema,
  SelectActionSchema,
  UrbanizeActionSchema,
  LayActionSchema,
  TransportActionSchema,
  ClaimActionSchema,
  ParkStateSchema,
};
export type { Action, OptionsInput, Components, MapData, Options, State, View, ParkState };
export type {
  BidAction,
  BuildAction,
  DoneAction,
  DropOutAction,
  IssueShareAction,
  MoveAction,
  PassAction,
  ProduceAction,
  RaiseLocoAction,
  SelectAction,
  UrbanizeAction,
  LayAction,
  TransportAction,
  ClaimAction,
};
