import { FACES, GROUNDS_PER_TURN, STAND_COST, type Face, type Size } from "./data.js";
import { fitsSomewhere, type ParkFacts } from "./fit.js";
import { groundsLeft, rideTaken, standsLeft } from "./park.js";
import { diceShowing } from "./rules.js";
import { comps, type ActionKind, type Seat, type State, type Step } from "./schema.js";

// Paying for a piece: Build rides, Build stands, Expand the park. Each rule answers with a fault
// number (0: the actor may pay), so a listing that asks it dozens of times builds no sentence; the
// whyNot functions put the fault in a player's words.

/** True when the actor may take (or go on with) action `kind`: "Each action can be taken only once each turn". */
export function mayTake(step: Step, kind: ActionKind): boolean {
  return step.open === kind || !step.used.includes(kind);
}

/**
 * What a listing of the actor's actions asks again and again, counted once: the dice on the Pig
 * board by face (FACES order), the rides built (`colour * 3 + size index`), the stands built by
 * type and the additional grounds used.
 */
export interface Tally {
  dice: Int32Array;
  groundsUsed: number;
  /** False until {@link piecesBuilt} has filled `ridesBuilt` and `standsBuilt` for this state. */
  built: boolean;
  ridesBuilt: Uint8Array;
  standsBuilt: Int32Array;
}

/** The index of each face in {@link FACES} (and in {@link Tally.dice}). */
export const FACE_INDEX = Object.fromEntries(FACES.map((f, i) => [f, i])) as Record<Face, number>;
const SIZE_INDEX: Record<Size, number> = { small: 0, medium: 1, big: 2 };

// One tally at a time (a listing finishes with it before the next begins): its tables are reused.
const TALLY: Tally = { dice: new Int32Array(FACES.length), groundsUsed: 0, built: false, ridesBuilt: new Uint8Array(0), standsBuilt: new Int32Array(0) };

// The FACES index of each die side, per component set (sides past the list are blank).
const SIDE_FACES = new WeakMap<object, Int8Array>();
function sideFaces(c: ReturnType<typeof comps>): Int8Array {
  let out = SIDE_FACES.get(c);
  if (!out) SIDE_FACES.set(c, (out = Int8Array.from(c.dieSides, (side) => FACE_INDEX[side.face])));
  return out;
}

/** The {@link Tally} of state `s` for the actor `seat` (the pieces built are counted when first asked). */
export function tally(s: State, seat: Seat): Tally {
  const faces = sideFaces(comps(s));
  const dice = TALLY.dice.fill(0);
  for (const d of seat.locked) dice[d >= 0 && d < faces.length ? faces[d]! : FACE_INDEX.blank]! += 1;
  let groundsUsed = 0;
  for (const x of s.seats) groundsUsed += x.park.grounds.length;
  TALLY.groundsUsed = groundsUsed;
  TALLY.built = false;
  return TALLY;
}

/** `t` with the rides built (`colour * 3 + size index`) and the stands built by type of state `s`. */
function piecesBuilt(s: State, t: Tally): Tally {
  if (t.built) return t;
  const c = comps(s);
  if (t.ridesBuilt.length < c.colours.length * 3) t.ridesBuilt = new Uint8Array(c.colours.length * 3);
  if (t.standsBuilt.length < c.stands.length) t.standsBuilt = new Int32Array(c.stands.length);
  const ridesBuilt = t.ridesBuilt.fill(0);
  const standsBuilt = t.standsBuilt.fill(0);
  for (const x of s.seats) {
    for (const r of x.park.rides) if (r.colour < c.colours.length) ridesBuilt[r.colour * 3 + (r.size === "small" ? 0 : r.size === "medium" ? 1 : 2)] = 1;
    for (const st of x.park.stands) if (st.type < c.stands.length) standsBuilt[st.type]! += 1;
  }
  t.built = true;
  return t;
}

/**
 * Build rides, as a fault number: 1 the action was taken, 2 no such colour, 3 that size built this
 * turn, 4 that ride built, 5 too few Rides dice, 6 nowhere to put it; 0 when the actor may pay.
 * `facts` and `t`: the park's facts and this state's counts, when the caller has them.
 */
export function rideFault(s: State, seat: Seat, step: Step, colour: number, size: Size, facts?: ParkFacts, t?: Tally): number {
  if (!mayTake(step, "rides")) return 1;
  if (colour >= comps(s).colours.length) return 2;
  if (step.rideSizes.includes(size)) return 3;
  if (t ? piecesBuilt(s, t).ridesBuilt[colour * 3 + SIZE_INDEX[size]] === 1 : rideTaken(s, colour, size)) return 4;
  if ((t ? t.dice[FACE_INDEX.rides]! : diceShowing(s, seat, "rides")) < comps(s).rides[size].seats) return 5;
  if (!fitsSomewhere(seat.park, comps(s), { kind: "ride", colour, size }, facts)) return 6;
  return 0;
}

