// Structural sharing of the checked `apply` and the patches of `applyWithPatches` (the harness
// checks both on every game; these pin the core's own promises on a small fixture).
import { RngStateSchema, applyPatches, cloneJson, defineGame, isDeepFrozen, seedRng } from "@rules/core";
import { produce, setAutoFreeze } from "immer";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { expectRulesError, sharingProblems } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

describe("structural sharing of the checked apply", () => {
  afterEach(() => setAutoFreeze(true));

  it("keeps every part the action left equal as the input's own object", () => {
    const s = highCard.initialState(1, { players: 3 });
    const next = highCard.apply(s, highCard.legalActions(s)[0]!);
    expect(next).not.toBe(s);
    expect(sharingProblems(s, next)).toEqual([]);
    expect(next.hands[1]).toBe(s.hands[1]);
    expect(next.hands[0]).not.toBe(s.hands[0]);
    expect(isDeepFrozen(next)).toBe(true);
  });

  it("shares a list the recipe rebuilt equal (not only what it never wrote to)", () => {
    const StateSchema = z.object({ rng: RngStateSchema, list: z.array(z.number()), turn: z.number() });
    const ActionSchema = z.object({ type: z.literal("tick"), player: z.literal(0) });
    type S = z.infer<typeof StateSchema>;
    const ticker = defineGame<S, z.infer<typeof ActionSchema>, { players: number }, S>({
      id: "ticker",
      name: "Ticker",
      minPlayers: 1,
      maxPlayers: 1,
      rulesVersion: 1,
      schemas: { state: StateSchema, action: ActionSchema, options: z.object({ players: z.literal(1).default(1) }), view: StateSchema },
      setup: (seed) => ({ rng: seedRng(seed), list: [1, 2], turn: 0 }),
      legalActions: () => [{ type: "tick", player: 0 }],
      activePlayers: () => [0],
      reduce: (s) => {
        s.list = s.list.filter(() => true);
        s.turn += 1;
      },
      playerView: (s) => s,
      isTerminal: () => false,
      outcome: () => undefined,
      describeAction: () => "Seat 0 ticks.",
    });
    const s = ticker.initialState(1);
    const a = { type: "tick" as const, player: 0 as const };
    expect(ticker.apply(s, a).list).toBe(s.list);
    expect(ticker.applyWithPatches(s, a).state.list).toBe(s.list);
  });

  it("copies a state the caller owns and never freezes it", () => {
    const own = cloneJson(highCard.initialState(1, { players: 3 }));
    const a = highCard.legalActions(own)[0]!;
    const next = highCard.apply(own, a);
    const patched = highCard.applyWithPatches(own, a);
    expect(Object.isFrozen(own) || Object.isFrozen(own.hands[1])).toBe(false);
    expect(next.hands[1]).not.toBe(own.hands[1]);
    expect(isDeepFrozen(next) && isDeepFrozen(patched.state)).toBe(true);
  });

  it("is not changed by an app's own immer settings, and leaves them alone", () => {
    setAutoFreeze(false);
    const s = highCard.initialState(2, { players: 2 });
    const a = highCard.legalActions(s)[0]!;
    expect(isDeepFrozen(highCard.apply(s, a))).toBe(true);
    expect(isDeepFrozen(highCard.applyWithPatches(s, a).state)).toBe(true);
    // The app's immer still does what it was told: no freezing.
    const mine = produce({ list: [1] }, (d) => void d.list.push(2));
    expect(Object.isFrozen(mine)).toBe(false);
  });
});

describe("applyWithPatches", () => {
  it("gives apply's state and patches that replay it both ways", () => {
    const s = highCard.initialState(4, { players: 3 });
    const a = highCard.legalActions(s)[0]!;
    const r = highCard.applyWithPatches(s, a);
    expect(JSON.stringify(r.state)).toBe(JSON.stringify(highCard.apply(s, a)));
    expect(r.patches.length).toBeGreaterThan(0);
    expect(JSON.stringify(applyPatches(s, r.patches))).toBe(JSON.stringify(r.state));
    expect(JSON.stringify(applyPatches(r.state, r.inversePatches))).toBe(JSON.stringify(s));
    expect(isDeepFrozen(applyPatches(s, r.patches))).toBe(true);
  });

  it("refuses exactly what apply refuses, leaving the state alone", () => {
    const s = highCard.initialState(4, { players: 3 });
    const before = JSON.stringify(s);
    const notHeld = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((c) => !s.hands[0]!.includes(c))!;
    for (const bad of [null, { type: "play", player: 0, card: 99 }, { type: "play", player: 0, card: notHeld }]) {
      const e = expectRulesError(() => highCard.apply(s, bad as never));
      const p = expectRulesError(() => highCard.applyWithPatches(s, bad as never), e.code);
      expect(p.message).toBe(e.message);
    }
    expect(JSON.stringify(s)).toBe(before);
  });
});
