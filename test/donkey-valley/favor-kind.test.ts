import { cloneJson } from "@rules/core";
import { defaultComponents } from "@rules/donkey-valley";
import { FAVOR_KINDS } from "../../packages/donkey-valley/src/data.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { favorKindOf } from "../../packages/donkey-valley/src/rules.js";

// favorKindOf reads the component set directly (no table kept for frozen sets, so any copy of a
// state plays equally fast): it must give the first favor, in FAVOR_KINDS order, whose value is
// asked, on any component set, frozen or not, edited or not.
const expected = (favors: Record<string, number>, value: number): string | null => FAVOR_KINDS.find((k) => favors[k] === value) ?? null;

describe("Donkey Valley: favorKindOf", () => {
  it("gives the first favor in card order carrying the value, on any favor values", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 12 }), { minLength: 5, maxLength: 5 }), fc.integer({ min: -1, max: 12 }), (values, value) => {
        const c = cloneJson(defaultComponents);
        FAVOR_KINDS.forEach((k, i) => (c.favors[k] = values[i]!));
        expect(favorKindOf(c, value)).toBe(expected(c.favors, value));
      }),
      { numRuns: 500 },
    );
  });
  it("follows an unfrozen component set edited between calls", () => {
    const c = cloneJson(defaultComponents);
    expect(favorKindOf(c, 4)).toBe("changeLoad");
    c.favors.changeLoad = 5;
    expect(favorKindOf(c, 4)).toBeNull();
    expect(favorKindOf(c, 5)).toBe("changeLoad");
  });
});
