/**
 * Deep copy of a plain-JSON value (objects, arrays, numbers, strings, booleans, null).
 *
 * @example
 * ```ts
 * import { cloneJson } from "@rules/core";
 *
 * const state = { hands: [[1, 2]] };
 * const copy = cloneJson(state);
 * copy.hands[0]?.push(3);
 * console.log(state.hands, copy.hands); // [[1, 2]] [[1, 2, 3]]
 * ```
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const x = value[i];
      out[i] = typeof x === "object" && x !== null ? cloneJson(x) : x;
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const x = (value as Record<string, unknown>)[k];
    const copy = typeof x === "object" && x !== null ? cloneJson(x) : x;
    // An own "__proto__" key (JSON.parse makes those) must stay data, not become the prototype.
    if (k === "__proto__") Object.defineProperty(out, k, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[k] = copy;
  }
  return out as T;
}

/**
 * JSON text with object keys sorted, so equal values always give equal text.
 *
 * @example
 * ```ts
 * import { canonicalJson } from "@rules/core";
 *
 * console.log(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })); // {"a":[2,{"c":4,"d":3}],"b":1}
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  const outer = text;
  text = "";
  try {
    writeCanonical(value);
    return text;
  } finally {
    text = outer;
  }
}

// canonicalJson grows one string in place (about twice as fast as joining a part per value), the
// text of JSON.stringify with sorted keys: undefined members left out, non-finite numbers and
// unserializable array items written as null.
let text = "";

/** `"key":` of the keys met so far (a state has a few hundred distinct keys; unbounded input is not cached). */
const quotedKeys = new Map<string, string>();

function quotedKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k) + ":";
    if (quotedKeys.size < 10_000 && k.length <= 64) quotedKeys.set(k, q);
  }
  return q;
}

function writeItem(x: unknown): void {
  if (typeof x === "number") text += Number.isFinite(x) ? String(x) : "null";
  else if (typeof x === "object" && x !== null) writeCanonical(x);
  else text += JSON.stringify(x) ?? "null";
}

function writeCanonical(v: object): void {
  if (Array.isArray(v)) {
    text += "[";
    for (let i = 0; i < v.length; i++) {
      if (i > 0) text += ",";
      writeItem(v[i]);
    }
    text += "]";
    return;
  }
  const keys = Object.keys(v).sort();
  text += "{";
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const x = (v as Record<string, unknown>)[k];
    if (x === undefined) continue;
    if (!first) text += ",";
    first = false;
    text += quotedKey(k);
    writeItem(x);
  }
  text += "}";
}

/**
 * A stable 64-bit hash of a JSON value, as 16 hex digits: two independent 32-bit FNV-1a/murmur
 * lanes over its {@link canonicalJson}. Equal values give equal hashes on every platform.
 *
 * @example
 * ```ts
 * import { stateHash } from "@rules/core";
 *
 * console.log(stateHash({ a: 1, b: 2 }) === stateHash({ b: 2, a: 1 }), stateHash({ a: 1 }).length); // true 16
 * ```
 */
export function stateHash(value: unknown): string {
  const text = canonicalJson(value);
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x9747b28c | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  const fin = (h: number) => {
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h >>> 0).toString(16).padStart(8, "0");
  };
  return fin(h1) + fin(h2 ^ text.length);
}
