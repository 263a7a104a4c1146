import { cloneJson, freezeJson, type Game } from "@rules/core";
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

describe("private states for the fast path", async () => {
  const { highCard } = await import("./fixtures/high-card.js");
  const { game: dv } = await import("@rules/donkey-valley");
  for (const g of [highCard, dv] as Game[]) {
    it(`${g.id}: initialStateInPlace equals initialState, unfrozen; cloneState gives an equal copy applyInPlace accepts`, () => {
      const frozen = g.initialState(3, { players: 3 });
      const mine = g.initialStateInPlace!(3, { players: 3 });
      expect(mine).toEqual(frozen);
      expect(Object.isFrozen(frozen)).toBe(true);
      expect(Object.isFrozen(mine)).toBe(false);
      const copy = g.cloneState!(frozen);
      expect(copy).toEqual(frozen);
      const a = g.legalActions(frozen)[0]!;
      g.applyInPlace(copy, a);
      g.applyInPlace(mine, a);
      expect(copy).toEqual(g.apply(frozen, a));
      expect(mine).toEqual(copy);
    });
  }
});
