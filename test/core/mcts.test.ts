import { RngStateSchema, botFactory, canonicalJson, defineGame, describeBot, mctsBot, nextActor, randomBot, randomInt, seedRng, type Game } from "@rules/core";
import { game as donkeyValley } from "@rules/donkey-valley";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { highCard } from "./fixtures/high-card.js";
import { expectRulesError } from "../harness/index.js";

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

  it("takes a time budget on the host's clock when given none (mctsBot(game, seed, { timeMs }))", () => {
    const a = mctsBot(highCard, 3, { timeMs: 5 }).act(s, 0, legal);
    expect(legal.map(canonicalJson)).toContain(canonicalJson(a));
  });

  it("bot names mcts:1s and mcts:1000ms are the same budget; mcts:0.5s is half of it", () => {
    const calls = (name: string): number => {
      let t = 0;
      let n = 0;
      botFactory(name, () => (n++, (t += 100)))!(highCard, 1).act(s, 0, legal);
      return n;
    };
    expect(calls("mcts:1s")).toBe(calls("mcts:1000ms"));
    expect(calls("mcts:0.5s")).toBe(calls("mcts:500ms"));
    expect(calls("mcts:1s")).toBeGreaterThan(calls("mcts:0.5s"));
  });

  it("refuses options that make no sense", () => {
    expectRulesError(() => mctsBot(highCard, { iterations: 0 }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(highCard, { iterations: 1.5 }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(highCard, { exploration: -1 }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(highCard, { timeMs: 0 }), "INVALID_OPTIONS");
    expectRulesError(() => mctsBot(highCard, { timeMs: 10, now: 5 as never }), "INVALID_OPTIONS");
  });

  it("bot names: mcts:2000 everywhere, mcts:500ms only with a clock", () => {
    expect(botFactory("random")).toBeDefined();
    expect(botFactory("mcts:2000")).toBeDefined();
    expect(botFactory("mcts:500ms")).toBeUndefined();
    expect(botFactory("mcts:500ms", () => 0)).toBeDefined();
    expect(botFactory("mcts:20/4")).toBeDefined();
    expect(botFactory("mcts:500ms/10", () => 0)).toBeDefined();
    for (const timed of ["mcts:1s", "mcts:100ms", "mcts:0.5s", "mcts:2.25s/4"]) {
      expect(botFactory(timed), timed).toBeUndefined();
      expect(botFactory(timed, () => 0), timed).toBeDefined();
    }
    for (const bad of ["mcts:", "mcts:0", "mcts:x", "mcts:-5", "mcts:1e3", "greedy", "mcts:20/0", "mcts:20/", "mcts:/4", "mcts:20/4/4", "mcts:0s", "mcts:1.s", "mcts:s", "mcts:1sec", "mcts:0ms"]) {
      expect(botFactory(bad), bad).toBeUndefined();
    }
    // Each refusal says why, in the one parser the CLI, simulate and playRecords share.
    expect(describeBot("mcts:0").problem).toBe('bot "mcts:0": the iterations per decision must be from 1 to 10,000,000');
    expect(describeBot("mcts:20000000").problem).toMatch(/iterations per decision must be from 1 to 10,000,000$/);
    expect(describeBot("mcts:20/0").problem).toBe('bot "mcts:20/0": the playout cut-off must be from 1 to 10,000,000 actions');
    expect(describeBot("mcts:0ms", { now: () => 0 }).problem).toMatch(/time per decision must be from 1 to/);
    expect(describeBot("mcts:5ms").problem).toMatch(/^bot "mcts:5ms" is a time budget, which needs a clock/);
    expect(describeBot("genius").problem).toMatch(/^unknown bot "genius"; known bots: random, mcts, mcts:<iterations>/);
    expect(describeBot("thrifty", { factories: { thrifty: () => randomBot(1) } }).factory).toBeDefined();
    expect(describeBot("genius", { factories: { thrifty: () => randomBot(1) } }).problem).toContain("known bots: random, mcts, thrifty,");
    expect(botFactory("mcts:20000000")).toBeUndefined(); // within the pattern, beyond the budget mctsBot takes
    const bot = botFactory("mcts:30")!(highCard, 4);
    expect(bot.name).toBe("mcts");
    expect(legal.map(canonicalJson)).toContain(canonicalJson(bot.act(s, 0, legal)));
  });

  it("bot names: mcts:20/4 is mctsBot with 20 iterations and playouts cut off after 4 actions", () => {
    const sizes: number[] = [];
    const spy = { ...donkeyValley, heuristic: () => (sizes.push(1), [0.5, 0.5, 0.5]) } as Game;
    const start = donkeyValley.initialState(3, { players: 3 });
    const moves = donkeyValley.legalActions(start, 0);
    const named = botFactory("mcts:20/4")!(spy, 9).act(start, 0, moves);
    expect(sizes.length).toBe(20); // no playout from the first decision ends within 4 actions: each is cut off
    const direct = mctsBot(spy, { iterations: 20, maxPlayoutSteps: 4, seed: 9 }).act(start, 0, moves);
    expect(canonicalJson(named)).toBe(canonicalJson(direct));
  });
});

// A solo game of one choice: six doors, only the last one wins. A loss has no winner (the solo
// convention of Outcome), so the search must tell a lost playout from a won one.
const DoorState = z.strictObject({ rng: RngStateSchema, opened: z.number().int().min(0).max(5).nullable() });
const DoorAction = z.strictObject({ type: z.literal("open"), player: z.number().int(), door: z.number().int().min(0).max(5) });
const doors = gradedDoors(true, false);

describe("mctsBot rewards", () => {
  it("a solo loss scores nothing and a solo win scores 1, so the bot finds the winning door", () => {
    const s = doors.initialState(1);
    for (const iterations of [6, 60]) {
      const bot = mctsBot(doors, { iterations, seed: 3 });
      expect(bot.act(s, 0, doors.legalActions(s)), `${iterations} iterations`).toEqual({ type: "open", player: 0, door: 5 });
    }
  });

  it("among equally visited root actions (a budget of one visit each) it takes the best mean reward", () => {
    const s = doors.initialState(2);
    // Six iterations visit each door once; before the tie-break the first door (a loss) was chosen.
    expect(mctsBot(doors, { iterations: 6, seed: 9 }).act(s, 0, doors.legalActions(s)).door).toBe(5);
  });
});

// The doors game, optionally with a heuristic grading the losing doors (door 4 closest to a win).
// When `door5Wins` is false no door wins, so only the graded losses tell the doors apart.
function gradedDoors(door5Wins: boolean, graded = true): Game {
  const g = defineGame<z.infer<typeof DoorState>, z.infer<typeof DoorAction>, { players: number }, z.infer<typeof DoorState>>({
    id: "graded-doors",
    name: "Graded doors",
    minPlayers: 1,
    maxPlayers: 1,
    rulesVersion: 1,
    schemas: { state: DoorState, action: DoorAction, options: z.object({ players: z.number().int().default(1) }), view: DoorState },
    setup: (seed) => ({ rng: seedRng(seed), opened: null }),
    legalActions: (s) => (s.opened === null ? [0, 1, 2, 3, 4, 5].map((door) => ({ type: "open" as const, player: 0, door })) : []),
    activePlayers: (s) => (s.opened === null ? [0] : []),
    reduce: (s, a) => {
      s.opened = a.door;
    },
    playerView: (s) => s,
    isTerminal: (s) => s.opened !== null,
    outcome: (s) =>
      s.opened === null ? undefined : door5Wins && s.opened === 5 ? { scores: [1], ranks: [1], winners: [0] } : { scores: [0], ranks: [2], winners: [] },
    describeAction: (_s, a) => `Opens door ${a.door}.`,
    // Door 4 is a loss by the smallest margin (heuristic 1, so it scores 0.5); the winning door's
    // heuristic is 0, yet a win scores 1, above every graded loss.
    ...(graded ? { heuristic: (s: z.infer<typeof DoorState>) => [s.opened === null || s.opened === 5 ? 0 : s.opened / 4] } : {}),
  });
  return g;
}

// Two seats; seat 0 opens one of six doors, then a long walk of `walk` forced steps ends the game:
// door 5 wins for seat 0, any other door for seat 1. The heuristic knows this from the door alone.
const WalkState = z.strictObject({ rng: RngStateSchema, door: z.number().int().min(0).max(5).nullable(), steps: z.number().int().min(0).max(1000) });
const WalkAction = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("open"), player: z.number().int(), door: z.number().int().min(0).max(5) }),
  z.strictObject({ type: z.literal("step"), player: z.number().int() }),
]);
const WALK = 200;
function walkGame(calls: { n: number }, withHeuristic: boolean): Game {
  type S = z.infer<typeof WalkState>;
  const over = (s: S): boolean => s.door !== null && s.steps >= WALK;
  return defineGame<S, z.infer<typeof WalkAction>, { players: number }, S>({
    id: "walk",
    name: "Walk",
    minPlayers: 2,
    maxPlayers: 2,
    rulesVersion: 1,
    schemas: { state: WalkState, action: WalkAction, options: z.object({ players: z.number().int().default(2) }), view: WalkState },
    setup: (seed) => ({ rng: seedRng(seed), door: null, steps: 0 }),
    legalActions: (s) =>
      over(s) ? [] : s.door === null ? [0, 1, 2, 3, 4, 5].map((door) => ({ type: "open" as const, player: 0, door })) : [{ type: "step" as const, player: s.steps % 2 }],
    activePlayers: (s) => (over(s) ? [] : s.door === null ? [0] : [s.steps % 2]),
    reduce: (s, a) => {
      if (a.type === "open") s.door = a.door;
      else s.steps++;
    },
    playerView: (s) => s,
    isTerminal: over,
    outcome: (s) => (!over(s) ? undefined : s.door === 5 ? { scores: [1, 0], ranks: [1, 2], winners: [0] } : { scores: [0, 1], ranks: [2, 1], winners: [1] }),
    describeAction: (_s, a) => (a.type === "open" ? `Opens door ${a.door}.` : "Steps."),
    ...(withHeuristic
      ? {
          heuristic: (s: S): number[] => {
            calls.n++;
            return s.door === 5 ? [1, 0] : [0, 1];
          },
        }
      : {}),
  });
}

