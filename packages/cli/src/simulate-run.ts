// Playing a range of a series, in this process or over worker processes, streaming: every game is
// counted into a tally (sums, no list of games) and its record and trajectory are written as soon
// as it ends, so memory stays flat whatever the number of games. A stop (SIGINT or SIGTERM, as an
// AbortSignal) ends the run between games here, and kills the workers at once; what finished is
// written and said.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { emptyTally, playRecords, tallyRecord, type BotFactory, type Game, type GameRecord, type SimulationTally } from "@rules/core";
import { recordLine, trajectoryLine, type Provenance } from "./simulate-report.js";
import type { Sink } from "./sinks.js";

/**
 * Runs one worker: `argv` is a `rules` command line (`simulate ... --range a:b --out -`); its
 * standard output goes to `onOutput` as it comes. An abort of `signal` must end it at once. The
 * default spawns this same program.
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
export type WorkerRunner = (argv: readonly string[], onOutput: (text: string) => void, signal?: AbortSignal) => Promise<void>;

/** Spawns `node <this script> ...argv`, with the same loader flags as this process; an abort kills it (SIGKILL). */
export const spawnWorker: WorkerRunner = (argv, onOutput, signal) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...argv], { stdio: ["ignore", "pipe", "inherit"] });
    const kill = (): void => void child.kill("SIGKILL");
    signal?.addEventListener("abort", kill, { once: true });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (c: string) => onOutput(c));
    child.on("error", reject);
    child.on("close", (code, sig) => {
      signal?.removeEventListener("abort", kill);
      if (code === 0) resolve();
      else reject(new Error(`a worker (${argv.join(" ")}) ${sig ? `was stopped by ${sig}` : `exited with ${code}`}`));
    });
  });

/** What a run is given. */
export interface RunPlan {
  game: Game;
  prov: Provenance;
  factories: BotFactory[];
  /** Extra `initialState` options (not players). */
  extra: Record<string, unknown>;
  from: number;
  to: number;
  records?: Sink | undefined;
  trajectories?: Sink | undefined;
  tick: (done: number) => void;
  signal?: AbortSignal | undefined;
}

/** What a run did: the tally of the games that finished and their index ranges. */
export interface RunResult {
  tally: SimulationTally;
  ranges: Array<[number, number]>;
}

const yieldToEvents = (): Promise<void> => new Promise((r) => setImmediate(r));

function count(plan: RunPlan, tally: SimulationTally, r: Pick<GameRecord, "steps" | "illegalActions" | "outcome">): void {
  tallyRecord(tally, { ...r, bots: plan.prov.bots });
}

/** Games `from..to-1` in this process, one at a time, stopping between games on an abort. */
export async function runInProcess(plan: RunPlan): Promise<RunResult> {
  const { game, prov } = plan;
  const tally = emptyTally(prov.players);
  const opts = { seed: prov.masterSeed, players: prov.players, bots: plan.factories, options: plan.extra, maxSteps: prov.maxSteps, trajectory: plan.trajectories !== undefined };
  let i = plan.from;
  for (; i < plan.to; i++) {
    // Let a signal in: its handler runs between games.
    await yieldToEvents();
    if (plan.signal?.aborted) break;
    const r = playRecords(game, i, i + 1, opts)[0]!;
    // The trajectory first: a worker's parent keeps the trajectories of the records it received.
    plan.trajectories?.write(trajectoryLine(prov, r));
    plan.records?.write(recordLine(prov, r));
    count(plan, tally, r);
    plan.tick(i - plan.from + 1);
  }
  return { tally, ranges: [[plan.from, i]] };
}

/**
 * Copy the first `max` complete lines of file `path` to `sink`, a MiB of bytes at a time (never
 * decoded, never held whole). A missing file (a worker stopped before it wrote) copies nothing.
 */
function copyLines(path: string, sink: Sink, max = Infinity): void {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return;
  }
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    let carry = Buffer.alloc(0);
    let lines = 0;
    while (lines < max) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      const chunk = carry.length > 0 ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let end = 0;
      for (let i = chunk.indexOf(10); i >= 0 && lines < max; i = chunk.indexOf(10, end)) {
        end = i + 1;
        lines++;
      }
      if (end > 0) sink.write(chunk.subarray(0, end));
      carry = Buffer.from(chunk.subarray(end));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Games `from..to-1` over `k` workers (contiguous ranges). Each worker's records come back on its
 * standard output and are counted as they come; they (and its trajectories) wait in a part file
 * per worker, copied to the sinks in index order at the end, so memory stays flat.
 */
export async function runWorkers(plan: RunPlan, k: number, run: WorkerRunner, workerArgv: (a: number, b: number, trajectories?: string) => string[], partsDir?: string): Promise<RunResult> {
  const tally = emptyTally(plan.prov.players);
  const needParts = plan.records !== undefined || plan.trajectories !== undefined;
  const dir = needParts ? mkdtempSync(join(partsDir ?? tmpdir(), ".rules-simulate-")) : undefined;
  const done = new Array<number>(k).fill(0);
  const bounds = Array.from({ length: k }, (_, w) => [plan.from + Math.floor(((plan.to - plan.from) * w) / k), plan.from + Math.floor(((plan.to - plan.from) * (w + 1)) / k)] as const);
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  plan.signal?.addEventListener("abort", onAbort, { once: true });
  let total = 0;
  try {
    const results = await Promise.allSettled(
      bounds.map(([a, b], w) => {
        const recFile = dir !== undefined && plan.records ? join(dir, `records-${w}.jsonl`) : undefined;
        const trajFile = dir !== undefined && plan.trajectories ? join(dir, `trajectories-${w}.jsonl`) : undefined;
        const fd = recFile !== undefined ? openSync(recFile, "w") : undefined;
        let tail = "";
        return run(
          workerArgv(a, b, trajFile),
          (chunk) => {
            const text = tail + chunk;
            const end = text.lastIndexOf("\n") + 1;
            tail = text.slice(end);
            if (end === 0) return;
            const lines = text.slice(0, end);
            if (fd !== undefined) writeSync(fd, lines);
            for (const line of lines.split("\n")) {
              if (line.length === 0) continue;
              count(plan, tally, JSON.parse(line) as GameRecord);
              done[w]!++;
              plan.tick(++total);
            }
          },
          stop.signal,
        )
          // One worker failing stops the others: the run is lost anyway.
          .catch((e: unknown) => {
            stop.abort();
            throw e;
          })
          .finally(() => fd !== undefined && closeSync(fd));
      }),
    );
    const failed = results.find((r) => r.status === "rejected");
    if (failed && !plan.signal?.aborted) throw (failed as PromiseRejectedResult).reason;
    // In index order: worker w's finished games are the first done[w] of its range.
    for (let w = 0; w < k; w++) {
      if (dir === undefined) break;
      if (plan.records) copyLines(join(dir, `records-${w}.jsonl`), plan.records);
      // A trajectory is written before its record is sent: keep those whose record came.
      if (plan.trajectories) copyLines(join(dir, `trajectories-${w}.jsonl`), plan.trajectories, done[w]!);
    }
    return { tally, ranges: bounds.map(([a], w) => [a, a + done[w]!]) };
  } finally {
    plan.signal?.removeEventListener("abort", onAbort);
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}
