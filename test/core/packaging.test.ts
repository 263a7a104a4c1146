// Game packages and core must stay browser-safe and light: no Node built-ins, and no runtime
// dependency beyond immer, zod and the RNG library (DESIGN.md; the CLI is the one exception).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const ALLOWED = new Set(["immer", "zod", "pure-rand", "@rules/core"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const packages = readdirSync(join(root, "packages")).filter((p) => p !== "cli");

describe("browser-safe runtime packages", () => {
  for (const name of packages) {
    it(`@rules/${name} imports only relative files and its allowed dependencies`, () => {
      const pkg = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
      const deps = Object.keys(pkg.dependencies ?? {});
      for (const d of deps) expect(ALLOWED.has(d), `dependency ${d}`).toBe(true);
      for (const file of sources(join(root, "packages", name, "src"))) {
        const text = readFileSync(file, "utf8");
        for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
          const spec = m[1]!;
          if (spec.startsWith(".")) continue;
          const base = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
          expect(deps.includes(base), `${file} imports ${spec}`).toBe(true);
        }
        expect(text, `${file} uses Math.random/Date`).not.toMatch(/Math\.random|Date\.now|new Date\(|performance\.now/);
      }
      expect(pkg.sideEffects).toBe(false);
      for (const d of Object.values<string>(pkg.dependencies ?? {})) expect(d).toMatch(/^\d+\.\d+\.\d+$/);
    });
  }
});
