import { shuffle } from "@rules/core";
import { cardPiles } from "./clone.js";
import { queueEntry, type QueueEntry } from "./records.js";
import type { DonkeyType } from "./data.js";
import {
  baseLimit,
  type callOrder,
  calledCorrectly,
  isAskedForFavors,
  isOverloaded,
  loadsPerSeat,
  countPeekTargets,
  peeksOwed,
  seatAfter,
  stubbornRefuses,
  usedFavorThisRound,
} from "./rules.js";
import type { Card, Round, State, Step } from "./schema.js";

// The automatic steps of a round: everything that happens without a choice, run right after the
// action that makes it due, so that after every action some seat may act or the game is over.

function round(s: State): Round {
  if (!s.round) throw new Error("no round in progress");
  return s.round;
}

/** Empty a list in place (popping: setting `length` is a slow runtime call in V8). */
function empty(xs: unknown[]): void {
  while (xs.length > 0) xs.pop();
}

/**
 * "At the start of each round, a new donkey card is opened from the donkey deck." When the deck is
 * empty, the Lost donkeys come back in the order they were revealed ("only after finishing all
 * other donkeys will the play return to the Lost donkey"); after them the game ends.
 */
export function turnNextDonkey(s: State): void {
  const donkey = s.donkeyDeck.pop();
  if (donkey !== undefined) {
    startRound(s, donkey, donkey === "double" ? doubleEffect(s) : donkey, null);
    return;
  }
  const lost = s.lostPending.shift();
  if (lost) {
    // The pending record left the state with shift(): its piles become the round's.
    startRound(s, "lost", "normal", Object.isFrozen(lost) ? cardPiles(lost.plays) : lost.plays);
    return;
  }
  s.round = null;
}

/**
 * Double donkey: "the eighth donkey in the donkey deck has to be removed from the game" (the bottom
 * card, the last one still in the deck). "If the Double donkey is the last donkey of the game" (no
 * donkey left in the deck when it is turned) "it acts as a Normal donkey".
 */
function doubleEffect(s: State): DonkeyType {
  const removed = s.donkeyDeck.shift();
  if (removed === undefined) return "normal";
  s.setAside.push(removed);
  return "double";
}

function startRound(s: State, donkey: DonkeyType, effect: DonkeyType, lostPlays: Card[][] | null): void {
  const old = s.round;
  if (old !== null && !Object.isFrozen(old)) {
    // The state owns the finished round (the recipe always runs on a state it may change): empty
    // its lists instead of building new ones.
    old.donkey = donkey;
    old.effect = effect;
    old.lostResume = lostPlays !== null;
    old.stage = "load";
    empty(old.queue);
    if (lostPlays) old.plays = lostPlays;
    else for (let p = 0; p < old.plays.length; p++) empty(old.plays[p]!);
    for (let p = 0; p < old.favors.length; p++) {
      empty(old.favors[p]!);
      old.calls[p] = null;
    }
    empty(old.peeks);
    old.peeksLeft = 0;
    old.limit = baseLimit(effect, s.players, s.components);
    old.revealed = false;
    old.overloaded = null;
    empty(old.blocked);
    empty(old.picked);
  } else {
    const plays: Card[][] = [];
    const favors: number[][] = [];
    const calls: null[] = [];
    for (let p = 0; p < s.players; p++) {
      plays.push([]);
      favors.push([]);
      calls.push(null);
    }
    s.round = {
      donkey,
      effect,
      lostResume: lostPlays !== null,
      stage: "load",
      queue: [],
      plays: lostPlays ?? plays,
      favors,
      calls,
      peeks: [],
      peeksLeft: 0,
      limit: baseLimit(effect, s.players, s.components),
      revealed: false,
      overloaded: null,
      blocked: [],
      picked: [],
    };
  }
  // Lost donkey, taken up again: "it is dealt with from step two".
  if (lostPlays) beginFavors(s);
}

/** Step 1 ends once every seat has its load card(s) on the donkey. */
export function afterLoadPlayed(s: State): void {
  const r = round(s);
  const need = loadsPerSeat(r.effect);
  for (let p = 0; p < r.plays.length; p++) if (r.plays[p]!.length < need) return;
  if (r.effect === "lost") setAsideUnderLostDonkey(s);
  else beginFavors(s);
}

/**
 * Lost donkey: "all played load cards are placed under this donkey and set aside"; the round ends
 * there (step 5 still passes the first player card).
 */
function setAsideUnderLostDonkey(s: State): void {
  const r = round(s);
  s.lostPending.push({ plays: r.plays });
  // The piles went under the Lost donkey: the next round gets new ones.
  const plays: Card[][] = [];
  for (let p = 0; p < s.players; p++) plays.push([]);
  r.plays = plays;
  endRound(s);
}

/**
 * Step 2, clockwise from the first player: each seat that may still call in a favor is asked (see
 * {@link isAskedForFavors}); on the Hastily donkey nobody is.
 */
