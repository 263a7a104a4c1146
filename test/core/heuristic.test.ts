import { logistic, outcomeFromScores, rankRewards, softRankRewards } from "@rules/core";
import { describe, expect, it } from "vitest";

describe("softRankRewards", () => {
  it("a tie is worth 0.5 to each seat, and one seat alone gets 0.5", () => {
    expect(softRankRewards([4, 4, 4], 2)).toEqual([0.5, 0.5, 0.5]);
    expect(softRankRewards([9], 2)).toEqual([0.5]);
  });

  it("with a small scale it approaches the rank reward of a finished game", () => {
    const points = [10, 30, 20, 0];
    const soft = softRankRewards(points, 0.01);
    rankRewards(outcomeFromScores(points)).forEach((r, p) => expect(soft[p]).toBeCloseTo(r, 6));
  });

  it("keeps the order of the points, and the rewards of two seats sum to 1", () => {
    const r = softRankRewards([3, 8, 5], 4);
    expect(r[1]).toBeGreaterThan(r[2]!);
    expect(r[2]).toBeGreaterThan(r[0]!);
    const [a, b] = softRankRewards([2, 7], 3);
    expect(a! + b!).toBeCloseTo(1, 12);
    expect(b).toBeCloseTo(logistic(5 / 3), 12);
  });

  it("refuses a scale that is not positive", () => {
    expect(() => softRankRewards([1, 2], 0)).toThrow(RangeError);
    expect(() => softRankRewards([1, 2], Number.NaN)).toThrow(RangeError);
  });
});
