import { availableParallelism } from "node:os";
import { dirname } from "node:path";
import { defaultPlayers, shardRange, type Game, type SimulationReport } from "@rules/core";
import { UsageError, allowOnly, findGame, mapOptions, onePositional, positiveInt, seedArg, type ParsedArgs } from "./args.js";
import { fmt } from "./bench.js";
import { columns, factoryOf, MAX_STEPS, plural, resolveBots, startState } from "./play.js";
import { progress } from "./progress.js";
import type { RunOptions } from "./run.js";
import { reportHtml } from "./simulate-html.js";
import { provenance, reportDocument, type ReportDocument } from "./simulate-report.js";
import { runInProcess, runWorkers, spawnWorker, type RunPlan } from "./simulate-run.js";
import { openSink, writerSink, type Sink } from "./sinks.js";

export type { WorkerRunner } from "./simulate-run.js";

// `rules simulate`: one process, shards, or K worker processes. Every game of a series is seeded
// from the master seed and its index alone (core's playRecords), so the report is the same
// whatever plays which game: every game is counted into one tally (core's SimulationTally: sums,
// exact in any order), here or from the records the workers send back as they finish.

/**
 * A run that stopped on a signal, or another failure with its own exit status: `run` prints the
 * message and returns `exitCode`.
 */
export class ExitError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
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

/** `--range a:b` (what a worker is given): games a..b-1, within the series. */
function rangeArg(value: string | boolean | undefined, count: number): [number, number] | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === "string" ? /^(\d{1,12}):(\d{1,12})$/.exec(value) : null;
  if (!m || Number(m[2]) < Number(m[1]) || Number(m[2]) > count) throw new UsageError(`--range takes a:b within the games, got ${String(value)}`);
  return [Number(m[1]), Number(m[2])];
}

