import { afterCall, afterFavorTurn, afterLoadPlayed, afterPeek, nextFavor8, nextFavorEffect } from "./round.js";
import { effectiveCapacity, insertSorted } from "./rules.js";
import { card } from "./records.js";
import type { Action, Round, State } from "./schema.js";

// The rules as a recipe: one small function per action, each followed by the automatic steps it
// makes due (round.ts). Works on any plain state object.

type Act<T extends Action["type"]> = Extract<Action, { type: T }>;

function round(s: State): Round {
  if (!s.round) throw new Error("the game is over");
  return s.round;
}

function takeFromHand(s: State, player: number, value: number): void {
  const hand = s.hands[player]!;
  let i = 0;
  while (i < hand.length && hand[i] !== value) i++;
  for (; i < hand.length - 1; i++) hand[i] = hand[i + 1]!;
  hand.pop();
}

/**
 * A seat that looked at a card favor 4 took back knows it is in its owner's hand until the owner
 * plays a card face down (then nobody else can tell which one) or plays that card face up as a favor.
 */
function forgetHandLooks(s: State, seat: number, value: number | null): void {
  if (s.handLooks.length === 0) return;
  s.handLooks = s.handLooks.filter((k) => !(k.seat === seat && (value === null || k.value === value)));
}

/** Step 1: "every player plays a face down load card" (two on a Double donkey). */
function playLoadFaceDown(s: State, a: Act<"playLoad">): void {
  forgetHandLooks(s, a.player, null);
  takeFromHand(s, a.player, a.value);
  round(s).plays[a.player]!.push(card(a.player, a.value));
  afterLoadPlayed(s);
}

/** Step 2: play the favor card face up from hand; it does not count towards the capacity. */
function callInFavor(s: State, a: Act<"useFavor">): void {
  forgetHandLooks(s, a.player, a.value);
  takeFromHand(s, a.player, a.value);
  s.favorsUsed[a.player]!.push(a.value);
  round(s).favors[a.player]!.push(a.value);
  afterFavorTurn(s, false);
}

/** A seat stops: no more favors (step 2), keeps its card (favor 4), or keeps its card (favor 8). */
function pass(s: State): void {
  const r = round(s);
  if (r.stage === "favor") {
    afterFavorTurn(s, true);
    return;
  }
  r.queue.shift();
  if (r.stage === "exchange") nextFavor8(s);
  else nextFavorEffect(s);
}

/** Holes donkey / favor 10: check a face-down load card before the call. */
function checkLoadCard(s: State, a: Act<"peek">): void {
  round(s).peeks.push({ viewer: a.player, seat: a.seat, slot: a.slot });
  afterPeek(s);
}

/** Step 3: approve (the total is within the capacity) or deny (overloaded). */
function makeCall(s: State, a: Act<"call">): void {
  round(s).calls[a.player] = a.verdict;
  afterCall(s);
}

/** Favor 4: "change your load card (maximum of one) after all players made their decision". */
function changeLoadCard(s: State, a: Act<"swapLoad">): void {
  const r = round(s);
  const old = r.plays[a.player]![a.slot]!;
  forgetHandLooks(s, a.player, null);
  takeFromHand(s, a.player, a.value);
  insertSorted(s.hands[a.player]!, old.value);
  r.plays[a.player]![a.slot] = card(a.player, a.value);
  // What anyone saw in that slot is no longer there, but its looker knows the card is back in hand.
  for (const p of r.peeks) if (p.seat === a.player && p.slot === a.slot) s.handLooks.push({ viewer: p.viewer, seat: p.seat, value: old.value });
  r.peeks = r.peeks.filter((p) => !(p.seat === a.player && p.slot === a.slot));
  r.queue.shift();
  nextFavorEffect(s);
}

/** Favor 6: the capacity (Precision: the allowed spread) goes up or down by two. */
function adjustCapacity(s: State, a: Act<"adjustCapacity">): void {
  const r = round(s);
  r.limit = effectiveCapacity(r.effect, r.limit, a.direction, s.components);
  r.queue.shift();
  nextFavorEffect(s);
}

/**
 * Favor 8, correct approval: "exchange your load card with that of another player". The two cards
 * change places; each seat then scores (or loses) the card in front of it.
 */
function exchangeLoadCard(s: State, a: Act<"exchangeLoad">): void {
  const r = round(s);
  const mine = r.plays[a.player]![a.slot]!;
  r.plays[a.player]![a.slot] = r.plays[a.seat]![a.targetSlot]!;
  r.plays[a.seat]![a.targetSlot] = mine;
  r.queue.shift();
  nextFavor8(s);
}

/** Favor 8, correct denial: "pick the load card you want to receive before other players". */
function pickLoadCard(s: State, a: Act<"pickLoad">): void {
  const r = round(s);
  const [card] = r.plays[a.seat]!.splice(a.slot, 1);
  s.scorePiles[a.player]!.push(card!);
  r.picked.push(a.player);
  r.queue.shift();
  nextFavor8(s);
}

/** The recipe run by `apply`, `applyUnchecked` and `applyInPlace`: `action` must be legal. */
export function reduce(draft: State, action: Action): void {
  switch (action.type) {
    case "playLoad":
      return playLoadFaceDown(draft, action);
    case "useFavor":
      return callInFavor(draft, action);
    case "pass":
      return pass(draft);
    case "peek":
      return checkLoadCard(draft, action);
    case "call":
      return makeCall(draft, action);
    case "swapLoad":
      return changeLoadCard(draft, action);
    case "adjustCapacity":
      return adjustCapacity(draft, action);
    case "exchangeLoad":
      return exchangeLoadCard(draft, action);
    case "pickLoad":
      return pickLoadCard(draft, action);
  }
}
