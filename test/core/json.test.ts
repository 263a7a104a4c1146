import { canonicalJson, cloneJson, outcomeFromScores, rankByKeys, stateHash } from "@rules/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("JSON helpers", () => {
  it("clones deeply and equally", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const c = cloneJson(v);
        expect(c).toEqual(v);
        if (typeof v === "object" && v !== null) expect(c).not.toBe(v);
      }),
    );
  });

  it("keeps an own __proto__ key as data", () => {
    const v = JSON.parse('{"__proto__":{"x":1},"a":2}');
    const c = cloneJson(v);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(Object.keys(c)).toEqual(["__proto__", "a"]);
    expect((c as { x?: number }).x).toBeUndefined();
  });

  it("canonical JSON and the hash ignore key order, and the hash has a fixed vector", () => {
    expect(canonicalJson({ b: 1, a: [1, "x", null] })).toBe('{"a":[1,"x",null],"b":1}');
    expect(stateHash({ b: 1, a: [1, "x", null] })).toBe("dacadcfc1c5152e3");
    expect(stateHash({ a: [1, "x", null], b: 1 })).toBe("dacadcfc1c5152e3");
    expect(stateHash({ a: 1 })).not.toBe(stateHash({ a: 2 }));
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(stateHash(JSON.parse(JSON.stringify(v)))).toBe(stateHash(v));
      }),
    );
  });
});

/** The first canonicalJson (a part per value, joined): the text every stored hash was made from. */
function joinedCanonical(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return "[" + value.map(joinedCanonical).join(",") + "]";
  const parts: string[] = [];
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) parts.push(JSON.stringify(k) + ":" + joinedCanonical(v));
  }
  return "{" + parts.join(",") + "}";
}

describe("canonicalJson", () => {
  it("writes the text the first canonicalJson wrote (JSON with sorted keys), on any value (undefined members, NaN, -0, functions, __proto__, odd keys)", () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: false }), fc.jsonValue(), (any, json) => {
        expect(canonicalJson(json)).toBe(joinedCanonical(json));
        expect(canonicalJson(any)).toBe(joinedCanonical(any));
      }),
      { numRuns: 300 },
    );
    const odd = JSON.parse('{"__proto__":[1],"é\\u2028":"\\n","10":{"a":null},"9":true}');
    const value = { ...odd, u: undefined, f: () => 1, n: [NaN, -0, Infinity, undefined, () => 1] };
    expect(canonicalJson(value)).toBe(joinedCanonical(value));
    expect(canonicalJson(value).startsWith('{"10":{"a":null},"9":true,"__proto__":[1],"f":null,"n":[null,0,null,null,null],"é')).toBe(true);
  });

  it("is the same text when called again from inside a getter while it writes", () => {
    const inner = { b: 2, a: 1 };
    const outer = {
      get z() {
        return canonicalJson(inner);
      },
      y: [1],
    };
    expect(canonicalJson(outer)).toBe('{"y":[1],"z":"{\\"a\\":1,\\"b\\":2}"}');
  });
});

describe("ranking", () => {
  it("uses competition ranks and applies tie-breaks left to right", () => {
    expect(rankByKeys([[10], [12], [10], [3]])).toEqual({ ranks: [2, 1, 2, 4], winners: [1] });
    expect(rankByKeys([[10, 2], [10, 3], [10, 3]])).toEqual({ ranks: [3, 1, 1], winners: [1, 2] });
    const o = outcomeFromScores([5, 5, 1], [[2], [1], [9]], [{ a: 5 }, { a: 5 }, { a: 1 }]);
    expect(o).toEqual({ scores: [5, 5, 1], ranks: [1, 2, 3], winners: [0], breakdown: [{ a: 5 }, { a: 5 }, { a: 1 }] });
  });

  it("ranks exactly as the first (closure-based) rankByKeys did, on keys of uneven lengths, ties, infinities and NaN", () => {
    // The first implementation, kept here as the reference the faster loop must match.
    const reference = (keys: readonly (readonly number[])[]): { ranks: number[]; winners: number[] } => {
      const cmp = (a: readonly number[], b: readonly number[]): number => {
        for (let i = 0; i < Math.max(a.length, b.length); i++) {
          const d = (b[i] ?? 0) - (a[i] ?? 0);
          if (d !== 0) return d;
        }
        return 0;
      };
      const ranks = keys.map((k) => 1 + keys.filter((o) => cmp(o, k) < 0).length);
      return { ranks, winners: ranks.flatMap((r, p) => (r === 1 ? [p] : [])) };
    };
    const entry = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, Infinity, -Infinity, Number.NaN));
    const keys = fc.array(fc.array(entry, { maxLength: 3 }), { maxLength: 8 });
    fc.assert(fc.property(keys, (k) => {
        expect(rankByKeys(k)).toEqual(reference(k));
      }), { numRuns: 500 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 })), { maxLength: 7 }), (seats) => {
        const scores = seats.map(([s]) => s);
        const tieBreaks = seats.map(([, t]) => t);
        const o = outcomeFromScores(scores, tieBreaks);
        expect({ ranks: o.ranks, winners: o.winners }).toEqual(reference(seats.map(([s, t]) => [s, ...t])));
      }),
      { numRuns: 300 },
    );
    // outcomeFromScores ranks without building the keys: the same ranks on the awkward entries too,
    // with a seat that has no tie-break list and with no tie-breaks at all.
    const seat = fc.tuple(entry, fc.option(fc.array(entry, { maxLength: 3 }), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(seat, { maxLength: 8 }), fc.boolean(), (seats, withTieBreaks) => {
        const scores = seats.map(([s]) => s);
        const tieBreaks = seats.map(([, t]) => t) as number[][];
        const o = outcomeFromScores(scores, withTieBreaks ? tieBreaks : undefined);
        const keys = seats.map(([s, t]) => (withTieBreaks && t ? [s, ...t] : [s]));
        expect({ ranks: o.ranks, winners: o.winners }).toEqual(reference(keys));
        expect(o.scores).toEqual(scores);
        expect(o.scores).not.toBe(scores);
      }),
      { numRuns: 500 },
    );
  });
});
