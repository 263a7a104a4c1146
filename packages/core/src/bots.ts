import { parseBotSpec, type BotSpec, type SearchPolicy } from "./bot-spec.js";
import { checkedSeed } from "./checks.js";
import { mctsBot } from "./mcts.js";
import { randomInt, seedRng, type Seed } from "./rng.js";
import type { BaseAction, Game, Outcome, PlayerId } from "./types.js";

export { mctsBot, type MctsOptions } from "./mcts.js";
export { chooseActor, nextActor } from "./schedule.js";
export type { BotSpec, SearchPolicy } from "./bot-spec.js";

/**
 * A player program. `act` is called only when `player` is active, with that seat's legal
 * actions (never empty), and returns one of them. A bot keeps its own seeded RNG: it never draws on
 * the game's, so adding or changing a bot never changes how the game's chance falls.
 *
 * @example
 * ```ts
 * import { simulate, type Bot } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * // Always the first legal action.
 * const first: Bot = { name: "first", act: (_state, _player, legal) => legal[0] };
 * const report = simulate(game, { games: 2, players: 3, bots: [() => first] });
 * console.log(report.bots, report.illegalActions); // ["first", "first", "first"] 0
 * ```
 */
export interface Bot<S = any, A extends BaseAction = any> {
  readonly name: string;
  act(state: S, player: PlayerId, legal: readonly A[]): A;
}

/**
 * Makes a bot for a game from a seed (so simulations can give each bot its own stream).
 *
 * @example
 * ```ts
 * import { randomBot, simulate, type BotFactory } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const seededRandom: BotFactory = (_game, seed) => randomBot(seed);
 * console.log(simulate(game, { games: 2, bots: [seededRandom, "random"] }).games); // 2
 * ```
 */
export type BotFactory = (game: Game, seed: Seed) => Bot;

/**
 * A bot that picks uniformly among the legal actions.
 *
 * @example
 * ```ts
 * import { nextActor, randomBot, seedRng } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const bot = randomBot(1);
 * const s = game.initialState(1);
 * const seat = nextActor(game, s, seedRng(2))!;
 * console.log(bot.act(s, seat, game.legalActions(s, seat))); // one of that seat's legal actions
 * ```
 */
export function randomBot(seed: Seed = 0): Bot {
  const rng = seedRng(checkedSeed("randomBot", "the seed", seed));
  return {
    name: "random",
    act(_state, _player, legal) {
      return legal[randomInt(rng, 0, legal.length - 1)]!;
    },
  };
}

/**
 * Reward of each seat in [0, 1]: 1 for rank 1, 0 for last, linear in between.
 *
 * @example
 * ```ts
 * import { outcomeFromScores, rankRewards } from "@rules/core";
 *
 * console.log(rankRewards(outcomeFromScores([1, 5, 3]))); // [0, 1, 0.5]
 * ```
 */
export function rankRewards(o: Outcome): number[] {
  const n = o.ranks.length;
  // Solo: 1 for a win, 0 for a loss to the game's own opponent (rank 2).
  return o.ranks.map((r) => (n <= 1 ? (r === 1 ? 1 : 0) : (n - r) / (n - 1)));
}

/**
 * Bot factories by name, as the CLI and {@link simulate} accept them.
 *
 * @example
 * ```ts
 * import { botFactories } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * console.log(Object.keys(botFactories)); // ["random", "mcts"]
 * console.log(botFactories.random?.(game, 1).name); // "random"
 * ```
 */
export const botFactories: Record<string, BotFactory> = {
  random: (_game, seed) => randomBot(seed),
  mcts: (game, seed) => mctsBot(game, { seed }),
};

/**
 * The bot factory a name stands for: a name of {@link botFactories}, `mcts:<iterations>`
 * (`mcts:2000`), or with a clock `mcts:<ms>ms` (`mcts:500ms`, time per decision; not reproducible,
 * so `simulate` and `playRecords` take none); either may end in `/<cut-off>` (`mcts:20/4`: random
 * playouts stop after 4 actions and the game's `heuristic` scores them, see `MctsOptions`).
 * Undefined for anything else.
 *
 * @example
 * ```ts
 * import { botFactory } from "@rules/core";
 *
 * console.log(botFactory("mcts:50") !== undefined, botFactory("nobody")); // true undefined
 * console.log(botFactory("mcts:20/4") !== undefined, botFactory("mcts:20/0")); // true undefined
 * ```
 */
export function botFactory(spec: string, now?: () => number): BotFactory | undefined {
  return parseBotSpec(spec, botFactories, now).factory;
}

/**
 * What a bot name stands for, as {@link botFactory} reads it, with the reason when it stands for
 * none (`mcts:0`: no iterations; `mcts:500ms` without a clock: not reproducible). `factories`
 * adds a game's own bots to {@link botFactories}; `policies` what a game offers a search guided
 * by one of them (`mcts+planner:1s`, see {@link SearchPolicy}). `simulate`, `playRecords` and
 * the CLI give these reasons in their refusals.
 *
 * @example
 * ```ts
 * import { describeBot } from "@rules/core";
 *
 * console.log(describeBot("mcts:20/4").factory !== undefined); // true
 * console.log(describeBot("mcts:0").problem); // 'bot "mcts:0": the iterations per decision must be from 1 to 10,000,000'
 * console.log(describeBot("mcts:500ms").problem); // 'bot "mcts:500ms" is a time budget, which needs a clock: ...'
 * ```
 */
export function describeBot(spec: string, options: { now?: () => number; factories?: Record<string, BotFactory>; policies?: Record<string, SearchPolicy> } = {}): BotSpec {
  const factories = options.factories ? { ...botFactories, ...options.factories } : botFactories;
  return parseBotSpec(spec, factories, options.now, options.policies);
}
