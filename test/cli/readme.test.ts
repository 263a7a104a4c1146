// The sample outputs in packages/cli/README.md are real: each `$ rules ...` block (except bench,
// whose numbers depend on the machine) is run here with the real games and compared line by line.
// A line "..." stands for any number of lines left out; an "Elapsed:" line is compared up to its
// numbers.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { games } from "../../packages/cli/src/games.js";
import { run } from "../../packages/cli/src/index.js";

const root = new URL("../../", import.meta.url).pathname;
const readme = readFileSync(join(root, "packages/cli/README.md"), "utf8");
const tmp = mkdtempSync(join(tmpdir(), "rules-readme-"));

async function rules(argv: string[]): Promise<{ code: number; text: string }> {
  let out = "";
  let err = "";
  const code = await run(argv, { games, out: (s) => void (out += s), err: (s) => void (err += s) });
  // simulate's progress lines (every few seconds off a terminal, on a slow machine) are not in the samples.
  return { code, text: out + err.replace(/^simulating .*\n/gm, "") };
}

/** The `$ rules ...` blocks: the commands (a block may first save a log) and the lines shown. */
function samples(): Array<{ commands: string[][]; shown: string[] }> {
  return [...readme.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => {
    const lines = m[1]!.replace(/\n$/, "").split("\n");
    const commands: string[][] = [];
    while (lines[0]?.startsWith("$ rules ")) commands.push(lines.shift()!.slice("$ rules ".length).split(" "));
    return { commands, shown: lines };
  });
}

const normal = (line: string) => (line.startsWith("Elapsed:") ? "Elapsed:" : line.trimEnd());

/** True when `shown`, with "..." as gaps, matches the whole of `actual`. */
function matches(shown: string[], actual: string[]): boolean {
  const segments: string[][] = [[]];
  for (const l of shown) if (l === "...") segments.push([]); else segments.at(-1)!.push(normal(l));
  const got = actual.map(normal);
  let at = 0;
  for (const [i, seg] of segments.entries()) {
    const last = i === segments.length - 1;
    const start = i === 0 ? 0 : last ? got.length - seg.length : findFrom(got, seg, at);
    if (start < at || start < 0) return false;
    if (seg.some((l, k) => got[start + k] !== l)) return false;
    if (i === 0 && segments.length === 1 && seg.length !== got.length) return false;
    at = start + seg.length;
  }
  return true;
}

function findFrom(lines: string[], seg: string[], from: number): number {
  for (let i = from; i + seg.length <= lines.length; i++) if (seg.every((l, k) => lines[i + k] === l)) return i;
  return -1;
}

describe("packages/cli/README.md sample outputs", () => {
  const blocks = samples().filter((b) => b.commands.length > 0 && b.commands[0]![0] !== "bench");
  it("has the samples this test expects", () => {
    expect(blocks.map((b) => b.commands.at(-1)![0])).toEqual(["list", "play", "play", "play", "replay", "simulate"]);
  });

  for (const { commands, shown } of blocks) {
    it(`$ rules ${commands.at(-1)!.join(" ")}`, async () => {
      let last = { code: 0, text: "" };
      for (const argv of commands) {
        const redirect = argv.indexOf(">");
        const args = (redirect >= 0 ? argv.slice(0, redirect) : argv).map((a) => (a.endsWith(".json") ? join(tmp, a) : a));
        last = await rules(args);
        if (redirect >= 0) writeFileSync(join(tmp, argv[redirect + 1]!), last.text);
      }
      const actual = last.text.replace(/\n$/, "").split("\n");
      expect(matches(shown, actual), `README shows:\n${shown.join("\n")}\n\nthe command prints:\n${last.text}`).toBe(true);
    });
  }

  it("the corrupt-log example is the real message", async () => {
    const log = JSON.parse((await rules(["play", "donkey-valley", "--players", "4", "--seed", "3", "--json"])).text);
    const path = join(tmp, "corrupt.json");
    writeFileSync(path, JSON.stringify({ ...log, actions: [log.actions[0], log.actions[0]] }));
    const r = await rules(["replay", path]);
    expect(r.code).toBe(1);
    const shown = /`(rules: Action 2 of the log: [^`]+)`/.exec(readme)![1]!;
    expect(r.text.trim()).toBe(shown);
  });
});
