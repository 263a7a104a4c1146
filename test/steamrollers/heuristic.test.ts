import { cloneJson, logistic, oppositeEdge, randomInt, seedRng } from "@rules/core";
import { CHAIN_DISCOUNT, CONNECTION_DELIVERIES } from "../../packages/steamrollers/src/heuristic.js";
import { breakdown, cityChainPieces, defaultComponents, deliveryPotential, game, heuristic, initialState, oliveBreakdown, openChainPromise, promisedPoints, type State } from "@rules/steamrollers";
import { describe, expect, it } from "vitest";
import { mapGrid } from "../../packages/steamrollers/src/data.js";
import { grownTracks } from "./heavy.js";

// The playout cut-off value for MCTS (heuristic.ts): points now plus what the sheet promises (open
// chains by how soon they can still reach a city, 0.8 × the deliveries the track and engine allow
// now, engine boxes worth what the network can use), compared seat against seat with a lead of 3
// points worth about 0.73 (logistic(1)); solo, the margin to Olive over 25 points.

const G = mapGrid(defaultComponents.map);

describe("SteamRollers heuristic", () => {
  it("before anyone has played: 0.5 each, and no delivery is possible without track and engine", () => {
    const s = initialState(1, { players: 3 });
    expect(heuristic(s)).toEqual([0.5, 0.5, 0.5]);
    expect([0, 1, 2].map((p) => deliveryPotential(s, p))).toEqual([0, 0, 0]);
  });

  it("delivered points count in full: 6 points ahead is logistic(2) against each other seat", () => {
    const t = cloneJson(initialState(1, { players: 3 }));
    t.sheets[0]!.delivered = 6;
    const h = heuristic(t);
    expect(promisedPoints(t, 0) - promisedPoints(t, 1)).toBe(6);
    expect(h[0]).toBeCloseTo(logistic(2), 12);
    expect(h[1]).toBeCloseTo((logistic(-2) + 0.5) / 2, 12);
  });

  it("engine boxes are worth 0.9 + 0.2 each up to two with no network, 0.2 each beyond what the network can use", () => {
    // Values changed from 0.5 a box when the heuristic learned what a greedy solo planner found:
    // a box is worth its delivery only while the network has a route that long.
    const t = cloneJson(initialState(1, { players: 2 }));
    t.sheets[1]!.engine = [true, false, false, false, false, false];
    expect(promisedPoints(t, 1)).toBeCloseTo(1.1, 12);
    t.sheets[1]!.engine = [true, true, true, true, false, false];
    expect(promisedPoints(t, 1)).toBeCloseTo(breakdown(t, 1).total! + 2 * 0.9 + 4 * 0.2, 12); // plus the engine bonus scored now
  });

  it("track pieces on an unfinished chain out of a city are counted; a scattered piece is not", () => {
    const t = cloneJson(initialState(1, { players: 2 }));
    const nb = G.hex.neighbors;
    // From city 1, out through some edge into a hex that is no city, then on into a second one.
    const city = G.cityHex[0]!;
    let chain: { e: number; first: number; exit: number; second: number } | undefined;
    for (let e = 0; e < 6 && !chain; e++) {
      const first = nb[city]![e]!;
      if (first < 0 || G.cityOf[first]! >= 0) continue;
      for (let exit = 0; exit < 6 && !chain; exit++) {
        const second = nb[first]![exit]!;
        if (exit === oppositeEdge(e) || second < 0 || G.cityOf[second]! >= 0 || nb[second]!.some((n) => n >= 0 && G.cityOf[n]! >= 0)) continue;
        chain = { e, first, exit, second };
      }
    }
    const { e, first, exit, second } = chain!;
    const tracks = t.sheets[0]!.tracks;
    tracks[first] = [Math.min(oppositeEdge(e), exit), Math.max(oppositeEdge(e), exit)] as [number, number];
    expect(cityChainPieces(t, 0)).toBe(1);
    const on = oppositeEdge(exit);
    const out = (on + 3) % 6;
    tracks[second] = [Math.min(on, out), Math.max(on, out)] as [number, number];
    expect(cityChainPieces(t, 0)).toBe(2);
    // The chain's promise is its reach to a city, not its length (the next test): nothing else counts yet.
    expect(promisedPoints(t, 0)).toBeCloseTo(openChainPromise(t, 0), 12);
    // A piece touching no chain: nothing.
    const lone = G.hex.cells.findIndex((_, h) => G.cityOf[h]! < 0 && h !== first && h !== second && nb[h]!.every((n) => n < 0 || (G.cityOf[n]! < 0 && n !== first && n !== second)));
    tracks[lone] = [0, 3];
    expect(cityChainPieces(t, 0)).toBe(2);
    expect(cityChainPieces(t, 1)).toBe(0);
  });

  it("a chain one hex from a city is worth more than an equal chain that can no longer reach one", () => {
    // Two seats, one piece each in the same hex beside city 1: seat 0's points into an empty hex
    // beside another city (1 hex still needed), seat 1's into a hex whose track does not join it.
    const nb = G.hex.neighbors;
    const touchesCity = (h: number): boolean => nb[h]!.some((n) => n >= 0 && G.cityOf[n]! >= 0);
    const city = G.cityHex[0]!;
    let found: { e: number; first: number; open: number; dead: number; deadHex: number } | undefined;
    for (let e = 0; e < 6 && !found; e++) {
      const first = nb[city]![e]!;
      if (first < 0 || G.cityOf[first]! >= 0) continue;
      const exits = [0, 1, 2, 3, 4, 5].filter((x) => x !== oppositeEdge(e));
      const open = exits.find((x) => {
        const h = nb[first]![x]!;
        return h >= 0 && G.cityOf[h]! < 0 && nb[h]!.some((n) => n >= 0 && G.cityOf[n]! > 0);
      });
      const dead = exits.find((x) => {
        const h = nb[first]![x]!;
        return x !== open && h >= 0 && G.cityOf[h]! < 0 && !touchesCity(h);
      });
      if (open !== undefined && dead !== undefined) found = { e, first, open, dead, deadHex: nb[first]![dead]! };
    }
    const { e, first, open, dead, deadHex } = found!;
    const t = cloneJson(initialState(1, { players: 2 }));
    const piece = (a: number, b: number): [number, number] => [Math.min(a, b), Math.max(a, b)];
    t.sheets[0]!.tracks[first] = piece(oppositeEdge(e), open);
    t.sheets[1]!.tracks[first] = piece(oppositeEdge(e), dead);
    // A track in the next hex that does not use the edge the chain enters by: the chain is a dead end.
    const entry = oppositeEdge(dead);
    t.sheets[1]!.tracks[deadHex] = piece((entry + 1) % 6, (entry + 4) % 6);
    expect(cityChainPieces(t, 0)).toBe(cityChainPieces(t, 1)); // equal length: 1 piece each
    const towns = (G.isTown[first] ? 1 : 0) + (G.isTown[nb[first]![open]!] ? 1 : 0);
    expect(openChainPromise(t, 0)).toBeCloseTo((1 + towns + CONNECTION_DELIVERIES) * CHAIN_DISCOUNT, 12);
    expect(openChainPromise(t, 1)).toBe(0);
    expect(promisedPoints(t, 0)).toBeGreaterThan(promisedPoints(t, 1));
    const h = heuristic(t);
    expect(h[0]).toBeGreaterThan(0.5);
    expect(h[1]).toBeLessThan(0.5);
  });

  it("the delivery potential covers every delivery the rules allow now, city by city", () => {
    let s = cloneJson(game.initialState(4, { players: 2 }));
    s.sheets.forEach((sheet, p) => {
      sheet.tracks = grownTracks(40 + p, 800);
      sheet.engine = [true, true, true, false, false, false];
    });
    s = cloneJson(game.loadState(s));
    const rng = seedRng(9);
    let checked = 0;
    for (let step = 0; step < 400 && !game.isTerminal(s); step++) {
      const legal = game.legalActions(s);
      const delivering = legal.filter((a) => a.type === "deliver" && a.boost === 0);
      if (delivering.length > 0) {
        const p = delivering[0]!.player;
        const longest = Math.max(...delivering.map((a) => (a.type === "deliver" ? a.distance : 0)));
        expect(deliveryPotential(s, p)).toBeGreaterThanOrEqual(Math.min(longest, 3));
        checked++;
      }
      game.applyInPlace(s, legal[randomInt(rng, 0, legal.length - 1)]!);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("solo: the margin to Olive's score now as a chance; 0 once Olive has won at once", () => {
    const s = initialState(1, { players: 1 });
    const margin = promisedPoints(s, 0) - oliveBreakdown(s).total!;
    expect(margin).toBeLessThan(0); // Olive starts with her crosses and her engine's 3 points
    expect(heuristic(s)[0]).toBeCloseTo(logistic(margin / 25), 12);
    const t = cloneJson(s);
    t.sheets[0]!.delivered = 40;
    expect(heuristic(t)[0]).toBeGreaterThan(0.5);
    t.olive!.won = true;
    expect(heuristic(t)).toEqual([0]);
    expect(game.heuristic!(s)).toEqual(heuristic(s));
  });
});
