import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run, type WorkerRunner } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";

// `rules simulate --workers K` changes nothing but speed: the whole report (win rates, scores,
// lengths, spread, illegal actions, unfinished games) is the one a single process prints, for
// every K and every game. Workers run in this process here (RunOptions.worker), through the same
// command lines a child process gets; test/cli/records.test.ts runs real child processes.

const dir = mkdtempSync(join(tmpdir(), "workers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inProcess: WorkerRunner = async (argv, onOutput) => {
  const code = await run(argv, { games, out: onOutput, err: () => undefined });
  if (code !== 0) throw new Error(`worker ${argv.join(" ")} exited with ${code}`);
};

async function report(argv: string[], isTTY = false): Promise<{ out: string; err: string }> {
  let out = "";
  let err = "";
  // A clock that stands still: no progress line falls due off a terminal, however slow the machine.
  const code = await run(argv, { games, out: (t) => void (out += t), err: (t) => void (err += t), worker: inProcess, isTTY, now: () => 0 });
  expect(code, err).toBe(0);
  // Only the elapsed time may differ, and the line after the report that says how many workers ran.
  return { out: out.replace(/^Elapsed: .*$/m, "Elapsed: -").replace(/^Workers: \d+ processes\n/m, ""), err };
}

/**
 * Every game of the CLI, and every map of Age of Steam; random bots (the property is the
 * driver's, and Age of Steam's default thrifty bot plays games too long for a unit test).
 */
const series: Array<{ label: string; argv: string[] }> = [
  ...Object.keys(games).map((id) => ({ label: id, argv: [id, "--bots", "random"] })),
  { label: "age-of-steam-exp, Orient Express", argv: ["age-of-steam-exp", "--map", "orient-express", "--players", "4", "--bots", "random"] },
  { label: "age-of-steam-exp, Amusement Park (solo)", argv: ["age-of-steam-exp", "--map", "amusement-park", "--players", "1", "--bots", "random"] },
  { label: "steamrollers, solo", argv: ["steamrollers", "--players", "1", "--bots", "random"] },
];

describe("rules simulate: the report does not depend on --workers", () => {
  for (const s of series) {
    it(`${s.label}: one process, --workers 1, 2 and 3 print the same report`, async () => {
      const base = ["simulate", ...s.argv, "--games", "5", "--seed", "11"];
      const one = await report(base);
      expect(one.out).toMatch(/Game length: +mean/);
      expect(one.out).toMatch(/Illegal actions: 0/);
      for (const k of ["1", "2", "3"]) expect((await report([...base, "--workers", k])).out, `--workers ${k}`).toBe(one.out);
    });
  }

  it("with --out FILE the report is the same and the file holds every record", async () => {
    const base = ["simulate", "steam-park", "--players", "3", "--games", "4", "--seed", "2"];
    const one = await report(base);
    const file = join(dir, "sp.jsonl");
    const two = await report([...base, "--workers", "2", "--out", file]);
    expect(two.out).toBe(`${one.out}Wrote 4 records to ${file}\n`);
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(4);
  });

  it("a shard reports its own games, with the same figures as --range over them", async () => {
    const shard = await report(["simulate", "donkey-valley", "--games", "6", "--seed", "4", "--shard", "1/2"]);
    const range = await report(["simulate", "donkey-valley", "--games", "6", "--seed", "4", "--range", "3:6"]);
    expect(shard.out.split("\n")[0]).toBe("Donkey Valley: 3 games, 4 players, bots random, random, random, random (games 3..5 of 6, shard 1/2)");
    expect(shard.out.split("\n").slice(1)).toEqual(range.out.split("\n").slice(1));
  });

  it("worker mode shows the progress line on a terminal, and none elsewhere", async () => {
    const argv = ["simulate", "donkey-valley", "--games", "6", "--workers", "3"];
    const tty = await report(argv, true);
    expect(tty.err.startsWith("\rsimulating donkey-valley: 0/6 games (0%)")).toBe(true);
    expect(tty.err).toContain("\rsimulating donkey-valley: 6/6 games (100%)");
    expect((await report(argv, false)).err).toBe("");
  });
});
