/**
 * Deep-freeze a plain-JSON value in place (parts already frozen are taken as deep-frozen). Returns it.
 *
 * @example
 * ```ts
 * import { freezeJson } from "@rules/core";
 *
 * const s = freezeJson({ hand: [1, 2] });
 * console.log(Object.isFrozen(s), Object.isFrozen(s.hand)); // true true
 * ```
 */
export function freezeJson<T>(v: T): T {
  if (typeof v !== "object" || v === null || Object.isFrozen(v)) return v;
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) freezeJson(v[i]);
  } else {
    const keys = Object.keys(v);
    for (let i = 0; i < keys.length; i++) freezeJson((v as Record<string, unknown>)[keys[i]!]);
  }
  return v;
}
