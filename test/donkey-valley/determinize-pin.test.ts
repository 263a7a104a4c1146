import { randomInt, seedRng, stateHash } from "@rules/core";
import { game, type State } from "@rules/donkey-valley";
import { describe, expect, it } from "vitest";

// determinize must give exactly the same state for the same (state, viewer, seed) whenever it is
// made faster: MCTS choices and every recorded search depend on it. The digest below was recorded
// from the callback-based implementation before issue 12's last determinize speed-up (1 Dec 2026).

describe("determinize", () => {
  it("gives the recorded states for every state, viewer and seed of three seeded games", () => {
    const hashes: string[] = [];
    const seen = { looks: 0, peeks: 0, lost: 0, buried: 0 };
    for (const players of [3, 5, 7]) {
      const rng = seedRng(players);
      let s: State = game.initialState(100 + players, { players });
      for (let step = 0; !game.isTerminal(s); step++) {
        if (s.handLooks.length > 0) seen.looks++;
        if ((s.round?.peeks.length ?? 0) > 0) seen.peeks++;
        if (s.lostPending.length > 0) seen.lost++;
        if (s.buried.some((b) => b.length > 0)) seen.buried++;
        for (let v = 0; v < players; v++) hashes.push(stateHash(game.determinize!(s, v, step * 31 + v)));
        const legal = game.legalActions(s, game.activePlayers(s)[0]!);
        s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
      }
    }
    // The games pass through every kind of hidden card determinize resamples.
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
    expect(`${hashes.length} ${stateHash(hashes)}`).toBe("1784 5e47bb52a508fbdc");
  });
});
