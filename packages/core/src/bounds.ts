// The size bounds a schema declares (an array's or a string's `max`, a fixed `length`), checked on
// an untrusted value before the schema parses it: zod checks an array's length only after it has
// parsed every element, and a refinement of the object around it runs even when that check failed,
// so a map row a megabyte long used to cost one issue per character. Checked first, any oversized
// string or array is refused in time proportional to the value, with one line naming it.
import type * as z from "zod";

interface CheckDef {
  check: string;
  maximum?: number;
  length?: number;
  error?: (issue: Record<string, unknown>) => unknown;
}

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The largest length `def`'s checks allow (`Infinity` when none), and the schema's own words for it. */
function maxLength(def: Def): { max: number; rule?: string } {
  let out: { max: number; rule?: string } = { max: Infinity };
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    const max = d.check === "max_length" ? d.maximum : d.check === "length_equals" ? d.length : undefined;
    if (max === undefined || max >= out.max) continue;
    const said = d.error?.({ code: "too_big", maximum: max, inclusive: true });
    const rule = typeof said === "string" ? said : typeof (said as { message?: unknown })?.message === "string" ? (said as { message: string }).message : undefined;
    out = rule === undefined ? { max } : { max, rule };
  }
  return out;
}

const at = (path: ReadonlyArray<string | number>): string => (path.length === 0 ? "the top level" : path.join("."));

/** "`path` is N characters long, at most M allowed", with the schema's own rule first when it words one. */
function tooLong(path: ReadonlyArray<string | number>, size: string, bound: { max: number; rule?: string }): string {
  const fact = `${size}, at most ${bound.max} allowed`;
  return bound.rule ? `${at(path)}: ${bound.rule} (it ${fact})` : `${at(path)} ${fact}`;
}

/** The options of a union that `value` could match: by its discriminator when the union has one. */
function candidates(def: Def, value: unknown): z.ZodType[] {
  const options = def.options ?? [];
  const key = def.discriminator;
  if (key === undefined || typeof value !== "object" || value === null) return options;
  const tag = (value as Record<string, unknown>)[key];
  const matching = options.filter((o) => {
    const field = defOf(o).shape?.[key];
    const values = field ? (field as unknown as { _zod: { values?: Set<unknown> } })._zod.values : undefined;
    return values === undefined || values.has(tag);
  });
  return matching.length > 0 ? matching : options;
}

function walk(schema: z.ZodType, value: unknown, path: Array<string | number>): string | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case "string": {
      if (typeof value !== "string") return undefined;
      const bound = maxLength(def);
      return value.length > bound.max ? tooLong(path, `is ${value.length} characters long`, bound) : undefined;
    }
    case "array": {
      if (!Array.isArray(value)) return undefined;
      const bound = maxLength(def);
      if (value.length > bound.max) return tooLong(path, `holds ${value.length} items`, bound);
      for (let i = 0; i < value.length; i++) {
        const p = walk(def.element!, value[i], [...path, i]);
        if (p) return p;
      }
      return undefined;
    }
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
      for (const [k, s] of Object.entries(def.shape!)) {
        if (!Object.hasOwn(value, k)) continue;
        const p = walk(s, (value as Record<string, unknown>)[k], [...path, k]);
        if (p) return p;
      }
      return undefined;
    }
    case "tuple": {
      if (!Array.isArray(value)) return undefined;
      const items = def.items ?? [];
      if (!def.rest && value.length > items.length) return `${at(path)} holds ${value.length} items, at most ${items.length} allowed`;
      for (let i = 0; i < value.length; i++) {
        const s = items[i] ?? def.rest;
        const p = s ? walk(s, value[i], [...path, i]) : undefined;
        if (p) return p;
      }
      return undefined;
    }
    case "record": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
      for (const k of Object.keys(value)) {
        const p = walk(def.valueType!, (value as Record<string, unknown>)[k], [...path, k]);
        if (p) return p;
      }
      return undefined;
    }
    case "union": {
      // Too large only when too large for every option it could be.
      let first: string | undefined;
      for (const option of candidates(def, value)) {
        const p = walk(option, value, path);
        if (p === undefined) return undefined;
        first ??= p;
      }
      return first;
    }
    case "intersection":
      return walk(def.left!, value, path) ?? walk(def.right!, value, path);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return walk(def.innerType!, value, path);
    case "pipe":
      return walk(def.in!, value, path);
    default:
      return undefined; // lazy, custom, primitives: nothing declared to measure
  }
}

/**
 * Where `value` is longer than `schema` allows (a string or an array past its `max` or fixed
 * length, anywhere inside), in one line, or `undefined`. Runs before the schema parses, in time
 * proportional to the value; never throws (an unreadable value is left to the parse).
 */
export function schemaSizeProblem(schema: z.ZodType, value: unknown): string | undefined {
  try {
    return walk(schema, value, []);
  } catch {
    return undefined;
  }
}

/**
 * The params of a `superRefine` that reads its input as its schema promises: it runs only when the
 * parse so far found no issue (zod runs a refinement even after, say, an array's `min(1)` failed,
 * and a refinement reading `shape[0]` then throws a TypeError instead of naming the broken rule).
 *
 * @example
 * ```ts
 * import { whenWellFormed } from "@rules/core";
 * import * as z from "zod";
 *
 * const Shape = z
 *   .object({ squares: z.array(z.tuple([z.number(), z.number()])).min(1, "a footprint needs a square") })
 *   .superRefine((s, ctx) => {
 *     if (s.squares[0]![0] !== 0) ctx.addIssue({ code: "custom", message: "the first square is at x = 0" });
 *   }, whenWellFormed);
 * const r = Shape.safeParse({ squares: [] });
 * console.log(r.success ? "ok" : r.error.issues[0]!.message); // a footprint needs a square
 * ```
 */
export const whenWellFormed: { when: (payload: { issues: readonly unknown[] }) => boolean } = Object.freeze({
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
});
