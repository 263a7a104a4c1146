import { deal, draw, drawOne, drawWithReshuffle, moveCard, removeCard, seedRng, shuffleInto } from "@rules/core";
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
