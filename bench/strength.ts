// `npm run strength`: how much stronger the ISMCTS bot is than random play, per game and player
// count. A report, never a test. For each count, N seeded games (default 1000) with one MCTS seat
// (rotating: game g puts it in seat g mod players) against random bots; prints its win rate with a
// 95% Wilson interval next to a random seat's fair share (1/players), and next to a random bot
// playing the same seat over the same seeds (the yardstick of a solo game, which has no share).
//
//   npm run strength -- [game ...] [--games N] [--iterations K | --time-ms T] [--playout N]
//                       [--players 3,5] [--seed S] [--workers K] [--json FILE] [--only balance|mcts]
//
// Before the MCTS table comes the seat-balance table (bench/seat-balance.ts): random bots in every
// seat, N games per game, player count and map, each seat's win rate against its share; --only
// picks one of the two tables. --time-ms T gives MCTS T milliseconds per decision instead of an
// iteration count: the rows then depend on the machine and its load and do not repeat (iterations
// do), so the table says so.
//
// --playout N cuts each MCTS playout after N actions (the game's heuristic scores the rest; see
// mctsBot's maxPlayoutSteps). --workers K plays the games on K worker threads: every game's seed
// and seat seeds are drawn up front from the master seed in game order, exactly as with one
// process, so the rows do not depend on K (each row's `digest` hashes its per-game results).
// Times per row: wall clock and the process's CPU time (all threads).
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { deriveSeed, mctsBot, nextActor, randomBot, seedRng, type Bot, type Game, type Seed } from "@rules/core";
import { games } from "../packages/cli/src/games.js";
import { BALANCE_HEADER, balanceLine, balanceRow, tablesOf, variantsOf, wilson, type BalanceRow } from "./seat-balance.js";

/** One game of a row, fully seeded before any game is played. */
interface Task {
  index: number;
  gameSeed: Seed;
  mctsSeat: number;
  /** The bot seed of each seat (the MCTS seat's seeds its search; the random yardstick reuses it). */
  seatSeeds: Seed[];
  /** The seed of the stream that picks who acts first in a simultaneous step (chooseActor). */
  scheduleSeed: Seed;
}

/** What one seeded game gave: the MCTS seat's win share and score, and a random bot's in its place. */
interface GameResult {
  index: number;
  win: number;
  score: number;
  steps: number;
  randomWin: number;
  randomScore: number;
}

interface Budget {
  /** Iterations per decision, or `null` for a time budget. */
  iterations: number | null;
  /** Milliseconds per decision (machine-dependent, not reproducible), or `null`. */
  timeMs: number | null;
  playout: number | undefined;
}

interface Job {
  gameId: string;
  players: number;
  budget: Budget;
  tasks: Task[];
}

/** Plays one game: seat `mctsSeat` by `seatBot`, every other seat random. */
function play(game: Game, players: number, t: Task, seatBot: Bot): { win: number; score: number; steps: number } {
  const bots: Bot[] = [];
  for (let p = 0; p < players; p++) bots.push(p === t.mctsSeat ? seatBot : randomBot(t.seatSeeds[p]!));
  const state = game.initialStateInPlace!(t.gameSeed, { players });
  const schedule = seedRng(t.scheduleSeed);
  let steps = 0;
  while (!game.isTerminal(state)) {
    const p = nextActor(game, state, schedule)!;
    game.applyInPlace(state, bots[p]!.act(state, p, game.legalActions(state, p)));
    steps++;
  }
  const o = game.outcome(state)!;
  return { win: o.winners.includes(t.mctsSeat) ? 1 / o.winners.length : 0, score: o.scores[t.mctsSeat]!, steps };
}

