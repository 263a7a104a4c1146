import { logistic } from "@rules/core";
import { game, heuristic, outcome } from "@rules/steam-park";
import { describe, expect, it } from "vitest";
import { playout } from "../harness/index.js";
import { atActions } from "./helpers.js";

// The playout cut-off value for MCTS (score.ts `heuristic`): the money each seat would end with
// (money + the Income phases left at its present income − the Final Dirt Track fee for its Dirt
// now), compared seat against seat with a lead of 6 Danari worth about 0.73 (logistic(1)).

describe("Steam Park heuristic", () => {
  it("equal money, no park income, no Dirt: 0.5 each", () => {
    expect(heuristic(atActions({ money: [10, 10, 10] }))).toEqual([0.5, 0.5, 0.5]);
  });

  it("a money lead counts in full before any Dirt: 12 Danari ahead is logistic(2) against each other seat", () => {
    const h = heuristic(atActions({ money: [20, 8, 8] }));
    expect(h[0]).toBeCloseTo(logistic(2), 12);
    expect(h[1]).toBeCloseTo((logistic(-2) + 0.5) / 2, 12);
    expect(h[2]).toBe(h[1]);
  });

  it("Dirt in the Dump costs its Final Dirt Track fee now (10 Dirt: 1+1+1+1+1+2+2+2+2+2 = 15 Danari)", () => {
    const h = heuristic(atActions({ money: [20, 20, 20], dirt: [0, 10, 0] }));
    expect(h[1]).toBeCloseTo(logistic(-15 / 6), 12);
    expect(h[0]).toBeCloseTo((logistic(15 / 6) + 0.5) / 2, 12);
  });

  it("30 Dirt is the skull: all money lost and the game with it, whatever the money", () => {
    const h = heuristic(atActions({ money: [0, 100, 0], dirt: [0, 30, 0] }));
    expect(h[1]).toBeLessThan(1e-9);
    expect(h[0]).toBeCloseTo(0.75, 6);
  });

  it("is the game's hook, and at the end of a game it ranks the seats as the outcome does", () => {
    const s = playout(game, 3, 1, 3, {}, 20_000).states.at(-1);
    const o = outcome(s)!;
    const h = heuristic(s);
    expect(game.heuristic!(s)).toEqual(h);
    for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) if (o.ranks[p]! < o.ranks[q]! && o.scores[p]! > o.scores[q]!) expect(h[p]).toBeGreaterThan(h[q]!);
  });
});
