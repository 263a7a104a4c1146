/**
 * The checked `apply` without immer: the recipe runs on a private deep copy, then
 * {@link shareFrozen} hands back a deep-frozen result that reuses every subtree of the previous
 * state the recipe left equal (as immer's structural sharing would), so histories of states stay
 * small and comparisons by identity keep working.
 */

/**
 * Settle `next` (a fresh, private value, e.g. a `cloneJson` copy that a recipe mutated) against
 * `prev`: every subtree of `next` deep-equal to the one at the same place in `prev` is replaced by
 * `prev`'s, and the result is deep-frozen. Returns `prev` itself when nothing changed. Freezes the
 * reused parts of `prev` too (as immer does with the untouched parts of a base state).
 */
export function shareFrozen<T>(prev: T, next: T): T {
  return settle(prev, next) as T;
}

function settle(prev: unknown, next: unknown): unknown {
  if (typeof next !== "object" || next === null) return next;
  if (typeof prev !== "object" || prev === null || Array.isArray(prev) !== Array.isArray(next)) return freezeDeep(next);
  let same = true;
  if (Array.isArray(next)) {
    const p = prev as unknown[];
    if (p.length !== next.length) same = false;
    for (let i = 0; i < next.length; i++) {
      const child = i < p.length ? settle(p[i], next[i]) : freezeDeep(next[i]);
      if (child !== p[i]) same = false;
      next[i] = child;
    }
  } else {
    const p = prev as Record<string, unknown>;
    const n = next as Record<string, unknown>;
    const keys = Object.keys(n);
    if (keys.length !== Object.keys(p).length) same = false;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const had = Object.hasOwn(p, k);
      const child = had ? settle(p[k], n[k]) : freezeDeep(n[k]);
      if (!had || child !== p[k]) same = false;
      // An own "__proto__" key stays data (cloneJson made it one).
      if (k === "__proto__") Object.defineProperty(n, k, { value: child, enumerable: true, writable: true, configurable: true });
      else n[k] = child;
    }
  }
  if (same) return Object.isFrozen(prev) ? prev : Object.freeze(prev);
  return Object.freeze(next);
}

function freezeDeep(v: unknown): unknown {
  if (typeof v !== "object" || v === null || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const k of Object.keys(v)) freezeDeep((v as Record<string, unknown>)[k]);
  return v;
}
