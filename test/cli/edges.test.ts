// The rough edges of the `rules` command: each is a clear one-line error with the right exit code,
// or the right behaviour.
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, ftruncateSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defaultPlayers, type Game } from "@rules/core";
import { describe, expect, it } from "vitest";
import { benchGame, run } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";
import { describeGame, playGame } from "../../packages/cli/src/play.js";
import { workerCount } from "../../packages/cli/src/simulate-command.js";
import { MAX_LOG_BYTES } from "../../packages/cli/src/files.js";
import { highCard } from "../core/fixtures/high-card.js";
import { nodeArgs } from "../programs.js";

const small: Record<string, Game> = { "high-card": highCard };

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await run(argv, { games: small, out: (s) => void (out += s), err: (s) => void (err += s), version: "9.9.9" });
  return { code, out, err };
}

/** Exit `code`, nothing on stdout, one `rules:` line on stderr matching `message`. */
async function refused(argv: string[], code: number, message: RegExp): Promise<void> {
  const r = await cli(...argv);
  expect(r.out).toBe("");
  expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(/^rules: \S/);
  expect(r.err).toMatch(message);
  expect(r.code).toBe(code);
}

const tmp = mkdtempSync(join(tmpdir(), "rules-edges-"));

describe("files", () => {
  it("--out and --log into a folder that does not exist say so, before any game is played", async () => {
    const missing = join(tmp, "no-such-folder", "games.jsonl");
    await refused(["simulate", "high-card", "--out", missing], 1, /cannot write .*games\.jsonl: the folder .*no-such-folder does not exist\n$/);
    await refused(["play", "high-card", "--log", missing], 1, /the folder .*no-such-folder does not exist/);
    await refused(["simulate", "high-card", "--out", tmp], 1, /cannot write .*: it is a folder\n$/);
    await refused(["simulate", "high-card", "--out"], 2, /--out/);
    await refused(["simulate", "high-card", "--out="], 2, /--out needs a file name/);
  });

  it("replay of a folder says it is a folder", async () => {
    const folder = join(tmp, "logs");
    mkdirSync(folder);
    await refused(["replay", folder], 1, /logs is a folder, not a file\n$/);
  });

  it("replay reads at most MAX_LOG_BYTES: /dev/zero and a 40 MB file are refused with the limit", async () => {
    await refused(["replay", "/dev/zero"], 1, /^rules: \/dev\/zero is larger than 33,554,432 bytes, the most a log may hold/);
    const big = join(tmp, "big.json");
    const fd = openSync(big, "w");
    ftruncateSync(fd, 40 * 1024 * 1024); // sparse: no 40 MB written to the disk
    closeSync(fd);
    await refused(["replay", big], 1, /big\.json is larger than 33,554,432 bytes/);
    expect(MAX_LOG_BYTES).toBe(32 * 1024 * 1024);
  });
});

describe("bots, seeds and workers", () => {
  it("--bots mcts:0 and the like are usage errors that say what is wrong", async () => {
    await refused(["play", "high-card", "--bots", "mcts:0"], 2, /bot "mcts:0": the iterations per decision must be from 1 to 100,000/);
    await refused(["simulate", "high-card", "--bots", "random,mcts:0"], 2, /bot "mcts:0": the iterations/);
    await refused(["play", "high-card", "--bots", "mcts:20/0"], 2, /the playout cut-off must be from 1/);
    await refused(["play", "high-card", "--bots", "mcts:0ms"], 2, /the time per decision must be from 1/);
    await refused(["play", "high-card", "--bots", "genius"], 2, /unknown bot "genius"; known bots: random, mcts,/);
  });

  it("simulate --bots mcts:5ms is a usage error (exit 2) saying a time budget is not reproducible", async () => {
    await refused(["simulate", "high-card", "--bots", "mcts:5ms"], 2, /bot "mcts:5ms" is a time budget, which needs a clock: a series of games played here must be reproducible/);
    await refused(["simulate", "high-card", "--bots", "mcts:5ms", "--out", "-"], 2, /time budget/);
  });

  it("--seed 1.5 and other numbers that are not integers are refused; integers and words are seeds", async () => {
    for (const seed of ["1.5", "1e3", "+5", ".5", "-2.0", "12345678901234567"]) {
      await refused(["play", "high-card", `--seed=${seed}`], 2, /--seed .* (is not an integer|is too large)/);
    }
    for (const [seed, expected] of [["-5", "-5"], ["007", "7"], ["s1.5", '"s1.5"'], ["1.5x", '"1.5x"']] as const) {
      const r = await cli("play", "high-card", `--seed=${seed}`);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`seed ${expected}\n`);
    }
  });

  it("--workers is capped by the games and the cores", async () => {
    expect(workerCount(999, 3, 2)).toBe(2);
    expect(workerCount(999, 3, 64)).toBe(3);
    expect(workerCount(4, 100, 8)).toBe(4);
    expect(workerCount(8, 0, 8)).toBe(1);
    const out = execFileSync(...nodeArgs("rules", "simulate", "donkey-valley", "--games", "3", "--workers", "999"), { encoding: "utf8" });
    const k = Math.min(3, availableParallelism());
    expect(out).toMatch(/^Donkey Valley: 3 games, 4 players, bots random, random, random, random\n/);
    expect(out).toMatch(k === 1 ? /Elapsed: [^\n]*\n$/ : new RegExp(`\\nWorkers: ${k} processes\\n$`));
  });
});