function runTasks(job: Job): GameResult[] {
  const game = games[job.gameId]!;
  const { iterations, timeMs, playout } = job.budget;
  return job.tasks.map((t) => {
    const seed = t.seatSeeds[t.mctsSeat]!;
    const budget = timeMs !== null ? { timeMs } : { iterations: iterations ?? 200 };
    const m = play(game, job.players, t, mctsBot(game, { ...budget, seed, ...(playout !== undefined ? { maxPlayoutSteps: playout } : {}) }));
    const r = play(game, job.players, t, randomBot(seed));
    return { index: t.index, win: m.win, score: m.score, steps: m.steps, randomWin: r.win, randomScore: r.score };
  });
}

/** Every game of a row, seeded from the master seed in game order (the same draws as before --workers existed). */
function planRow(seed: number, game: Game, players: number, count: number): Task[] {
  const master = seedRng(`${seed}/${game.id}/${players}`);
  const tasks: Task[] = [];
  for (let g = 0; g < count; g++) {
    const gameSeed = deriveSeed(master);
    const seatSeeds: Seed[] = [];
    for (let p = 0; p < players; p++) seatSeeds.push(deriveSeed(master));
    // Its own name, not a draw of `master`: the game and seat seeds stay those of earlier reports.
    tasks.push({ index: g, gameSeed, mctsSeat: g % players, seatSeeds, scheduleSeed: `${seed}/${game.id}/${players}/schedule/${g}` });
  }
  return tasks;
}

/** A worker runs this same file; it registers tsx's loader first (a worker does not inherit it). */
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;

