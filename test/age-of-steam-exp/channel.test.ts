import { cloneJson, seedRng } from "@rules/core";
import { MapSchema, ORIENT_EXPRESS, apply, defaultComponents, game, initialState, legalActions, playerView, type Action, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { COLORS } from "../../packages/age-of-steam-exp/src/data.js";
import { ORIENTED, compileMap } from "../../packages/age-of-steam-exp/src/map.js";
import { markersUsed, network } from "../../packages/age-of-steam-exp/src/network.js";
import { goodsGrowth } from "../../packages/age-of-steam-exp/src/phases.js";
import { stateProblems } from "../../packages/age-of-steam-exp/src/problems.js";
import { trackPoints } from "../../packages/age-of-steam-exp/src/score.js";
import { atBuild, atMove, refused } from "./helpers.js";

// The London–Calais Channel of the Orient Express reconstruction (ASSUMED: "London stands on an
// island. It joins Calais through a claimable Channel connection: 1 link, $6, counting as one
// build"), played as a printed connection: claimed in Build Track, then a complete link.

const M = compileMap(ORIENT_EXPRESS);
const h = (c: number, r: number): number => M.grid.indexOf(c, r);
const LONDON = h(1, 2);
const CALAIS = h(3, 3);
const PARIS = h(3, 6);
const AMSTERDAM = h(5, 1);
const STRASBOURG = h(6, 5);
const city = (name: string): number => ORIENT_EXPRESS.cities.findIndex((c) => c.name === name);

/** A fresh Orient Express game with its starting goods back in the bag. */
function fresh(players = 4): State {
  const s = cloneJson(initialState(1, { players, map: "orient-express" }));
  for (const c of s.goods.flat()) s.bag[COLORS.indexOf(c)]! += 1;
  s.goods = s.goods.map(() => []);
  return s;
}

/** Lay track by hand (no rules checked) along `hexes`, a stop at each end, owned by `owner`; a town end gets a one-exit town tile. */
function layPath(s: State, hexes: number[], owner: number | null): void {
  const edgeTo = (a: number, b: number): number => M.grid.neighbors[a]!.indexOf(b);
  const put = (hex: number, tile: string, rot: number, paths: Array<{ a: number; b: number }>): void => {
    s.track.push({ hex, tile: tile as never, rot, paths: paths.map((p) => ({ ...p, owner, turn: 1 })) });
    s.supply[tile as "straight"] -= 1;
  };
  for (const [end, next] of [[hexes[0]!, hexes[1]!], [hexes[hexes.length - 1]!, hexes[hexes.length - 2]!]] as const) {
    if (M.townAt[end]! < 0) continue;
    const e = edgeTo(end, next);
    const o = ORIENTED.find((x) => x.family === "town" && x.exits.length === 1 && x.exits[0] === e)!;
    put(end, o.tile, o.rot, [{ a: -1, b: e }]);
  }
  for (let i = 1; i < hexes.length - 1; i++) {
    const [a, b] = [edgeTo(hexes[i]!, hexes[i - 1]!), edgeTo(hexes[i]!, hexes[i + 1]!)].sort((x, y) => x - y) as [number, number];
    const o = ORIENTED.find((x) => x.family === "simple" && x.paths.length === 1 && x.paths[0]![0] === a && x.paths[0]![1] === b)!;
    put(hexes[i]!, o.tile, o.rot, [{ a, b }]);
  }
  s.track.sort((x, y) => x.hex - y.hex);
}

/** Calais–Paris: Calais (3,3) with a one-exit town, straights on (3,4) and (3,5), to Paris (3,6). */
const calaisParis = (s: State, owner: number | null): void => layPath(s, [CALAIS, h(3, 4), h(3, 5), PARIS], owner);
/** Calais–Amsterdam over (4,3) and (4,2). */
const calaisAmsterdam = (s: State, owner: number | null): void => layPath(s, [CALAIS, h(4, 3), h(4, 2), AMSTERDAM], owner);

const claim: Action = { type: "claim", player: 0, connection: 0 };

describe("Orient Express: the London–Calais Channel (reconstruction, ASSUMED: 1 link, $6, one build)", () => {
  it("the map prints the Channel between London and Calais, unclaimed at setup", () => {
    expect(ORIENT_EXPRESS.connections).toEqual([{ id: "Channel", ends: ["London", "Calais"], cost: 6, countsAsBuild: true }]);
    expect(fresh().connections).toEqual([null]);
  });

  it("claiming the Channel costs $6 and one placement; it becomes a complete London–Calais link of the claimer, seen in every view and scoring 1", () => {
    const s = atBuild(fresh(), 0);
    s.cash[0] = 10;
    expect(legalActions(s)).toContainEqual(claim);
    const t = apply(s, claim);
    expect(t.cash[0]).toBe(4);
    expect(t.build.count).toBe(1);
    expect(t.build.hexes).toEqual([]);
    expect(t.connections).toEqual([{ owner: 0, turn: 1 }]);
    const net = network(t);
    const link = net.links.find((l) => l.connection === 0)!;
    expect([link.from, link.to, link.owner]).toEqual([LONDON, CALAIS, 0]);
    expect(net.exits.get(LONDON)).toContainEqual({ hex: LONDON, edge: 6, to: CALAIS, link: link.id });
    expect(markersUsed(net, 0)).toBe(1);
    expect(trackPoints(t)[0]).toBe(1);
    expect(playerView(t, 2).connections).toEqual([{ owner: 0, turn: 1 }]);
    expect(game.describeAction!(s, claim)).toBe("Seat 0 claims the Channel (London–Calais) for $6, counting as a placement: a complete link they own");
    expect(stateProblems(t)).toEqual([]);
  });

  it("refuses a Channel already owned, one the player cannot afford, and one past the build limit; the Engineer's 4th placement may be the Channel", () => {
    const s = atBuild(fresh(), 0);
    const owned = cloneJson(s);
    owned.connections[0] = { owner: 1, turn: 1 };
    owned.queue = [0, 2, 3];
    refused(owned, claim, /already claimed by seat 1: a link has one owner/);
    const poor = cloneJson(s);
    poor.cash[0] = 5;
    refused(poor, claim, /the Channel costs \$6, paid in cash, and you have \$5/);
    const full = cloneJson(s);
    full.build = { count: 3, hexes: [h(3, 4), h(3, 5), h(4, 2)], urbanized: false };
    refused(full, claim, /counts as a build, and you have made all 3 of your placements/);
    const engineer = atBuild(fresh(), 0, "engineer");
    engineer.build = { count: 3, hexes: [h(3, 4), h(3, 5), h(4, 2)], urbanized: false };
    expect(apply(engineer, claim).build.count).toBe(4);
    refused(atMove(fresh(), 0), claim, /claiming a printed connection is not possible now: it is the move phase/);
  });

  it("a connection must connect: an end is a city, or a town the player's own track reaches (Calais–Brussels, both towns)", () => {
    const map = cloneJson(ORIENT_EXPRESS);
    map.id = "oe-ferry";
    map.connections = [{ id: "Ferry", ends: ["Calais", "Brussels"], cost: 3, countsAsBuild: false }];
    const s = atBuild(cloneJson(initialState(1, { players: 4, map: "oe-ferry", components: { ...cloneJson(defaultComponents), maps: [map] } })), 0);
    refused(s, claim, /the Ferry must connect: one of its ends \(Calais, Brussels\) must be a city or a town your own track reaches/);
    const other = cloneJson(s);
    calaisParis(other, 1);
    refused(other, claim, /must connect/);
    const mine = cloneJson(s);
    calaisParis(mine, 0);
    const t = apply(mine, claim);
    expect([t.cash[0], t.build.count, t.connections[0]]).toEqual([mine.cash[0]! - 3, 0, { owner: 0, turn: 1 }]);
  });

  it("the Amusement Park prints no connections: a claim there is refused", () => {
    let s = initialState(1, { players: 1, map: "amusement-park" });
    s = apply(s, { type: "done", player: 0 });
    s = apply(s, { type: "select", player: 0, action: "engineer" });
    expect(legalActions(s).some((a) => a.type === "claim")).toBe(false);
    refused(cloneJson(s), claim, /the Amusement Park prints no connections to claim/);
  });

  it("a delivery over the Channel is a link like any other: it pays its owner and uses one locomotive level", () => {
    const s = fresh();
    calaisParis(s, 0);
    s.connections[0] = { owner: 1, turn: 1 };
    s.goods[city("Paris")] = ["yellow"];
    atMove(s, 2);
    s.loco[2] = 2;
    const move: Action = { type: "move", player: 2, from: PARIS, color: "yellow", route: [[PARIS, 0], [CALAIS, 6]] };
    expect(legalActions(s).filter((a) => a.type === "move")).toEqual([move]);
    const t = apply(s, move);
    expect(t.income.slice(0, 3)).toEqual([s.income[0]! + 1, s.income[1]! + 1, s.income[2]!]);
    expect(t.goods[city("Paris")]).toEqual([]);
    expect(game.describeAction!(s, move)).toMatch(/Paris → Calais → London \(2 links: \+1 income to seat 0, \+1 income to seat 1\)/);
    const one = cloneJson(s);
    one.loco[2] = 1;
    refused(one, move, /uses 2 links and your locomotive pulls 1/);
    const unclaimed = cloneJson(s);
    unclaimed.connections[0] = null;
    refused(unclaimed, move, /no complete link leaves Calais that way/);
  });

  it("the Orient Express ride and the Channel together: Strasbourg rides to London ($2: Paris, London), crosses to Calais, and runs on to Amsterdam", () => {
    const s = fresh();
    calaisAmsterdam(s, 2);
    s.connections[0] = { owner: 1, turn: 1 };
    s.goods[city("Strasbourg")] = ["purple"];
    atMove(s, 0);
    s.loco[0] = 2;
    const move: Action = { type: "move", player: 0, from: STRASBOURG, color: "purple", route: [[LONDON, 6], [CALAIS, 1]], rides: [{ after: 0, to: LONDON }] };
    const legal = legalActions(s).filter((a) => a.type === "move");
    expect(legal).toContainEqual(move);
    const t = apply(s, move);
    expect(t.cash[0]).toBe(s.cash[0]! - 2);
    expect(t.income.slice(0, 3)).toEqual([s.income[0]! + 2, s.income[1]! + 1, s.income[2]! + 1]);
    expect(game.describeAction!(s, move)).toMatch(/Strasbourg → Paris → London → Calais → Amsterdam \(2 links, riding the Orient Express for \$2/);
    // And back: a purple good on Paris may not ride from London, for that would enter Paris again.
    const back = fresh();
    calaisParis(back, 0);
    back.connections[0] = { owner: 1, turn: 1 };
    back.goods[city("Paris")] = ["blue"];
    atMove(back, 0);
    back.loco[0] = 3;
    const again: Action = { type: "move", player: 0, from: PARIS, color: "blue", route: [[PARIS, 0], [CALAIS, 6]], rides: [{ after: 2, to: STRASBOURG }] };
    refused(back, again, /may not visit the same city or town twice/);
    expect(legalActions(back).some((a) => a.type === "move" && a.rides?.[0]?.after === 2)).toBe(false);
  });

  it("refuses a state whose Channel owner is not in the game, was claimed in the future or before its owner built, or whose build count leaves the claim out", () => {
    const s = atBuild(fresh(), 0);
    const t = apply(s, claim);
    const gone = cloneJson(t);
    gone.connections[0] = { owner: 5, turn: 1 };
    expect(stateProblems(gone).join()).toMatch(/owned by seat 5, who is not in the game/);
    const future = cloneJson(t);
    future.connections[0] = { owner: 0, turn: 2 };
    expect(stateProblems(future).join()).toMatch(/claimed in a future turn/);
    const early = cloneJson(t);
    early.connections[0] = { owner: 2, turn: 1 };
    early.build.count = 0;
    expect(stateProblems(early).join()).toMatch(/claimed this turn by seat 2, who has not built yet/);
    const uncounted = cloneJson(t);
    uncounted.build.count = 0;
    expect(stateProblems(uncounted).join()).toMatch(/placements of this build do not match/);
    const missing = cloneJson(t) as { connections: unknown[] };
    missing.connections = [];
    expect(() => game.loadState(missing)).toThrow(/printed connections are listed/);
  });
});

describe("Orient Express: Constantinople is the printed new city E (reconstruction, ASSUMED)", () => {
  it("grows from E's two-space display column on a dark 1, besides Berlin's dark-1 column; never on another roll", () => {
    const ci = city("Constantinople");
    expect(ORIENT_EXPRESS.cities[ci]).toMatchObject({ growth: [], printedNewCity: "E" });
    let hit = 0;
    let miss = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = fresh(4);
      s.rng = seedRng(seed);
      const column = s.display[16]!.slice();
      const berlin = s.display[6]!.slice();
      goodsGrowth(s);
      const ones = s.lastRoll!.dark.filter((d) => d === 1).length;
      const grown = s.goods[ci]!;
      // Each dark 1 moves the top remaining cube of E's column (2 spaces) to Constantinople.
      expect(grown).toEqual(column.filter((c) => c !== null).slice(0, ones));
      expect(s.goods[city("Berlin")]).toEqual(berlin.filter((c) => c !== null).slice(0, ones));
      if (ones > 0) hit++;
      else miss++;
    }
    expect(hit).toBeGreaterThan(0);
    expect(miss).toBeGreaterThan(0);
  });

  it("a printed new city must name a tile the map removes, once", () => {
    const map = cloneJson(ORIENT_EXPRESS);
    map.removedNewCities = [];
    expect(MapSchema.safeParse(map).error?.message).toMatch(/Constantinople is new city E printed on the board, so tile E must be among removedNewCities/);
    const twice = cloneJson(ORIENT_EXPRESS);
    twice.cities[city("Athens")]!.printedNewCity = "E";
    expect(MapSchema.safeParse(twice).error?.message).toMatch(/two cities are the printed new city E/);
  });
});
