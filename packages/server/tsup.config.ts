import { rmSync } from "node:fs";
import { defineConfig } from "tsup";

// Two builds sharing one dist/: the library (ESM + CJS with types) and the `rules-server` binary (ESM
// only: it uses top-level await; tsup keeps its shebang and makes it executable). dist/ is cleaned
// once here rather than by each build, which run side by side.
rmSync(new URL("./dist", import.meta.url), { recursive: true, force: true });

const common = {
  sourcemap: true,
  clean: false,
  target: "es2022",
  outDir: "dist",
  splitting: false,
  treeshake: true,
} as const;

export default defineConfig([
  { ...common, entry: { index: "src/index.ts" }, format: ["esm", "cjs"], dts: true },
  { ...common, entry: { main: "src/main.ts" }, format: ["esm"], dts: false },
]);
