// Steam Donkey's heuristic bot: each choice judged by the resort it leaves, against the best rival's.
import { leadOf, lookaheadBot, type Bot, type Seed } from "@rules/core";
import { game } from "./index.js";
import type { Action, State } from "./schema.js";
import { HAND_PROMISE, scoreSeat } from "./score.js";

/**
 * What each seat's resort and hand are worth now: its score as it stands plus `HAND_PROMISE` (0.3 points)
 * per card in hand (what {@link builderBot} compares).
 *
 * @example
 * ```ts
 * import { initialState, resortWorth } from "@rules/steam-donkey";
 *
 * console.log(resortWorth(initialState(1, { players: 2 }))); // equal worths: nothing built, equal hands
 * ```
 */
export function resortWorth(s: State): number[] {
  return s.resorts.map((_, p) => scoreSeat(s, p).total + HAND_PROMISE * s.hands[p]!.length);
}

/**
 * Steam Donkey's heuristic bot ("builder"). In a player's words: it takes the move that leaves
 * its resort furthest ahead of the best rival's, counting what the resorts would score now
 * (attractions, covered ones too, the poster's bonus, minus a point per empty space the poster
 * asks to fill) and a third of a point for each card in hand, since cards pay for attractions
 * later. It looks one step ahead, in a world where the cards it cannot see are imagined
 * (`determinize`), so it never reads a hidden card. Deterministic from its own seed.
 *
 * @example
 * ```ts
 * import { builderBot, initialState, legalActions } from "@rules/steam-donkey";
 *
 * const s = initialState(1, { players: 2 });
 * console.log(builderBot(7).act(s, 0, legalActions(s, 0)).type); // "choosePoster"
 * ```
 */
export function builderBot(seed: Seed = 0): Bot<State, Action> {
  return lookaheadBot(game, { name: "builder", seed, value: (s, p) => leadOf(resortWorth(s), p) });
}