/** Why the actor may not pay for this ride now; null when it may. Build rides. */
export function whyNotRide(s: State, seat: Seat, step: Step, colour: number, size: Size): string | null {
  switch (rideFault(s, seat, step, colour, size)) {
    case 0:
      return null;
    case 1:
      return "You have already taken the Build rides action this turn";
    case 2:
      return `There is no colour ${colour}`;
    case 3:
      return `You cannot build more than one ${size} ride in the same turn`;
    case 4:
      return `The ${size} ${comps(s).colours[colour]} ride has already been built`;
    case 5: {
      const cost = comps(s).rides[size].seats;
      return `A ${size} ride costs ${cost} Rides ${cost === 1 ? "die" : "dice"} (one per visitor space); you have ${diceShowing(s, seat, "rides")}`;
    }
    default:
      return `There is no place in your park where the ${size} ${comps(s).colours[colour]} ride may go`;
  }
}

/**
 * Build stands, as a fault number: 1 no such type, 2 the action was taken, 3 that type built this
 * turn, 4 none left in the supply, 5 no Stands die, 6 nowhere to put it; 0 when the actor may pay.
 */
export function standFault(s: State, seat: Seat, step: Step, type: number, facts?: ParkFacts, counts?: Tally): number {
  const t = comps(s).stands[type];
  if (!t) return 1;
  if (!mayTake(step, "stands")) return 2;
  if (step.standTypes.includes(type)) return 3;
  if ((counts ? t.copies - piecesBuilt(s, counts).standsBuilt[type]! : standsLeft(s, type)) <= 0) return 4;
  if ((counts ? counts.dice[FACE_INDEX.stands]! : diceShowing(s, seat, "stands")) < STAND_COST) return 5;
  if (!fitsSomewhere(seat.park, comps(s), { kind: "stand", type }, facts)) return 6;
  return 0;
}

/** Why the actor may not pay for a stand of this type now; null when it may. Build stands. */
export function whyNotStand(s: State, seat: Seat, step: Step, type: number): string | null {
  const fault = standFault(s, seat, step, type);
  const name = comps(s).stands[type]?.name ?? "";
  switch (fault) {
    case 0:
      return null;
    case 1:
      return `There is no stand type ${type}`;
    case 2:
      return "You have already taken the Build stands action this turn";
    case 3:
      return `You cannot build more than one ${name} stand in the same turn`;
    case 4:
      return `No ${name} stand is left in the supply`;
    case 5:
      return "A stand costs one Stands die; you have none left";
    default:
      return `There is no place in your park where ${/^[AEIOU]/i.test(name) ? "an" : "a"} ${name} stand may go`;
  }
}

/**
 * Expand the park with a die of `face`, as a fault number: 1 a blank die, 2 the action was taken,
 * 3 two grounds added this turn, 4 none left, 5 no die of that face, 6 no ground fits (not asked
 * with `skipFit`); 0 when the actor may pay.
 */
export function expandFault(s: State, seat: Seat, step: Step, face: Face, skipFit = false, t?: Tally): number {
  if (face === "blank") return 1;
  if (!mayTake(step, "expand")) return 2;
  if (step.grounds >= GROUNDS_PER_TURN) return 3;
  if ((t ? comps(s).additionalGround.count - t.groundsUsed : groundsLeft(s)) <= 0) return 4;
  if ((t ? t.dice[FACE_INDEX[face]]! : diceShowing(s, seat, face)) === 0) return 5;
  if (!skipFit && !fitsSomewhere(seat.park, comps(s), { kind: "ground" })) return 6;
  return 0;
}

/** Why the actor may not buy an additional ground with a die of `face` now; null when it may. Expand the park. */
export function whyNotExpand(s: State, seat: Seat, step: Step, face: Face): string | null {
  switch (expandFault(s, seat, step, face)) {
    case 0:
      return null;
    case 1:
      return "A blank die cannot pay for anything, not even Expand the park";
    case 2:
      return "You have already taken the Expand the park action this turn";
    case 3:
      return `You can add only ${GROUNDS_PER_TURN} additional grounds each turn`;
    case 4:
      return "No additional ground tile is left";
    case 5:
      return `You have no ${face[0]!.toUpperCase()}${face.slice(1)} die left to pay for the additional ground`;
    default:
      return "No additional ground fits next to your park";
  }
}
