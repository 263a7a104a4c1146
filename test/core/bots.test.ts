import { canonicalJson, mctsBot, playRecords, randomBot, rankRewards, simulate, stats } from "@rules/core";
import { describe, expect, it } from "vitest";
import { cpuMs, expectRulesError } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

describe("bots", () => {
  const s = highCard.initialState(4, { players: 2 });
  const legal = highCard.legalActions(s, 0);

  it("randomBot picks a legal action, the same one for the same seed", () => {
    const a = randomBot(5).act(s, 0, legal);
    expect(legal.map(canonicalJson)).toContain(canonicalJson(a));
    expect(randomBot(5).act(s, 0, legal)).toEqual(a);
  });

  it("mctsBot picks a legal action deterministically and never draws on the game's RNG", () => {
    const before = canonicalJson(s);
    const a = mctsBot(highCard, 1, { iterations: 50 }).act(s, 0, legal);
    expect(legal.map(canonicalJson)).toContain(canonicalJson(a));
    expect(mctsBot(highCard, 1, { iterations: 50 }).act(s, 0, legal)).toEqual(a);
    expect(canonicalJson(s)).toBe(before);
  });

  it("mctsBot plays its highest card when the last round is its only chance to win", () => {
    // One round left, seat 0 behind by one point: only a higher card can tie. Its hand has 1 and 12.
    const st = { ...highCard.initialState(2, { players: 2, rounds: 1 }) };
    st.hands = [[1, 12], [6, 7]];
    st.deck = [2, 3, 4, 5, 8, 9, 10, 11];
    const a = mctsBot(highCard, 3, { iterations: 300 }).act(st, 0, highCard.legalActions(st, 0));
    expect(a).toEqual({ type: "play", player: 0, card: 12 });
  });
});

