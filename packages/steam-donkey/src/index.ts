/**
 * Steam Donkey as a pure, deterministic rules engine: build a Victorian seaside resort, move
 * visitors from the station, cash them in as cards. Basic and advanced rules (Kick-ons and
 * Characters), 2–4 players. Built on `@rules/core`; every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { cloneJson, defineGame, type Game, type Outcome, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { ComponentsSchema, defaultComponents, type Components } from "./data.js";
import { describeAction, describeEvents } from "./describe.js";
import { encoding } from "./encode.js";
import { activePlayers, explainIllegal, isLegal, legalActions as legal } from "./legal.js";
import { stateProblems } from "./problems.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type State, type View } from "./schema.js";
import { isTerminal as terminal, outcome as result, scoreSeat, type ScoreBreakdown } from "./score.js";
import { setup } from "./setup.js";
import { determinize, playerView as view, revealsInformation } from "./view.js";

/** The Steam Donkey engine: the bundle every bot, client and test uses. */
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

/** A new game: `initialState(seed, { players: 3, advanced: true })`. Throws `INVALID_OPTIONS` on bad options. */
export function initialState(seed: Seed, options?: Partial<Options>): State {
  return game.initialState(seed, options);
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

/** True once the final turns after a completed resort are played. */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/** Scores (attractions + poster bonus − missing spaces), ranks and winners (ties stand); `undefined` until the end. */
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

export * from "./actions.js";
export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, defaultComponents, scoreSeat, stateProblems };
export type { Action, Components, Options, ScoreBreakdown, State, View };
