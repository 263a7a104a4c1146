import type { PlayerId } from "@rules/core";
import { expandFault, FACE_INDEX, mayTake, rideFault, standFault, tally, whyNotExpand, whyNotRide, whyNotStand } from "./build.js";
import { FACES, SIZES } from "./data.js";
import { rollingSeats } from "./flow.js";
import { fitsSomewhere, isPlacement, parkFacts } from "./fit.js";
import { parkGrid } from "./grid.js";
import { cellsAt, findPlacements, placements, shapeOf, turnsOf, whyNotAt } from "./park.js";
import { cardName, diceShowing, faceOf } from "./rules.js";
import { comps, type Action, type Pending, type Seat, type State, type Step } from "./schema.js";

/** Who may act: everyone still choosing cards; everyone still rolling (simultaneous); the actor. */
export function activePlayers(state: State): PlayerId[] {
  switch (state.phase) {
    case "draft":
    case "refill": {
      const out: PlayerId[] = [];
      for (let p = 0; p < state.seats.length; p++) if (state.seats[p]!.offer.length > 0) out.push(p);
      return out;
    }
    case "roll":
      return rollingSeats(state);
    case "actions":
      return state.actor === null ? [] : [state.actor];
    case "over":
      return [];
  }
}

/** Every legal action of the active seats (or of `player` only), seat by seat, in a fixed order. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  if (player !== undefined) return isActive(state, player) ? actionsOf(state, player) : [];
  const out: Action[] = [];
  for (const p of activePlayers(state)) for (const a of actionsOf(state, p)) out.push(a);
  return out;
}

/** True when seat `p` is among {@link activePlayers}. */
function isActive(s: State, p: PlayerId): boolean {
  switch (s.phase) {
    case "draft":
    case "refill":
      return (s.seats[p]?.offer.length ?? 0) > 0;
    case "roll":
      return s.seats[p] !== undefined && s.seats[p].token === null;
    case "actions":
      return s.actor === p;
    case "over":
      return false;
  }
}

function actionsOf(s: State, player: number): Action[] {
  const seat = s.seats[player]!;
  switch (s.phase) {
    case "draft":
    case "refill": {
      const out: Action[] = [];
      for (const card of keepChoices(s, seat)) out.push({ type: "keepCard", player, card });
      return out;
    }
    case "roll":
      return raceActions(s, seat, player);
    case "actions":
      return actorActions(s, seat, player, s.step!);
    case "over":
      return [];
  }
}

/**
 * True exactly when `legalActions(state)` lists `action`, answered directly from the same rule
 * functions (the checked `apply` uses it instead of listing every legal action).
 */
export function isLegal(s: State, a: Action): boolean {
  if (!isActive(s, a.player)) return false;
  const seat = s.seats[a.player]!;
  switch (s.phase) {
    case "draft":
    case "refill":
      return a.type === "keepCard" && keepChoices(s, seat).includes(a.card);
    case "roll":
      if (a.type === "lock") return a.side < comps(s).dieSides.length && seat.rolled.includes(a.side);
      if (a.type === "lockAll") return true;
      if (a.type === "reroll") return s.finalRerolls === null || s.finalRerolls > 0;
      return false;
    case "actions":
      return actorMay(s, seat, a.player, s.step!, a);
    case "over":
      return false;
  }
}

/** {@link isLegal} for the actor, stage by stage as {@link actorActions} lists them. */
function actorMay(s: State, seat: Seat, player: number, step: Step, a: Action): boolean {
  if (step.pending) return a.type === "place" && isPlacement(seat.park, comps(s), step.pending, a.x, a.y, a.rotation);
  if (step.toSeat.length > 0) return a.type === "seatVisitor";
  if (step.attracting > 0) return a.type === "drawVisitors" || (a.type === "attract" && mayAttract(s, seat, a.colour));
  switch (a.type) {
    case "buildRide":
      return rideFault(s, seat, step, a.colour, a.size) === 0;
    case "buildStand":
      return standFault(s, seat, step, a.stand) === 0;
    case "attract":
      return mayTake(step, "attract") && mayAttract(s, seat, a.colour);
    case "clean":
      return mayTake(step, "clean") && seat.dirt > 0 && a.dice <= Math.min(diceShowing(s, seat, "clean"), Math.ceil(seat.dirt / 2));
    case "playBonus":
      return !s.beginner && mayTake(step, "bonus") && diceShowing(s, seat, "bonus") > 0 && playableCards(s, seat, step).includes(a.card);
    case "expand":
      return expandFault(s, seat, step, a.face) === 0;
    case "endActions":
      return !s.mustSpendDice || actorActions(s, seat, player, step).some((x) => x.type === "endActions");
    default:
      return false;
  }
}

