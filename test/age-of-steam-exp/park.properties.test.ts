import { canonicalJson, cloneJson } from "@rules/core";
import { game } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { stateProblems } from "../../packages/age-of-steam-exp/src/problems.js";
import { testGame } from "../harness/index.js";
import { planner } from "./park-helpers.js";

// bench/trust-sweep.ts (npm run trust-sweep) mirrors the testGame calls of this file: keep it in step.

// The Amusement Park (solo) under the shared contract harness, once per difficulty, in its own
// file so CI's two workers share the package's long suites. The definition allows 1–6 seats; this
// map is for exactly one.
const solo = { ...game, minPlayers: 1, maxPlayers: 1 };
const runs = process.env["HARNESS_RUNS"] ? {} : { runs: 8 };
for (const difficulty of ["easy", "normal", "hard"] as const) {
  testGame(solo, { label: `Amusement Park, ${difficulty}`, playerCounts: [1], viewEvery: 2, options: { map: "amusement-park", difficulty }, ...runs });
}

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
