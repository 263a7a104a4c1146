import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    coverage: { provider: "v8", include: ["packages/*/src/**/*.ts"], reporter: ["text", "json-summary", "html"] },
  },
});
