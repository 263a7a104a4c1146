/**
 * SteamRollers as a pure, deterministic rules engine: roll-and-write rail building for 2-5 players,
 * every optional module (Coal, Order tiles, Starting powers, Medium/Hard walls), and solo play
 * against Olive. Built on `@rules/core`; every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { defineGame, type Game, type Outcome, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { ComponentsSchema, defaultComponents, type Components } from "./data.js";
import { describeAction, describeEvents } from "./describe.js";
import { encoding } from "./encode.js";
import { explainIllegal } from "./explain.js";
import { activePlayers, isLegal, legalActions as legal } from "./legal.js";
import { stateProblems } from "./problems.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type State, type View } from "./schema.js";
import { breakdown, oliveBreakdown, isTerminal as terminal, outcome as result } from "./score.js";
import { cityChainPieces, deliveryPotential, heuristic, openChainPromise, promisedPoints } from "./heuristic.js";
import { setup } from "./setup.js";
import { determinize, playerView as view } from "./view.js";

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
export const game: Game<State, Action, Options, View> = defineGame<State, Action, Options, View>({
  id: "steamrollers",
  name: "SteamRollers",
  minPlayers: 1,
  maxPlayers: 5,
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
export function initialState(seed: Seed, options?: Partial<Options>): State {
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
 * JSON Schemas of the state, action and view, for clients in other languages.
 *
 * @example
 * ```ts
 * import { toJSONSchema } from "@rules/steamrollers";
 *
 * const schemas = toJSONSchema();
 * console.log(Object.keys(schemas)); // ["state", "action", "view"]
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

export { plannerBot, type PlannerOptions } from "./bot.js";
export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, breakdown, cityChainPieces, defaultComponents, deliveryPotential, heuristic, oliveBreakdown, openChainPromise, promisedPoints };
export type { Action, Components, Options, State, View };
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
