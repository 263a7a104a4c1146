import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { emptyTally, mergeTallies, playRecords, reportOfTally, simulate, tallyRecord, type GameRecord } from "@rules/core";
import { game as dv } from "@rules/donkey-valley";
import { afterAll, describe, expect, it } from "vitest";
import { run, type WorkerRunner } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";
import { progress, progressText } from "../../packages/cli/src/progress.js";
import { canonicalTally } from "../../packages/cli/src/simulate-report.js";
import { commandLine } from "../programs.js";

// `rules simulate` streams (issue 30, items 2 and 14; issue 33, provenance and --options): the
// statistics are sums whose size does not grow with the number of games, every record is written
// as its game ends, a long run says how long it will take, outputs are opened and tried before the
// first game, and a record carries everything needed to play its game again.

const dir = mkdtempSync(join(tmpdir(), "simulate-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[], extra: { isTTY?: boolean; now?: () => number } = {}): Promise<{ code: number; out: string; err: string; writes: string[] }> {
  const writes: string[] = [];
  let err = "";
  const code = await run(argv, { games, out: (t) => void writes.push(t), err: (t) => void (err += t), ...extra });
  return { code, out: writes.join(""), err, writes };
}

/** A record of a finished game with these scores (winners: the highest). */
function fake(scores: number[], steps: number): Pick<GameRecord, "bots" | "steps" | "illegalActions" | "outcome"> {
  const top = Math.max(...scores);
  const winners = scores.flatMap((s, p) => (s === top ? [p] : []));
  return { bots: ["random", "random"], steps, illegalActions: 0, outcome: { scores, ranks: scores.map(() => 1), winners } };
}

describe("the tally holds sums, not games", () => {
  it("its size does not grow with the number of games (100 or 100,000 games of the same values)", () => {
    const size = (n: number): number => {
      const t = emptyTally(2);
      for (let i = 0; i < n; i++) tallyRecord(t, fake([i % 7, (i * 3) % 7], 50 + (i % 5)));
      // Every field of the tally: numbers, and histograms keyed by the distinct values.
      const keys = Object.keys(t.lengthCounts).length + t.scoreCounts.reduce((s, h) => s + Object.keys(h).length, 0);
      expect(t.games).toBe(n);
      return keys;
    };
    expect(size(100_000)).toBe(size(100));
    expect(size(100)).toBe(5 + 7 + 7);
  });

  it("tallies of parts add up exactly to the tally of the whole, in any order", () => {
    const records = playRecords(dv, 0, 12, { seed: 8, players: 3 });
    const whole = emptyTally(3);
    for (const r of records) tallyRecord(whole, r);
    const a = emptyTally(3);
    const b = emptyTally(3);
    records.slice(0, 5).forEach((r) => tallyRecord(a, r));
    records.slice(5).forEach((r) => tallyRecord(b, r));
    expect(canonicalTally(mergeTallies(b, a))).toEqual(canonicalTally(whole));
    expect(reportOfTally(dv, mergeTallies(a, b))).toEqual(reportOfTally(dv, whole));
    expect(reportOfTally(dv, whole)).toEqual(simulate(dv, { games: 12, seed: 8, players: 3 }));
  });
});

describe("rules simulate streams", () => {
  it("writes each record when its game ends, one write per game, not all at the end", async () => {
    let progressCalls = 0;
    const r = await cli(["simulate", "donkey-valley", "--games", "5", "--seed", "2", "--out", "-"], { now: () => (progressCalls++, 0) });
    expect(r.code).toBe(0);
    expect(r.writes).toHaveLength(5);
    expect(r.writes.every((w) => w.endsWith("\n") && w.split("\n").length === 2)).toBe(true);
    expect(r.writes.map((w) => (JSON.parse(w) as { index: number }).index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("off a terminal, a progress line with an estimate every few seconds", async () => {
    let t = 0;
    const r = await cli(["simulate", "donkey-valley", "--games", "6"], { isTTY: false, now: () => (t += 2000) });
    expect(r.code).toBe(0);
    const lines = r.err.trim().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatch(/^simulating donkey-valley: \d\/6 games \([\d.]+%\), [\d.]+ games\/s, about \d+ s left$/);
  });

  it("the estimate reads in minutes, hours or days for a long run", () => {
    expect(progressText("x", 1000, 1_000_000_000, 10_000)).toBe("simulating x: 1,000/1,000,000,000 games (0%), 100 games/s, about 115.7 days left");
    const lines: string[] = [];
    let t = 0;
    const p = progress({ err: (s) => void lines.push(s), isTTY: false, now: () => t, everyMs: 5000 }, "x", 100);
    for (let done = 1; done <= 100; done++) {
      t += 1000;
      p.tick(done);
    }
    expect(lines).toHaveLength(19);
  });
});

describe("workers", () => {
  it("one worker failing stops the others and fails the run", async () => {
    let aborted = 0;
    const worker: WorkerRunner = (argv, _onOutput, signal) =>
      argv.includes("--range=0:2")
        ? Promise.reject(new Error("worker 0 broke"))
        : new Promise<void>((resolve) => signal!.addEventListener("abort", () => (aborted++, resolve())));
    let err = "";
    const code = await run(["simulate", "donkey-valley", "--games", "4", "--workers", "2"], { games, out: () => undefined, err: (t) => void (err += t), worker });
    expect(code).toBe(1);
    expect(err).toBe("rules: worker 0 broke\n");
    expect(aborted).toBe(1);
  });
});

describe("outputs are opened and tried before the first game", () => {
  it("--out /dev/full fails at once, before any game (no progress line)", async () => {
    for (const flag of ["--out", "--trajectories"]) {
      const r = await cli(["simulate", "donkey-valley", "--games", "3", flag, "/dev/full"], { isTTY: true });
      expect(r.code).toBe(1);
      expect(r.err).toBe("rules: cannot write /dev/full: no space left on the device\n");
      expect(r.out).toBe("");
    }
  });

  it("a path that cannot be written fails at once, with the reason", async () => {
    const file = join(dir, "plain");
    writeFileSync(file, "x");
    const r = await cli(["simulate", "donkey-valley", "--games", "3", "--out", join(file, "x.jsonl")], { isTTY: true });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^rules: cannot write .*: a part of the path before the file name is not a folder\n$/);
    expect((await cli(["simulate", "donkey-valley", "--out", dir], { isTTY: true })).err).toMatch(/it is a folder\n$/);
  });

  it("a FIFO with no reader is refused, not waited on (--out, --trajectories, play --log)", async () => {
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    const why = `rules: cannot write ${fifo}: it is a FIFO that no process is reading (start the reader first)\n`;
    expect((await cli(["simulate", "donkey-valley", "--games", "2", "--out", fifo])).err).toBe(why);
    expect((await cli(["simulate", "donkey-valley", "--games", "2", "--trajectories", fifo])).err).toBe(why);
    expect((await cli(["play", "donkey-valley", "--log", fifo])).err).toBe(why);
  });

  it("a FIFO with a reader gets every record", () => {
    const fifo = join(dir, "fifo-read");
    execFileSync("mkfifo", [fifo]);
    const script = `cat ${fifo} > ${join(dir, "got.jsonl")} & sleep 0.2; ${commandLine("rules")} simulate donkey-valley --games 4 --out ${fifo}; wait`;
    execFileSync("sh", ["-c", script]);
    expect(readFileSync(join(dir, "got.jsonl"), "utf8").trim().split("\n")).toHaveLength(4);
  });
});

describe("--options and provenance", () => {
  it("--options is checked as initialState checks it", async () => {
    const bad = await cli(["simulate", "steamrollers", "--players", "1", "--options", '{"difficulty":"wizard"}']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/difficulty/);
    expect((await cli(["simulate", "steamrollers", "--options", "[1]"])).code).toBe(2);
    expect((await cli(["simulate", "steamrollers", "--options", "{"])).code).toBe(2);
    expect((await cli(["simulate", "steamrollers", "--players", "2", "--options", '{"players":3}'])).code).toBe(2);
  });

  it("a solo difficulty is played and recorded", async () => {
    const r = await cli(["simulate", "steamrollers", "--games", "2", "--options", '{"players":1,"difficulty":"railBaron"}', "--out", "-"]);
    expect(r.code, r.err).toBe(0);
    const rec = JSON.parse(r.writes[0]!) as { options: Record<string, unknown> };
    expect(rec.options).toEqual({ difficulty: "railBaron", players: 1 });
  });

  it("any row re-runs from its record alone and gives the same record", async () => {
    const file = join(dir, "prov.jsonl");
    const first = await cli(["simulate", "donkey-valley", "--games", "6", "--seed", "road", "--players", "3", "--bots", "mcts:15,random", "--shard", "1/2", "--out", file]);
    expect(first.code, first.err).toBe(0);
    const lines = readFileSync(file, "utf8").trim().split("\n");
    for (const line of lines) {
      const r = JSON.parse(line) as { game: string; masterSeed: string | number; games: number; options: Record<string, unknown>; bots: string[]; index: number; rulesVersion: number; versions: Record<string, string>; shard: string };
      expect(r.versions["@rules/donkey-valley"]).toMatch(/^\d+\.\d+\.\d+/);
      expect(r.rulesVersion).toBe(dv.rulesVersion);
      expect(r.bots).toEqual(["mcts:15", "random", "mcts:15"]);
      const { players, ...options } = r.options;
      const again = await cli(["simulate", r.game, `--games=${r.games}`, `--seed=${r.masterSeed}`, `--players=${String(players)}`, `--options=${JSON.stringify(options)}`, `--bots=${r.bots.join(",")}`, `--shard=${r.shard}`, `--range=${r.index}:${r.index + 1}`, "--out=-"]);
      expect(again.out).toBe(line + "\n");
    }
  });

  it("the JSON report carries the provenance, the intervals and the tally", async () => {
    const r = await cli(["simulate", "donkey-valley", "--games", "4", "--bots", "mcts:10,random", "--report", "json"]);
    const doc = JSON.parse(r.out) as Record<string, unknown>;
    expect(doc).toMatchObject({ kind: "rules-simulation-report", game: "donkey-valley", masterSeed: 1, games: 4, shard: null, ranges: [[0, 4]], bots: ["mcts:10", "random", "mcts:10", "random"] });
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(["versions", "rulesVersion", "options", "winInterval95BySeat", "tally", "report"]));
  });
});
