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
import { describeAction, describeEvents } from "./describe.js";
import { encoding } from "./encode.js";
import { activePlayers, explainIllegal, isLegal, legalActions as legal } from "./legal.js";
import { stateProblems } from "./problems.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type State, type View } from "./schema.js";
import { heuristic, isTerminal as terminal, outcome as result, scoreSeat, type ScoreBreakdown } from "./score.js";
import { setup } from "./setup.js";
import { determinize, playerView as view, revealsInformation } from "./view.js";

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
export const game: Game<State, Action, Options, View> = defineGame<State, Action, Options, View>({
  id: "steam-donkey",
  name: "Steam Donkey",
  minPlayers: 2,
  maxPlayers: 4,
  rulesVersion: 1,
  schemas: { state: StateSchema, action: ActionSchema, options: OptionsSchema, view: ViewSchema },
  setup,
  playerCount: (s) => s.players,
  legalActions: legal,
  activePlayers,
  reduce,
  isLegal,
  explainIllegal,
  stateProblems,
  playerView: view,
  isTerminal: terminal,
  outcome: result,
  heuristic,
  describeAction,
  describeEvents,
  determinize,
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
export function initialState(seed: Seed, options?: Partial<Options>): State {
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
 * JSON Schemas of the state, action and view, for clients in other languages.
 *
 * @example
 * ```ts
 * import { toJSONSchema } from "@rules/steam-donkey";
 *
 * const { action } = toJSONSchema();
 * console.log(JSON.stringify(action).length > 0);
 * ```
 */
export function toJSONSchema(): { state: unknown; action: unknown; view: unknown } {
  const opts = { unrepresentable: "any" } as const;
  return {
    state: z.toJSONSchema(StateSchema, opts),
    action: z.toJSONSchema(ActionSchema, opts),
    view: z.toJSONSchema(ViewSchema, opts),
  };
}

export * from "./actions.js";
export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, defaultComponents, heuristic, scoreSeat, stateProblems };
export type { Action, Components, Options, ScoreBreakdown, State, View };
