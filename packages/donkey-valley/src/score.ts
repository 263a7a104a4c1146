import { outcomeFromScores, softRankRewards, type Outcome } from "@rules/core";
import type { State } from "./schema.js";

/** "After finishing the round with the final donkey, the game ends" (and any Lost donkey after it). */
export function isTerminal(state: State): boolean {
  return state.round === null;
}

/** Points of a seat: the values of the load cards it won. */
export function points(state: State, seat: number): number {
  const pile = state.scorePiles[seat] ?? [];
  let sum = 0;
  for (let i = 0; i < pile.length; i++) sum += pile[i]!.value;
  return sum;
}

/**
 * Each seat's points now ("Game end": the values of the load cards won), the `scores` hook: 0 for
 * everyone at the start, `outcome(state).scores` at the end.
 *
 * @example
 * ```ts
 * import { initialState, scores } from "@rules/donkey-valley";
 *
 * console.log(scores(initialState(1, { players: 3 }))); // [0, 0, 0]: no load card won yet
 * ```
 */
export function scores(state: State): number[] {
  return state.scorePiles.map((_, p) => points(state, p));
}

/**
 * Game end: highest points wins; a tie goes to the most load cards won; a tie that still stands is
 * a shared victory (equal ranks, several winners). `undefined` until the game is over.
 */
export function outcome(state: State): Outcome | undefined {
  if (!isTerminal(state)) return undefined;
  // One loop, no callbacks: MCTS scores every finished playout through here.
  const scores: number[] = [];
  const cards: number[][] = [];
  const breakdown: { points: number; cards: number }[] = [];
  for (let p = 0; p < state.scorePiles.length; p++) {
    const won = points(state, p);
    const n = state.scorePiles[p]!.length;
    scores.push(won);
    cards.push([n]);
    breakdown.push({ points: won, cards: n });
  }
  return outcomeFromScores(scores, cards, breakdown);
}

/**
 * Points of uncertainty in a lead: about one load card (a guess, not a rule).
 */
export const HEURISTIC_SCALE = 5;

/**
 * MCTS's estimate of each seat's rank reward if the game ended now (the `heuristic` hook, read when
 * a playout is cut off): the seats ranked by the points they have won, each pairwise lead softened
 * by `HEURISTIC_SCALE` points (`softRankRewards`).
 *
 * @example
 * ```ts
 * import { heuristic, initialState } from "@rules/donkey-valley";
 *
 * console.log(heuristic(initialState(1, { players: 3 }))); // [0.5, 0.5, 0.5]: no load card won yet
 * ```
 */
export function heuristic(state: State): number[] {
  return softRankRewards(scores(state), HEURISTIC_SCALE);
}
