import { randomInt, seedRng } from "@rules/core";
import { game, type Action, type State } from "@rules/donkey-valley";
import { describe, expect, it } from "vitest";
import { isLegal } from "../../packages/donkey-valley/src/legal.js";

// `isLegal` lets the checked `apply` skip listing the legal actions; it must say yes exactly to the
// actions `legalActions` lists. Candidates: every action shape over small ranges of every field.
function candidates(s: State): Action[] {
  const out: Action[] = [];
  const n = s.players;
  for (let player = 0; player <= n; player++) {
    out.push({ type: "pass", player });
    for (const verdict of ["approve", "deny"] as const) out.push({ type: "call", player, verdict });
    for (const direction of ["increase", "decrease"] as const) out.push({ type: "adjustCapacity", player, direction });
    for (let value = 0; value <= 12; value++) {
      out.push({ type: "playLoad", player, value }, { type: "useFavor", player, value });
      for (let slot = 0; slot < 3; slot++) out.push({ type: "swapLoad", player, slot, value });
    }
    for (let seat = 0; seat <= n; seat++) {
      for (let slot = 0; slot < 3; slot++) {
        out.push({ type: "peek", player, seat, slot }, { type: "pickLoad", player, seat, slot });
        for (let targetSlot = 0; targetSlot < 3; targetSlot++) out.push({ type: "exchangeLoad", player, slot, seat, targetSlot });
      }
    }
  }
  return out;
}

describe("Donkey Valley isLegal", () => {
  it("agrees with legalActions on every candidate action of the states of random games", () => {
    let checked = 0;
    for (const players of [3, 5, 7]) {
      for (let seed = 1; seed <= 4; seed++) {
        const rng = seedRng(seed);
        let s = game.initialState(seed, { players });
        while (!game.isTerminal(s)) {
          const legal = new Set(game.legalActions(s).map((a) => JSON.stringify(a)));
          for (const a of candidates(s)) {
            if (isLegal(s, a) !== legal.has(JSON.stringify(a))) expect.fail(`isLegal disagrees on ${JSON.stringify(a)} (stage ${s.round?.stage})`);
            checked++;
          }
          const own = game.legalActions(s, game.activePlayers(s)[0]);
          s = game.apply(s, own[randomInt(rng, 0, own.length - 1)]!);
        }
      }
    }
    expect(checked).toBeGreaterThan(100_000);
  });
});
