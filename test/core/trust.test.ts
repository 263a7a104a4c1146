// The trust boundary of defineGame and the log functions (issue 6): untrusted states, logs,
// options, seeds and seats are refused with a RulesError, fast and in few words, and every state
// the engine hands out is deeply frozen while a caller's own state is never frozen.
import { INPUT_LIMITS, RngStateSchema, RulesError, cloneJson, defineGame, describeZodError, seedRng, isDeepFrozen, newLog, replay, replayStates, undo, undoBlocker } from "@rules/core";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { cpuMs, expectRulesError } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

const s0 = highCard.initialState(1, { players: 3 });
const a0 = highCard.legalActions(s0, 0)[0]!;

describe("freezing: one rule", () => {
  it("initialState, apply and loadState hand out deeply frozen states", () => {
    expect(isDeepFrozen(s0)).toBe(true);
    expect(isDeepFrozen(highCard.apply(s0, a0))).toBe(true);
    expect(isDeepFrozen(highCard.loadState(JSON.parse(JSON.stringify(s0))))).toBe(true);
  });

  it("apply leaves a caller's unfrozen state exactly as it was, unfrozen, so applyInPlace still works on it", () => {
    const own = cloneJson(s0);
    const before = JSON.stringify(own);
    const next = highCard.apply(own, a0);
    expect(JSON.stringify(own)).toBe(before);
    expect(Object.isFrozen(own.rng) || Object.isFrozen(own.hands[1]) || Object.isFrozen(own.deck)).toBe(false);
    highCard.applyInPlace(own, a0);
    expect(own).toEqual(next);
  });

  it("applyInPlace on a frozen state is a RulesError that says to clone it", () => {
    const e = expectRulesError(() => highCard.applyInPlace(s0, a0), "INVALID_STATE");
    expect(e.message).toMatch(/cloneJson\(state\)/);
  });

  it("loadState never freezes or changes its input", () => {
    const json = JSON.parse(JSON.stringify(s0));
    const loaded = highCard.loadState(json);
    expect(Object.isFrozen(json)).toBe(false);
    expect(loaded).not.toBe(json);
  });
});

describe("loadState: bounded and consistent", () => {
  it("refuses inputs too large or too deep before parsing, in milliseconds", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const huge = { ...s0, deck: new Array(INPUT_LIMITS.nodes + 1).fill(1) };
    for (const bad of [deep, huge, { ...s0, hands: Array.from({ length: 50_000 }, () => [1, 2, 3]) }]) {
      const t0 = cpuMs();
      const e = expectRulesError(() => highCard.loadState(bad), "INVALID_STATE");
      expect(cpuMs() - t0).toBeLessThan(1000);
      expect(e.message.length).toBeLessThan(200);
    }
  });

  it("lists at most a few schema problems and counts the rest", () => {
    const many = z.array(z.number()).safeParse(new Array(5000).fill("x"));
    expect(many.success).toBe(false);
    const text = describeZodError(many.error!);
    expect(text).toMatch(/and 4992 more problems/);
    expect(text.length).toBeLessThanOrEqual(INPUT_LIMITS.messageChars);
  });

  it("refuses a state that parses but could not arise, naming why (the game's stateProblems)", () => {
    const moved = cloneJson(s0);
    moved.deck.push(moved.hands[1]!.pop()!);
    expect(expectRulesError(() => highCard.loadState(moved), "INVALID_STATE").message).toMatch(/seat 1 holds the wrong number of cards/);
  });

  it("refuses a dead end even when a game has no stateProblems: not over, yet nobody can act", () => {
    // A countdown: seat 0 takes one token per turn; the game ends when `done` is set with the last.
    const State = z.strictObject({ rng: RngStateSchema, left: z.number().int().min(0).max(9), done: z.boolean() });
    const Action = z.strictObject({ type: z.literal("take"), player: z.literal(0) });
    const countdown = defineGame<z.infer<typeof State>, z.infer<typeof Action>, { players: number }, unknown>({
      id: "countdown",
      name: "Countdown",
      minPlayers: 1,
      maxPlayers: 1,
      rulesVersion: 1,
      schemas: { state: State, action: Action, options: z.object({ players: z.number().default(1) }), view: z.unknown() },
      setup: (seed) => ({ rng: seedRng(seed), left: 3, done: false }),
      legalActions: (s) => (s.done || s.left === 0 ? [] : [{ type: "take", player: 0 }]),
      activePlayers: (s) => (s.done ? [] : [0]),
      reduce: (d) => {
        d.left -= 1;
        d.done = d.left === 0;
      },
      playerView: (s) => ({ left: s.left }),
      isTerminal: (s) => s.done,
      outcome: (s) => (s.done ? { scores: [0], ranks: [1], winners: [0] } : undefined),
      describeAction: () => "Seat 0 takes a token",
    });
    const ok = JSON.parse(JSON.stringify(countdown.initialState(1)));
    expect(countdown.loadState(ok)).toEqual(ok);
    const e = expectRulesError(() => countdown.loadState({ ...ok, left: 0 }), "INVALID_STATE");
    expect(e.message).toBe("Not a valid Countdown state: the game is not over, yet no seat can act.");
  });
});

