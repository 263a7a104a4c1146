// `npx tsx bench/steamrollers-solo.ts [games] [difficulty] [firstSeed]`: can a sensible player beat
// Olive (SteamRollers solo)? Plays `games` seeded solo games (default 20, difficulty "clerk", seeds
// from 1) with a greedy planner and prints its win rate and both score distributions. A report,
// never a test; the figures are in docs/games/steamrollers.md, "Solo balance".
//
// The player is the package's `plannerBot` (packages/steamrollers/src/bot.ts says how it plans),
// seeded by the game's seed.
//
// Knobs (environment): BEAM (default 6), CHAIN_DISCOUNT (default 0.3; 0.75 values unfinished track
// so highly that connections are never finished, and wins drop to about 0%), VERBOSE=1 (one line a game).
import { cloneJson } from "@rules/core";
import { game, oliveBreakdown, breakdown, plannerBot } from "@rules/steamrollers";

const options = {
  ...(process.env.BEAM ? { beam: Number(process.env.BEAM) } : {}),
  ...(process.env.CHAIN_DISCOUNT ? { chainDiscount: Number(process.env.CHAIN_DISCOUNT) } : {}),
};

interface Result {
  me: number;
  olive: number;
  won: boolean;
  atOnce: boolean;
  parts: Record<string, number>;
  oliveParts: Record<string, number>;
  turns: number;
  /** Actions played, by type. */
  played: Record<string, number>;
}

function playGame(seed: number, difficulty: string): Result {
  const s = cloneJson(game.initialState(seed, { players: 1, difficulty: difficulty as never }));
  const bot = plannerBot(seed, options);
  const played: Record<string, number> = {};
  while (!s.over) {
    const a = bot.act(s, 0, game.legalActions(s, 0));
    played[a.type] = (played[a.type] ?? 0) + 1;
    game.applyInPlace(s, a);
  }
  const o = game.outcome(s)!;
  const parts = breakdown(s, 0);
  const oliveParts = oliveBreakdown(s);
  return { me: parts.total!, olive: oliveParts.total!, won: o.winners.length === 1, atOnce: s.olive!.won, parts, oliveParts, turns: s.round, played };
}

function main(): void {
  const games = Number(process.argv[2] ?? 20);
  const difficulty = process.argv[3] ?? "clerk";
  const firstSeed = Number(process.argv[4] ?? 1);
  const t0 = process.cpuUsage();
  const rows: Result[] = [];
  for (let seed = firstSeed; seed < firstSeed + games; seed++) {
    const r = playGame(seed, difficulty);
    rows.push(r);
    if (process.env.VERBOSE) console.log(seed, r.won ? "WIN " : "loss", r.me, r.olive, JSON.stringify(r.parts), JSON.stringify(r.oliveParts), r.turns);
  }
  const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
  const mean = (f: (r: Result) => number): string => (rows.reduce((a, r) => a + f(r), 0) / rows.length).toFixed(2);
  const wins = rows.filter((r) => r.won).length;
  const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
  const me = rows.map((r) => r.me);
  const ol = rows.map((r) => r.olive);
  console.log(`${games} games at ${difficulty}, seeds ${firstSeed}..${firstSeed + games - 1}: won ${wins} (${((100 * wins) / games).toFixed(1)}%)`);
  console.log(`player: mean ${mean((r) => r.me)}, min/median/max ${q(me, 0)}/${q(me, 0.5)}/${q(me, 1)}; deliveries ${mean((r) => r.parts.deliveries!)}, network ${mean((r) => r.parts.network!)}, engine ${mean((r) => r.parts.engine!)}, tiles ${mean((r) => r.parts.tiles!)}`);
  console.log(`Olive:  mean ${mean((r) => r.olive)}, min/median/max ${q(ol, 0)}/${q(ol, 0.5)}/${q(ol, 1)}; deliveries ${mean((r) => r.oliveParts.deliveries!)}, network ${mean((r) => r.oliveParts.network!)}, tiles ${mean((r) => r.oliveParts.tiles!)}; Olive won at once in ${rows.filter((r) => r.atOnce).length}`);
  const margin = rows.map((r) => r.me - r.olive);
  console.log(`margin (player - Olive): mean ${mean((r) => r.me - r.olive)}, 10th/50th/90th percentile ${q(margin, 0.1)}/${q(margin, 0.5)}/${q(margin, 0.9)}`);
  const kinds = ["build", "improveEngine", "deliver", "takeTile", "rerollOlive", "blockOlive", "pass"];
  console.log(`actions a game: ${kinds.map((t) => `${t} ${mean((r) => r.played[t] ?? 0)}`).join(", ")}`);
  console.log(`turns: mean ${mean((r) => r.turns)}; CPU ${cpu.toFixed(1)} s`);
}

if (process.argv[1]?.endsWith("steamrollers-solo.ts")) main();