function beginFavors(s: State): void {
  const r = round(s);
  empty(r.queue);
  for (let i = 0; i < s.players; i++) {
    const seat = seatAfter(s.firstPlayer, i, s.players);
    if (isAskedForFavors(s, seat)) r.queue.push(queueEntry(seat, "favor"));
  }
  if (r.queue.length > 0) r.stage = "favor";
  else beginCalls(s);
}

/** After a favor or a pass: the seat keeps its turn until it passes or has used all its favors. */
export function afterFavorTurn(s: State, passed: boolean): void {
  const r = round(s);
  const head = r.queue[0];
  if (head && (passed || !isAskedForFavors(s, head.seat))) r.queue.shift();
  if (r.queue.length === 0) beginCalls(s);
}

/** Step 3: calls in {@link callOrder}. */
function beginCalls(s: State): void {
  const r = round(s);
  empty(r.queue);
  pushCallOrder(s, r, r.queue);
  startCallerTurn(s);
}

/** Push the callers of step 3 onto `queue`, in {@link callOrder}. */
function pushCallOrder(s: State, r: Round, queue: QueueEntry[]): void {
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < s.players; i++) {
      const seat = seatAfter(s.firstPlayer, i, s.players);
      if (usedFavorThisRound(s, r, seat, "decideLast") === (pass === 1)) queue.push(queueEntry(seat, "call"));
    }
  }
}

/** Holes donkey / favor 10: the caller first takes its looks ("before deciding"). */
function startCallerTurn(s: State): void {
  const r = round(s);
  const seat = r.queue[0]!.seat;
  const owed = peeksOwed(s, r, seat);
  r.peeksLeft = owed === 0 ? 0 : Math.min(owed, countPeekTargets(r, seat));
  r.stage = r.peeksLeft > 0 ? "peek" : "call";
}

/** After a look: the call comes once the looks are taken. */
export function afterPeek(s: State): void {
  const r = round(s);
  r.peeksLeft -= 1;
  if (r.peeksLeft === 0) r.stage = "call";
}

/** After a call: the next caller, or the favors that act "after all players made their decision". */
export function afterCall(s: State): void {
  const r = round(s);
  r.queue.shift();
  if (r.queue.length > 0) startCallerTurn(s);
  else beginFavorEffects(s);
}

/**
 * Favors 4 and 6 act after all calls, "in clockwise order" from the first player (a seat with both
 * acts in card order: 4 before 6).
 */
function beginFavorEffects(s: State): void {
  const r = round(s);
  empty(r.queue);
  pushFavorEffects(s, r, r.queue);
  nextFavorEffect(s);
}

/** The favor 4 and 6 turns of a round, clockwise from the first player, 4 before 6. */
export function favorEffectQueue(s: State, r: Round): QueueEntry[] {
  const queue: QueueEntry[] = [];
  pushFavorEffects(s, r, queue);
  return queue;
}

/** Push the favor 4 and 6 turns of a round onto `queue` (a seat with both acts in card order). */
function pushFavorEffects(s: State, r: Round, queue: QueueEntry[]): void {
  const f = s.components.favors;
  const first: Step = f.changeLoad < f.adjustCapacity ? "swap" : "adjust";
  const second: Step = first === "swap" ? "adjust" : "swap";
  for (let i = 0; i < s.players; i++) {
    const seat = seatAfter(s.firstPlayer, i, s.players);
    const used = r.favors[seat]!;
    if (used.length === 0) continue;
    if (usedFavorThisRound(s, r, seat, first === "swap" ? "changeLoad" : "adjustCapacity")) queue.push(queueEntry(seat, first));
    if (usedFavorThisRound(s, r, seat, second === "swap" ? "changeLoad" : "adjustCapacity")) queue.push(queueEntry(seat, second));
  }
}

/** Favor 8 after the check, clockwise: the correct callers who used it and were not blocked. */
export function favor8Seats(s: State, r: Round): number[] {
  const seats: number[] = [];
  for (let i = 0; i < s.players; i++) {
    const seat = seatAfter(s.firstPlayer, i, s.players);
    if (usesFavor8(s, r, seat)) seats.push(seat);
  }
  return seats;
}

function usesFavor8(s: State, r: Round, seat: number): boolean {
  return usedFavorThisRound(s, r, seat, "exchangeOrPick") && scoresThisRound(r, seat);
}

/** After a favor 4 or 6 effect (or at the start): the next effect, or step 4. */
export function nextFavorEffect(s: State): void {
  const r = round(s);
  const head = r.queue[0];
  if (head) r.stage = head.step;
  else revealLoads(s);
}

/**
 * Step 4. Stubborn donkey: with a strict majority of denials step 4 is skipped and the loads leave
 * the game unseen. Otherwise the loads are turned face up; the Attacked donkey removes the highest
 * card(s) first (their players cannot score) and the rest is checked.
 */
