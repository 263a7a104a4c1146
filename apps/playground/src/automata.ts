// Opponents that play without a seat: SteamRollers' solo game is played against Olive (its rulebook,
// "Solo game"), whom `outcome` names only in seat 0's breakdown. The end screen gives her a row of
// her own, like a seat's, so the result shows everyone who played.
import type { Outcome } from "@rules/core";
import { oliveBreakdown, type State as SteamrollersState } from "@rules/steamrollers";

/** One row of the end screen for an opponent without a seat. */
export interface AutomatonRow {
  name: string;
  score: number;
  rank: number;
  breakdown: Record<string, number>;
}

/** The end-screen rows of the game's seatless opponents ([] for every game but SteamRollers solo). */
export function automatonRows(gameId: string, state: unknown, out: Outcome): AutomatonRow[] {
  if (gameId !== "steamrollers") return [];
  const s = state as SteamrollersState;
  if (!s.olive) return [];
  const { total, ...parts } = oliveBreakdown(s);
  // Solo: seat 0 ranks 1 only when it beat her; otherwise she did.
  return [{ name: "Olive (solo opponent)", score: total ?? 0, rank: out.ranks[0] === 1 ? 2 : 1, breakdown: { ...parts, ...(s.olive.won ? { fullRegion: 1 } : {}) } }];
}
