import { rankByKeys, softRankRewards, type Outcome } from "@rules/core";
import { BEGINNER_STAND_INCOME, INCOME_PER_VISITOR, TURNS } from "./data.js";
import { visitorsIn } from "./park.js";
import { finalFee, incomeOf, isSkull } from "./rules.js";
import { comps, type State } from "./schema.js";

/** "At the end of the 6th turn, the game ends." */
export function isTerminal(state: State): boolean {
  return state.phase === "over";
}

/** Each seat's final reckoning: money before the Final Dirt Track, the fee, the skull, what is left. */
export function finalAccounts(state: State): Array<{ money: number; dirt: number; fee: number; skull: boolean; final: number; visitors: number }> {
  return state.seats.map((seat) => {
    const fee = finalFee(state, seat);
    return {
      money: seat.money,
      dirt: seat.dirt,
      fee,
      skull: isSkull(state, seat.dirt),
      final: seat.money - fee,
      visitors: visitorsIn(seat.park),
    };
  });
}

/**
 * Each seat's score now: its money after the Final Dirt Track fee for the Dirt in its Dump now ("End
 * of the Game"; all of it at the skull), the `scores` hook; `outcome(state).scores` at the end.
 *
 * @example
 * ```ts
 * import { initialState, scores } from "@rules/steam-park";
 *
 * console.log(scores(initialState(1, { players: 3 }))); // [0, 0, 0]: no money yet, no Dirt
 * ```
 */
export function scores(state: State): number[] {
  return state.seats.map((seat) => seat.money - finalFee(state, seat));
}

/**
 * Game end: each player pays the Final Dirt Track fee for the Dirt in the Dump; 30 or more Dirt
 * loses all money and the game (ASSUMED: such a seat ranks below every seat under 30); most money
 * wins, then most visitors; a tie that still stands is shared (the rulebook's "touch the logo").
 */
export function outcome(state: State): Outcome | undefined {
  if (!isTerminal(state)) return undefined;
  const acc = finalAccounts(state);
  const { ranks, winners } = rankByKeys(acc.map((a) => [a.skull ? 0 : 1, a.final, a.visitors]));
  return {
    scores: acc.map((a) => a.final),
    ranks,
    winners,
    breakdown: acc.map((a) => ({ money: a.money, dirt: a.dirt, fee: a.fee, skull: a.skull ? 1 : 0, visitors: a.visitors })),
  };
}

/** Income phases still to come: one per turn, the current turn's too until its Income phase is over. */
export function incomesLeft(state: State): number {
  if (state.phase === "over") return 0;
  return TURNS - state.turn + (state.phase === "refill" ? 0 : 1);
}

/**
 * The money a seat would end with if its park earned as it does now in every Income phase left and
 * its Dirt stayed where it is: money + incomes left × (3 per visitor + stand income) − the Final
 * Dirt Track fee. A seat at the skull loses all its money and ranks last (as in `outcome`).
 */
export function projectedMoney(state: State): number[] {
  const left = incomesLeft(state);
  return state.seats.map((seat) => {
    if (isSkull(state, seat.dirt)) return SKULL_RANK;
    const got = incomeOf(state, seat, INCOME_PER_VISITOR, BEGINNER_STAND_INCOME);
    const money = seat.money + left * (got.visitors + got.stands);
    return money - Math.min(money, comps(state).dirtFees[seat.dirt] ?? 0);
  });
}

/** Below any seat's money: the skull ranks below every seat under 30 Dirt. */
const SKULL_RANK = -1000;

/**
 * Points of uncertainty in a money lead: one visitor's income over two turns (a guess tuned by
 * `npm run strength`, not a rule).
 */
export const HEURISTIC_SCALE = 6;

/**
 * MCTS's estimate of each seat's rank reward if the game ended now (the `heuristic` hook): the
 * seats ranked by `projectedMoney`, each pairwise lead softened by `HEURISTIC_SCALE`
 * Danari (`softRankRewards`). At the end, the real money after the fee.
 *
 * @example
 * ```ts
 * import { heuristic, initialState } from "@rules/steam-park";
 *
 * console.log(heuristic(initialState(1, { players: 3 }))); // [0.5, 0.5, 0.5]: nobody has earned anything yet
 * ```
 */
export function heuristic(state: State): number[] {
  return softRankRewards(projectedMoney(state), HEURISTIC_SCALE);
}
