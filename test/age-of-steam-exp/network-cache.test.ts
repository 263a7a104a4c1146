import { cloneJson, nextActor, randomInt, seedRng } from "@rules/core";
import { game, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { computeNetwork, network, type Network } from "../../packages/age-of-steam-exp/src/network.js";

// `network(state)` is kept per state object and reused while the state's track, urbanized towns and
// claimed connections are unchanged: on every state of random games played in place (the recipe
// changing the very object the cache is keyed on), on copies and after edits by hand, it must equal
// a fresh computation.

/** Everything a network says, as plain data. */
function summary(n: Network): unknown {
  return {
    trackAt: [...n.trackAt],
    pathAt: [...n.pathAt],
    stop: [...n.stop],
    looseFacing: [...n.looseFacing],
    links: n.links,
    linkOf: [...n.linkOf].sort((a, b) => a[0] - b[0]),
    exits: [...n.exits].sort((a, b) => a[0] - b[0]),
    colors: n.map.grid.cells.map((_, h) => [n.cityIndexAt(h), n.colorsAt(h)]),
  };
}

const expectFresh = (s: State): void => expect(summary(network(s))).toEqual(summary(computeNetwork(s)));

describe("Age of Steam: the network cache", () => {
  for (const map of [undefined, "orient-express"]) {
    it(`equals a fresh computation on every state of random games played in place${map ? ` (${map})` : ""}`, () => {
      const rng = seedRng(`network-cache-${map}`);
      let states = 0;
      for (let g = 0; g < 12; g++) {
        const s = game.initialStateInPlace!(g + 1, map ? { players: 4 + (g % 2), map } : { players: 3 + (g % 4) });
        while (!game.isTerminal(s)) {
          // legalActions caches the network of this object; the recipe then changes the object.
          const legal = game.legalActions(s, nextActor(game, s, rng)!);
          expectFresh(s);
          game.applyInPlace(s, legal[randomInt(rng, 0, legal.length - 1)]!);
          states++;
        }
        expectFresh(s);
      }
      expect(states).toBeGreaterThan(200);
    });
  }

  it("follows edits made by hand to an owned state, and copies of it", () => {
    const rng = seedRng(3);
    const s = game.initialStateInPlace!(5, { players: 4 });
    while (s.track.length < 3 && !game.isTerminal(s)) {
      const legal = game.legalActions(s);
      const builds = legal.filter((a) => a.type === "build");
      game.applyInPlace(s, (builds.length > 0 ? builds : legal)[randomInt(rng, 0, (builds.length > 0 ? builds : legal).length - 1)]!);
    }
    expect(s.track.length).toBeGreaterThanOrEqual(3);
    network(s);
    const path = s.track[0]!.paths[0]!;
    path.owner = path.owner === null ? 0 : null;
    expectFresh(s);
    path.turn += 1;
    expectFresh(s);
    s.track.pop();
    expectFresh(s);
    const copy = cloneJson(s);
    expectFresh(copy);
    expect(summary(network(copy))).toEqual(summary(network(s)));
  });
});
