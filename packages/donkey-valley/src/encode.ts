import type { GameEncoding, PlayerId } from "@rules/core";
import { DONKEY_TYPES } from "./data.js";
import { isLegal } from "./legal.js";
import { StageSchema, type Action, type State } from "./schema.js";
import { playerView } from "./view.js";

// Numbers for learning agents. Sizes depend on the largest load value V of the components (10 by
// default) and are laid out for the largest table (7 seats, 2 load cards per seat on a Double):
// 61 + 4V actions (101 by default) and 169 + 4V observations (209 by default).

const SEATS = 7;
const SLOTS = 2;
const STAGES = StageSchema.options;

function maxValue(s: State): number {
  let v = 0;
  for (const x of s.components.loadValues) v = Math.max(v, x);
  return v;
}

/** Where each action type's indices start, for largest load value `v`. */
function layout(v: number) {
  const playLoad = 5;
  const useFavor = playLoad + v;
  const peek = useFavor + v;
  const swapLoad = peek + SEATS * SLOTS;
  const exchangeLoad = swapLoad + SLOTS * v;
  const pickLoad = exchangeLoad + SLOTS * SEATS * SLOTS;
  return { playLoad, useFavor, peek, swapLoad, exchangeLoad, pickLoad, count: pickLoad + SEATS * SLOTS };
}

function encodeAction(s: State, a: Action): number {
  const v = maxValue(s);
  const l = layout(v);
  const inRange = (x: number, n: number): number => {
    if (!Number.isInteger(x) || x < 0 || x >= n) throw new RangeError(`${a.type}: a field is out of the encoding's range`);
    return x;
  };
  switch (a.type) {
    case "pass":
      return 0;
    case "call":
      return a.verdict === "approve" ? 1 : 2;
    case "adjustCapacity":
      return a.direction === "increase" ? 3 : 4;
    case "playLoad":
      return l.playLoad + inRange(a.value - 1, v);
    case "useFavor":
      return l.useFavor + inRange(a.value - 1, v);
    case "peek":
      return l.peek + inRange(a.seat, SEATS) * SLOTS + inRange(a.slot, SLOTS);
    case "swapLoad":
      return l.swapLoad + inRange(a.slot, SLOTS) * v + inRange(a.value - 1, v);
    case "exchangeLoad":
      return l.exchangeLoad + (inRange(a.slot, SLOTS) * SEATS + inRange(a.seat, SEATS)) * SLOTS + inRange(a.targetSlot, SLOTS);
    case "pickLoad":
      return l.pickLoad + inRange(a.seat, SEATS) * SLOTS + inRange(a.slot, SLOTS);
  }
}

function decodeAction(s: State, player: PlayerId, index: number): Action {
  const v = maxValue(s);
  const l = layout(v);
  if (!Number.isInteger(index) || index < 0 || index >= l.count) throw new RangeError(`action index ${index} is outside 0..${l.count - 1}`);
  if (index === 0) return { type: "pass", player };
  if (index <= 2) return { type: "call", player, verdict: index === 1 ? "approve" : "deny" };
  if (index <= 4) return { type: "adjustCapacity", player, direction: index === 3 ? "increase" : "decrease" };
  if (index < l.useFavor) return { type: "playLoad", player, value: index - l.playLoad + 1 };
  if (index < l.peek) return { type: "useFavor", player, value: index - l.useFavor + 1 };
  if (index < l.swapLoad) {
    const i = index - l.peek;
    return { type: "peek", player, seat: Math.floor(i / SLOTS), slot: i % SLOTS };
  }
  if (index < l.exchangeLoad) {
    const i = index - l.swapLoad;
    return { type: "swapLoad", player, slot: Math.floor(i / v), value: (i % v) + 1 };
  }
  if (index < l.pickLoad) {
    const i = index - l.exchangeLoad;
    return { type: "exchangeLoad", player, slot: Math.floor(i / (SEATS * SLOTS)), seat: Math.floor(i / SLOTS) % SEATS, targetSlot: i % SLOTS };
  }
  const i = index - l.pickLoad;
  return { type: "pickLoad", player, seat: Math.floor(i / SLOTS), slot: i % SLOTS };
}

function legalActionMask(s: State, player: PlayerId): number[] {
  const n = layout(maxValue(s)).count;
  const mask = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) if (isLegal(s, decodeAction(s, player, i))) mask[i] = 1;
  return mask;
}

