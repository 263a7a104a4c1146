import { RngStateSchema, botFactory, canonicalJson, defineGame, mctsBot, seedRng } from "@rules/core";
import * as z from "zod";
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

// A solo game of one choice: six doors, only the last one wins. A loss has no winner (the solo
// convention of Outcome), so the search must tell a lost playout from a won one.
const DoorState = z.strictObject({ rng: RngStateSchema, opened: z.number().int().min(0).max(5).nullable() });
const DoorAction = z.strictObject({ type: z.literal("open"), player: z.number().int(), door: z.number().int().min(0).max(5) });
const doors = defineGame<z.infer<typeof DoorState>, z.infer<typeof DoorAction>, { players: number }, z.infer<typeof DoorState>>({
  id: "doors",
  name: "Doors",
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
    s.opened === null ? undefined : s.opened === 5 ? { scores: [1], ranks: [1], winners: [0] } : { scores: [0], ranks: [2], winners: [] },
  describeAction: (_s, a) => `Opens door ${a.door}.`,
});

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
