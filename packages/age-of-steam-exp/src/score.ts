import { outcomeFromScores, type Outcome } from "@rules/core";
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

export function outcome(state: State): Outcome | undefined {
  if (!isTerminal(state)) return undefined;
  if (isPark(state)) return parkOutcome(state);
  const b = scoreBreakdown(state);
  return outcomeFromScores(b.map((x) => x.total!), undefined, b);
}