/** Cards worth choosing from the offer: one per name (identical cards are interchangeable). */
export function keepChoices(s: State, seat: Seat): number[] {
  return lowestPerName(s, seat.offer, NO_CARDS);
}

const NO_CARDS: readonly number[] = [];

/** The lowest id of each card name among `cards`, leaving out the names of `except`, in ascending order. */
function lowestPerName(s: State, cards: readonly number[], except: readonly number[]): number[] {
  const out: number[] = [];
  next: for (const c of cards) {
    const n = cardName(s, c);
    for (const x of except) if (cardName(s, x) === n) continue next;
    for (let k = 0; k < out.length; k++) {
      if (cardName(s, out[k]!) !== n) continue;
      if (c < out[k]!) out[k] = c;
      continue next;
    }
    out.push(c);
  }
  return out.sort(ASCENDING);
}

const ASCENDING = (a: number, b: number): number => a - b;

/**
 * Roll: lock one die per distinct side on the table; lock all as they lie; re-roll the dice not on
 * the Pig board (without limit while two or more seats roll, then three final rolls).
 */
function raceActions(s: State, seat: Seat, player: number): Action[] {
  const out: Action[] = [];
  const sides = comps(s).dieSides.length;
  for (let side = 0; side < sides; side++) if (seat.rolled.includes(side)) out.push({ type: "lock", player, side });
  out.push({ type: "lockAll", player });
  if (s.finalRerolls === null || s.finalRerolls > 0) out.push({ type: "reroll", player });
  return out;
}

// The positions of the pending piece (reused: a listing turns them into actions before the next begins).
const FOUND: number[] = [];

// Per ride size (SIZES order), 1 when the actor could pay for a ride of that size (reused).
const AFFORDABLE = new Uint8Array(SIZES.length);

