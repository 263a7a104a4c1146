// Bots the game packages ship, for the CLI's --bots. Apart from games.ts so that the library
// entry, which takes its games as a parameter, imports no game's `game` bundle.
import type { BotFactory, SearchPolicy } from "@rules/core";
import { plannerBot as parkPlannerBot, thriftyBot } from "@rules/age-of-steam-exp";
import { plannerBot, turnPlanner } from "@rules/steamrollers";

/**
 * Bots a game package ships, by game id: extra names for `rules play --bots`, the bot `play`
 * uses when no `--bots` is given (random otherwise), and what a search guided by one of them
 * (`mcts+<bot>:<budget>`) takes besides the bot as its playout policy. Age of Steam's uniform
 * random players go bankrupt in turn 1, so its games are shown with the package's thrifty bot, and
 * its `planner` plans each turn of the solo Amusement Park (thrifty on the other maps);
 * SteamRollers offers its greedy turn planner (`planner`), and `mcts+planner` searches over the
 * planner's whole turns.
 */
export const gameBots: Record<string, { default: string; factories: Record<string, BotFactory>; policies?: Record<string, SearchPolicy> }> = {
  "age-of-steam-exp": { default: "thrifty", factories: { thrifty: (_game, seed) => thriftyBot(seed), planner: (_game, seed) => parkPlannerBot(seed) } },
  steamrollers: {
    default: "random",
    factories: { planner: (_game, seed) => plannerBot(seed) },
    // The tree's children are the planner's six best turns; a playout is scored by the heuristic
    // as soon as the tree has played its turns (docs/games/steamrollers.md, "Solo balance").
    policies: { planner: { playout: (_game, seed) => plannerBot(seed), plans: (_game, seed) => turnPlanner(seed), maxPlayoutSteps: 0 } },
  },
};
