import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { playRecords, shardRange, simulate, summarizeRecords, type Game, type GameRecord, type Seed, type SimulationReport } from "@rules/core";
import { UsageError, allowOnly, findGame, mapOptions, onePositional, playersArg, positiveInt, seedArg, type ParsedArgs } from "./args.js";
import { fmt } from "./bench.js";
import { checkWritable, writeFile } from "./files.js";
import { columns, factoryOf, plural, resolveBots, startState } from "./play.js";
import type { RunOptions } from "./run.js";

// `rules simulate`: one process, shards, or K worker processes. Every game of a series is seeded
// from the master seed and its index alone (core's playRecords), so the report is the same
// whatever plays which game: one process sums the games as it plays them, workers write records
// and this process sums them in index order with the same function (core's summarizeRecords).

/**
 * Runs one worker: `argv` is a `rules` command line (`simulate ... --range a:b --out -`); its
 * standard output goes to `onOutput` as it comes. The default spawns this same program.
 *
 * @example
 * ```ts
 * import { run, type WorkerRunner } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * // Workers in this process instead of child processes (what the tests do).
 * const games = { [game.id]: game };
 * const inProcess: WorkerRunner = async (argv, onOutput) => void (await run(argv, { games, out: onOutput, err: () => {} }));
 * let text = "";
 * await run(["simulate", game.id, "--games", "4", "--workers", "2"], { games, out: (t) => void (text += t), err: () => {}, worker: inProcess });
 * console.log(text.split("\n")[0]); // "Donkey Valley: 4 games, 4 players, bots random, random, random, random"
 * ```
 */
export type WorkerRunner = (argv: readonly string[], onOutput: (text: string) => void) => Promise<void>;

/** Spawns `node <this script> ...argv`, with the same loader flags as this process. */
export const spawnWorker: WorkerRunner = (argv, onOutput) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...argv], { stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (c: string) => onOutput(c));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`a worker (${argv.join(" ")}) exited with ${code}`))));
  });

/** What a series is: the game, its size and seeds, and the bot names per seat. */
export interface Series {
  game: Game;
  count: number;
  players: number;
  seed: Seed;
  bots: string[];
  extra: { map?: string };
}

/** Where the command writes, as {@link RunOptions} gives it. */
export interface SeriesOutput {
  out: (text: string) => unknown;
  err: (text: string) => unknown;
  isTTY?: boolean;
  now?: () => number;
  worker?: WorkerRunner;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/**
 * The statistics of a simulation as lines.
 *
 * @example
 * ```ts
 * import { simulate } from "@rules/core";
 * import { describeSimulation } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const report = simulate(game, { games: 3, seed: 1, players: 3 });
 * console.log(describeSimulation(game, report, 0.5).join("\n")); // win rates and scores per seat
 * ```
 */
export function describeSimulation(game: Game, r: SimulationReport, seconds: number): string[] {
  const seats = r.winRateBySeat.map((w, p) => {
    const s = r.scoreBySeat[p]!;
    return [`seat ${p}`, r.bots[p] ?? "", pct(w), fmt(s.mean), `${fmt(s.min)}..${fmt(s.max)}`];
  });
  return [
    `${game.name}: ${plural(r.games, "game")}, ${plural(r.players, "player")}, bots ${r.bots.join(", ")}`,
    "",
    ...columns([["seat", "bot", "win rate", "mean score", "score range"], ...seats]),
    "",
    `Game length:   mean ${fmt(r.length.mean)} actions, min ${r.length.min}, max ${r.length.max}`,
    `Score spread:  mean ${fmt(r.scoreSpread.mean)}, min ${fmt(r.scoreSpread.min)}, max ${fmt(r.scoreSpread.max)} (winner minus last)`,
    `Illegal actions: ${r.illegalActions}`,
    `Unfinished games: ${r.unfinished}`,
    `Elapsed: ${seconds.toFixed(2)} s (${fmt(r.games / Math.max(seconds, 1e-9))} games/s, ${fmt(r.totalSteps / Math.max(seconds, 1e-9))} actions/s)`,
  ];
}

/** The progress line on a terminal (rewritten with `\r`, at most every 100 ms), or nothing elsewhere. */
function progressLine(o: SeriesOutput, id: string, total: number): (done: number) => void {
  if (!o.isTTY) return () => undefined;
  const now = o.now ?? (() => performance.now());
  let last = -Infinity;
  const draw = (done: number): void => void o.err(`\rsimulating ${id}: ${done}/${total} games (${Math.floor((done / total) * 100)}%)`);
  // Shown before the first game ends: an MCTS game takes seconds.
  draw(0);
  return (done) => {
    const t = now();
    if (done < total && t - last < 100) return;
    last = t;
    draw(done);
    if (done === total) o.err("\r" + " ".repeat(60) + "\r");
  };
}

/** `simulate` in one process, printing the report. */
export function simulateInProcess(o: SeriesOutput, s: Series): void {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const tick = progressLine(o, s.game.id, s.count);
  const report = simulate(s.game, {
    games: s.count,
    seed: s.seed,
    players: s.players,
    bots: s.bots.map((b) => factoryOf(b, s.game)!),
    options: s.extra,
    onProgress: (done) => tick(done),
  });
  o.out(describeSimulation(s.game, report, (now() - t0) / 1000).join("\n") + "\n");
}

/**
 * Games `from..to-1` of a series as records: in this process, or spread over `workers` processes
 * (contiguous ranges, records concatenated in index order). Then either the records themselves on
 * standard output (`--out -`), or the same report `simulate` prints for those games (and the
 * records in `outPath` when given).
 */
export async function simulateRange(o: SeriesOutput, s: Series, from: number, to: number, workers: number, outPath: string | undefined, heading?: string): Promise<void> {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const toStdout = outPath === "-";
  // A worker writing records to a pipe shows no progress of its own; its parent counts its lines.
  const tick = toStdout ? () => undefined : progressLine(o, s.game.id, to - from);
  let text: string;
  const k = Math.min(workers, to - from);
  if (k > 1) {
    const run = o.worker ?? spawnWorker;
    let lines = 0;
    const parts = await Promise.all(
      Array.from({ length: k }, (_, w) => {
        const a = from + Math.floor(((to - from) * w) / k);
        const b = from + Math.floor(((to - from) * (w + 1)) / k);
        const argv = ["simulate", s.game.id, "--games", String(s.count), "--players", String(s.players), "--seed", String(s.seed), "--bots", s.bots.join(","), ...(s.extra.map !== undefined ? ["--map", s.extra.map] : []), "--range", `${a}:${b}`, "--out", "-"];
        const chunks: string[] = [];
        return run(argv, (c) => {
          chunks.push(c);
          for (let i = c.indexOf("\n"); i >= 0; i = c.indexOf("\n", i + 1)) tick(++lines);
        }).then(() => chunks.join(""));
      }),
    );
    text = parts.join("");
  } else {
    const bots = s.bots.map((b) => factoryOf(b, s.game)!);
    const out: string[] = [];
    for (let i = from; i < to; i++) {
      out.push(JSON.stringify(playRecords(s.game, i, i + 1, { seed: s.seed, players: s.players, bots, options: s.extra })[0]) + "\n");
      tick(i - from + 1);
    }
    text = out.join("");
  }
  if (toStdout) {
    o.out(text);
    return;
  }
  if (outPath !== undefined) writeFile(outPath, text);
  const records = text
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as GameRecord);
  const report = summarizeRecords(s.game, s.players, records);
  const lines = describeSimulation(s.game, report, (now() - t0) / 1000);
  if (heading !== undefined) lines[0] = `${lines[0]} (${heading})`;
  // How the work was split is said after the report, which does not depend on it.
  const split = k > 1 ? [`Workers: ${k} processes`] : [];
  o.out([...lines, ...split, ...(outPath !== undefined ? [`Wrote ${records.length} records to ${outPath}`] : [])].join("\n") + "\n");
}

