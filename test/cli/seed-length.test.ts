// Issue 30, item 15: a string seed is hashed, so one longer than INPUT_LIMITS.seedChars is refused
// with INVALID_OPTIONS's words wherever it comes in: `rules play`, `simulate`, `replay`, `rules serve`.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INPUT_LIMITS, newLog } from "@rules/core";
import { describe, expect, it } from "vitest";
import { run } from "../../packages/cli/src/index.js";
import { createServer } from "../../packages/cli/src/serve.js";
import { highCard } from "../core/fixtures/high-card.js";

const small = { "high-card": highCard };
const longest = "s".repeat(INPUT_LIMITS.seedChars);
const tooLong = `${longest}s`;
const said = new RegExp(`at most ${INPUT_LIMITS.seedChars} characters: the seed is a string of ${tooLong.length} characters`);

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await run(argv, { games: small, out: (s) => void (out += s), err: (s) => void (err += s), version: "9.9.9" });
  return { code, out, err };
}

describe("the seed's length is capped wherever a seed comes in", () => {
  it("rules play and rules simulate: --seed of the longest length plays, one character more is refused", async () => {
    expect((await cli("play", "high-card", "--players", "2", "--seed", longest)).code).toBe(0);
    for (const command of ["play", "simulate"]) {
      const r = await cli(command, "high-card", "--players", "2", "--seed", tooLong);
      expect(r.code).not.toBe(0);
      expect(r.out).toBe("");
      expect(r.err).toMatch(/^rules: /);
      expect(r.err).toMatch(new RegExp(`${tooLong.length} characters, at most ${INPUT_LIMITS.seedChars}`));
    }
  });

  it("rules replay: a log with a longer seed is refused as initialState refuses it", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "rules-seed-")), "log.json");
    writeFileSync(file, JSON.stringify({ ...newLog(highCard, tooLong, { players: 2 }) }));
    const r = await cli("replay", file);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(said);
  });

  it("rules serve: new with a longer seed is answered INVALID_OPTIONS", () => {
    const reply = createServer(small);
    const call = (req: unknown): { ok: boolean; error?: { code: string; message: string } } => JSON.parse(reply(JSON.stringify(req)));
    expect(call({ cmd: "new", game: "high-card", seed: longest, options: { players: 2 } }).ok).toBe(true);
    const r = call({ cmd: "new", game: "high-card", seed: tooLong, options: { players: 2 } });
    expect(r.error?.code).toBe("INVALID_OPTIONS");
    expect(r.error?.message).toMatch(said);
  });
});
