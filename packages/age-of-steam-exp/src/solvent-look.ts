import { cloneJson, type Bot } from "@rules/core";
import { reduce } from "./apply.js";
import { activePlayers, legalActions } from "./legal.js";
import { scores } from "./score.js";
import type { Action, State } from "./schema.js";

/**
 * Seat `p`'s score at the end of the game if it issues `n` more shares now (Issue Shares, phase I)
 * and every seat then plays `bots[seat]` to the end; an eliminated seat counts `lost`.
 */
export function scoreAfterShares(s: State, p: number, n: number, bots: readonly Bot<State, Action>[], lost: number): number {
  const t = cloneJson(s);
  for (let i = 0; i < n; i++) {
    const a = legalActions(t, p).find((x) => x.type === "issueShare");
    if (!a) break;
    reduce(t, a);
  }
  const done = legalActions(t, p).find((x) => x.type === "done");
  if (done) reduce(t, done);
  while (t.phase !== "over") {
    const q = activePlayers(t)[0]!;
    reduce(t, bots[q]!.act(t, q, legalActions(t, q)));
  }
  return t.eliminated[p] ? lost : scores(t)[p]!;
}
