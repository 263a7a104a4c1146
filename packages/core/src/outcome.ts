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
  const n = keys.length;
  const ranks: number[] = [];
  const winners: PlayerId[] = [];
  for (let p = 0; p < n; p++) {
    const k = keys[p]!;
    let rank = 1;
    for (let q = 0; q < n; q++) if (q !== p && aheadOf(keys[q]!, k)) rank++;
    ranks.push(rank);
    if (rank === 1) winners.push(p);
  }
  return { ranks, winners };
}

/**
 * True when key `a` ranks strictly ahead of key `b`: at the first position where they differ
 * (a missing entry counts as 0), `a` is higher. The difference is what is compared, as it always
 * was, so NaN entries rank nobody ahead.
 */
function aheadOf(a: readonly number[], b: readonly number[]): boolean {
  const len = a.length > b.length ? a.length : b.length;
  for (let i = 0; i < len; i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
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
  // Ranked as rankByKeys ranks the keys [score, ...tieBreaks[p]], without building them: MCTS
  // scores a finished playout through here on every iteration.
  const n = scores.length;
  const ranks: number[] = [];
  const winners: PlayerId[] = [];
  for (let p = 0; p < n; p++) {
    let rank = 1;
    for (let q = 0; q < n; q++) if (q !== p && scoreAheadOf(scores, tieBreaks, q, p)) rank++;
    ranks.push(rank);
    if (rank === 1) winners.push(p);
  }
  const o: Outcome = { scores: [...scores], ranks, winners };
  if (breakdown) o.breakdown = breakdown;
  return o;
}

/** {@link aheadOf} for the keys `[scores[q], ...tieBreaks[q]]` and `[scores[p], ...tieBreaks[p]]`. */
function scoreAheadOf(scores: readonly number[], tieBreaks: readonly (readonly number[])[] | undefined, q: number, p: number): boolean {
  const d = (scores[p] ?? 0) - (scores[q] ?? 0);
  if (d !== 0) return d < 0;
  const a = tieBreaks?.[q];
  const b = tieBreaks?.[p];
  const la = a ? a.length : 0;
  const lb = b ? b.length : 0;
  const len = la > lb ? la : lb;
  for (let i = 0; i < len; i++) {
    const e = (b?.[i] ?? 0) - (a?.[i] ?? 0);
    if (e !== 0) return e < 0;
  }
  return false;
}
