// `npm run release:check` (after `npm run build`): everything a release would publish, checked
// without publishing. For every package under packages/ it packs the tarball (into
// `.release/`, where a newcomer can install it from before the packages are on the registry),
// checks the files it carries, runs `npm publish --dry-run`, and measures what a browser app
// ships (a minimal client bundled from the package's dist/). The figures are printed as the
// markdown table that docs/packaging.md holds between its `sizes` markers; the check fails when
// the page's figures are more than 10% off, and `--write` rewrites them.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { boardBundle, clientBundle, type ClientBundle } from "./sizes.js";

const root = new URL("../", import.meta.url).pathname;
const outDir = join(root, ".release");
const docPath = join(root, "docs/packaging.md");
const START = "<!-- sizes:start (npm run release:check -- --write) -->";
const END = "<!-- sizes:end -->";
const TOLERANCE = 0.1;

interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
}

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string }>;
}

interface Row {
  name: string;
  tarball: number;
  unpacked: number;
  client?: ClientBundle;
}

/** The boards' entry points (one per game) and what each adds to an app that ships the game. */
interface BoardRow {
  entry: string;
  bytes: number;
  gzip: number;
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The published packages, core first (the order `npm run build` builds them in). */
function publishedPackages(): Array<{ dir: string; pkg: PackageJson }> {
  return readdirSync(join(root, "packages"))
    .filter((d) => existsSync(join(root, "packages", d, "package.json")))
    .map((d) => ({ dir: join(root, "packages", d), pkg: JSON.parse(readFileSync(join(root, "packages", d, "package.json"), "utf8")) as PackageJson }))
    .filter((p) => p.pkg.private !== true)
    .sort((a, b) => (a.pkg.name === "@rules/core" ? -1 : b.pkg.name === "@rules/core" ? 1 : a.pkg.name.localeCompare(b.pkg.name)));
}

/** Node-only packages: no browser client is measured for them. */
const NODE_ONLY = new Set(["@rules/core", "@rules/cli", "@rules/server"]);

/**
 * What every tarball must carry: both builds, both type files, the README and the licence; a
 * command's program (`rules`: only the program; `rules-server`: the library and the program).
 */
function missingFiles(files: string[], name: string): string[] {
  const library = ["dist/index.js", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts"];
  const own = name === "@rules/cli" ? ["bin/rules.js", "dist/main.js"] : name === "@rules/server" ? [...library, "bin/rules-server.js", "dist/main.js"] : library;
  return ["package.json", "README.md", "LICENSE", ...own].filter((f) => !files.includes(f));
}

function sizesTable(rows: Row[], boards: BoardRow[]): string {
  const lines = [
    "| package | tarball | unpacked | a browser client, minified | gzip |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| \`${r.name}\` | ${kb(r.tarball)} | ${kb(r.unpacked)} | ${r.client ? kb(r.client.bytes) : "—"} | ${r.client ? kb(r.client.gzip) : "—"} |`),
  ];
  // What the clients are made of: the origins every client shares, then the game's own code.
  const clients = rows.filter((r) => r.client);
  const shared = [...new Set(clients.flatMap((r) => Object.keys(r.client!.parts)))].filter((o) => o !== "(app)" && (!o.startsWith("@rules/") || o === "@rules/core")).sort();
  lines.push(
    "",
    `| a browser client of | ${shared.map((o) => `\`${o}\``).join(" | ")} | the game |`,
    `| --- |${" ---: |".repeat(shared.length + 1)}`,
    ...clients.map((r) => `| \`${r.name}\` | ${shared.map((o) => kb(r.client!.parts[o] ?? 0)).join(" | ")} | ${kb(r.client!.parts[r.name] ?? 0)} |`),
  );
  if (boards.length > 0) {
    lines.push(
      "",
      "| a board of `@rules/boards` (without the game and core) | minified | gzip |",
      "| --- | ---: | ---: |",
      ...boards.map((b) => `| \`@rules/boards/${b.entry}\` | ${kb(b.bytes)} | ${kb(b.gzip)} |`),
    );
  }
  return lines.join("\n");
}

