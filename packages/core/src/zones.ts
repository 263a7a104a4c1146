import { shuffle, type RngState } from "./rng.js";

// Zone helpers shared by every game. Convention: a deck's top is the END of its array, so a draw is
// a `pop`. All helpers mutate their arguments.

/**
 * Draw up to `n` cards from the top of `deck`; returns them in draw order (may be fewer).
 *
 * @example
 * ```ts
 * import { draw } from "@rules/core";
 *
 * const deck = [1, 2, 3, 4]; // top = the end
 * console.log(draw(deck, 2), deck); // [4, 3] [1, 2]
 * ```
 */
export function draw<T>(deck: T[], n = 1): T[] {
  const out: T[] = [];
  for (let i = 0; i < n && deck.length > 0; i++) out.push(deck.pop()!);
  return out;
}

/**
 * Draw exactly one card, or `undefined` when the deck is empty.
 *
 * @example
 * ```ts
 * import { drawOne } from "@rules/core";
 *
 * console.log(drawOne(["a", "b"]), drawOne([])); // "b" undefined
 * ```
 */
export function drawOne<T>(deck: T[]): T | undefined {
  return deck.pop();
}

/**
 * Draw up to `n` cards; whenever `deck` runs out, shuffle all of `discard` into it first (the usual
 * "reshuffle the discard pile" rule). Returns fewer than `n` only when both are empty.
 *
 * @example
 * ```ts
 * import { drawWithReshuffle, seedRng } from "@rules/core";
 *
 * const deck = [1];
 * const discard = [2, 3];
 * const drawn = drawWithReshuffle(seedRng(1), deck, discard, 2);
 * console.log(drawn[0], drawn.length, discard.length, deck.length); // 1 2 0 1
 * ```
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

/**
 * Deal `n` cards to each hand in turn (one at a time, round the table), from the top of `deck`.
 *
 * @example
 * ```ts
 * import { deal } from "@rules/core";
 *
 * const deck = [1, 2, 3, 4, 5, 6];
 * const hands: number[][] = [[], []];
 * deal(deck, hands, 2);
 * console.log(hands, deck); // [[6, 4], [5, 3]] [1, 2]
 * ```
 */
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
 *
 * @example
 * ```ts
 * import { moveCard } from "@rules/core";
 *
 * const hand = ["ace", "king", "queen"];
 * const table: string[] = [];
 * moveCard(hand, table, "king");
 * moveCard(hand, table, (c) => c.startsWith("q"));
 * console.log(hand, table); // ["ace"] ["king", "queen"]
 * ```
 */
export function moveCard<T>(from: T[], to: T[], card: T | ((c: T) => boolean)): T | undefined {
  const i = typeof card === "function" ? from.findIndex(card as (c: T) => boolean) : from.indexOf(card);
  if (i < 0) return undefined;
  const [c] = from.splice(i, 1);
  to.push(c!);
  return c;
}

/**
 * Remove and return the first card equal to `card` from `zone`, or `undefined`.
 *
 * @example
 * ```ts
 * import { removeCard } from "@rules/core";
 *
 * const zone = [3, 5, 3];
 * console.log(removeCard(zone, 3), zone, removeCard(zone, 9)); // 3 [5, 3] undefined
 * ```
 */
export function removeCard<T>(zone: T[], card: T): T | undefined {
  const i = zone.indexOf(card);
  if (i < 0) return undefined;
  return zone.splice(i, 1)[0];
}

/**
 * Shuffle `from` into a new deck: empties `from`, returns the shuffled cards.
 *
 * @example
 * ```ts
 * import { seedRng, shuffleInto } from "@rules/core";
 *
 * const discard = [1, 2, 3];
 * const deck = shuffleInto(seedRng(1), discard);
 * console.log(deck.length, discard.length); // 3 0
 * ```
 */
export function shuffleInto<T>(rng: RngState, from: T[]): T[] {
  return shuffle(rng, from.splice(0, from.length));
}

/**
 * The "deck runs out" rule of games whose discard pile must never be empty: when `deck` is empty,
 * shuffle the whole `discard` into it, then turn `turnUp` cards from the new deck face up to start
 * a new discard pile. Does nothing (returns false) unless the deck is empty and the discard holds
 * more than `turnUp` cards, so a lone discard card is never shuffled away and back.
 *
 * @example
 * ```ts
 * import { reshuffleDiscard, seedRng } from "@rules/core";
 *
 * const deck: number[] = [];
 * const discard = [1, 2, 3, 4];
 * console.log(reshuffleDiscard(seedRng(1), deck, discard, 1), deck.length, discard.length); // true 3 1
 * ```
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
 *
 * @example
 * ```ts
 * import { drawOne, refillRow } from "@rules/core";
 *
 * const deck = [1, 2, 3];
 * const row = [9];
 * console.log(refillRow(row, 3, () => drawOne(deck)), row); // 2 [9, 3, 2]
 * ```
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
