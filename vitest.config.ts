import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/**/*.test.ts"],
    // A no-op unless CPU_REPORT names a file: then each test file's CPU seconds (test/cpu-report.ts).
    setupFiles: ["test/cpu-report.ts"],
    // Bundles the programs tests start as child processes, once a run (test/programs.ts).
    globalSetup: ["test/global-setup.ts"],
    // No wall-clock limit: every test does a fixed amount of work (property runs are counted, see
    // test/harness scaledRuns), so a busy machine makes it slower, never red.
    // Each worker keeps the modules it has imported from one test file to the next instead of
    // importing the packages again for every file (about a fifth of the suite's CPU). Tests restore
    // what they change (spies, environment), and the packages' module-level caches are memos.
    isolate: false,
    testTimeout: 0,
    hookTimeout: 0,
    // vitest's default (one fewer than the cores) leaves a single worker on a 2-core CI machine,
    // where the suite is CPU-bound test files that run well side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    coverage: { provider: "v8", include: ["packages/*/src/**/*.ts"], reporter: ["text", "json-summary", "html"] },
  },
});
