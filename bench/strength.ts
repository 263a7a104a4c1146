// `npm run strength`: how much stronger the ISMCTS bot is than random play, per game and player
// count. A report, never a test. For each count, N seeded games (default 1000) with one MCTS seat
// (rotating: game g puts it in seat g mod players) against random bots; prints its win rate with a
// 95% Wilson interval next to a random seat's fair share (1/players), and next to a random bot
// playing the same seat over the same seeds (the yardstick of a solo game, which has no share).
//
//   npm run strength -- [game ...] [--games N] [--iterations K | --time-ms T | --cpu-ms T] [--playout N]
//                       [--players 3,5] [--maps a,b] [--options JSON] [--opponents random|best|heuristic] [--seed S]
//                       [--workers K] [--json FILE] [--html FILE] [--only balance|mcts] [--guide BOT | --bot BOT]
//
// Before the MCTS table comes the seat-balance table (bench/seat-balance.ts): random bots in every
// seat, N games per game, player count and map, each seat's win rate against its share; --only
// picks one of the two tables. --time-ms T gives MCTS T milliseconds per decision instead of an
// iteration count: the rows then depend on the machine and its load and do not repeat (iterations
// do), so the table says so. --cpu-ms T gives each decision T milliseconds of CPU time instead
// (the process's user + system time, read with process.cpuUsage): a decision then buys what T ms
// of an otherwise idle core buys, whatever else the machine runs, so rows measured on a loaded
// machine mean what they would on a quiet one (they still do not repeat exactly). Node 20 has no
// per-thread CPU clock, so under --cpu-ms the workers are child processes, not threads. The
// process's time includes V8's garbage-collector threads: a decision gets slightly less search
// than T ms of pure search.
//
// --playout N cuts each MCTS playout after N actions (the game's heuristic scores the rest; see
// mctsBot's maxPlayoutSteps). --workers K plays the games on K worker threads: every game's seed
// and seat seeds are drawn up front from the master seed in game order, exactly as with one
// process, so the rows do not depend on K (each row's `digest` hashes its per-game results).
// --opponents best puts each game's strongest bot without tree search in the other seats (Age of
// Steam's thriftyBot, its park planner solo; SteamRollers' plannerBot; random where a game ships
// none) and in the MCTS seat's place for the yardstick; --opponents heuristic puts each game's
// `heuristic` bot there (the bot `mcts+heuristic` is guided by: Age of Steam's solvent bot, not
// thrifty). Each row counts the seats that went bankrupt (Age of Steam), measured and yardstick. --maps picks Age of Steam's maps (default: every map);
// --options adds game options to every MCTS row (e.g. '{"difficulty":"hard"}' on the Amusement Park).
// --guide BOT seats the search the CLI calls mcts+BOT instead of plain MCTS: the game's bot BOT
// plays the playouts, with the plans and cut-off the game gives that guide (SteamRollers' planner
// searches over whole turns); --playout N still sets the cut-off. --bot BOT seats the game's bot
// BOT (a --bots name such as heuristic) in the measured seat instead of any search: the table of a
// heuristic bot against random players. --ladder GAME plays a rated round robin among the reference
// agents instead (bench/ladder.ts: --players, --games (default 10), --maps (the first), --seed,
// --entrants).
// Times per row: wall clock and the process's CPU time (all threads). Each row also gives the
// MCTS seat's decisions per game (those with more than one legal action) and, under --time-ms,
// the mean iterations a decision reached (what the time bought on this machine at its load).
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { deriveSeed, describeBot, mctsBot, nextActor, randomBot, seedRng, type Bot, type Game, type Seed } from "@rules/core";
import { gameBots } from "../packages/cli/src/game-bots.js";
import { games } from "../packages/cli/src/games.js";
import { DEFAULT_ENTRANTS, runLadder } from "./ladder.js";
import { strengthHtml, type StrengthRow } from "./strength-html.js";
import { BALANCE_HEADER, balanceLine, balanceRow, tablesOf, variantsOf, wilson, type BalanceRow } from "./seat-balance.js";