/** The figures of a table written by `sizesTable`, by package and column. */
function figures(table: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let part = 0;
  for (const line of table.split("\n")) {
    if (line.trim() === "") part++;
    const m = /^\| `([^`]+)` \|(.*)\|$/.exec(line.trim());
    if (m) out.set(part > 0 ? `${m[1]!} (parts)` : m[1]!, m[2]!.split("|").map((c) => Number.parseFloat(c.trim())));
  }
  return out;
}

function compareWithDocs(table: string): string[] {
  const doc = readFileSync(docPath, "utf8");
  const at = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (at < 0 || to < at) return [`docs/packaging.md has no "${START}" … "${END}" block`];
  const written = figures(doc.slice(at, to));
  const measured = figures(table);
  const problems: string[] = [];
  for (const [name, values] of measured) {
    const w = written.get(name);
    if (!w) {
      problems.push(`docs/packaging.md has no row for ${name}`);
      continue;
    }
    values.forEach((v, i) => {
      const d = w[i];
      if (Number.isNaN(v) && (d === undefined || Number.isNaN(d))) return;
      if (d === undefined || Number.isNaN(d) || Math.abs(d - v) > TOLERANCE * v) problems.push(`${name}: the page says ${d} KB where ${v} KB is measured (column ${i + 1})`);
    });
  }
  for (const name of written.keys()) if (!measured.has(name)) problems.push(`docs/packaging.md lists ${name}, which is not published`);
  return problems;
}

function writeDocs(table: string): void {
  const doc = readFileSync(docPath, "utf8");
  const at = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (at < 0 || to < at) throw new Error(`docs/packaging.md has no "${START}" … "${END}" block to write into`);
  writeFileSync(docPath, `${doc.slice(0, at + START.length)}\n${table}\n${doc.slice(to)}`);
}

async function main(): Promise<void> {
  const write = process.argv.includes("--write");
  const packages = publishedPackages();
  const unbuilt = packages.filter((p) => !existsSync(join(p.dir, "dist")));
  if (unbuilt.length > 0) {
    console.error(`release:check: build first (npm run build): no dist/ in ${unbuilt.map((p) => p.pkg.name).join(", ")}.`);
    process.exit(2);
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const problems: string[] = [];
  const rows: Row[] = [];
  const boardRows: BoardRow[] = [];
  for (const { dir, pkg } of packages) {
    const isBoards = pkg.name === "@rules/boards";
    // --ignore-scripts: prepack would rebuild what `npm run build` has just built.
    const [packed] = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", outDir], dir)) as PackResult[];
    const missing = missingFiles(packed!.files.map((f) => f.path), pkg.name);
    if (missing.length > 0) problems.push(`${pkg.name}: the tarball lacks ${missing.join(", ")}`);
    try {
      npm(["publish", "--dry-run", "--ignore-scripts"], dir);
    } catch (e) {
      const err = e as { stderr?: string };
      problems.push(`${pkg.name}: npm publish --dry-run failed: ${(err.stderr ?? String(e)).trim().split("\n").slice(-3).join(" ")}`);
    }
    const row: Row = { name: pkg.name, tarball: packed!.size, unpacked: packed!.unpackedSize };
    if (isBoards) {
      const exportsMap = (pkg as PackageJson & { exports: Record<string, unknown> }).exports;
      const entries = Object.keys(exportsMap).filter((k) => k !== "." && !k.endsWith(".json")).map((k) => k.slice(2));
      for (const entry of entries) boardRows.push({ entry, ...(await boardBundle(entry, entries)) });
    } else if (!NODE_ONLY.has(pkg.name)) row.client = await clientBundle(pkg.name);
    rows.push(row);
    console.log(`${pkg.name}@${pkg.version}: ${packed!.filename} ${kb(packed!.size)}, ${packed!.files.length} files, publish --dry-run ${problems.some((p) => p.startsWith(`${pkg.name}: npm publish`)) ? "failed" : "ok"}`);
  }

  const table = sizesTable(rows, boardRows);
  console.log(`\n${table}\n\nTarballs in ${outDir} (install them with npm install <file>.tgz ...).`);
  if (write) writeDocs(table);
  else problems.push(...compareWithDocs(table));
  if (problems.length > 0) {
    console.error(`\nrelease:check found ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    if (problems.some((p) => p.includes("the page says"))) console.error("Sizes moved: run npm run release:check -- --write and commit docs/packaging.md.");
    process.exit(1);
  }
  console.log(write ? "docs/packaging.md updated." : "release:check passed: every package packs, carries its files, publishes (dry run), and docs/packaging.md matches.");
}

await main();
