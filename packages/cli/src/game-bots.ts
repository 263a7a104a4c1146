// Bots the game packages ship, for the CLI's --bots. Apart from games.ts so that the library
// entry, which takes its games as a parameter, imports no game's `game` bundle.
import type { BotFactory } from "@rules/core";
import { plannerBot as parkPlannerBot, thriftyBot } from "@rules/age-of-steam-exp";
import { plannerBot } from "@rules/steamrollers";

/**
 * Bots a game package ships, by game id: extra names for `rules play --bots`, and the bot `play`
 * uses when no `--bots` is given (random otherwise). Age of Steam's uniform random players go
 * bankrupt in turn 1, so its games are shown with the package's thrifty bot, and its `planner`
 * plans each turn of the solo Amusement Park (thrifty on the other maps); SteamRollers offers its
 * greedy turn planner (`planner`).
 */
export const gameBots: Record<string, { default: string; factories: Record<string, BotFactory> }> = {
  "age-of-steam-exp": { default: "thrifty", factories: { thrifty: (_game, seed) => thriftyBot(seed), planner: (_game, seed) => parkPlannerBot(seed) } },
  steamrollers: { default: "random", factories: { planner: (_game, seed) => plannerBot(seed) } },
};