describe("seats, seeds and actions from outside", () => {
  it("refuses a viewer that is not a seat with INVALID_ACTION (it used to throw a TypeError or return a bad view)", () => {
    for (const v of [3, 9, -1, 1.5, Number.NaN, "length", "constructor", "__proto__", {}, [], undefined]) {
      expectRulesError(() => highCard.playerView(s0, v as never), "INVALID_ACTION");
    }
    expect(highCard.playerView(s0, -0)).toEqual(highCard.playerView(s0, 0));
    expect(Object.is(highCard.playerView(s0, -0).viewer, 0)).toBe(true);
    expectRulesError(() => highCard.legalActions(s0, 3), "INVALID_ACTION");
    expectRulesError(() => highCard.determinize!(s0, 3, 1), "INVALID_ACTION");
  });

  it("refuses an action for a seat that does not exist as malformed, before turn order", () => {
    const e = expectRulesError(() => highCard.apply(s0, { ...a0, player: 3 }), "INVALID_ACTION");
    expect(e.message).toBe("The acting player must be a seat, not 3: this game has 3 seats, numbered 0 to 2.");
  });

  it("stores a -0 seat as 0", () => {
    const next = highCard.apply(s0, { ...a0, player: -0 });
    expect(Object.is(next.played[0], a0.card)).toBe(true);
    expect(JSON.stringify(Object.keys(next.played))).toBe('["0","1","2"]');
    const t = highCard.initialState(-0, { players: 3 });
    expect(t).toEqual(highCard.initialState(0, { players: 3 }));
  });

  it("refuses seeds that are not integers or strings without running their code", () => {
    for (const seed of [{ toString: 1 }, { toString: () => "x" }, Symbol("s"), () => 1, 1.5, 2 ** 53]) {
      expect(expectRulesError(() => highCard.initialState(seed as never, { players: 2 }), "INVALID_OPTIONS").message).toMatch(/seed/);
    }
  });

  it("refuses actions and options whose reading throws (getters, revoked proxies) with a RulesError", () => {
    const throwing = Object.defineProperty({ player: 0 }, "type", { enumerable: true, get: () => { throw new Error("boom"); } });
    const revoked = Proxy.revocable({ ...a0 }, {});
    revoked.revoke();
    for (const bad of [throwing, revoked.proxy]) {
      expectRulesError(() => highCard.apply(s0, bad as never), "INVALID_ACTION");
      expectRulesError(() => highCard.initialState(1, bad as never), "INVALID_OPTIONS");
      expectRulesError(() => highCard.loadState(bad), "INVALID_STATE");
      expectRulesError(() => highCard.playerView(s0, bad as never), "INVALID_ACTION");
      expectRulesError(() => highCard.initialState(bad as never), "INVALID_OPTIONS");
    }
  });

  it("refuses options too large to read, before the schema", () => {
    const t0 = cpuMs();
    expectRulesError(() => highCard.initialState(1, { players: 2, extra: new Array(1_000_000).fill(0) } as never), "INVALID_OPTIONS");
    expect(cpuMs() - t0).toBeLessThan(1000);
  });
});

describe("logs from outside", () => {
  const log = { ...newLog(highCard, 1, { players: 3 }), actions: [a0] };
  const { actions: _drop, ...noActions } = log;
  const malformed: unknown[] = [null, undefined, 1, "log", [], {}, { ...log, actions: {} }, { ...log, game: { id: "high-card" } }, noActions, { ...log, seed: { toString: 1 } }, { ...log, actions: [null] }];

  it("replay, replayStates, undo and undoBlocker answer INVALID_STATE to a malformed log (they used to throw a TypeError)", () => {
    for (const bad of malformed) {
      for (const f of [replay, replayStates, undo, undoBlocker] as const) {
        const e = expectRulesError(() => (f as (g: unknown, l: unknown) => unknown)(highCard, bad), "INVALID_STATE");
        expect(e).toBeInstanceOf(RulesError);
        expect(e.message).toMatch(/^Not an action log: /);
      }
    }
  });

  it("still replays a well-formed log", () => {
    expect(replay(highCard, log)).toEqual(highCard.apply(s0, a0));
  });
});
