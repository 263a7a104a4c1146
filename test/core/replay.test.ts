import { INPUT_LIMITS, isDeepFrozen, newLog, replay, replayStates, stateHash, undo, undoBlocker } from "@rules/core";
import { game as donkeyValley } from "@rules/donkey-valley";
import { describe, expect, it, vi } from "vitest";
import { expectRulesError } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

describe("replay and undo", () => {
  const s0 = highCard.initialState("r", { players: 3 });
  const a0 = highCard.legalActions(s0, 0)[0]!;
  const s1 = highCard.apply(s0, a0);
  const a1 = highCard.legalActions(s1, 1)[0]!;
  const s2 = highCard.apply(s1, a1);
  const a2 = highCard.legalActions(s2, 2)[0]!; // the third play reveals the round
  const log = { ...newLog(highCard, "r", { players: 3 }), actions: [a0, a1, a2] };

  it("replays every state, and checks the final hash", () => {
    const states = replayStates(highCard, log);
    expect(states.map(stateHash).slice(0, 3)).toEqual([s0, s1, s2].map(stateHash));
    const final = replay(highCard, { ...log, finalHash: stateHash(states[3]) });
    expect(stateHash(final)).toBe(stateHash(states[3]));
    const e = expectRulesError(() => replay(highCard, { ...log, finalHash: "0000000000000000" }), "INVALID_STATE");
    expect(e.message).toMatch(/no longer plays this game the same way/);
  });

  it("refuses logs of another game or rules version, and names the bad action", () => {
    expectRulesError(() => replay(highCard, { ...log, game: "chess" }), "INVALID_STATE");
    expectRulesError(() => replay(highCard, { ...log, rulesVersion: 99 }), "INVALID_STATE");
    const e = expectRulesError(() => replay(highCard, { ...log, actions: [a0, a0] }), "NOT_YOUR_TURN");
    expect(e.message).toMatch(/^Action 2 of the log: /); // actions[1], numbered from 1 like a printed log
  });

  it("refuses a log whose options initialState refuses, an own \"__proto__\" key included (issue 20)", () => {
    const options = JSON.parse('{"players":3,"__proto__":{"players":4}}') as Record<string, unknown>;
    expectRulesError(() => donkeyValley.initialState(1, options), "INVALID_OPTIONS");
    const stored = JSON.parse(JSON.stringify(newLog(donkeyValley, 1, { players: 3 })).replace('"options":{', '"options":{"__proto__":{"players":4},'));
    expect(Object.hasOwn(stored.options, "__proto__")).toBe(true);
    expectRulesError(() => replay(donkeyValley, stored), "INVALID_OPTIONS");
    expectRulesError(() => replayStates(donkeyValley, stored), "INVALID_OPTIONS");
  });

  it("reads a log of up to INPUT_LIMITS.logActions actions, and refuses one longer or an oversized action, saying which (issue 30)", () => {
    // 100,000 actions of 5 values each: within the limits, so the log is read and its first action judged.
    const long = { ...log, actions: Array.from({ length: INPUT_LIMITS.logActions }, () => ({ ...a0, note: "x" })) };
    expect(expectRulesError(() => replay(highCard, long), "INVALID_ACTION").message).toMatch(/^Action 1 of the log: /);
    const longer = { ...log, actions: [...long.actions, a0] };
    expect(expectRulesError(() => replay(highCard, longer), "INVALID_STATE").message).toBe(`Not an action log: it holds ${INPUT_LIMITS.logActions + 1} actions, at most ${INPUT_LIMITS.logActions} allowed.`);
    const fat = { ...log, actions: [a0, { ...a0, extra: new Array(INPUT_LIMITS.actionValues).fill(0) }] };
    expect(expectRulesError(() => replay(highCard, fat), "INVALID_STATE").message).toBe(`Not an action log: action 2: it holds more than ${INPUT_LIMITS.actionValues} values.`);
    // apply uses the same bound on one action.
    expect(expectRulesError(() => highCard.apply(s0, fat.actions[1] as never), "INVALID_ACTION").message).toMatch(`more than ${INPUT_LIMITS.actionValues} values`);
    // Options and the rest of a log keep the bound of any input.
    const options = { players: 3, junk: new Array(INPUT_LIMITS.nodes).fill(0) };
    expect(expectRulesError(() => replay(highCard, { ...log, options }), "INVALID_STATE").message).toMatch(`more than ${INPUT_LIMITS.nodes} values`);
  });

  it("undoes a face-down play but not the play that reveals the round", () => {
    expect(undoBlocker(highCard, log)).toMatch(/revealed hidden information/);
    expectRulesError(() => undo(highCard, log), "ILLEGAL_ACTION");
    const two = { ...log, actions: [a0, a1] };
    expect(undoBlocker(highCard, two)).toBeUndefined();
    const back = undo(highCard, two);
    expect(back.actions).toEqual([a0]);
    expect(two.actions).toHaveLength(2);
    expect(stateHash(replay(highCard, back))).toBe(stateHash(s1));
    expect(undoBlocker(highCard, newLog(highCard, 1))).toBe("There is nothing to undo.");
  });

  it("replays a log for its last states on one copy it owns (no apply per action), with the same states and refusals as replayStates", () => {
    const long = newLog(donkeyValley, 5, { players: 4 });
    let s = donkeyValley.initialState(5, { players: 4 });
    for (let i = 0; i < 60 && !donkeyValley.isTerminal(s); i++) {
      const a = donkeyValley.legalActions(s)[i % donkeyValley.legalActions(s).length]!;
      s = donkeyValley.apply(s, a);
      long.actions.push(a);
    }
    const states = replayStates(donkeyValley, long);
    const spy = vi.spyOn(donkeyValley, "apply");
    try {
      const final = replay(donkeyValley, long);
      expect(JSON.stringify(final)).toBe(JSON.stringify(states.at(-1)));
      expect(isDeepFrozen(final)).toBe(true);
      undoBlocker(donkeyValley, long);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    // A bad action is refused as replayStates refuses it, numbered the same.
    const bad = { ...long, actions: [...long.actions.slice(0, 10), { ...long.actions[10]!, player: 9 }] };
    const viaStates = expectRulesError(() => replayStates(donkeyValley, bad));
    const viaReplay = expectRulesError(() => replay(donkeyValley, bad));
    expect([viaReplay.code, viaReplay.message]).toEqual([viaStates.code, viaStates.message]);
    expect(viaReplay.message).toMatch(/^Action 11 of the log: /);
    expect(expectRulesError(() => undoBlocker(donkeyValley, bad)).message).toBe(viaStates.message);
  });
});
