import { botFactory, canonicalJson, mctsBot } from "@rules/core";
import { describe, expect, it } from "vitest";
import { highCard } from "./fixtures/high-card.js";

describe("mctsBot options", () => {
  const s = highCard.initialState(4, { players: 2 });
  const legal = highCard.legalActions(s, 0);

  it("takes { iterations, exploration, seed } and plays the same as the older (game, seed, options) form", () => {
    const a = mctsBot(highCard, { iterations: 60, seed: 9 }).act(s, 0, legal);
    expect(mctsBot(highCard, 9, { iterations: 60 }).act(s, 0, legal)).toEqual(a);
    expect(legal.map(canonicalJson)).toContain(canonicalJson(mctsBot(highCard, { iterations: 60, exploration: 0, seed: 2 }).act(s, 0, legal)));
  });

  it("stops at the time budget on the clock it is given", () => {
    let t = 0;
    let calls = 0;
    const now = (): number => {
      calls++;
      return (t += 10);
    };
    const a = mctsBot(highCard, { timeMs: 35, now, seed: 1 }).act(s, 0, legal);
    expect(legal.map(canonicalJson)).toContain(canonicalJson(a));
    expect(calls).toBeLessThan(10);
  });

  it("refuses options that make no sense", () => {
    expect(() => mctsBot(highCard, { iterations: 0 })).toThrow(RangeError);
    expect(() => mctsBot(highCard, { iterations: 1.5 })).toThrow(RangeError);
    expect(() => mctsBot(highCard, { exploration: -1 })).toThrow(RangeError);
    expect(() => mctsBot(highCard, { timeMs: 100 })).toThrow(/clock/);
  });

  it("bot names: mcts:2000 everywhere, mcts:500ms only with a clock", () => {
    expect(botFactory("random")).toBeDefined();
    expect(botFactory("mcts:2000")).toBeDefined();
    expect(botFactory("mcts:500ms")).toBeUndefined();
    expect(botFactory("mcts:500ms", () => 0)).toBeDefined();
    for (const bad of ["mcts:", "mcts:0", "mcts:x", "mcts:-5", "mcts:1e3", "greedy"]) {
      expect(botFactory(bad), bad).toBeUndefined();
    }
    const bot = botFactory("mcts:30")!(highCard, 4);
    expect(bot.name).toBe("mcts");
    expect(legal.map(canonicalJson)).toContain(canonicalJson(bot.act(s, 0, legal)));
  });
});
