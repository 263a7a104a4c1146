import { outcomeFromScores, type Outcome } from "@rules/core";
import { connections, blockedEdges, networkPoints } from "./network.js";
import { mapGrid, comps } from "./data.js";
import { boxesTicked, engineStrength, isSolo, tileFace } from "./rules.js";
import type { State } from "./schema.js";

/** True once the game is over (three empty cities at the end of a round, Olive's win, or a stuck game). */
export function isTerminal(state: State): boolean {
  return state.over;
}

/** "Players that have upgraded their steam engine to a strength of 4/5/6 gain 1/2/3 extra points" (boxes only). */
export function engineBonus(boxes: number): number {
  return Math.max(0, boxes - 3);
}

/**
 * One seat's score, by source ("Game End and Scoring"): `total`, `deliveries`, `network`,
 * `engine`, `tiles`, `orders`, `startingPower`.
 *
 * @example
 * ```ts
 * import { breakdown, initialState } from "@rules/steamrollers";
 *
 * console.log(breakdown(initialState(1, { players: 3 }), 0)); // all 0 before the first action
 * ```
 */
export function breakdown(s: State, seat: number): Record<string, number> {
  const sheet = s.sheets[seat]!;
  const g = mapGrid(comps(s).map);
  const network = networkPoints(connections(g, sheet.tracks, blockedEdges(s, g)));
  const engine = engineBonus(boxesTicked(s, seat));
  const tiles = s.tiles.reduce((sum, t, i) => sum + (t.holder === seat ? tileFace(s, i + 1).points : 0), 0);
  const orders = s.orders.reduce((sum, o, i) => sum + (o.holder === seat ? comps(s).orderTiles[i]![o.side].points : 0), 0);
  const total = sheet.delivered + network + engine + tiles + orders + sheet.bonus;
  return { total, deliveries: sheet.delivered, network, engine, tiles, orders, startingPower: sheet.bonus };
}

/**
 * Each seat's score now ({@link breakdown}'s total, "Game End and Scoring" counted on the sheet as
 * it stands), the `scores` hook; `outcome(state).scores` at the end. Solo: the player's own score,
 * not Olive's nor the margin over her.
 *
 * @example
 * ```ts
 * import { initialState, scores } from "@rules/steamrollers";
 *
 * console.log(scores(initialState(1, { players: 3 }))); // [0, 0, 0]: nothing scored yet
 * ```
 */
export function scores(state: State): number[] {
  return state.sheets.map((_, p) => breakdown(state, p).total!);
}

/**
 * Olive's score: her step-4 points, 3 for her engine, the crosses of exactly her two best regions,
 * and the positive action tiles still by the board. Solo games only.
 *
 * @example
 * ```ts
 * import { initialState, oliveBreakdown } from "@rules/steamrollers";
 *
 * const solo = initialState(1, { players: 1, difficulty: "engineer" });
 * console.log(oliveBreakdown(solo)); // her crosses from setup already count
 * ```
 */
export function oliveBreakdown(s: State): Record<string, number> {
  const o = s.olive!;
  const best = [...o.crosses].sort((a, b) => b - a);
  const network = best[0]! + best[1]!;
  const tiles = s.tiles.reduce((sum, t, i) => sum + (t.holder === null ? Math.max(0, tileFace(s, i + 1).points) : 0), 0);
  return { total: o.points + 3 + network + tiles, deliveries: o.points, engine: 3, network, tiles };
}

/**
 * The result: most points wins; ties go to the best engine (ticked boxes, or strength with tile 4b
 * by option), then the best network, then stand (shared). Solo: one seat; `breakdown[0].beatOlive`
 * is 1 only when the human scored strictly more than Olive (a tie is a loss) and Olive did not win
 * at once.
 */
export function outcome(state: State): Outcome | undefined {
  if (!isTerminal(state)) return undefined;
  const parts = state.sheets.map((_, p) => breakdown(state, p));
  const scores = parts.map((b) => b.total!);
  if (isSolo(state)) {
    const olive = oliveBreakdown(state);
    const won = !state.olive!.won && scores[0]! > olive.total! ? 1 : 0;
    // A loss to Olive is rank 2 with no winner at the table (the shared Outcome's solo convention).
    return {
      scores,
      ranks: [won ? 1 : 2],
      winners: won ? [0] : [],
      breakdown: [{ ...parts[0]!, olive: olive.total!, oliveWonAtOnce: state.olive!.won ? 1 : 0, beatOlive: won }],
    };
  }
  const engine = state.sheets.map((_, p) => (state.settings.tieBreakEngine === "boxes" ? boxesTicked(state, p) : engineStrength(state, p)));
  return outcomeFromScores(
    scores,
    parts.map((b, p) => [engine[p]!, b.network!]),
    parts,
  );
}

