// The games the `rules` command knows, by id. Add a game with one line (and a dependency in
// packages/cli/package.json).
import type { BotFactory, Game } from "@rules/core";
import { game as aosGame, thriftyBot } from "@rules/age-of-steam-exp";
import { game as dvGame } from "@rules/donkey-valley";
import { game as spGame } from "@rules/steam-park";
import { game as sdGame } from "@rules/steam-donkey";
import { game as srGame } from "@rules/steamrollers";

/** Every game of the `rules` command, by `game.id`. */
export const games: Record<string, Game> = {
  "donkey-valley": dvGame,
  "steam-park": spGame,
  "age-of-steam-exp": aosGame,
  "steam-donkey": sdGame,
  steamrollers: srGame,
};

/**
 * Bots a game package ships, by game id: extra names for `rules play --bots`, and the bot `play`
 * uses when no `--bots` is given (random otherwise). Age of Steam's uniform random players go
 * bankrupt in turn 1, so its games are shown with the package's thrifty bot.
 */
export const gameBots: Record<string, { default: string; factories: Record<string, BotFactory> }> = {
  "age-of-steam-exp": { default: "thrifty", factories: { thrifty: (_game, seed) => thriftyBot(seed) } },
};