/** Runs a row's games on `workers` threads (contiguous slices), results in game order. */
async function runRow(job: Job, workers: number): Promise<GameResult[]> {
  const k = Math.min(workers, job.tasks.length);
  if (k <= 1) return runTasks(job);
  const slices = Array.from({ length: k }, (_, w) => job.tasks.slice(Math.floor((job.tasks.length * w) / k), Math.floor((job.tasks.length * (w + 1)) / k)));
  const parts = await Promise.all(
    slices.map(
      (tasks) =>
        new Promise<GameResult[]>((resolve, reject) => {
          const worker = new Worker(WORKER_BOOT, { eval: true, workerData: { ...job, tasks } satisfies Job });
          worker.once("message", resolve);
          worker.once("error", reject);
          worker.once("exit", (code) => (code !== 0 ? reject(new Error(`strength worker exited with ${code}`)) : undefined));
        }),
    ),
  );
  return parts.flat().sort((a, b) => a.index - b.index);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const wanted: string[] = [];
  let count = 1000;
  let iterations = 200;
  let timeMs: number | null = null;
  let only: "balance" | "mcts" | null = null;
  let playout: number | undefined;
  let seed = 1;
  let workers = 1;
  let jsonPath: string | undefined;
  let playerList: number[] | undefined;
  const int = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} takes a positive integer, got ${String(v)}`);
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--games") count = int(a, args[++i]);
    else if (a === "--iterations") iterations = int(a, args[++i]);
    else if (a === "--time-ms") timeMs = int(a, args[++i]);
    else if (a === "--only") {
      const v = args[++i];
      if (v !== "balance" && v !== "mcts") throw new Error(`--only takes balance or mcts, got ${String(v)}`);
      only = v;
    } else if (a === "--playout") playout = int(a, args[++i]);
    else if (a === "--seed") seed = Number(args[++i]);
    else if (a === "--workers") workers = int(a, args[++i]);
    else if (a === "--json") jsonPath = args[++i];
    else if (a === "--players") playerList = String(args[++i]).split(",").map(Number);
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else wanted.push(a);
  }
  for (const id of wanted) if (!games[id]) throw new Error(`unknown game ${id} (known: ${Object.keys(games).join(", ")})`);

  const chosen = Object.values(games).filter((g) => wanted.length === 0 || wanted.includes(g.id));
  const balance: BalanceRow[] = [];
  if (only !== "mcts") {
    console.log(`# Seat balance: random bots in every seat, ${count} games per row (a shared win counts 1/k to each of k winners)\n`);
    for (const line of BALANCE_HEADER) console.log(line);
    for (const game of chosen) {
      for (const v of variantsOf(game)) {
        for (const players of tablesOf(game, v.options).filter((n) => !playerList || playerList.includes(n))) {
          const row = balanceRow(game, v.label, v.options, players, count, seed);
          balance.push(row);
          console.log(balanceLine(row));
          if (jsonPath) writeFileSync(jsonPath, JSON.stringify({ command: `npm run strength -- ${args.join(" ")}`, balance, rows: [] }, null, 2) + "\n");
        }
      }
    }
    const missed = balance.reduce((n, r) => n + r.outside.length, 0);
    const seats = balance.reduce((n, r) => n + r.players, 0);
    console.log(`\n${missed} of ${seats} seat intervals miss their share (about ${(seats * 0.05).toFixed(1)} would by chance alone at 95%).\n`);
  }
  if (only === "balance") return;

  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const cut = playout === undefined ? "playouts to the end" : `playouts cut off after ${playout} actions`;
  const per = timeMs !== null ? `${timeMs} ms per decision: depends on this machine and its load, not reproducible` : `${iterations} iterations per decision`;
  console.log(`# MCTS (${per}, ${cut}) against random bots, ${workers} worker${workers === 1 ? "" : "s"}\n`);
  console.log("| game | players | games | MCTS win rate | 95% interval | fair share | × share | random seat | wall | CPU |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const rows: unknown[] = [];
  for (const game of chosen) {
    const counts = playerList ?? Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
    for (const players of counts) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const results = await runRow({ gameId: game.id, players, budget: { iterations: timeMs === null ? iterations : null, timeMs, playout }, tasks: planRow(seed, game, players, count) }, workers);
      const cpu = process.cpuUsage(c0);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const wallSeconds = (performance.now() - t0) / 1000;
      const wins = results.reduce((n, r) => n + r.win, 0);
      const randomWins = results.reduce((n, r) => n + r.randomWin, 0);
      const [lo, hi] = wilson(wins, count);
      const [rlo, rhi] = wilson(randomWins, count);
      const meanScore = results.reduce((n, r) => n + r.score, 0) / count;
      const randomMeanScore = results.reduce((n, r) => n + r.randomScore, 0) / count;
      const digest = createHash("sha256").update(JSON.stringify(results)).digest("hex").slice(0, 16);
      const solo = players === 1;
      console.log(
        `| ${game.id} | ${players} | ${count} | ${pct(wins / count)} | ${pct(lo)}–${pct(hi)} | ${solo ? "—" : pct(1 / players)} | ${solo ? "—" : ((wins / count) * players).toFixed(2)} | ${pct(randomWins / count)} | ${wallSeconds.toFixed(0)} s | ${cpuSeconds.toFixed(0)} s |`,
      );
      if (solo) console.log(`|  | mean score | | ${meanScore.toFixed(2)} | | | | ${randomMeanScore.toFixed(2)} | | |`);
      rows.push({
        game: game.id,
        players,
        games: count,
        seed,
        iterations: timeMs === null ? iterations : null,
        timeMs,
        playout: playout ?? null,
        workers,
        wins,
        winRate: wins / count,
        interval: [lo, hi],
        share: solo ? null : 1 / players,
        timesShare: solo ? null : (wins / count) * players,
        randomWins,
        randomWinRate: randomWins / count,
        randomInterval: [rlo, rhi],
        meanScore,
        randomMeanScore,
        meanSteps: results.reduce((n, r) => n + r.steps, 0) / count,
        digest,
        wallSeconds,
        cpuSeconds,
      });
      if (jsonPath) writeFileSync(jsonPath, JSON.stringify({ command: `npm run strength -- ${args.join(" ")}`, balance, rows }, null, 2) + "\n");
    }
  }
}

if (!isMainThread) {
  parentPort!.postMessage(runTasks(workerData as Job));
} else {
  await main();
}
