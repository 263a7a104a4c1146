import type { PlayerId } from "@rules/core";
import { FACES, GROUNDS_PER_TURN, SIZES, STAND_COST, type Face, type Size } from "./data.js";
import { rollingSeats } from "./flow.js";
import { fitsSomewhere, isPlacement, parkFacts, type ParkFacts } from "./fit.js";
import { parkGrid } from "./grid.js";
import { cellsAt, findPlacements, groundsLeft, placements, rideTaken, shapeOf, standsLeft, turnsOf, whyNotAt } from "./park.js";
import { cardName, diceShowing, faceOf } from "./rules.js";
import { comps, type Action, type ActionKind, type Pending, type Seat, type State, type Step } from "./schema.js";

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
      return whyNotRide(s, seat, step, a.colour, a.size) === null;
    case "buildStand":
      return whyNotStand(s, seat, step, a.stand) === null;
    case "attract":
      return mayTake(step, "attract") && mayAttract(s, seat, a.colour);
    case "clean":
      return mayTake(step, "clean") && seat.dirt > 0 && a.dice <= Math.min(diceShowing(s, seat, "clean"), Math.ceil(seat.dirt / 2));
    case "playBonus":
      return !s.beginner && mayTake(step, "bonus") && diceShowing(s, seat, "bonus") > 0 && playableCards(s, seat, step).includes(a.card);
    case "expand":
      return whyNotExpand(s, seat, step, a.face) === null;
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

/** True when the actor may take (or go on with) action `kind`: "Each action can be taken only once each turn". */
export function mayTake(step: Step, kind: ActionKind): boolean {
  return step.open === kind || !step.used.includes(kind);
}

