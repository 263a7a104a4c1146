// `rules merge FILE...`: the shards of one simulation made whole, exactly. JSON reports
// (`--report json`) add up to the report a single run prints; record or trajectory files
// (`--out`, `--trajectories`, `.gz` or not) concatenate in game order into the file a single run
// writes. Files of different series, shards that overlap and games no file holds are refused,
// each with the files and games concerned.
import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { canonicalJson, emptyTally, mergeTallies, tallyRecord, type Game, type SimulationTally } from "@rules/core";
import { UsageError, allowOnly, type ParsedArgs } from "./args.js";
import { readBounded } from "./files.js";
import type { RunOptions } from "./run.js";
import { formatReport } from "./simulate-command.js";
import { reportDocument, type Provenance, type ReportDocument } from "./simulate-report.js";
import { openSink, writerSink, type Sink } from "./sinks.js";

/** The fields that name a series: two files of one simulation agree on all of them. */
const SERIES_FIELDS = ["game", "rulesVersion", "versions", "masterSeed", "games", "maxSteps", "options", "bots"] as const;

/** Why `b` (from `fileB`) is not of the same series as `a` (from `fileA`), or undefined. */
function seriesMismatch(a: Record<string, unknown>, fileA: string, b: Record<string, unknown>, fileB: string): string | undefined {
  for (const f of SERIES_FIELDS) {
    if (canonicalJson(a[f]) !== canonicalJson(b[f])) return `${fileA} and ${fileB} are of different simulations: their ${f} differ (${JSON.stringify(a[f])} and ${JSON.stringify(b[f])})`;
  }
  return undefined;
}

/** The pieces sorted by first game; refuse overlaps and gaps in `[0, games)`. */
function checkTiling(pieces: ReadonlyArray<{ file: string; from: number; to: number }>, games: number): Array<{ file: string; from: number; to: number }> {
  const sorted = [...pieces].filter((p) => p.to > p.from).sort((x, y) => x.from - y.from);
  let end = 0;
  let last: string | undefined;
  for (const p of sorted) {
    if (p.from < end) throw new Error(`${last} and ${p.file} overlap: both hold games ${p.from}..${Math.min(end, p.to) - 1}`);
    if (p.from > end) throw new Error(`games ${end}..${p.from - 1} of ${games} are missing: no file holds them (a shard not run, not finished, or not given)`);
    end = p.to;
    last = p.file;
  }
  if (end < games) throw new Error(`games ${end}..${games - 1} of ${games} are missing: no file holds them (a shard not run, not finished, or not given)`);
  return sorted;
}

function gameOf(o: RunOptions, id: unknown, file: string): Game {
  const g = typeof id === "string" && Object.hasOwn(o.games, id) ? o.games[id] : undefined;
  if (!g) throw new Error(`${file} is about "${String(id)}", which is not a known game`);
  return g;
}

/** The lines of a file, gunzipped when its name ends in `.gz`. */
async function* linesOf(path: string): AsyncGenerator<string> {
  const raw = createReadStream(path);
  const input = path.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  const failed = new Promise<never>((_, reject) => {
    const fail = (e: NodeJS.ErrnoException): void => reject(new Error(e.code === "ENOENT" ? `no such file: ${path}` : `cannot read ${path}: ${e.message}`));
    raw.on("error", fail);
    input.on("error", fail);
  });
  failed.catch(() => undefined);
  const it = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  for (;;) {
    const next = await Promise.race([it.next(), failed]);
    if (next.done) return;
    if (next.value.length > 0) yield next.value;
  }
}

async function firstLine(path: string): Promise<string | undefined> {
  for await (const line of linesOf(path)) return line;
  return undefined;
}

function reportProvenance(d: ReportDocument): Provenance {
  return { game: d.game, rulesVersion: d.rulesVersion, versions: d.versions, masterSeed: d.masterSeed, games: d.games, players: d.players, options: d.options, bots: d.bots, maxSteps: d.maxSteps, shard: null };
}

async function mergeReports(files: readonly string[], o: RunOptions, format: "text" | "json" | "html"): Promise<void> {
  const docs = files.map((file) => {
    let d: ReportDocument;
    try {
      d = JSON.parse(readBounded(file, 64 * 1024 * 1024)) as ReportDocument;
    } catch (e) {
      throw new Error(e instanceof SyntaxError ? `${file} is not valid JSON: ${e.message}` : (e as Error).message);
    }
    if (d?.kind !== "rules-simulation-report" || d.format !== 1) throw new Error(`${file} is no report of rules simulate --report json`);
    return { file, d };
  });
  const first = docs[0]!;
  for (const x of docs.slice(1)) {
    const why = seriesMismatch(first.d as unknown as Record<string, unknown>, first.file, x.d as unknown as Record<string, unknown>, x.file);
    if (why) throw new Error(why);
  }
  const pieces = docs.flatMap(({ file, d }) => d.ranges.map(([from, to]) => ({ file, from, to, d })));
  checkTiling(pieces, first.d.games);
  // Add up in game order (exact in any order for integer scores; this order is a single run's).
  const ordered = [...docs].sort((x, y) => (x.d.ranges[0]?.[0] ?? 0) - (y.d.ranges[0]?.[0] ?? 0));
  let tally: SimulationTally = emptyTally(first.d.players);
  for (const { d } of ordered) tally = mergeTallies(tally, d.tally);
  const game = gameOf(o, first.d.game, first.file);
  const doc = reportDocument(game, reportProvenance(first.d), tally, [[0, first.d.games]]);
  o.out(formatReport(game, doc, format, { seconds: 0, after: [`Merged ${files.length} reports`] }).replace(/^Elapsed: .*\n/m, ""));
}

