// Every public export of every published package carries an `@example` with a ```ts block, and every
// such block typechecks (one program, the repository's tsconfig) and runs without throwing.
// The second half runs the code blocks of the READMEs and docs/ (test/docs/doc-blocks.ts), in the
// same program (one program for every set, so the packages' types are resolved once). test/docs/pending.json names packages whose examples are still being written; it must only name
// packages that really lack some, so the list cannot outlive the work.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  collectExamples,
  diagnosticsOf,
  programOf,
  publishedPackages,
  repoRoot,
  runExamples,
  type ApiExample,
  type ExportReport,
} from "./api-examples.js";
import { allBlocks, awaitsAtTopLevel, blocksOf, BROWSER, docFiles, FRAGMENT, isTs, saysEsm, where, writeTsBlocks } from "./doc-blocks.js";
import { commandLine } from "../programs.js";

const tmpBase = join(repoRoot, "test/docs/.tmp");
mkdirSync(tmpBase, { recursive: true });
const tmp = mkdtempSync(join(tmpBase, "run-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const pending = JSON.parse(readFileSync(join(repoRoot, "test/docs/pending.json"), "utf8")) as string[];

async function silently<T>(f: () => Promise<T>): Promise<T> {
  const spies = (["log", "info", "table", "dir"] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
  try {
    return await f();
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

/** A made-up package for the test that the checks can fail: one export bare, one mistyped, one that throws, one fine. */
function writeMutant(dir: string): string {
  mkdirSync(join(dir, "src"), { recursive: true });
  const entry = join(dir, "src", "index.ts");
  writeFileSync(
    entry,
    [
      "/** Undocumented. */",
      "export const bare = 1;",
      "/**",
      " * Mistyped.",
      " * @example",
      " * ```ts",
      ' * const n: number = "one";',
      " * console.log(n);",
      " * ```",
      " */",
      "export const mistyped = 2;",
      "/**",
      " * Throws.",
      " * @example",
      " * ```ts",
      ' * import { RulesError } from "@rules/core";',
      ' * throw new RulesError("ILLEGAL_ACTION", "no");',
      " * ```",
      " */",
      "export const throws = 3;",
      "/**",
      " * Fine.",
      " * @example",
      " * ```ts",
      ' * import { rankByKeys } from "@rules/core";',
      " * console.log(rankByKeys([[1], [2]]).winners);",
      " * ```",
      " */",
      "export const fine = 4;",
      "",
    ].join("\n"),
  );
  return entry;
}

interface Checked {
  packages: ReturnType<typeof publishedPackages>;
  report: ExportReport;
  /** The published packages' examples, but those of packages pending.json names. */
  examples: ApiExample[];
  mutant: ExportReport;
  /** The complete ts blocks of the READMEs and docs/, and the modules written for them. */
  blocks: ReturnType<typeof allBlocks>;
  blockExamples: ApiExample[];
  /** One program over all three sets of examples: the packages' types are resolved once. */
  program: Parameters<typeof diagnosticsOf>[0];
}

let checked: Checked | undefined;

/** Everything this file checks, written and parsed once, on first use. */
function setup(): Checked {
  if (checked) return checked;
  const packages = publishedPackages();
  const { report, program: exportsProgram } = collectExamples(packages, join(tmp, "api"));
  const examples = report.examples.filter((e) => !pending.includes(e.pkg));
  const mutant = collectExamples([{ name: "mutant", entry: writeMutant(join(tmp, "mutant")) }], join(tmp, "mutant", "examples")).report;
  const blocks = allBlocks().filter((b) => !b.fragment && isTs(b));
  const blockExamples = writeTsBlocks(blocks, join(tmp, "blocks"));
  const program = programOf([...examples, ...mutant.examples, ...blockExamples], exportsProgram);
  checked = { packages, report, examples, mutant, blocks, blockExamples, program };
  return checked;
}

describe("API examples", () => {
  let c: Checked;
  beforeAll(() => {
    c = setup();
  });

  it("finds the published packages on disk, and pending.json names only published ones", () => {
    expect(c.packages.map((p) => p.name)).toContain("@rules/core");
    expect(c.packages.map((p) => p.name)).not.toContain("@rules/playground");
    for (const name of pending) expect(c.packages.map((p) => p.name), `pending.json: ${name}`).toContain(name);
  });

  it("every public export has an @example with a ```ts block", () => {
    for (const p of c.packages) expect(c.report.exportCount[p.name], `${p.name} exports`).toBeGreaterThan(0);
    const missing = c.report.missing.filter((m) => !pending.includes(m.split(" ")[0]!));
    expect(missing, `exports without an @example ts block:\n${missing.join("\n")}`).toEqual([]);
  });

  it("pending.json names only packages that still lack examples", () => {
    const complete = pending.filter((name) => !c.report.missing.some((m) => m.startsWith(`${name} `)));
    expect(complete, "every export of these has an example: remove them from test/docs/pending.json").toEqual([]);
  });

  it("every example typechecks, in one program", () => {
    const errors = diagnosticsOf(c.program, c.examples);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("every example runs without throwing", async () => {
    const errors = await silently(() => runExamples(c.examples));
    expect(errors, errors.join("\n")).toEqual([]);
  });
});

describe("API examples: the check can fail", () => {
  it("names an export without an example, an example that does not typecheck, and one that throws", async () => {
    const { mutant, program } = setup();
    expect(mutant.missing).toEqual(["mutant bare"]);
    expect(mutant.examples.map((e) => e.exportName)).toEqual(["fine", "mistyped", "throws"]);
    const typeErrors = diagnosticsOf(program, mutant.examples);
    expect(typeErrors).toHaveLength(1);
    expect(typeErrors[0]).toMatch(/-mistyped\.1\.ts:1:7 \(mutant mistyped\): Type 'string' is not assignable to type 'number'/);
    const runErrors = await silently(() => runExamples(mutant.examples));
    expect(runErrors, runErrors.join("\n")).toHaveLength(1);
    expect(runErrors[0]).toMatch(/\(mutant throws\): no/);
  });
});

describe("code blocks of the READMEs and docs/ (test/docs/doc-blocks.ts)", () => {
  const blocks = allBlocks();
  const complete = blocks.filter((b) => !b.fragment);

  it("finds the blocks this test expects, and marks as fragments only blocks it would run", () => {
    expect(docFiles()).toEqual(expect.arrayContaining(["README.md", "packages/steam-park/README.md", "docs/serve.md", "docs/guides/build-a-game-client.md"]));
    expect(complete.filter(isTs).length).toBeGreaterThan(15);
    const odd = blocks.filter((b) => b.fragment && !isTs(b) && b.lang !== "json" && b.lang !== "python");
    expect(odd.map(where), "a fragment marker above a block the test does not run anyway").toEqual([]);
    expect(blocks.filter((b) => b.browser && !isTs(b)).map(where), "a browser marker above a block that is not ts").toEqual([]);
  });

  it("every complete ts block typechecks and runs on its own", async () => {
    const { blocks: ts, blockExamples: examples, program } = setup();
    expect(ts.length).toBe(complete.filter(isTs).length);
    const typeErrors = diagnosticsOf(program, examples);
    expect(typeErrors, typeErrors.join("\n")).toEqual([]);
    // A block marked `<!-- browser -->` uses a page's `document`: typechecked above, not run in Node.
    const runErrors = await silently(() => runExamples(examples.filter((_, i) => !ts[i]!.browser)));
    expect(runErrors, runErrors.join("\n")).toEqual([]);
  });

  it("a ts block that awaits at its top level says it needs an ES module", () => {
    const unsaid = complete.filter((b) => isTs(b) && awaitsAtTopLevel(b.code) && !saysEsm(b.before));
    expect(unsaid.map(where)).toEqual([]);
  });

  it("every complete json block parses", () => {
    const bad = complete.filter((b) => b.lang === "json").flatMap((b) => {
      try {
        JSON.parse(b.code);
        return [];
      } catch (e) {
        return [`${where(b)}: ${String(e)}`];
      }
    });
    expect(bad).toEqual([]);
  });

  // docs/guides/python.md's blocks run in python/tests/test_guide.py (with the package installed).
  const python = complete.filter((b) => b.lang === "python" && b.file !== "docs/guides/python.md");
  it.skipIf(!hasPython3())("every other complete python block runs, `npx rules` being this checkout's CLI", () => {
    expect(python.length).toBeGreaterThan(0);
    const bin = join(tmp, "bin");
    mkdirSync(bin, { recursive: true });
    // `npx rules ...` as a reader runs it after `npm install @rules/cli`, bundled from the sources here.
    writeFileSync(join(bin, "npx"), `#!/bin/sh\n[ "$1" = rules ] || exit 99\nshift\nexec ${commandLine("rules")} "$@"\n`, { mode: 0o755 });
    for (const b of python) {
      const r = spawnSync("python3", ["-c", b.code], { env: { ...process.env, PATH: `${bin}:${process.env["PATH"]}` }, encoding: "utf8" });
      expect(r.status, `${where(b)}:\n${r.stderr}`).toBe(0);
    }
  });

  it("the checks can fail: a fragment, a browser block, a top-level await without a word of ESM, a bad json block", () => {
    const found = blocksOf("x.md", ["Text.", "", FRAGMENT, "```ts", "card(1);", "```", "With ESM:", "```ts", "await f();", "```", "```ts", "for await (const x of y) {}", "```", "```json", "{,}", "```", BROWSER, "```ts", "document.title;", "```"].join("\n"));
    expect(found.map((b) => [b.line, b.fragment, b.browser])).toEqual([[4, true, false], [8, false, false], [11, false, false], [14, false, false], [18, false, true]]);
    expect(found.map((b) => awaitsAtTopLevel(b.code))).toEqual([false, true, true, false, false]);
    expect(found.map((b) => saysEsm(b.before))).toEqual([false, true, false, false, false]);
    expect(awaitsAtTopLevel("async function f() { await g(); }")).toBe(false);
  });
});

function hasPython3(): boolean {
  return spawnSync("python3", ["--version"]).status === 0;
}
