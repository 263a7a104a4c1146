import { Immer, enablePatches, type Patch } from "immer";
import { freezeJson } from "./frozen.js";

// Structural sharing: the parts of a state an action leaves equal are the very same frozen objects
// in the next state. The checked `apply` gets it by comparing the recipe's result with its input
// (shareUnchanged); `applyWithPatches` runs the recipe through immer's produceWithPatches for the
// patches. The engine keeps an immer of its own, so an app's `setAutoFreeze` (immer's settings are
// global to its default instance) never changes what the engine hands out, nor ours an app's.
const engine = new Immer({ autoFreeze: true });

/**
 * One change of a state, as immer writes it: `path` from the root of the state (keys and array
 * indices), and the new `value` for `add` and `replace`. Plain JSON, so it can be stored or sent.
 *
 * @example
 * ```ts
 * import type { StatePatch } from "@rules/core";
 *
 * const p: StatePatch = { op: "replace", path: ["round", "stage"], value: "load" };
 * console.log(JSON.stringify(p)); // {"op":"replace","path":["round","stage"],"value":"load"}
 * ```
 */
export interface StatePatch {
  op: "replace" | "remove" | "add";
  path: (string | number)[];
  value?: unknown;
}

/**
 * The result of {@link Game.applyWithPatches}: the next state, the patches that turn the old state
 * into it, and the patches that turn it back.
 *
 * @example
 * ```ts
 * import type { PatchedState } from "@rules/core";
 * import { game, type State } from "@rules/donkey-valley";
 *
 * const s = game.initialState(1);
 * const r: PatchedState<State> = game.applyWithPatches(s, game.legalActions(s)[0]!);
 * console.log(r.patches.length > 0, r.inversePatches.length > 0); // true true
 * ```
 */
export interface PatchedState<S> {
  /** The state after the action, deeply frozen, sharing every part the action did not change. */
  state: S;
  /** What changed, from the old state to `state`. Carries hidden information: never for players. */
  patches: StatePatch[];
  /** What changes `state` back into the old state. */
  inversePatches: StatePatch[];
}

let patchesEnabled = false;

/** Immer's patches plugin, loaded on the first call that needs it (it is global to immer). */
function withPatches(): void {
  if (!patchesEnabled) {
    enablePatches();
    patchesEnabled = true;
  }
}

/**
 * The recipe run through immer's `produceWithPatches` on `base` (deeply frozen: every state the
 * engine hands out is): the next state, deeply frozen and sharing what the recipe left equal, and
 * the patches of the change and of its undoing. Whatever the recipe returns is ignored, as on the
 * other paths (immer would take a returned value for the new state).
 */
export function produceStateWithPatches<S, A>(base: S, recipe: (draft: S, action: A) => void, action: A): PatchedState<S> {
  withPatches();
  const [state, patches, inversePatches] = engine.produceWithPatches(base, (draft: S) => {
    recipe(draft, action);
  });
  return { state: reshare(state, base) as S, patches: patches as StatePatch[], inversePatches: inversePatches as StatePatch[] };
}

/**
 * `next`, a state the recipe made on a private mutable copy of `base` (deeply frozen), made
 * deeply frozen with every part that is deep-equal to the part at the same path of `base` (same
 * keys in the same order, so the JSON text is the same) replaced by that part of `base`: the
 * sharing `produce` gives, and more (an equal list the recipe rebuilt is shared too). Frozen parts
 * of `next` (what a game's `cloneState` shares) are taken as they are. Changes `next` in place.
 */
export function shareUnchanged<S>(next: S, base: S): S {
  return share(next, base) as S;
}

