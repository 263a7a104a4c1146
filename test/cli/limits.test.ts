// The `rules` command at its trust boundary (issue 30, items 8, 13 and 18): replay goes through
// core's checks and is bounded before parsing; numbers are read as numbers and capped; a flag is
// given once; `list` shows what `--map` and `--bots` take.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INPUT_LIMITS, replay, type ActionLog } from "@rules/core";
import { inputSizeProblem } from "../../packages/core/src/trust.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { run } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";
import { ARG_LIMITS, positiveInt, positiveNumber } from "../../packages/cli/src/args.js";
import { resolveBots } from "../../packages/cli/src/play.js";
import { BOT_LIMITS } from "../../packages/cli/src/bot-limits.js";
import { moreValuesThan } from "../../packages/cli/src/files.js";

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await run(argv, { games, out: (s) => void (out += s), err: (s) => void (err += s), version: "9.9.9" });
  return { code, out, err };
}

/** Exit `code`, nothing on stdout, one `rules:` line on stderr matching `message`. */
async function refused(argv: string[], code: number, message: RegExp): Promise<string> {
  const r = await cli(...argv);
  expect({ code: r.code, out: r.out, lines: r.err.trimEnd().split("\n").length }, argv.join(" ")).toEqual({ code, out: "", lines: 1 });
  expect(r.err).toMatch(message);
  return r.err;
}

