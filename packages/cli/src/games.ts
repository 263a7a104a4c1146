// The games the `rules` command knows, by id. Add a game with one line (and a dependency in
// packages/cli/package.json).
import type { Game } from "@rules/core";
import { game as aosGame } from "@rules/age-of-steam-exp";
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
