import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameJson } from "../../packages/core/src/mcts.js";
import type { BaseAction } from "@rules/core";

// mctsBot matches an action listed in a sampled world to a child of its tree node when the two
// have the same JSON text (as its Map of JSON keys did before): the quick walk must agree with
// comparing the texts on every input, including what JSON drops or prints as null.
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom("a", "b", "", "0"),
    fc.integer({ min: -2, max: 2 }),
    fc.constantFrom(0.5, -0, Number.NaN, Infinity, -Infinity, true, false, null, undefined),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("type", "player", "seat", "x", "1", "0"), tie("value"), { maxKeys: 3 }),
  ),
}));
const action = fc.dictionary(fc.constantFrom("type", "player", "seat", "value", "2"), value, { maxKeys: 4 }) as fc.Arbitrary<unknown> as fc.Arbitrary<BaseAction>;

const same = (x: BaseAction, y: BaseAction): boolean => sameJson(x, y, Object.keys(x));
const text = (x: BaseAction, y: BaseAction): boolean => JSON.stringify(x) === JSON.stringify(y);

/** The same entries inserted in reverse order (integer-like keys still come first, as in JSON). */
function reversed(x: BaseAction): BaseAction {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(x).reverse()) out[k] = (x as unknown as Record<string, unknown>)[k];
  return out as unknown as BaseAction;
}

describe("mctsBot's sameJson agrees with comparing JSON texts", () => {
  it("on unrelated actions, their JSON round trips and their keys in another order", () => {
    fc.assert(
      fc.property(action, action, (x, y) => {
        const copy = JSON.parse(JSON.stringify(x)) as BaseAction;
        for (const [a, b] of [[x, y], [x, copy], [copy, x], [x, reversed(x)], [reversed(x), x], [x, x]] as const) {
          expect(same(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(text(a, b));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("on the cases the quick walk must leave to the texts", () => {
    const cases: [object, object][] = [
      [{ type: "a", n: Number.NaN }, { type: "a", n: null }],
      [{ type: "a", n: Infinity }, { type: "a", n: Number.NaN }],
      [{ type: "a", n: undefined, m: 1 }, { type: "a", m: 1 }],
      [{ type: "a", xs: [undefined] }, { type: "a", xs: [null] }],
      [{ type: "a", n: -0 }, { type: "a", n: 0 }],
      [{ player: 1, type: "a" }, { type: "a", player: 1 }],
      [{ type: "a", v: "1" }, { type: "a", v: 1 }],
    ];
    for (const [x, y] of cases) expect(same(x as BaseAction, y as BaseAction), JSON.stringify([x, y])).toBe(text(x as BaseAction, y as BaseAction));
  });
});