const tmp = mkdtempSync(join(tmpdir(), "rules-limits-"));
const file = (name: string, text: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

afterEach(() => void vi.restoreAllMocks());

describe("replay goes through core's checks", () => {
  it("refuses an own __proto__ key in the log's options, as core's replay does", async () => {
    const r = await cli("play", "donkey-valley", "--players", "3", "--seed", "5", "--json");
    expect(r.code).toBe(0);
    const text = r.out.replace('"options": {"players":3}', '"options": {"players":3,"__proto__":{"players":4}}');
    expect(text).toContain('"__proto__"');
    const log = JSON.parse(text) as ActionLog;
    expect(Object.hasOwn(log.options, "__proto__")).toBe(true);
    let core = "";
    try {
      replay(games["donkey-valley"]!, log);
    } catch (e) {
      core = (e as Error).message;
    }
    expect(core).toMatch(/__proto__/);
    const err = await refused(["replay", file("proto.json", text)], 1, /__proto__/);
    expect(err).toBe(`rules: ${core}\n`);
  });
});

describe("replay is bounded before parsing", () => {
  it("refuses a file of a million empty objects by counting its values, without parsing it", async () => {
    const text = `{"game":"donkey-valley","rulesVersion":1,"seed":1,"options":{},"actions":[${Array.from({ length: 1_000_000 }, () => "{}").join(",")}]}`;
    const path = file("empties.json", text);
    const parse = vi.spyOn(JSON, "parse");
    await refused(["replay", path], 1, new RegExp(`empties\\.json is not an action log .*: it holds more than ${INPUT_LIMITS.nodes} values`));
    expect(parse.mock.calls.filter(([t]) => typeof t === "string" && t.length > 1_000_000)).toEqual([]);
  });

  it("counts at least the values core counts, and nothing inside strings", () => {
    const samples: unknown[] = [[], {}, [1, 2, 3], { a: [1, { b: "x,y[{" }], c: null }, ["a,b", "[", "{", '"', "\\"], Array.from({ length: 50 }, (_, i) => ({ i, s: `${i},` }))];
    for (const v of samples) {
      const text = JSON.stringify(v);
      // The exact count of values (core counts each value once; these strings are short).
      let values = 0;
      for (let n = 1; inputSizeProblem(v, { nodes: n, depth: 64 }) !== undefined; n++) values = n;
      values++;
      expect(moreValuesThan(text, values - 1), text).toBe(true);
    }
    const numbers = JSON.stringify(Array.from({ length: 1000 }, (_, i) => i));
    expect(moreValuesThan(numbers, 1001)).toBe(false);
    expect(moreValuesThan(numbers, 1000)).toBe(true);
    expect(moreValuesThan(JSON.stringify({ s: ",".repeat(10_000) }), 3)).toBe(false);
  });

  it("says a file that is no log is one first, then at most three problems", async () => {
    const err = await refused(["replay", file("hello.json", '{"hello":"world","actions":[1,2]}')], 1, /^rules: \S+hello\.json is not an action log/);
    expect(err).toMatch(/: "game": missing; "rulesVersion": missing; "seed": missing \(and 3 more\)\n$/);
    expect(err.length).toBeLessThan(200 + tmp.length);
    await refused(["replay", file("array.json", "[1,2]")], 1, /array\.json is not an action log .*: the file: expected object, received array\n$/);
    await refused(["replay", file("broken.json", '{"game":')], 1, /broken\.json is not an action log .*: it is not valid JSON/);
  });
});

describe("numbers on the command line", () => {
  it("reads a negative number as a value: refused by the option's own rule, or taken (a seed)", async () => {
    await refused(["play", "donkey-valley", "--players", "-1"], 2, /^rules: --players must be a positive integer, got "-1"/);
    await refused(["simulate", "donkey-valley", "--games", "-5"], 2, /--games must be a positive integer, got "-5"/);
    await refused(["bench", "donkey-valley", "--seconds", "-.5"], 2, /--seconds must be a positive number/);
    const r = await cli("play", "donkey-valley", "--players", "3", "--seed", "-7", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).seed).toBe(-7);
  });

  it("caps what would start work that cannot finish, naming the cap", async () => {
    // The parsers first: before the caps, the commands below started the work (and never ended).
    expect(() => positiveInt("games", "99999999999")).toThrow(/at most 100,000,000/);
    expect(() => positiveNumber("seconds", "1e9")).toThrow(/at most 600/);
    expect(() => resolveBots("mcts:10000000", 3, games["donkey-valley"])).toThrow(/must be from 1 to 100,000$/);
    await refused(["simulate", "donkey-valley", "--games", "99999999999"], 2, /--games takes at most 100,000,000, got "99999999999"/);
    await refused(["simulate", "donkey-valley", "--games", "9".repeat(30)], 2, /--games takes at most 100,000,000/);
    await refused(["bench", "donkey-valley", "--seconds", "1e9"], 2, /--seconds takes at most 600, got "1e9"/);
    await refused(["play", "donkey-valley", "--bots", "mcts:10000000"], 2, /bot "mcts:10000000": the iterations per decision must be from 1 to 100,000 \(see/);
    await refused(["play", "donkey-valley", "--bots", "mcts:3600s"], 2, /bot "mcts:3600s": the time per decision must be from 1 to 10,000 ms \(mcts:10s\)/);
    await refused(["simulate", "donkey-valley", "--bots", "random,mcts:20/100000"], 2, /the playout cut-off must be from 1 to 10,000 actions/);
    expect(ARG_LIMITS).toEqual({ games: 100_000_000, seconds: 600 });
    expect(BOT_LIMITS.iterations).toBe(100_000);
  });

  it("refuses an option given twice, naming both values", async () => {
    await refused(["play", "donkey-valley", "--players", "3", "--players", "4"], 2, /^rules: --players is given twice \("3", then "4"\): give it once/);
    await refused(["simulate", "donkey-valley", "--seed=1", "--games", "2", "--seed", "2"], 2, /--seed is given twice \("1", then "2"\)/);
  });
});

describe("rules list", () => {
  it("shows the maps of the games that have several, and each game's own bots", async () => {
    const r = await cli("list");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Maps \(--map id.*\):\n {2}age-of-steam-exp +rust-belt \(Rust Belt\), orient-express \(Orient Express\), amusement-park \(Amusement Park, solo\)\n/);
    expect(r.out).toMatch(/\n {2}age-of-steam-exp +thrifty, solvent, planner, heuristic, mcts\+solvent:<budget>, mcts\+heuristic:<budget> \(default thrifty\)\n/);
    expect(r.out).toMatch(/\n {2}steamrollers +planner, heuristic, mcts\+planner:<budget>, mcts\+heuristic:<budget>\n/);
    expect(r.out).toMatch(/\n {2}donkey-valley +hauler, heuristic, mcts\+hauler:<budget>, mcts\+heuristic:<budget>\n/);
    expect(r.out).toContain("mcts:<iterations> (at most\n100,000)");
  });
});
