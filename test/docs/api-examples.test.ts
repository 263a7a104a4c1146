// Every public export of every published package carries an `@example` with a ```ts block, and every
// such block typechecks (one program, the repository's tsconfig) and runs without throwing.
// test/docs/pending.json names packages whose examples are still being written; it must only name
// packages that really lack some, so the list cannot outlive the work.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  collectExamples,
  publishedPackages,
  repoRoot,
  runExamples,
  typecheckExamples,
  type ApiExample,
  type ExportReport,
} from "./api-examples.js";

const tmpBase = join(repoRoot, "test/docs/.tmp");
mkdirSync(tmpBase, { recursive: true });
const tmp = mkdtempSync(join(tmpBase, "run-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The main check's program, reused by the mutant test so it need not parse the packages again. */
let mainProgram: Parameters<typeof typecheckExamples>[1];

const pending = JSON.parse(readFileSync(join(repoRoot, "test/docs/pending.json"), "utf8")) as string[];

async function silently<T>(f: () => Promise<T>): Promise<T> {
  const spies = (["log", "info", "table", "dir"] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
  try {
    return await f();
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe("API examples", () => {
  const packages = publishedPackages();
  let report: ExportReport;
  let checked: ApiExample[];
  let program: Parameters<typeof typecheckExamples>[1];
  beforeAll(() => {
    ({ report, program } = collectExamples(packages, join(tmp, "api")));
    checked = report.examples.filter((e) => !pending.includes(e.pkg));
    mainProgram = program;
  });

  it("finds the published packages on disk, and pending.json names only published ones", () => {
    expect(packages.map((p) => p.name)).toContain("@rules/core");
    expect(packages.map((p) => p.name)).not.toContain("@rules/playground");
    for (const name of pending) expect(packages.map((p) => p.name), `pending.json: ${name}`).toContain(name);
  });

  it("every public export has an @example with a ```ts block", () => {
    for (const p of packages) expect(report.exportCount[p.name], `${p.name} exports`).toBeGreaterThan(0);
    const missing = report.missing.filter((m) => !pending.includes(m.split(" ")[0]!));
    expect(missing, `exports without an @example ts block:\n${missing.join("\n")}`).toEqual([]);
  });

  it("pending.json names only packages that still lack examples", () => {
    const complete = pending.filter((name) => !report.missing.some((m) => m.startsWith(`${name} `)));
    expect(complete, "every export of these has an example: remove them from test/docs/pending.json").toEqual([]);
  });

  it("every example typechecks, in one program", () => {
    const errors = typecheckExamples(checked, program);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("every example runs without throwing", async () => {
    const errors = await silently(() => runExamples(checked));
    expect(errors, errors.join("\n")).toEqual([]);
  });
});

describe("API examples: the check can fail", () => {
  it("names an export without an example, an example that does not typecheck, and one that throws", async () => {
    const dir = join(tmp, "mutant");
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
    const { report, program } = collectExamples([{ name: "mutant", entry }], join(dir, "examples"));
    expect(report.missing).toEqual(["mutant bare"]);
    expect(report.examples.map((e) => e.exportName)).toEqual(["fine", "mistyped", "throws"]);
    const typeErrors = typecheckExamples(report.examples, mainProgram ?? program);
    expect(typeErrors).toHaveLength(1);
    expect(typeErrors[0]).toMatch(/-mistyped\.1\.ts:1:7 \(mutant mistyped\): Type 'string' is not assignable to type 'number'/);
    const runErrors = await silently(() => runExamples(report.examples));
    expect(runErrors, runErrors.join("\n")).toHaveLength(1);
    expect(runErrors[0]).toMatch(/\(mutant throws\): no/);
  });
});
