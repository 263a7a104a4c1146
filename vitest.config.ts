import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    // vitest's default (one fewer than the cores) leaves a single worker on a 2-core CI machine,
    // where the suite is CPU-bound test files that run well side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    coverage: { provider: "v8", include: ["packages/*/src/**/*.ts"], reporter: ["text", "json-summary", "html"] },
  },
});
