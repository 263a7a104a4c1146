/**
 * Donkey Valley as a pure, deterministic rules engine: load the donkey, call it overloaded or not,
 * bluff. Built on `@rules/core`; every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { defineGame, type Game, type Outcome, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { cloneState } from "./clone.js";
import { encoding } from "./encode.js";
import { COMPONENT_LIMITS, ComponentsSchema, defaultComponents, type Components } from "./data.js";
import { stateProblems } from "./consistency.js";
import { describeAction, describeEvents } from "./describe.js";
import { activePlayers, explainIllegal, isLegal, legalActions as legal } from "./legal.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type State, type View } from "./schema.js";
import { isTerminal as terminal, outcome as result } from "./score.js";
import { setup } from "./setup.js";
import { determinize, playerView as view, revealsInformation } from "./view.js";

/** The Donkey Valley engine: the bundle every bot, client and test uses. */
export const game: Game<State, Action, Options, View> = defineGame<State, Action, Options, View>({
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
  activePlayers,
  reduce,
  cloneState,
  isLegal,
  explainIllegal,
  playerView: view,
  isTerminal: terminal,
  outcome: result,
  describeAction,
  describeEvents,
  determinize,
  encoding,
  revealsInformation(before, action) {
    const after = cloneState(before);
    reduce(after, action);
    return revealsInformation(before, action, after);
  },
});

/** A new game: `initialState(seed, { players: 5 })`. Throws `INVALID_OPTIONS` on bad options. */
export function initialState(seed: Seed, options?: Partial<Options>): State {
  return game.initialState(seed, options);
}

/**
 * Validate an untrusted state (from storage or a network): the parsed state, or a `RulesError`
 * `INVALID_STATE` naming what does not fit (shape, or zones and stage that could not arise).
 */
export function loadState(json: unknown): State {
  return game.loadState(json);
}

/** Every legal action of the active seats (or of `player` only); `[]` once the game is over. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  return game.legalActions(state, player);
}

/** The state after a legal `action` (pure). Throws a `RulesError` for anything else. */
export function apply(state: State, action: Action): State {
  return game.apply(state, action);
}

/** What seat `viewer` (or a spectator, `null`) may know. */
export function playerView(state: State, viewer: PlayerId | null): View {
  return game.playerView(state, viewer);
}

/** True once the last donkey (and any Lost donkey) is done. */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/** Scores, ranks and winners (points, then most load cards won, then a shared victory); `undefined` until the end. */
export function outcome(state: State): Outcome | undefined {
  return game.outcome(state);
}

/** JSON Schemas of the state, action and view, for clients in other languages. */
export function toJSONSchema(): { state: unknown; action: unknown; view: unknown } {
  const opts = { unrepresentable: "any" } as const;
  return {
    state: z.toJSONSchema(StateSchema, opts),
    action: z.toJSONSchema(ActionSchema, opts),
    view: z.toJSONSchema(ViewSchema, opts),
  };
}

export { ActionSchema, COMPONENT_LIMITS, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, defaultComponents, stateProblems };
export type { Action, Components, Options, State, View };
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