async function mergeLines(files: readonly string[], o: RunOptions, outPath: string, format: "text" | "json" | "html"): Promise<void> {
  if (files.some((f) => resolve(f) === resolve(outPath))) throw new UsageError(`--out ${outPath} is one of the files to merge: write the whole file elsewhere`);
  // Opened (and tried) before any reading.
  const sink: Sink = outPath === "-" ? writerSink("-", o.out) : openSink(outPath);
  try {
    await mergeInto(files, o, outPath, format, sink);
  } finally {
    sink.close();
  }
}

async function mergeInto(files: readonly string[], o: RunOptions, outPath: string, format: "text" | "json" | "html", sink: Sink): Promise<void> {
  // First pass: every file is one contiguous run of games of one series.
  let head: { file: string; r: Record<string, unknown> } | undefined;
  const pieces: Array<{ file: string; from: number; to: number }> = [];
  for (const file of files) {
    let from = -1;
    let next = -1;
    for await (const line of linesOf(file)) {
      let r: Record<string, unknown>;
      try {
        r = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`${file} has a line that is not JSON (line ${next - from + 1}): it is no records or trajectories file of rules simulate`);
      }
      if (typeof r?.["index"] !== "number" || typeof r["games"] !== "number") throw new Error(`${file} has a line without index and games: it is no records or trajectories file of rules simulate`);
      if (!head) head = { file, r };
      else {
        const why = seriesMismatch(head.r, head.file, r, file) ?? (("actions" in r) !== ("actions" in head.r) ? `${head.file} and ${file} do not hold the same kind of lines (records and trajectories)` : undefined);
        if (why) throw new Error(why);
      }
      const index = r["index"] as number;
      if (from < 0) from = next = index;
      if (index !== next) throw new Error(`${file} is not one run of consecutive games: game ${index} follows game ${next - 1}`);
      next++;
    }
    if (from >= 0) pieces.push({ file, from, to: next });
  }
  if (!head) throw new Error(`${files.join(", ")} hold no games`);
  const games = head.r["games"] as number;
  const ordered = checkTiling(pieces, games);
  // Second pass: in game order, each line as a single run writes it (no shard).
  const game = gameOf(o, head.r["game"], head.file);
  const players = (head.r["options"] as { players?: number } | undefined)?.players ?? 0;
  const tally = emptyTally(players);
  for (const p of ordered) {
    for await (const line of linesOf(p.file)) {
      const r = JSON.parse(line) as Record<string, unknown> & { steps: number; illegalActions: number; outcome: null; bots: string[] };
      r["shard"] = null;
      sink.write(JSON.stringify(r) + "\n");
      tallyRecord(tally, r);
    }
  }
  if (outPath === "-") return;
  const r = head.r;
  const prov: Provenance = { game: game.id, rulesVersion: r["rulesVersion"] as number, versions: r["versions"] as Record<string, string>, masterSeed: r["masterSeed"] as string | number, games, players, options: r["options"] as Record<string, unknown>, bots: r["bots"] as string[], maxSteps: r["maxSteps"] as number, shard: null };
  const doc = reportDocument(game, prov, tally, [[0, games]]);
  o.out(formatReport(game, doc, format, { seconds: 0, after: [`Merged ${files.length} files into ${outPath} (games 0..${games - 1})`] }).replace(/^Elapsed: .*\n/m, ""));
}

export async function mergeCommand(args: ParsedArgs, o: RunOptions): Promise<void> {
  allowOnly("merge", args, ["out", "report"]);
  const files = args.positionals.slice(1);
  if (files.length === 0) throw new UsageError(`"merge" needs files: the JSON reports (--report json) or the records or trajectories files of the shards of one simulation`);
  const report = args.values["report"] ?? "text";
  if (report !== "text" && report !== "json" && report !== "html") throw new UsageError(`--report takes text, json or html, got ${String(report)}`);
  const out = args.values["out"];
  if (out === "" || out === true) throw new UsageError('--out needs a file name (or "-" for standard output)');
  // A JSON report is written indented: its first line is "{" alone.
  const kinds = await Promise.all(files.map(async (f) => ((await firstLine(f)) === "{" ? "report" : "lines")));
  if (kinds.every((k) => k === "report")) {
    if (out !== undefined) throw new UsageError("merging reports prints the merged report: --out is for records and trajectories");
    await mergeReports(files, o, report);
    return;
  }
  if (kinds.some((k) => k === "report")) throw new UsageError("give either reports or records and trajectories files, not both");
  if (out === undefined) throw new UsageError('merging records or trajectories needs --out FILE (or "-"): where the whole file goes');
  if (out === "-" && report !== "text") throw new UsageError(`--report ${report} and --out - both write to standard output: give --out a file`);
  await mergeLines(files, o, String(out), report);
}
