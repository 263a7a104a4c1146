// Steam Park's heuristic bot: each choice judged by the money its park will end with, against the best rival's.
import { leadOf, lookaheadBot, type Bot, type Seed } from "@rules/core";
import { game } from "./index.js";
import type { Action, State } from "./schema.js";
import { projectedMoney } from "./score.js";

/**
 * Steam Park's heuristic bot ("manager"). In a player's words: it takes the move that leaves its
 * park furthest ahead of the best rival's in the money it would end with if every Income phase
 * left paid what the park earns now (3 Danari per visitor plus its stands' income) and the Dirt
 * in its Dump stayed where it is, after the Final Dirt Track fee; a park at the skull is worth
 * nothing. It looks one step ahead, in a world where what it cannot see is imagined
 * (`determinize`), so it never reads a hidden card or die. Deterministic from its own seed.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, managerBot } from "@rules/steam-park";
 *
 * const s = initialState(1, { players: 2 });
 * console.log(managerBot(7).act(s, 0, legalActions(s, 0)).type); // its first choice
 * ```
 */
export function managerBot(seed: Seed = 0): Bot<State, Action> {
  return lookaheadBot(game, { name: "manager", seed, value: (s, p) => leadOf(projectedMoney(s), p) });
}
