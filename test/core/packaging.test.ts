// How the packages are published (docs/packaging.md): browser-safe runtime packages, dependency
// ranges an app's npm can dedupe, publish metadata that points at one repository, and tarballs
// that carry the built files.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const readJson = (p: string) => JSON.parse(readFileSync(join(root, p), "utf8"));

interface PackageJson {
  name: string;
  version: string;
  description?: string;
  private?: boolean;
  author?: string;
  license?: string;
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  engines?: { node?: string };
  publishConfig?: { access?: string };
  scripts?: Record<string, string>;
  files?: string[];
  sideEffects?: boolean;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const rootPkg = readJson("package.json") as PackageJson;
/** The canonical home of the project: written once, in the root package.json. */
const REPO_URL = rootPkg.repository!.url!;
const REPO_HTTPS = REPO_URL.replace(/^git\+/, "").replace(/\.git$/, "");

/** The published packages: everything in packages/ (apps such as the playground live in apps/). */
const dirs = readdirSync(join(root, "packages")).filter((d) => existsSync(join(root, "packages", d, "package.json")));
const pkgs = new Map(dirs.map((d) => [d, readJson(`packages/${d}/package.json`) as PackageJson]));
/** Everything but the CLI and the server (Node programs) runs in a browser. */
const runtime = dirs.filter((d) => d !== "cli" && d !== "server");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

describe("browser-safe runtime packages", () => {
  const ALLOWED = new Set(["zod", "pure-rand", "immer", "@rules/core"]);
  for (const name of runtime) {
    it(`@rules/${name} imports only relative files and its allowed dependencies`, () => {
      const pkg = pkgs.get(name)!;
      const deps = Object.keys(pkg.dependencies ?? {});
      // The boards draw the games' views, so they depend on the game packages (and only on them).
      const allowed = (d: string) => ALLOWED.has(d) || (name === "boards" && d.startsWith("@rules/") && runtime.includes(d.slice(7)) && d !== "@rules/boards");
      for (const d of deps) expect(allowed(d), `dependency ${d}`).toBe(true);
      for (const file of sources(join(root, "packages", name, "src"))) {
        // Code only: doc comments hold @example snippets that import other packages, as a reader would.
        const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
        for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
          const spec = m[1]!;
          if (spec.startsWith(".")) continue;
          const base = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
          expect(deps.includes(base), `${file} imports ${spec}`).toBe(true);
        }
        // One clock is allowed: the default of mctsBot's timeMs, a bot's thinking time (documented as
        // machine-dependent and not reproducible); rules code and every other bot stay clock-free.
        const clockFree = file.endsWith(join("core", "src", "mcts.ts")) ? text.replace(/globalThis\.performance\.now\(\)/, "") : text;
        expect(clockFree, `${file} uses Math.random/Date`).not.toMatch(/Math\.random|Date\.now|new Date\(|performance\.now/);
        expect(text, `${file}: write import * as z from "zod" (the named form pulls all of zod into bundles)`).not.toMatch(
          /import\s+\{[^}]*\bz\b[^}]*\}\s+from\s+["']zod["']/,
        );
      }
      expect(pkg.sideEffects).toBe(false);
    });
  }
});

describe("dependency ranges (docs/packaging.md)", () => {
  for (const [name, pkg] of pkgs) {
    it(`@rules/${name}: zod and immer as caret dependencies, pure-rand and @rules/* pinned`, () => {
      const deps = pkg.dependencies ?? {};
      expect(pkg.peerDependencies?.["zod"], "zod is a dependency, not a peer").toBeUndefined();
      if (deps["zod"] !== undefined) expect(deps["zod"], "zod range").toMatch(/^\^\d+\.\d+\.\d+$/);
      // The published RNG test vectors hold only for the exact generator code: no range.
      if (deps["pure-rand"] !== undefined) expect(deps["pure-rand"]).toMatch(/^\d+\.\d+\.\d+$/);
      // immer (core's patches and structural sharing) dedupes with an app's own immer 11.
      if (deps["immer"] !== undefined) expect(deps["immer"], "immer range").toMatch(/^\^11\.\d+\.\d+$/);
      for (const [dep, range] of Object.entries(deps)) {
        if (!dep.startsWith("@rules/")) continue;
        const target = [...pkgs.values()].find((p) => p.name === dep);
        expect(target, `${dep} is a package of this repository`).toBeDefined();
        expect(range, `${dep} is released in lockstep`).toBe(target!.version);
      }
      expect(pkg.devDependencies, "dev tools live in the root package.json").toBeUndefined();
    });
  }

  it("every package asks for the same zod range", () => {
    const ranges = new Set([...pkgs.values()].map((p) => p.dependencies?.["zod"]).filter((r) => r !== undefined));
    expect([...ranges]).toHaveLength(1);
  });
});

