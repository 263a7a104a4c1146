// Bots the game packages ship, for the CLI's --bots. Apart from games.ts so that the library
// entry, which takes its games as a parameter, imports no game's `game` bundle.
import { softRankRewards, type Bot, type BotFactory, type SearchPolicy } from "@rules/core";
import { heuristic as railEstimate, plannerBot as parkPlannerBot, promisedScore, solventBot, staysSolvent, thriftyBot, type Action, type State } from "@rules/age-of-steam-exp";
import { haulerBot } from "@rules/donkey-valley";
import { builderBot } from "@rules/steam-donkey";
import { managerBot } from "@rules/steam-park";
import { plannerBot, turnPlanner } from "@rules/steamrollers";

/**
 * Age of Steam's heuristic: the solvent bot on the hex maps, the park planner on the solo Amusement
 * Park (`greedy`: the park planner's greedy turns without its search and the solvent bot without
 * its look-ahead, the playouts of a guided search: the search costs up to half a second a turn, the
 * look-ahead tens of milliseconds a decision).
 */
function railHeuristic(seed: number | string, greedy = false): Bot<State, Action> {
  const rails = solventBot(seed, { lookAhead: !greedy });
  const park = parkPlannerBot(seed, greedy ? { search: false } : {});
  return { name: "heuristic", act: (s, p, legal) => (s.map.rules === "amusement-park" ? park : rails).act(s, p, legal) };
}

/**
 * What a guided search's cut-off playout scores on Age of Steam's hex maps: the game's heuristic
 * (`promisedScore`, softened), less {@link INSOLVENT_PENALTY} points for a seat whose cash and
 * income will not pay its expenses to the end of the game as the solvent bot reckons them
 * (`staysSolvent`). The game's own heuristic only sees the next Expenses phase, so a 20-action
 * playout could not tell a move that bankrupts the seat three turns later (the search went bankrupt
 * in 5 of 20 Rust Belt games at 50 iterations a decision, the solvent bot in none; with this
 * estimate, 3 of 20: not enough without {@link solventRules}).
 */
function solventEstimate(s: State): number[] {
  if (s.map.rules === "amusement-park") return railEstimate(s);
  const points = promisedScore(s).map((v, p) => (s.eliminated[p] || staysSolvent(s, p, 0, 0, 0) ? v : v - INSOLVENT_PENALTY));
  return softRankRewards(points, 5);
}

/**
 * The Amusement Park's decisions a guided search leaves to the park planner, whose search plans the
 * whole game's money: issuing shares and bidding. At 20 iterations a decision the search cleared 5
 * of 6 parks without this (one lost to bankruptcy) and 6 of 6 with it, as the planner did. On the
 * hex maps leaving them to the solvent bot did not help (docs/performance.md).
 */
function parkFinance(s: State): boolean {
  return s.map.rules === "amusement-park" && (s.phase === "shares" || s.phase === "auction");
}

/**
 * The moves a guided search may choose on Age of Steam's hex maps (`MctsOptions.allowed`): it
 * never spends more than the solvent bot would, and plays the solvent bot's track and deliveries.
 * It may issue a share only when the solvent bot would (Issue Shares I), and leave one unissued only
 * when this turn's expenses are covered without it; bid at most the solvent bot's bid (Auction II);
 * take the Locomotive action only when the solvent bot does (III); and it builds (IV) and moves
 * goods (V, the locomotive raise included) as the solvent bot does. So it searches the special
 * action and whether to issue fewer shares or bid less. At 50 iterations a decision a 20-action
 * playout cannot see what money costs turns later: ruled only by its estimate, the search issued
 * shares up to the most a seat may hold, bid for turn order and went bankrupt in 4 of 20 Rust Belt
 * games; with shares and bids ruled, still 4 of 20 (it spent its first $10 on track that carried
 * nothing, or built none); with its own track choices, it stranded links (docs/performance.md).
 * The solvent bot's money decisions, track and deliveries draw nothing from its generator, so a
 * fresh one answers for every seat and state; it is the one without its look-ahead, as in the
 * playouts.
 */
function solventRules(s: State, p: number, legal: readonly Action[]): readonly Action[] {
  if (s.map.rules === "amusement-park" || s.phase === "production" || s.phase === "over") return legal;
  const own = solventBot(0, { lookAhead: false }).act(s, p, legal);
  switch (s.phase) {
    case "shares": {
      const covered = s.cash[p]! >= s.shares[p]! + s.loco[p]! - s.income[p]!;
      return legal.filter((a) => (a.type === "issueShare" ? own.type === "issueShare" : own.type !== "issueShare" || covered));
    }
    case "auction": {
      const most = own.type === "bid" ? own.amount : 0;
      return legal.filter((a) => a.type !== "bid" || a.amount <= most);
    }
    case "build":
      return [own];
    case "select":
      return legal.filter((a) => a.type !== "select" || a.action !== "locomotive" || (own.type === "select" && own.action === "locomotive"));
    default:
      return [own];
  }
}

/** Points a seat heading for bankruptcy loses in {@link solventEstimate} (a guess, not tuned). */
const INSOLVENT_PENALTY = 20;

/**
 * Progressive widening of a search guided by a game's heuristic bot (`MctsOptions.widening`): every
 * node of the tree starts from the bot's move, for the searching seat and its rivals alike, and
 * considers `1 + GUIDED_WIDENING × √visits` moves, so a search never starts from a random move the
 * bot would not play.
 */