const USAGE =
  "usage: npm run strength -- [game ...] [--games N] [--iterations K | --time-ms T | --cpu-ms T] [--playout N]\n" +
  "       [--players 3,5] [--maps a,b] [--options JSON] [--opponents random|best|heuristic] [--seed S]\n" +
  "       [--workers K] [--json FILE] [--html FILE] [--only balance|mcts] [--guide BOT | --bot BOT]\n" +
  "   or: npm run strength -- --ladder GAME [--players N] [--games N] [--maps ID] [--seed S] [--entrants a,b,...]\n" +
  "The options are explained at the top of bench/strength.ts and in docs/performance.md.";

/**
 * Each game's strongest bot without tree search (`--opponents best`), by game id and seat count;
 * random where a game ships none. Age of Steam's park planner plays the solo Amusement Park.
 */
const STRONGEST: Record<string, (players: number) => string> = {
  "age-of-steam-exp": (players) => (players === 1 ? "planner" : "thrifty"),
  "donkey-valley": () => "hauler",
  "steam-donkey": () => "builder",
  "steam-park": () => "manager",
  steamrollers: () => "planner",
};

/** The bot `name` for `game` (a game's own bots by the CLI's names, else core's random). */
function opponentBot(game: Game, name: string, seed: Seed): Bot {
  if (name === "random") return randomBot(seed);
  const factory = gameBots[game.id]?.factories[name];
  if (!factory) throw new Error(`${game.id} has no bot named ${name}`);
  return factory(game, seed);
}

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
  /** The MCTS seat's decisions with more than one legal action. */
  decisions: number;
  /** Iterations over those decisions (under a time budget; the iteration count otherwise). */
  iterations: number;
  randomWin: number;
  randomScore: number;
  /** 1 when the measured seat went bankrupt (Age of Steam), and the same for the yardstick bot in its place. */
  bankrupt: number;
  randomBankrupt: number;
}

interface Budget {
  /** Iterations per decision, or `null` for a time budget. */
  iterations: number | null;
  /** Milliseconds per decision (machine-dependent, not reproducible), or `null`. */
  timeMs: number | null;
  /** Which clock `timeMs` is read on: the wall clock, or this process's CPU time (`--cpu-ms`). */
  clock: "wall" | "cpu";
  playout: number | undefined;
  /** The game bot that guides the search (`mcts+<guide>`), or `null` for plain MCTS with random playouts. */
  guide: string | null;
  /** A game bot (`--bot NAME`) that plays the measured seat instead of any search, or `null`. */
  bot?: string | null;
}

interface Job {
  gameId: string;
  players: number;
  options: Record<string, unknown>;
  /** The bot of every other seat, and of the yardstick game's MCTS seat: `random` or a game bot's name. */
  opponent: string;
  budget: Budget;
  tasks: Task[];
}

/** Plays one game: seat `mctsSeat` by `seatBot`, every other seat by the job's opponent bot. */
function play(game: Game, job: Job, t: Task, seatBot: Bot): { win: number; score: number; steps: number; decisions: number; bankrupt: number } {
  const bots: Bot[] = [];
  for (let p = 0; p < job.players; p++) bots.push(p === t.mctsSeat ? seatBot : opponentBot(game, job.opponent, t.seatSeeds[p]!));
  const state = game.initialStateInPlace!(t.gameSeed, { ...job.options, players: job.players });
  const schedule = seedRng(t.scheduleSeed);
  let steps = 0;
  let decisions = 0;
  while (!game.isTerminal(state)) {
    const p = nextActor(game, state, schedule)!;
    const legal = game.legalActions(state, p);
    if (p === t.mctsSeat && legal.length > 1) decisions++;
    game.applyInPlace(state, bots[p]!.act(state, p, legal));
    steps++;
  }
  const o = game.outcome(state)!;
  return { win: o.winners.includes(t.mctsSeat) ? 1 / o.winners.length : 0, score: o.scores[t.mctsSeat]!, steps, decisions, bankrupt: wentBankrupt(state, t.mctsSeat) ? 1 : 0 };
}