describe("mctsBot playout cut-off and heuristic", () => {
  it("a playout cut off at maxPlayoutSteps scores the game's heuristic, so a short cut-off still finds the winning door", () => {
    const calls = { n: 0 };
    const g = walkGame(calls, true);
    const s = g.initialState(1);
    const a = mctsBot(g, { iterations: 30, seed: 4, maxPlayoutSteps: 3 }).act(s, 0, g.legalActions(s, 0));
    expect(a).toEqual({ type: "open", player: 0, door: 5 });
    expect(calls.n).toBe(30); // every playout was cut off (the walk is 200 steps) and scored by the heuristic
  });

  it("without a heuristic a cut-off playout scores 0.5 for everyone (no information), as before", () => {
    const g = walkGame({ n: 0 }, false);
    const s = g.initialState(1);
    // Every door looks the same, so the tie-break takes the first one.
    expect(mctsBot(g, { iterations: 30, seed: 4, maxPlayoutSteps: 3 }).act(s, 0, g.legalActions(s, 0))).toEqual({ type: "open", player: 0, door: 0 });
    // A cut-off past the walk sees real ends and finds the door without any heuristic.
    expect(mctsBot(g, { iterations: 30, seed: 4, maxPlayoutSteps: 500 }).act(s, 0, g.legalActions(s, 0))).toEqual({ type: "open", player: 0, door: 5 });
  });

  it("the heuristic is not consulted for playouts that reach the end", () => {
    const calls = { n: 0 };
    const g = walkGame(calls, true);
    const s = g.initialState(1);
    mctsBot(g, { iterations: 20, seed: 4 }).act(s, 0, g.legalActions(s, 0));
    expect(calls.n).toBe(0);
  });

  it("solo: a loss is graded by half the heuristic, strictly below any win", () => {
    const winnable = gradedDoors(true);
    const lost = gradedDoors(false);
    for (const iterations of [6, 60]) {
      const s = winnable.initialState(1);
      // The win (heuristic 0) beats the closest loss (heuristic 1, scored 0.5).
      expect(mctsBot(winnable, { iterations, seed: 3 }).act(s, 0, winnable.legalActions(s)).door, `${iterations} iterations`).toBe(5);
      // With no win possible, the smallest loss is the best choice (ungraded, every loss scores 0).
      expect(mctsBot(lost, { iterations, seed: 3 }).act(s, 0, lost.legalActions(s)).door, `${iterations} iterations`).toBe(4);
    }
    const s = lost.initialState(1);
    // The ungraded game (no heuristic) still scores every loss 0: six visits tie, the first door is taken.
    const ungradedLost = gradedDoors(false, false);
    expect(mctsBot(ungradedLost, { iterations: 6, seed: 3 }).act(s, 0, ungradedLost.legalActions(s)).door).toBe(0);
  });

  it("a heuristic that is never reached changes nothing: same choices with and without it", () => {
    const s = highCard.initialState(4, { players: 3 });
    const withH: Game = { ...highCard, heuristic: () => [1, 0, 0] };
    for (const seed of [1, 2, 3]) {
      const a = mctsBot(highCard, { iterations: 40, seed }).act(s, 1, highCard.legalActions(s, 1));
      expect(mctsBot(withH, { iterations: 40, seed }).act(s, 1, highCard.legalActions(s, 1))).toEqual(a);
    }
  });

  it("default behaviour unchanged: Donkey Valley, seed 11, 3 players, 20 iterations plays the same first 12 choices as before the cut-off hook", () => {
    const bot = mctsBot(donkeyValley, { iterations: 20, seed: 5 });
    const s = donkeyValley.initialStateInPlace!(11, { players: 3 });
    const played: string[] = [];
    const schedule = seedRng(11);
    for (let i = 0; i < 12 && !donkeyValley.isTerminal(s); i++) {
      const p = nextActor(donkeyValley, s, schedule)!;
      const a = bot.act(s, p, donkeyValley.legalActions(s, p));
      played.push(canonicalJson(a));
      donkeyValley.applyInPlace(s, a);
    }
    // Recorded with the mcts.ts of before the cut-off hook (commit 98b081d); re-recorded when the
    // search and this driver began to draw who acts first in step 1 (issue 23's fair scheduling).
    expect(played).toEqual(RECORDED_DV_CHOICES);
  });
});