/** The pieces the actor may pay for now, each with at least one legal position. */
function actorActions(s: State, seat: Seat, player: number, step: Step): Action[] {
  if (step.pending) {
    const out: Action[] = [];
    const c = comps(s);
    const n = findPlacements(seat.park, c, step.pending, false, parkFacts(seat.park, c).grid, FOUND);
    for (let i = 0; i < n; i++) out.push({ type: "place", player, x: FOUND[3 * i]!, y: FOUND[3 * i + 1]!, rotation: FOUND[3 * i + 2]! });
    return out;
  }
  if (step.toSeat.length > 0) {
    return [
      { type: "seatVisitor", player, accept: true },
      { type: "seatVisitor", player, accept: false },
    ];
  }
  const out: Action[] = [];
  if (step.attracting > 0) {
    attractChoices(s, seat, player, out);
    out.push({ type: "drawVisitors", player });
    return out;
  }
  const c = comps(s);
  const facts = parkFacts(seat.park, c);
  const t = tally(s, seat);
  // Every ride and stand costs at least one die of its face: without one, none can be paid for; nor
  // can a ride of a size built this turn or dearer than the Rides dice (rideFault says so for every colour).
  if (mayTake(step, "rides") && t.dice[FACE_INDEX.rides]! > 0) {
    for (let k = 0; k < SIZES.length; k++) AFFORDABLE[k] = !step.rideSizes.includes(SIZES[k]!) && t.dice[FACE_INDEX.rides]! >= c.rides[SIZES[k]!].seats ? 1 : 0;
    for (let colour = 0; colour < c.colours.length; colour++) {
      for (let k = 0; k < SIZES.length; k++) {
        const size = SIZES[k]!;
        if (AFFORDABLE[k] === 1 && rideFault(s, seat, step, colour, size, facts, t) === 0) out.push({ type: "buildRide", player, colour, size });
      }
    }
  }
  if (mayTake(step, "stands") && t.dice[FACE_INDEX.stands]! > 0) {
    for (let stand = 0; stand < c.stands.length; stand++) if (standFault(s, seat, step, stand, facts, t) === 0) out.push({ type: "buildStand", player, stand });
  }
  if (mayTake(step, "attract")) attractChoices(s, seat, player, out);
  if (mayTake(step, "clean") && seat.dirt > 0) {
    const most = Math.min(t.dice[FACE_INDEX.clean]!, Math.ceil(seat.dirt / 2));
    for (let dice = 1; dice <= most; dice++) out.push({ type: "clean", player, dice });
  }
  if (!s.beginner && mayTake(step, "bonus") && t.dice[FACE_INDEX.bonus]! > 0) {
    for (const card of playableCards(s, seat, step)) out.push({ type: "playBonus", player, card });
  }
  let groundFits: boolean | undefined;
  for (let k = 0; k < FACES.length; k++) {
    const face = FACES[k]!;
    // A ground costs one die of the face that pays for it (t.dice is in FACES order).
    if (t.dice[k] === 0 || expandFault(s, seat, step, face, true, t) !== 0) continue;
    groundFits ??= fitsSomewhere(seat.park, c, { kind: "ground" }, facts);
    if (groundFits) out.push({ type: "expand", player, face });
  }
  // Option mustSpendDice: "each player spends all the dice on his Pig board" while any can pay.
  if (!s.mustSpendDice || out.length === 0) out.push({ type: "endActions", player });
  return out;
}

/** Attract visitors: an Attract die left and a visitor of that colour in the pool. */
function mayAttract(s: State, seat: Seat, colour: number): boolean {
  return diceShowing(s, seat, "attract") > 0 && (s.pool[colour] ?? 0) > 0;
}

/** Attract visitors: one choice per colour left in the pool, while an Attract die is left (into `out`). */
function attractChoices(s: State, seat: Seat, player: number, out: Action[]): void {
  if (diceShowing(s, seat, "attract") === 0) return;
  for (let colour = 0; colour < s.pool.length; colour++) if (s.pool[colour]! > 0) out.push({ type: "attract", player, colour });
}

/** Cards in hand that may be played now: one per name, none identical to a card played this turn. */
export function playableCards(s: State, seat: Seat, step: Step): number[] {
  return lowestPerName(s, seat.hand, step.played);
}

/** Why a placement of the pending piece is refused. */
function whyNotPlace(s: State, seat: Seat, pending: Pending, a: Extract<Action, { type: "place" }>): string {
  return `That position is not legal for the ${pending.kind === "ride" ? `${pending.size} ${comps(s).colours[pending.colour]} ride` : pending.kind === "stand" ? `${comps(s).stands[pending.type]?.name} stand` : "additional ground"} (${a.x}, ${a.y}, turn ${a.rotation}): ${placeReason(s, seat, pending, a)}`;
}

function placeReason(s: State, seat: Seat, pending: Pending, a: Extract<Action, { type: "place" }>): string {
  const legal = placements(seat.park, comps(s), pending);
  if (legal.length === 0) return "nowhere fits";
  return explainPlacement(s, seat, pending, a.x, a.y, a.rotation);
}

function explainPlacement(s: State, seat: Seat, pending: Pending, x: number, y: number, rotation: number): string {
  const turns = turnsOf(shapeOf(comps(s), pending), comps(s).piecesRotate);
  const turn = turns[rotation];
  if (!turn) return `this piece has ${turns.length} distinct turn${turns.length === 1 ? "" : "s"}`;
  return whyNotAt(seat.park, parkGrid(seat.park, comps(s)), pending, cellsAt(turn, x, y)) ?? "it does not fit";
}

