import type { Components, DonkeyType, FavorKind } from "./data.js";
import { FAVOR_KINDS } from "./data.js";
import type { Card, Round, State } from "./schema.js";

// Pure predicates of the rulebook, shared by legal.ts, apply.ts and round.ts.

/** Seats in clockwise order starting with `first` (step 2, step 3, step 4 B and the favor note). */
export function clockwiseFrom(first: number, players: number): number[] {
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}

/** The seat `i` places clockwise after `first` (`i = 0` is `first`); loops use it instead of building {@link clockwiseFrom}. */
export function seatAfter(first: number, i: number, players: number): number {
  return (first + i) % players;
}

/**
 * The favor carried by a load value, or null ("Favor overview": the 2, 4, 6, 8 and 10). Read
 * straight from the component set, in card order (FAVOR_KINDS) so that a value given two favors,
 * refused by ComponentsSchema, keeps the first: no table keyed on the set's identity or
 * frozenness, so a state copied any way (cloneJson, structuredClone) runs as fast as one from
 * setup. Named reads, not `favors[kind]` in a loop (a keyed read with a changing key is several
 * times slower in V8); test/donkey-valley/favor-kind.test.ts checks the order against FAVOR_KINDS.
 */
export function favorKindOf(c: Components, value: number): FavorKind | null {
  const f = c.favors;
  if (f.decideLast === value) return "decideLast";
  if (f.changeLoad === value) return "changeLoad";
  if (f.adjustCapacity === value) return "adjustCapacity";
  if (f.exchangeOrPick === value) return "exchangeOrPick";
  if (f.checkHalf === value) return "checkHalf";
  return null;
}

/** True when `seat` called in the favor `kind` this round. */
export function usedFavorThisRound(s: State, r: Round, seat: number, kind: FavorKind): boolean {
  const used = r.favors[seat];
  if (!used) return false;
  for (let i = 0; i < used.length; i++) if (favorKindOf(s.components, used[i]!) === kind) return true;
  return false;
}

/** Load cards per seat on this donkey (Double donkey: two, "every player plays two load cards"). */
export function loadsPerSeat(effect: DonkeyType): number {
  return effect === "double" ? 2 : 1;
}

/**
 * The capacity of a donkey as turned ("Donkey overview"): n times the player total (5 standard, 6
 * Giant, 4 Extra small, 10 Double); the Precision donkey has no capacity but a largest spread.
 */
export function baseLimit(effect: DonkeyType, players: number, c: Components): number {
  const per = c.capacityPerPlayer;
  switch (effect) {
    case "precision":
      return c.precision.maxSpread;
    case "giant":
      return per.giant * players;
    case "extraSmall":
      return per.extraSmall * players;
    case "double":
      return per.double * players;
    default:
      return per.standard * players;
  }
}

/**
 * Favor 6: the capacity (or the Precision spread) after raising or lowering it by two. The Precision
 * spread "cannot exceed nine or be less than one"; an ordinary capacity never drops below 0.
 */
export function effectiveCapacity(effect: DonkeyType, limit: number, direction: "increase" | "decrease", c: Components): number {
  const next = limit + (direction === "increase" ? c.favorCapacityStep : -c.favorCapacityStep);
  if (effect === "precision") return Math.min(c.precision.highestLimit, Math.max(c.precision.lowestLimit, next));
  return Math.max(0, next);
}

/**
 * Step 4: is the donkey overloaded? The total exceeds the capacity; the Precision donkey is
 * overloaded when the highest and lowest card differ by more than its spread.
 */
export function isOverloaded(effect: DonkeyType, limit: number, plays: readonly (readonly Card[])[]): boolean {
  let count = 0;
  let sum = 0;
  let high = 0;
  let low = 0;
  for (let p = 0; p < plays.length; p++) {
    const cards = plays[p]!;
    for (let i = 0; i < cards.length; i++) {
      const v = cards[i]!.value;
      if (count === 0 || v > high) high = v;
      if (count === 0 || v < low) low = v;
      count++;
      sum += v;
    }
  }
  if (count === 0) return false;
  return effect === "precision" ? high - low > limit : sum > limit;
}

/** Stubborn donkey: strictly more than half of the players denied their contract. */
export function stubbornRefuses(r: Round, players: number): boolean {
  if (r.effect !== "stubborn") return false;
  let denials = 0;
  for (const c of r.calls) if (c === "deny") denials++;
  return denials * 2 > players;
}

/** Whether a call was right, once the check is known. */
export function calledCorrectly(r: Round, seat: number): boolean {
  const call = r.calls[seat];
  return r.overloaded === true ? call === "deny" : r.overloaded === false && call === "approve";
}

/** What keeps a seat from calling in a favor (see {@link favorBlock}). */
export type FavorBlock = "hastily" | "allUsed" | "noFavor" | "notInHand" | "usedThisRound";

/**
 * What keeps `seat` from calling in the favor on the card of `value` now, or null when it may
 * (timing aside): Hastily blocks favors, two per game, the card must carry a favor and be in hand,
 * and a favor is called in once per round. {@link whyNotFavor} words it for a player.
 */
