import { describe, expect, it } from "vitest";
import { game, heuristic, initialState, type State } from "@rules/donkey-valley";

describe("Donkey Valley heuristic (MCTS's cut-off estimate)", () => {
  it("is the game's hook: equal points give 0.5 each, and more load points rank a seat higher", () => {
    expect(game.heuristic).toBe(heuristic);
    const s = initialState(1, { players: 3 }) as State;
    expect(heuristic(s)).toEqual([0.5, 0.5, 0.5]);
    const t = structuredClone(s);
    t.scorePiles[1]!.push({ colour: 1, value: 5 });
    const h = heuristic(t);
    expect(h[1]).toBeGreaterThan(0.5);
    expect(h[0]).toBeLessThan(0.5);
    expect(h[0]).toBeCloseTo(h[2]!, 12);
  });
});
