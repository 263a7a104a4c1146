import { cloneJson, freezeJson } from "@rules/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** True when every object and array inside `v` is frozen. */
function deepFrozen(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  return Object.isFrozen(v) && Object.values(v).every(deepFrozen);
}

describe("freezeJson (what the checked apply returns)", () => {
  it("freezes every object and array of a JSON value in place, leaving it equal", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const copy = cloneJson(v);
        const out = freezeJson(copy);
        expect(out).toBe(copy);
        expect(out).toEqual(v);
        expect(deepFrozen(out)).toBe(true);
      }),
    );
  });
});
