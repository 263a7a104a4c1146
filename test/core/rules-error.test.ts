// `instanceof RulesError` and `isRulesError` must hold whichever copy of @rules/core threw the
// error: its ESM build, its CJS build (an app can load both), or another installed copy.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RulesError, isRulesError } from "@rules/core";

type CoreModule = typeof import("@rules/core");

const root = new URL("../../", import.meta.url).pathname;
const require = createRequire(import.meta.url);

function expectSameKind(a: CoreModule, b: CoreModule): void {
  const fromA = new a.RulesError("ILLEGAL_ACTION", "no");
  expect(fromA instanceof b.RulesError).toBe(true);
  expect(b.isRulesError(fromA)).toBe(true);
  expect(b.isRulesError(fromA, "ILLEGAL_ACTION")).toBe(true);
  expect(b.isRulesError(fromA, "GAME_OVER")).toBe(false);
  expect(new Error("no") instanceof b.RulesError).toBe(false);
  expect(b.isRulesError({ code: "ILLEGAL_ACTION", message: "a look-alike" })).toBe(false);
}

describe("RulesError in one copy", () => {
  it("is an Error with its code, and instanceof sees only RulesErrors", () => {
    const e = new RulesError("GAME_OVER", "over", { x: 1 });
    expect(e).toBeInstanceOf(Error);
    expect(e instanceof RulesError).toBe(true);
    expect(e.name).toBe("RulesError");
    expect(e.code).toBe("GAME_OVER");
    expect(e.details).toEqual({ x: 1 });
    for (const x of [null, undefined, 0, "RulesError", {}, new Error("x"), new TypeError("x")]) {
      expect(x instanceof RulesError).toBe(false);
      expect(isRulesError(x)).toBe(false);
    }
  });

  it("keeps the ordinary prototype check for a subclass", () => {
    class GameSpecificError extends RulesError {}
    const sub = new GameSpecificError("ILLEGAL_ACTION", "sub");
    expect(sub instanceof RulesError).toBe(true);
    expect(sub instanceof GameSpecificError).toBe(true);
    expect(new RulesError("ILLEGAL_ACTION", "base") instanceof GameSpecificError).toBe(false);
  });

  it("brands its instances with a registered symbol that JSON does not carry", () => {
    const e = new RulesError("INVALID_ACTION", "bad");
    expect((e as unknown as Record<symbol, unknown>)[Symbol.for("@rules/core/RulesError")]).toBe(true);
    expect(Object.keys(e)).not.toContain(Symbol.for("@rules/core/RulesError"));
    expect(JSON.parse(JSON.stringify({ code: e.code }))).toEqual({ code: "INVALID_ACTION" });
  });
});

// Fresh ESM and CJS builds of the current source, made here with esbuild (what tsup runs), so this
// part never depends on a stale dist/.
describe("RulesError across fresh ESM and CJS builds of the source", () => {
  const out = join(root, "node_modules", ".cache", "rules-error-test");
  let esm: CoreModule;
  let cjs: CoreModule;

  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const common: BuildOptions = {
      entryPoints: [join(root, "packages/core/src/index.ts")],
      bundle: true,
      platform: "node",
      packages: "external",
      target: "es2022",
      logLevel: "silent",
    };
    await build({ ...common, format: "esm", outfile: join(out, "index.mjs") });
    await build({ ...common, format: "cjs", outfile: join(out, "index.cjs") });
    esm = (await import(pathToFileURL(join(out, "index.mjs")).href)) as CoreModule;
    cjs = require(join(out, "index.cjs")) as CoreModule;
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("the two builds are different classes", () => {
    expect(esm.RulesError).not.toBe(cjs.RulesError);
  });
  it("an error of the CJS build is a RulesError of the ESM build", () => expectSameKind(cjs, esm));
  it("an error of the ESM build is a RulesError of the CJS build", () => expectSameKind(esm, cjs));
  it("errors of either build are RulesErrors of the source copy, and back", () => {
    const src = { RulesError, isRulesError } as CoreModule;
    expectSameKind(esm, src);
    expectSameKind(cjs, src);
    expectSameKind(src, esm);
    expectSameKind(src, cjs);
  });
});

// The published files themselves. CI (.ci/run) builds before it tests, so dist/ is there; a bare
// `npx vitest run` on a fresh clone skips this part and says why.
const dist = join(root, "packages/core/dist");
const hasDist = existsSync(join(dist, "index.js")) && existsSync(join(dist, "index.cjs"));
if (!hasDist) console.warn("rules-error.test.ts: packages/core/dist is absent; run `npm run build` to test the built files too.");

describe.skipIf(!hasDist)("RulesError across the built dist/index.js and dist/index.cjs", () => {
  it("holds both ways, and for an error thrown by a game's CJS build", async () => {
    const esm = (await import(pathToFileURL(join(dist, "index.js")).href)) as CoreModule;
    const cjs = require(join(dist, "index.cjs")) as CoreModule;
    expect(esm.RulesError).not.toBe(cjs.RulesError);
    expectSameKind(cjs, esm);
    expectSameKind(esm, cjs);

    const dvCjs = join(root, "packages/donkey-valley/dist/index.cjs");
    if (!existsSync(dvCjs)) return;
    const dv = require(dvCjs) as typeof import("@rules/donkey-valley");
    let thrown: unknown;
    try {
      dv.initialState(1, { players: 99 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown instanceof esm.RulesError).toBe(true);
    expect(esm.isRulesError(thrown, "INVALID_OPTIONS")).toBe(true);
    expect(thrown instanceof RulesError).toBe(true);
  });
});