// The positions of the pending piece (reused: a listing turns them into actions before the next begins).
const FOUND: number[] = [];

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
  // Every ride and stand costs at least one die of its face: without one, none can be paid for.
  if (mayTake(step, "rides") && t.dice[FACE_INDEX.rides]! > 0) {
    for (let colour = 0; colour < c.colours.length; colour++) {
      for (const size of SIZES) if (whyNotRide(s, seat, step, colour, size, facts, t) === null) out.push({ type: "buildRide", player, colour, size });
    }
  }
  if (mayTake(step, "stands") && t.dice[FACE_INDEX.stands]! > 0) {
    for (let stand = 0; stand < c.stands.length; stand++) if (whyNotStand(s, seat, step, stand, facts, t) === null) out.push({ type: "buildStand", player, stand });
  }
  if (mayTake(step, "attract")) attractChoices(s, seat, player, out);
  if (mayTake(step, "clean") && seat.dirt > 0) {
    const most = Math.min(diceShowing(s, seat, "clean"), Math.ceil(seat.dirt / 2));
    for (let dice = 1; dice <= most; dice++) out.push({ type: "clean", player, dice });
  }
  if (!s.beginner && mayTake(step, "bonus") && diceShowing(s, seat, "bonus") > 0) {
    for (const card of playableCards(s, seat, step)) out.push({ type: "playBonus", player, card });
  }
  let groundFits: boolean | undefined;
  for (const face of FACES) {
    if (whyNotExpand(s, seat, step, face, true, t) !== null) continue;
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

/**
 * What a listing of the actor's actions asks again and again, counted once: the dice on the Pig
 * board by face (FACES order), the rides built (`colour * 3 + size index`), the stands built by
 * type and the additional grounds used.
 */
interface Tally {
  dice: Int32Array;
  ridesBuilt: Uint8Array;
  standsBuilt: Int32Array;
  groundsUsed: number;
}

const FACE_INDEX = Object.fromEntries(FACES.map((f, i) => [f, i])) as Record<Face, number>;
const SIZE_INDEX: Record<Size, number> = { small: 0, medium: 1, big: 2 };

// One tally at a time (a listing finishes with it before the next begins): its tables are reused.
const TALLY: Tally = { dice: new Int32Array(FACES.length), ridesBuilt: new Uint8Array(0), standsBuilt: new Int32Array(0), groundsUsed: 0 };

function tally(s: State, seat: Seat): Tally {
  const c = comps(s);
  const dice = TALLY.dice.fill(0);
  for (const d of seat.locked) dice[FACE_INDEX[c.dieSides[d]?.face ?? "blank"]]! += 1;
  if (TALLY.ridesBuilt.length < c.colours.length * 3) TALLY.ridesBuilt = new Uint8Array(c.colours.length * 3);
  if (TALLY.standsBuilt.length < c.stands.length) TALLY.standsBuilt = new Int32Array(c.stands.length);
  const ridesBuilt = TALLY.ridesBuilt.fill(0);
  const standsBuilt = TALLY.standsBuilt.fill(0);
  let groundsUsed = 0;
  for (const x of s.seats) {
    for (const r of x.park.rides) if (r.colour < c.colours.length) ridesBuilt[r.colour * 3 + SIZE_INDEX[r.size]] = 1;
    for (const st of x.park.stands) if (st.type < c.stands.length) standsBuilt[st.type]! += 1;
    groundsUsed += x.park.grounds.length;
  }
  TALLY.groundsUsed = groundsUsed;
  return TALLY;
}

/** Why the actor may not pay for this ride now; null when it may. Build rides. `t`: the counts of this state, when the caller has them. */
export function whyNotRide(s: State, seat: Seat, step: Step, colour: number, size: Size, facts?: ParkFacts, t?: Tally): string | null {
  if (!mayTake(step, "rides")) return "You have already taken the Build rides action this turn";
  if (colour >= comps(s).colours.length) return `There is no colour ${colour}`;
  if (step.rideSizes.includes(size)) return `You cannot build more than one ${size} ride in the same turn`;
  if (t ? t.ridesBuilt[colour * 3 + SIZE_INDEX[size]] === 1 : rideTaken(s, colour, size)) return `The ${size} ${comps(s).colours[colour]} ride has already been built`;
  const cost = comps(s).rides[size].seats;
  const have = t ? t.dice[FACE_INDEX.rides]! : diceShowing(s, seat, "rides");
  if (have < cost) return `A ${size} ride costs ${cost} Rides ${cost === 1 ? "die" : "dice"} (one per visitor space); you have ${have}`;
  if (!fitsSomewhere(seat.park, comps(s), { kind: "ride", colour, size }, facts)) {
    return `There is no place in your park where the ${size} ${comps(s).colours[colour]} ride may go`;
  }
  return null;
}

/** Why the actor may not pay for a stand of this type now; null when it may. Build stands. */
export function whyNotStand(s: State, seat: Seat, step: Step, type: number, facts?: ParkFacts, counts?: Tally): string | null {
  const t = comps(s).stands[type];
  if (!t) return `There is no stand type ${type}`;
  if (!mayTake(step, "stands")) return "You have already taken the Build stands action this turn";
  if (step.standTypes.includes(type)) return `You cannot build more than one ${t.name} stand in the same turn`;
  if ((counts ? t.copies - counts.standsBuilt[type]! : standsLeft(s, type)) <= 0) return `No ${t.name} stand is left in the supply`;
  if ((counts ? counts.dice[FACE_INDEX.stands]! : diceShowing(s, seat, "stands")) < STAND_COST) return "A stand costs one Stands die; you have none left";
  if (!fitsSomewhere(seat.park, comps(s), { kind: "stand", type }, facts)) {
    return `There is no place in your park where ${/^[AEIOU]/i.test(t.name) ? "an" : "a"} ${t.name} stand may go`;
  }
  return null;
}

/** Why the actor may not buy an additional ground with a die of `face` now; null when it may. Expand the park. */
export function whyNotExpand(s: State, seat: Seat, step: Step, face: Face, skipFit = false, t?: Tally): string | null {
  if (face === "blank") return "A blank die cannot pay for anything, not even Expand the park";
  if (!mayTake(step, "expand")) return "You have already taken the Expand the park action this turn";
  if (step.grounds >= GROUNDS_PER_TURN) return `You can add only ${GROUNDS_PER_TURN} additional grounds each turn`;
  if ((t ? comps(s).additionalGround.count - t.groundsUsed : groundsLeft(s)) <= 0) return "No additional ground tile is left";
  if ((t ? t.dice[FACE_INDEX[face]]! : diceShowing(s, seat, face)) === 0) return `You have no ${face[0]!.toUpperCase()}${face.slice(1)} die left to pay for the additional ground`;
  if (!skipFit && !fitsSomewhere(seat.park, comps(s), { kind: "ground" })) return "No additional ground fits next to your park";
  return null;
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
