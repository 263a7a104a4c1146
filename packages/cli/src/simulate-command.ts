// `rules simulate`: many bot games, as statistics (core simulate) or as one record per game
// (playRecords), optionally sharded and spread over worker processes.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { playRecords, shardRange, simulate, type Game, type GameRecord, type Seed, type SimulationReport } from "@rules/core";
import { UsageError, allowOnly, findGame, mapOptions, onePositional, playersArg, positiveInt, seedArg, type ParsedArgs } from "./args.js";
import { fmt } from "./bench.js";
import { checkWritable, writeFile } from "./files.js";
import { columns, plural, resolveBots, startState } from "./play.js";
import type { RunOptions } from "./run.js";

function lines(out: RunOptions["out"], text: readonly string[]): void {
  out(text.join("\n") + "\n");
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

/**
 * `simulate` with `--shard`, `--out` or `--workers`: one JSON record per game ({@link playRecords},
 * each game seeded from the master seed and its index alone), so shards and workers give the same
 * records as one process and files merge by concatenation. Workers are child processes of this
 * same command, each playing a contiguous part of the range.
 */
async function simulateRecords(args: ParsedArgs, o: RunOptions, game: Game, count: number, n: number, seed: Seed, bots: string[], extra: { map?: string }): Promise<void> {
  const shard = shardArg(args.values["shard"]);
  let [from, to] = shard ? shardRange(count, shard[0], shard[1]) : [0, count];
  const range = args.values["range"];
  if (typeof range === "string") {
    const m = /^(\d{1,12}):(\d{1,12})$/.exec(range);
    if (!m || Number(m[2]) < Number(m[1]) || Number(m[2]) > count) throw new UsageError(`--range takes a:b within the games, got ${range}`);
    [from, to] = [Number(m[1]), Number(m[2])];
  }
  const workers = workerCount(positiveInt("workers", args.values["workers"]) ?? 1, to - from, availableParallelism());
  const outPath = args.values["out"];
  const t0 = performance.now();
  let text: string;
  if (workers > 1) {
    const k = workers;
    const parts = await Promise.all(
      Array.from({ length: k }, (_, w) => {
        const a = from + Math.floor(((to - from) * w) / k);
        const b = from + Math.floor(((to - from) * (w + 1)) / k);
        const argv = [...process.execArgv, process.argv[1]!, "simulate", game.id, "--games", String(count), "--players", String(n), "--seed", String(seed), "--bots", bots.join(","), ...(extra.map !== undefined ? ["--map", extra.map] : []), "--range", `${a}:${b}`, "--out", "-"];
        return new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, argv, { stdio: ["ignore", "pipe", "inherit"] });
          const chunks: Buffer[] = [];
          child.stdout.on("data", (c: Buffer) => chunks.push(c));
          child.on("error", reject);
          child.on("close", (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString("utf8")) : reject(new Error(`worker ${w} (games ${a}..${b - 1}) exited with ${code}`))));
        });
      }),
    );
    text = parts.join("");
  } else {
    text = playRecords(game, from, to, { seed, players: n, bots, options: extra }).map((r) => JSON.stringify(r) + "\n").join("");
  }
  if (outPath === "-") {
    o.out(text);
    return;
  }
  if (typeof outPath === "string") writeFile(outPath, text);
  const records = text.split("\n").filter((l) => l.length > 0).map((l) => JSON.parse(l) as GameRecord);
  const wins = new Array<number>(n).fill(0);
  let steps = 0;
  let finished = 0;
  for (const r of records) {
    steps += r.steps;
    if (!r.outcome) continue;
    finished++;
    for (const w of r.outcome.winners) wins[w]! += 1 / r.outcome.winners.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  lines(o.out, [
    `${game.name}: games ${from}..${to - 1} of ${count}${shard ? ` (shard ${shard[0]}/${shard[1]})` : ""}, ${plural(n, "player")}, bots ${bots.join(", ")}, ${plural(workers, "worker")}`,
    `Win rate by seat: ${wins.map((w, p) => `seat ${p} ${pct(finished === 0 ? 0 : w / finished)}`).join(", ")}`,
    `Unfinished games: ${records.length - finished}; ${steps} actions; ${seconds.toFixed(2)} s`,
    ...(typeof outPath === "string" ? [`Wrote ${records.length} records to ${outPath}`] : []),
  ]);
}

export async function simulateCommand(args: ParsedArgs, o: RunOptions): Promise<void> {
  allowOnly("simulate", args, ["games", "players", "map", "seed", "bots", "shard", "out", "workers", "range"]);
  const game = findGame(o.games, onePositional("simulate", args, "game"), "simulate");
  const count = positiveInt("games", args.values["games"]) ?? 100;
  const extra = mapOptions(args);
  const n = playersArg(game, args, extra);
  const seed = seedArg(args.values["seed"]);
  const bots = resolveBots(args.values["bots"] as string | undefined, n, undefined, { timeBudgets: false }); // core names only: records and workers carry names
  startState(game, seed, { ...extra, players: n });
  const out = args.values["out"];
  if (out === "" || out === true) throw new UsageError('--out needs a file name (or "-" for standard output)');
  if (typeof out === "string" && out !== "-") checkWritable(out);
  if (["shard", "out", "workers", "range"].some((k) => args.values[k] !== undefined)) {
    await simulateRecords(args, o, game, count, n, seed, bots, extra);
    return;
  }
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  let lastDraw = -Infinity;
  // Shown before the first game ends: an MCTS game takes seconds.
  if (o.isTTY) o.err(`\rsimulating ${game.id}: 0/${count} games (0%)`);
  const report = simulate(game, {
    games: count,
    seed,
    players: n,
    bots,
    options: extra,
    onProgress: (done, total) => {
      if (!o.isTTY) return;
      const t = now();
      if (done < total && t - lastDraw < 100) return;
      lastDraw = t;
      o.err(`\rsimulating ${game.id}: ${done}/${total} games (${Math.floor((done / total) * 100)}%)`);
      if (done === total) o.err("\r" + " ".repeat(60) + "\r");
    },
  });
  lines(o.out, describeSimulation(game, report, (now() - t0) / 1000));
}
