import { cloneJson, isRulesError, type RulesErrorCode } from "@rules/core";
import {
  ActionSchema,
  ComponentsSchema,
  OptionsSchema,
  StateSchema,
  apply,
  defaultComponents,
  game,
  initialState,
  isTerminal,
  legalActions,
  outcome,
  playerView,
  toJSONSchema,
  type Action,
  type Components,
  type State,
} from "@rules/donkey-valley";
import { describe, expect, it } from "vitest";
import type { DonkeyType } from "../../packages/donkey-valley/src/data.js";
import { turnNextDonkey } from "../../packages/donkey-valley/src/round.js";
import { cpuMs } from "../harness/index.js";

// ---------------------------------------------------------------------------------------------
// Helpers: a table with a chosen donkey on top of a chosen deck, and short-hands for each step.

interface TableOptions {
  players?: number;
  /** Donkeys under the chosen one, bottom first. */
  below?: DonkeyType[];
  first?: number;
  components?: Components;
}

/** A fresh game whose current donkey is `donkey` (turned now, with the round rules of turning). */
function table(donkey: DonkeyType, opts: TableOptions = {}): State {
  const players = opts.players ?? 4;
  const s = cloneJson(initialState(1, opts.components ? { players, components: opts.components } : { players }));
  const pool = [...s.components.donkeys];
  const deck = [...(opts.below ?? []), donkey];
  for (const d of deck) {
    const i = pool.indexOf(d);
    if (i < 0) throw new Error(`no ${d} donkey left in the box`);
    pool.splice(i, 1);
  }
  const boxed = s.components.donkeys.length - s.components.deckSize;
  s.boxed = pool.slice(0, boxed);
  s.donkeysDone = pool.slice(boxed);
  s.donkeyDeck = deck;
  s.setAside = [];
  s.firstPlayer = opts.first ?? 0;
  s.round = null;
  turnNextDonkey(s);
  return StateSchema.parse(s);
}

function run(s: State, ...actions: Action[]): State {
  return actions.reduce((st, a) => apply(st, a), s);
}

/** Step 1: seat p plays loads[p] (a list on a Double donkey). */
function loads(s: State, values: Array<number | number[]>): State {
  values.forEach((v, player) => {
    for (const value of [v].flat()) s = apply(s, { type: "playLoad", player, value });
  });
  return s;
}

/** Step 2: every remaining seat passes. */
function passFavors(s: State): State {
  while (s.round?.stage === "favor") s = apply(s, { type: "pass", player: s.round.queue[0]!.seat });
  return s;
}

/** Step 3: each seat calls verdicts[seat] when its turn comes (no looks pending). */
function calls(s: State, verdicts: Array<"approve" | "deny">): State {
  while (s.round?.stage === "call") {
    const player = s.round.queue[0]!.seat;
    s = apply(s, { type: "call", player, verdict: verdicts[player]! });
  }
  return s;
}

/** The seats acting in turn while `stage` lasts, with the action each takes. */
function callOrderOf(s: State, verdict: "approve" | "deny" = "approve"): number[] {
  const order: number[] = [];
  while (s.round?.stage === "call") {
    const player = s.round.queue[0]!.seat;
    order.push(player);
    s = apply(s, { type: "call", player, verdict });
  }
  return order;
}

/** Keep only `values` in seat's hand (the rest go to the discard, so every card stays counted). */
function setHand(s: State, seat: number, values: number[]): State {
  const t = cloneJson(s);
  const hand = t.hands[seat]!;
  for (const v of hand.filter((x) => !values.includes(x))) t.discard.push({ colour: seat, value: v });
  t.hands[seat] = hand.filter((x) => values.includes(x));
  return StateSchema.parse(t);
}

const card = (colour: number, value: number) => ({ colour, value });

