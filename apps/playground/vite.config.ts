// The playground is built as a user's app would be: the game packages resolve through
// node_modules to their published dist/ files. A Node built-in anywhere in the graph fails the build
// (Vite would otherwise stub it with a warning), so a green build proves the packages browser-safe.
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function refuseNodeBuiltins(): Plugin {
  return {
    name: "refuse-node-builtins",
    enforce: "pre",
    resolveId(source, importer) {
      if (nodeBuiltins.has(source)) {
        throw new Error(`${importer ?? "?"} imports the Node built-in "${source}": the game packages must run in a browser.`);
      }
      return null;
    },
  };
}

/** The chunk of a module: its package under packages/ (`steam-park`), `vendor` for node_modules, else the page's own. */
export function chunkOf(id: string): string | null {
  const pkg = /[\\/]packages[\\/]([\w-]+)[\\/]/.exec(id) ?? /[\\/]node_modules[\\/]@rules[\\/]([\w-]+)[\\/]/.exec(id);
  if (pkg) return `rules-${pkg[1]}`;
  return /[\\/]node_modules[\\/]/.test(id) ? "vendor" : null;
}

// `npm run playground` (the dev server) reads the packages' sources through the root tsconfig's
// paths, so it needs no build; `vite build` bundles their dist/ as an app would.
export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: command === "serve" },
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  plugins: [refuseNodeBuiltins()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: true,
    // One chunk per package (each game's engine, core, the libraries they share) rather than one
    // file of every game: each stays well under Vite's 500 kB warning, and a game's chunk is about
    // what that game costs an app (docs/packaging.md). The page still loads them all at start.
    // Both pages: the offline playground and Play online.
    rolldownOptions: {
      input: { index: fileURLToPath(new URL("index.html", import.meta.url)), online: fileURLToPath(new URL("online.html", import.meta.url)) },
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkOf, debugName: "package" }] } },
    },
  },
}));
