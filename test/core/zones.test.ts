import { deal, draw, drawOne, drawWithReshuffle, moveCard, refillRow, removeCard, reshuffleDiscard, seedRng, shuffleInto } from "@rules/core";
import { describe, expect, it } from "vitest";

describe("zones (deck top = end of the array)", () => {
  it("draws from the top, fewer when the deck runs out", () => {
    const deck = [1, 2, 3];
    expect(draw(deck, 2)).toEqual([3, 2]);
    expect(draw(deck, 5)).toEqual([1]);
    expect(drawOne(deck)).toBeUndefined();
  });

  it("reshuffles the discard pile into the deck when it runs out", () => {
    const deck = [1];
    const discard = [5, 6, 7];
    const got = drawWithReshuffle(seedRng(1), deck, discard, 3);
    expect(got[0]).toBe(1);
    expect(got).toHaveLength(3);
    expect(discard).toEqual([]);
    expect([...got, ...deck].sort()).toEqual([1, 5, 6, 7]);
    expect(drawWithReshuffle(seedRng(1), [], [], 2)).toEqual([]);
  });

  it("deals round the table one card at a time", () => {
    const deck = [1, 2, 3, 4, 5];
    const hands: number[][] = [[], []];
    deal(deck, hands, 2);
    expect(hands).toEqual([[5, 3], [4, 2]]);
    expect(deck).toEqual([1]);
    deal(deck, hands, 2);
    expect(hands).toEqual([[5, 3, 1], [4, 2]]);
  });

  it("moves and removes cards by value or predicate", () => {
    const a = [1, 2, 3];
    const b: number[] = [];
    expect(moveCard(a, b, 2)).toBe(2);
    expect(moveCard(a, b, (c) => c > 2)).toBe(3);
    expect(moveCard(a, b, 9)).toBeUndefined();
    expect([a, b]).toEqual([[1], [2, 3]]);
    expect(removeCard(b, 3)).toBe(3);
    expect(removeCard(b, 3)).toBeUndefined();
    const from = [1, 2, 3];
    expect(shuffleInto(seedRng(2), from).sort()).toEqual([1, 2, 3]);
    expect(from).toEqual([]);
  });
});

describe("zones: a discard pile that restarts the deck, a refilled row", () => {
  it("reshuffles the whole discard into an empty deck and turns a new discard", () => {
    const deck: number[] = [];
    const discard = [1, 2, 3, 4];
    expect(reshuffleDiscard(seedRng(3), deck, discard, 1)).toBe(true);
    expect(discard).toHaveLength(1);
    expect(deck).toHaveLength(3);
    expect([...deck, ...discard].sort()).toEqual([1, 2, 3, 4]);
  });

  it("leaves a non-empty deck and a lone discard card alone", () => {
    const deck = [9];
    const discard = [1, 2];
    expect(reshuffleDiscard(seedRng(3), deck, discard, 1)).toBe(false);
    expect(deck).toEqual([9]);
    const empty: number[] = [];
    const lone = [5];
    expect(reshuffleDiscard(seedRng(3), empty, lone, 1)).toBe(false);
    expect(lone).toEqual([5]);
    expect(empty).toEqual([]);
  });

  it("is deterministic for a seed", () => {
    const run = () => {
      const deck: number[] = [];
      const discard = [1, 2, 3, 4, 5, 6, 7, 8];
      reshuffleDiscard(seedRng("x"), deck, discard, 1);
      return [deck, discard];
    };
    expect(run()).toEqual(run());
  });

  it("refills a row up to its size, stopping when the source runs dry", () => {
    const deck = [1, 2, 3];
    const row = [7];
    expect(refillRow(row, 3, () => deck.pop())).toBe(2);
    expect(row).toEqual([7, 3, 2]);
    expect(refillRow(row, 2, () => deck.pop())).toBe(0);
    expect(refillRow(row, 6, () => deck.pop())).toBe(1);
    expect(row).toEqual([7, 3, 2, 1]);
  });
});
