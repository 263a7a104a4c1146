import { cloneJson, shareFrozen } from "@rules/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** True when every object and array inside `v` is frozen. */
function deepFrozen(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  return Object.isFrozen(v) && Object.values(v).every(deepFrozen);
}

describe("shareFrozen (the checked apply's copy, share and freeze)", () => {
  it("returns a deep-frozen value equal to the new one, and the previous value itself when nothing changed", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const prev = cloneJson(a);
        const out = shareFrozen(prev, cloneJson(b));
        expect(out).toEqual(b);
        expect(deepFrozen(out)).toBe(true);
        const same = shareFrozen(prev, cloneJson(prev));
        expect(same).toBe(prev);
      }),
    );
  });

  it("shares the subtrees a change did not touch and leaves the previous value as it was", () => {
    const prev = { hands: [[1, 2], [3]], round: { stage: "load", plays: [[], []] }, log: ["x"] };
    const before = cloneJson(prev);
    const next = cloneJson(prev);
    next.round.plays[1]!.push(4 as never);
    const out = shareFrozen(prev, next);
    expect(prev).toEqual(before);
    expect(out.hands).toBe(prev.hands);
    expect(out.log).toBe(prev.log);
    expect(out.round).not.toBe(prev.round);
    expect(out.round.plays[0]).toBe(prev.round.plays[0]);
    expect(out.round.plays[1]).toEqual([4]);
    expect(deepFrozen(out)).toBe(true);
  });

  it("keeps an own __proto__ key as data", () => {
    const prev = JSON.parse('{"__proto__":{"x":1},"a":2}');
    const next = cloneJson(prev);
    next.a = 3;
    const out = shareFrozen(prev, next);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "a"]);
  });
});
