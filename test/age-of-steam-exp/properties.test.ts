import { canonicalJson, cloneJson, randomInt, seedRng, type RngState } from "@rules/core";
import { game, type Action, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { network } from "../../packages/age-of-steam-exp/src/network.js";
import { stateProblems } from "../../packages/age-of-steam-exp/src/problems.js";
import { testGame } from "../harness/index.js";
import { harnessConfigs } from "./harness-configs.js";

// The contract harness once per configuration of harness-configs.ts (the one list, which
// bench/trust-sweep.ts sweeps too): Rust Belt at 3..6 players, the alternative rule readings, and
// Orient Express. The thrifty random games below reach the phases uniform random play does not.
for (const { definition, ...opts } of harnessConfigs["properties.test.ts"]) testGame(definition ? definition(game) : game, opts);

// Uniform random play goes bankrupt in the first turn (it spends everything on track), so the
// later phases (growth, Production, expiring links, long routes) are reached by a thriftier
// random player: few shares, small bids, at most one placement a turn, moves preferred.
function thrifty(s: State, rng: RngState): Action {
  const legal = game.legalActions(s);
  const pickOf = (xs: Action[]): Action => xs[randomInt(rng, 0, xs.length - 1)]!;
  const of = (t: Action["type"]) => legal.filter((a) => a.type === t);
  switch (s.phase) {
    case "shares":
      return s.cash[legal[0]!.player]! < 12 && s.shares[legal[0]!.player]! < 6 ? of("issueShare")[0] ?? of("done")[0]! : of("done")[0]!;
    case "auction": {
      const bids = of("bid").filter((a) => a.type === "bid" && a.amount <= 3);
      return bids.length > 0 && randomInt(rng, 0, 1) === 0 ? bids[0]! : pickOf([...of("dropOut"), ...of("pass")]);
    }
    case "build": {
      // Complete a link of one's own if a placement does; else extend one's loose end; else, at
      // most once a turn, start a link somewhere.
      const p = legal[0]!.player;
      const net = network(s);
      const complete = (st: State): number => network(st).links.filter((l) => l.to >= 0 && l.owner === p).length;
      const now = complete(s);
      const ends = new Set(net.links.filter((l) => l.owner === p && l.to < 0).map((l) => net.map.grid.neighbors[l.endHex]![l.endEdge]!));
      const builds = of("build");
      const extending = builds.filter((a) => a.type === "build" && ends.has(a.hex));
      for (const a of extending) if (complete(game.applyUnchecked(s, a)) > now) return a;
      if (extending.length > 0 && s.cash[p]! > 6) return pickOf(extending);
      if (s.build.count === 0 && builds.length > 0 && s.cash[p]! > 10 && randomInt(rng, 0, 1) === 0) return pickOf([...builds, ...of("urbanize")]);
      return of("done")[0]!;
    }
    case "move":
      return of("move").length > 0 ? pickOf(of("move")) : pickOf(legal);
    default:
      return pickOf(legal);
  }
}

describe("Age of Steam: thrifty random games", () => {
  for (const players of [3, 4, 5, 6]) {
    it(`${players} players: every phase is reached and every state is consistent`, () => {
      const seen = new Set<string>();
      let turns = 0;
      let moves = 0;
      for (let g = 0; g < 4; g++) {
        const rng = seedRng(`thrifty-${players}-${g}`);
        let s = game.initialState(g + 100 * players, { players });
        let steps = 0;
        while (!game.isTerminal(s)) {
          expect(stateProblems(s)).toEqual([]);
          seen.add(s.phase);
          const a = thrifty(s, rng);
          if (a.type === "move") moves++;
          const next = game.apply(s, a);
          if (steps % 5 === 0) {
            const own = cloneJson(s);
            game.applyInPlace(own, a);
            expect(canonicalJson(own)).toBe(canonicalJson(next));
            expect(canonicalJson(game.loadState(JSON.parse(JSON.stringify(next))))).toBe(canonicalJson(next));
          }
          s = next;
          steps++;
          expect(steps).toBeLessThan(5000);
        }
        turns = Math.max(turns, s.turn);
        expect(game.outcome(s)!.scores).toHaveLength(players);
      }
      expect([...seen].sort()).toEqual(["auction", "build", "move", "production", "select", "shares"].filter((p) => p !== "production" || seen.has("production")));
      expect(turns).toBeGreaterThan(1);
      expect(moves).toBeGreaterThan(0);
    });
  }
});

// Orient Express (4–6 players): thrifty games that reach deliveries, rides on the line included.
describe("Orient Express: thrifty random games", () => {
  it("4–6 players: states stay consistent, goods are delivered and some ride the line", () => {
    let moves = 0;
    let rides = 0;
    for (const players of [4, 5, 6]) {
      for (let g = 0; g < 3; g++) {
        const rng = seedRng(`oe-${players}-${g}`);
        let s = game.initialState(g + 10 * players, { players, map: "orient-express" });
        let steps = 0;
        while (!game.isTerminal(s)) {
          expect(stateProblems(s)).toEqual([]);
          const a = thrifty(s, rng);
          if (a.type === "move") {
            moves++;
            if (a.rides) rides++;
          }
          const next = game.apply(s, a);
          if (steps % 5 === 0) {
            const own = cloneJson(s);
            game.applyInPlace(own, a);
            expect(canonicalJson(own)).toBe(canonicalJson(next));
            expect(canonicalJson(game.loadState(JSON.parse(JSON.stringify(next))))).toBe(canonicalJson(next));
          }
          s = next;
          steps++;
          expect(steps).toBeLessThan(5000);
        }
      }
    }
    expect(moves).toBeGreaterThan(0);
    expect(rides).toBeGreaterThan(0);
  });
});