describe("simulate", () => {
  it("reports win rates, lengths and scores, deterministically", () => {
    const r = simulate(highCard, { games: 50, seed: 1, players: 3 });
    expect(r.games).toBe(50);
    expect(r.players).toBe(3);
    expect(r.bots).toEqual(["random", "random", "random"]);
    expect(r.illegalActions).toBe(0);
    expect(r.length).toEqual({ mean: 9, min: 9, max: 9, stdev: 0 });
    expect(r.winRateBySeat.reduce((a, b) => a + b)).toBeCloseTo(1, 9);
    expect(r.scoreBySeat).toHaveLength(3);
    expect(r.totalSteps).toBe(450);
    expect(simulate(highCard, { games: 50, seed: 1, players: 3 })).toEqual(r);
  });

  it("counts and replaces an illegal bot action", () => {
    const cheat = () => ({ name: "cheat", act: () => ({ type: "play", player: 0, card: 99 }) });
    const r = simulate(highCard, { games: 1, players: 2, bots: [cheat, "random"] });
    expect(r.illegalActions).toBe(3);
    expect(r.unfinished).toBe(0);
  });

  it("refuses an unknown bot, a bad game count and a bad player count with INVALID_OPTIONS", () => {
    expect(expectRulesError(() => simulate(highCard, { games: 1, bots: ["genius"] }), "INVALID_OPTIONS").message).toMatch(/^simulate: unknown bot "genius"; known bots: random, mcts, mcts:<iterations>/);
    // Names an object inherits are no bots either (they used to throw a TypeError).
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expectRulesError(() => simulate(highCard, { games: 1, bots: [name] }), "INVALID_OPTIONS");
    }
    expectRulesError(() => simulate(highCard, { games: 0 }), "INVALID_OPTIONS");
    // Checked before anything is sized by it (1e9 seats used to run out of memory); CPU time, not
    // the wall clock, so a busy machine cannot fail it.
    const t0 = cpuMs();
    expectRulesError(() => simulate(highCard, { games: 1, players: 1e9 }), "INVALID_OPTIONS");
    expectRulesError(() => simulate(highCard, { games: 1, options: { players: -1 } }), "INVALID_OPTIONS");
    expect(cpuMs() - t0).toBeLessThan(1000);
  });

  it("checks every option of simulate and playRecords: each bad value is INVALID_OPTIONS naming the option", () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      ["seed", { seed: {} }],
      ["seed", { seed: 1.5 }],
      ["seed", { seed: Number.NaN }],
      ["seed", { seed: null }],
      ["options", { options: [1] }],
      ["options", { options: "players=3" }],
      ["bots", { bots: "random" }],
      ["unknown bot", { bots: [42] }],
      ["maxSteps", { maxSteps: 0 }],
      ["maxSteps", { maxSteps: 2.5 }],
      ["onProgress", { onProgress: "yes" }],
      ["iterations", { bots: ["mcts:0"] }],
      ["time budget", { bots: ["mcts:5ms"] }],
    ];
    for (const [what, opts] of bad) {
      expect(expectRulesError(() => simulate(highCard, { games: 1, ...opts }), "INVALID_OPTIONS").message, what).toContain(what);
      expect(expectRulesError(() => playRecords(highCard, 0, 1, opts), "INVALID_OPTIONS").message, what).toMatch(/^playRecords: /);
    }
    for (const games of [undefined, 1.5, "3", -1]) expectRulesError(() => simulate(highCard, { games } as never), "INVALID_OPTIONS");
    for (const opts of [null, 3, "x"]) expectRulesError(() => simulate(highCard, opts as never), "INVALID_OPTIONS");
    expectRulesError(() => playRecords(highCard, 0, 1, { actions: "yes" } as never), "INVALID_OPTIONS");
    expectRulesError(() => playRecords(highCard, 0, 1, { players: 99 }), "INVALID_OPTIONS");
    expectRulesError(() => playRecords(highCard, 2, 1), "INVALID_OPTIONS");
  });

  it("randomBot and mctsBot check every option: INVALID_OPTIONS, not a RangeError", () => {
    for (const seed of [{}, 1.5, Number.NaN, null]) expectRulesError(() => randomBot(seed as never), "INVALID_OPTIONS");
    const bad: Array<[string, Record<string, unknown>]> = [
      ["iterations", { iterations: -5 }],
      ["iterations", { iterations: 0 }],
      ["iterations", { iterations: 1.5 }],
      ["iterations", { iterations: "50" }],
      ["iterations", { iterations: 1e12 }],
      ["maxPlayoutSteps", { maxPlayoutSteps: -1 }],
      ["maxPlayoutSteps", { maxPlayoutSteps: 2.5 }],
      ["playout", { playout: "random" }],
      ["playout", { playout: { name: "no act" } }],
      ["plans", { plans: [[]] }],
      ["timeMs", { timeMs: -1, now: () => 0 }],
      ["timeMs", { timeMs: 0 }],
      ["now", { now: 5 }],
      ["exploration", { exploration: -1 }],
      ["exploration", { exploration: Number.POSITIVE_INFINITY }],
      ["seed", { seed: {} }],
    ];
    for (const [what, o] of bad) {
      expect(expectRulesError(() => mctsBot(highCard, o), "INVALID_OPTIONS").message, what).toMatch(new RegExp(`^mctsBot: ${what}`));
      if (!("seed" in o)) expectRulesError(() => mctsBot(highCard, 1, o), "INVALID_OPTIONS"); // a seed argument overrides options.seed
    }
    for (const seed of [1.5, Number.NaN, null, true]) expectRulesError(() => mctsBot(highCard, seed as never, { iterations: 5 }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(highCard, 1, null as never), "INVALID_OPTIONS");
  });

  it("computes summary statistics", () => {
    expect(stats([1, 2, 3, 4])).toEqual({ mean: 2.5, min: 1, max: 4, stdev: Math.sqrt(1.25) });
    expect(stats([])).toEqual({ mean: 0, min: 0, max: 0, stdev: 0 });
  });
});

describe("rankRewards", () => {
  it("spreads 1..0 over the ranks, and scores a solo loss to the game's own opponent (rank 2) as 0", () => {
    expect(rankRewards({ scores: [5, 3, 3], ranks: [1, 2, 2], winners: [0] })).toEqual([1, 0.5, 0.5]);
    expect(rankRewards({ scores: [40], ranks: [1], winners: [0] })).toEqual([1]);
    expect(rankRewards({ scores: [20], ranks: [2], winners: [] })).toEqual([0]);
  });
});
