import { execFileSync } from "node:child_process";
import { playRecords, shardRange } from "@rules/core";
import { game } from "@rules/donkey-valley";
import { describe, expect, it } from "vitest";
import { run } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";
import { nodeArgs } from "../programs.js";

async function cli(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await run(argv, { games, out: (s) => void (out += s), err: () => undefined });
  return { code, out };
}

describe("simulation records at scale", () => {
  it("shard ranges are contiguous, disjoint and cover every game", () => {
    for (const [games, n] of [[10, 3], [7, 7], [5, 8], [1000, 16]] as const) {
      let next = 0;
      for (let i = 0; i < n; i++) {
        const [a, b] = shardRange(games, i, n);
        expect(a).toBe(next);
        next = b;
      }
      expect(next).toBe(games);
    }
  });

  it("a record depends only on the master seed and the game's index", () => {
    const all = playRecords(game, 0, 9, { seed: 5, players: 4, bots: ["random", "mcts:20"] });
    const pieces = [...playRecords(game, 0, 2, { seed: 5, players: 4, bots: ["random", "mcts:20"] }), ...playRecords(game, 2, 9, { seed: 5, players: 4, bots: ["random", "mcts:20"] })];
    expect(pieces).toEqual(all);
    expect(new Set(all.map((r) => r.seed)).size).toBe(9);
    expect(all.every((r) => r.outcome !== null && r.steps > 0)).toBe(true);
  });

  it("rules simulate --shard i/n --out - concatenates to the unsharded records", async () => {
    const whole = await cli("simulate", "donkey-valley", "--games", "11", "--seed", "3", "--out", "-");
    expect(whole.code).toBe(0);
    let joined = "";
    for (let i = 0; i < 4; i++) {
      const part = await cli("simulate", "donkey-valley", "--games", "11", "--seed", "3", "--shard", `${i}/4`, "--out", "-");
      expect(part.code).toBe(0);
      joined += part.out;
    }
    // Each shard's records say their shard; otherwise they are the whole run's (rules merge makes them whole: merge.test.ts).
    expect(joined.replace(/"shard":"\d+\/4"/g, '"shard":null')).toBe(whole.out);
    expect(whole.out.trim().split("\n")).toHaveLength(11);
  });

  it("rules simulate --workers K writes the same records for every K", () => {
    const records = (k: number): string =>
      execFileSync(...nodeArgs("rules", "simulate", "donkey-valley", "--games", "10", "--seed", "9", "--workers", String(k), "--out", "-"), {
        encoding: "utf8",
      });
    const one = records(1);
    expect(one.trim().split("\n")).toHaveLength(10);
    expect(records(3)).toBe(one);
  });

  it("refuses a malformed shard", async () => {
    expect((await cli("simulate", "donkey-valley", "--shard", "4/4", "--out", "-")).code).toBe(2);
    expect((await cli("simulate", "donkey-valley", "--shard", "x", "--out", "-")).code).toBe(2);
  });
});
