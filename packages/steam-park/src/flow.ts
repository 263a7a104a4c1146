import { drawFromBag, rollDice, takeRandom } from "@rules/core";
import {
  BEGINNER_STAND_INCOME,
  DICE_PER_PLAYER,
  FINAL_ROLLS,
  HAND_SIZE,
  INCOME_PER_VISITOR,
  REFILL_DRAW,
  TURNS,
} from "./data.js";
import { seatsOf } from "./park.js";
import { abilityTotal, dirtPhase, incomeOf } from "./rules.js";
import { comps, type Seat, type State, type Step } from "./schema.js";

// The automatic parts of a turn: the start of the race, the end of the race and the Dirt phase,
// the hand-over between actors, the Income phase, the bonus card refill and the end of the game.

/** A bonus card drawn at random from the deck; an empty deck takes the discards first (ASSUMED). */
export function drawCard(s: State): number | undefined {
  if (s.deck.length === 0) s.deck.push(...s.discard.splice(0, s.discard.length));
  return takeRandom(s.rng, s.deck);
}

/** Draw up to `n` cards into a seat's offer. */
export function drawOffer(s: State, seat: Seat, n: number): void {
  for (let i = 0; i < n; i++) {
    const card = drawCard(s);
    if (card === undefined) return;
    seat.offer.push(card);
  }
}

/** Roll phase: "you all roll the dice simultaneously"; every seat rolls all six dice. */
export function startRoll(s: State): void {
  const sides = comps(s).dieSides.length;
  s.phase = "roll";
  s.actor = null;
  s.step = null;
  s.finalRerolls = null;
  for (const seat of s.seats) {
    seat.token = null;
    seat.locked = [];
    seat.rolled = rollDice(s.rng, DICE_PER_PLAYER, sides).map((v) => v - 1);
  }
}

/** Seats still rolling, in seat order. */
export function rollingSeats(s: State): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.seats.length; p++) if (s.seats[p]!.token === null) out.push(p);
  return out;
}

/** How many seats are still rolling (have no Turn Order token). */
function rollingCount(s: State): number {
  let n = 0;
  for (const x of s.seats) if (x.token === null) n++;
  return n;
}

/**
 * After a seat's dice changed in the race: a seat with every die on its Pig board takes "the first
 * Turn Order token available"; when one seat is left it gets its three final rolls; when none is
 * left the Dirt phase follows.
 */
export function afterRaceMove(s: State, player: number): void {
  const seat = s.seats[player]!;
  if (seat.rolled.length === 0 && seat.token === null) seat.token = s.seats.length - rollingCount(s);
  const rolling = rollingCount(s);
  if (rolling === 1 && s.finalRerolls === null) s.finalRerolls = FINAL_ROLLS;
  if (rolling === 0) {
    s.finalRerolls = null;
    for (const x of s.seats) dirtPhase(s, x);
    startActions(s);
  }
}

/** A fresh record of an actor's Actions phase. */
export function freshStep(): Step {
  return { used: [], open: null, rideSizes: [], standTypes: [], grounds: 0, played: [], attracting: 0, toSeat: [], pending: null };
}

/** The seat holding token `t`. */
function holderOf(s: State, t: number): number {
  return s.seats.findIndex((x) => x.token === t);
}

/** Actions phase: "in turn order", the seat holding the lowest token acts first. */
export function startActions(s: State): void {
  s.phase = "actions";
  s.actor = holderOf(s, 0);
  s.step = freshStep();
}

/** The actor is done: its unused dice are set aside; the next token acts, or Income follows. */
export function endActor(s: State): void {
  const seat = s.seats[s.actor!]!;
  seat.locked = [];
  const next = seat.token! + 1;
  if (next < s.tokens.length) {
    s.actor = holderOf(s, next);
    s.step = freshStep();
    return;
  }
  s.actor = null;
  s.step = null;
  income(s);
}

