import type { Outcome, PlayerId } from "./types.js";

/**
 * Rank seats by keys compared left to right, higher first (`[score, tieBreak1, ...]`). Seats equal on
 * every key share a rank (competition ranking: 1, 1, 3) and are all winners when they share rank 1.
 *
 * @example
 * ```ts
 * import { rankByKeys } from "@rules/core";
 *
 * console.log(rankByKeys([[10, 2], [10, 2], [8, 5]])); // { ranks: [1, 1, 3], winners: [0, 1] }
 * ```
 */
export function rankByKeys(keys: readonly (readonly number[])[]): { ranks: number[]; winners: PlayerId[] } {
  const cmp = (a: readonly number[], b: readonly number[]): number => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (b[i] ?? 0) - (a[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  const ranks = keys.map((k) => 1 + keys.filter((o) => cmp(o, k) < 0).length);
  const winners = ranks.flatMap((r, p) => (r === 1 ? [p] : []));
  return { ranks, winners };
}

/**
 * An {@link Outcome} from scores and tie-break keys (each seat's key is `[score, ...tieBreaks[p]]`).
 *
 * @example
 * ```ts
 * import { outcomeFromScores } from "@rules/core";
 *
 * // Seats 1 and 2 tie on 9 points; the tie-break (e.g. cards left) goes to seat 2.
 * const o = outcomeFromScores([7, 9, 9], [[1], [0], [2]]);
 * console.log(o.ranks, o.winners); // [3, 2, 1] [2]
 * ```
 */
export function outcomeFromScores(
  scores: readonly number[],
  tieBreaks?: readonly (readonly number[])[],
  breakdown?: Array<Record<string, number>>,
): Outcome {
  const { ranks, winners } = rankByKeys(scores.map((s, p) => [s, ...(tieBreaks?.[p] ?? [])]));
  const o: Outcome = { scores: [...scores], ranks, winners };
  if (breakdown) o.breakdown = breakdown;
  return o;
}
