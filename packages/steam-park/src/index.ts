/**
 * Steam Park as a pure, deterministic rules engine: race to roll your dice, build rides and stands
 * in your amusement park, attract robot visitors and keep the Dirt down. Built on `@rules/core`;
 * every export follows the shared game contract.
 *
 * @packageDocumentation
 */
import { cloneJson, defineGame, type Game, type Outcome, type PlayerId, type Seed } from "@rules/core";
import * as z from "zod";
import { reduce } from "./apply.js";
import { ComponentsSchema, defaultComponents, type Components } from "./data.js";
import { describeAction, describeEvents } from "./describe.js";
import { encoding } from "./encode.js";
import { activePlayers, explainIllegal, legalActions as legal } from "./legal.js";
import { drawPark } from "./park.js";
import { stateProblems } from "./problems.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, comps, type Action, type Options, type State, type View } from "./schema.js";
import { isTerminal as terminal, outcome as result } from "./score.js";
import { setup } from "./setup.js";
import { determinize, playerView as view, revealsInformation } from "./view.js";

/** The Steam Park engine: the bundle every bot, client and test uses. */
export const game: Game<State, Action, Options, View> = defineGame<State, Action, Options, View>({
  id: "steam-park",
  name: "Steam Park",
  minPlayers: 2,
  maxPlayers: 4,
  rulesVersion: 1,
  schemas: { state: StateSchema, action: ActionSchema, options: OptionsSchema, view: ViewSchema },
  setup,
  playerCount: (s) => s.players,
  legalActions: legal,
  activePlayers,
  reduce,
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

/** A new game: `initialState(seed, { players: 3 })`. Throws `INVALID_OPTIONS` on bad options. */
export function initialState(seed: Seed, options?: Partial<Options>): State {
  return game.initialState(seed, options);
}

/**
 * Validate an untrusted state (from storage or a network): the parsed state, or a `RulesError`
 * `INVALID_STATE` naming what does not fit (shape, or zones and phase that could not arise).
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

/** True once the sixth turn's Income phase is over. */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/** Money after the Final Dirt Track (skull seats last), then visitors, then a shared rank; `undefined` until the end. */
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

export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, comps, defaultComponents, drawPark };
export type { Action, Components, Options, State, View };
