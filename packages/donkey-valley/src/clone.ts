import { cloneJson } from "@rules/core";
import { card, queueEntry } from "./records.js";
import type { Card, Round, State } from "./schema.js";

// A deep copy of a state for the recipe to mutate, written out for the state's fixed shape (keys in
// the order setup makes them): several times faster than the generic cloneJson, which the checked
// `apply`, `applyUnchecked` and `determinize` pay on every call. The components never change in a
// game, so a frozen component set (any state `apply` returned) is shared instead of copied. The
// recipe (and determinize) replaces small records (a card, a queue entry, a look, the last result)
// and never edits one, so a frozen record is shared too: the checked `apply` then freezes only the
// records the action created, not every card of every pile again. Cards and queue entries go
// further: every copy holds the one shared, frozen record of each (records.ts), so copying them
// costs neither an allocation nor an Object.isFrozen call (a runtime call in V8).

// Lists are copied by spreading: on a frozen array (every state `apply` hands out) `slice` takes a
// slow path (about 15 times slower in Node 20) and an index loop pays a generic keyed load per
// element, while spreading stays on V8's fast path for frozen and unfrozen arrays alike.

/** A shallow copy of a list. */
export function list<T>(xs: readonly T[]): T[] {
  return [...xs];
}

/** `r` itself when frozen (never edited, see above), else a copy made by `copy`. */
function record<T extends object>(r: T, copy: (r: T) => T): T {
  return Object.isFrozen(r) ? r : copy(r);
}

function cards(cs: readonly Card[]): Card[] {
  const out = [...cs];
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    out[i] = card(c.colour, c.value); // the shared card (records.ts): equal, frozen, no copy
  }
  return out;
}

/** A deep copy of piles of cards. */
export function cardPiles(piles: readonly (readonly Card[])[]): Card[][] {
  const out: Card[][] = [];
  for (let i = 0; i < piles.length; i++) out.push(cards(piles[i]!));
  return out;
}

function numberLists(lists: readonly (readonly number[])[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < lists.length; i++) out.push([...lists[i]!]);
  return out;
}

function copyRound(r: Round): Round {
  const queue: Round["queue"] = [];
  for (let i = 0; i < r.queue.length; i++) queue.push(queueEntry(r.queue[i]!.seat, r.queue[i]!.step));
  const peeks: Round["peeks"] = [];
  for (let i = 0; i < r.peeks.length; i++) peeks.push(record(r.peeks[i]!, (p) => ({ viewer: p.viewer, seat: p.seat, slot: p.slot })));
  return {
    donkey: r.donkey,
    effect: r.effect,
    lostResume: r.lostResume,
    stage: r.stage,
    queue,
    plays: cardPiles(r.plays),
    favors: numberLists(r.favors),
    calls: list(r.calls),
    peeks,
    peeksLeft: r.peeksLeft,
    limit: r.limit,
    revealed: r.revealed,
    overloaded: r.overloaded,
    blocked: list(r.blocked),
    picked: list(r.picked),
  };
}

/** A deep copy of `s` (equal to `cloneJson(s)`, keys in the same order), sharing only frozen parts the recipe never edits. */
export function cloneState(s: State): State {
  const lr = s.lastResult;
  const lostPending: State["lostPending"] = [];
  for (let i = 0; i < s.lostPending.length; i++) lostPending.push({ plays: cardPiles(s.lostPending[i]!.plays) });
  const handLooks: State["handLooks"] = [];
  for (let i = 0; i < s.handLooks.length; i++) handLooks.push(record(s.handLooks[i]!, (k) => ({ viewer: k.viewer, seat: k.seat, value: k.value })));
  return {
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    players: s.players,
    components: Object.isFrozen(s.components) ? s.components : cloneJson(s.components),
    hands: numberLists(s.hands),
    favorsUsed: numberLists(s.favorsUsed),
    scorePiles: cardPiles(s.scorePiles),
    discard: cards(s.discard),
    removed: cards(s.removed),
    buried: cardPiles(s.buried),
    donkeyDeck: list(s.donkeyDeck),
    boxed: list(s.boxed),
    setAside: list(s.setAside),
    donkeysDone: list(s.donkeysDone),
    lostPending,
    firstPlayer: s.firstPlayer,
    roundNumber: s.roundNumber,
    round: s.round && copyRound(s.round),
    lastResult:
      lr &&
      record(lr, (x) => ({
        donkey: x.donkey,
        effect: x.effect,
        loads: cardPiles(x.loads),
        limit: x.limit,
        overloaded: x.overloaded,
        calls: list(x.calls),
      })),
    handLooks,
  };
}