/**
 * The worker processes `--workers K` starts for `games` games on a machine of `cores` cores: at
 * most one per game and one per core (more would only wait for a core), at least one.
 */
export function workerCount(asked: number, games: number, cores: number): number {
  return Math.max(1, Math.min(asked, games, cores));
}

/** `i/n` of `--shard`: 0 <= i < n. */
function shardArg(value: string | boolean | undefined): [number, number] | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === "string" ? /^(\d{1,9})\/(\d{1,9})$/.exec(value) : null;
  if (!m || Number(m[1]) >= Number(m[2])) throw new UsageError(`--shard takes i/n with 0 <= i < n (e.g. 0/8), got ${String(value)}`);
  return [Number(m[1]), Number(m[2])];
}

/** `--range a:b` (what a worker is given): games a..b-1, within the series. */
function rangeArg(value: string | boolean | undefined, count: number): [number, number] | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === "string" ? /^(\d{1,12}):(\d{1,12})$/.exec(value) : null;
  if (!m || Number(m[2]) < Number(m[1]) || Number(m[2]) > count) throw new UsageError(`--range takes a:b within the games, got ${String(value)}`);
  return [Number(m[1]), Number(m[2])];
}

export async function simulateCommand(args: ParsedArgs, o: RunOptions): Promise<void> {
  allowOnly("simulate", args, ["games", "players", "map", "seed", "bots", "shard", "out", "workers", "range"]);
  const game = findGame(o.games, onePositional("simulate", args, "game"), "simulate");
  const count = positiveInt("games", args.values["games"]) ?? 100;
  const extra = mapOptions(args);
  const n = playersArg(game, args, extra);
  const seed = seedArg(args.values["seed"]);
  // The game's own bots too (thrifty); no time budget: the games must be reproducible.
  const bots = resolveBots((args.values["bots"] as string | undefined) ?? "random", n, game, { timeBudgets: false });
  startState(game, seed, { ...extra, players: n });
  const outPath = args.values["out"];
  if (outPath === "" || outPath === true) throw new UsageError('--out needs a file name (or "-" for standard output)');
  if (typeof outPath === "string" && outPath !== "-") checkWritable(outPath);
  const series = { game, count, players: n, seed, bots, extra };
  const shard = shardArg(args.values["shard"]);
  const range = rangeArg(args.values["range"], count);
  const [from, to] = range ?? (shard ? shardRange(count, shard[0], shard[1]) : [0, count]);
  // An injected worker runner (in-process workers, as in the tests) is not bound to this machine's cores.
  const workers = workerCount(positiveInt("workers", args.values["workers"]) ?? 1, to - from, o.worker ? Number.MAX_SAFE_INTEGER : availableParallelism());
  if (!shard && !range && workers === 1 && outPath === undefined) {
    simulateInProcess(o, series);
    return;
  }
  const part = shard ? `games ${from}..${to - 1} of ${count}, shard ${shard[0]}/${shard[1]}` : range ? `games ${from}..${to - 1} of ${count}` : undefined;
  await simulateRange(o, series, from, to, workers, typeof outPath === "string" ? outPath : undefined, part);
}
