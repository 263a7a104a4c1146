import { cloneJson, freezeJson, randomInt, seedRng } from "@rules/core";
import { game, type State } from "@rules/donkey-valley";
import { describe, expect, it } from "vitest";
import { cloneState } from "../../packages/donkey-valley/src/clone.js";

/** Every object or array reachable from `v`, with its path. */
function objects(v: unknown, path = "state", out = new Map<unknown, string>()): Map<unknown, string> {
  if (typeof v === "object" && v !== null) {
    out.set(v, path);
    for (const [k, x] of Object.entries(v)) objects(x, `${path}.${k}`, out);
  }
  return out;
}

describe("Donkey Valley cloneState", () => {
  it("equals cloneJson (same keys in the same order) and shares nothing mutable, on the states of random games", () => {
    for (const players of [3, 4, 7]) {
      for (let seed = 1; seed <= 5; seed++) {
        const rng = seedRng(seed);
        let s: State = game.initialState(seed, { players });
        for (;;) {
          const copy = cloneState(s);
          expect(JSON.stringify(copy)).toBe(JSON.stringify(s));
          expect(copy).toStrictEqual(cloneJson(s));
          const mine = objects(s);
          for (const [o, path] of objects(copy)) if (mine.has(o) && !Object.isFrozen(o)) expect.fail(`${path} is shared and mutable`);
          if (game.isTerminal(s)) break;
          const legal = game.legalActions(s, game.activePlayers(s)[0]);
          s = game.applyUnchecked(s, legal[randomInt(rng, 0, legal.length - 1)]!);
        }
      }
    }
  });

  it("shares a frozen component set and copies an unfrozen one", () => {
    const s = cloneJson(game.initialState(1, { players: 4 }));
    expect(cloneState(s).components).not.toBe(s.components);
    const frozen = { ...s, components: freezeJson(cloneJson(s.components)) };
    expect(cloneState(frozen).components).toBe(frozen.components);
  });
});

describe("Donkey Valley loadState by name", () => {
  it("is exported like the other contract functions and refuses what game.loadState refuses", async () => {
    const dv = await import("@rules/donkey-valley");
    const s = dv.initialState(2, { players: 4 });
    expect(dv.loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(() => dv.loadState({ ...JSON.parse(JSON.stringify(s)), firstPlayer: 9 })).toThrow(/INVALID_STATE|Not a/);
  });
});
