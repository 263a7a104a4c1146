import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ActionLogSchema, replay, type ActionLog, type Game } from "@rules/core";
import { describe, expect, it } from "vitest";
import { run, benchGame, formatBench } from "../../packages/cli/src/index.js";
import * as z from "zod";
import { highCard } from "../core/fixtures/high-card.js";
import { game as ageOfSteam } from "@rules/age-of-steam-exp";

const games: Record<string, Game> = { "high-card": highCard };

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await run(argv, { games, out: (s) => void (out += s), err: (s) => void (err += s), version: "9.9.9" });
  return { code, out, err };
}

/** One `rules:` line on stderr, no stack trace. */
function expectOneErrorLine(err: string): void {
  const lines = err.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^rules: \S/);
  expect(err).not.toMatch(/\n\s+at /);
}

const tmp = mkdtempSync(join(tmpdir(), "rules-cli-"));
function tempFile(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

async function jsonLog(...extra: string[]): Promise<ActionLog> {
  const r = await cli("play", "high-card", "--json", ...extra);
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as ActionLog;
}

describe("rules play", () => {
  it("prints a header, one numbered line per action and the winner", async () => {
    const r = await cli("play", "high-card", "--players", "3", "--seed", "7");
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(r.out).toMatch(/^High Card \(high-card, rules v1\) -- 3 players, seed 7\n/);
    expect(r.out).toContain("Bots: seat 0 random, seat 1 random, seat 2 random");
    const actionLines = r.out.split("\n").filter((l) => /^\s+\d+\. /.test(l));
    expect(actionLines).toHaveLength(9); // 3 rounds x 3 seats
    expect(actionLines[0]).toMatch(/^\s+1\. Seat [0-2] plays a card face down$/); // a simultaneous step: the seeded scheduler picks who goes first
    // Events the game reports by itself follow the action that caused them, indented.
    expect(r.out).toMatch(/^ +· Round 1$/m);
    expect(r.out).toMatch(/^ +3\. Seat \d plays a card face down\n +· Revealed: seat 0 \d+, seat 1 \d+, seat 2 \d+\n +· Round 2$/m);
    expect(r.out).toMatch(/^ +· The game is over$/m);
    expect(r.out).toMatch(/^(Winner: seat \d|Winners \(shared\): seats \d)/m);
    expect(r.out).toMatch(/rank 1/);
  });

  it("defaults to the game's default player count, seed 1 and random bots", async () => {
    const r = await cli("play", "high-card");
    expect(r.out).toMatch(/2 players, seed 1\n/);
    expect(r.out).toContain("Bots: seat 0 random, seat 1 random");
    // A game whose OptionsSchema defaults to 3 seats (not its minimum of 2): every command follows it.
    const threeByDefault: Game = { ...highCard, schemas: { ...highCard.schemas, options: z.object({ players: z.number().int().default(3) }) } };
    const three = { "high-card": threeByDefault };
    let out = "";
    for (const argv of [["play", "high-card"], ["simulate", "high-card", "--games", "2"], ["bench", "high-card", "--seconds", "0.05"]]) {
      expect(await run(argv, { games: three, out: (s) => void (out += s), err: () => {} })).toBe(0);
    }
    expect(out).toMatch(/3 players, seed 1\n/);
    expect(out).toMatch(/2 games, 3 players/);
    expect(out).toMatch(/\| high-card \| 3 \|/);
  });

  it("is deterministic: same seed, same output; another seed, another game", async () => {
    const a = await cli("play", "high-card", "--seed", "42", "--bots", "random,mcts");
    const b = await cli("play", "high-card", "--seed", "42", "--bots", "random,mcts");
    expect(a.out).toBe(b.out);
    const logs = await Promise.all(["1", "2", "3", "4"].map((s) => jsonLog("--seed", s)));
    expect(new Set(logs.map((l) => l.finalHash)).size).toBeGreaterThan(1);
  });

  it("accepts word seeds", async () => {
    const log = await jsonLog("--seed", "hello");
    expect(log.seed).toBe("hello");
  });

  it("--json prints a valid action log that replay accepts", async () => {
    const log = await jsonLog("--players", "4", "--seed", "5");
    expect(ActionLogSchema.safeParse(log).success).toBe(true);
    expect(log).toMatchObject({ game: "high-card", rulesVersion: 1, seed: 5, options: { players: 4 } });
    expect(log.actions).toHaveLength(12);
    expect(log.finalHash).toMatch(/^[0-9a-f]{16}$/);
    expect(() => replay(highCard, log)).not.toThrow();
  });

  it("--log writes the log to a file as well", async () => {
    const path = join(tmp, "written.json");
    const r = await cli("play", "high-card", "--log", path);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Log written to ${path}`);
    const again = await cli("replay", path);
    expect(again.code).toBe(0);
  });
});

describe("rules replay", () => {
  it("replays a saved log with the same readable lines as play and checks its hash", async () => {
    const log = await jsonLog("--seed", "3");
    const path = tempFile("good.json", JSON.stringify(log));
    const r = await cli("replay", path);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    const played = await cli("play", "high-card", "--seed", "3");
    const actionLines = (s: string) => s.split("\n").filter((l) => /^\s+(\d+\.|·) /.test(l));
    expect(actionLines(r.out)).toEqual(actionLines(played.out));
    expect(r.out).toContain(`final state hash ${log.finalHash} matches the log`);
    expect(r.out).toMatch(/^Winners?[: ]/m);
  });

  const bad: Array<[string, (log: ActionLog) => string]> = [
    ["bad JSON", (log) => JSON.stringify(log).slice(0, -5)],
    ["not a log", () => JSON.stringify({ hello: "world" })],
    ["a wrong finalHash", (log) => JSON.stringify({ ...log, finalHash: "0123456789abcdef" })],
    ["an illegal action", (log) => JSON.stringify({ ...log, actions: [{ ...log.actions[0]!, card: 99 }, ...log.actions.slice(1)] })],
    ["an action out of turn", (log) => JSON.stringify({ ...log, actions: [log.actions[0]!, log.actions[0]!] })],
    ["an unknown game", (log) => JSON.stringify({ ...log, game: "chess" })],
    ["another rules version", (log) => JSON.stringify({ ...log, rulesVersion: 99 })],
    ["invalid options", (log) => JSON.stringify({ ...log, options: { players: 9 } })],
  ];
  for (const [what, corrupt] of bad) {
    it(`refuses a log with ${what}: exit 1, one line`, async () => {
      const log = await jsonLog("--seed", "11");
      const path = tempFile(`bad-${what.replace(/\W+/g, "-")}.json`, corrupt(log));
      const r = await cli("replay", path);
      expect(r.code).toBe(1);
      expect(r.out).toBe("");
      expectOneErrorLine(r.err);
    });
  }

  it("numbers the bad action from 1, as the printed log does", async () => {
    const log = await jsonLog("--seed", "11");
    const path = tempFile("out-of-turn-2.json", JSON.stringify({ ...log, actions: [log.actions[0]!, log.actions[0]!] }));
    expect((await cli("replay", path)).err).toMatch(/^rules: Action 2 of the log: Seat 0 cannot act now/);
  });

  it("refuses a missing file with exit 1 and a missing argument with exit 2", async () => {
    const r = await cli("replay", join(tmp, "does-not-exist.json"));
    expect(r.code).toBe(1);
    expectOneErrorLine(r.err);
    expect(r.err).toContain("no such file");
    const u = await cli("replay");
    expect(u.code).toBe(2);
    expectOneErrorLine(u.err);
  });
});

describe("usage errors exit 2 with one line", () => {
  const cases: string[][] = [
    ["frobnicate"],
    ["play"],
    ["play", "chess"],
    ["play", "high-card", "--bots", "random,genius"],
    ["play", "high-card", "--bots", "random,random,random"],
    // Names every object inherits are no bots (this used to exit 1 with "bots[p].act is not a function").
    ["play", "high-card", "--bots", "constructor"],
    ["play", "high-card", "--bots", "toString"],
    ["simulate", "high-card", "--bots", "__proto__"],
    ["play", "high-card", "--players", "x"],
    ["play", "high-card", "--players", "0"],
    ["play", "high-card", "--players", "99"],
    ["play", "high-card", "--players", "2.5"],
    ["play", "high-card", "--games", "3"],
    ["play", "high-card", "--frob"],
    ["play", "high-card", "extra"],
    ["simulate", "high-card", "--games", "0"],
    ["simulate", "high-card", "--games", "-3"],
    ["simulate", "high-card", "--games", "many"],
    ["simulate", "high-card", "--players", "99"],
    ["bench", "high-card", "--seconds", "0"],
    ["bench", "high-card", "--seconds", "-1"],
    ["bench", "high-card", "--seconds", "1e"],
    ["--players", "3"],
    ["--seed", "2", "--json"],
    ["bench", "chess"],
    ["list", "extra"],
  ];
  for (const argv of cases) {
    it(argv.join(" "), async () => {
      const r = await cli(...argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expectOneErrorLine(r.err);
    });
  }

  it("an option without a command names the option and the commands", async () => {
    const r = await cli("--players", "3");
    expect(r.err).toMatch(/^rules: --players needs a command: rules <command> \[options\], commands: play, simulate/);
  });

  it("--map chooses the board (options.map) and an unknown map is a usage error with the game's message", async () => {
    const aos = { "age-of-steam-exp": ageOfSteam as unknown as Game };
    const go = async (...argv: string[]) => {
      let out = "";
      let err = "";
      const code = await run(argv, { games: aos, out: (t) => void (out += t), err: (t) => void (err += t), version: "9.9.9" });
      return { code, out, err };
    };
    const r = await go("play", "age-of-steam-exp", "--map", "orient-express", "--players", "5", "--json");
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as ActionLog).options).toEqual({ map: "orient-express", players: 5 });
    const bad = await go("play", "age-of-steam-exp", "--map", "nowhere");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`no map "nowhere"`);
    expect((await cli("list", "--map", "x")).code).toBe(2);
  });

  it("simulate and bench take --map too (the Amusement Park, solo), and pass it to every game and worker record", async () => {
    const aos = { "age-of-steam-exp": ageOfSteam as unknown as Game };
    const go = async (...argv: string[]) => {
      let out = "";
      let err = "";
      const code = await run(argv, { games: aos, out: (t) => void (out += t), err: (t) => void (err += t), version: "9.9.9" });
      return { code, out, err };
    };
    const sim = await go("simulate", "age-of-steam-exp", "--map", "amusement-park", "--players", "1", "--games", "4");
    expect(sim.code).toBe(0);
    expect(sim.out).toMatch(/Age of Steam: 4 games, 1 player,/);
    expect(sim.out).toMatch(/Illegal actions: 0/);
    const rec = await go("simulate", "age-of-steam-exp", "--map", "amusement-park", "--players", "1", "--games", "2", "--out", "-");
    expect(rec.code).toBe(0);
    const records = rec.out.trim().split("\n").map((l) => JSON.parse(l) as { options: Record<string, unknown> });
    expect(records.map((r) => r.options)).toEqual([{ map: "amusement-park", players: 1 }, { map: "amusement-park", players: 1 }]);
    // Without --players the seat count is the one the map takes (1), as for play and bench.
    const solo = await go("play", "age-of-steam-exp", "--map", "amusement-park", "--json");
    expect(solo.code).toBe(0);
    expect((JSON.parse(solo.out) as ActionLog).options).toEqual({ map: "amusement-park", players: 1 });
    const soloSim = await go("simulate", "age-of-steam-exp", "--map", "amusement-park", "--games", "1");
    expect(soloSim.out).toMatch(/Age of Steam: 1 game, 1 player,/);
    const wrong = await go("simulate", "age-of-steam-exp", "--map", "amusement-park", "--players", "4", "--games", "1");
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("Amusement Park gives no game length for 4 players");
    const bench = await go("bench", "age-of-steam-exp", "--map", "amusement-park", "--players", "1", "--seconds", "0.3");
    expect(bench.code).toBe(0);
    expect(bench.out).toMatch(/\| age-of-steam-exp \(amusement-park\) \| 1 \| checked `apply` \|/);
    expect(benchGame(ageOfSteam as unknown as Game, { seconds: 0.2, players: 1, options: { map: "amusement-park" } }).options).toEqual({ map: "amusement-park" });
  });

  it("shows the game's own message for a refused player count", async () => {
    const r = await cli("play", "high-card", "--players", "99");
    expect(r.err).toContain("High Card is for 2 to 4 players, not 99.");
  });
});

describe("rules simulate", () => {
  it("prints win rates summing to 100%, game length, spread and 0 illegal actions", async () => {
    const r = await cli("simulate", "high-card", "--games", "300", "--players", "3", "--seed", "2");
    expect(r.code).toBe(0);
    expect(r.err).toBe(""); // not a TTY: no progress line
    const rates = [...r.out.matchAll(/^\s+seat \d\s+random\s+([\d.]+)%/gm)].map((m) => Number(m[1]));
    expect(rates).toHaveLength(3);
    expect(rates.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    expect(r.out).toMatch(/Game length: +mean 9 actions, min 9, max 9/);
    expect(r.out).toMatch(/Score spread: +mean/);
    expect(r.out).toContain("Illegal actions: 0");
    expect(r.out).toContain("Unfinished games: 0");
    expect(r.out).toMatch(/Elapsed: [\d.]+ s \([\d,.]+ games\/s/);
  });

  it("shows a self-rewriting progress line on a TTY", async () => {
    let err = "";
    const code = await run(["simulate", "high-card", "--games", "20"], { games, out: () => {}, err: (s) => void (err += s), isTTY: true });
    expect(code).toBe(0);
    expect(err.startsWith("\rsimulating high-card: 0/20 games (0%)")).toBe(true);
    expect(err).toContain("\rsimulating high-card: 20/20 games (100%)");
  });
});

describe("rules list, help, version, bench", () => {
  it("lists the games with their player range", async () => {
    const r = await cli("list");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^high-card\s+High Card\s+2-4/m);
  });

  it("prints usage for help, --help and no arguments", async () => {
    for (const argv of [[], ["help"], ["--help"], ["-h"], ["help", "nothing"]]) {
      const r = await cli(...argv);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Usage: rules <command>/);
      for (const c of ["play", "simulate", "replay", "bench", "list"]) expect(r.out).toContain(`  ${c} `);
    }
  });

  it("prints the version", async () => {
    const r = await cli("--version");
    expect(r).toEqual({ code: 0, out: "9.9.9\n", err: "" });
  });

  it("bench prints a Markdown report (numbers are not tested)", async () => {
    const r = await cli("bench", "high-card", "--seconds", "0.3");
    expect(r.code).toBe(0);
    expect(r.out).toContain("| game | players | path |");
    expect(r.out).toMatch(/fast path `applyInPlace` is .*× the checked path/);
    for (const tiny of ["1e-9", ".001", "2E-3"]) expect((await cli("bench", "high-card", "--seconds", tiny)).code).toBe(0);
    const report = benchGame(highCard, { seconds: 0.2, players: 2 });
    expect(report.pathsAgree).toBe(true);
    expect(report.stateBytesMax).toBeGreaterThanOrEqual(report.stateBytesInitial > 0 ? 1 : 0);
    expect(formatBench([report])).toContain("high-card");
  });
});
