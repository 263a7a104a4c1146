import { describeBot, mctsBot, type Bot } from "@rules/core";
import { describe, expect, it } from "vitest";
import { answerer, guess, type A, type S } from "./fixtures/guess.js";
import { expectRulesError } from "../harness/index.js";

// A guide that opens door 2 (a door seat 1 can answer) and answers right: the search must start
// from its move and, with enough visits, look past it to door 5.
function opener(calls: { n: number }): Bot<S, A> {
  const answers = answerer([]);
  return {
    name: "opener",
    act(state, player, legal) {
      calls.n++;
      return player === 0 ? legal.find((a) => a.type === "open" && a.door === 2)! : answers.act(state, player, legal);
    },
  };
}

describe("mctsBot progressive widening", () => {
  const s = guess.initialState(1);
  const legal = guess.legalActions(s, 0);

  it("starts every node from the prior's move: one iteration plays it, where plain search plays a random door", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      expect(mctsBot(guess, { iterations: 1, seed, playout: answerer([]), prior: opener({ n: 0 }), widening: 1 }).act(s, 0, legal).door, `seed ${seed}`).toBe(2);
      // Without its own prior the playout policy is the prior (the answerer opens the first door).
      expect(mctsBot(guess, { iterations: 1, seed, playout: answerer([]), widening: 1 }).act(s, 0, legal).door).toBe(0);
    }
    const plain = [1, 2, 3, 4, 5, 6].map((seed) => mctsBot(guess, { iterations: 1, seed, playout: answerer([]) }).act(s, 0, legal).door);
    expect(plain.some((d) => d !== 2)).toBe(true);
  });

  it("widening 0 never looks past the prior's move; widening 1 finds the better door as visits grow", () => {
    const calls = { n: 0 };
    expect(mctsBot(guess, { iterations: 200, seed: 3, playout: answerer([]), prior: opener(calls), widening: 0 }).act(s, 0, legal).door).toBe(2);
    expect(calls.n).toBeGreaterThan(0);
    for (const seed of [1, 2, 3]) {
      expect(mctsBot(guess, { iterations: 200, seed, playout: answerer([]), prior: opener({ n: 0 }), widening: 1 }).act(s, 0, legal).door).toBe(5);
    }
  });

  it("is deterministic: the same seed and options give the same moves", () => {
    const run = (seed: number): number[] => [10, 40, 90].map((iterations) => mctsBot(guess, { iterations, seed, prior: () => opener({ n: 0 }), widening: 0.5 }).act(s, 0, legal).door);
    expect(run(7)).toEqual(run(7));
  });

  it("an answer of the prior that is not legal is ignored (a random fresh move is expanded)", () => {
    const liar: Bot = { name: "liar", act: () => ({ type: "open", player: 0, door: 9 }) };
    expect(legal).toContainEqual(mctsBot(guess, { iterations: 20, seed: 1, prior: liar, widening: 1 }).act(s, 0, legal));
  });

  it("refuses a widening that is no number >= 0 and a prior that is no bot", () => {
    for (const widening of [-1, Number.NaN, Number.POSITIVE_INFINITY, "1"]) expectRulesError(() => mctsBot(guess, { widening: widening as never }), "INVALID_OPTIONS");
    for (const prior of [5, "hauler", {}, null]) expectRulesError(() => mctsBot(guess, { prior: prior as never, widening: 1 }), "INVALID_OPTIONS");
  });

  it("evaluate replaces the game's heuristic at the cut-off: a game without one then tells the doors apart", () => {
    // The guess game has no heuristic: a cut-off of 0 scores every door 0.5, and the first door is kept.
    expect(mctsBot(guess, { iterations: 6, seed: 1, maxPlayoutSteps: 0 }).act(s, 0, legal).door).toBe(0);
    const evaluate = (st: S): number[] => (st.door === 5 ? [1, 0] : [0, 1]);
    expect(mctsBot(guess, { iterations: 6, seed: 1, maxPlayoutSteps: 0, evaluate }).act(s, 0, legal).door).toBe(5);
    expect(describeBot("mcts+opener:6", { policies: { opener: { playout: () => opener({ n: 0 }), maxPlayoutSteps: 0, evaluate } } }).factory!(guess, 1).act(s, 0, legal).door).toBe(5);
    expectRulesError(() => mctsBot(guess, { evaluate: 3 as never }), "INVALID_OPTIONS");
  });

  it("delegate leaves a decision to the guide: the prior's move, without search", () => {
    const calls = { n: 0 };
    const evaluate = (st: S): number[] => (st.door === 5 ? [1, 0] : [0, 1]);
    // The search alone finds door 5; delegated, the decision is the prior's door 2, asked once.
    expect(mctsBot(guess, { iterations: 30, seed: 1, maxPlayoutSteps: 0, evaluate, prior: opener(calls), widening: 1 }).act(s, 0, legal).door).toBe(5);
    calls.n = 0;
    const delegated = mctsBot(guess, { iterations: 30, seed: 1, maxPlayoutSteps: 0, evaluate, prior: opener(calls), widening: 1, delegate: (_st, p) => p === 0 });
    expect(delegated.act(s, 0, legal).door).toBe(2);
    expect(calls.n).toBe(1);
    expectRulesError(() => mctsBot(guess, { delegate: true as never }), "INVALID_OPTIONS");
    const liar: Bot = { name: "liar", act: () => ({ type: "open", player: 0, door: 9 }) };
    expectRulesError(() => mctsBot(guess, { prior: liar, widening: 1, delegate: () => true }).act(s, 0, legal), "INVALID_OPTIONS");
  });

  it("allowed rules out moves at the root and in the tree; one move left is played without search", () => {
    // The search alone finds door 5; with door 5 ruled out it plays another door, and the rule is
    // asked for seat 1's answers below the root too.
    const seen = new Set<number>();
    const noFive = (_st: S, p: number, l: readonly A[]): A[] => (seen.add(p), l.filter((a) => a.type !== "open" || a.door !== 5));
    for (const seed of [1, 2, 3]) {
      const opts = { iterations: 200, seed, playout: answerer([]), prior: opener({ n: 0 }), widening: 1 };
      expect(mctsBot(guess, opts).act(s, 0, legal).door).toBe(5);
      const door = mctsBot(guess, { ...opts, allowed: noFive }).act(s, 0, legal).door;
      expect(door === undefined || door === 5).toBe(false);
    }
    expect([...seen].sort()).toEqual([0, 1]);
    const calls: Array<{ state: string; legal: string[] }> = [];
    const onlyThree = (_st: S, _p: number, l: readonly A[]): A[] => l.filter((a) => a.type !== "open" || a.door === 3);
    expect(mctsBot(guess, { iterations: 50, seed: 1, playout: answerer(calls), allowed: onlyThree }).act(s, 0, legal).door).toBe(3);
    expect(calls).toEqual([]);
    // Allowing none allows all; a list with an action that is not legal, or no list, is refused.
    expect(legal).toContainEqual(mctsBot(guess, { iterations: 20, seed: 1, allowed: () => [] }).act(s, 0, legal));
    expectRulesError(() => mctsBot(guess, { allowed: [] as never }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(guess, { allowed: () => [{ type: "open", player: 0, door: 9 }] }).act(s, 0, legal), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(guess, { allowed: (() => "door 3") as never }).act(s, 0, legal), "INVALID_OPTIONS");
    const policies = { opener: { playout: () => answerer([]), prior: () => opener({ n: 0 }), widening: 1, allowed: noFive } };
    expect(describeBot("mcts+opener:200", { policies }).factory!(guess, 1).act(s, 0, legal).door).not.toBe(5);
  });

  it("opponents \"policy\" plays the other seats by the playout policy in the tree: the search trusts its model of them", () => {
    // A model of seat 1 that always answers 0: searched, seat 1 learns to answer every door but 5,
    // and door 5 is opened; modelled, every door but 0 looks like a sure win, and door 0 is never opened.
    const answersZero = (calls: { n: number }): Bot<S, A> => ({ name: "zero", act: (_st, _p, l) => (calls.n++, l.find((a) => a.type === "answer" && a.n === 0) ?? l[0]!) });
    for (const seed of [1, 2, 3]) {
      const searched = { n: 0 };
      expect(mctsBot(guess, { iterations: 300, seed, playout: answersZero(searched) }).act(s, 0, legal).door).toBe(5);
      // Seat 1's moves come from its own nodes once each door has been tried.
      expect(searched.n).toBeLessThan(300);
      const modelled = { n: 0 };
      const door = mctsBot(guess, { iterations: 300, seed, playout: answersZero(modelled), opponents: "policy" }).act(s, 0, legal).door;
      expect(door).not.toBe(0);
      expect(door).not.toBe(5);
      // Every iteration asks the model for seat 1's answer, in the tree or in the playout.
      expect(modelled.n).toBe(300);
    }
    const policies = { zero: { playout: () => answersZero({ n: 0 }), opponents: "policy" as const } };
    expect(describeBot("mcts+zero:300", { policies }).factory!(guess, 1).act(s, 0, legal).door).not.toBe(5);
    expect(mctsBot(guess, { iterations: 300, seed: 1, playout: answersZero({ n: 0 }), opponents: "search" }).act(s, 0, legal).door).toBe(5);
    for (const opponents of ["tree", 1, null]) expectRulesError(() => mctsBot(guess, { playout: answersZero({ n: 0 }), opponents: opponents as never }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(guess, { opponents: "policy" }), "INVALID_OPTIONS");
  });

  it("a game's search policy may ask for it: mcts+<bot> then starts from the bot's moves", () => {
    const policies = { opener: { playout: () => opener({ n: 0 }), maxPlayoutSteps: 0, widening: 0 } };
    expect(describeBot("mcts+opener:50", { policies }).factory!(guess, 1).act(s, 0, legal).door).toBe(2);
    expect(describeBot("mcts+opener:50", { policies: { opener: { ...policies.opener, widening: 1 } } }).factory!(guess, 1).act(s, 0, legal).door).toBe(5);
  });
});
