// Bundles the programs tests start as child processes (test/programs.ts), once per test run.
// Workspace packages (`@rules/*`, through the root tsconfig's paths) are bundled from source;
// every other package stays an import of node_modules, resolved at run time as from the source
// (PGlite finds its WebAssembly files, `ws` its optional add-ons).
import { build, type Plugin } from "esbuild";
import { fileURLToPath } from "node:url";
import { PROGRAMS } from "./programs.js";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Bare imports other than the workspace's own are left to Node at run time. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@rules/") ? undefined : { path: args.path, external: true }));
  },
};

export default async function setup(): Promise<void> {
  await Promise.all(
    Object.values(PROGRAMS).map((p) =>
      build({
        absWorkingDir: root,
        entryPoints: [p.source],
        outfile: p.bundle,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        tsconfig: "tsconfig.json",
        plugins: [externalPackages],
        logLevel: "warning",
      }),
    ),
  );
}
