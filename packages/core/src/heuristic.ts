// Helpers for a game's `heuristic` hook (see GameDefinition.heuristic): turning the points each
// seat would score now into an estimate of the rank reward mctsBot gives a finished game.

/**
 * A smooth estimate of each seat's rank reward from points so far: for seat p, the mean over the
 * other seats q of the logistic `1 / (1 + exp(-(points[p] - points[q]) / scale))`, the chance that p
 * finishes ahead of q when the lead is worth `scale` points of uncertainty. Since a finished game's
 * rank reward is the share of other seats a seat beats, this is that reward with each comparison
 * softened: a lead of 3 × scale counts 0.95, a tie 0.5. Solo (one seat): 0.5. Values lie in (0, 1).
 *
 * @example
 * ```ts
 * import { softRankRewards } from "@rules/core";
 *
 * console.log(softRankRewards([12, 7, 12], 2)); // [0.71…, 0.08…, 0.71…]: two leaders tied, one seat far behind
 * console.log(softRankRewards([5, 5], 3)); // [0.5, 0.5]
 * ```
 */
export function softRankRewards(points: readonly number[], scale: number): number[] {
  const n = points.length;
  if (!(scale > 0)) throw new RangeError(`softRankRewards: scale must be a positive number, got ${String(scale)}`);
  if (n <= 1) return points.map(() => 0.5);
  const out = new Array<number>(n).fill(0);
  for (let p = 0; p < n; p++) {
    let sum = 0;
    for (let q = 0; q < n; q++) if (q !== p) sum += logistic((points[p]! - points[q]!) / scale);
    out[p] = sum / (n - 1);
  }
  return out;
}

/**
 * The logistic function `1 / (1 + e^-x)`: a margin (in units of its uncertainty) as a chance in
 * (0, 1). Handy for a solo heuristic: `logistic((myPoints - opponentPoints) / scale)`.
 *
 * @example
 * ```ts
 * import { logistic } from "@rules/core";
 *
 * console.log(logistic(0), logistic(3) > 0.95, logistic(-3) < 0.05); // 0.5 true true
 * ```
 */
export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
