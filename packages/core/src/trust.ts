// Helpers for the trust boundary: everything that comes from outside the engine (a stored state, a
// log, options, a seat number) is measured before it is parsed, described without running any of
// its code, and copied before the engine keeps it. See "The trust boundary" in docs/concepts.md.

/**
 * Bounds on untrusted input, stated once here (docs/concepts.md, "The trust boundary", repeats
 * them). A state, options value, action or log larger than these is refused before any schema
 * runs, so any input is answered in time proportional to its size. No reachable state of any game
 * comes near them.
 *
 * @example
 * ```ts
 * import { INPUT_LIMITS } from "@rules/core";
 *
 * console.log(INPUT_LIMITS.depth, INPUT_LIMITS.nodes, INPUT_LIMITS.logActions); // 64 200000 100000
 * ```
 */
export const INPUT_LIMITS = Object.freeze({
  /**
   * Objects, arrays and primitives in one state or options value, and in an action log apart from
   * its actions (a long string counts one per 64 characters).
   */
  nodes: 200_000,
  /**
   * Actions in one action log; also how many actions `simulate` and `rules play` play before they
   * give a game up, so every log they write can be replayed.
   */
  logActions: 100_000,
  /** Values in one action (the largest action of any game, an Age of Steam move, holds 31). */
  actionValues: 64,
  /**
   * Characters of a string seed, wherever a seed comes in (`initialState`, `determinize`, `replay`,
   * the bots, `simulate`, the CLI's `--seed`, `rules serve`): it is hashed, and nothing needs more.
   */
  seedChars: 200,
  /** Nesting depth of objects and arrays. */
  depth: 64,
  /** Problems listed in one error message (the rest are counted). */
  issuesShown: 8,
  /** Characters of one error message. */
  messageChars: 1_500,
});

/**
 * Why `value` is too large or too deep to parse, or `undefined` when it is within
 * {@link INPUT_LIMITS}. Never throws and never calls code of the value (getters and proxies that
 * throw count as unreadable).
 */
export function inputSizeProblem(value: unknown, limits: { nodes: number; depth: number } = INPUT_LIMITS): string | undefined {
  // Hot: every action through the checked `apply` is measured here. Primitives are counted where
  // they are met, and only objects and arrays wait on the stack (two parallel stacks, no pair per value).
  const tooMany = `it holds more than ${limits.nodes} values`;
  try {
    let nodes = weight(value);
    if (nodes > limits.nodes) return tooMany;
    if (typeof value !== "object" || value === null) return undefined;
    const objects: object[] = [value];
    const depths: number[] = [0];
    while (objects.length > 0) {
      const v = objects.pop()! as Record<string, unknown>;
      const depth = depths.pop()!;
      if (depth >= limits.depth) return `it is nested more than ${limits.depth} levels deep`;
      if (Array.isArray(v)) {
        if (v.length > limits.nodes) return tooMany;
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          nodes += weight(x);
          if (nodes > limits.nodes) return tooMany;
          if (typeof x === "object" && x !== null) {
            objects.push(x);
            depths.push(depth + 1);
          }
        }
      } else {
        const keys = Object.keys(v);
        if (keys.length > limits.nodes) return tooMany;
        for (let i = 0; i < keys.length; i++) {
          const x = v[keys[i]!];
          nodes += weight(x);
          if (nodes > limits.nodes) return tooMany;
          if (typeof x === "object" && x !== null) {
            objects.push(x);
            depths.push(depth + 1);
          }
        }
      }
    }
    return undefined;
  } catch {
    return "it cannot be read as plain JSON";
  }
}

/** What one value counts toward INPUT_LIMITS.nodes: a long string one per 64 characters. */
function weight(v: unknown): number {
  return typeof v === "string" ? 1 + Math.floor(v.length / 64) : 1;
}

/** Why a string seed is too long to hash, or `undefined`. */
export function seedLengthProblem(seed: unknown): string | undefined {
  if (typeof seed !== "string" || seed.length <= INPUT_LIMITS.seedChars) return undefined;
  return `the seed is a string of ${seed.length} characters, at most ${INPUT_LIMITS.seedChars} allowed`;
}

/**
 * Why an action log is too large to parse, or `undefined`: at most {@link INPUT_LIMITS}.logActions
 * actions of at most `actionValues` values each, and at most `nodes` values besides. Never throws.
 */