describe("publish metadata", () => {
  it("packages/ holds only published packages: core, the games, the boards and the CLI (private apps go in apps/)", () => {
    for (const d of dirs) expect(readJson(`packages/${d}/package.json`).private, `packages/${d} is private`).not.toBe(true);
  });

  it("the root names the repository and the Node versions the toolchain is tested on", () => {
    expect(REPO_HTTPS).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    const vite = JSON.parse(readFileSync(join(root, "node_modules/vite/package.json"), "utf8")) as PackageJson;
    expect(rootPkg.engines?.node).toBe(vite.engines?.node);
    expect(rootPkg.private).toBe(true);
    expect(rootPkg.description).not.toMatch(/\bfive\b/);
  });

  for (const [name, pkg] of pkgs) {
    it(`@rules/${name} is ready for npm publish`, () => {
      expect(pkg.name).toBe(`@rules/${name}`);
      expect(pkg.private).toBeUndefined();
      expect(pkg.publishConfig?.access).toBe("public");
      expect(pkg.license).toBe("MIT");
      expect(pkg.author).toBeTruthy();
      expect(pkg.keywords?.length).toBeGreaterThan(0);
      expect(pkg.repository).toEqual({ type: "git", url: REPO_URL, directory: `packages/${name}` });
      expect(pkg.homepage).toBe(`${REPO_HTTPS}/tree/main/packages/${name}#readme`);
      expect(pkg.bugs?.url).toBe(`${REPO_HTTPS}/issues`);
      expect(pkg.engines?.node).toBe(rootPkg.engines?.node);
      expect(pkg.scripts?.["prepack"], "npm pack on a clean checkout must build dist/").toBe("npm run build");
      expect(pkg.files).toContain("dist");
      for (const f of ["README.md", "LICENSE"]) expect(existsSync(join(root, "packages", name, f)), f).toBe(true);
    });

    it(`@rules/${name}'s README links only to absolute addresses an npm reader can follow`, () => {
      const readme = readFileSync(join(root, "packages", name, "README.md"), "utf8");
      for (const m of readme.matchAll(/\]\(([^)]+)\)/g)) expect(m[1], "link").toMatch(/^(https:\/\/|#)/);
      for (const m of readme.matchAll(/https:\/\/github\.com\/[^\s)"'>]+/g)) expect(m[0].startsWith(REPO_HTTPS), m[0]).toBe(true);
      expect(readme, "a bare docs/... path cannot be followed from npm").not.toMatch(/(^|[\s`(])docs\/[\w./-]+\.md/m);
    });
  }
});

describe("documentation points only at what a reader has", () => {
  const texts = [
    "README.md",
    "CONTRIBUTING.md",
    ...readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".md") && !f.startsWith("api"))
      .map((f) => `docs/${f}`),
    ...dirs.flatMap((d) => [`packages/${d}/README.md`, ...sources(join(root, "packages", d, "src")).map((f) => f.slice(root.length))]),
  ];
  it("no guide, README or source comment cites a file outside the repository", () => {
    for (const f of texts) {
      expect(readFileSync(join(root, f), "utf8"), f).not.toMatch(/\.\.\/shared\/|shared\/(seeds|data)\//);
    }
  });
});

// What `npm pack` would put in each tarball. --ignore-scripts lists the files as they are (prepack
// would rebuild dist/ under the other tests' feet); CI builds before it tests.
const built = dirs.every((d) => existsSync(join(root, "packages", d, "dist", "index.js")));
if (!built) console.warn("packaging.test.ts: some dist/ folders are absent; run `npm run build` to check the tarball contents.");

describe.skipIf(!built)("npm pack contents (after npm run build)", () => {
  for (const name of dirs) {
    it(`@rules/${name} packs its built files, README, LICENSE and nothing from src or tests`, () => {
      const json = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: join(root, "packages", name),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
      const files = (JSON.parse(json) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
      for (const f of ["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts"]) {
        expect(files, f).toContain(f);
      }
      for (const bin of Object.values(pkgs.get(name)!.bin ?? {})) expect(files).toContain(bin.replace(/^\.\//, ""));
      expect(files.filter((f) => !/^(dist\/|bin\/|package\.json$|README\.md$|LICENSE$)/.test(f))).toEqual([]);
    });
  }
});