describe("help", () => {
  const commands = ["play", "simulate", "replay", "bench", "list", "serve"];
  it("rules <command> --help and rules help <command> print that command's usage alone", async () => {
    for (const c of commands) {
      const r = await cli(c, "--help");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^Usage: rules ${c}\\b`));
      for (const other of commands.filter((o) => o !== c)) expect(r.out).not.toMatch(new RegExp(`^Usage: rules ${other}\\b|^  ${other} `, "m"));
      expect((await cli("help", c)).out).toBe(r.out);
    }
    expect((await cli("play", "--help")).out).toContain("--bots a,b,...");
    expect((await cli("simulate", "--help")).out).toMatch(/--players n +number of seats/); // its own lines, not "as for play"
    expect((await cli("--help")).out).toMatch(/^Usage: rules <command> \[options\]/);
  });
});

describe("bench keeps to its budget", () => {
  it("on a clock that runs with the work done, bench --seconds 5 ends within 0.2% of 5 s (the sample games used to come on top)", () => {
    let t = 0;
    const cost = <F extends (...a: never[]) => unknown>(f: F, ms: number): F => ((...a: never[]) => ((t += ms), f(...a))) as F;
    const dv = games["donkey-valley"]!;
    // Costs roughly in the proportions of Donkey Valley's real ones: the checked path is the dearest.
    const timedGame: Game = {
      ...dv,
      apply: cost(dv.apply, 1),
      applyUnchecked: cost(dv.applyUnchecked, 0.2),
      applyInPlace: cost(dv.applyInPlace, 0.001),
      legalActions: cost(dv.legalActions, 0.001),
      playerView: cost(dv.playerView, 0.01),
    };
    const r = benchGame(timedGame, { seconds: 5, now: () => t });
    expect(r.seconds).toBeGreaterThanOrEqual(5);
    expect(r.seconds).toBeLessThan(5.01);
  });
});

describe("plurals", () => {
  it("no log line of any game or of simulate says '1 players', '1 dice', '1 points' and the like", async () => {
    const one = /(?<![\d.,$+\-−/])\b1 (players|dice|visitors|points|stands|additional grounds|exits|links|placements|cards|goods|games|workers)\b/;
    for (const g of Object.values(games)) {
      const n = g.id === "steam-park" || g.id === "steamrollers" ? g.minPlayers : defaultPlayers(g);
      for (const seed of [1, 2]) {
        const p = playGame(g, seed, n, Array<string>(n).fill(g.id === "age-of-steam-exp" ? "thrifty" : "random"));
        const bad = describeGame(g, p.states, p.actions).filter((l) => one.test(l));
        expect(bad, `${g.id} seed ${seed}`).toEqual([]);
      }
    }
    let out = "";
    expect(await run(["simulate", "high-card", "--games", "1"], { games: small, out: (s) => void (out += s), err: () => {} })).toBe(0);
    expect(out).toMatch(/^High Card: 1 game, 2 players/);
  });
});
