// The games a server plays by default, and the bots each offers for bot seats.
import { mctsBot, randomBot, type Bot, type BotFactory, type Game, type Seed } from "@rules/core";
import { game as aosGame, plannerBot as parkPlannerBot, solventBot, thriftyBot, type Action as AosAction, type State as AosState } from "@rules/age-of-steam-exp";
import { game as dvGame, haulerBot } from "@rules/donkey-valley";
import { game as spGame, managerBot } from "@rules/steam-park";
import { builderBot, game as sdGame } from "@rules/steam-donkey";
import { game as srGame, plannerBot } from "@rules/steamrollers";

/**
 * A game the server plays, with the bots it offers besides `random` and `mcts`.
 *
 * @example
 * ```ts
 * import { randomBot } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 * import type { ServedGame } from "@rules/server";
 *
 * const served: ServedGame = { game, bots: { cautious: (_game, seed) => randomBot(seed) }, defaultBot: "cautious" };
 * console.log(served.game.id); // "donkey-valley"
 * ```
 */
export interface ServedGame {
  game: Game;
  /** Extra bots by name (a game package's own bots). */
  bots?: Record<string, BotFactory>;
  /** The bot of a bot seat that names none (default `random`). */
  defaultBot?: string;
}

/**
 * The five games of the repository, by id. Age of Steam's maps are its `map` option.
 *
 * @example
 * ```ts
 * import { defaultGames } from "@rules/server";
 *
 * console.log(Object.keys(defaultGames)); // ["donkey-valley", "steam-park", "age-of-steam-exp", "steam-donkey", "steamrollers"]
 * console.log(defaultGames["age-of-steam-exp"]?.defaultBot); // "thrifty"
 * ```
 */
export const defaultGames: Record<string, ServedGame> = {
  "donkey-valley": { game: dvGame, bots: { hauler: (_g, seed) => haulerBot(seed), heuristic: (_g, seed) => haulerBot(seed) } },
  "steam-park": { game: spGame, bots: { manager: (_g, seed) => managerBot(seed), heuristic: (_g, seed) => managerBot(seed) } },
  // Uniformly random players go bankrupt in turn 1 of Age of Steam: its bots default to thrifty.
  "age-of-steam-exp": {
    game: aosGame,
    bots: {
      thrifty: (_g, seed) => thriftyBot(seed),
      solvent: (_g, seed) => solventBot(seed),
      planner: (_g, seed) => parkPlannerBot(seed),
      heuristic: (_g, seed) => railHeuristic(seed),
    },
    defaultBot: "thrifty",
  },
  "steam-donkey": { game: sdGame, bots: { builder: (_g, seed) => builderBot(seed), heuristic: (_g, seed) => builderBot(seed) } },
  steamrollers: { game: srGame, bots: { planner: (_g, seed) => plannerBot(seed), heuristic: (_g, seed) => plannerBot(seed) } },
};

/** Age of Steam's `heuristic` (as in `rules play`): the solvent bot on the hex maps, the park planner on the solo Amusement Park. */
function railHeuristic(seed: Seed): Bot<AosState, AosAction> {
  const rails = solventBot(seed);
  const park = parkPlannerBot(seed);
  return { name: "heuristic", act: (s, p, legal) => (s.map.rules === "amusement-park" ? park : rails).act(s, p, legal) };
}

/**
 * The factory a bot seat's name stands for, or why none: `random`, a game's own bot, `mcts`
 * (thinking `botMs` per decision) or `mcts:<ms>ms` up to `maxBotMs`. A bot given iterations
 * instead of a time is refused: its time per decision would have no bound.
 */
export function resolveBot(
  served: ServedGame,
  spec: string,
  limits: { botMs: number; maxBotMs: number },
  now: () => number,
): { factory: BotFactory } | { problem: string } {
  if (spec === "random") return { factory: (_g, seed: Seed) => randomBot(seed) };
  if (served.bots && Object.hasOwn(served.bots, spec)) return { factory: served.bots[spec]! };
  const m = /^mcts(?::(\d{1,7})ms)?$/.exec(spec);
  if (m) {
    const ms = m[1] === undefined ? limits.botMs : Number(m[1]);
    if (ms < 1 || ms > limits.maxBotMs) return { problem: `bot "${spec}": the time per decision must be from 1 to ${limits.maxBotMs} ms` };
    return { factory: (game, seed) => mctsBot(game, { timeMs: ms, now, seed }) };
  }
  const names = ["random", ...Object.keys(served.bots ?? {}), "mcts", `mcts:<ms>ms (up to ${limits.maxBotMs})`];
  return { problem: `unknown bot "${spec.slice(0, 64)}" for ${served.game.name}: one of ${names.join(", ")}` };
}
