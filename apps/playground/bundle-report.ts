// `npm run bundle-report`: what each game costs a browser app. For every game of the `rules`
// command, bundle a minimal client (`initialState`, `legalActions`, `apply`, `playerView`) the way
// an app's bundler would — through node_modules to the package's dist/, minified, for the browser —
// and print its size and gzipped size; any Node built-in in a bundle fails the report. The last
// lines are each board of @rules/boards (its own code, with the game and core left out: an app
// that already ships the game pays only this much more) and the playground itself (every game,
// its two pages' code), from its Vite build.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { boardBundle, clientBundle } from "../../scripts/sizes.js";
import { games } from "../../packages/cli/src/games.js";

const root = new URL("../../", import.meta.url).pathname;
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

const missing = Object.keys(games).filter((id) => !existsSync(join(root, "node_modules/@rules", id, "dist/index.js")));
if (missing.length > 0) throw new Error(`Build first (npm run build): no dist/ for ${missing.join(", ")}.`);

console.log("| bundle | minified | gzip |");
console.log("| --- | ---: | ---: |");
for (const id of Object.keys(games)) {
  const b = await clientBundle(`@rules/${id}`);
  console.log(`| a client of \`@rules/${id}\` | ${kb(b.bytes)} | ${kb(b.gzip)} |`);
}
// Each board of @rules/boards (one entry point per game), the game packages left out.
const boardEntries = ["donkey-valley", "steam-donkey", "steamrollers", "steam-park", "age-of-steam-exp"];
for (const entry of boardEntries) {
  const b = await boardBundle(entry, boardEntries);
  console.log(`| the board \`@rules/boards/${entry}\` (without the game and core) | ${kb(b.bytes)} | ${kb(b.gzip)} |`);
}
const assets = join(root, "apps/playground/dist/assets");
if (existsSync(assets)) {
  const js = readdirSync(assets).filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(assets, f)));
  const bytes = js.reduce((n, b) => n + b.length, 0);
  const gzip = js.reduce((n, b) => n + gzipSync(b).length, 0);
  console.log(`| the playground (every game + both pages) | ${kb(bytes)} | ${kb(gzip)} |`);
} else {
  console.log("(the playground is not built: npm run build -w apps/playground)");
}