/** `--options JSON`: an object of game options. */
function optionsArg(value: string | boolean | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  let v: unknown;
  try {
    v = JSON.parse(String(value));
  } catch {
    throw new UsageError(`--options takes a JSON object such as '{"map":"orient-express"}', got ${String(value).slice(0, 80)}`);
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new UsageError(`--options takes a JSON object, got ${String(value).slice(0, 80)}`);
  if (Object.hasOwn(v, "__proto__")) throw new UsageError("--options must not have a __proto__ key");
  return v as Record<string, unknown>;
}

/** `--out` or `--trajectories`: a file name (`-` allowed for `--out`). */
function fileArg(name: string, value: string | boolean | undefined, dash: boolean): string | undefined {
  if (value === undefined) return undefined;
  if (value === "" || value === true) throw new UsageError(`--${name} needs a file name${dash ? ' (or "-" for standard output)' : ""}`);
  if (value === "-" && !dash) throw new UsageError(`--${name} needs a file name (standard output is for the report or the records)`);
  return String(value);
}

const FORMATS = ["text", "json", "html"] as const;
type ReportFormat = (typeof FORMATS)[number];

function reportArg(value: string | boolean | undefined): ReportFormat {
  if (value === undefined) return "text";
  const f = FORMATS.find((x) => x === value);
  if (!f) throw new UsageError(`--report takes text, json or html, got ${String(value)}`);
  return f;
}

/** The report of a run in the format asked for. */
export function formatReport(game: Game, doc: ReportDocument, format: ReportFormat, lines: { heading?: string | undefined; seconds: number; after: string[] }): string {
  if (format === "json") return JSON.stringify(doc, null, 2) + "\n";
  if (format === "html") return reportHtml(game, doc);
  const text = describeSimulation(game, doc.report, lines.seconds);
  if (lines.heading !== undefined) text[0] = `${text[0]} (${lines.heading})`;
  return [...text, ...lines.after].join("\n") + "\n";
}

export async function simulateCommand(args: ParsedArgs, o: RunOptions): Promise<void> {
  allowOnly("simulate", args, ["games", "players", "map", "seed", "bots", "shard", "out", "workers", "range", "options", "trajectories", "report"]);
  const game = findGame(o.games, onePositional("simulate", args, "game"), "simulate");
  const count = positiveInt("games", args.values["games"]) ?? 100;
  const given = optionsArg(args.values["options"]);
  const map = mapOptions(args);
  if (map.map !== undefined && given["map"] !== undefined && given["map"] !== map.map) throw new UsageError(`--map ${map.map} and --options {"map":${JSON.stringify(given["map"])}} disagree`);
  const { players: optionPlayers, ...extra }: Record<string, unknown> = { ...given, ...map };
  const flagPlayers = positiveInt("players", args.values["players"]);
  if (flagPlayers !== undefined && optionPlayers !== undefined && optionPlayers !== flagPlayers) throw new UsageError(`--players ${flagPlayers} and --options {"players":${JSON.stringify(optionPlayers)}} disagree`);
  const players = flagPlayers ?? optionPlayers ?? defaultPlayers(game, extra);
  const seed = seedArg(args.values["seed"]);
  // The options are checked as initialState checks them (a refusal is a usage error), before any bot is built.
  startState(game, seed, { ...extra, players });
  const n = players as number;
  // The game's own bots too (thrifty); no time budget: the games must be reproducible.
  const bots = resolveBots((args.values["bots"] as string | undefined) ?? "random", n, game, { timeBudgets: false });
  const format = reportArg(args.values["report"]);
  const outPath = fileArg("out", args.values["out"], true);
  const trajPath = fileArg("trajectories", args.values["trajectories"], false);
  if (outPath === "-" && format !== "text") throw new UsageError(`--report ${format} and --out - both write to standard output: give --out a file`);
  const shard = shardArg(args.values["shard"]);
  const range = rangeArg(args.values["range"], count);
  const [from, to] = range ?? (shard ? shardRange(count, shard[0], shard[1]) : [0, count]);
  // An injected worker runner (in-process workers, as in the tests) is not bound to this machine's cores.
  const workers = workerCount(positiveInt("workers", args.values["workers"]) ?? 1, to - from, o.worker ? Number.MAX_SAFE_INTEGER : availableParallelism());
  const series = { count, players: n, seed, bots, extra };
  const prov = provenance(game, series, MAX_STEPS, shard ? `${shard[0]}/${shard[1]}` : null);

  // Every output is opened and tried before the first game: a file that cannot be written fails now.
  const records: Sink | undefined = outPath === undefined ? undefined : outPath === "-" ? writerSink("-", o.out) : openSink(outPath);
  let trajectories: Sink | undefined;
  try {
    trajectories = trajPath !== undefined ? openSink(trajPath) : undefined;
  } catch (e) {
    records?.close();
    throw e;
  }
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  // A worker (given --range) leaves the progress to its parent.
  const meter = range ? { tick: () => undefined, finish: () => undefined } : progress({ err: o.err, isTTY: o.isTTY, now: o.now }, game.id, to - from);
  const plan: RunPlan = { game, prov, factories: bots.map((b) => factoryOf(b, game, false)!), extra, from, to, records, trajectories, tick: meter.tick, signal: o.interrupt };
  const workerArgv = (a: number, b: number, traj?: string): string[] => [
    "simulate",
    game.id,
    `--games=${count}`,
    `--players=${n}`,
    `--seed=${String(seed)}`,
    `--bots=${bots.join(",")}`,
    ...(Object.keys(extra).length > 0 ? [`--options=${JSON.stringify(extra)}`] : []),
    ...(shard ? [`--shard=${shard[0]}/${shard[1]}`] : []),
    `--range=${a}:${b}`,
    "--out=-",
    ...(traj !== undefined ? [`--trajectories=${traj}`] : []),
  ];
  let result;
  try {
    result = workers > 1 ? await runWorkers(plan, workers, o.worker ?? spawnWorker, workerArgv, outPath !== undefined && outPath !== "-" ? dirname(outPath) : undefined) : await runInProcess(plan);
  } finally {
    meter.finish();
    records?.close();
    trajectories?.close();
  }
  const signal = o.interrupt?.aborted ? String(o.interrupt.reason ?? "a signal") : undefined;
  const done = result.tally.games;
  const stopped = signal !== undefined ? new ExitError(interruptedMessage(signal, done, to - from, result.ranges, [outPath, trajPath]), signal === "SIGTERM" ? 143 : 130) : undefined;
  if (outPath === "-") {
    if (stopped) throw stopped;
    return;
  }
  const doc = reportDocument(game, prov, result.tally, result.ranges, signal);
  const part = shard ? `games ${from}..${to - 1} of ${count}, shard ${shard[0]}/${shard[1]}` : range ? `games ${from}..${to - 1} of ${count}` : undefined;
  const heading = stopped ? [part, `interrupted by ${signal} after ${done} of ${to - from} games`].filter(Boolean).join("; ") : part;
  // How the work was split is said after the report, which does not depend on it.
  const after = [
    ...(workers > 1 ? [`Workers: ${workers} processes`] : []),
    ...(outPath !== undefined ? [`Wrote ${plural(done, "record")} to ${outPath}`] : []),
    ...(trajPath !== undefined ? [`Wrote ${plural(done, "trajectory")} to ${trajPath}`.replace("trajectorys", "trajectories")] : []),
  ];
  o.out(formatReport(game, doc, format, { heading, seconds: (now() - t0) / 1000, after }));
  if (stopped) throw stopped;
}

/** What an interrupted run says on standard error. */
function interruptedMessage(signal: string, done: number, total: number, ranges: ReadonlyArray<readonly [number, number]>, files: ReadonlyArray<string | undefined>): string {
  const written = files.filter((f): f is string => f !== undefined && f !== "-");
  const which = ranges.filter(([a, b]) => b > a).map(([a, b]) => (b - a === 1 ? `${a}` : `${a}..${b - 1}`));
  if (done === 0) return `interrupted by ${signal} before any game finished: nothing was written${written.length > 0 ? ` (${written.join(" and ")} ${written.length > 1 ? "are" : "is"} empty)` : ""}`;
  return `interrupted by ${signal}: ${done} of ${total} games finished (games ${which.join(", ")})${written.length > 0 ? `; their records are in ${written.join(" and ")}` : ""}; the report above is theirs`;
}
