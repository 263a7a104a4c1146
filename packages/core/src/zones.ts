import { shuffle, type RngState } from "./rng.js";

// Zone helpers shared by every game. Convention: a deck's top is the END of its array, so a draw is
// a `pop`. All helpers mutate their arguments.

/** Draw up to `n` cards from the top of `deck`; returns them in draw order (may be fewer). */
export function draw<T>(deck: T[], n = 1): T[] {
  const out: T[] = [];
  for (let i = 0; i < n && deck.length > 0; i++) out.push(deck.pop()!);
  return out;
}

/** Draw exactly one card, or `undefined` when the deck is empty. */
export function drawOne<T>(deck: T[]): T | undefined {
  return deck.pop();
}

/**
 * Draw up to `n` cards; whenever `deck` runs out, shuffle all of `discard` into it first (the usual
 * "reshuffle the discard pile" rule). Returns fewer than `n` only when both are empty.
 */
export function drawWithReshuffle<T>(rng: RngState, deck: T[], discard: T[], n = 1): T[] {
  const out: T[] = [];
  while (out.length < n) {
    if (deck.length === 0) {
      if (discard.length === 0) break;
      deck.push(...discard.splice(0, discard.length));
      shuffle(rng, deck);
    }
    out.push(deck.pop()!);
  }
  return out;
}

/** Deal `n` cards to each hand in turn (one at a time, round the table), from the top of `deck`. */
export function deal<T>(deck: T[], hands: T[][], n: number): void {
  for (let round = 0; round < n; round++) {
    for (const hand of hands) {
      const c = deck.pop();
      if (c === undefined) return;
      hand.push(c);
    }
  }
}

/**
 * Move the first card equal to `card` (`===`, or the given predicate) from `from` to the end of
 * `to`. Returns the moved card, or `undefined` when `from` holds no such card.
 */
export function moveCard<T>(from: T[], to: T[], card: T | ((c: T) => boolean)): T | undefined {
  const i = typeof card === "function" ? from.findIndex(card as (c: T) => boolean) : from.indexOf(card);
  if (i < 0) return undefined;
  const [c] = from.splice(i, 1);
  to.push(c!);
  return c;
}

/** Remove and return the first card equal to `card` from `zone`, or `undefined`. */
export function removeCard<T>(zone: T[], card: T): T | undefined {
  const i = zone.indexOf(card);
  if (i < 0) return undefined;
  return zone.splice(i, 1)[0];
}

/** Shuffle `from` into a new deck: empties `from`, returns the shuffled cards. */
export function shuffleInto<T>(rng: RngState, from: T[]): T[] {
  return shuffle(rng, from.splice(0, from.length));
}

/**
 * The "deck runs out" rule of games whose discard pile must never be empty: when `deck` is empty,
 * shuffle the whole `discard` into it, then turn `turnUp` cards from the new deck face up to start
 * a new discard pile. Does nothing (returns false) unless the deck is empty and the discard holds
 * more than `turnUp` cards, so a lone discard card is never shuffled away and back.
 */
export function reshuffleDiscard<T>(rng: RngState, deck: T[], discard: T[], turnUp = 0): boolean {
  if (deck.length > 0 || discard.length <= turnUp) return false;
  deck.push(...discard.splice(0, discard.length));
  shuffle(rng, deck);
  for (let i = 0; i < turnUp; i++) discard.push(deck.pop()!);
  return true;
}

/**
 * Refill a face-down row (a market, a platform) to at least `size` cards, appending what `next`
 * gives (e.g. `() => drawOne(deck)`) until it returns `undefined`. Returns the number of cards added.
 */
export function refillRow<T>(row: T[], size: number, next: () => T | undefined): number {
  let added = 0;
  while (row.length < size) {
    const c = next();
    if (c === undefined) break;
    row.push(c);
    added++;
  }
  return added;
}
