// Structural sharing and patches (DESIGN.md §2 `apply`): the checked `apply` leaves every part of a
// state the action did not change as the very same frozen object, and `applyWithPatches` describes
// the change as immer patches that replay it exactly.
import { applyPatches, canonicalJson, type BaseAction, type Game } from "@rules/core";
import { applyPatches as immerApplyPatches, enablePatches } from "immer";
import { assertPlainJson } from "./index.js";
import { same } from "./state.js";

type JsonPath = Array<string | number>;

/** `a.b.3.c`: a path as the exceptions of {@link sharingProblems} name it. */
function pathText(path: JsonPath): string {
  return path.length === 0 ? "(the root)" : path.join(".");
}

/** True when `path` matches `pattern` (dot-separated; `*` stands for any one key or index). */
export function pathMatches(pattern: string, path: JsonPath): boolean {
  const parts = pattern.split(".");
  return parts.length === path.length && parts.every((p, i) => p === "*" || p === String(path[i]));
}

/**
 * The paths where `after` holds a part deep-equal to the part at the same path of `before` that is
 * not the identical object (only the outermost such part of a subtree is named), except paths
 * matching one of `exceptions`.
 */
export function sharingProblems(before: unknown, after: unknown, exceptions: readonly string[] = []): string[] {
  const problems: string[] = [];
  const path: JsonPath = [];
  // Returns whether a and b are deep-equal; records a problem where they are equal yet distinct.
  const walk = (a: unknown, b: unknown): boolean => {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
    const mark = problems.length;
    let equal = true;
    if (Array.isArray(a)) {
      const bs = b as unknown[];
      if (a.length !== bs.length) equal = false;
      for (let i = 0; i < Math.min(a.length, bs.length); i++) {
        path.push(i);
        if (!walk(a[i], bs[i])) equal = false;
        path.pop();
      }
    } else {
      const ao = a as Record<string, unknown>;
      const bo = b as Record<string, unknown>;
      const keys = Object.keys(ao);
      if (keys.length !== Object.keys(bo).length) equal = false;
      for (const k of keys) {
        if (!Object.hasOwn(bo, k)) {
          equal = false;
          continue;
        }
        path.push(k);
        if (!walk(ao[k], bo[k])) equal = false;
        path.pop();
      }
    }
    if (equal) {
      problems.length = mark; // name the outermost unshared part, not each of its pieces
      if (!exceptions.some((e) => pathMatches(e, path))) problems.push(pathText(path));
    }
    return equal;
  };
  walk(before, after);
  return problems;
}

/** Throws unless `next = game.apply(state, action)` shares every unchanged part with `state`. */
export function checkSharing(state: unknown, next: unknown, action: BaseAction, exceptions: readonly string[] = []): void {
  const problems = sharingProblems(state, next, exceptions);
  if (problems.length > 0) {
    throw new Error(
      `apply(${canonicalJson(action).slice(0, 200)}) rebuilt parts it did not change (deep-equal to the old ones, not the same objects): ${problems.slice(0, 8).join(", ")}` +
        `${problems.length > 8 ? ` and ${problems.length - 8} more` : ""}. Change them in place in the recipe, or list the path in the game's sharingExceptions and its guide.`,
    );
  }
}

let immerPatches = false;

/**
 * `applyWithPatches` gives apply's state, and its patches (also through JSON, and through immer's
 * own `applyPatches`) turn `state` into it byte for byte; the inverse patches give `state` back.
 * `viaApply` is `JSON.stringify` of the checked `apply`'s state.
 */
export function checkPatches(game: Game, state: any, action: BaseAction, viaApply: string): void {
  const r = game.applyWithPatches(state, action);
  const next = JSON.stringify(r.state);
  same(next, viaApply, "applyWithPatches gives apply's state, to the byte");
  assertPlainJson(r.patches, "patches");
  assertPlainJson(r.inversePatches, "inversePatches");
  const old = JSON.stringify(state);
  same(JSON.stringify(applyPatches(state, r.patches)), next, "the patches give the next state");
  same(JSON.stringify(applyPatches(r.state, r.inversePatches)), old, "the inverse patches give the state back");
  // Stored as JSON text and read back, as a server or a file keeps them.
  const stored = JSON.parse(JSON.stringify({ patches: r.patches, inversePatches: r.inversePatches }));
  same(JSON.stringify(applyPatches(JSON.parse(old), stored.patches)), next, "the patches read back from JSON give the next state");
  same(JSON.stringify(applyPatches(JSON.parse(next), stored.inversePatches)), old, "the inverse patches read back from JSON give the state back");
  // A client's own immer reads them too.
  if (!immerPatches) {
    enablePatches();
    immerPatches = true;
  }
  same(JSON.stringify(immerApplyPatches(state, r.patches)), next, "immer's own applyPatches reads them");
}
