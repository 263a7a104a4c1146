import { defineConfig } from "tsup";

// Shared by every package; each package runs it from its own directory so that tsup reads that
// package's package.json and keeps its dependencies external.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  outDir: "dist",
  splitting: false,
  treeshake: true,
});