export function favorBlock(s: State, seat: number, value: number): FavorBlock | null {
  const r = s.round;
  if (r?.effect === "hastily") return "hastily";
  if ((s.favorsUsed[seat]?.length ?? 0) >= s.components.maxFavorsPerGame) return "allUsed";
  const kind = favorKindOf(s.components, value);
  if (kind === null) return "noFavor";
  if (!(s.hands[seat] ?? []).includes(value)) return "notInHand";
  if (r && usedFavorThisRound(s, r, seat, kind)) return "usedThisRound";
  return null;
}

/** Why `seat` may not call in the favor on the card of `value` now, in a player's words, or null when it may. */
export function whyNotFavor(s: State, seat: number, value: number): string | null {
  switch (favorBlock(s, seat, value)) {
    case null:
      return null;
    case "hastily":
      return "Favors cannot be used on the Hastily donkey";
    case "allUsed":
      return `You have already used your ${numberWord(s.components.maxFavorsPerGame)} favors this game`;
    case "noFavor":
      return `The ${value} load card carries no favor (favors are on the ${favorValuesText(s.components)})`;
    case "notInHand":
      return `You do not hold the ${value} load card`;
    case "usedThisRound":
      return `You have already called in the favor of the ${value} this round`;
  }
}

/**
 * Step 2: is `seat` asked for favors? Every seat is, in turn, unless the Hastily donkey blocks
 * favors or it has used all its favors (both public), so that being asked reveals nothing of a hand;
 * a seat without a favor card in hand passes.
 */
export function isAskedForFavors(s: State, seat: number): boolean {
  return s.round?.effect !== "hastily" && (s.favorsUsed[seat]?.length ?? 0) < s.components.maxFavorsPerGame;
}

/** Step 2: the favor cards `seat` may play now (distinct values, ascending). */
export function eligibleFavorValues(s: State, seat: number): number[] {
  const hand = s.hands[seat] ?? [];
  const out: number[] = [];
  for (let i = 0; i < hand.length; i++) {
    if (!repeatsPrevious(hand, i) && favorBlock(s, seat, hand[i]!) === null) out.push(hand[i]!);
  }
  return out;
}

/**
 * Step 3 order: clockwise from the first player, except that seats that used favor 2 call after all
 * the others (clockwise among themselves).
 */
export function callOrder(s: State, r: Round): number[] {
  const order: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < s.players; i++) {
      const seat = seatAfter(s.firstPlayer, i, s.players);
      if (usedFavorThisRound(s, r, seat, "decideLast") === (pass === 1)) order.push(seat);
    }
  }
  return order;
}

/** Face-down cards `viewer` may still look at: other seats' cards not looked at yet, seat order. */
export function peekTargets(r: Round, viewer: number): Array<{ seat: number; slot: number }> {
  const out: Array<{ seat: number; slot: number }> = [];
  for (let seat = 0; seat < r.plays.length; seat++) {
    if (seat === viewer) continue;
    for (let slot = 0; slot < r.plays[seat]!.length; slot++) if (!hasLooked(r, viewer, seat, slot)) out.push({ seat, slot });
  }
  return out;
}

/** How many face-down cards `viewer` may still look at ({@link peekTargets} without listing them). */
export function countPeekTargets(r: Round, viewer: number): number {
  let n = 0;
  for (let seat = 0; seat < r.plays.length; seat++) {
    if (seat === viewer) continue;
    for (let slot = 0; slot < r.plays[seat]!.length; slot++) if (!hasLooked(r, viewer, seat, slot)) n++;
  }
  return n;
}

/** True when `viewer` has looked at the card in `slot` of `seat` this round. */
export function hasLooked(r: Round, viewer: number, seat: number, slot: number): boolean {
  for (let i = 0; i < r.peeks.length; i++) {
    const p = r.peeks[i]!;
    if (p.viewer === viewer && p.seat === seat && p.slot === slot) return true;
  }
  return false;
}

/**
 * Looks `seat` takes right before its call: one on the Holes donkey, plus half of all played load
 * cards (rounded down) with favor 10.
 */
export function peeksOwed(s: State, r: Round, seat: number): number {
  const holes = r.effect === "holes" ? 1 : 0;
  let played = 0;
  for (const cards of r.plays) played += cards.length;
  const half = usedFavorThisRound(s, r, seat, "checkHalf") ? Math.floor(played / 2) : 0;
  return holes + half;
}

/** True when `hand[i]` has the value of the card before it (an ascending hand lists each value once this way). */
export function repeatsPrevious(hand: readonly number[], i: number): boolean {
  return i > 0 && hand[i] === hand[i - 1];
}

/** The distinct values of a list, ascending. */
export function distinct(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Insert `value` into an ascending hand. */
export function insertSorted(hand: number[], value: number): void {
  let i = 0;
  while (i < hand.length && hand[i]! <= value) i++;
  hand.splice(i, 0, value);
}

function favorValuesText(c: Components): string {
  const values = distinct(FAVOR_KINDS.map((k) => c.favors[k]));
  return values.slice(0, -1).join(", ") + " and " + String(values[values.length - 1]);
}

function numberWord(n: number): string {
  return ["no", "one", "two", "three", "four", "five"][n] ?? String(n);
}
