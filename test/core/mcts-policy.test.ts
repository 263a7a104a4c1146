import { canonicalJson, describeBot, mctsBot, randomBot, type Bot, type Game } from "@rules/core";
import { describe, expect, it } from "vitest";
import { highCard } from "./fixtures/high-card.js";
import { answerer, guess, type A, type S } from "./fixtures/guess.js";
import { expectRulesError } from "../harness/index.js";

describe("mctsBot playout policy", () => {
  const s = guess.initialState(1);
  const legal = guess.legalActions(s, 0);

  it("chooses every playout action: with the right answers in playouts one visit per door finds door 5, which random playouts miss", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const calls: Array<{ state: string; legal: string[] }> = [];
      expect(mctsBot(guess, { iterations: 6, seed, playout: answerer(calls) }).act(s, 0, legal)).toEqual({ type: "open", player: 0, door: 5 });
      // One call per playout (each door's playout is seat 1's answer), each given that state's legal actions.
      expect(calls).toHaveLength(6);
      for (const c of calls) expect(c.legal).toEqual(guess.legalActions(JSON.parse(c.state) as S).map(canonicalJson));
    }
    const randomChoices = [1, 2, 3, 4, 5, 6].map((seed) => mctsBot(guess, { iterations: 6, seed }).act(s, 0, legal).door);
    expect(randomChoices.some((d) => d !== 5)).toBe(true);
  });

  it("a factory is made once, seeded from the search's seed: the same seed gives the same moves, game after game", () => {
    let made = 0;
    const seeds: unknown[] = [];
    const factory = (_game: Game, seed: number | string): Bot => {
      made++;
      seeds.push(seed);
      return randomBot(seed);
    };
    const play = (seed: number): string[] => {
      const bot = mctsBot(highCard, { iterations: 25, seed, playout: factory, maxPlayoutSteps: 3 });
      const st = highCard.cloneState!(highCard.initialState(seed, { players: 3 }));
      const moves: string[] = [];
      while (!highCard.isTerminal(st)) {
        const p = highCard.activePlayers(st)[0]!;
        const a = bot.act(st, p, highCard.legalActions(st, p));
        moves.push(canonicalJson(a));
        highCard.applyInPlace(st, a);
      }
      return moves;
    };
    const a = play(4);
    expect(made).toBe(1);
    expect(play(4)).toEqual(a);
    expect(seeds[0]).toEqual(seeds[1]);
    expect(made).toBe(2);
  });

  it("a cut-off of 0 scores the state the tree reached: the policy is never asked", () => {
    const calls: Array<{ state: string; legal: string[] }> = [];
    mctsBot(guess, { iterations: 12, seed: 1, playout: answerer(calls), maxPlayoutSteps: 0 }).act(s, 0, legal);
    expect(calls).toHaveLength(0);
  });

  it("refuses a playout policy that is no bot, plans that are no function, and a policy that chooses an illegal action", () => {
    for (const playout of [5, "planner", {}, { act: 1 }, null]) expectRulesError(() => mctsBot(guess, { playout: playout as never }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(guess, { plans: [] as never }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(guess, { maxPlayoutSteps: -1 }), "INVALID_OPTIONS");
    const cheat: Bot = { name: "cheat", act: () => ({ type: "answer", player: 1, n: 9 }) };
    expectRulesError(() => mctsBot(guess, { iterations: 3, playout: cheat }).act(s, 0, legal), "INVALID_OPTIONS");
    const none: Bot = { name: "none", act: () => undefined as never };
    expectRulesError(() => mctsBot(guess, { iterations: 3, playout: none }).act(s, 0, legal), "INVALID_OPTIONS");
  });
});

describe("mctsBot plans (macro actions)", () => {
  const s = guess.initialState(1);
  const legal = guess.legalActions(s, 0);

  it("chooses among the plans given (the tree's children), trying them in order", () => {
    // Only doors 1 and 5 are offered: the search picks between them, and door 5 wins.
    const plans = (): A[][] => [[{ type: "open", player: 0, door: 1 }], [{ type: "open", player: 0, door: 5 }]];
    expect(mctsBot(guess, { iterations: 2, seed: 1, plans, playout: answerer([]) }).act(s, 0, legal)).toEqual({ type: "open", player: 0, door: 5 });
    // One iteration visits only the first plan.
    expect(mctsBot(guess, { iterations: 1, seed: 1, plans, playout: answerer([]) }).act(s, 0, legal)).toEqual({ type: "open", player: 0, door: 1 });
  });

  it("ignores plans whose first step is not legal, and falls back to the legal actions when none is left", () => {
    const some = (): A[][] => [[{ type: "answer", player: 1, n: 0 }], [], [{ type: "open", player: 0, door: 2 }]];
    expect(mctsBot(guess, { iterations: 30, seed: 1, plans: some, playout: answerer([]) }).act(s, 0, legal)).toEqual({ type: "open", player: 0, door: 2 });
    const none = (): A[][] => [[{ type: "answer", player: 1, n: 0 }], []];
    expect(mctsBot(guess, { iterations: 30, seed: 1, plans: none, playout: answerer([]) }).act(s, 0, legal)).toEqual({ type: "open", player: 0, door: 5 });
  });
});

describe("bot names mcts+<bot>:<budget>", () => {
  const s = guess.initialState(1);
  const legal = guess.legalActions(s, 0);

  it("let the named bot play the playouts, with the policy's cut-off unless the name gives one", () => {
    const calls: Array<{ state: string; legal: string[] }> = [];
    const policies = { answerer: { playout: () => answerer(calls), maxPlayoutSteps: 0 } };
    // With the answerer in the playouts, six iterations find door 5 (see above)...
    expect(describeBot("mcts+answerer:6/1", { policies }).factory!(guess, 1).act(s, 0, legal)).toEqual({ type: "open", player: 0, door: 5 });
    expect(calls).toHaveLength(6);
    // ...and its default cut-off of 0 never asks it.
    describeBot("mcts+answerer:6", { policies }).factory!(guess, 1).act(s, 0, legal);
    expect(calls).toHaveLength(6);
    // A bot of the factories plays the playouts too (no policy needed).
    expect(describeBot("mcts+random:30").factory!(guess, 1).act(s, 0, legal).type).toBe("open");
    expect(describeBot("mcts+answerer:1s", { policies, now: () => 0 }).factory).toBeDefined();
  });

  it("say why a name stands for no bot", () => {
    expect(describeBot("mcts+nobody:20").problem).toMatch(/"nobody" is no bot to play the playouts; give one of random/);
    expect(describeBot("mcts+mcts:20").problem).toMatch(/is no bot to play the playouts/);
    expect(describeBot("mcts+random:0").problem).toMatch(/iterations per decision must be from 1/);
    expect(describeBot("mcts+random:1s").problem).toMatch(/needs a clock/);
    expect(describeBot("mcts+:20").problem).toMatch(/unknown bot/);
    expect(describeBot("genius").problem).toMatch(/mcts\+<bot>:<budget>/);
  });
});