function share(next: unknown, base: unknown): unknown {
  if (next === base || typeof next !== "object" || next === null || Object.isFrozen(next)) return next;
  if (typeof base !== "object" || base === null || Array.isArray(next) !== Array.isArray(base)) return freezeJson(next);
  if (Array.isArray(next)) {
    const b = base as unknown[];
    let equal = next.length === b.length;
    for (let i = 0; i < next.length; i++) {
      const x: unknown = next[i];
      if (i >= b.length) {
        if (typeof x === "object" && x !== null) freezeJson(x);
        continue;
      }
      const y = typeof x === "object" && x !== null ? share(x, b[i]) : x;
      if (y !== x) next[i] = y;
      if (equal && y !== b[i]) equal = false;
    }
    if (equal) return base;
    return Object.freeze(next);
  }
  const n = next as Record<string, unknown>;
  const b = base as Record<string, unknown>;
  const keys = Object.keys(n);
  const baseKeys = Object.keys(b);
  let equal = keys.length === baseKeys.length;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (equal && baseKeys[i] !== k) equal = false;
    const x = n[k];
    if (typeof x !== "object" || x === null) {
      if (equal && x !== b[k]) equal = false;
      continue;
    }
    const y = Object.hasOwn(b, k) ? share(x, b[k]) : freezeJson(x);
    if (y !== x) n[k] = y; // an own "__proto__" key of a copy is data (cloneJson defines it so); assignment keeps it so
    if (equal && y !== b[k]) equal = false;
  }
  if (equal) return base;
  return Object.freeze(next);
}

/**
 * `next` (deeply frozen) with every part that is deep-equal to the part at the same path of `base`
 * (same keys in the same order, so the JSON text is the same) replaced by that part of `base`,
 * frozen (it is already, unless `base` is the engine's private copy of a caller's state).
 *
 * immer shares what a recipe never wrote to; a recipe that rebuilds a list or record equal to the
 * old one (a new turn's empty lists, a list filled and emptied within one action, a filter that
 * kept everything) leaves an equal copy. This walk visits only what immer copied or the recipe
 * made (everything else is `base`'s own object, answered by the first comparison) and copies a
 * frozen node only where one of its parts is replaced.
 */
function reshare(next: unknown, base: unknown): unknown {
  if (next === base || typeof next !== "object" || next === null || typeof base !== "object" || base === null) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(base)) return next;
    let equal = next.length === base.length;
    let out: unknown[] | null = null;
    for (let i = 0; i < next.length; i++) {
      const x: unknown = next[i];
      const y = i < base.length ? reshare(x, base[i]) : x;
      if (y !== x) (out ??= [...next])[i] = y;
      if (equal && y !== base[i]) equal = false;
    }
    if (equal) return freezeJson(base);
    return out ? Object.freeze(out) : next;
  }
  if (Array.isArray(base)) return next;
  const n = next as Record<string, unknown>;
  const b = base as Record<string, unknown>;
  const keys = Object.keys(n);
  const baseKeys = Object.keys(b);
  let equal = keys.length === baseKeys.length;
  let out: Record<string, unknown> | null = null;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (equal && baseKeys[i] !== k) equal = false;
    if (!Object.hasOwn(b, k)) continue;
    const x = n[k];
    const y = reshare(x, b[k]);
    if (y !== x) {
      out ??= { ...n };
      // An own "__proto__" key (JSON.parse makes those) must stay data, not become the prototype.
      if (k === "__proto__") Object.defineProperty(out, k, { value: y, enumerable: true, writable: true, configurable: true });
      else out[k] = y;
    }
    if (equal && y !== b[k]) equal = false;
  }
  if (equal) return freezeJson(base);
  return out ? Object.freeze(out) : next;
}

/**
 * Apply patches from {@link Game.applyWithPatches} (or their `inversePatches`) to a state: the
 * state they were made from gives back, byte for byte, the state they lead to. The result is
 * deeply frozen and shares every part the patches do not touch. Patches are not checked against
 * the rules: apply only patches from a store you trust, and `loadState` anything else.
 *
 * @example
 * ```ts
 * import { applyPatches } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const s0 = game.initialState(1);
 * const { state: s1, patches, inversePatches } = game.applyWithPatches(s0, game.legalActions(s0)[0]!);
 * console.log(JSON.stringify(applyPatches(s0, patches)) === JSON.stringify(s1)); // true
 * console.log(JSON.stringify(applyPatches(s1, inversePatches)) === JSON.stringify(s0)); // true
 * ```
 */
export function applyPatches<S>(state: S, patches: readonly StatePatch[]): S {
  withPatches();
  return engine.applyPatches(state as object, patches as Patch[]) as S;
}
