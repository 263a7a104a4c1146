import { rankByKeys, type Outcome } from "@rules/core";
import { visitorsIn } from "./park.js";
import { finalFee, isSkull } from "./rules.js";
import type { State } from "./schema.js";

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