/** Whether `seat` went bankrupt: eliminated from an Age of Steam map, or its solo park lost to bankruptcy. */
function wentBankrupt(state: unknown, seat: number): boolean {
  const s = state as { eliminated?: boolean[]; park?: { result?: string | null } | null };
  return s.eliminated?.[seat] === true || s.park?.result === "bankrupt";
}

function runTasks(job: Job): GameResult[] {
  const game = games[job.gameId]!;
  const { iterations, timeMs, playout } = job.budget;
  return job.tasks.map((t) => {
    const seed = t.seatSeeds[t.mctsSeat]!;
    // Under a time budget the search reads the clock once to start and once before every
    // iteration after the first, so a decision's iterations are its clock reads less one.
    let reads = 0;
    const now = job.budget.clock === "cpu" ? (): number => (reads++, cpuMs()) : (): number => (reads++, performance.now());
    const budget = timeMs !== null ? { timeMs, now } : { iterations: iterations ?? 200 };
    const m = play(game, job, t, job.budget.bot ? opponentBot(game, job.budget.bot, seed) : job.budget.guide === null ? mctsBot(game, { ...budget, seed, ...(playout !== undefined ? { maxPlayoutSteps: playout } : {}) }) : guidedSearch(game, job.budget, now, seed));
    const r = play(game, job, t, opponentBot(game, job.opponent, seed));
    const searched = timeMs !== null ? reads - m.decisions : m.decisions * (iterations ?? 200);
    return { index: t.index, win: m.win, score: m.score, steps: m.steps, decisions: m.decisions, iterations: searched, randomWin: r.win, randomScore: r.score, bankrupt: m.bankrupt, randomBankrupt: r.bankrupt };
  });
}

/** The search the CLI names `mcts+<guide>:<budget>[/<cut-off>]`, made by the CLI's own parser. */
function guidedSearch(game: Game, budget: Budget, now: () => number, seed: Seed): Bot {
  const amount = budget.timeMs !== null ? `${budget.timeMs}ms` : String(budget.iterations ?? 200);
  const name = `mcts+${budget.guide}:${amount}${budget.playout !== undefined ? `/${budget.playout}` : ""}`;
  const bots = gameBots[game.id];
  const spec = describeBot(name, { now, ...(bots ? { factories: bots.factories, ...(bots.policies ? { policies: bots.policies } : {}) } : {}) });
  if (!spec.factory) throw new Error(spec.problem);
  return spec.factory(game, seed);
}

/** This process's CPU time (user + system, every thread) in milliseconds. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Every game of a row, seeded from the master seed in game order (the same draws as before --workers existed). */
function planRow(seed: number, game: Game, label: string, players: number, count: number): Task[] {
  // A game's first board keeps the seeds of the reports before maps were rows of their own.
  const master = seedRng(`${seed}/${label}/${players}`);
  const tasks: Task[] = [];
  for (let g = 0; g < count; g++) {
    const gameSeed = deriveSeed(master);
    const seatSeeds: Seed[] = [];
    for (let p = 0; p < players; p++) seatSeeds.push(deriveSeed(master));
    // Its own name, not a draw of `master`: the game and seat seeds stay those of earlier reports.
    tasks.push({ index: g, gameSeed, mctsSeat: g % players, seatSeeds, scheduleSeed: `${seed}/${label}/${players}/schedule/${g}` });
  }
  return tasks;
}

/** Run from source (`npx tsx`): workers and children register tsx's loader first (they do not inherit it); a bundle needs none. */
const FROM_SOURCE = import.meta.url.endsWith(".ts");

/** A worker runs this same file. */
const WORKER_BOOT = FROM_SOURCE
  ? `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`
  : `import(${JSON.stringify(import.meta.url)});`;

/** Marks a child process started by runRow under a CPU clock (it waits for its job on IPC). */
const CHILD_ENV = "RULES_STRENGTH_CHILD";

