// Each runtime package (core and every game under packages/) bundled for the browser as an app's
// bundler would: minified, tree-shaken, no Node built-ins. Budgets are the sizes measured when
// they were set plus about 15% (docs/packaging.md); raise one only with a reason in the commit.
import { builtinModules } from "node:module";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;

/**
 * Minified bytes of `export * from "@rules/<name>"`. Raised for immer (structural sharing's
 * patches, `applyWithPatches`: 14.8 KB in every bundle) and for the checked describe and
 * encoding, the schema bounds and the named contract exports (5-8 KB): measured core 147,900 and
 * donkey-valley 180,900 with both, each budget about 10% above. Age of Steam raised for its two
 * bots (issue 23: thrifty's link planner and the Amusement Park planner, about 13 KB): measured
 * 254,700, budget about 10% above.
 */
const BUDGET: Record<string, number> = {
  core: 163_000,
  "donkey-valley": 198_000,
  "age-of-steam-exp": 280_000,
};
/** A game without its own entry yet: core's budget plus room for its rules and component data. */
const DEFAULT_GAME_BUDGET = 250_000;

/** The runtime packages (the playground, in apps/, is measured by its own build). */
const runtime = readdirSync(join(root, "packages")).filter(
  (d) =>
    d !== "cli" &&
    d !== "server" &&
    d !== "boards" &&
    existsSync(join(root, "packages", d, "package.json")) &&
    JSON.parse(readFileSync(join(root, "packages", d, "package.json"), "utf8")).private !== true,
);

interface Bundle {
  bytes: number;
  gzip: number;
  metafile: Metafile;
  /** Bytes each input file contributes to the output. */
  inputs: Record<string, number>;
}

async function bundle(contents: string, external: string[] = []): Promise<Bundle> {
  const r = await build({
    stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "app.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    tsconfig: join(root, "tsconfig.json"), // @rules/* from source, as the tests use them
    write: false,
    metafile: true,
    external,
    logLevel: "silent",
  });
  const code = r.outputFiles[0]!.contents;
  const out = Object.values(r.metafile.outputs)[0]!;
  const inputs = Object.fromEntries(Object.entries(out.inputs).map(([k, v]) => [k, v.bytesInOutput]));
  return { bytes: code.length, gzip: gzipSync(code).length, metafile: r.metafile, inputs };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe("browser bundles of the runtime packages", () => {
  it("discovers core and the game packages", () => {
    expect(runtime).toContain("core");
    expect(runtime.length).toBeGreaterThan(1);
  });

  for (const name of runtime) {
    it(`@rules/${name} bundles for the browser within its budget, without Node built-ins`, async () => {
      const b = await bundle(`export * from "@rules/${name}";`);
      const budget = BUDGET[name] ?? DEFAULT_GAME_BUDGET;
      console.log(`@rules/${name}: ${kb(b.bytes)} minified, ${kb(b.gzip)} gzip (budget ${kb(budget)})`);
      expect(b.bytes, `@rules/${name} is ${kb(b.bytes)}, over its ${kb(budget)} budget`).toBeLessThanOrEqual(budget);

      const imports = Object.values(b.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path));
      expect(imports.filter((p) => nodeBuiltins.has(p))).toEqual([]);
      const ownFiles = Object.keys(b.inputs).filter((f) => f.startsWith("packages/"));
      expect(ownFiles.every((f) => /^packages\/[\w-]+\/src\//.test(f)), "bundled from the packages' source").toBe(true);
      // The named import of zod drags in every locale; the namespace import keeps English only.
      const locales = Object.entries(b.inputs).filter(([f, n]) => f.includes("zod/v4/locales/") && n > 0);
      expect(locales.map(([f]) => f)).toEqual(["node_modules/zod/v4/locales/en.js"]);
    });
  }

  it("importing only RulesError costs no zod and no RNG", async () => {
    const b = await bundle(`export { RulesError, isRulesError } from "@rules/core";`);
    const heavy = Object.entries(b.inputs).filter(([f, n]) => f.includes("node_modules/") && n > 0);
    expect(heavy).toEqual([]);
    expect(b.bytes).toBeLessThan(2_000);
  });
});

/**
 * The boards, one entry per game, bundled with the game packages left out (an app that draws a game
 * ships its rules anyway): what a board adds. Measured 15.9, 17.9, 20.1, 22.8 and 28.9 KB
 * minified (in the order below), budgets about 10-15% above.
 */
const BOARD_ENTRIES: Record<string, number> = {
  "donkey-valley": 18_000,
  "steam-donkey": 19_500,
  steamrollers: 23_000,
  "steam-park": 25_000,
  "age-of-steam-exp": 32_500,
};

describe("browser bundles of @rules/boards, one per game", () => {
  for (const [entry, budget] of Object.entries(BOARD_ENTRIES)) {
    it(`@rules/boards/${entry} loads only its own game's board, within its budget`, async () => {
      const games = Object.keys(BOARD_ENTRIES).map((g) => `@rules/${g}`);
      const b = await bundle(`export * from "@rules/boards/${entry}";`, [...games, "@rules/core"]);
      console.log(`@rules/boards/${entry}: ${kb(b.bytes)} minified, ${kb(b.gzip)} gzip (budget ${kb(budget)})`);
      expect(b.bytes).toBeLessThanOrEqual(budget);
      const files = Object.keys(b.inputs).filter((f) => f.startsWith("packages/boards/src/"));
      const others = Object.keys(BOARD_ENTRIES).filter((g) => g !== entry && !entry.startsWith(g));
      const foreign = files.filter((f) => others.some((g) => f.includes(`/${g}`) && !f.includes(`/${entry}`)));
      expect(foreign, "another game's board in the bundle").toEqual([]);
      expect(files).toContain(`packages/boards/src/${entry}.ts`);
    });
  }
});