const GUIDED_WIDENING = 1;

// The root's first move is the full hauler's (twelve worlds); playouts use a hauler that imagines
// one world per choice, cut off after DONKEY_CUT_OFF actions (about two rounds at 3 seats) and
// scored by the points won so far: at 500 iterations a decision it won as much as playouts to the
// end (7 of 30 games against haulers) at 28% of the CPU time. The other seats play that hauler in
// the tree too (`opponents: "policy"`): against haulers it won 48.5% of 100 games at 2,000
// iterations, where searching their moves won 35.5%.
const DONKEY_CUT_OFF = 15;
const donkeyPlayouts: SearchPolicy = {
  playout: (_game, seed) => haulerBot(seed, { samples: 1 }),
  prior: (_game, seed) => haulerBot(seed),
  widening: GUIDED_WIDENING,
  maxPlayoutSteps: DONKEY_CUT_OFF,
  opponents: "policy",
};

/**
 * Playouts by a one-step lookahead bot cost a move's worth of lookahead per action, so they stop
 * after {@link GUIDED_CUT_OFF} actions and the game's heuristic scores the rest.
 */
function cutOff(playout: BotFactory): SearchPolicy {
  return { playout, maxPlayoutSteps: GUIDED_CUT_OFF, widening: GUIDED_WIDENING };
}

/** The cut-off of a playout guided by a lookahead bot (a guess, not tuned). */
const GUIDED_CUT_OFF = 20;

const steamrollersPlanner: SearchPolicy = { playout: (_game, seed) => plannerBot(seed), plans: (_game, seed) => turnPlanner(seed), maxPlayoutSteps: 0 };

/**
 * Bots a game package ships, by game id: extra names for `rules play --bots`, the bot `play`
 * uses when no `--bots` is given (random otherwise), and what a search guided by one of them
 * (`mcts+<bot>:<budget>`) takes besides the bot as its playout policy. Every game names its
 * heuristic bot `heuristic` too, so `--bots heuristic` and `mcts+heuristic:1s` mean the same kind
 * of player in every game: Donkey Valley's `hauler`, Steam Donkey's `builder`, Steam Park's
 * `manager`, SteamRollers' `planner`, Age of Steam's `solvent` (its park `planner` on the Amusement
 * Park). Age of Steam's uniform random
 * players go bankrupt in turn 1, so its games are shown with the package's thrifty bot, and its
 * `planner` plans each turn of the solo Amusement Park (thrifty on the other maps); SteamRollers
 * offers its greedy turn planner (`planner`), and `mcts+planner` searches over the planner's whole
 * turns.
 */
export const gameBots: Record<string, { default: string; factories: Record<string, BotFactory>; policies?: Record<string, SearchPolicy> }> = {
  "age-of-steam-exp": {
    default: "thrifty",
    factories: {
      thrifty: (_game, seed) => thriftyBot(seed),
      solvent: (_game, seed) => solventBot(seed),
      planner: (_game, seed) => parkPlannerBot(seed),
      heuristic: (_game, seed) => railHeuristic(seed),
    },
    policies: {
      solvent: cutOff((_game, seed) => solventBot(seed, { lookAhead: false })),
      // The root starts from the full heuristic's move (the park planner's search, once a decision);
      // the other seats play the solvent bot in the tree (on the Orient Express at 4 seats, 50
      // iterations: 56.3% of 48 games against solvent bots, 32.3% searching their moves).
      heuristic: { ...cutOff((_game, seed) => railHeuristic(seed, true)), prior: (_game, seed) => railHeuristic(seed), evaluate: solventEstimate, delegate: parkFinance, allowed: solventRules, opponents: "policy" },
    },
  },
  "donkey-valley": {
    default: "random",
    factories: { hauler: (_game, seed) => haulerBot(seed), heuristic: (_game, seed) => haulerBot(seed) },
    // Playouts by a hauler that imagines one world per choice instead of twelve (a playout is long).
    policies: { hauler: donkeyPlayouts, heuristic: donkeyPlayouts },
  },
  "steam-donkey": {
    default: "random",
    factories: { builder: (_game, seed) => builderBot(seed), heuristic: (_game, seed) => builderBot(seed) },
    policies: { builder: cutOff((_game, seed) => builderBot(seed)), heuristic: cutOff((_game, seed) => builderBot(seed)) },
  },
  "steam-park": {
    default: "random",
    factories: { manager: (_game, seed) => managerBot(seed), heuristic: (_game, seed) => managerBot(seed) },
    policies: { manager: cutOff((_game, seed) => managerBot(seed)), heuristic: cutOff((_game, seed) => managerBot(seed)) },
  },
  steamrollers: {
    default: "random",
    factories: { planner: (_game, seed) => plannerBot(seed), heuristic: (_game, seed) => plannerBot(seed) },
    // The tree's children are the planner's six best turns; a playout is scored by the heuristic
    // as soon as the tree has played its turns (docs/games/steamrollers.md, "Solo balance").
    // `mcts+heuristic` widens progressively from the planner's best turn; `mcts+planner` is the search
    // the SteamRollers guide measured (every plan tried before any is revisited).
    policies: { planner: steamrollersPlanner, heuristic: { ...steamrollersPlanner, widening: GUIDED_WIDENING } },
  },
};
