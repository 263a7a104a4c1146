import { outcomeFromScores, type Outcome } from "@rules/core";
import type { State } from "./schema.js";

/** "After finishing the round with the final donkey, the game ends" (and any Lost donkey after it). */
export function isTerminal(state: State): boolean {
  return state.round === null;
}

/** Points of a seat: the values of the load cards it won. */
export function points(state: State, seat: number): number {
  return (state.scorePiles[seat] ?? []).reduce((sum, c) => sum + c.value, 0);
}

/**
 * Game end: highest points wins; a tie goes to the most load cards won; a tie that still stands is
 * a shared victory (equal ranks, several winners). `undefined` until the game is over.
 */
export function outcome(state: State): Outcome | undefined {
  if (!isTerminal(state)) return undefined;
  const scores = state.scorePiles.map((_, p) => points(state, p));
  const cards = state.scorePiles.map((pile) => pile.length);
  return outcomeFromScores(
    scores,
    cards.map((n) => [n]),
    scores.map((pointsWon, p) => ({ points: pointsWon, cards: cards[p]! })),
  );
}
