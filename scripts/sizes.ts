// What a game costs a browser app: a minimal client bundled the way an app's bundler would —
// through node_modules to the package's dist/, minified, for the browser. Shared by
// `npm run release:check` and `npm run bundle-report`.
import { builtinModules } from "node:module";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = new URL("../", import.meta.url).pathname;
const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

export interface ClientBundle {
  bytes: number;
  gzip: number;
  /** Minified bytes by origin: `zod`, `pure-rand`, `@rules/core`, the game's own package, ... */
  parts: Record<string, number>;
}

/** The npm package a bundled file belongs to (`node_modules/zod/v4/...` is `zod`). */
function origin(file: string): string {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (m) return m[1]!;
  const w = /(?:^|\/)packages\/([^/]+)\//.exec(file);
  return w ? `@rules/${w[1]}` : "(app)";
}

/**
 * Minified and gzipped bytes of a client that starts a game, lists and applies a move, shows a view
 * and describes the move, bundled from `pkg`'s published dist/. Throws when a Node built-in
 * reaches the bundle.
 */
export async function clientBundle(pkg: string): Promise<ClientBundle> {
  const client = `import { game } from "${pkg}";
const s = game.initialState(1);
const a = game.legalActions(s);
globalThis.out = [game.playerView(game.apply(s, a[0]), 0), game.describeAction(s, a[0])];`;
  const r = await build({
    stdin: { contents: client, resolveDir: root, loader: "js", sourcefile: "client.js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const builtins = Object.values(r.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path)).filter((p) => nodeBuiltins.has(p));
  if (builtins.length > 0) throw new Error(`${pkg} pulls Node built-ins into a browser bundle: ${builtins.join(", ")}`);
  const code = r.outputFiles[0]!.contents;
  const parts: Record<string, number> = {};
  for (const [file, input] of Object.entries(Object.values(r.metafile.outputs)[0]!.inputs)) {
    const o = origin(file);
    parts[o] = (parts[o] ?? 0) + input.bytesInOutput;
  }
  return { bytes: code.length, gzip: gzipSync(code).length, parts };
}

/**
 * Minified and gzipped bytes of a client of one board of `@rules/boards` (`entry`: a game id), bundled
 * from the package's dist/ with `@rules/core` and the game packages left out: what the board adds to
 * an app that already ships the game.
 */
export async function boardBundle(entry: string, games: readonly string[]): Promise<{ bytes: number; gzip: number }> {
  const r = await build({
    stdin: { contents: `export * from "@rules/boards/${entry}";`, resolveDir: root, loader: "js", sourcefile: "board.js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    external: ["@rules/core", ...games.map((g) => `@rules/${g}`)],
    logLevel: "silent",
  });
  const code = r.outputFiles[0]!.contents;
  return { bytes: code.length, gzip: gzipSync(code).length };
}