function rulesError(f: () => unknown): { code: RulesErrorCode; message: string } {
  try {
    f();
  } catch (e) {
    if (isRulesError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a RulesError");
}

function allPlayed(s: State): string {
  return JSON.stringify(
    [...s.scorePiles.flat(), ...s.discard].map((c) => `${c.colour}:${c.value}`).sort(),
  );
}

// ---------------------------------------------------------------------------------------------

describe("Components", () => {
  it("has 20 donkeys of the 10 types in the Option B mix, 8 dealt to the deck", () => {
    expect(defaultComponents.donkeys).toHaveLength(20);
    expect(new Set(defaultComponents.donkeys).size).toBe(10);
    expect(defaultComponents.donkeys.filter((d) => d === "normal")).toHaveLength(4);
    expect(defaultComponents.donkeys.filter((d) => d === "lost")).toHaveLength(1);
    expect(defaultComponents.donkeys.filter((d) => d === "double")).toHaveLength(1);
    expect(defaultComponents.deckSize).toBe(8);
  });
  it("has 7 colours of 10 load cards valued 1..10 (70 load cards) and favors on 2, 4, 6, 8, 10", () => {
    expect(defaultComponents.colours).toHaveLength(7);
    expect(defaultComponents.loadValues).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.values(defaultComponents.favors).sort((a, b) => a - b)).toEqual([2, 4, 6, 8, 10]);
    expect(ComponentsSchema.parse(defaultComponents)).toEqual(defaultComponents);
  });
});

describe("Setup", () => {
  it("gives every seat its colour's 10 load cards, deals 8 donkeys (12 boxed), seat 0 first, first donkey turned", () => {
    const s = initialState(42, { players: 5 });
    expect(s.hands).toEqual(Array.from({ length: 5 }, () => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(s.boxed).toHaveLength(12);
    expect(s.firstPlayer).toBe(0);
    expect(s.round?.stage).toBe("load");
    // The first donkey is turned; a Double turned first also removes the bottom card of the deck.
    expect(s.donkeyDeck.length + s.setAside.length).toBe(7);
    expect(game.activePlayers(s)).toEqual([0, 1, 2, 3, 4]);
  });
  it("defaults to 4 players and is the same state for the same seed", () => {
    expect(initialState(7).players).toBe(4);
    expect(JSON.stringify(initialState("abc", { players: 6 }))).toBe(JSON.stringify(initialState("abc", { players: 6 })));
  });
  it("deals different donkey decks for different seeds", () => {
    const decks = new Set([1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(initialState(seed).donkeyDeck)));
    expect(decks.size).toBeGreaterThan(1);
  });
});

describe("Step 1: every player plays a face-down load card", () => {
  it("is simultaneous: every seat is active until it has played, and others see only a count", () => {
    let s = table("normal");
    s = run(s, { type: "playLoad", player: 2, value: 7 });
    expect(game.activePlayers(s)).toEqual([0, 1, 3]);
    expect(s.hands[2]).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect(s.round?.plays[2]).toEqual([card(2, 7)]);
    expect(playerView(s, 2).round?.plays[2]).toEqual({ count: 1, own: [card(2, 7)] });
    expect(playerView(s, 0).round?.plays[2]).toEqual({ count: 1, own: null });
    expect(JSON.stringify(playerView(s, 0))).not.toContain('"value":7}');
  });
  it("a seat that has played waits for the others", () => {
    const s = run(table("normal"), { type: "playLoad", player: 2, value: 7 });
    expect(rulesError(() => apply(s, { type: "playLoad", player: 2, value: 5 })).code).toBe("NOT_YOUR_TURN");
  });
});

describe("Step 2: favors, clockwise from the first player", () => {
  it("asks the seats clockwise from the first player", () => {
    let s = loads(table("normal", { first: 2 }), [1, 1, 1, 1]);
    const order: number[] = [];
    while (s.round?.stage === "favor") {
      const player = s.round.queue[0]!.seat;
      order.push(player);
      s = apply(s, { type: "pass", player });
    }
    expect(order).toEqual([2, 3, 0, 1]);
  });
  it("the favor card is played face up from hand and does not count towards the capacity", () => {
    let s = loads(table("normal"), [5, 5, 5, 5]); // total 20 = capacity 20
    s = run(s, { type: "useFavor", player: 0, value: 2 });
    expect(s.hands[0]).toEqual([1, 3, 4, 6, 7, 8, 9, 10]);
    expect(s.favorsUsed[0]).toEqual([2]);
    expect(playerView(s, 3).favorsUsed[0]).toEqual([2]);
    s = passFavors(run(s, { type: "pass", player: 0 }));
    s = calls(s, ["approve", "approve", "approve", "approve"]);
    // Not overloaded (the 8 is not on the donkey): every approver scores its own 5.
    expect(s.scorePiles).toEqual([[card(0, 5)], [card(1, 5)], [card(2, 5)], [card(3, 5)]]);
  });
  it("a seat may call in two favors in one round, one at a time, then its turn ends by itself", () => {
    let s = loads(table("normal"), [1, 1, 1, 1]);
    s = run(s, { type: "useFavor", player: 0, value: 2 });
    expect(s.round?.queue[0]?.seat).toBe(0);
    s = run(s, { type: "useFavor", player: 0, value: 10 });
    expect(s.round?.queue[0]?.seat).toBe(1);
    expect(s.favorsUsed[0]).toEqual([2, 10]);
  });
  it("allows at most two favors per game: a seat that used two is not asked again", () => {
    let s = cloneJson(table("normal"));
    s.favorsUsed[1] = [2, 4];
    s.hands[1] = s.hands[1]!.filter((v) => v !== 2 && v !== 4);
    s = loads(StateSchema.parse(s), [1, 1, 1, 1]);
    expect(s.round?.queue.map((q) => q.seat)).toEqual([0, 2, 3]);
  });
  it("explains the two-favor limit", () => {
    let s = cloneJson(table("normal"));
    s.favorsUsed[1] = [2, 4];
    s.hands[1] = s.hands[1]!.filter((v) => v !== 2 && v !== 4);
    s = StateSchema.parse(s);
    const e = rulesError(() => apply(s, { type: "useFavor", player: 1, value: 6 }));
    expect(e).toEqual({ code: "ILLEGAL_ACTION", message: "You have already used your two favors this game" });
  });
  it("a seat that holds no favor card is still asked (so nothing about its hand shows) and can only pass", () => {
    let s = setHand(table("normal"), 1, [1, 3, 5, 7, 9]);
    s = run(loads(s, [1, 1, 1, 1]), { type: "pass", player: 0 });
    expect(s.round?.queue.map((q) => q.seat)).toEqual([1, 2, 3]);
    expect(legalActions(s)).toEqual([{ type: "pass", player: 1 }]);
  });
  it("refuses a card that carries no favor, or one not in hand", () => {
    const s = loads(table("normal"), [1, 2, 1, 1]);
    expect(rulesError(() => apply(s, { type: "useFavor", player: 0, value: 7 })).message).toBe(
      "The 7 load card carries no favor (favors are on the 2, 4, 6, 8 and 10)",
    );
    const t = run(s, { type: "pass", player: 0 });
    expect(rulesError(() => apply(t, { type: "useFavor", player: 1, value: 2 })).message).toBe("You do not hold the 2 load card");
  });
});

describe("Step 3: calls, clockwise from the first player", () => {
  it("calls start with the first player and go clockwise", () => {
    const s = passFavors(loads(table("normal", { first: 1 }), [1, 1, 1, 1]));
    expect(callOrderOf(s)).toEqual([1, 2, 3, 0]);
  });
  it("calls are public once made", () => {
    let s = passFavors(loads(table("normal"), [1, 1, 1, 1]));
    s = run(s, { type: "call", player: 0, verdict: "deny" });
    expect(playerView(s, 2).round?.calls).toEqual(["deny", null, null, null]);
    expect(game.describeAction(s, { type: "call", player: 2, verdict: "deny" })).toBe(
      "Seat 2 calls the donkey overloaded (denies the contract)",
    );
  });
});

describe("Step 4 A: the donkey is not overloaded", () => {
  it("approvers score their own load card, all other load cards are discarded", () => {
    let s = passFavors(loads(table("normal"), [3, 5, 2, 4])); // 14 <= 20
    s = calls(s, ["approve", "approve", "deny", "deny"]);
    expect(s.scorePiles).toEqual([[card(0, 3)], [card(1, 5)], [], []]);
    expect(s.discard).toEqual([card(2, 2), card(3, 4)]);
    expect(s.lastResult).toMatchObject({ overloaded: false, limit: 20, loads: [[card(0, 3)], [card(1, 5)], [card(2, 2)], [card(3, 4)]] });
  });
  it("a total equal to the capacity is not overloaded", () => {
    let s = passFavors(loads(table("normal"), [5, 5, 5, 5]));
    s = calls(s, ["approve", "deny", "deny", "deny"]);
    expect(s.scorePiles[0]).toEqual([card(0, 5)]);
    expect(s.discard).toHaveLength(3);
  });
});

describe("Step 4 B: the donkey is overloaded", () => {
  it("the loads are shuffled and each denier receives one random load card; the rest is discarded", () => {
    let s = passFavors(loads(table("normal"), [9, 8, 7, 6])); // 30 > 20
    s = calls(s, ["deny", "approve", "deny", "approve"]);
    expect(s.scorePiles[0]).toHaveLength(1);
    expect(s.scorePiles[2]).toHaveLength(1);
    expect(s.scorePiles[1]).toEqual([]);
    expect(s.scorePiles[3]).toEqual([]);
    expect(s.discard).toHaveLength(2);
    expect(allPlayed(s)).toBe(JSON.stringify(["0:9", "1:8", "2:7", "3:6"]));
    expect(s.lastResult?.overloaded).toBe(true);
  });
  it("the random cards come from the game's seeded generator (same state, same cards)", () => {
    const s = passFavors(loads(table("normal"), [9, 8, 7, 6]));
    const a = calls(s, ["deny", "deny", "deny", "deny"]);
    const b = calls(s, ["deny", "deny", "deny", "deny"]);
    expect(a.scorePiles).toEqual(b.scorePiles);
    expect(a.scorePiles.every((pile) => pile.length === 1)).toBe(true);
  });
});

describe("Step 5: the first player card moves clockwise", () => {
  it("passes to the next seat and the next donkey is turned", () => {
    let s = passFavors(loads(table("normal", { below: ["giant"], first: 3 }), [1, 1, 1, 1]));
    s = calls(s, ["approve", "approve", "approve", "approve"]);
    expect(s.firstPlayer).toBe(0);
    expect(s.round?.donkey).toBe("giant");
    expect(s.roundNumber).toBe(1);
    expect(s.donkeysDone.at(-1)).toBe("normal");
  });
});

describe("Donkeys", () => {
  it("Normal: capacity five times the player total", () => {
    expect(table("normal", { players: 3 }).round?.limit).toBe(15);
    expect(table("normal", { players: 7 }).round?.limit).toBe(35);
    expect(playerView(table("normal", { players: 6 }), 2).round).toMatchObject({ donkey: "normal", limit: 30 });
  });
  it("Giant: capacity six times the player total (24 at 4 players: 24 approves, 25 overloads)", () => {
    expect(table("giant").round?.limit).toBe(24);
    const ok = calls(passFavors(loads(table("giant"), [6, 6, 6, 6])), ["approve", "deny", "deny", "deny"]);
    expect(ok.scorePiles[0]).toEqual([card(0, 6)]);
    const over = calls(passFavors(loads(table("giant"), [7, 6, 6, 6])), ["approve", "approve", "approve", "approve"]);
    expect(over.scorePiles.flat()).toEqual([]);
  });
  it("Extra small: capacity four times the player total", () => {
    expect(table("extraSmall", { players: 5 }).round?.limit).toBe(20);
  });
  it("Precision: no capacity, overloaded when highest minus lowest is more than five", () => {
    const ok = calls(passFavors(loads(table("precision"), [2, 7, 4, 5])), ["approve", "deny", "deny", "deny"]);
    expect(ok.lastResult?.overloaded).toBe(false); // 7 - 2 = 5
    expect(ok.scorePiles[0]).toEqual([card(0, 2)]);
    const over = calls(passFavors(loads(table("precision"), [1, 7, 1, 1])), ["approve", "approve", "approve", "approve"]);
    expect(over.lastResult?.overloaded).toBe(true); // 7 - 1 = 6, total only 10
  });
  it("Hastily: favors cannot be used, and a refused favor is not spent", () => {
    const s = loads(table("hastily"), [1, 1, 1, 1]);
    expect(s.round?.stage).toBe("call");
    const e = rulesError(() => apply(s, { type: "useFavor", player: 0, value: 2 }));
    expect(e).toEqual({ code: "ILLEGAL_ACTION", message: "Favors cannot be used on the Hastily donkey" });
    expect(s.favorsUsed[0]).toEqual([]);
    expect(s.hands[0]).toContain(2);
  });
  it("Holes: each player checks one other player's load card right before its own call", () => {
    let s = passFavors(loads(table("holes"), [1, 2, 3, 4]));
    expect(s.round?.stage).toBe("peek");
    expect(legalActions(s).map((a) => (a.type === "peek" ? a.seat : -1))).toEqual([1, 2, 3]);
    expect(rulesError(() => apply(s, { type: "peek", player: 0, seat: 0, slot: 0 })).message).toBe(
      "You already know your own load card: check another player's card",
    );
    expect(rulesError(() => apply(s, { type: "call", player: 0, verdict: "deny" })).message).toBe(
      "Check 1 more load card before making your call",
    );
    s = run(s, { type: "peek", player: 0, seat: 2, slot: 0 });
    expect(playerView(s, 0).round?.peeks).toEqual([{ seat: 2, slot: 0, value: 3 }]);
    expect(playerView(s, 1).round?.peeks).toEqual([]);
    expect(s.round?.stage).toBe("call");
    s = run(s, { type: "call", player: 0, verdict: "approve" });
    expect(s.round).toMatchObject({ stage: "peek", queue: [{ seat: 1 }, { seat: 2 }, { seat: 3 }] });
  });
  it("Attacked: the highest card(s) are removed, their players cannot score, the rest is checked", () => {
    let s = passFavors(loads(table("attacked"), [10, 3, 10, 2]));
    s = calls(s, ["approve", "approve", "approve", "deny"]);
    expect(s.removed).toEqual([card(0, 10), card(2, 10)]);
    expect(s.lastResult?.overloaded).toBe(false); // 3 + 2 = 5 <= 20
    expect(s.scorePiles).toEqual([[], [card(1, 3)], [], []]);
    expect(s.discard).toEqual([card(3, 2)]);
  });
  it("Attacked: the rest can still overload the donkey; only deniers who kept their card draw", () => {
    let s = passFavors(loads(table("attacked"), [10, 9, 9, 9])); // 27 > 20 after the 10 leaves
    s = calls(s, ["deny", "deny", "approve", "deny"]);
    expect(s.removed).toEqual([card(0, 10)]);
    expect(s.scorePiles.map((p) => p.length)).toEqual([0, 1, 0, 1]);
    expect(s.discard).toHaveLength(1);
  });
  it("Lost: the loads are set aside under it, the round ends, the first player card still moves", () => {
    let s = loads(table("lost", { players: 3, below: ["normal"] }), [5, 6, 7]);
    expect(s.lostPending).toEqual([{ plays: [[card(0, 5)], [card(1, 6)], [card(2, 7)]] }]);
    expect(s.firstPlayer).toBe(1);
    expect(s.round?.donkey).toBe("normal");
    expect(playerView(s, 0).lostPending).toEqual([
      [
        { count: 1, own: [card(0, 5)] },
        { count: 1, own: null },
        { count: 1, own: null },
      ],
    ]);
  });
  it("Lost: after all other donkeys it is dealt with from step two (favors only from hand)", () => {
    let s = loads(table("lost", { players: 3, below: ["normal"] }), [5, 6, 7]);
    s = calls(passFavors(loads(s, [1, 1, 1])), ["approve", "approve", "approve"]);
    expect(s.round).toMatchObject({ donkey: "lost", effect: "normal", lostResume: true, stage: "favor", limit: 15 });
    expect(s.round?.plays).toEqual([[card(0, 5)], [card(1, 6)], [card(2, 7)]]);
    expect(s.hands[0]).toEqual([2, 3, 4, 6, 7, 8, 9, 10]);
    s = calls(passFavors(s), ["deny", "approve", "approve"]); // 18 > 15
    expect(s.scorePiles[0]).toHaveLength(2);
    expect(isTerminal(s)).toBe(true);
    expect(s.donkeysDone.slice(-2)).toEqual(["normal", "lost"]);
  });
  it("Double: capacity ten times the player total, two load cards each, the bottom deck donkey is removed", () => {
    let s = table("double", { below: ["normal", "giant"] });
    expect(s.round).toMatchObject({ effect: "double", limit: 40 });
    expect(s.setAside).toEqual(["normal"]);
    expect(s.donkeyDeck).toEqual(["giant"]);
    s = run(s, { type: "playLoad", player: 0, value: 10 });
    expect(game.activePlayers(s)).toEqual([0, 1, 2, 3]);
    s = loads(s, [9, [10, 9], [10, 9], [10, 9]]);
    s = calls(passFavors(s), ["deny", "approve", "approve", "approve"]); // 76 > 40
    expect(s.scorePiles[0]).toHaveLength(1);
    expect(s.discard).toHaveLength(7);
    expect(playerView(s, null).setAsideCount).toBe(1);
  });
  it("Double: as the last donkey of the game it acts as a Normal donkey", () => {
    const s = table("double");
    expect(s.round).toMatchObject({ donkey: "double", effect: "normal", limit: 20 });
    expect(s.setAside).toEqual([]);
    const t = run(s, { type: "playLoad", player: 0, value: 3 });
    expect(game.activePlayers(t)).toEqual([1, 2, 3]);
  });
  it("Stubborn: with more than half denying, step 4 is skipped and the loads leave the game unseen", () => {
    let s = passFavors(loads(table("stubborn"), [1, 2, 3, 4]));
    s = calls(s, ["deny", "deny", "deny", "approve"]);
    expect(s.scorePiles.flat()).toEqual([]);
    expect(s.buried).toEqual([[card(0, 1)], [card(1, 2)], [card(2, 3)], [card(3, 4)]]);
    expect(s.lastResult).toMatchObject({ overloaded: null, loads: [] });
    expect(playerView(s, 0).buriedCounts).toEqual([1, 1, 1, 1]);
  });
  it("Stubborn: exactly half denying is not more than half; the loads are checked as usual", () => {
    let s = passFavors(loads(table("stubborn"), [1, 2, 3, 4]));
    s = calls(s, ["deny", "deny", "approve", "approve"]);
    expect(s.scorePiles).toEqual([[], [], [card(2, 3)], [card(3, 4)]]);
  });
});

describe("Favors", () => {
  it("2: the player calls after all others (clockwise among such players)", () => {
    let s = loads(table("normal", { first: 1 }), [1, 1, 1, 1]);
    s = run(s, { type: "useFavor", player: 1, value: 2 }, { type: "pass", player: 1 });
    s = run(s, { type: "pass", player: 2 }, { type: "useFavor", player: 3, value: 2 }, { type: "pass", player: 3 });
    s = passFavors(s);
    expect(callOrderOf(s)).toEqual([2, 0, 1, 3]);
  });
  it("4: after all calls, change the face-down load card for one from hand (or keep it)", () => {
    let s = loads(table("normal"), [1, 9, 1, 1]);
    s = passFavors(run(s, { type: "pass", player: 0 }, { type: "useFavor", player: 1, value: 4 }, { type: "pass", player: 1 }));
    s = calls(s, ["approve", "approve", "approve", "approve"]);
    expect(s.round).toMatchObject({ stage: "swap", queue: [{ seat: 1, step: "swap" }] });
    expect(legalActions(s).at(-1)).toEqual({ type: "pass", player: 1 });
    const t = run(s, { type: "swapLoad", player: 1, slot: 0, value: 10 });
    expect(t.hands[1]).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
    expect(t.scorePiles[1]).toEqual([card(1, 10)]);
    const kept = run(s, { type: "pass", player: 1 });
    expect(kept.scorePiles[1]).toEqual([card(1, 9)]);
  });
  it("4 after a look: the looker still knows the card taken back is in the changer's hand, until the changer plays face down", () => {
    // Holes donkey: seat 0 looks at seat 1's 9; seat 1 then changes it for its 10 with favor 4.
    let s = loads(table("holes", { below: ["normal"] }), [1, 9, 2, 3]);
    s = passFavors(run(s, { type: "pass", player: 0 }, { type: "useFavor", player: 1, value: 4 }, { type: "pass", player: 1 }));
    s = run(s, { type: "peek", player: 0, seat: 1, slot: 0 }, { type: "call", player: 0, verdict: "approve" });
    for (const seat of [1, 2, 3]) {
      const target = seat === 3 ? 0 : seat + 1;
      s = run(s, { type: "peek", player: seat, seat: target, slot: 0 }, { type: "call", player: seat, verdict: "approve" });
    }
    expect(playerView(s, 0).round?.peeks).toEqual([{ seat: 1, slot: 0, value: 9 }]);
    const t = run(s, { type: "swapLoad", player: 1, slot: 0, value: 10 });
    expect(t.hands[1]).toContain(9);
    expect(t.handLooks).toEqual([{ viewer: 0, seat: 1, value: 9 }]);
    expect(playerView(t, 0).handLooks).toEqual([{ seat: 1, value: 9 }]);
    expect(playerView(t, 2).handLooks).toEqual([]);
    expect(playerView(t, null).handLooks).toEqual([]);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const d = game.determinize!(t, 0, seed);
      expect(d.hands[1]).toContain(9);
      expect(playerView(d, 0)).toEqual(playerView(t, 0));
    }
    // The next round: once seat 1 plays a card face down, nobody else can tell whether it was the 9.
    expect(t.round?.stage).toBe("load");
    const u = run(t, { type: "playLoad", player: 1, value: 5 });
    expect(u.handLooks).toEqual([]);
    expect(playerView(u, 0).handLooks).toEqual([]);
  });
  it("6: after all calls, the capacity goes up or down by two", () => {
    let s = loads(table("normal"), [7, 5, 5, 4]); // 21 > 20
    s = passFavors(run(s, { type: "useFavor", player: 0, value: 6 }, { type: "pass", player: 0 }));
    s = calls(s, ["approve", "approve", "deny", "deny"]);
    expect(s.round?.stage).toBe("adjust");
    const up = run(s, { type: "adjustCapacity", player: 0, direction: "increase" });
    expect(up.lastResult).toMatchObject({ limit: 22, overloaded: false });
    expect(up.scorePiles).toEqual([[card(0, 7)], [card(1, 5)], [], []]);
    const down = run(s, { type: "adjustCapacity", player: 0, direction: "decrease" });
    expect(down.lastResult).toMatchObject({ limit: 18, overloaded: true });
  });
  it("6 on the Precision donkey: the spread moves by two but stays within 1..9", () => {
    const threeSixes = (direction: "increase" | "decrease"): number[] => {
      let s = loads(table("precision"), [1, 1, 1, 1]);
      s = run(s, { type: "useFavor", player: 0, value: 6 }, { type: "pass", player: 0 });
      s = run(s, { type: "useFavor", player: 1, value: 6 }, { type: "pass", player: 1 });
      s = run(s, { type: "useFavor", player: 2, value: 6 }, { type: "pass", player: 2 });
      s = calls(passFavors(s), ["approve", "approve", "approve", "approve"]);
      const limits: number[] = [];
      while (s.round?.stage === "adjust") {
        s = run(s, { type: "adjustCapacity", player: s.round.queue[0]!.seat, direction });
        limits.push(s.round?.stage === "adjust" ? s.round.limit : s.lastResult!.limit);
      }
      return limits;
    };
    expect(threeSixes("increase")).toEqual([7, 9, 9]);
    expect(threeSixes("decrease")).toEqual([3, 1, 1]);
  });
  it("6 on an ordinary donkey: the capacity never drops below 0", () => {
    const components = { ...cloneJson(defaultComponents), capacityPerPlayer: { standard: 0, giant: 6, extraSmall: 4, double: 10 } };
    let s = loads(table("normal", { components }), [1, 1, 1, 1]);
    s = passFavors(run(s, { type: "useFavor", player: 0, value: 6 }, { type: "pass", player: 0 }));
    s = calls(s, ["deny", "deny", "approve", "approve"]);
    s = run(s, { type: "adjustCapacity", player: 0, direction: "decrease" });
    expect(s.lastResult).toMatchObject({ limit: 0, overloaded: true });
  });
  it("8, correct approval: exchange your load card with another player's; they get yours", () => {
    let s = loads(table("normal"), [1, 9, 5, 2]); // 17 <= 20
    s = passFavors(run(s, { type: "useFavor", player: 0, value: 8 }, { type: "pass", player: 0 }));
    s = calls(s, ["approve", "approve", "deny", "deny"]);
    expect(s.round?.stage).toBe("exchange");
    const withApprover = run(s, { type: "exchangeLoad", player: 0, slot: 0, seat: 1, targetSlot: 0 });
    expect(withApprover.scorePiles).toEqual([[card(1, 9)], [card(0, 1)], [], []]);
    const withDenier = run(s, { type: "exchangeLoad", player: 0, slot: 0, seat: 2, targetSlot: 0 });
    expect(withDenier.scorePiles).toEqual([[card(2, 5)], [card(1, 9)], [], []]);
    expect(withDenier.discard).toEqual([card(0, 1), card(3, 2)]);
    const declined = run(s, { type: "pass", player: 0 });
    expect(declined.scorePiles[0]).toEqual([card(0, 1)]);
  });
  it("8, correct denial: pick the load card you want before the others draw at random", () => {
    let s = loads(table("normal"), [9, 8, 7, 6]); // 30 > 20
    s = passFavors(run(s, { type: "useFavor", player: 0, value: 8 }, { type: "pass", player: 0 }));
    s = calls(s, ["deny", "deny", "approve", "approve"]);
    expect(s.round?.stage).toBe("pick");
    expect(legalActions(s)).toHaveLength(4);
    s = run(s, { type: "pickLoad", player: 0, seat: 0, slot: 0 });
    expect(s.scorePiles[0]).toEqual([card(0, 9)]);
    expect(s.scorePiles[1]).toHaveLength(1);
    expect(s.scorePiles[1]![0]!.value).not.toBe(9);
    expect(s.discard).toHaveLength(2);
  });
  it("8 after a wrong call does nothing (the favor is spent)", () => {
    let s = loads(table("normal"), [9, 8, 7, 6]);
    s = passFavors(run(s, { type: "useFavor", player: 0, value: 8 }, { type: "pass", player: 0 }));
    s = calls(s, ["approve", "deny", "deny", "deny"]);
    expect(s.scorePiles[0]).toEqual([]);
    expect(s.favorsUsed[0]).toEqual([8]);
  });
  it("10: check half of the played load cards (rounded down), one at a time, before your call", () => {
    let s = loads(table("normal", { players: 5 }), [1, 2, 3, 4, 5]);
    s = passFavors(run(s, { type: "pass", player: 0 }, { type: "useFavor", player: 1, value: 10 }, { type: "pass", player: 1 }));
    s = run(s, { type: "call", player: 0, verdict: "approve" });
    expect(s.round).toMatchObject({ stage: "peek", peeksLeft: 2, queue: [{ seat: 1 }, { seat: 2 }, { seat: 3 }, { seat: 4 }] });
    s = run(s, { type: "peek", player: 1, seat: 4, slot: 0 });
    expect(legalActions(s).map((a) => (a.type === "peek" ? a.seat : -1))).toEqual([0, 2, 3]);
    s = run(s, { type: "peek", player: 1, seat: 0, slot: 0 });
    expect(s.round?.stage).toBe("call");
    expect(playerView(s, 1).round?.peeks).toEqual([
      { seat: 4, slot: 0, value: 5 },
      { seat: 0, slot: 0, value: 1 },
    ]);
  });
  it("10 on the Holes donkey adds to the Holes look", () => {
    let s = loads(table("holes", { players: 5 }), [1, 2, 3, 4, 5]);
    s = passFavors(run(s, { type: "useFavor", player: 0, value: 10 }, { type: "pass", player: 0 }));
    expect(s.round).toMatchObject({ stage: "peek", peeksLeft: 3 });
  });
  it("several favors in one round take effect in clockwise order from the first player", () => {
    let s = loads(table("normal", { first: 2 }), [1, 1, 1, 1]);
    s = run(s, { type: "useFavor", player: 2, value: 6 }, { type: "pass", player: 2 });
    s = run(s, { type: "useFavor", player: 3, value: 4 }, { type: "pass", player: 3 });
    s = run(s, { type: "useFavor", player: 0, value: 6 }, { type: "useFavor", player: 0, value: 4 });
    s = calls(passFavors(s), ["approve", "approve", "approve", "approve"]);
    expect(s.round?.queue).toEqual([
      { seat: 2, step: "adjust" },
      { seat: 3, step: "swap" },
      { seat: 0, step: "swap" },
      { seat: 0, step: "adjust" },
    ]);
  });
});

describe("Game end and scoring", () => {
  const ended = (piles: Array<Array<[number, number]>>): State => {
    const s = cloneJson(initialState(3, { players: piles.length }));
    s.round = null;
    s.scorePiles = piles.map((pile) => pile.map(([colour, value]) => card(colour, value)));
    return s;
  };
  it("the game ends after the final donkey", () => {
    const s = calls(passFavors(loads(table("normal"), [1, 1, 1, 1])), ["approve", "deny", "deny", "deny"]);
    expect(isTerminal(s)).toBe(true);
    expect(legalActions(s)).toEqual([]);
    expect(game.activePlayers(s)).toEqual([]);
    expect(outcome(s)).toMatchObject({ scores: [1, 0, 0, 0], winners: [0], ranks: [1, 2, 2, 2] });
  });
  it("points are the sum of the load cards won; the highest total wins", () => {
    const o = outcome(ended([[[1, 9], [2, 3]], [[0, 10]], [], [[1, 5]]]))!;
    expect(o.scores).toEqual([12, 10, 0, 5]);
    expect(o.winners).toEqual([0]);
    expect(o.breakdown).toEqual([
      { points: 12, cards: 2 },
      { points: 10, cards: 1 },
      { points: 0, cards: 0 },
      { points: 5, cards: 1 },
    ]);
  });
  it("tie-break: with equal points the player with the most load cards wins", () => {
    const o = outcome(ended([[[1, 10]], [[0, 4], [2, 6]], [], []]))!;
    expect(o.ranks).toEqual([2, 1, 3, 3]);
    expect(o.winners).toEqual([1]);
  });
  it("still tied: the players share the victory", () => {
    const o = outcome(ended([[[1, 10]], [[0, 10]], [[0, 3]], []]))!;
    expect(o.ranks).toEqual([1, 1, 3, 4]);
    expect(o.winners).toEqual([0, 1]);
  });
  it("no outcome before the end", () => {
    expect(outcome(initialState(1))).toBeUndefined();
  });
});

describe("Replacement components (options.components)", () => {
  it("plays with a replaced set: hands, donkeys and capacities come from it", () => {
    const components: Components = {
      ...cloneJson(defaultComponents),
      loadValues: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      donkeys: Array.from({ length: 9 }, () => "giant" as const),
    };
    const s = initialState(5, { players: 3, components });
    expect(s.hands[0]).toHaveLength(12);
    expect(s.round).toMatchObject({ donkey: "giant", limit: 18 });
    expect(s.boxed).toEqual(["giant"]);
  });
  it("several Double donkeys each remove the bottom donkey; several Lost donkeys return in the order revealed", () => {
    const components: Components = {
      ...cloneJson(defaultComponents),
      donkeys: [...defaultComponents.donkeys.slice(0, 18), "lost", "lost", "double", "double"],
    };
    const below: DonkeyType[] = ["normal", "giant", "extraSmall", "double", "lost", "double"];
    let s = loads(table("lost", { players: 3, below, components }), [1, 1, 1]); // Lost A
    expect(s.round).toMatchObject({ donkey: "double", effect: "double" });
    expect(s.setAside).toEqual(["normal"]);
    s = calls(passFavors(loads(s, [[2, 3], [2, 3], [2, 3]])), ["approve", "approve", "approve"]);
    s = loads(s, [4, 4, 4]); // Lost B
    expect(s.round).toMatchObject({ donkey: "double", effect: "double" });
    expect(s.setAside).toEqual(["normal", "giant"]);
    s = calls(passFavors(loads(s, [[5, 6], [5, 6], [5, 6]])), ["approve", "approve", "approve"]);
    expect(s.round?.donkey).toBe("extraSmall");
    s = calls(passFavors(loads(s, [7, 7, 7])), ["approve", "approve", "approve"]);
    expect(s.round).toMatchObject({ donkey: "lost", lostResume: true, plays: [[card(0, 1)], [card(1, 1)], [card(2, 1)]] });
    s = calls(passFavors(s), ["approve", "approve", "approve"]);
    expect(s.round).toMatchObject({ donkey: "lost", lostResume: true, plays: [[card(0, 4)], [card(1, 4)], [card(2, 4)]] });
    s = calls(passFavors(s), ["approve", "approve", "approve"]);
    expect(isTerminal(s)).toBe(true);
  });
  it("rejects a donkey box smaller than the deck", () => {
    const e = rulesError(() => initialState(1, { components: { ...defaultComponents, donkeys: ["normal", "giant"] } }));
    expect(e.code).toBe("INVALID_OPTIONS");
    expect(e.message).toContain("the donkey box must hold at least 8 donkeys to deal the 8-card donkey deck (it holds 2)");
  });
  it("rejects colours with too few load cards", () => {
    const e = rulesError(() => initialState(1, { components: { ...defaultComponents, loadValues: [1, 2, 3] } }));
    expect(e.message).toContain("each colour needs at least 10 load cards (one per donkey of the deck plus 2 favors), it has 3");
  });
  it("rejects fewer colours than players, unknown donkeys and favors sharing a value", () => {
    expect(rulesError(() => initialState(1, { players: 5, components: { ...defaultComponents, colours: ["a", "b", "c"] } })).message).toContain(
      "5 players need 5 colours, the components have 3",
    );
    expect(OptionsSchema.safeParse({ components: { ...defaultComponents, donkeys: [...defaultComponents.donkeys, "flying"] } }).success).toBe(false);
    const shared = { ...defaultComponents, favors: { ...defaultComponents.favors, checkHalf: 2 } };
    expect(rulesError(() => initialState(1, { components: shared })).message).toContain("each favor needs its own load value");
  });
  it("rejects player counts outside 3..7", () => {
    expect(rulesError(() => initialState(1, { players: 2 })).code).toBe("INVALID_OPTIONS");
    expect(rulesError(() => initialState(1, { players: 8 })).code).toBe("INVALID_OPTIONS");
  });
});

describe("RulesError codes", () => {
  it("INVALID_ACTION for an action that is not a Donkey Valley action", () => {
    const s = initialState(1);
    const e = rulesError(() => apply(s, { type: "dance", player: 0 } as unknown as Action));
    expect(e.code).toBe("INVALID_ACTION");
    expect(e.message).toMatch(/^Not a Donkey Valley action/);
    expect(rulesError(() => apply(s, { type: "playLoad", player: 0, value: 3, extra: 1 } as unknown as Action)).code).toBe("INVALID_ACTION");
    expect(ActionSchema.safeParse({ type: "call", player: 0, verdict: "maybe" }).success).toBe(false);
  });
  it("ILLEGAL_ACTION with the rule in a player's words", () => {
    const s = run(initialState(1), { type: "playLoad", player: 0, value: 7 }, { type: "playLoad", player: 1, value: 7 });
    expect(rulesError(() => apply(s, { type: "playLoad", player: 2, value: 11 }))).toEqual({
      code: "ILLEGAL_ACTION",
      message: "You do not hold the 11 load card",
    });
    expect(rulesError(() => apply(s, { type: "call", player: 2, verdict: "deny" })).message).toBe(
      "Not now: everyone is playing a load card face down (step 1).",
    );
  });
  it("NOT_YOUR_TURN names the seat being waited for", () => {
    const s = passFavors(loads(table("normal"), [1, 1, 1, 1]));
    expect(rulesError(() => apply(s, { type: "call", player: 2, verdict: "deny" }))).toEqual({
      code: "NOT_YOUR_TURN",
      message: "Seat 2 cannot act now: waiting for seat 0.",
    });
  });
  it("GAME_OVER once the game has ended", () => {
    const s = calls(passFavors(loads(table("normal"), [1, 1, 1, 1])), ["approve", "approve", "approve", "approve"]);
    expect(rulesError(() => apply(s, { type: "playLoad", player: 0, value: 2 }))).toEqual({
      code: "GAME_OVER",
      message: "The game is over: no more actions can be taken.",
    });
  });
  it("INVALID_STATE for a corrupt state (cards that do not add up, wrong seat counts)", () => {
    const s = cloneJson(initialState(1));
    s.hands[0]!.push(5);
    expect(rulesError(() => game.loadState(s)).code).toBe("INVALID_STATE");
    const t = cloneJson(initialState(1));
    t.scorePiles.pop();
    expect(rulesError(() => game.loadState(t)).code).toBe("INVALID_STATE");
    expect(game.loadState(JSON.parse(JSON.stringify(initialState(1))))).toEqual(initialState(1));
  });
});

describe("Hidden information", () => {
  it("views never show the generator, the donkey deck or other hands", () => {
    const s = initialState(9);
    const v = playerView(s, 1);
    expect(Object.keys(v)).not.toContain("rng");
    expect(v.hand).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(v.deckCount).toBe(s.donkeyDeck.length);
    expect(JSON.stringify(v)).not.toContain("donkeyDeck");
    expect(playerView(s, null).hand).toBeNull();
  });
  it("determinize keeps the viewer's view and resamples other seats' cards", () => {
    const s = passFavors(loads(table("holes", { below: ["giant", "normal"] }), [1, 2, 3, 4]));
    const t = run(s, { type: "peek", player: 0, seat: 2, slot: 0 });
    const d = game.determinize!(t, 0, 77);
    expect(StateSchema.safeParse(d).success).toBe(true);
    expect(playerView(d, 0)).toEqual(playerView(t, 0));
    expect(d.round?.plays[2]).toEqual([card(2, 3)]);
  });
  it("determinize keeps another seat's memory of a card favor 4 took back to a hand to cards that are there (issue 20)", () => {
    // Seed "dz-3", 6 seats: seat 3 peeks at seat 2's 8, which favor 4 (swapLoad) then takes back
    // to seat 2's hand; seat 0, re-dealing seat 2's hand, must not keep seat 3 remembering an 8
    // that the sampled hand may not hold (loadState refuses such a world).
    const actions = JSON.parse(
      '[{"type":"playLoad","player":5,"value":2},{"type":"playLoad","player":3,"value":8},{"type":"playLoad","player":2,"value":8},{"type":"playLoad","player":0,"value":8},{"type":"playLoad","player":4,"value":2},{"type":"playLoad","player":1,"value":4},{"type":"useFavor","player":0,"value":4},{"type":"useFavor","player":0,"value":6},{"type":"pass","player":1},{"type":"useFavor","player":2,"value":10},{"type":"useFavor","player":2,"value":4},{"type":"useFavor","player":3,"value":10},{"type":"useFavor","player":3,"value":4},{"type":"useFavor","player":4,"value":8},{"type":"useFavor","player":4,"value":4},{"type":"useFavor","player":5,"value":4},{"type":"useFavor","player":5,"value":8},{"type":"call","player":0,"verdict":"approve"},{"type":"call","player":1,"verdict":"deny"},{"type":"peek","player":2,"seat":3,"slot":0},{"type":"peek","player":2,"seat":1,"slot":0},{"type":"peek","player":2,"seat":4,"slot":0},{"type":"call","player":2,"verdict":"deny"},{"type":"peek","player":3,"seat":2,"slot":0},{"type":"peek","player":3,"seat":1,"slot":0},{"type":"peek","player":3,"seat":5,"slot":0},{"type":"call","player":3,"verdict":"deny"},{"type":"call","player":4,"verdict":"approve"},{"type":"call","player":5,"verdict":"deny"},{"type":"swapLoad","player":0,"slot":0,"value":5},{"type":"adjustCapacity","player":0,"direction":"decrease"},{"type":"swapLoad","player":2,"slot":0,"value":5}]',
    ) as Action[];
    const s = actions.reduce(apply, initialState("dz-3", { players: 6 }));
    expect(s.handLooks).toContainEqual({ viewer: 3, seat: 2, value: 8 });
    for (let seed = 0; seed < 12; seed++) {
      const d = game.determinize!(s, 0, seed);
      expect(game.loadState(JSON.parse(JSON.stringify(d)))).toEqual(d);
      expect(playerView(d, 0)).toEqual(playerView(s, 0));
      for (const k of d.handLooks) expect(d.hands[k.seat]).toContain(k.value);
    }
  });
  it("revealsInformation: peeks, step 4 and a new donkey reveal; a face-down load does not", () => {
    const s = table("normal", { below: ["giant"] });
    expect(game.revealsInformation!(s, { type: "playLoad", player: 0, value: 1 })).toBe(false);
    const last = passFavors(loads(s, [1, 1, 1, 1]));
    expect(game.revealsInformation!(run(last, { type: "call", player: 0, verdict: "deny" }, { type: "call", player: 1, verdict: "deny" }, { type: "call", player: 2, verdict: "deny" }), { type: "call", player: 3, verdict: "deny" })).toBe(true);
    const holes = passFavors(loads(table("holes"), [1, 2, 3, 4]));
    expect(game.revealsInformation!(holes, { type: "peek", player: 0, seat: 1, slot: 0 })).toBe(true);
  });
  it("emits JSON Schemas for state, action and view", () => {
    const js = toJSONSchema();
    expect(Object.keys(js)).toEqual(["state", "action", "view", "options"]);
    expect(JSON.stringify(js.action)).toContain("playLoad");
  });
});

describe("Game log events (describeEvents)", () => {
  /** The events of the last call of the round, after the other seats called `verdicts`. */
  function eventsOfLastCall(s: State, verdicts: Array<"approve" | "deny">): string[] {
    while (s.round?.stage === "call" && s.round.queue.length > 1) {
      const player = s.round.queue[0]!.seat;
      s = apply(s, { type: "call", player, verdict: verdicts[player]! });
    }
    const player = s.round!.queue[0]!.seat;
    const last: Action = { type: "call", player, verdict: verdicts[player]! };
    return game.describeEvents!(s, last, apply(s, last));
  }

  it("announce the first player and the first donkey with its capacity", () => {
    expect(game.describeEvents!(null, null, table("giant", { players: 3 }))).toEqual([
      "Seat 0 holds the first player card",
      "Donkey 1: the Giant donkey, capacity 18",
    ]);
  });

  it("report the reveal, the Attacked removal, the check, the winners and the next donkey", () => {
    const s = passFavors(loads(table("attacked", { below: ["normal"] }), [5, 3, 5, 5]));
    expect(eventsOfLastCall(s, ["approve", "approve", "approve", "approve"])).toEqual([
      "Loads revealed: seat 0 5, seat 1 3, seat 2 5, seat 3 5",
      "The Attacked donkey removes every 5: seat 0, seat 2, seat 3 cannot score",
      "Total 3, capacity 20: not overloaded",
      "Seat 1 wins the 3",
      "Seat 1 takes the first player card",
      "Donkey 2: the Normal donkey, capacity 20",
    ]);
  });

  it("report a Stubborn refusal without showing the loads, and the end of the game", () => {
    const s = passFavors(loads(table("stubborn"), [9, 8, 7, 6]));
    expect(eventsOfLastCall(s, ["deny", "deny", "deny", "approve"])).toEqual([
      "3 of 4 players denied: the Stubborn donkey refuses, and the loads leave the game unseen",
      "The last donkey is done: the game is over",
    ]);
  });

  it("report the Precision spread", () => {
    const s = passFavors(loads(table("precision", { below: ["normal"] }), [2, 9, 5, 5]));
    const events = eventsOfLastCall(s, ["deny", "deny", "approve", "approve"]);
    expect(events.slice(0, 2)).toEqual(["Loads revealed: seat 0 2, seat 1 9, seat 2 5, seat 3 5", "Spread 7, allowed 5: overloaded"]);
    expect(events.filter((e) => / wins /.test(e))).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// The trust boundary (issue 6): states, logs, options and seats from outside.

/** JSON of a state reached by random legal play until `stop` holds. */
function reached(stop: (s: State) => boolean, seed = 3): State {
  let s = initialState(seed, { players: 4 });
  let i = 0;
  while (!stop(s)) {
    const legal = legalActions(s);
    s = apply(s, legal[(i++ * 7) % legal.length]!);
  }
  return JSON.parse(JSON.stringify(s));
}

function refusedFast(json: unknown): string {
  const t0 = cpuMs();
  const e = rulesError(() => game.loadState(json));
  expect(e.code).toBe("INVALID_STATE");
  expect(cpuMs() - t0).toBeLessThan(1000);
  expect(e.message.length).toBeLessThan(600);
  return e.message;
}

describe("Loading an untrusted state", () => {
  it("refuses absurd sizes at once, with a short message (players 1e7 used to run out of memory)", () => {
    const s = JSON.parse(JSON.stringify(initialState(1)));
    for (const players of [1e7, 3e5, 2 ** 32]) expect(refusedFast({ ...s, players })).toMatch(/players/);
    refusedFast({ ...s, hands: Array.from({ length: 20_000 }, () => s.hands[0]) });
    refusedFast({ ...s, discard: Array.from({ length: 100_000 }, () => card(0, 1)) });
  });

  it("refuses loads face up during step 1 (every seat's face-down load would show)", () => {
    const s = reached((t) => t.round!.plays[0]!.length === 1 && t.round!.stage === "load");
    s.round!.revealed = true;
    expect(refusedFast(s)).toMatch(/face up exactly during step 4/);
  });

  it("refuses a hand moved to the discard (no legal action before the end)", () => {
    const s = JSON.parse(JSON.stringify(initialState(1))) as State;
    s.discard.push(...s.hands[1]!.map((v) => card(1, v)));
    s.hands[1] = [];
    expect(refusedFast(s)).toMatch(/seat 1 holds 0 load cards/);
  });

  it("refuses step 1 going on after every seat has played (nobody could act)", () => {
    const s = reached((t) => t.round!.stage === "favor");
    s.round!.stage = "load";
    s.round!.queue = [];
    expect(refusedFast(s)).toMatch(/every seat has played, yet step 1 goes on/);
  });

  it("refuses a finished donkey put back on the deck (the game would deadlock)", () => {
    const s = reached((t) => t.donkeysDone.length === 2);
    s.donkeyDeck.push(s.donkeysDone.pop()!);
    expect(refusedFast(s)).toMatch(/rounds have ended/);
  });

  it("refuses a look at a face-down card by a seat that has not had its turn to call", () => {
    const s = reached((t) => t.round!.stage === "favor");
    s.round!.stage = "call";
    s.round!.queue = [0, 1, 2, 3].map((seat) => ({ seat, step: "call" as const }));
    s.round!.peeks = [{ viewer: 3, seat: 0, slot: 0 }];
    expect(refusedFast(s)).toMatch(/looked at a card before its turn to call|looks are taken only/);
  });

  it("refuses a capacity changed before the 6 favor could act", () => {
    const s = reached((t) => t.round!.stage === "favor");
    s.round!.limit += 1;
    expect(refusedFast(s)).toMatch(/capacity changes only through the 6 favor/);
  });

  it("refuses a capacity moved by a 6 favor whose turn to adjust has not come (only favors that acted count)", () => {
    const sixes = (t: State) => t.round!.favors.filter((f) => f.includes(t.components.favors.adjustCapacity)).length;
    const s = reached((t) => t.round?.stage === "adjust" && t.round.queue.filter((q) => q.step === "adjust").length === sixes(t));
    expect(game.loadState(s)).toEqual(s);
    s.round!.limit += s.components.favorCapacityStep;
    expect(refusedFast(s)).toMatch(/capacity changes only through the 6 favor/);
  });

  it("loads every state it reaches, deeply frozen, and leaves the input alone", () => {
    const s = reached((t) => t.roundNumber === 3);
    const loaded = game.loadState(s);
    expect(loaded).toEqual(s);
    expect(Object.isFrozen(loaded.round!.plays[0])).toBe(true);
    expect(Object.isFrozen(s)).toBe(false);
  });

  it("loads a state made with the largest capacity the components allow (what the engine makes, it loads)", () => {
    const components = { ...defaultComponents, capacityPerPlayer: { standard: 1000, giant: 1000, extraSmall: 1000, double: 1000 }, favorCapacityStep: 99 };
    const s = initialState(2, { players: 7, components });
    expect(s.round!.limit).toBe(7000);
    expect(game.loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });
});

describe("Untrusted options, seats and actions", () => {
  it("limits component sets to what fits the game, and refuses the rest at once", () => {
    for (const components of [
      { ...defaultComponents, loadValues: Array.from({ length: 1_000_000 }, (_, i) => 1 + (i % 10)) },
      { ...defaultComponents, loadValues: Array.from({ length: 31 }, () => 1) },
      { ...defaultComponents, donkeys: Array.from({ length: 1_000_000 }, () => "normal" as const) },
      { ...defaultComponents, donkeys: Array.from({ length: 61 }, () => "normal" as const) },
      { ...defaultComponents, capacityPerPlayer: { ...defaultComponents.capacityPerPlayer, standard: 1e308 } },
      { ...defaultComponents, colours: Array.from({ length: 17 }, (_, i) => `c${i}`) },
    ]) {
      const t0 = cpuMs();
      expect(rulesError(() => initialState(1, { components })).code).toBe("INVALID_OPTIONS");
      expect(cpuMs() - t0).toBeLessThan(1000);
    }
    expect(rulesError(() => initialState(1, { components: { ...defaultComponents, donkeys: Array.from({ length: 61 }, () => "normal" as const) } })).message).toMatch(
      /at most 60 donkeys/,
    );
  });

  it("refuses seats that do not exist in views and actions, and stores -0 as seat 0", () => {
    const s = initialState(1, { players: 4 });
    for (const viewer of [4, 9, -1, 1.5, "length", "constructor", {}, Number.NaN]) {
      expect(rulesError(() => playerView(s, viewer as never)).code).toBe("INVALID_ACTION");
    }
    expect(rulesError(() => playerView(s, 9)).message).toBe("The viewer must be a seat, not 9: this game has 4 seats, numbered 0 to 3 (or null for a spectator).");
    // A seat of a larger table is malformed here, not a question of turn order.
    expect(rulesError(() => apply(s, { type: "playLoad", player: 5, value: 1 })).code).toBe("INVALID_ACTION");
    const t = apply(s, { type: "playLoad", player: -0, value: 1 });
    expect(Object.is(t.round!.plays[0]![0]!.colour, 0)).toBe(true);
    expect(playerView(s, -0)).toEqual(playerView(s, 0));
  });
});