/**
 * Seat `player`'s view as numbers (from `playerView`, so nothing hidden leaks). In order: own hand
 * as counts per value (V); per seat (7 × 19): in play, is me, first player, acting now, hand size,
 * favors used, points, cards won, buried count, call (approve 1, deny −1), blocked, picked, cards
 * on the donkey, then the two slots' values where known to me (0 if not) and whether I looked at
 * each, and the favors used this round on the 2, 4, 6, 8, 10; the donkey's effect (10 one-hot) and
 * the donkey card (10 one-hot), the stage (8 one-hot), the limit, revealed, overloaded (1, −1, 0),
 * looks left, round number, donkeys in the deck, set aside, boxed, Lost donkeys waiting; values in
 * the discard and removed piles as counts per value (2V); the favors' values (V: 1 where a favor
 * sits).
 */
function encodeObservation(s: State, player: PlayerId): number[] {
  const view = playerView(s, player);
  const v = maxValue(s);
  const out: number[] = [];
  const counts = (values: readonly number[]): void => {
    const c = new Array<number>(v).fill(0);
    for (const x of values) if (x >= 1 && x <= v) c[x - 1]! += 1;
    out.push(...c);
  };
  counts(view.hand ?? []);
  const r = view.round;
  const f = s.components.favors;
  const favorValues = [f.decideLast, f.changeLoad, f.adjustCapacity, f.exchangeOrPick, f.checkHalf];
  for (let p = 0; p < SEATS; p++) {
    const here = p < view.players;
    const pile = r?.plays[p];
    const looked = (slot: number) => r?.peeks.find((k) => k.seat === p && k.slot === slot);
    const slotValue = (slot: number): number => pile?.own?.[slot]?.value ?? looked(slot)?.value ?? 0;
    out.push(
      here ? 1 : 0,
      p === player ? 1 : 0,
      here && view.firstPlayer === p ? 1 : 0,
      r && here && (r.stage === "load" ? (pile?.count ?? 0) < (r.effect === "double" ? 2 : 1) : r.queue[0]?.seat === p) ? 1 : 0,
      view.handCounts[p] ?? 0,
      view.favorsUsed[p]?.length ?? 0,
      (view.scorePiles[p] ?? []).reduce((t, c) => t + c.value, 0),
      view.scorePiles[p]?.length ?? 0,
      view.buriedCounts[p] ?? 0,
      r?.calls[p] === "approve" ? 1 : r?.calls[p] === "deny" ? -1 : 0,
      r?.blocked.includes(p) ? 1 : 0,
      r?.picked.includes(p) ? 1 : 0,
      pile?.count ?? 0,
      slotValue(0),
      slotValue(1),
      looked(0) ? 1 : 0,
      looked(1) ? 1 : 0,
      favorValues.filter((x) => r?.favors[p]?.includes(x)).length,
      (r?.favors[p] ?? []).reduce((t, x) => t + x, 0),
    );
  }
  for (const d of DONKEY_TYPES) out.push(r?.effect === d ? 1 : 0);
  for (const d of DONKEY_TYPES) out.push(r?.donkey === d ? 1 : 0);
  for (const st of STAGES) out.push(r?.stage === st ? 1 : 0);
  out.push(
    r?.limit ?? 0,
    r?.revealed ? 1 : 0,
    r?.overloaded === true ? 1 : r?.overloaded === false ? -1 : 0,
    r?.peeksLeft ?? 0,
    view.roundNumber,
    view.deckCount,
    view.setAsideCount,
    view.boxedCount,
  );
  counts(view.discard.map((c) => c.value));
  counts(view.removed.map((c) => c.value));
  const fv = new Array<number>(v).fill(0);
  for (const x of favorValues) if (x >= 1 && x <= v) fv[x - 1] = 1;
  out.push(...fv);
  return out;
}

function observationSize(s: State): number {
  const v = maxValue(s);
  return 4 * v + SEATS * 19 + 2 * DONKEY_TYPES.length + STAGES.length + 8;
}

/** Donkey Valley's numeric encoding (sizes in the guide: 101 actions and 209 numbers by default). */
export const encoding: GameEncoding<State, Action> = {
  observationSize,
  actionCount: (s) => layout(maxValue(s)).count,
  encodeObservation,
  encodeAction,
  decodeAction,
  legalActionMask,
};
