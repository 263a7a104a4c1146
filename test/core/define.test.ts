import { RulesError, isRulesError } from "@rules/core";
import { describe, expect, it } from "vitest";
import { expectRulesError } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

describe("defineGame: the order and words of refusals", () => {
  const s = highCard.initialState(1, { players: 2 });
  const hand0 = s.hands[0]!;
  const notHeld = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((c) => !hand0.includes(c))!;

  it("refuses malformed actions with INVALID_ACTION and names the problem", () => {
    const e = expectRulesError(() => highCard.apply(s, { type: "play", player: 0, card: 99 }), "INVALID_ACTION");
    expect(e.message).toMatch(/card/);
    expect(e.details).toBeInstanceOf(Array);
    expectRulesError(() => highCard.apply(s, { type: "fly", player: 0 } as never), "INVALID_ACTION");
    expectRulesError(() => highCard.apply(s, { type: "play", player: 0, card: hand0[0]!, x: 1 } as never), "INVALID_ACTION");
  });

  it("refuses a legal-looking action by a seat that has already acted with NOT_YOUR_TURN", () => {
    const s1 = highCard.apply(s, { type: "play", player: 0, card: hand0[0]! });
    const e = expectRulesError(() => highCard.apply(s1, { type: "play", player: 0, card: hand0[1]! }), "NOT_YOUR_TURN");
    expect(e.message).toBe("Seat 0 cannot act now: waiting for seat 1.");
  });

  it("refuses a card not held with ILLEGAL_ACTION and the game's own words", () => {
    const e = expectRulesError(() => highCard.apply(s, { type: "play", player: 0, card: notHeld }), "ILLEGAL_ACTION");
    expect(e.message).toBe(`You do not hold the ${notHeld}.`);
  });

  it("refuses any action once the game is over with GAME_OVER", () => {
    let t = highCard.initialState(1, { players: 2, rounds: 1 });
    t = highCard.apply(t, highCard.legalActions(t, 0)[0]!);
    t = highCard.apply(t, highCard.legalActions(t, 1)[0]!);
    expect(highCard.isTerminal(t)).toBe(true);
    expectRulesError(() => highCard.apply(t, { type: "play", player: 0, card: 1 }), "GAME_OVER");
  });

  it("refuses bad options with INVALID_OPTIONS and says the player range", () => {
    const e = expectRulesError(() => highCard.initialState(1, { players: 9 }), "INVALID_OPTIONS");
    expect(e.message).toBe("High Card is for 2 to 4 players, not 9.");
    expect(expectRulesError(() => highCard.initialState(1, { players: 2.5 }), "INVALID_OPTIONS").message).toBe(
      "High Card is for 2 to 4 players, not 2.5.",
    );
    expectRulesError(() => highCard.initialState(1, { players: 2, rounds: 7 }), "INVALID_OPTIONS");
  });

  it("returns frozen new states and leaves the input alone", () => {
    const next = highCard.apply(s, { type: "play", player: 0, card: hand0[0]! });
    expect(Object.isFrozen(next)).toBe(true);
    expect(Object.isFrozen(next.hands)).toBe(true);
    expect(s.hands[0]).toEqual(hand0);
    expect(next).not.toBe(s);
  });

  it("exposes RulesError with code, details and a type guard", () => {
    const e = new RulesError("ILLEGAL_ACTION", "no", { a: 1 });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("RulesError");
    expect(isRulesError(e)).toBe(true);
    expect(isRulesError(e, "GAME_OVER")).toBe(false);
    expect(isRulesError(new Error("x"))).toBe(false);
  });
});

describe("defineGame: describeAction, describeEvents and the encoding check their input like apply (issue 20)", () => {
  it("refuse what apply refuses, with a RulesError, never a TypeError or undefined", async () => {
    const dv = (await import("@rules/donkey-valley")).game;
    const sd = (await import("@rules/steam-donkey")).game;
    const s = dv.initialState(1, { players: 3 });
    const play = dv.legalActions(s, 0)[0]!;
    expectRulesError(() => dv.describeAction(s, null as never), "INVALID_ACTION");
    expectRulesError(() => dv.describeAction(s, { type: "fly", player: 0 } as never), "INVALID_ACTION");
    expectRulesError(() => dv.describeAction(s, { ...play, player: 99 }), "INVALID_ACTION");
    expectRulesError(() => dv.describeEvents!(s, null, s), "INVALID_ACTION");
    expectRulesError(() => dv.describeEvents!(null, play, s), "INVALID_ACTION");
    const enc = dv.encoding!;
    expectRulesError(() => enc.legalActionMask(s, -1), "INVALID_ACTION");
    expectRulesError(() => enc.encodeObservation(s, 99), "INVALID_ACTION");
    expectRulesError(() => enc.decodeAction(s, 99, 0), "INVALID_ACTION");
    expectRulesError(() => enc.decodeAction(s, 0, enc.actionCount(s)), "INVALID_ACTION");
    expectRulesError(() => enc.encodeAction(s, { ...play, player: 99 }), "INVALID_ACTION");
    // Steam Donkey: every field of every first legal action left out in turn.
    const t = sd.initialState(1, { players: 2 });
    for (const a of sd.legalActions(t)) {
      for (const k of Object.keys(a).filter((k) => k !== "type")) {
        const { [k]: _gone, ...rest } = a as Record<string, unknown>;
        expectRulesError(() => sd.describeAction(t, rest as never), "INVALID_ACTION");
      }
    }
    expect(dv.describeAction(s, play)).toMatch(/\w+/);
  });
});

describe("defineGame: small options are parsed once", () => {
  it("parses each small options input once, and anything else every time, with the same game either way", async () => {
    const { vi } = await import("vitest");
    const spy = vi.spyOn(highCard.schemas.options, "safeParse");
    try {
      const first = highCard.initialState(5, { players: 3, rounds: 2 });
      const calls = spy.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      for (let i = 0; i < 3; i++) expect(highCard.initialState(5, { players: 3, rounds: 2 })).toEqual(first);
      expect(spy.mock.calls.length).toBe(calls);
      // The key names values with their types: a string "2" is not the number 2, and is refused every time.
      for (let i = 0; i < 2; i++) expectRulesError(() => highCard.initialState(5, { players: 3, rounds: "2" } as never), "INVALID_OPTIONS");
      expect(spy.mock.calls.length).toBeGreaterThan(calls + 1);
      // An input with a getter is read by the careful path on every call, and plays the same game.
      const before = spy.mock.calls.length;
      const withGetter = Object.defineProperty({ players: 3 }, "rounds", { get: () => 2, enumerable: true });
      expect(highCard.initialState(5, withGetter)).toEqual(first);
      expect(highCard.initialState(5, withGetter)).toEqual(first);
      expect(spy.mock.calls.length).toBeGreaterThanOrEqual(before + 2);
    } finally {
      spy.mockRestore();
    }
  });
});
