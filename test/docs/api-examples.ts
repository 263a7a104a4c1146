// Finds every public export of a package's entry file with the TypeScript compiler, reads the
// `@example` blocks of its doc comment, and typechecks the blocks in one program. The test file runs
// them; this module only reads and checks, so the mutant test can point it at a made-up package.
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export interface PackageEntry {
  /** The package name, `@rules/core`. */
  name: string;
  /** Absolute path of its `src/index.ts`. */
  entry: string;
}

export interface ApiExample {
  pkg: string;
  exportName: string;
  /** The source of the ```ts block. */
  code: string;
  /** Absolute path of the module written for it. */
  file: string;
}

export interface ExportReport {
  /** `pkg export` for each public export with no `@example` holding a ```ts block. */
  missing: string[];
  /** Every extracted example, in package and export order. */
  examples: ApiExample[];
  /** Number of public exports seen per package. */
  exportCount: Record<string, number>;
}

const root = new URL("../../", import.meta.url).pathname;

/** The published (not private) packages under packages/, from their package.json files. */
export function publishedPackages(): PackageEntry[] {
  const out: PackageEntry[] = [];
  for (const dir of readdirSync(join(root, "packages")).sort()) {
    const pj = join(root, "packages", dir, "package.json");
    const entry = join(root, "packages", dir, "src", "index.ts");
    if (!existsSync(pj) || !existsSync(entry)) continue;
    const meta = JSON.parse(readFileSync(pj, "utf8")) as { name: string; private?: boolean };
    if (!meta.private) out.push({ name: meta.name, entry });
  }
  return out;
}

/** The repository's compiler options (tsconfig.json), so `@rules/*` resolves through `paths`. */
export function compilerOptions(): ts.CompilerOptions {
  const file = join(root, "tsconfig.json");
  const cfg = ts.readConfigFile(file, (p) => ts.sys.readFile(p));
  return ts.parseJsonConfigFileContent(cfg.config, ts.sys, root, undefined, file).options;
}

/** The fenced ```ts blocks of every `@example` section of a doc comment's raw text. */
export function examplesOfComment(raw: string): string[] {
  const lines = raw
    .replace(/^\/\*\*/, "")
    .replace(/\*\/$/, "")
    .split("\n")
    .map((l) => l.replace(/^\s*\* ?/, ""));
  const blocks: string[] = [];
  let inExample = false;
  let fence: string[] | null = null;
  let fenceIsTs = false;
  for (const line of lines) {
    if (fence) {
      if (/^\s*```\s*$/.test(line)) {
        if (inExample && fenceIsTs) blocks.push(fence.join("\n"));
        fence = null;
      } else fence.push(line);
      continue;
    }
    const fenceOpen = /^\s*```(\w*)/.exec(line);
    if (fenceOpen) {
      fence = [];
      fenceIsTs = fenceOpen[1] === "ts" || fenceOpen[1] === "typescript";
      continue;
    }
    const tag = /^\s*@(\w+)/.exec(line);
    if (tag) inExample = tag[1] === "example";
  }
  return blocks;
}

function docComments(decl: ts.Declaration): string[] {
  const sf = decl.getSourceFile();
  return ts
    .getJSDocCommentsAndTags(decl)
    .filter(ts.isJSDoc)
    .map((doc) => sf.text.slice(doc.pos, doc.end));
}

/** The export's own declarations (aliases followed), where its doc comment lives. */
function declarationsOf(checker: ts.TypeChecker, sym: ts.Symbol): ts.Declaration[] {
  const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
  return target.declarations ?? [];
}

function safeName(s: string): string {
  return s.replace(/^@/, "").replace(/[^A-Za-z0-9_-]+/g, "_");
}

/**
 * Read the public exports of each package and their examples, and write each example as a module
 * under `outDir` (which must be inside the repository, so `@rules/*` resolves). Returns the program
 * it built, whose parsed files {@link programOf} can reuse.
 */
export function collectExamples(
  packages: readonly PackageEntry[],
  outDir: string,
  options: ts.CompilerOptions = compilerOptions(),
): { report: ExportReport; program: ts.Program } {
  const program = ts.createProgram({ rootNames: packages.map((p) => p.entry), options });
  const checker = program.getTypeChecker();
  const report: ExportReport = { missing: [], examples: [], exportCount: {} };
  for (const pkg of packages) {
    const sf = program.getSourceFile(pkg.entry);
    const moduleSym = sf && checker.getSymbolAtLocation(sf);
    if (!moduleSym) throw new Error(`${pkg.name}: cannot read the exports of ${pkg.entry}`);
    const exports = checker.getExportsOfModule(moduleSym).sort((a, b) => a.name.localeCompare(b.name));
    report.exportCount[pkg.name] = exports.length;
    const dir = join(outDir, safeName(pkg.name));
    mkdirSync(dir, { recursive: true });
    for (const [n, sym] of exports.entries()) {
      const blocks = declarationsOf(checker, sym).flatMap((d) => docComments(d).flatMap(examplesOfComment));
      if (blocks.length === 0) {
        report.missing.push(`${pkg.name} ${sym.name}`);
        continue;
      }
      blocks.forEach((code, i) => {
        // Numbered, so names that differ only in case (`Stats`, `stats`) stay apart on any file system.
        const file = join(dir, `${String(n).padStart(3, "0")}-${safeName(sym.name)}.${i + 1}.ts`);
        // `export {}` keeps a block without imports a module, so its names do not clash with others'.
        writeFileSync(file, `${code}\nexport {};\n`);
        report.examples.push({ pkg: pkg.name, exportName: sym.name, code, file });
      });
    }
  }
  return { report, program };
}

/**
 * One program over every given example: one type checker resolves the packages' types once for
 * all of them (each program's checker does that work again). `oldProgram` lends its parsed files.
 */
export function programOf(examples: readonly ApiExample[], oldProgram?: ts.Program): ts.Program {
  return ts.createProgram({
    rootNames: examples.map((e) => e.file),
    options: oldProgram?.getCompilerOptions() ?? compilerOptions(),
    ...(oldProgram ? { oldProgram } : {}),
  });
}

/** The diagnostics of `examples` in a program that holds them; one line each: `file (pkg export): message`. */
export function diagnosticsOf(program: ts.Program, examples: readonly ApiExample[]): string[] {
  const out: string[] = [];
  for (const ex of examples) {
    const sf = program.getSourceFile(ex.file);
    if (!sf) {
      out.push(`${relative(root, ex.file)} (${ex.pkg} ${ex.exportName}): not in the program`);
      continue;
    }
    for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
      const pos = d.start !== undefined ? sf.getLineAndCharacterOfPosition(d.start) : undefined;
      const where = pos ? `:${pos.line + 1}:${pos.character + 1}` : "";
      out.push(
        `${relative(root, ex.file)}${where} (${ex.pkg} ${ex.exportName}): ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
    }
  }
  return out;
}

/** Run every example (dynamic import); `pkg export: error` for each that throws. */
export async function runExamples(examples: readonly ApiExample[]): Promise<string[]> {
  const out: string[] = [];
  for (const ex of examples) {
    try {
      await import(/* @vite-ignore */ ex.file);
    } catch (e) {
      out.push(`${relative(root, ex.file)} (${ex.pkg} ${ex.exportName}): ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

export const repoRoot = root;