function revealLoads(s: State): void {
  const r = round(s);
  if (stubbornRefuses(r, s.players)) {
    for (let p = 0; p < r.plays.length; p++) s.buried[p]!.push(...r.plays[p]!.splice(0));
    s.lastResult = { donkey: r.donkey, effect: r.effect, loads: [], limit: r.limit, overloaded: null, calls: r.calls.slice() };
    endRound(s);
    return;
  }
  r.revealed = true;
  empty(r.peeks); // every card is face up now
  // The record shares the cards (the recipe never edits a card, it replaces it).
  const loads: Card[][] = [];
  for (let p = 0; p < r.plays.length; p++) loads.push(r.plays[p]!.slice());
  if (r.effect === "attacked") removeHighestLoads(s, r);
  r.overloaded = isOverloaded(r.effect, r.limit, r.plays);
  s.lastResult = { donkey: r.donkey, effect: r.effect, loads, limit: r.limit, overloaded: r.overloaded, calls: r.calls.slice() };
  // Favor 8, clockwise: a correct approver may exchange, a correct denier picks first.
  empty(r.queue);
  const step: Step = r.overloaded ? "pick" : "exchange";
  for (let i = 0; i < s.players; i++) {
    const seat = seatAfter(s.firstPlayer, i, s.players);
    if (usesFavor8(s, r, seat)) r.queue.push(queueEntry(seat, step));
  }
  nextFavor8(s);
}

/** Attacked donkey: "the highest load card (or cards if the values are the same) is removed". */
function removeHighestLoads(s: State, r: Round): void {
  let high = -Infinity;
  for (const cards of r.plays) for (const c of cards) high = Math.max(high, c.value);
  r.plays.forEach((cards, p) => {
    const hit = cards.filter((c) => c.value === high);
    if (hit.length === 0) return;
    s.removed.push(...hit);
    r.plays[p] = cards.filter((c) => c.value !== high);
    r.blocked.push(p);
  });
}

/** The next favor-8 choice that has something to choose from, else the settlement. */
export function nextFavor8(s: State): void {
  const r = round(s);
  while (r.queue.length > 0 && !hasFavor8Choice(r, r.queue[0]!.seat)) r.queue.shift();
  const head = r.queue[0];
  if (head) r.stage = head.step;
  else settleRound(s);
}

function hasFavor8Choice(r: Round, seat: number): boolean {
  let own = false;
  let others = false;
  for (let p = 0; p < r.plays.length; p++) {
    if (r.plays[p]!.length === 0) continue;
    if (p === seat) own = true;
    else others = true;
  }
  return r.overloaded ? own || others : own && others;
}

/** True when `seat` is in `seats` (a loop: these lists are short and usually empty, where includes() is a builtin call). */
function listed(seats: readonly number[], seat: number): boolean {
  for (let i = 0; i < seats.length; i++) if (seats[i] === seat) return true;
  return false;
}

/** A correct call scores, unless the Attacked donkey removed the seat's card. */
function scoresThisRound(r: Round, seat: number): boolean {
  return calledCorrectly(r, seat) && !listed(r.blocked, seat);
}

/**
 * Step 4 A/B. A (not overloaded): approvers score the cards in front of them, the rest is
 * discarded. B (overloaded): the loads are shuffled and each correct denier, clockwise from the
 * first player, receives one at random; the rest is discarded. Then step 5.
 */
function settleRound(s: State): void {
  const r = round(s);
  if (r.overloaded) {
    const deck = overloadDeck;
    empty(deck);
    for (const cards of r.plays) {
      for (const c of cards) deck.push(c);
      empty(cards);
    }
    shuffle(s.rng, deck);
    for (let i = 0; i < s.players; i++) {
      const p = seatAfter(s.firstPlayer, i, s.players);
      if (!scoresThisRound(r, p) || listed(r.picked, p)) continue;
      const card = deck.pop();
      if (card) s.scorePiles[p]!.push(card);
    }
    for (const c of deck) s.discard.push(c);
    empty(deck);
  } else {
    for (let i = 0; i < s.players; i++) {
      const p = seatAfter(s.firstPlayer, i, s.players);
      const to = scoresThisRound(r, p) ? s.scorePiles[p]! : s.discard;
      const cards = r.plays[p]!;
      for (const c of cards) to.push(c);
      empty(cards);
    }
  }
  endRound(s);
}

/** The cards of an overloaded donkey while they are dealt (one array for every round). */
const overloadDeck: Card[] = [];

/** Step 5: the first player card moves clockwise; the next donkey is turned. */
function endRound(s: State): void {
  const r = round(s);
  if (r.effect !== "lost") s.donkeysDone.push(r.donkey);
  s.firstPlayer = (s.firstPlayer + 1) % s.players;
  s.roundNumber += 1;
  turnNextDonkey(s);
}
