import { outcomeFromScores, softRankRewards, type Outcome } from "@rules/core";
import { COLOURS, KINDS, MISSING_SPACE_PENALTY, sameFace, type Bonus } from "./data.js";
import type { State } from "./schema.js";
import { card, filledSpaces, posterSide, spaceColour, spaceKind } from "./rules.js";

/** The game is over once the final turns after a completed resort are played. */
export function isTerminal(s: State): boolean {
  return s.stage === "over";
}

/**
 * One seat's final score, by part: attraction points, poster bonus, missing spaces (subtracted),
 * the total, and the spaces filled.
 *
 * @example
 * ```ts
 * import { initialState, scoreSeat, type ScoreBreakdown } from "@rules/steam-donkey";
 *
 * const b: ScoreBreakdown = scoreSeat(initialState(1, { players: 2 }), 0);
 * console.log(b.total === b.attractions + b.bonus - b.missing);
 * ```
 */
export interface ScoreBreakdown extends Record<string, number> {
  attractions: number;
  bonus: number;
  missing: number;
  total: number;
  filled: number;
}

/**
 * Points of the cards in one space: "Add up the points of all the attractions in your resort
 * (including any covered cards)"; with the advanced rule "only one of these will score" for
 * identical attractions in the same space.
 */
export function spacePoints(s: State, stack: readonly number[]): number {
  let sum = 0;
  stack.forEach((id, i) => {
    const c = card(s, id);
    if (s.rules.identicalScoreOnce && stack.slice(0, i).some((o) => sameFace(card(s, o), c))) return;
    sum += c.points;
  });
  return sum;
}

/** Attractions a poster bonus counts in a space: the top card, or every card with `posterBonusCountsCovered`. */
function counted(s: State, stack: readonly number[]): number {
  if (stack.length === 0) return 0;
  return s.rules.posterBonusCountsCovered ? stack.length : 1;
}

/** "remembering to score any bonuses from your Resort Poster". */
export function posterBonus(s: State, seat: number, bonus: Bonus): number {
  const spaces = s.resorts[seat]!.spaces;
  switch (bonus.per) {
    case "kind":
      return bonus.points * spaces.reduce((n, st, i) => n + (spaceKind(i) === bonus.kind ? counted(s, st) : 0), 0);
    case "area":
      return bonus.points * spaces.reduce((n, st, i) => n + (spaceColour(i) === bonus.colour ? counted(s, st) : 0), 0);
    case "completeArea":
      return bonus.points * COLOURS.filter((_, a) => KINDS.every((_, k) => spaces[a * 4 + k]!.length > 0)).length;
  }
}

/**
 * A seat's score: attractions (covered ones too) + poster bonus − one per missing attraction space
 * (before the end, the score the resort would make now).
 *
 * @example
 * ```ts
 * import { apply, initialState, scoreSeat } from "@rules/steam-donkey";
 *
 * let s = initialState(3, { players: 2 });
 * s = apply(s, { type: "choosePoster", player: 0, side: 1 });
 * console.log(scoreSeat(s, 0)); // nothing built yet: minus one per missing space
 * ```
 */
export function scoreSeat(s: State, seat: number): ScoreBreakdown {
  const side = posterSide(s, seat);
  const attractions = s.resorts[seat]!.spaces.reduce((n, st) => n + spacePoints(s, st), 0);
  const bonus = side ? posterBonus(s, seat, side.bonus) : 0;
  const filled = filledSpaces(s, seat);
  const missing = side ? Math.max(0, side.spaces - filled) * MISSING_SPACE_PENALTY : 0;
  return { attractions, bonus, missing, total: attractions + bonus - missing, filled };
}

/**
 * Each seat's score now ({@link scoreSeat}'s total: the resort scored as "Ending the game and
 * winning" scores it, as if the game ended here), the `scores` hook; `outcome(state).scores` at
 * the end. Before a seat picks its poster side, 0.
 *
 * @example
 * ```ts
 * import { initialState, scores } from "@rules/steam-donkey";
 *
 * console.log(scores(initialState(1, { players: 2 }))); // [0, 0]: no poster chosen, nothing built
 * ```
 */
export function scores(s: State): number[] {
  return s.resorts.map((_, p) => scoreSeat(s, p).total);
}

/** "The player with the most points is the winner ... A tie remains a tie" (no tie-break). */
export function outcome(s: State): Outcome | undefined {
  if (!isTerminal(s)) return undefined;
  const parts = s.resorts.map((_, p) => scoreSeat(s, p));
  return outcomeFromScores(
    parts.map((b) => b.total),
    undefined,
    parts.map((b) => ({ ...b })),
  );
}

/**
 * Points of uncertainty in a lead: about one attraction card (a guess tuned by `npm run strength`,
 * not a rule).
 */
export const HEURISTIC_SCALE = 3;

/**
 * What a card in hand counts before it is spent: cards in hand pay for attractions ("You must pay
 * that number of cards showing the same attraction icon"), so a hand is points still to be built
 * (a guess tuned by `npm run strength`: 0.3 lifted the two-player win rate from about 80% to 95%).
 */
export const HAND_PROMISE = 0.3;

/**
 * MCTS's estimate of each seat's rank reward if the game ended now (the `heuristic` hook): the
 * seats ranked by the score their resorts would make now ({@link scoreSeat}: attractions, poster
 * bonus, minus one per missing space) plus `HAND_PROMISE` per card in hand, each pairwise lead
 * softened by `HEURISTIC_SCALE` points (`softRankRewards`).
 *
 * @example
 * ```ts
 * import { heuristic, initialState } from "@rules/steam-donkey";
 *
 * console.log(heuristic(initialState(1, { players: 2 }))); // [0.5, 0.5]: no resort has anything yet, equal hands
 * ```
 */
export function heuristic(s: State): number[] {
  return softRankRewards(
    s.resorts.map((_, p) => scoreSeat(s, p).total + HAND_PROMISE * s.hands[p]!.length),
    HEURISTIC_SCALE,
  );
}