/** Identical cards are offered once, under the lowest id: name the one to use. */
function sameName(s: State, offered: number[], card: number): string {
  const twin = offered.find((c) => cardName(s, c) === cardName(s, card));
  return `Your ${cardName(s, card)} cards are identical: choose card ${twin ?? card} for any of them`;
}

/** Why a well-formed action by an active seat is not legal now, in a player's words. */
export function explainIllegal(s: State, action: Action): string | undefined {
  const seat = s.seats[action.player];
  if (!seat) return undefined;
  const p = action.type;
  if (s.phase === "draft" || s.phase === "refill") {
    if (p !== "keepCard") return "First choose which of the bonus cards you drew to keep";
    if (seat.offer.includes(action.card)) return `${sameName(s, keepChoices(s, seat), action.card)}`;
    return `You did not draw card ${action.card}: keep one of the cards you drew`;
  }
  if (s.phase === "roll") {
    if (p === "lock") return `None of your dice on the table shows side ${action.side} (${faceOf(s, action.side)})`;
    if (p === "reroll") return "You have used your three final rolls";
    return "It is the Roll phase: lock dice on your Pig board or re-roll the others";
  }
  if (s.phase !== "actions") return undefined;
  const step = s.step!;
  if (step.pending && p !== "place") return "Put the piece you just paid for into your park first";
  if (step.toSeat.length > 0 && p !== "seatVisitor") return `First decide whether the drawn ${comps(s).colours[step.toSeat[0]!]} visitor sits on your ride`;
  if (step.attracting > 0 && p !== "attract" && p !== "drawVisitors") return "Finish attracting visitors first: draw from the bag";
  switch (p) {
    case "keepCard":
      return "Bonus cards are drawn in the Income phase, not now";
    case "lock":
    case "lockAll":
    case "reroll":
      return "The Roll phase is over: spend the dice on your Pig board";
    case "buildRide":
      return whyNotRide(s, seat, step, action.colour, action.size) ?? undefined;
    case "buildStand":
      return whyNotStand(s, seat, step, action.stand) ?? undefined;
    case "expand":
      return whyNotExpand(s, seat, step, action.face) ?? undefined;
    case "place":
      return step.pending ? whyNotPlace(s, seat, step.pending, action) : "You have no piece to place: pay for a ride, a stand or a ground first";
    case "attract":
      if (!mayTake(step, "attract")) return "You have already taken the Attract visitors action this turn";
      if (diceShowing(s, seat, "attract") === 0) return "You have no Attract die left";
      return `No ${comps(s).colours[action.colour] ?? "such"} visitor is left in the pool`;
    case "drawVisitors":
      return "You have put no visitor into the bag";
    case "clean":
      if (!mayTake(step, "clean")) return "You have already taken the Clean dirt action this turn";
      if (seat.dirt === 0) return "Your Dump holds no Dirt to clean";
      if (diceShowing(s, seat, "clean") < action.dice) {
        const n = diceShowing(s, seat, "clean");
        return `You have only ${n} Clean ${n === 1 ? "die" : "dice"}`;
      }
      return "Spend no more Clean dice than your Dirt needs (2 Dirt per die)";
    case "playBonus":
      if (s.beginner) return "The beginner variant has no bonus cards";
      if (!mayTake(step, "bonus")) return "You have already taken the Play bonus cards action this turn";
      if (diceShowing(s, seat, "bonus") === 0) return "You have no Bonus die left";
      if (!seat.hand.includes(action.card)) return "You do not hold that bonus card";
      if (step.played.some((c) => cardName(s, c) === cardName(s, action.card))) {
        return `You cannot play two identical bonus cards (${cardName(s, action.card)}) in the same turn`;
      }
      return sameName(s, playableCards(s, seat, step), action.card);
    case "seatVisitor":
      return s.optionalSeating ? "No drawn visitor is waiting for a seat" : "Drawn visitors sit by themselves in this game (option optionalSeating is off)";
    case "endActions":
      return s.mustSpendDice ? "You must spend every die that can still pay for an action (option mustSpendDice)" : undefined;
  }
}
