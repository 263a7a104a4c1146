import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { cloneJson, playRecords, replayStates, stateHash, type BaseAction, type Game } from "@rules/core";
import { afterAll, describe, expect, it } from "vitest";
import { run, type WorkerRunner } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";

// Issue 33: trajectories that replay exactly, and `rules merge`, which makes the shards of one
// simulation (reports, records, trajectories) exactly what a single run writes, and refuses
// shards that overlap, are missing, or belong to another simulation.

const dir = mkdtempSync(join(tmpdir(), "merge-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await run(argv, { games, out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

const f = (name: string): string => join(dir, name);
const text = (name: string): string => (name.endsWith(".gz") ? gunzipSync(readFileSync(f(name))).toString("utf8") : readFileSync(f(name), "utf8"));

interface Trajectory {
  game: string;
  rulesVersion: number;
  masterSeed: number;
  index: number;
  seed: number;
  options: Record<string, unknown>;
  actions: BaseAction[];
  actors: number[];
  active: number[][];
  finalHash: string;
  steps: number;
  outcome: { scores: number[] } | null;
}

/** The hash of every state game `t.index` of the simulation went through, as `rules simulate` played it (random bots). */
function hashesOfRun(game: Game, t: Trajectory, players: number): string[] {
  const hashes: string[] = [];
  const watched: Game = Object.create(game);
  watched.initialStateInPlace = (seed, options) => {
    const s = game.initialStateInPlace ? game.initialStateInPlace(seed, options) : cloneJson(game.initialState(seed, options));
    hashes.push(stateHash(s));
    return s;
  };
  watched.applyInPlace = (state, action) => {
    game.applyInPlace!(state, action);
    hashes.push(stateHash(state));
  };
  const [record] = playRecords(watched, t.index, t.index + 1, { seed: t.masterSeed, players, bots: ["random"], trajectory: true });
  expect(record!.actions).toEqual(t.actions);
  return hashes;
}

describe("--trajectories", () => {
  // Steam Park has simultaneous steps (its draft and dice race), Donkey Valley its load cards.
  for (const [id, players] of [["steam-park", "3"], ["donkey-valley", "4"], ["steamrollers", "1"]] as const) {
    it(`${id}: replaying every written game reproduces every state hash of the run that wrote it, and who could act at every step`, async () => {
      const name = `${id}-traj.jsonl.gz`;
      const r = await cli("simulate", id, "--games", "3", "--players", players, "--seed", "5", "--trajectories", f(name), "--out", f(`${id}.jsonl`));
      expect(r.code, r.err).toBe(0);
      const lines = text(name).trim().split("\n");
      const records = text(`${id}.jsonl`).trim().split("\n").map((l) => JSON.parse(l) as { actionsHash: string; outcome: unknown });
      expect(lines).toHaveLength(3);
      const game = games[id]!;
      lines.forEach((line, i) => {
        const t = JSON.parse(line) as Trajectory;
        const states = replayStates(game, { game: t.game, rulesVersion: t.rulesVersion, seed: t.seed, options: t.options, actions: t.actions });
        expect(stateHash(states[states.length - 1])).toBe(t.finalHash);
        expect(states).toHaveLength(t.steps + 1);
        t.actions.forEach((_, s) => {
          expect(game.activePlayers(states[s]!)).toEqual(t.active[s]);
          expect(t.active[s]).toContain(t.actors[s]);
        });
        expect(stateHash(t.actions)).toBe(records[i]!.actionsHash);
        expect(t.outcome).toEqual(records[i]!.outcome);
        // The file keeps the final hash only: the hash of every state comes from playing the game again as the
        // run did (its master seed and index), watched step by step.
        const original = hashesOfRun(game, t, Number(players));
        expect(original.at(-1)).toBe(t.finalHash);
        expect(states.map((st) => stateHash(st))).toEqual(original);
      });
    });
  }
});

describe("rules merge", () => {
  const base = ["simulate", "donkey-valley", "--games", "7", "--seed", "12", "--players", "3", "--bots", "mcts:8,random"];

  it("shard reports merge into exactly the single run's report (JSON, text)", async () => {
    const whole = await cli(...base, "--report", "json");
    expect(whole.code, whole.err).toBe(0);
    for (let i = 0; i < 3; i++) writeFileSync(f(`r${i}.json`), (await cli(...base, "--shard", `${i}/3`, "--report", "json")).out);
    const merged = await cli("merge", f("r2.json"), f("r0.json"), f("r1.json"), "--report", "json");
    expect(merged.code, merged.err).toBe(0);
    expect(merged.out).toBe(whole.out);
    const textWhole = (await cli(...base)).out.replace(/^Elapsed: .*\n/m, "");
    expect((await cli("merge", f("r0.json"), f("r1.json"), f("r2.json"))).out).toBe(`${textWhole}Merged 3 reports\n`);
  });

  it("shard records and trajectories merge into exactly the single run's files", async () => {
    expect((await cli(...base, "--out", f("whole.jsonl"), "--trajectories", f("whole-t.jsonl.gz"))).code).toBe(0);
    for (let i = 0; i < 2; i++) expect((await cli(...base, "--shard", `${i}/2`, "--out", f(`p${i}.jsonl`), "--trajectories", f(`t${i}.jsonl.gz`))).code).toBe(0);
    const m = await cli("merge", f("p1.jsonl"), f("p0.jsonl"), "--out", f("merged.jsonl"));
    expect(m.code, m.err).toBe(0);
    expect(m.out).toContain(`Merged 2 files into ${f("merged.jsonl")} (games 0..6)`);
    expect(text("merged.jsonl")).toBe(text("whole.jsonl"));
    expect((await cli("merge", f("t0.jsonl.gz"), f("t1.jsonl.gz"), "--out", f("merged-t.jsonl.gz"))).code).toBe(0);
    expect(text("merged-t.jsonl.gz")).toBe(text("whole-t.jsonl.gz"));
    // The report of merged records is the single run's too.
    const fromRecords = await cli("merge", f("p0.jsonl"), f("p1.jsonl"), "--out", f("again.jsonl"), "--report", "json");
    expect(fromRecords.out).toBe((await cli(...base, "--report", "json")).out);
  });

  it("--workers 3 writes the single run's records and trajectories (the parts are joined in game order)", async () => {
    const inProcess: WorkerRunner = async (argv, onOutput) => void expect(await run(argv, { games, out: onOutput, err: () => undefined })).toBe(0);
    const code = await run([...base, "--workers", "3", "--out", f("w.jsonl"), "--trajectories", f("w-t.jsonl.gz")], { games, out: () => undefined, err: () => undefined, worker: inProcess });
    expect(code).toBe(0);
    expect(text("w.jsonl")).toBe(text("whole.jsonl"));
    expect(text("w-t.jsonl.gz")).toBe(text("whole-t.jsonl.gz"));
  });

  it("refuses overlapping shards, missing shards and files of another simulation, saying which", async () => {
    const overlap = await cli("merge", f("r0.json"), f("r0.json"), f("r1.json"), f("r2.json"));
    expect(overlap.code).toBe(1);
    expect(overlap.err).toMatch(/r0\.json and .*r0\.json overlap: both hold games 0\.\.1/);
    const missing = await cli("merge", f("r0.json"), f("r2.json"));
    expect(missing.err).toMatch(/games 2\.\.3 of 7 are missing: no file holds them/);
    const tail = await cli("merge", f("p0.jsonl"), "--out", f("x.jsonl"));
    expect(tail.err).toMatch(/games 3\.\.6 of 7 are missing/);
    writeFileSync(f("other.json"), (await cli(...base.map((a) => (a === "12" ? "13" : a)), "--shard", "1/3", "--report", "json")).out);
    const other = await cli("merge", f("r0.json"), f("other.json"), f("r2.json"));
    expect(other.err).toMatch(/are of different simulations: their masterSeed differ \(12 and 13\)/);
    const mixed = await cli("merge", f("p0.jsonl"), f("t1.jsonl.gz"), "--out", f("y.jsonl"));
    expect(mixed.err).toMatch(/do not hold the same kind of lines/);
    expect((await cli("merge", f("p0.jsonl"), f("p1.jsonl"), "--out", f("p0.jsonl"))).code).toBe(2);
  });
});