export function logSizeProblem(log: unknown): string | undefined {
  try {
    if (typeof log !== "object" || log === null || Array.isArray(log)) return inputSizeProblem(log);
    const actions = (log as { actions?: unknown }).actions;
    if (!Array.isArray(actions)) return inputSizeProblem(log);
    if (actions.length > INPUT_LIMITS.logActions) return `it holds ${actions.length} actions, at most ${INPUT_LIMITS.logActions} allowed`;
    const rest = inputSizeProblem({ ...log, actions: [] });
    if (rest) return rest;
    const limits = { nodes: INPUT_LIMITS.actionValues, depth: INPUT_LIMITS.depth - 2 };
    for (let i = 0; i < actions.length; i++) {
      const p = inputSizeProblem(actions[i], limits);
      if (p) return `action ${i + 1}: ${p}`;
    }
    return undefined;
  } catch {
    return "it cannot be read as plain JSON";
  }
}

/**
 * A short description of an untrusted value for an error message: numbers and short strings as
 * they are, anything else by its kind. Never calls the value's own `toString`.
 */
export function describeInput(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "0" : String(v);
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v === null || v === undefined || typeof v === "boolean") return String(v);
  if (typeof v === "object") {
    try {
      return Array.isArray(v) ? "an array" : "an object";
    } catch {
      return "an object"; // a revoked proxy
    }
  }
  return `a ${typeof v}`;
}

/** `text` cut to at most `max` characters (with an ellipsis when cut). */
export function clip(text: string, max: number = INPUT_LIMITS.messageChars): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A deep copy of a plain-JSON value in which every object and array is frozen and `-0` is `0`.
 * Used on what the engine keeps of untrusted input, so the caller's value is never frozen or
 * shared.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value === "number") return (value === 0 ? 0 : value) as T;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = frozenCopy(value[i]);
    return Object.freeze(out) as T;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const copy = frozenCopy((value as Record<string, unknown>)[k]);
    if (k === "__proto__") Object.defineProperty(out, k, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[k] = copy;
  }
  return Object.freeze(out) as T;
}

/**
 * {@link frozenCopy} of `value` (a schema's output) with each object's keys in the order the same
 * object of `input` (what was parsed) has them, keys `input` lacks (defaults) last: a state saved
 * as JSON and loaded back gives the same bytes, whatever order the schema lists its fields in.
 */
export function frozenCopyInOrderOf<T>(value: T, input: unknown): T {
  if (typeof value === "number") return (value === 0 ? 0 : value) as T;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const like = Array.isArray(input) ? input : [];
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = frozenCopyInOrderOf(value[i], like[i]);
    return Object.freeze(out) as T;
  }
  const v = value as Record<string, unknown>;
  const like = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const keys = Object.keys(v);
  const order = [...Object.keys(like).filter((k) => Object.hasOwn(v, k)), ...keys.filter((k) => !Object.hasOwn(like, k))];
  const out: Record<string, unknown> = {};
  for (const k of order.length === keys.length ? order : keys) {
    const copy = frozenCopyInOrderOf(v[k], like[k]);
    if (k === "__proto__") Object.defineProperty(out, k, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[k] = copy;
  }
  return Object.freeze(out) as T;
}

/** A deep copy of a plain-JSON value with every `-0` replaced by `0` (not frozen). */
export function withoutNegativeZero<T>(value: T): T {
  if (typeof value === "number") return (value === 0 ? 0 : value) as T;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(withoutNegativeZero) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const copy = withoutNegativeZero((value as Record<string, unknown>)[k]);
    if (k === "__proto__") Object.defineProperty(out, k, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[k] = copy;
  }
  return out as T;
}

/** Freeze `value` and everything inside it, in place; stops at parts that are already frozen. */
export function freezeDeep<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const k of Object.keys(value)) freezeDeep((value as Record<string, unknown>)[k]);
  return value;
}

/**
 * True when `value` and every object and array inside it are frozen. Stops at the first that is not.
 *
 * @example
 * ```ts
 * import { freezeJson, isDeepFrozen } from "@rules/core";
 *
 * console.log(isDeepFrozen(freezeJson({ a: [1] })), isDeepFrozen({ a: [1] })); // true false
 * ```
 */
export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  for (const k of Object.keys(value)) if (!isDeepFrozen((value as Record<string, unknown>)[k])) return false;
  return true;
}
