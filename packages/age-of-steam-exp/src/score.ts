import { outcomeFromScores, softRankRewards, type Outcome } from "@rules/core";
import { RULES } from "./data.js";
import { network } from "./network.js";
import { isPark, parkBreakdown, parkOutcome } from "./amusement.js";
import type { State } from "./schema.js";

// End and scoring (rulebook §1.4): the game ends after the last turn of the map's length, or when
// at most one player is left. Incomplete track loses its owners first, so only complete links
// count. Score = 3 × income − 3 × shares + 1 per track path the player owns in complete links.
// Eliminated players do not score (reported as RULES.eliminatedScore, so they rank last); tied
// scores share a rank (no tie-break was found).

export function isTerminal(state: State): boolean {
  return state.phase === "over";
}

/** Paths owned by each seat in complete links (a town spur counts as one). */
export function trackPoints(state: State): number[] {
  const net = network(state);
  const pts = state.cash.map(() => 0);
  for (const l of net.links) {
    if (l.to < 0 || l.owner === null || state.eliminated[l.owner]) continue;
    // A claimed connection (the Channel) has no track tiles; it scores 1, as the one link it is (ASSUMED).
    pts[l.owner]! += l.connection !== undefined ? 1 : l.segments.length;
  }
  return pts;
}

/** Each seat's score and its parts. */
export function scoreBreakdown(state: State): Array<Record<string, number>> {
  if (isPark(state)) return [parkBreakdown(state)];
  const pts = trackPoints(state);
  return state.cash.map((_, p) => {
    const income = state.income[p]! * 3;
    const shares = -3 * state.shares[p]!;
    const track = pts[p]!;
    const eliminated = state.eliminated[p] ? 1 : 0;
    return { income, shares, track, eliminated, total: eliminated ? RULES.eliminatedScore : income + shares + track };
  });
}

/**
 * Each seat's score now, the `scores` hook (the totals of `scoreBreakdown`; `outcome(state).scores`
 * at the end): on a base map 3 × income − 3 × shares + track in complete links (§1.4), and
 * `RULES.eliminatedScore` (−1000) for a seat that went bankrupt; on the Amusement Park the
 * visitors transported.
 *
 * @example
 * ```ts
 * import { initialState, scores } from "@rules/age-of-steam-exp";
 *
 * console.log(scores(initialState(1, { players: 3 }))); // [-6, -6, -6]: two shares each, no income nor track
 * ```
 */
export function scores(state: State): number[] {
  return scoreBreakdown(state).map((b) => b.total!);
}

export function outcome(state: State): Outcome | undefined {
  if (!isTerminal(state)) return undefined;
  if (isPark(state)) return parkOutcome(state);
  const b = scoreBreakdown(state);
  return outcomeFromScores(b.map((x) => x.total!), undefined, b);
}

/**
 * Points of uncertainty in a lead: about two track tiles or a third of an income step's points (a
 * guess tuned by `npm run strength`, not a rule).
 */
export const HEURISTIC_SCALE = 5;

/**
 * The Amusement Park's progress toward a clear, in [0, 1]: the share of visitors carried to an
 * attraction of their colour (weight 0.6) and the share of large attractions that have received one
 * (weight 0.4), the two clear conditions. 1 exactly when both are met.
 *
 * @example
 * ```ts
 * import { initialState, parkProgress } from "@rules/age-of-steam-exp";
 *
 * console.log(parkProgress(initialState(1, { players: 1, map: "amusement-park" }))); // 0: nobody carried yet
 * ```
 */
export function parkProgress(state: State): number {
  const b = parkBreakdown(state);
  const carried = b.visitors! > 0 ? b.transported! / b.visitors! : 1;
  const served = b.large! > 0 ? b.served! / b.large! : 1;
  return 0.6 * carried + 0.4 * served;
}

/** What a dollar in hand counts: cash pays for track and expenses, and keeps a seat in the game. */
export const CASH_PROMISE = 0.3;

/**
 * What a seat loses, in points, when its cash and income will not cover the next expenses (VII:
 * $1 per share and per locomotive level; a shortfall comes off income, and a seat whose income
 * cannot absorb it is eliminated).
 */
export const SHORTFALL_PENALTY = 10;

/**
 * The points MCTS's heuristic compares on a base map: the score now (`scoreBreakdown`'s
 * total), plus `CASH_PROMISE` per dollar, minus `SHORTFALL_PENALTY` when cash + income fall short
 * of the next expenses. An eliminated seat keeps its score (last).
 *
 * @example
 * ```ts
 * import { initialState, promisedScore } from "@rules/age-of-steam-exp";
 *
 * console.log(promisedScore(initialState(1, { players: 3 }))); // [-3, -3, -3]: each seat's 2 shares (−6) and $10 (+3)
 * ```
 */
export function promisedScore(state: State): number[] {
  return scoreBreakdown(state).map((b, p) => {
    if (state.eliminated[p]) return b.total!;
    const due = state.shares[p]! + state.loco[p]!;
    const short = state.cash[p]! + state.income[p]! < due ? SHORTFALL_PENALTY : 0;
    return b.total! + CASH_PROMISE * state.cash[p]! - short;
  });
}

/**
 * MCTS's estimate of each seat's rank reward if the game ended now (the `heuristic` hook): the
 * seats ranked by {@link promisedScore} (score now, 3 × income − 3 × shares + track in complete
 * links, plus cash, minus a shortfall against the next expenses; an eliminated seat last), each
 * pairwise lead softened by `HEURISTIC_SCALE` points (`softRankRewards`). The solo Amusement
 * Park: {@link parkProgress}.
 *
 * @example
 * ```ts
 * import { heuristic, initialState } from "@rules/age-of-steam-exp";
 *
 * console.log(heuristic(initialState(1, { players: 3 }))); // [0.5, 0.5, 0.5]: nobody has scored yet
 * ```
 */
export function heuristic(state: State): number[] {
  if (isPark(state)) return [parkProgress(state)];
  return softRankRewards(promisedScore(state), HEURISTIC_SCALE);
}
