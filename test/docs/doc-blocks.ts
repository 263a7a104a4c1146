// The fenced code blocks of the documentation a reader meets: the root README, every package's
// README (shipped in its tarball, and its typedoc module page) and everything under docs/. A block
// is complete unless the line just above its fence is the marker `<!-- fragment -->` (invisible
// once rendered; CONTRIBUTING.md says when to use it); one marked `<!-- browser -->` is complete
// but needs a page's `document`, so it is typechecked and not run. The test file typechecks and runs every
// complete `ts` block and parses every complete `json` block; `python` blocks run there too, except
// docs/guides/python.md's, which the Python package's own tests run (python/tests/test_guide.py).
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import type { ApiExample } from "./api-examples.js";

const root = new URL("../../", import.meta.url).pathname;

/** The line above a fence that marks its block as a fragment: shown, never run. */
export const FRAGMENT = "<!-- fragment -->";

/** The line above a fence that marks a ts block as needing a browser page: it typechecks, but is not run in Node. */
export const BROWSER = "<!-- browser -->";

export interface DocBlock {
  /** The markdown file, relative to the repository. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  fragment: boolean;
  /** Marked `<!-- browser -->`: typechecked, not run (it uses `document`). */
  browser: boolean;
  /** The prose between the previous block (or the file's start) and this one. */
  before: string;
}

/** Every markdown file the doc test reads, relative to the repository. */
export function docFiles(): string[] {
  const out = ["README.md"];
  for (const d of readdirSync(join(root, "packages")).sort()) if (existsSync(join(root, "packages", d, "README.md"))) out.push(`packages/${d}/README.md`);
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(`${dir}/${e.name}`);
      else if (e.name.endsWith(".md")) out.push(`${dir}/${e.name}`);
    }
  };
  walk("docs");
  return out;
}

/** The fenced blocks of one markdown text (fences at the start of a line, as the docs write them). */
export function blocksOf(file: string, text: string): DocBlock[] {
  const lines = text.split("\n");
  const blocks: DocBlock[] = [];
  let prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) {
      prose.push(lines[i]!);
      continue;
    }
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j]!)) body.push(lines[j++]!);
    blocks.push({ file, line: i + 1, lang: open[1]!, code: body.join("\n"), fragment: lines[i - 1]?.trim() === FRAGMENT, browser: lines[i - 1]?.trim() === BROWSER, before: prose.join("\n") });
    prose = [];
    i = j;
  }
  return blocks;
}

export function allBlocks(): DocBlock[] {
  return docFiles().flatMap((f) => blocksOf(f, readFileSync(join(root, f), "utf8")));
}

export const isTs = (b: DocBlock): boolean => b.lang === "ts" || b.lang === "typescript";

/** Writes each block as a module under `outDir` (inside the repository, so `@rules/*` resolves). */
export function writeTsBlocks(blocks: readonly DocBlock[], outDir: string): ApiExample[] {
  mkdirSync(outDir, { recursive: true });
  return blocks.map((b) => {
    const file = join(outDir, `${b.file.replace(/[^A-Za-z0-9]+/g, "_")}-${b.line}.ts`);
    writeFileSync(file, `${b.code}\nexport {};\n`);
    return { pkg: b.file, exportName: `block at line ${b.line}`, code: b.code, file };
  });
}

/**
 * True when the block awaits at its top level, which runs only as an ES module (a CommonJS file
 * refuses it): such a block must say so in the prose before it.
 */
export function awaitsAtTopLevel(code: string): boolean {
  const sf = ts.createSourceFile("block.ts", code, ts.ScriptTarget.ES2022, true);
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isAwaitExpression(n) || (ts.isForOfStatement(n) && n.awaitModifier !== undefined)) found = true;
    else ts.forEachChild(n, visit);
  };
  ts.forEachChild(sf, visit);
  return found;
}

/** Says the block needs an ES module: "ESM", "ES module" or `"type": "module"` in the prose before it. */
export function saysEsm(prose: string): boolean {
  return /\bESM\b|\bES module|"type": "module"/.test(prose);
}

export const where = (b: DocBlock): string => `${b.file}:${b.line}`;
export const repoPath = (p: string): string => relative(root, p);