/**
 * Income phase: 3 Danari per visitor and the stands' income, then bonus hands are refilled by
 * "draw 2 cards, choose one" until they hold 3. After the 6th turn the game ends instead of
 * refilling (the new cards could not be played).
 */
export function income(s: State): void {
  for (const seat of s.seats) {
    const got = incomeOf(s, seat, INCOME_PER_VISITOR, BEGINNER_STAND_INCOME);
    seat.money += got.visitors + got.stands;
  }
  if (s.turn >= TURNS) {
    s.phase = "over";
    for (const seat of s.seats) seat.token = null;
    return;
  }
  if (!s.beginner) {
    for (const p of tokenOrder(s)) {
      const seat = s.seats[p]!;
      if (seat.hand.length < HAND_SIZE) drawOffer(s, seat, REFILL_DRAW);
    }
  }
  if (s.seats.some((x) => x.offer.length > 0)) s.phase = "refill";
  else nextTurn(s);
}

/** Seats in turn order (by token), for the order of draws. */
export function tokenOrder(s: State): number[] {
  return s.seats.map((_, p) => p).sort((a, b) => (s.seats[a]!.token ?? 9) - (s.seats[b]!.token ?? 9) || a - b);
}

/** "Move the Turn Counter forward ... put the Turn Order tokens back": the next turn starts with the roll. */
export function nextTurn(s: State): void {
  s.turn += 1;
  startRoll(s);
}

/** A card kept from the offer; what happens to the rest (setup: put aside; income: discard and maybe draw again). */
export function afterKeep(s: State, player: number): void {
  const seat = s.seats[player]!;
  if (s.phase === "draft") {
    if (seat.hand.length >= HAND_SIZE || seat.offer.length === 0) s.draftDiscards.push(...seat.offer.splice(0, seat.offer.length));
    if (s.seats.every((x) => x.offer.length === 0)) {
      // Setup 13: "Shuffle all the discarded cards back into the deck at the end of this process."
      s.deck.push(...s.draftDiscards.splice(0, s.draftDiscards.length));
      startRoll(s);
    }
    return;
  }
  s.discard.push(...seat.offer.splice(0, seat.offer.length));
  if (seat.hand.length < HAND_SIZE) drawOffer(s, seat, REFILL_DRAW);
  if (s.seats.every((x) => x.offer.length === 0)) nextTurn(s);
}

/**
 * Attract visitors, the draw: "shuffle the Bag and draw an equal number of Visitors"; each sits
 * on the player's ride of its colour if a space is free, else goes back to the pool. The assumed
 * Information stand sends an unseatable visitor back to the bag for a new draw, once per stand.
 */
export function drawVisitors(s: State, player: number): { seated: number[]; left: number[] } {
  const seat = s.seats[player]!;
  const step = s.step!;
  let redraws = abilityTotal(s, seat, "redraw");
  const seated: number[] = [];
  const left: number[] = [];
  // Spaces still free for colour c, counting visitors already waiting for the player's choice.
  const free = (c: number): boolean => (seat.park.seated[c] ?? 0) + step.toSeat.filter((x) => x === c).length < seatsOf(seat.park, comps(s), c);
  for (let i = 0; i < step.attracting; i++) {
    let c = drawFromBag(s.rng, s.bag);
    while (c >= 0 && !free(c) && redraws > 0) {
      redraws--;
      s.bag[c] = s.bag[c]! + 1;
      c = drawFromBag(s.rng, s.bag);
    }
    if (c < 0) break;
    if (free(c) && s.optionalSeating) {
      step.toSeat.push(c);
    } else if (free(c)) {
      seat.park.seated[c] = seat.park.seated[c]! + 1;
      seated.push(c);
    } else {
      s.pool[c] = s.pool[c]! + 1;
      left.push(c);
    }
  }
  step.attracting = 0;
  if (step.toSeat.length === 0) step.open = null;
  return { seated, left };
}
