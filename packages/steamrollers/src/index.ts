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
import { setup } from "./setup.js";
import { determinize, playerView as view } from "./view.js";

/** The SteamRollers engine: the bundle every bot, client and test uses. */
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
  describeAction,
  describeEvents,
  determinize,
  encoding,
});

/** A new game: `initialState(seed, { players: 3 })`; `players: 1` plays solo against Olive. */
export function initialState(seed: Seed, options?: Partial<Options>): State {
  return game.initialState(seed, options);
}

/** Every legal action of the active seat (or of `player` only); `[]` once the game is over. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  return game.legalActions(state, player);
}

/** The state after a legal `action` (pure). Throws a `RulesError` for anything else. */
export function apply(state: State, action: Action): State {
  return game.apply(state, action);
}

/** What seat `viewer` (or a spectator, `null`) may know: the whole table, never the generator. */
export function playerView(state: State, viewer: PlayerId | null): View {
  return game.playerView(state, viewer);
}

/** True once the game is over. */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/**
 * Scores, ranks and winners (points, then best engine, then best network, then shared);
 * `undefined` until the end. Solo: `breakdown[0].beatOlive` is 1 when you beat Olive.
 */
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

export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, breakdown, defaultComponents, oliveBreakdown };
export type { Action, Components, Options, State, View };
