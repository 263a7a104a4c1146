import { canonicalJson, cloneJson } from "@rules/core";
import { game } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { stateProblems } from "../../packages/age-of-steam-exp/src/problems.js";
import { testGame } from "../harness/index.js";
import { harnessConfigs } from "./harness-configs.js";
import { planner } from "./park-helpers.js";

// The Amusement Park (solo) under the contract harness once per configuration of
// harness-configs.ts (the one list, which bench/trust-sweep.ts sweeps too): every difficulty.
for (const { definition, ...opts } of harnessConfigs["park.properties.test.ts"]) testGame(definition ? definition(game) : game, opts);

// Uniform random play goes bankrupt in the first turns; a planning player reaches the late game:
// long routes, the Souvenir, urbanization-free clears and losses by an unclearable park.
describe("Amusement Park: planned games", () => {
  it("every difficulty: states stay consistent, parks are cleared and lost, every result is reachable", () => {
    const results = new Set<string>();
    for (const difficulty of ["easy", "normal", "hard"] as const) {
      for (let g = 0; g < 8; g++) {
        let s = game.initialState(g, { players: 1, map: "amusement-park", difficulty });
        let steps = 0;
        while (!game.isTerminal(s)) {
          expect(stateProblems(s)).toEqual([]);
          const a = planner(s);
          const next = game.apply(s, a);
          if (steps % 4 === 0) {
            const own = cloneJson(s);
            game.applyInPlace(own, a);
            expect(canonicalJson(own)).toBe(canonicalJson(next));
            expect(canonicalJson(game.loadState(JSON.parse(JSON.stringify(next))))).toBe(canonicalJson(next));
          }
          s = next;
          steps++;
          expect(steps).toBeLessThan(2000);
        }
        results.add(s.park!.result!);
        const o = game.outcome(s)!;
        expect(o.winners).toEqual(s.park!.result === "cleared" ? [0] : []);
      }
    }
    expect(results.has("cleared")).toBe(true);
    expect(results.has("unwinnable")).toBe(true);
  });
});
