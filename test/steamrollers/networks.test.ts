import { canonicalJson, cloneJson, randomInt, seedRng } from "@rules/core";
import { defaultComponents, game, type State } from "@rules/steamrollers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mapGrid } from "../../packages/steamrollers/src/data.js";
import { connections } from "../../packages/steamrollers/src/network.js";
import { scaledRuns } from "../harness/index.js";

// Random play rarely links two cities, so the shared harness seldom sees a delivery, an order
// trade or Olive emptying a city. Here every sheet starts with a network grown to many
// city-to-city connections, and random legal play runs to the end while every state is checked:
// loadState accepts it, legal actions exist exactly until the end, and apply, applyUnchecked and
// applyInPlace agree on every action taken.

const G = mapGrid(defaultComponents.map);
const PAIRS: Array<[number, number]> = [];
for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) PAIRS.push([a, b]);

/** A sheet grown by a hill climb towards more connections; `keepEmpty` hexes of each region stay empty. */
function grownTracks(seed: number, keepEmpty: number): State["sheets"][number]["tracks"] {
  const rng = seedRng(seed);
  const tracks: State["sheets"][number]["tracks"] = G.hex.cells.map((_, h) => (G.cityOf[h]! >= 0 ? null : PAIRS[randomInt(rng, 0, 14)]!));
  const score = (): number => connections(G, tracks, new Set()).length;
  let best = score();
  for (let i = 0; i < 1500; i++) {
    const h = randomInt(rng, 0, tracks.length - 1);
    if (G.cityOf[h]! >= 0) continue;
    const old = tracks[h]!;
    tracks[h] = PAIRS[randomInt(rng, 0, 14)]!;
    const s = score();
    if (s >= best) best = s;
    else tracks[h] = old;
  }
  for (const hexes of G.buildable) for (const h of hexes.slice(0, keepEmpty)) tracks[h] = null;
  return tracks;
}

function play(options: Record<string, unknown>, seed: number, keepEmpty: number): { steps: number; delivered: number } {
  let s = cloneJson(game.initialState(seed, options));
  s.sheets.forEach((sheet, p) => (sheet.tracks = grownTracks(seed * 7 + p, keepEmpty)));
  s = game.loadState(s);
  const rng = seedRng(seed + 1);
  let steps = 0;
  while (!game.isTerminal(s)) {
    const legal = game.legalActions(s);
    expect(legal.length).toBeGreaterThan(0);
    const a = legal[randomInt(rng, 0, legal.length - 1)]!;
    const next = game.apply(s, a);
    const key = canonicalJson(next);
    expect(canonicalJson(game.applyUnchecked(s, a))).toBe(key);
    const own = cloneJson(s);
    game.applyInPlace(own, a);
    expect(canonicalJson(own)).toBe(key);
    expect(game.describeAction(s, a).length).toBeGreaterThan(3);
    game.describeEvents!(s, a, next);
    s = game.loadState(JSON.parse(JSON.stringify(next)));
    expect(++steps).toBeLessThan(5000);
  }
  expect(game.legalActions(s)).toEqual([]);
  game.outcome(s);
  return { steps, delivered: s.sheets.reduce((n, sh) => n + sh.delivered, 0) + (s.olive?.points ?? 0) };
}

describe("SteamRollers on grown networks", () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ["3 players", { players: 3 }],
    ["4 players, every module", { players: 4, coal: true, orders: true, startingPowers: true, walls: "hard" }],
    ["2 players, Coal and orders", { players: 2, coal: true, orders: true }],
    ["solo, Medium walls", { players: 1, walls: "medium", difficulty: "engineer" }],
  ];
  for (const [label, options] of cases) {
    it(`${label}: random play with deliveries keeps every state consistent and the three paths equal`, () => {
      let delivered = 0;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 3 }), (seed, keepEmpty) => {
          delivered += play(options, seed, keepEmpty).delivered;
        }),
        { numRuns: scaledRuns(6) },
      );
      expect(delivered).toBeGreaterThan(0);
    });
  }
});
