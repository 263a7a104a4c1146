import { CLEAN_PER_DIE, TOKEN_DIRT, type Face, type StandAbility } from "./data.js";
import { rideCount, ridesOfSize, seatsOf, standsOf, visitorsIn } from "./park.js";
import { comps, type ActionKind, type Seat, type State } from "./schema.js";

// Small pure rules of Steam Park, each named for the clause it enforces.

/** The face a die side shows. */
export function faceOf(s: State, side: number): Face {
  return comps(s).dieSides[side]?.face ?? "blank";
}

/** Locked dice of `seat` showing `face`. */
export function diceShowing(s: State, seat: Seat, face: Face): number {
  const sides = comps(s).dieSides;
  let n = 0;
  for (const d of seat.locked) if ((sides[d]?.face ?? "blank") === face) n++;
  return n;
}

/**
 * Spend `n` dice showing `face` from the Pig board: "take the appropriate die (or dice) from the
 * Pig board, and set it aside" (Actions phase). The caller has checked there are enough.
 */
export function spendDice(s: State, seat: Seat, face: Face, n: number): void {
  for (let i = 0; i < n; i++) {
    let at = 0;
    while (at < seat.locked.length && faceOf(s, seat.locked[at]!) !== face) at++;
    seat.locked.splice(at < seat.locked.length ? at : -1, 1);
  }
}

/** The action a die face pays for (Expand takes any non-blank face). */
export const ACTION_OF_FACE: Partial<Record<Face, ActionKind>> = {
  rides: "rides",
  stands: "stands",
  attract: "attract",
  clean: "clean",
  bonus: "bonus",
};

/** Total amount of a stand ability kind in a park (0 in the beginner variant: stands have no ability). */
export function abilityTotal(s: State, seat: Seat, kind: StandAbility["kind"]): number {
  if (s.beginner) return 0;
  let total = 0;
  comps(s).stands.forEach((t, type) => {
    if (t.ability.kind === kind) total += t.ability.amount * standsOf(seat.park, type);
  });
  return total;
}

/** Dirt symbols on the locked dice (Dirt phase: "for each [Dirt symbol] present on the dice results"). */
export function diceDirt(s: State, seat: Seat): number {
  return seat.locked.reduce((n, d) => n + (comps(s).dieSides[d]?.dirt ?? 0), 0);
}

/** The Dirt phase of one seat, step by step, never below 0. */
export function dirtPhase(s: State, seat: Seat): { dice: number; visitors: number; token: number; stands: number } {
  const dice = diceDirt(s, seat);
  const visitors = Math.max(0, visitorsIn(seat.park) - abilityTotal(s, seat, "visitorDirtRelief"));
  seat.dirt += dice + visitors;
  const afterIntake = seat.dirt;
  const token = seat.token === null ? 0 : TOKEN_DIRT[s.tokens[seat.token]!];
  seat.dirt = Math.max(0, seat.dirt + token);
  const afterToken = seat.dirt;
  seat.dirt = Math.max(0, seat.dirt - abilityTotal(s, seat, "cleanAfterToken"));
  return { dice, visitors, token: afterToken - afterIntake, stands: seat.dirt - afterToken };
}

/** Clean dirt: "for each [Clean die] you spend, discard up to 2 Dirt ... You cannot have fewer than 0". */
export function cleanDirt(seat: Seat, dice: number): void {
  seat.dirt = Math.max(0, seat.dirt - CLEAN_PER_DIE * dice);
}

/** Income per seat: 3 per visitor, plus stand income (assumed Casino; 1 per stand in the beginner variant). */
export function incomeOf(s: State, seat: Seat, perVisitor: number, beginnerPerStand: number): { visitors: number; stands: number } {
  const visitors = perVisitor * visitorsIn(seat.park);
  const stands = s.beginner ? beginnerPerStand * seat.park.stands.length : abilityTotal(s, seat, "income");
  return { visitors, stands };
}

/** Money a bonus card pays now to `seat` (its own text, plus the assumed Promoter stand's extra). */
export function bonusValue(s: State, seat: Seat, card: number): number {
  const e = comps(s).bonusCards[card]!.effect;
  const park = seat.park;
  let v = 0;
  switch (e.kind) {
    case "fans":
      v = e.amount * (park.seated[e.colour] ?? 0);
      break;
    case "fullHouse": {
      const seats = seatsOf(park, comps(s), e.colour);
      v = seats > 0 && (park.seated[e.colour] ?? 0) >= seats ? e.amount : 0;
      break;
    }
    case "crowd":
      v = e.amount * visitorsIn(park);
      break;
    case "rainbow":
      v = e.amount * park.seated.filter((n) => n > 0).length;
      break;
    case "showman":
      v = e.amount * rideCount(park);
      break;
    case "giant":
      v = e.amount * ridesOfSize(park, e.size);
      break;
    case "merchant":
      v = e.amount * park.stands.length;
      break;
    case "variety":
      v = e.amount * new Set(park.stands.map((x) => x.type)).size;
      break;
    case "landowner":
      v = e.amount * park.grounds.length;
      break;
    case "spotless":
      v = seat.dirt === 0 ? e.amount : 0;
      break;
  }
  return v + abilityTotal(s, seat, "bonusMoney");
}

/** The name that makes two bonus cards identical ("not possible to play two identical Bonus cards in the same turn"). */
export function cardName(s: State, card: number): string {
  return comps(s).bonusCards[card]?.name ?? `card ${card}`;
}

/** True at or past the skull of the Final Dirt Track ("30 or more Dirt you lose all your money"). */
export function isSkull(s: State, dirt: number): boolean {
  return dirt >= comps(s).dirtFees.length;
}

/** The final fee: the Final Dirt Track's fee, capped at the money held (ASSUMED: no debt); all money at the skull. */
export function finalFee(s: State, seat: Seat): number {
  if (isSkull(s, seat.dirt)) return seat.money;
  return Math.min(seat.money, comps(s).dirtFees[seat.dirt] ?? 0);
}
