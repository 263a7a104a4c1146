import { cloneJson, seedRng, shuffle, type PlayerId, type Seed } from "@rules/core";
import { seatsOf } from "./park.js";
import { comps, type JoinedRide, type Park, type State, type View } from "./schema.js";
import type { Components } from "./data.js";

// What a seat may know at the table. Public: parks, money, Dirt, dice, tokens, the bag and the pool
// (every visitor put in or drawn is seen), the cards played. Hidden: other seats' bonus hands and
// the cards they drew (counts only), the deck, the discard pile, the generator.

/** What seat `viewer` (or a spectator, `null`) sees. */
export function playerView(state: State, viewer: PlayerId | null): View {
  return {
    viewer,
    players: state.players,
    beginner: state.beginner,
    gentleTwoPlayer: state.gentleTwoPlayer,
    mustSpendDice: state.mustSpendDice,
    optionalSeating: state.optionalSeating,
    components: state.components === null ? null : cloneJson(state.components),
    turn: state.turn,
    phase: state.phase,
    tokens: [...state.tokens],
    finalRerolls: state.finalRerolls,
    seats: state.seats.map((seat, p) => {
      const { hand, offer, ...open } = cloneJson(seat);
      const own = p === viewer;
      return { ...open, handCount: hand.length, offerCount: offer.length, joinedRides: joinedRides(seat.park, comps(state)), hand: own ? hand : null, offer: own ? offer : null };
    }),
    actor: state.actor,
    step: cloneJson(state.step),
    deckCount: state.deck.length,
    discardCount: state.discard.length,
    draftDiscardCount: state.draftDiscards.length,
    bag: [...state.bag],
    pool: [...state.pool],
  };
}

/**
 * The rides of `park` as the rulebook counts them: the pieces of one colour are one joined ride
 * (Construction Rules), with its seats and the visitors seated on it.
 */
export function joinedRides(park: Park, c: Components): JoinedRide[] {
  const out: JoinedRide[] = [];
  park.rides.forEach((r, i) => {
    const known = out.find((j) => j.colour === r.colour);
    if (known) known.pieces.push(i);
    else out.push({ colour: r.colour, pieces: [i], seats: seatsOf(park, c, r.colour), seated: park.seated[r.colour] ?? 0 });
  });
  return out;
}

/**
 * A full state `viewer` cannot tell from `state`: every bonus card it has not seen (the deck, the
 * discards, other seats' hands and drawn cards) is dealt again at random into the same places and
 * sizes; the generator is reseeded. All chance comes from `seed`.
 */
export function determinize(state: State, viewer: PlayerId, seed: Seed): State {
  const s = cloneJson(state);
  const rng = seedRng(seed);
  const others = s.seats.filter((_, p) => p !== viewer);
  // Cards played this turn were seen face up on their way to the discard pile.
  const seen = new Set(s.step?.played ?? []);
  const faceDown = s.discard.filter((c) => !seen.has(c));
  const unseen = shuffle(rng, [...s.deck, ...faceDown, ...s.draftDiscards, ...others.flatMap((x) => [...x.hand, ...x.offer])]);
  const take = (n: number): number[] => unseen.splice(0, n);
  s.deck = take(s.deck.length);
  s.discard = [...s.discard.filter((c) => seen.has(c)), ...take(faceDown.length)];
  s.draftDiscards = take(s.draftDiscards.length);
  for (const x of others) {
    x.hand = take(x.hand.length);
    x.offer = take(x.offer.length);
  }
  s.rng = rng;
  return s;
}

/** True when `action` shows someone a hidden card: a bonus card drawn into a hand's choice. */
export function revealsInformation(before: State, after: State): boolean {
  return before.seats.some((x, p) => after.seats[p]!.offer.some((c) => !x.offer.includes(c)));
}