const RECORDED_DV_CHOICES = [
  "{\"player\":2,\"type\":\"playLoad\",\"value\":4}",
  "{\"player\":0,\"type\":\"playLoad\",\"value\":6}",
  "{\"player\":1,\"type\":\"playLoad\",\"value\":2}",
  "{\"player\":0,\"type\":\"useFavor\",\"value\":2}",
  "{\"player\":0,\"type\":\"pass\"}",
  "{\"player\":1,\"type\":\"useFavor\",\"value\":4}",
  "{\"player\":1,\"type\":\"pass\"}",
  "{\"player\":2,\"type\":\"useFavor\",\"value\":6}",
  "{\"player\":2,\"type\":\"useFavor\",\"value\":2}",
  "{\"player\":1,\"type\":\"call\",\"verdict\":\"approve\"}",
  "{\"player\":0,\"type\":\"call\",\"verdict\":\"approve\"}",
  "{\"player\":2,\"type\":\"call\",\"verdict\":\"approve\"}",
];

describe("firstActivePlayer", () => {
  it("defineGame answers activePlayers(s)[0] for a game without the hook (Donkey Valley, every state of a random game)", () => {
    const s = donkeyValley.initialStateInPlace!(3, { players: 5 });
    const rng = seedRng(2);
    while (!donkeyValley.isTerminal(s)) {
      expect(donkeyValley.firstActivePlayer!(s)).toBe(donkeyValley.activePlayers(s)[0]);
      const legal = donkeyValley.legalActions(s, donkeyValley.activePlayers(s)[0]);
      donkeyValley.applyInPlace(s, legal[randomInt(rng, 0, legal.length - 1)]!);
    }
    expect(donkeyValley.firstActivePlayer!(s)).toBeUndefined();
  });
});
