// The programs tests start as child processes (`rules`, `rules-server`, the bench scripts), built
// once per test run from source by `test/global-setup.ts` into `.test-build/` folders beside their
// sources. Starting one costs about a sixth of the CPU of `node --import tsx <source>`, which
// compiles the whole import graph again in every process and worker (CONTRIBUTING.md, "How deep
// the tests go"). The bundles are the same sources, bundled by esbuild as tsx would compile them;
// the published dist/ files are checked by the packaging tests.
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Each program: its source (from the repository root) and its bundle. */
export const PROGRAMS = {
  rules: { source: "packages/cli/src/main.ts", bundle: "packages/cli/.test-build/main.js" },
  // Not started by tests: the search thread `rules serve` starts from beside its main.js.
  rulesBotWorker: { source: "packages/cli/src/serve-bot-worker.ts", bundle: "packages/cli/.test-build/serve-bot-worker.js" },
  rulesServer: { source: "packages/server/src/main.ts", bundle: "packages/server/.test-build/main.js" },
  strength: { source: "bench/strength.ts", bundle: "bench/.test-build/strength.js" },
  bench: { source: "bench/run.ts", bundle: "bench/.test-build/run.js" },
} as const;

export type Program = keyof typeof PROGRAMS;

/** The absolute path of a program's bundle. */
export function programPath(program: Program): string {
  return `${root}${PROGRAMS[program].bundle}`;
}

/** `[node, [bundle, ...args]]`: what to give `spawn`/`execFileSync` to run a program as its user would. */
export function nodeArgs(program: Program, ...args: string[]): [string, string[]] {
  return [process.execPath, [programPath(program), ...args]];
}

/** The program as one shell word list (`node /…/main.js`), for tools that take a command line. */
export function commandLine(program: Program): string {
  return `${process.execPath} ${programPath(program)}`;
}
