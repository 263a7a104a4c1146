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
import { activePlayers, explainIllegal, isLegal, legalActions as legal } from "./legal.js";
import { drawPark } from "./draw.js";
import { stateProblems } from "./problems.js";
import { ActionSchema, OptionsSchema, StateSchema, ViewSchema, type Action, type Options, type State, type View } from "./schema.js";
import { heuristic, isTerminal as terminal, outcome as result } from "./score.js";
import { setup } from "./setup.js";
import { determinize, playerView as view, revealsInformation } from "./view.js";

/**
 * The Steam Park engine: the bundle every bot, client and test uses.
 *
 * @example
 * ```ts
 * import { game } from "@rules/steam-park";
 *
 * const s = game.initialState(1, { players: 2 });
 * console.log(game.activePlayers(s), game.legalActions(s, 0).length); // [0, 1] and seat 0's choices
 * ```
 */
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
 * A new game: `initialState(seed, { players: 3 })`. Throws `INVALID_OPTIONS` on bad options.
 *
 * @example
 * ```ts
 * import { initialState } from "@rules/steam-park";
 *
 * const s = initialState(2024, { players: 3 });
 * console.log(s.phase, s.seats[0]!.offer.length); // "draft" 6: each seat keeps 3 of 6 bonus cards
 * ```
 */
export function initialState(seed: Seed, options?: Partial<Options>): State {
  return game.initialState(seed, options);
}

/**
 * Validate an untrusted state (from storage or a network): the parsed state, or a `RulesError`
 * `INVALID_STATE` naming what does not fit (shape, or zones and phase that could not arise).
 *
 * @example
 * ```ts
 * import { initialState, loadState } from "@rules/steam-park";
 *
 * const saved = JSON.stringify(initialState(7, { players: 2 }));
 * const s = loadState(JSON.parse(saved));
 * console.log(s.turn); // 1
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
 * import { initialState, legalActions } from "@rules/steam-park";
 *
 * const s = initialState(1, { players: 2, beginner: true }); // the beginner game starts with the roll
 * console.log(legalActions(s, 0).map((a) => a.type)); // "lock" per side showing, "lockAll", "reroll"
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
 * import { apply, initialState } from "@rules/steam-park";
 *
 * const s = initialState(1, { players: 2, beginner: true });
 * const next = apply(s, { type: "lockAll", player: 0 }); // seat 0 keeps its dice as they lie
 * console.log(next.seats[0]!.locked.length, next.seats[0]!.token); // 6 0 (the first token)
 * ```
 */
export function apply(state: State, action: Action): State {
  return game.apply(state, action);
}

/**
 * What seat `viewer` (or a spectator, `null`) may know: its own bonus cards, only the number of
 * the others'.
 *
 * @example
 * ```ts
 * import { initialState, playerView } from "@rules/steam-park";
 *
 * const v = playerView(initialState(3, { players: 2 }), 0);
 * console.log(v.seats[0]!.offer, v.seats[1]!.offer, v.seats[1]!.offerCount); // six card ids, null, 6
 * ```
 */
export function playerView(state: State, viewer: PlayerId | null): View {
  return game.playerView(state, viewer);
}

/**
 * True once the sixth turn's Income phase is over.
 *
 * @example
 * ```ts
 * import { apply, initialState, isTerminal, legalActions } from "@rules/steam-park";
 *
 * let s = initialState(5, { players: 2, beginner: true });
 * while (!isTerminal(s)) s = apply(s, legalActions(s)[0]!);
 * console.log(s.turn, s.phase); // 6 "over"
 * ```
 */
export function isTerminal(state: State): boolean {
  return game.isTerminal(state);
}

/**
 * Money after the Final Dirt Track (skull seats last), then visitors, then a shared rank; `undefined` until the end.
 *
 * @example
 * ```ts
 * import { apply, initialState, isTerminal, legalActions, outcome } from "@rules/steam-park";
 *
 * let s = initialState(5, { players: 2, beginner: true });
 * console.log(outcome(s)); // undefined: the game is not over
 * while (!isTerminal(s)) s = apply(s, legalActions(s)[0]!);
 * const o = outcome(s)!;
 * console.log(o.scores, o.ranks, o.winners, o.breakdown); // breakdown: money, dirt, fee, skull, visitors per seat
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
 * import { toJSONSchema } from "@rules/steam-park";
 *
 * const { action } = toJSONSchema();
 * console.log(JSON.stringify(action).includes("lockAll")); // true
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

export { ActionSchema, ComponentsSchema, OptionsSchema, StateSchema, ViewSchema, defaultComponents, drawPark, heuristic };
export type { Action, Components, Options, State, View };