/** A slice's results, and the CPU seconds of the child process that played it (0 for a thread: the parent's clock counts it). */
interface Slice {
  results: GameResult[];
  childCpuSeconds: number;
}

/** Runs one slice of a row in a worker thread, or in a child process when the budget is CPU time. */
function runSlice(job: Job): Promise<Slice> {
  return new Promise<Slice>((resolve, reject) => {
    if (job.budget.clock === "cpu") {
      const child = fork(fileURLToPath(import.meta.url), [], { execArgv: FROM_SOURCE ? ["--import", "tsx"] : [], env: { ...process.env, [CHILD_ENV]: "1" } });
      child.once("message", (m) => resolve(m as Slice));
      child.once("error", reject);
      child.once("exit", (code) => (code !== 0 ? reject(new Error(`strength child exited with ${code}`)) : undefined));
      child.send(job);
      return;
    }
    const worker = new Worker(WORKER_BOOT, { eval: true, workerData: job satisfies Job });
    worker.once("message", (results: GameResult[]) => resolve({ results, childCpuSeconds: 0 }));
    worker.once("error", reject);
    worker.once("exit", (code) => (code !== 0 ? reject(new Error(`strength worker exited with ${code}`)) : undefined));
  });
}

/** Runs a row's games on `workers` threads or processes (contiguous slices), results in game order. */
async function runRow(job: Job, workers: number): Promise<Slice> {
  const k = Math.min(workers, job.tasks.length);
  if (k <= 1) return { results: runTasks(job), childCpuSeconds: 0 };
  const slices = Array.from({ length: k }, (_, w) => job.tasks.slice(Math.floor((job.tasks.length * w) / k), Math.floor((job.tasks.length * (w + 1)) / k)));
  const parts = await Promise.all(slices.map((tasks) => runSlice({ ...job, tasks })));
  const results = parts.flatMap((p) => p.results).sort((a, b) => a.index - b.index);
  return { results, childCpuSeconds: parts.reduce((n, p) => n + p.childCpuSeconds, 0) };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const wanted: string[] = [];
  let count = 1000;
  let iterations = 200;
  let timeMs: number | null = null;
  let clock: "wall" | "cpu" = "wall";
  let guide: string | null = null;
  let seatBot: string | null = null;
  let ladder: string | null = null;
  let entrants = DEFAULT_ENTRANTS;
  let only: "balance" | "mcts" | null = null;
  let playout: number | undefined;
  let seed = 1;
  let workers = 1;
  let jsonPath: string | undefined;
  let htmlPath: string | undefined;
  let playerList: number[] | undefined;
  let mapList: string[] | undefined;
  let opponents: "random" | "best" | "heuristic" = "random";
  let extra: Record<string, unknown> = {};
  const int = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} takes a positive integer, got ${String(v)}`);
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--games") count = int(a, args[++i]);
    else if (a === "--iterations") iterations = int(a, args[++i]);
    else if (a === "--time-ms" || a === "--cpu-ms") {
      if (timeMs !== null) throw new Error("give one of --time-ms and --cpu-ms");
      timeMs = int(a, args[++i]);
      clock = a === "--cpu-ms" ? "cpu" : "wall";
    }
    else if (a === "--only") {
      const v = args[++i];
      if (v !== "balance" && v !== "mcts") throw new Error(`--only takes balance or mcts, got ${String(v)}`);
      only = v;
    } else if (a === "--playout") playout = int(a, args[++i]);
    else if (a === "--seed") seed = Number(args[++i]);
    else if (a === "--workers") workers = int(a, args[++i]);
    else if (a === "--json") jsonPath = args[++i];
    else if (a === "--html") htmlPath = args[++i];
    else if (a === "--guide") guide = String(args[++i]);
    else if (a === "--bot") seatBot = String(args[++i]);
    else if (a === "--ladder") ladder = String(args[++i]);
    else if (a === "--entrants") entrants = String(args[++i]).split(",");
    else if (a === "--players") playerList = String(args[++i]).split(",").map(Number);
    else if (a === "--maps") mapList = String(args[++i]).split(",");
    else if (a === "--options") {
      const v: unknown = JSON.parse(String(args[++i]));
      if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error("--options takes a JSON object");
      extra = v as Record<string, unknown>;
    }
    else if (a === "--opponents") {
      const v = args[++i];
      if (v !== "random" && v !== "best" && v !== "heuristic") throw new Error(`--opponents takes random, best or heuristic, got ${String(v)}`);
      opponents = v;
    }
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else wanted.push(a);
  }
  if (ladder !== null) {
    const players = playerList?.[0];
    return runLadder({ game: ladder, games: count === 1000 ? 10 : count, seed, entrants, ...(players !== undefined ? { players } : {}), ...(mapList?.[0] !== undefined ? { map: mapList[0] } : {}) });
  }
  for (const id of wanted) if (!games[id]) throw new Error(`unknown game ${id} (known: ${Object.keys(games).join(", ")})`);

  const chosen = Object.values(games).filter((g) => wanted.length === 0 || wanted.includes(g.id));
  if (seatBot !== null) for (const g of chosen) if (!gameBots[g.id]?.factories[seatBot]) throw new Error(`--bot: ${g.id} has no bot named ${seatBot}`);
  if (guide !== null) for (const g of chosen) guidedSearch(g, { iterations: 1, timeMs: null, clock: "wall", playout, guide }, performance.now, 1);
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
          if (htmlPath) writeFileSync(htmlPath, strengthHtml({ command: `npm run strength -- ${args.join(" ")}`, heading: "", balance, rows: [] }));
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
  const per =
    timeMs === null
      ? `${iterations} iterations per decision`
      : clock === "cpu"
        ? `${timeMs} ms of CPU time per decision: what an idle core of this machine does in that time, not reproducible exactly`
        : `${timeMs} ms per decision: depends on this machine and its load, not reproducible`;
  const unit = clock === "cpu" ? "process" : "worker";
  const against =
    opponents === "best" ? "each game's strongest bot without search (random where it ships none)" : opponents === "heuristic" ? "each game's heuristic bot (--bots heuristic)" : "random bots";
  const seat = seatBot ?? (guide === null ? "MCTS" : `mcts+${guide}`);
  const heading = `${seat} (${per}, ${cut}) against ${against}, ${workers} ${unit}${workers === 1 ? "" : unit === "process" ? "es" : "s"}`;
  console.log(`# ${heading}\n`);
  console.log("| game | players | opponents | games | MCTS win rate | 95% interval | fair share | × share | opponent bot in the MCTS seat | its 95% interval | decisions per game | iterations per decision | bankrupt (MCTS seat / opponent bot in it) | wall | CPU |");
  console.log("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const rows: Array<StrengthRow & Record<string, unknown>> = [];
  for (const game of chosen) {
    for (const v of variantsOf(game).filter((x) => !mapList || !("map" in x.options) || mapList.includes(String(x.options.map)))) {
      const options = { ...v.options, ...extra };
      const counts = mctsTablesOf(game, options).filter((n) => !playerList || playerList.includes(n));
      for (const players of counts) {
        const opponent = opponents === "best" ? (STRONGEST[game.id]?.(players) ?? "random") : opponents === "heuristic" ? "heuristic" : "random";
        const legacy = JSON.stringify(game.initialState(1, { players })) === JSON.stringify(game.initialState(1, { ...v.options, players }));
        const label = legacy ? game.id : v.label;
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        // The same seeds whatever --options says, so rows that differ only by them compare game by game.
        const job: Job = { gameId: game.id, players, options, opponent, budget: { iterations: timeMs === null ? iterations : null, timeMs, clock, playout, guide, bot: seatBot }, tasks: planRow(seed, game, label, players, count) };
        const { results, childCpuSeconds } = await runRow(job, workers);
        const cpu = process.cpuUsage(c0);
        const cpuSeconds = (cpu.user + cpu.system) / 1e6 + childCpuSeconds;
        const wallSeconds = (performance.now() - t0) / 1000;
        const wins = results.reduce((n, r) => n + r.win, 0);
        const randomWins = results.reduce((n, r) => n + r.randomWin, 0);
        const decisions = results.reduce((n, r) => n + r.decisions, 0);
        const searched = results.reduce((n, r) => n + r.iterations, 0);
        const bankrupt = results.reduce((n, r) => n + r.bankrupt, 0);
        const randomBankrupt = results.reduce((n, r) => n + r.randomBankrupt, 0);
        const [lo, hi] = wilson(wins, count);
        const [rlo, rhi] = wilson(randomWins, count);
        const meanScore = results.reduce((n, r) => n + r.score, 0) / count;
        const randomMeanScore = results.reduce((n, r) => n + r.randomScore, 0) / count;
        const digest = createHash("sha256").update(JSON.stringify(results.map(({ iterations: _, ...r }) => r))).digest("hex").slice(0, 16);
        const solo = players === 1;
        const extras = Object.entries(extra).map(([k, x]) => `${k} ${typeof x === "string" ? x : JSON.stringify(x)}`);
        const name = extras.length === 0 ? v.label : v.label === game.id ? `${game.id} (${extras.join(", ")})` : `${v.label.slice(0, -1)}, ${extras.join(", ")})`;
        console.log(
          `| ${name} | ${players} | ${solo ? "—" : opponent} | ${count} | ${pct(wins / count)} | ${pct(lo)}–${pct(hi)} | ${solo ? "—" : pct(1 / players)} | ${solo ? "—" : ((wins / count) * players).toFixed(2)} | ${pct(randomWins / count)} (${opponent}) | ${pct(rlo)}–${pct(rhi)} | ${(decisions / count).toFixed(1)} | ${decisions ? Math.round(searched / decisions) : 0} | ${bankrupt} / ${randomBankrupt} | ${wallSeconds.toFixed(0)} s | ${cpuSeconds.toFixed(0)} s |`,
        );
        if (solo) console.log(`|  | mean score | | | ${meanScore.toFixed(2)} | | | | ${randomMeanScore.toFixed(2)} | | | | | | |`);
        rows.push({
          game: game.id,
          label: name,
          options: v.options,
          players,
          opponent,
          games: count,
          seed,
          iterations: timeMs === null ? iterations : null,
          timeMs,
          clock: timeMs === null ? null : clock,
          guide,
          bot: seatBot,
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
          bankrupt,
          randomBankrupt,
          meanSteps: results.reduce((n, r) => n + r.steps, 0) / count,
          meanDecisions: decisions / count,
          meanIterationsPerDecision: decisions ? searched / decisions : 0,
          digest,
          wallSeconds,
          cpuSeconds,
        });
        if (jsonPath) writeFileSync(jsonPath, JSON.stringify({ command: `npm run strength -- ${args.join(" ")}`, balance, rows }, null, 2) + "\n");
        if (htmlPath) writeFileSync(htmlPath, strengthHtml({ command: `npm run strength -- ${args.join(" ")}`, heading, balance, rows }));
      }
    }
  }
}

/** The player counts this board gives a game for, solo included (the MCTS table's rows). */
function mctsTablesOf(game: Game, options: Record<string, unknown>): number[] {
  const out: number[] = [];
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) {
    try {
      game.initialState(1, { ...options, players: n });
      out.push(n);
    } catch {
      // This board gives no game for n players.
    }
  }
  return out;
}

if (process.env[CHILD_ENV] === "1") {
  process.once("message", (job) => {
    const results = runTasks(job as Job);
    const cpu = process.cpuUsage();
    process.send!({ results, childCpuSeconds: (cpu.user + cpu.system) / 1e6 } satisfies Slice, () => process.exit(0));
  });
} else if (!isMainThread) {
  parentPort!.postMessage(runTasks(workerData as Job));
} else if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(USAGE);
} else {
  try {
    await main();
  } catch (e) {
    console.error(`strength: ${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    process.exit(2);
  }
}
