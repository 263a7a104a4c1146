/**
 * Deep-freeze a plain-JSON value in place (parts already frozen are taken as deep-frozen). Returns it.
 *
 * @example
 * ```ts
 * import { freezeJson } from "@rules/core";
 *
 * const state = freezeJson({ hands: [[1, 2], [3]], round: { stage: "load" } });
 * console.log(Object.isFrozen(state.hands[0]), Object.isFrozen(state.round)); // true true
 * ```
 */
export function freezeJson<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) freezeObject(v);
  return v;
}

// Hot in the checked `apply` (every state it hands out): numbers, strings and booleans are skipped
// without a call, and object keys are walked with for...in (no key array per object).
function freezeObject(v: object): void {
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null && !Object.isFrozen(x)) freezeObject(x);
    }
  } else {
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const x = o[k];
      if (typeof x === "object" && x !== null && !Object.isFrozen(x)) freezeObject(x);
    }
  }
}

/** States (and parts) known to be deeply frozen: every state the engine hands out, and any checked once. */
const deeplyFrozen = new WeakSet<object>();

/** Record that `v` is deeply frozen (the engine froze it, or checked it). Returns it. */
export function markDeeplyFrozen<T>(v: T): T {
  if (typeof v === "object" && v !== null) deeplyFrozen.add(v);
  return v;
}

/**
 * True when `v` and everything inside it are frozen: at once for a state the engine handed out,
 * by one walk (then remembered) for any other frozen object. A state frozen only at its top level
 * is the caller's: its parts may still change, so the engine neither shares nor freezes them.
 */
export function isDeeplyFrozen(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  if (deeplyFrozen.has(v)) return true;
  if (!Object.isFrozen(v) || !allFrozen(v)) return false;
  deeplyFrozen.add(v);
  return true;
}

function allFrozen(v: object): boolean {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null && !deeplyFrozen.has(x) && (!Object.isFrozen(x) || !allFrozen(x))) return false;
    }
    return true;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (typeof x === "object" && x !== null && !deeplyFrozen.has(x) && (!Object.isFrozen(x) || !allFrozen(x))) return false;
  }
  return true;
}
