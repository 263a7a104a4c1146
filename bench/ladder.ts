// `npm run strength -- --ladder GAME`: a rated round robin among the project's reference agents.
// A report, never a test. Game g seats the g-th group of `--players` entrants (every group in turn,
// so each entrant meets each other equally often), its seats rotated by g; each game's ranks update
// the entrants' OpenSkill ratings (Plackett–Luce, the openskill package's default), and the table
// gives each entrant's mean skill μ, its uncertainty σ, a 95% interval μ ± 1.96σ and the
// conservative rating μ − 3σ it is sorted by. MCTS budgets are CPU time of this process
// (process.cpuUsage): a decision buys what that much of an idle core buys, whatever else the
// machine runs, so the ratings do not repeat exactly (games and seats do).
//
//   npm run strength -- --ladder GAME [--players N] [--games N] [--seed S] [--map ID]
//                       [--entrants random,heuristic,mcts:100ms,mcts:1s,mcts+heuristic:1s]
import { deriveSeed, describeBot, nextActor, seedRng, type Bot, type Game } from "@rules/core";
import { ordinal, rate, rating, type Rating } from "openskill";
import { gameBots } from "../packages/cli/src/game-bots.js";
import { games } from "../packages/cli/src/games.js";
import { wilson } from "./seat-balance.js";

/** The reference agents: random, the game's heuristic bot, MCTS at 100 ms and 1 s of CPU, and MCTS guided by the heuristic at 1 s. */
export const DEFAULT_ENTRANTS = ["random", "heuristic", "mcts:100ms", "mcts:1s", "mcts+heuristic:1s"];

export interface LadderOptions {
  game: string;
  players?: number;
  games: number;
  seed: number;
  map?: string;
  entrants: string[];
}

/** This process's CPU time (user + system) in milliseconds: the clock of the MCTS budgets. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Every group of `k` of `n` entrants, in lexicographic order. */
function groups(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (from: number, chosen: number[]): void => {
    if (chosen.length === k) return void out.push([...chosen]);
    for (let i = from; i < n; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

/** Plays the ladder and prints its table (markdown), with the command, budgets and CPU time. */
export function runLadder(o: LadderOptions): void {
  const game: Game | undefined = games[o.game];
  if (!game) throw new Error(`unknown game ${o.game} (known: ${Object.keys(games).join(", ")})`);
  const options: Record<string, unknown> = o.map ? { map: o.map } : {};
  const players = o.players ?? Math.max(3, game.minPlayers);
  if (players < 2 || players > o.entrants.length) throw new Error(`--players must be from 2 to the number of entrants (${o.entrants.length})`);
  game.initialState(1, { ...options, players });
  const bots = gameBots[game.id];
  const factoryOf = (name: string) => {
    const spec = describeBot(name, { now: cpuMs, ...(bots ? { factories: bots.factories, ...(bots.policies ? { policies: bots.policies } : {}) } : {}) });
    if (!spec.factory) throw new Error(spec.problem);
    return spec.factory;
  };
  const factories = o.entrants.map(factoryOf);
  const ratings: Rating[] = o.entrants.map(() => rating());
  const played = o.entrants.map(() => 0);
  const won = o.entrants.map(() => 0);
  const cpu = o.entrants.map(() => 0);
  const decisions = o.entrants.map(() => 0);
  const all = groups(o.entrants.length, players);
  const master = seedRng(`${o.seed}/ladder/${game.id}/${o.map ?? ""}/${players}`);
  const c0 = cpuMs();
  for (let g = 0; g < o.games; g++) {
    const group = all[g % all.length]!;
    // Seat s plays entrant seated[s]: the group rotated by the game number.
    const seated = group.map((_, s) => group[(s + g) % group.length]!);
    const gameSeed = deriveSeed(master);
    const seatBots: Bot[] = seated.map((e) => factories[e]!(game, deriveSeed(master)));
    const schedule = seedRng(deriveSeed(master));
    const state = game.initialStateInPlace!(gameSeed, { ...options, players });
    while (!game.isTerminal(state)) {
      const p = nextActor(game, state, schedule)!;
      const legal = game.legalActions(state, p);
      const t = cpuMs();
      const a = seatBots[p]!.act(state, p, legal);
      cpu[seated[p]!]! += cpuMs() - t;
      if (legal.length > 1) decisions[seated[p]!]!++;
      game.applyInPlace(state, a);
    }
    const out = game.outcome(state)!;
    const next = rate(seated.map((e) => [ratings[e]!]), { rank: out.ranks });
    seated.forEach((e, s) => {
      ratings[e] = next[s]![0]!;
      played[e]!++;
      if (out.winners.includes(s)) won[e]! += 1 / out.winners.length;
    });
  }
  const total = (cpuMs() - c0) / 1000;
  const label = o.map ? `${game.id} (${o.map})` : game.id;
  console.log(`# Ladder: ${label}, ${players} seats, ${o.games} games (seed ${o.seed}); MCTS budgets in CPU time per decision; ${total.toFixed(0)} s of CPU in all\n`);
  console.log("| entrant | games | μ − 3σ | μ | σ | μ 95% interval | win share | its 95% interval | ms CPU per decision |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const order = o.entrants.map((_, i) => i).sort((a, b) => ordinal(ratings[b]!) - ordinal(ratings[a]!));
  for (const i of order) {
    const r = ratings[i]!;
    const [lo, hi] = wilson(won[i]!, Math.max(1, played[i]!));
    const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
    console.log(
      `| ${o.entrants[i]} | ${played[i]} | ${ordinal(r).toFixed(1)} | ${r.mu.toFixed(1)} | ${r.sigma.toFixed(1)} | ${(r.mu - 1.96 * r.sigma).toFixed(1)}–${(r.mu + 1.96 * r.sigma).toFixed(1)} | ${pct(won[i]! / Math.max(1, played[i]!))} | ${pct(lo)}–${pct(hi)} | ${decisions[i] ? (cpu[i]! / decisions[i]!).toFixed(1) : "—"} |`,
    );
  }
  console.log(`\nA seat's fair share of wins is ${((1 / players) * 100).toFixed(1)}%. Ratings start at μ 25, σ 8.3 (openskill's defaults).`);
}
