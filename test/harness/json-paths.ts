// Places inside a JSON value, for the harness's corruption and size checks (trust.ts, bounded.ts).

/** A place inside a JSON value: the keys and indices from the root. */
export type JsonPath = Array<string | number>;

/** The value at `path`. */
export function getAt(root: any, path: JsonPath): any {
  return path.reduce((v, k) => v[k], root);
}

/** Sets the value at `path` (its parent must exist). */
export function setAt(root: any, path: JsonPath, value: unknown): void {
  getAt(root, path.slice(0, -1))[path[path.length - 1]!] = value;
}

/** Every value inside a JSON value with its path (root excluded). */
export function entriesOf(v: unknown, path: JsonPath = [], out: Array<{ path: JsonPath; value: unknown }> = []) {
  if (typeof v === "object" && v !== null) {
    for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
      const p = [...path, k];
      out.push({ path: p, value: x });
      entriesOf(x, p, out);
    }
  }
  return out;
}
