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
