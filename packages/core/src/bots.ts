import { botFactoryFor, mctsBot } from "./mcts.js";
import { randomInt, seedRng, type Seed } from "./rng.js";
import type { BaseAction, Game, Outcome, PlayerId } from "./types.js";

export { mctsBot, type MctsOptions } from "./mcts.js";

/**
 * A player program. `act` is called only when `player` is active, with that seat's legal
 * actions (never empty), and returns one of them. A bot keeps its own seeded RNG: it never draws on
 * the game's, so adding or changing a bot never changes how the game's chance falls.
 */
export interface Bot<S = any, A extends BaseAction = any> {
  readonly name: string;
  act(state: S, player: PlayerId, legal: readonly A[]): A;
}

/** Makes a bot for a game from a seed (so simulations can give each bot its own stream). */
export type BotFactory = (game: Game, seed: Seed) => Bot;

/** A bot that picks uniformly among the legal actions. */
export function randomBot(seed: Seed = 0): Bot {
  const rng = seedRng(seed);
  return {
    name: "random",
    act(_state, _player, legal) {
      return legal[randomInt(rng, 0, legal.length - 1)]!;
    },
  };
}

/** Reward of each seat in [0, 1]: 1 for rank 1, 0 for last, linear in between. */
export function rankRewards(o: Outcome): number[] {
  const n = o.ranks.length;
  return o.ranks.map((r) => (n <= 1 ? 1 : (n - r) / (n - 1)));
}

/** The seat that moves next in a playout or a simulation: the lowest active seat. */
export function nextActor(game: Game, state: unknown): PlayerId | undefined {
  return game.activePlayers(state)[0];
}

/** Bot factories by name, as the CLI and {@link simulate} accept them. */
export const botFactories: Record<string, BotFactory> = {
  random: (_game, seed) => randomBot(seed),
  mcts: (game, seed) => mctsBot(game, { seed }),
};

/**
 * The bot factory a name stands for: a name of {@link botFactories}, `mcts:<iterations>`
 * (`mcts:2000`), or with a clock `mcts:<ms>ms` (`mcts:500ms`, time per decision; not reproducible,
 * so `simulate` and `playRecords` take none). Undefined for anything else.
 */
export function botFactory(spec: string, now?: () => number): BotFactory | undefined {
  return botFactoryFor(spec, botFactories, now);
}
