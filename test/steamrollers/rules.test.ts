import { cloneJson, isRulesError, rollDie, type RulesErrorCode } from "@rules/core";
import {
  ComponentsSchema,
  apply,
  defaultComponents,
  game,
  initialState,
  isTerminal,
  legalActions,
  outcome,
  playerView,
  type Action,
  type Components,
  type State,
} from "@rules/steamrollers";
import { describe, expect, it } from "vitest";
import { mapGrid } from "../../packages/steamrollers/src/data.js";
import { connections } from "../../packages/steamrollers/src/network.js";
import { breakdown, oliveBreakdown } from "../../packages/steamrollers/src/score.js";

// ---------------------------------------------------------------------------------------------
// Helpers: hand-made tables on the default map.

const G = mapGrid(defaultComponents.map);
type Cell = [number, number];
const hex = (c: Cell): number => G.hex.indexOf(c[0], c[1]);
const Y = 0, R = 1, GR = 2, B = 3, GY = 4, K = 5; // goods: yellow, red, green, blue, grey, black

function fresh(options: Record<string, unknown> = { players: 2 }, seed = 1): State {
  return cloneJson(initialState(seed, options));
}

/** Lay track along `cells` (a city, the hexes between, a city or a dead end) on `seat`'s sheet. */
function lay(s: State, seat: number, cells: Cell[]): State {
  const t = cloneJson(s);
  for (let i = 1; i < cells.length; i++) {
    const h = hex(cells[i]!);
    if (G.cityOf[h]! >= 0) continue;
    const edges = [cells[i - 1], cells[i + 1]]
      .filter((c): c is Cell => c !== undefined)
      .map((c) => G.hex.edgeBetween(h, hex(c)));
    if (edges.some((e) => e < 0)) throw new Error(`cells around [${cells[i]}] are not neighbours`);
    if (edges.length === 1) edges.push((edges[0]! + 3) % 6);
    edges.sort((a, b) => a - b);
    t.sheets[seat]!.tracks[h] = [edges[0]!, edges[1]!];
  }
  return t;
}

/** Set the goods of city `city` (1..6), keeping every good counted (moved from or to the bag). */
function goodsOn(s: State, city: number, goods: number[]): State {
  const t = cloneJson(s);
  for (const g of t.cities[city - 1]!) t.bag[g]!++;
  for (const g of goods) {
    if (g === K) t.reserve--;
    else t.bag[g]!--;
  }
  t.cities[city - 1] = [...goods];
  return t;
}

/** Seat `seat`'s turn starts with white dice `whites` and black face `black`; she picks die 0. */
function acting(s: State, seat: number, whites: number[], black = 1): State {
  const t = cloneJson(s);
  t.startPlayer = seat;
  t.queue = Array.from({ length: t.players - 1 }, (_, i) => (seat + 1 + i) % t.players);
  t.white = whites.map((value) => ({ value, user: null, spent: false }));
  t.black = black;
  t.turn = { player: seat, stage: "pick", die: null, actions: 0, used: [], dieUsed: [], traded: false };
  t.claim = null;
  for (const tile of t.tiles) if (tile.holder === seat) tile.sideways = false;
  return apply(game.loadState(t), { type: "pickDie", player: seat, die: 0 });
}

function giveTile(s: State, n: number, side: "a" | "b", holder: number | null, sideways = false): State {
  const t = cloneJson(s);
  t.tiles[n - 1] = { side, holder, sideways };
  return t;
}

function engine(s: State, seat: number, boxes: number[]): State {
  const t = cloneJson(s);
  t.sheets[seat]!.engine = [1, 2, 3, 4, 5, 6].map((b) => boxes.includes(b));
  return t;
}

function rulesError(f: () => unknown): { code: RulesErrorCode; message: string } {
  try {
    f();
  } catch (e) {
    if (isRulesError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a RulesError");
}

const types = (as: Action[]): string[] => [...new Set(as.map((a) => a.type))];
const deliveriesOf = (s: State) => legalActions(s).filter((a): a is Extract<Action, { type: "deliver" }> => a.type === "deliver");

// The rulebook's delivery example on the default map: 1 -> 3 -> 4 -> 2 (distance 3), and
// 1 -> blue town -> grey town -> 4 (then on to 2: distance 4).
const ROUTE_1_3: Cell[] = [[1, 1], [2, 0], [3, 0], [3, 1], [4, 1]];
const ROUTE_3_4: Cell[] = [[4, 1], [4, 2], [4, 3], [4, 4]];
const ROUTE_4_2: Cell[] = [[4, 4], [5, 4], [6, 4], [7, 4]];
const ROUTE_1_4_TOWNS: Cell[] = [[1, 1], [1, 2], [1, 3], [2, 3], [3, 4], [4, 4]];

function exampleNetwork(s: State, seat = 0): State {
  for (const r of [ROUTE_1_3, ROUTE_3_4, ROUTE_4_2, ROUTE_1_4_TOWNS]) s = lay(s, seat, r);
  return s;
}

// ---------------------------------------------------------------------------------------------

describe("Components and the map", () => {
  it("has six regions of nine hexes: one yellow, one red, one green, one blue, two grey, each with one city and one town", () => {
    expect(G.hex.cells).toHaveLength(54);
    expect(G.colourOf).toEqual(["yellow", "red", "grey", "grey", "blue", "green"]);
    expect(G.buildable.map((b) => b.length)).toEqual([8, 8, 8, 8, 8, 8]);
    expect(G.isTown.filter(Boolean)).toHaveLength(6);
    expect(ComponentsSchema.parse(defaultComponents)).toEqual(defaultComponents);
  });

  it("refuses a map without the six regions the rulebook names", () => {
    const c: Components = cloneJson(defaultComponents);
    c.map.regions[1]!.colour = "yellow";
    const e = rulesError(() => initialState(1, { players: 2, components: c }));
    expect(e.code).toBe("INVALID_OPTIONS");
    expect(e.message).toContain("one yellow, one red, one green, one blue and two grey");
  });

  it("refuses a map whose city is not in its region, or a hex in two regions", () => {
    const c: Components = cloneJson(defaultComponents);
    c.map.regions[0]!.city = [5, 5];
    expect(rulesError(() => initialState(1, { players: 2, components: c })).message).toContain("its city must be one of its hexes");
    const d: Components = cloneJson(defaultComponents);
    d.map.regions[0]!.hexes.push([4, 4]);
    expect(rulesError(() => initialState(1, { players: 2, components: d })).message).toContain("belongs to two regions");
  });

  it("refuses a map where a city cannot be reached (added engine check), also behind the walls of a chart", () => {
    const c: Components = cloneJson(defaultComponents);
    // Wall city 2 in on all six sides.
    const around = G.hex.neighbors[G.cityHex[1]!]!.filter((n) => n >= 0).map((n) => [[7, 4], G.hex.cells[n]] as [Cell, Cell]);
    c.walls.medium[0] = around;
    const e = rulesError(() => initialState(1, { players: 2, components: c }));
    expect(e.message).toContain("every city must be reachable by track from every other city (also behind the medium walls of roll 1)");
  });

  it("refuses a black die face offering the same type twice, and too few goods for the players", () => {
    const c: Components = cloneJson(defaultComponents);
    c.blackDie[0] = ["straight", "straight"];
    expect(rulesError(() => initialState(1, { players: 2, components: c })).message).toContain("two different track types");
    const d: Components = cloneJson(defaultComponents);
    d.goods = { yellow: 5, red: 5, green: 5, blue: 5, grey: 5, black: 6 };
    expect(rulesError(() => initialState(1, { players: 5, components: d })).message).toContain("setup draws 7 goods for each of the 6 cities");
  });
});

describe("Setup", () => {
  it("draws players + 2 goods for each city, keeps black goods out of the bag, removes goods of the city's colour without replacing them", () => {
    for (let seed = 0; seed < 20; seed++) {
      const s = initialState(seed, { players: 3 });
      expect(s.bag[K]).toBe(0);
      expect(s.reserve).toBe(6);
      s.cities.forEach((line, c) => {
        expect(line.length).toBeLessThanOrEqual(5);
        expect(line.every((g) => g !== K)).toBe(true);
        // City 1 is yellow (no yellow goods stay), 2 red, 3 and 4 grey, 5 blue, 6 green.
        expect(line).not.toContain([Y, R, GY, GY, B, GR][c]);
      });
      const onCities = s.cities.flat().length;
      expect(onCities + s.bag.reduce((a, b) => a + b, 0)).toBe(50);
    }
  });

  it("Coal: one black good on each city where at least one good was removed", () => {
    for (let seed = 0; seed < 10; seed++) {
      const plain = initialState(seed, { players: 4 });
      const coal = initialState(seed, { players: 4, coal: true });
      coal.cities.forEach((line, c) => {
        const removed = plain.cities[c]!.length < 6;
        expect(line.filter((g) => g === K)).toHaveLength(removed ? 1 : 0);
      });
    }
  });

  it("gives each action tile a random side, kept all game; the solo tile 2 only in solo play", () => {
    const sides = new Set<string>();
    for (let seed = 0; seed < 20; seed++) sides.add(initialState(seed, { players: 2 }).tiles.map((t) => t.side).join(""));
    expect(sides.size).toBeGreaterThan(5);
    const view = game.describeEvents!(null, null, initialState(1, { players: 1 }));
    expect(view.join("\n")).toMatch(/tile 2[ab] \((re-roll Olive's die|stop Olive's removal)/);
    expect(game.describeEvents!(null, null, initialState(1, { players: 2 })).join("\n")).not.toContain("Olive");
  });

  it("Order tiles: a random side each, all in play only with the module", () => {
    expect(initialState(1, { players: 2 }).orders).toEqual([]);
    const s = initialState(1, { players: 2, orders: true });
    expect(s.orders).toHaveLength(6);
    expect(s.orders.every((o) => o.holder === null)).toBe(true);
  });

  it("Medium/Hard: one die rolled, the chart's borders walled on every sheet", () => {
    const m = initialState(4, { players: 3, walls: "medium" });
    expect(m.wallRoll).not.toBeNull();
    expect(m.walls).toHaveLength(5);
    const h = initialState(4, { players: 3, walls: "hard" });
    expect(h.walls).toHaveLength(10);
    expect(initialState(4, { players: 3 }).walls).toEqual([]);
  });

  it("the first player takes the black die and players + 1 white dice", () => {
    const s = initialState(1, { players: 4 });
    expect(s.white).toHaveLength(5);
    expect(s.turn).toMatchObject({ player: 0, stage: "pick" });
    expect(initialState(1, { players: 2 }).white).toHaveLength(3);
  });
});

describe("Starting powers", () => {
  it("are chosen from the last player counter-clockwise, one of the five each", () => {
    let s = initialState(1, { players: 3, startingPowers: true });
    expect(game.activePlayers(s)).toEqual([2]);
    expect(types(legalActions(s))).toEqual(["powerEngine", "powerRail", "powerPoints", "powerTile", "powerDelivery"]);
    s = apply(s, { type: "powerPoints", player: 2 });
    expect(game.activePlayers(s)).toEqual([1]);
    expect(types(legalActions(s))).not.toContain("powerPoints");
    s = apply(s, { type: "powerEngine", player: 1, box: 5 });
    expect(s.sheets[1]!.engine).toEqual([false, false, false, false, true, false]);
    const last = s;
    s = apply(s, { type: "powerTile", player: 0, tile: 3 });
    expect(game.describeAction(last, { type: "powerTile", player: 0, tile: 3 })).toContain("sideways");
    expect(s.tiles[2]!.holder).toBe(0);
    expect(s.sheets[2]!.bonus).toBe(2);
    // Then round one: seat 0 starts and straightens her tile before drafting.
    expect(s.turn).toMatchObject({ player: 0, stage: "pick" });
    expect(s.tiles[2]!.sideways).toBe(false);
    expect(s.powers).toBeNull();
  });

  it("Rail: any empty hex, any of the three track types, before the black die is rolled", () => {
    let s = initialState(1, { players: 2, startingPowers: true });
    s = apply(s, { type: "powerRail", player: 1, col: 5, row: 5 });
    expect(legalActions(s)).toHaveLength(15);
    s = apply(s, { type: "build", player: 1, col: 5, row: 5, edges: [0, 1] });
    expect(s.sheets[1]!.tracks[hex([5, 5])]).toEqual([0, 1]);
    expect(rulesError(() => apply(initialState(1, { players: 2, startingPowers: true }), { type: "powerRail", player: 1, col: 1, row: 1 })).message).toContain(
      "Cities cannot be drawn in",
    );
  });

  it("Personal delivery: a non-grey good from the bag onto city 3 or 4 of your sheet, which only you can deliver", () => {
    let s = initialState(2, { players: 2, startingPowers: true });
    const before = s.bag.reduce((a, b) => a + b, 0);
    s = apply(s, { type: "powerDelivery", player: 1 });
    expect(s.powers!.good).not.toBe("grey");
    expect(legalActions(s)).toEqual([
      { type: "placeGood", player: 1, city: 3 },
      { type: "placeGood", player: 1, city: 4 },
    ]);
    const good = s.powers!.good!;
    s = apply(s, { type: "placeGood", player: 1, city: 4 });
    expect(s.sheets[1]!.personal).toEqual({ good, city: 4 });
    expect(s.bag.reduce((a, b) => a + b, 0)).toBe(before - 1);
    // Seat 1 delivers it with a 4 along her own track; seat 0 never sees it as hers.
    s = apply(s, { type: "powerPoints", player: 0 });
    const colourCity = G.colourOf.indexOf(good) + 1;
    let t = cloneJson(s);
    t = lay(t, 1, [[4, 4], [5, 4], [6, 4], [7, 4]]);
    t = lay(t, 1, [[4, 4], [4, 3], [4, 2], [4, 1]]);
    t = lay(t, 1, [[4, 1], [3, 1], [3, 0], [2, 0], [1, 1]]);
    t = lay(t, 1, [[4, 4], [3, 4], [2, 4], [1, 4]]);
    t = lay(t, 1, [[4, 1], [5, 1], [6, 1], [7, 1]]);
    t = engine(t, 1, [1, 2, 3, 4, 5, 6]);
    t = goodsOn(t, 4, []);
    t = acting(t, 1, [4, 1, 1]);
    const mine = deliveriesOf(t).filter((a) => a.slot === -1);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.to === colourCity)).toBe(true);
    t = apply(t, mine[0]!);
    expect(t.sheets[1]!.personal).toBeNull();
  });
});

describe("The game round", () => {
  it("each player picks a white die and acts; the leftover die is unused; dice and start player pass clockwise", () => {
    let s = fresh({ players: 3 });
    s = acting(s, 0, [1, 2, 3, 4], 1);
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.turn).toMatchObject({ player: 1, stage: "pick" });
    expect(legalActions(s).map((a) => a.type === "pickDie" && s.white[a.die]!.value)).toEqual([2, 3, 4]);
    s = apply(s, { type: "pickDie", player: 1, die: 1 });
    s = apply(s, { type: "improveEngine", player: 1 });
    s = apply(s, { type: "pickDie", player: 2, die: 2 });
    const round = s.round;
    s = apply(s, { type: "improveEngine", player: 2 });
    expect(s.round).toBe(round + 1);
    expect(s.startPlayer).toBe(1);
    expect(s.turn).toMatchObject({ player: 1, stage: "pick" });
    expect(s.white.every((d) => d.user === null)).toBe(true);
  });

  it("a die already taken cannot be picked", () => {
    let s = fresh({ players: 3 });
    s = acting(s, 0, [1, 2, 3, 4]);
    s = apply(s, { type: "improveEngine", player: 0 });
    const e = rulesError(() => apply(s, { type: "pickDie", player: 1, die: 0 }));
    expect(e.code).toBe("ILLEGAL_ACTION");
    expect(e.message).toContain("That white die is already taken by seat 0");
  });

  it("straightens the player's sideways tiles right before she drafts", () => {
    let s = giveTile(fresh(), 3, "a", 1, true);
    s = acting(s, 0, [1, 2, 3]);
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.tiles[2]!.sideways).toBe(false);
  });
});

describe("Build track", () => {
  it("draws in one empty hex of the white die's region, of a type the black die allows", () => {
    const s = acting(fresh(), 0, [3, 1, 1], 1); // black face 1: straight or gentle
    const builds = legalActions(s).filter((a) => a.type === "build");
    expect(builds).toHaveLength(8 * 9); // 8 hexes of region 3, 3 straight + 6 gentle tracks each
    expect(builds.every((a) => a.type === "build" && G.regionOf[hex([a.col, a.row])] === 2)).toBe(true);
    const next = apply(s, { type: "build", player: 0, col: 3, row: 1, edges: [1, 4] });
    expect(next.sheets[0]!.tracks[hex([3, 1])]).toEqual([1, 4]);
    // The log names the hex so a player can find it: grid cell, region and nearest city (issue 20).
    expect(game.describeAction(s, { type: "build", player: 0, col: 3, row: 1, edges: [1, 4] })).toMatch(/in hex \[3,1\] of region 3, near city \d$/);
  });

  it("refuses another region, a city, a hex already drawn in (no crossings), and a type the black die does not show", () => {
    let s = acting(lay(fresh(), 0, [[4, 1], [3, 1], [2, 1]]), 0, [3, 1, 1], 1);
    expect(rulesError(() => apply(s, { type: "build", player: 0, col: 0, row: 0, edges: [1, 4] })).message).toContain("Your white die shows 3: build in region 3");
    expect(rulesError(() => apply(s, { type: "build", player: 0, col: 4, row: 1, edges: [1, 4] })).message).toContain("Cities (numbered 1-6) cannot");
    const e = rulesError(() => apply(s, { type: "build", player: 0, col: 3, row: 1, edges: [0, 3] }));
    expect(e.code).toBe("ILLEGAL_ACTION");
    expect(e.message).toContain("each hex is drawn in once (no crossings or junctions)");
    expect(rulesError(() => apply(s, { type: "build", player: 0, col: 3, row: 0, edges: [0, 1] })).message).toContain(
      "The black die allows a straight or a gentle track, not a sharp one",
    );
    s = acting(fresh(), 0, [3, 1, 1], 1);
    expect(JSON.stringify(s)).toBe(JSON.stringify(acting(fresh(), 0, [3, 1, 1], 1)));
  });

  it("a track bordering a city connects to it; a town connects only when the track passes through its hex (rulebook example)", () => {
    // Cities 1 and 3 connected through the yellow town; a stub touching city 5 whose other end leads nowhere connects nothing.
    let s = lay(fresh(), 0, [[1, 1], [2, 1], [3, 1], [4, 1]]);
    s = lay(s, 0, [[0, 2], [0, 3]]); // a stub near city 5 and the blue town, connected to nothing
    s.sheets[0]!.delivered = 0;
    const over = cloneJson(s);
    over.over = true;
    over.turn = null;
    over.queue = [];
    expect(breakdown(over, 0).network).toBe(2); // 1 connection + 1 town
  });

  it("rulebook example, second half: a track through the blue town that stops short of city 5 connects neither city 5 nor the town", () => {
    // City 1 -> (1,2) -> blue town (1,3) -> (2,3), a dead end: the town sits next to city 5, but
    // no track leads into city 5, so cities 1 and 5 are not connected and the town counts for nothing.
    let s = lay(fresh(), 0, [[1, 1], [2, 1], [3, 1], [4, 1]]); // cities 1 and 3 through the yellow town
    s = lay(s, 0, [[1, 1], [1, 2], [1, 3], [2, 3]]);
    expect(connections(G, s.sheets[0]!.tracks, new Set())).toEqual([{ a: 0, b: 2, towns: 1 }]);
    s.over = true;
    expect(breakdown(s, 0).network).toBe(2);
  });

  it("tracks may connect to nothing, and separate networks are allowed", () => {
    let s = lay(fresh(), 0, [[0, 0], [1, 0]]);
    s = lay(s, 0, [[4, 4], [5, 4], [6, 4], [7, 4]]);
    s.over = true;
    expect(breakdown(s, 0).network).toBe(1);
  });
});

describe("Improve engine", () => {
  it("ticks the box of the white die; each value once; strength = boxes ticked", () => {
    let s = acting(fresh(), 0, [5, 1, 1]);
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.sheets[0]!.engine).toEqual([false, false, false, false, true, false]);
    s = acting(s, 0, [5, 1, 1]);
    expect(types(legalActions(s))).not.toContain("improveEngine");
    expect(rulesError(() => apply(s, { type: "improveEngine", player: 0 })).message).toContain("Engine box 5 is already ticked");
  });
});

describe("Deliver goods", () => {
  it("rulebook example: a red good from city 1 to the red city 2 at distance 3 (via cities 3 and 4) or 4 (via two towns and city 4)", () => {
    let s = exampleNetwork(fresh());
    s = goodsOn(s, 1, [R]);
    s = engine(s, 0, [1, 2, 3, 4]);
    s = acting(s, 0, [1, 1, 1]);
    const d = deliveriesOf(s).filter((a) => a.from === 1 && a.to === 2);
    expect(d.map((a) => a.distance)).toEqual([3, 4]);
    const after = apply(s, d[1]!);
    expect(after.sheets[0]!.delivered).toBe(4);
    expect(after.cities[0]).toEqual([]);
    expect(after.bag[R]).toBe(s.bag[R]! + 1); // back into the bag
  });

  it("the engine must be at least the distance", () => {
    let s = exampleNetwork(fresh());
    s = goodsOn(s, 1, [R]);
    s = engine(s, 0, [1, 2, 3]);
    s = acting(s, 0, [1, 1, 1]);
    expect(deliveriesOf(s).filter((a) => a.to === 2).map((a) => a.distance)).toEqual([3]);
    const e = rulesError(() => apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 4, boost: 0 }));
    expect(e.code).toBe("ILLEGAL_ACTION");
    expect(e.message).toContain("Your engine (strength 3) cannot carry a good 4 cities/towns");
  });

  it("a delivered black coal good goes back into the bag like any other good", () => {
    let s = exampleNetwork(fresh({ players: 2, coal: true }));
    s = goodsOn(s, 1, [K]);
    s = engine(s, 0, [1, 2, 3]);
    s = acting(s, 0, [1, 1, 1]);
    const after = apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 3, distance: 1, boost: 0 });
    expect(after.cities[0]).toEqual([]);
    expect(after.bag[K]).toBe(s.bag[K]! + 1);
    expect(after.sheets[0]!.delivered).toBe(1);
  });

  it("grey goods go to city 3 or 4; coal goes anywhere; the source is the white die's city", () => {
    let s = exampleNetwork(fresh({ players: 2, coal: true }));
    s = goodsOn(s, 1, [GY, K]);
    s = engine(s, 0, [1, 2, 3, 4, 5, 6]);
    s = acting(s, 0, [1, 1, 1]);
    const d = deliveriesOf(s);
    expect([...new Set(d.filter((a) => a.slot === 0).map((a) => a.to))]).toEqual([3, 4]);
    expect([...new Set(d.filter((a) => a.slot === 1).map((a) => a.to))]).toEqual([2, 3, 4]);
    expect(rulesError(() => apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 3, boost: 0 })).message).toContain(
      "A grey good goes to city 3 or 4",
    );
    const s2 = acting(exampleNetwork(goodsOn(engine(fresh(), 0, [1, 2, 3]), 3, [R])), 0, [1, 1, 1]);
    expect(rulesError(() => apply(s2, { type: "deliver", player: 0, from: 3, slot: 0, to: 2, distance: 2, boost: 0 })).message).toContain(
      "Your white die shows 1: deliver from city 1",
    );
  });

  it("a good never passes the same city twice (no loops)", () => {
    // 1-3, 3-4, 4-1 (towns) and 4-2: from 1 to 2 there is no route 1-4-3-1-...; only simple routes count.
    let s = exampleNetwork(fresh());
    s = goodsOn(s, 3, [R]);
    s = engine(s, 0, [1, 2, 3, 4, 5, 6]);
    s = acting(s, 0, [3, 1, 1]);
    // 3-4-2 = 2; 3-1-(towns)-4-2 = 1 + 3 + 1 = 5.
    expect(deliveriesOf(s).map((a) => a.distance)).toEqual([2, 5]);
  });

  it("only along the player's own connections", () => {
    let s = exampleNetwork(fresh(), 1);
    s = goodsOn(s, 1, [R]);
    s = engine(s, 0, [1, 2, 3, 4, 5, 6]);
    s = acting(s, 0, [1, 1, 1]);
    expect(deliveriesOf(s)).toEqual([]);
    expect(rulesError(() => apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 3, boost: 0 })).message).toContain(
      "Your own track does not connect city 1 to city 2",
    );
  });

  it("never across a wall, and connections across walls do not score", () => {
    let s = fresh({ players: 2, walls: "hard" });
    // Hard chart roll 3 walls the 1-5 and 3-4 borders; keep only the 3-4 border here.
    const chart = defaultComponents.walls.hard[2]!.slice(5);
    s.wallRoll = 3;
    s.walls = chart.map(([a, b]) => [hex(a as Cell), hex(b as Cell)]);
    s = exampleNetwork(s);
    s = goodsOn(s, 1, [R]);
    s = engine(s, 0, [1, 2, 3, 4, 5, 6]);
    s = acting(s, 0, [1, 1, 1]);
    expect(deliveriesOf(s).filter((a) => a.to === 2).map((a) => a.distance)).toEqual([4]);
    const e = rulesError(() => apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 3, boost: 0 }));
    expect(e.message).toContain("A wall blocks that route");
    // The walled 3-4 connection scores nothing: 1-3 (1) + 4-2 (1) + 1-4 with two towns (3).
    s = cloneJson(s);
    s.over = true;
    expect(breakdown(s, 0).network).toBe(5);
  });

  it("with order tiles the delivered good is kept instead of going back to the bag", () => {
    let s = exampleNetwork(fresh({ players: 2, orders: true }));
    s = goodsOn(s, 1, [R]);
    s = engine(s, 0, [1, 2, 3]);
    s = acting(s, 0, [1, 1, 1]);
    s = apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 3, boost: 0 });
    expect(s.sheets[0]!.kept[R]).toBe(1);
  });
});

describe("Take an action tile", () => {
  it("takes the tile of the die's number from the centre, sideways", () => {
    let s = acting(fresh(), 0, [4, 1, 1]);
    s = apply(s, { type: "takeTile", player: 0 });
    expect(s.tiles[3]).toMatchObject({ holder: 0, sideways: true });
  });

  it("steals an upright tile from another player, never a sideways one", () => {
    let s = acting(giveTile(fresh(), 4, "a", 1, false), 0, [4, 1, 1]);
    s = apply(s, { type: "takeTile", player: 0 });
    expect(s.tiles[3]).toMatchObject({ holder: 0, sideways: true });
    const t = acting(giveTile(fresh(), 4, "a", 1, true), 0, [4, 1, 1]);
    expect(types(legalActions(t))).not.toContain("takeTile");
    expect(rulesError(() => apply(t, { type: "takeTile", player: 0 })).message).toContain("sideways in front of seat 1");
  });

  it("takes one's own upright tile just to turn it sideways", () => {
    let s = acting(giveTile(fresh(), 4, "b", 0, false), 0, [4, 1, 1]);
    s = apply(s, { type: "takeTile", player: 0 });
    expect(s.tiles[3]).toMatchObject({ holder: 0, sideways: true });
  });

  it("a sideways tile cannot be used until its owner's next pick", () => {
    let s = acting(giveTile(fresh(), 1, "a", 0, false), 0, [1, 1, 1]);
    s = apply(s, { type: "takeTile", player: 0 }); // own tile 1, now sideways
    s = acting(s, 1, [2, 1, 1]);
    expect(s.tiles[0]!.sideways).toBe(true);
  });

  it("passing is only allowed when no action is possible", () => {
    let s = fresh();
    for (const h of G.buildable[0]!) s.sheets[0]!.tracks[h] = [0, 3];
    s = engine(s, 0, [1]);
    s = giveTile(s, 1, "a", 1, true);
    s = acting(s, 0, [1, 1, 1]);
    expect(legalActions(s)).toEqual([{ type: "pass", player: 0 }]);
    s = apply(s, { type: "pass", player: 0 });
    expect(s.turn!.player).toBe(1);
  });
});

describe("Action tiles", () => {
  it("1a/1b: change the white die to any value", () => {
    let s = acting(giveTile(fresh(), 1, "b", 0), 0, [2, 1, 1]);
    expect(legalActions(s).filter((a) => a.type === "setDie").map((a) => a.type === "setDie" && a.value)).toEqual([1, 3, 4, 5, 6]);
    s = apply(s, { type: "setDie", player: 0, value: 6 });
    expect(s.white[0]!.value).toBe(6);
    expect(s.tiles[0]!.holder).toBe(0); // 1b is permanent
    expect(types(legalActions(s))).not.toContain("setDie"); // once per die
    const t = apply(acting(giveTile(fresh(), 1, "a", 0), 0, [2, 1, 1]), { type: "setDie", player: 0, value: 6 });
    expect(t.tiles[0]!.holder).toBeNull(); // 1a is one-shot: back to the centre
  });

  it("2a: take two white dice and act with each (no leftover die this round)", () => {
    let s = acting(giveTile(fresh({ players: 2 }), 2, "a", 0), 0, [5, 6, 1]);
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.turn!.stage).toBe("end");
    expect(legalActions(s)).toEqual([
      { type: "secondDie", player: 0, die: 1 },
      { type: "secondDie", player: 0, die: 2 },
      { type: "done", player: 0 },
    ]);
    s = apply(s, { type: "secondDie", player: 0, die: 1 });
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.sheets[0]!.engine).toEqual([false, false, false, false, true, true]);
    expect(s.turn!.player).toBe(1);
    expect(s.white.filter((d) => d.user === null)).toHaveLength(1);
  });

  it("2b: right after another player chooses a die, its holder (before picking) claims it; the chooser picks again; the claimed die must be used", () => {
    let s = giveTile(fresh({ players: 3 }), 2, "b", 2);
    s = acting(s, 0, [4, 5, 6, 1]);
    expect(s.turn!.stage).toBe("claim");
    expect(game.activePlayers(s)).toEqual([2]);
    s = apply(s, { type: "claimDie", player: 2 });
    expect(s.white[0]!.user).toBe(2);
    expect(s.turn).toMatchObject({ player: 0, stage: "pick" });
    expect(legalActions(s).map((a) => a.type === "pickDie" && a.die)).toEqual([1, 2, 3]);
    s = apply(s, { type: "pickDie", player: 0, die: 1 });
    s = apply(s, { type: "improveEngine", player: 0 });
    s = apply(s, { type: "pickDie", player: 1, die: 2 });
    s = apply(s, { type: "improveEngine", player: 1 });
    // Seat 2 does not pick: she acts with the claimed 4.
    expect(s.turn).toMatchObject({ player: 2, stage: "act", die: 0 });
    expect(types(legalActions(s))).not.toContain("pickDie");
  });

  it("2b must be played before its holder picks: once she has drafted this round she is not asked", () => {
    let s = giveTile(fresh({ players: 3 }), 2, "b", 0);
    s = acting(s, 0, [4, 5, 6, 1]); // seat 0 holds 2b and picks first: nobody to claim from yet
    expect(s.turn!.stage).toBe("act");
    s = apply(s, { type: "improveEngine", player: 0 });
    s = apply(s, { type: "pickDie", player: 1, die: 1 });
    expect(s.turn).toMatchObject({ player: 1, stage: "act" });
    expect(s.claim).toBeNull();
  });

  it("2b may be declined", () => {
    let s = giveTile(fresh({ players: 3 }), 2, "b", 2);
    s = acting(s, 0, [4, 5, 6, 1]);
    s = apply(s, { type: "done", player: 2 });
    expect(s.turn).toMatchObject({ player: 0, stage: "act" });
  });

  it("3a: the white die may name the destination instead of the source", () => {
    let s = exampleNetwork(fresh());
    s = goodsOn(s, 1, [R]);
    s = giveTile(engine(s, 0, [1, 2, 3]), 3, "a", 0);
    s = acting(s, 0, [2, 1, 1]);
    const d = deliveriesOf(s).filter((a) => a.from !== 2);
    expect(d).toEqual([{ type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 3, boost: 0 }]);
    s = apply(s, d[0]!);
    expect(s.tiles[2]!.holder).toBeNull(); // one-shot
  });

  it("3b: the delivery distance gets +1 or +2, within the engine", () => {
    let s = exampleNetwork(fresh());
    s = goodsOn(s, 1, [R]);
    s = giveTile(engine(s, 0, [1, 2, 3, 4, 5]), 3, "b", 0);
    s = acting(s, 0, [1, 1, 1]);
    expect(deliveriesOf(s).map((a) => [a.distance, a.boost])).toEqual([[3, 0], [3, 1], [3, 2], [4, 0], [4, 1]]);
    s = apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 4, boost: 1 });
    expect(s.sheets[0]!.delivered).toBe(5);
    expect(s.tiles[2]!.holder).toBe(0); // permanent
  });

  it("4a: a delivery of unlimited distance, still no city twice", () => {
    let s = exampleNetwork(fresh());
    s = goodsOn(s, 1, [R]);
    s = giveTile(engine(s, 0, [1]), 4, "a", 0);
    s = acting(s, 0, [1, 1, 1]);
    expect(deliveriesOf(s).map((a) => a.distance)).toEqual([3, 4]);
    s = apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 4, boost: 0 });
    expect(s.tiles[3]!.holder).toBeNull();
  });

  it("4b: engine strength +1 as long as she holds the tile (even sideways); not in the engine bonus", () => {
    let s = exampleNetwork(fresh());
    s = goodsOn(s, 1, [R]);
    s = giveTile(engine(s, 0, [1, 2, 3]), 4, "b", 0, true);
    s = acting(s, 0, [1, 1, 1]);
    expect(deliveriesOf(s).map((a) => a.distance)).toEqual([3, 4]);
    const over = engine(cloneJson(s), 0, [1, 2, 3, 4]);
    over.over = true;
    expect(breakdown(over, 0).engine).toBe(1);
  });

  it("5a: the white die +1 or -1, without wrapping", () => {
    let s = acting(giveTile(fresh(), 5, "a", 0), 0, [6, 1, 1]);
    expect(legalActions(s).filter((a) => a.type === "nudgeDie")).toEqual([{ type: "nudgeDie", player: 0, delta: -1 }]);
    expect(rulesError(() => apply(s, { type: "nudgeDie", player: 0, delta: 1 })).message).toContain("6 does not wrap to 1");
    s = apply(s, { type: "nudgeDie", player: 0, delta: -1 });
    expect(s.white[0]!.value).toBe(5);
  });

  it("5b: re-roll the white die or flip it to its opposite face, then use the result", () => {
    let s = acting(giveTile(fresh(), 5, "b", 0), 0, [2, 1, 1]);
    const flipped = apply(s, { type: "flipDie", player: 0 });
    expect(flipped.white[0]!.value).toBe(5);
    const rolled = apply(s, { type: "rerollDie", player: 0 });
    expect(rolled.rng).not.toEqual(s.rng);
    expect(types(legalActions(rolled))).not.toContain("flipDie");
    s = flipped;
    expect(s.tiles[4]!.holder).toBe(0);
  });

  it("6a/6b: ignore the black die and draw any of the three types", () => {
    const s = acting(giveTile(fresh(), 6, "a", 0), 0, [3, 1, 1], 1);
    expect(legalActions(s).filter((a) => a.type === "build")).toHaveLength(8 * 15);
    const straight = apply(s, { type: "build", player: 0, col: 3, row: 1, edges: [1, 4] });
    expect(straight.tiles[5]!.holder).toBe(0); // not needed for a type the black die allows
    const sharp = apply(s, { type: "build", player: 0, col: 3, row: 1, edges: [0, 1] });
    expect(sharp.tiles[5]!.holder).toBeNull(); // 6a used: back to the centre
  });
});

describe("Order tiles", () => {
  function withKept(kept: number[], side: "a" | "b" = "a"): State {
    let s = fresh({ players: 2, orders: true });
    s.orders = s.orders.map(() => ({ side, holder: null }));
    s = cloneJson(acting(s, 0, [5, 1, 1]));
    for (let c = 0; c < 6; c++) {
      const n = kept[c] ?? 0;
      if (c === K) s.reserve -= n;
      else s.bag[c]! -= n;
      s.sheets[0]!.kept[c] = n;
    }
    return s;
  }

  it("trades kept goods once per turn (even when the action was not a delivery); the goods go back to the bag", () => {
    let s = withKept([2, 1, 0, 0, 0, 0]); // order 1a: yellow, yellow, red
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.turn!.stage).toBe("end");
    expect(legalActions(s)).toEqual([
      { type: "fulfilOrder", player: 0, order: 0, wild: null },
      { type: "done", player: 0 },
    ]);
    const bag = s.bag[Y]!;
    s = apply(s, { type: "fulfilOrder", player: 0, order: 0, wild: null });
    expect(s.orders[0]!.holder).toBe(0);
    expect(s.sheets[0]!.kept).toEqual([0, 0, 0, 0, 0, 0]);
    expect(s.bag[Y]).toBe(bag + 2);
    expect(s.turn!.player).toBe(1); // once per turn: the turn ends
  });

  it("one black coal may stand in for one good, never two", () => {
    let s = withKept([1, 1, 0, 0, 0, 2]);
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(legalActions(s)).toContainEqual({ type: "fulfilOrder", player: 0, order: 0, wild: "yellow" });
    const t = apply(withKept([0, 1, 0, 0, 0, 2]), { type: "improveEngine", player: 0 });
    expect(t.turn!.player).toBe(1); // two goods short: nothing to trade
  });

  it("first come, first served", () => {
    let s = withKept([2, 1, 0, 0, 0, 0]);
    s.orders[0]!.holder = 1;
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.turn!.player).toBe(1);
  });
});

describe("Game end and scoring", () => {
  it("ends at the end of a round with three or more empty cities", () => {
    let s = fresh({ players: 2 });
    s = goodsOn(goodsOn(goodsOn(s, 1, []), 2, []), 5, []);
    s = acting(s, 0, [1, 1, 1]);
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(isTerminal(s)).toBe(false);
    s = apply(s, legalActions(s).find((a) => a.type === "pickDie")!);
    s = apply(s, { type: "improveEngine", player: 1 });
    expect(isTerminal(s)).toBe(true);
    expect(legalActions(s)).toEqual([]);
    expect(rulesError(() => apply(s, { type: "done", player: 0 })).code).toBe("GAME_OVER");
  });

  it("loadState refuses a finished game reopened at the start of a new round (issue 20)", () => {
    // Three cities emptied by the end of round 1: the game ended then, so round 2 cannot begin.
    const ended = { ...goodsOn(goodsOn(goodsOn(fresh({ players: 2 }), 1, []), 2, []), 5, []), round: 2 };
    const e = rulesError(() => game.loadState(ended));
    expect(e.code).toBe("INVALID_STATE");
    expect(e.message).toMatch(/three or more empty cities .*: the game is over, yet a new round began/);
    // The same board during round 2 (cities emptied by a delivery in it) plays on to the round's end.
    const during = apply(game.loadState({ ...ended, round: 1 }), { type: "pickDie", player: 0, die: 0 });
    expect(game.loadState({ ...cloneJson(during), round: 2 }).round).toBe(2);
  });

  it("loadState refuses a finished game reopened at round one (issue 30)", () => {
    // A played-out game, then its last table put back at the start of round one (the end check of
    // issue 20 does not look at round one, whose empty cities may come from setup).
    let s = initialState("reopen", { players: 2 });
    const roundOne = cloneJson(s);
    while (!isTerminal(s)) s = apply(s, legalActions(s)[0]!);
    const { turn, white, queue, black, startPlayer } = roundOne;
    const reopened = { ...cloneJson(s), over: false, round: 1, turn, white, queue, black, startPlayer };
    for (const t of reopened.tiles) t.sideways = false;
    const e = rulesError(() => game.loadState(reopened));
    expect(e.code).toBe("INVALID_STATE");
    expect(e.message).toMatch(/three or more empty cities .*: the game is over, yet a new round began/);
    // Round 0 belongs to the starting powers alone.
    expect(rulesError(() => game.loadState({ ...reopened, round: 0 })).message).toMatch(/a game past them is in round one or later/);
    // The played-out game itself loads, and so does a table at round one's start.
    expect(game.loadState(cloneJson(s)).over).toBe(true);
    expect(game.loadState(roundOne).round).toBe(1);
  });

  it("scoring example (Tiffany): 13 deliveries + 9 network (4 connections, 5 towns) + 2 engine - 2 tile = 22", () => {
    let s = fresh({ players: 2 });
    s = lay(s, 0, ROUTE_1_4_TOWNS); // 2 towns
    s = lay(s, 0, [[1, 1], [2, 1], [3, 1], [4, 1]]); // yellow town
    s = lay(s, 0, [[4, 1], [5, 2], [5, 3], [4, 3], [4, 4]]); // grey-3 town
    s = lay(s, 0, [[4, 4], [5, 4], [6, 4], [6, 3], [7, 4]]); // red town
    s = engine(s, 0, [1, 2, 3, 4, 5]);
    s = giveTile(s, 6, "b", 0);
    s.sheets[0]!.delivered = 13;
    s.over = true;
    s.turn = null;
    s.queue = [];
    expect(breakdown(s, 0)).toEqual({ total: 22, deliveries: 13, network: 9, engine: 2, tiles: -2, orders: 0, startingPower: 0 });
  });

  it("engine bonus: 4/5/6 ticked boxes give 1/2/3 points, 3 or fewer nothing", () => {
    const bonus = [0, 1, 2, 3, 4, 5, 6].map((n) => {
      const s = engine(fresh(), 0, [1, 2, 3, 4, 5, 6].slice(0, n));
      s.over = true;
      return breakdown(s, 0).engine;
    });
    expect(bonus).toEqual([0, 0, 0, 0, 1, 2, 3]);
  });

  it("fulfilled order tiles score their printed points; the +2 starting power counts in the total", () => {
    let s = fresh({ players: 2, orders: true });
    s.orders[0] = { side: "a", holder: 0 }; // order 1a: 3 points
    s.orders[5] = { side: "b", holder: 1 }; // order 6b: 7 points
    s.sheets[0]!.power = "points";
    s.sheets[0]!.bonus = 2;
    s.over = true;
    expect(breakdown(s, 0)).toMatchObject({ total: 5, orders: 3, startingPower: 2 });
    expect(breakdown(s, 1)).toMatchObject({ total: 7, orders: 7, startingPower: 0 });
  });

  it("ties go to the best engine (ticked boxes by default, or strength with 4b), then the best network, then stand", () => {
    let s = fresh({ players: 3 });
    s.over = true;
    s.turn = null;
    s.queue = [];
    s.sheets[0]!.delivered = 5;
    s.sheets[1]!.delivered = 5;
    s.sheets[2]!.delivered = 5;
    s = engine(engine(s, 0, [1, 2]), 1, [1]);
    expect(outcome(s)!.ranks).toEqual([1, 2, 3]);
    s = giveTile(s, 4, "b", 1); // -2 points: give seat 1 two points back
    s.sheets[1]!.delivered = 7;
    expect(outcome(s)!.ranks).toEqual([1, 2, 3]);
    s.settings.tieBreakEngine = "strength";
    expect(outcome(s)!.ranks).toEqual([1, 1, 3]);
    s = lay(s, 1, ROUTE_4_2);
    s.sheets[1]!.delivered = 6;
    expect(outcome(s)!.ranks).toEqual([2, 1, 3]);
  });
});

describe("Solo against Olive", () => {
  function solo(options: Record<string, unknown> = {}, seed = 1): State {
    return cloneJson(initialState(seed, { players: 1, ...options }));
  }
  /** The human's turn with dice `whites` (three); she ticks engine boxes with dice 0 and 1; Olive gets die 2. */
  function twoEngineActions(s: State, whites: number[]): State {
    s = cloneJson(s);
    s.white = whites.map((value) => ({ value, user: null, spent: false }));
    s.sheets[0]!.engine = [false, false, false, false, false, false];
    s = game.loadState(s);
    s = apply(s, { type: "pickDie", player: 0, die: 0 });
    s = apply(s, { type: "improveEngine", player: 0 });
    s = apply(s, { type: "pickDie", player: 0, die: 1 });
    return apply(s, { type: "improveEngine", player: 0 });
  }

  it("refuses Coal, order tiles and starting powers with a RulesError", () => {
    for (const opt of ["coal", "orders", "startingPowers"]) {
      const e = rulesError(() => initialState(1, { players: 1, [opt]: true }));
      expect(e.code).toBe("INVALID_OPTIONS");
      expect(e.message).toContain("solo play allows only the Medium/Hard module");
    }
    expect(initialState(1, { players: 1, walls: "hard" }).walls).toHaveLength(10);
  });

  it("lines up 3 goods per city (set up as usual) and gives Olive one cross per difficulty die", () => {
    const difficulties = ["clerk", "conductor", "machinist", "engineer", "investor", "railBaron"];
    difficulties.forEach((difficulty, i) => {
      const s = initialState(7, { players: 1, difficulty: difficulty as never });
      expect(s.olive!.crosses.reduce((a, b) => a + b, 0)).toBe(i + 1);
      expect(s.cities.every((line) => line.length <= 3)).toBe(true);
    });
    expect(initialState(7, { players: 1, soloGoodsPerCity: 4 }).cities.some((l) => l.length === 4)).toBe(true);
  });

  it("setup: 3 goods drawn onto each city, those of the city's own colour removed and not replaced", () => {
    // A bag of yellow goods only: city 1 (yellow) loses all three of its draws, every other city keeps its three.
    const components: Components = { ...defaultComponents, goods: { yellow: 20, red: 0, green: 0, blue: 0, grey: 0, black: 0 } };
    const s = initialState(5, { players: 1, components });
    expect(s.cities).toEqual([[], [Y, Y, Y], [Y, Y, Y], [Y, Y, Y], [Y, Y, Y], [Y, Y, Y]]);
    expect(s.bag).toEqual([20 - 15, 0, 0, 0, 0, 0]); // the three removed yellow goods went back to the bag
    // The default box: over many setups no line holds a good of its city's colour, and none is longer than 3.
    const colour = [Y, R, GY, GY, B, GR];
    for (let seed = 1; seed <= 200; seed++) {
      const t = initialState(seed, { players: 1 });
      t.cities.forEach((line, c) => {
        expect(line.length).toBeLessThanOrEqual(3);
        expect(line).not.toContain(colour[c]);
      });
    }
  });

  it("each turn: three white dice and the black die; two actions; Olive takes the third die", () => {
    let s = solo();
    expect(s.white).toHaveLength(3);
    const crosses = s.olive!.crosses.reduce((a, b) => a + b, 0);
    s = twoEngineActions(s, [1, 2, 6]);
    expect(s.sheets[0]!.engine).toEqual([true, true, false, false, false, false]);
    expect(s.olive!.crosses.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(crosses + 1);
    expect(s.turn).toMatchObject({ player: 0, stage: "pick", actions: 0 });
  });

  it("Olive step 1 crosses a hex of her die's region; step 4 needs three crosses: she removes the rightmost good and scores the crosses", () => {
    let s = solo();
    s.olive!.crosses = [0, 0, 0, 0, 0, 2];
    s = goodsOn(s, 6, [Y, R, B]);
    s = twoEngineActions(s, [1, 2, 6]);
    expect(s.olive!.crosses[5]).toBe(3);
    expect(s.cities[5]).toEqual([Y, R]);
    expect(s.olive!.points).toBe(3);
    let t = solo();
    t.olive!.crosses = [0, 0, 0, 0, 0, 1];
    t = goodsOn(t, 6, [Y, R, B]);
    t = twoEngineActions(t, [1, 2, 6]);
    expect(t.cities[5]).toEqual([Y, R, B]);
    expect(t.olive!.points).toBe(0);
  });

  it("Olive step 2 sends the human's upright tile of her number back to the board, not a sideways one", () => {
    let s = giveTile(solo(), 6, "b", 0, false);
    s = goodsOn(s, 6, [Y]);
    s = twoEngineActions(s, [1, 2, 6]);
    expect(s.tiles[5]!.holder).toBeNull();
    let t = solo();
    t = goodsOn(t, 6, [Y]);
    t.white = [6, 2, 6].map((value) => ({ value, user: null, spent: false }));
    t = apply(t, { type: "pickDie", player: 0, die: 0 });
    t = apply(t, { type: "takeTile", player: 0 }); // tile 6, sideways
    t = apply(t, { type: "pickDie", player: 0, die: 1 });
    t = apply(t, { type: "improveEngine", player: 0 });
    expect(t.tiles[5]).toMatchObject({ holder: 0 });
  });

  it("Olive step 3: an empty city makes her re-roll and start again at step 1", () => {
    let s = solo();
    s = goodsOn(s, 6, []);
    const before = s.olive!.crosses.reduce((a, b) => a + b, 0);
    s = twoEngineActions(s, [1, 2, 6]);
    expect(s.olive!.crosses[5]).toBeGreaterThanOrEqual(1);
    expect(s.olive!.crosses.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(before + 2);
  });

  it("Olive step 3, exactly: each re-roll is one die from the game's generator; steps 1 and 2 run again for the new number", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      let s = solo({}, seed);
      s.olive!.crosses = [3, 3, 3, 3, 3, 3];
      s = goodsOn(goodsOn(goodsOn(s, 6, []), 5, []), 1, [R, GR, B]);
      for (const n of [1, 3, 4, 5, 6]) s = giveTile(s, n, "a", 0); // upright tiles the human holds
      s.sheets[0]!.engine = [false, false, false, false, false, false];
      s.white = [2, 3, 6].map((value) => ({ value, user: null, spent: false }));
      s = apply(game.loadState(s), { type: "pickDie", player: 0, die: 0 });
      s = apply(s, { type: "improveEngine", player: 0 });
      s = apply(s, { type: "pickDie", player: 0, die: 1 });
      // Olive's die is 6 and city 6 is empty: predict her turn with a copy of the generator.
      const rng = cloneJson(s.rng);
      const crosses = [3, 3, 3, 3, 3, 3];
      const returned = new Set<number>();
      let die = 6;
      const rolls: number[] = [];
      for (;;) {
        rolls.push(die);
        crosses[die - 1]!++;
        if (die !== 2) returned.add(die);
        if (s.cities[die - 1]!.length > 0) break;
        die = rollDie(rng);
      }
      const line = [...s.cities[die - 1]!];
      const after = apply(s, { type: "improveEngine", player: 0 });
      expect(after.olive!.crosses).toEqual(crosses);
      expect(after.cities[die - 1]).toEqual(line.slice(0, -1)); // the rightmost good of the city she finally rolled
      expect(after.olive!.points).toBe(crosses[die - 1]);
      for (const n of [1, 3, 4, 5, 6]) expect(after.tiles[n - 1]!.holder).toBe(returned.has(n) ? null : 0);
      // Every value her die showed stays on the table for the next turn's view: the die and each re-roll.
      expect(playerView(after, 0).olive!.rolls).toEqual(rolls);
    }
  });

  it("Olive's removal can empty the third city: the game ends after her turn, her points counted", () => {
    let s = solo();
    s.olive!.crosses = [0, 0, 0, 0, 0, 2];
    s = goodsOn(goodsOn(goodsOn(s, 4, []), 5, []), 6, [B]);
    s = twoEngineActions(s, [1, 2, 6]);
    expect(s.cities[5]).toEqual([]);
    expect(isTerminal(s)).toBe(true);
    expect(s.olive).toMatchObject({ crosses: [0, 0, 0, 0, 0, 3], points: 3, won: false });
    expect(oliveBreakdown(s)).toMatchObject({ deliveries: 3, engine: 3, network: 3 + 0 });
  });

  it("Olive wins at once when she must cross a hex in a full region", () => {
    let s = solo();
    s.olive!.crosses = [0, 0, 0, 0, 0, 8];
    s = twoEngineActions(s, [1, 2, 6]);
    expect(isTerminal(s)).toBe(true);
    expect(s.olive!.won).toBe(true);
    expect(outcome(s)!.breakdown![0]).toMatchObject({ oliveWonAtOnce: 1, beatOlive: 0 });
    expect(outcome(s)).toMatchObject({ ranks: [2], winners: [] });
  });

  it("solo tile 2a re-rolls Olive's die before her step 1; 2b stops her removal and she crosses a hex instead", () => {
    let s = giveTile(solo(), 2, "a", 0);
    s = twoEngineActions(s, [1, 3, 6]);
    expect(s.turn!.stage).toBe("beforeOlive");
    expect(legalActions(s)).toEqual([
      { type: "rerollOlive", player: 0 },
      { type: "done", player: 0 },
    ]);
    const rolled = apply(s, { type: "rerollOlive", player: 0 });
    expect(rolled.tiles[1]!.holder).toBeNull();
    let t = giveTile(solo(), 2, "b", 0);
    t.olive!.crosses = [0, 0, 0, 0, 0, 3];
    t = goodsOn(t, 6, [Y, R]);
    t = twoEngineActions(t, [1, 3, 6]);
    expect(t.turn!.stage).toBe("olive4");
    const blocked = apply(t, { type: "blockOlive", player: 0 });
    expect(blocked.cities[5]).toEqual([Y, R]);
    expect(blocked.olive!.crosses[5]).toBe(5);
    expect(blocked.olive!.points).toBe(0);
    const allowed = apply(t, { type: "done", player: 0 });
    expect(allowed.cities[5]).toEqual([Y]);
    expect(allowed.olive!.points).toBe(4);
  });

  it("2b on a region Olive has just filled: her extra cross finds no empty hex, so she wins at once", () => {
    let t = giveTile(solo(), 2, "b", 0);
    t.olive!.crosses = [0, 0, 0, 0, 0, 7];
    t = goodsOn(t, 6, [Y, R]);
    t = twoEngineActions(t, [1, 3, 6]);
    expect(t.turn!.stage).toBe("olive4");
    expect(t.olive!.crosses[5]).toBe(8);
    const blocked = apply(t, { type: "blockOlive", player: 0 });
    expect(isTerminal(blocked)).toBe(true);
    expect(blocked.olive).toMatchObject({ won: true, die: null, crosses: [0, 0, 0, 0, 0, 8] });
    expect(blocked.cities[5]).toEqual([Y, R]);
    expect(outcome(blocked)).toMatchObject({ ranks: [2], winners: [] });
    expect(game.loadState(JSON.parse(JSON.stringify(blocked)))).toEqual(blocked);
  });

  it("the black die is the same for both of the human's actions", () => {
    let s = solo();
    s.white = [3, 5, 6].map((value) => ({ value, user: null, spent: false }));
    s.black = 1; // straight or gentle
    s = apply(game.loadState(s), { type: "pickDie", player: 0, die: 0 });
    s = apply(s, { type: "build", player: 0, col: 3, row: 1, edges: [1, 4] });
    expect(s.black).toBe(1);
    s = apply(s, { type: "pickDie", player: 0, die: 1 });
    const builds = legalActions(s).filter((a) => a.type === "build");
    expect(builds).toHaveLength(8 * 9); // region 5: 3 straight + 6 gentle tracks per hex, no sharp
    expect(rulesError(() => apply(s, { type: "build", player: 0, col: 0, row: 3, edges: [0, 1] })).message).toContain("not a sharp one");
  });

  it("the game ends as usual with three empty cities, but the turn is completed: the human's second action, then Olive plays last", () => {
    let s = exampleNetwork(solo());
    s.olive!.crosses = [0, 0, 0, 0, 0, 0];
    s = goodsOn(goodsOn(goodsOn(goodsOn(s, 1, [R]), 5, []), 6, []), 3, [R]);
    s = engine(s, 0, [1, 3, 4]);
    s.white = [1, 2, 3].map((value) => ({ value, user: null, spent: false }));
    s = apply(game.loadState(s), { type: "pickDie", player: 0, die: 0 });
    s = apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 3, boost: 0 });
    expect(s.cities.filter((c) => c.length === 0)).toHaveLength(3);
    expect(isTerminal(s)).toBe(false); // the second action still comes
    s = apply(s, { type: "pickDie", player: 0, die: 1 });
    s = apply(s, { type: "improveEngine", player: 0 });
    expect(s.olive!.crosses).toEqual([0, 0, 1, 0, 0, 0]); // Olive played her die 3
    expect(isTerminal(s)).toBe(true);
  });

  it("the human may deliver any good of the right colour, ignoring the line order", () => {
    let s = exampleNetwork(solo());
    s = goodsOn(s, 1, [R, GY, R]);
    s = engine(s, 0, [1, 2, 3]);
    s.white = [1, 2, 6].map((value) => ({ value, user: null, spent: false }));
    s = apply(s, { type: "pickDie", player: 0, die: 0 });
    expect(deliveriesOf(s).filter((a) => a.to === 2).map((a) => a.slot)).toEqual([0, 2]);
    s = apply(s, { type: "deliver", player: 0, from: 1, slot: 2, to: 2, distance: 3, boost: 0 });
    expect(s.cities[0]).toEqual([R, GY]);
  });

  it("a permanent tile serves only one of the two actions of a turn", () => {
    let s = giveTile(solo(), 5, "b", 0);
    s.white = [2, 3, 6].map((value) => ({ value, user: null, spent: false }));
    s = apply(s, { type: "pickDie", player: 0, die: 0 });
    s = apply(s, { type: "flipDie", player: 0 });
    s = apply(s, { type: "improveEngine", player: 0 });
    s = apply(s, { type: "pickDie", player: 0, die: 1 });
    expect(types(legalActions(s))).not.toContain("flipDie");
    expect(rulesError(() => apply(s, { type: "flipDie", player: 0 })).message).toContain("a permanent tile serves one action per turn in solo play");
  });

  it("tile 4b is held, not played: in solo play its +1 counts for both actions of a turn (reading recorded in the guide)", () => {
    let s = giveTile(exampleNetwork(solo()), 4, "b", 0);
    s = goodsOn(goodsOn(s, 1, [R]), 2, [Y]);
    s = engine(s, 0, [1, 3, 5]); // three boxes + 4b = strength 4
    s.white = [1, 2, 6].map((value) => ({ value, user: null, spent: false }));
    s = apply(game.loadState(s), { type: "pickDie", player: 0, die: 0 });
    s = apply(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 2, distance: 4, boost: 0 }); // 1-towns-4-2
    s = apply(s, { type: "pickDie", player: 0, die: 1 });
    expect(deliveriesOf(s).map((a) => a.distance)).toEqual([3, 4]); // 2-4-3-1 and 2-4-towns-1
    s = apply(s, { type: "deliver", player: 0, from: 2, slot: 0, to: 1, distance: 4, boost: 0 });
    expect(s.sheets[0]!.delivered).toBe(8);
  });

  it("Olive's score: step-4 points + 3 for her engine + her two best regions + positive tiles left by the board; a tie is a loss", () => {
    let s = solo();
    s.olive!.crosses = [4, 1, 6, 2, 6, 0];
    s.olive!.points = 7;
    s.tiles = s.tiles.map((t, i) => ({ side: i < 3 ? "a" : "b", holder: null, sideways: false }));
    s.over = true;
    s.turn = null;
    expect(oliveBreakdown(s)).toEqual({ total: 7 + 3 + 12 + 3, deliveries: 7, engine: 3, network: 12, tiles: 3 });
    s.sheets[0]!.delivered = 25 + 6; // tiles in the centre: the human holds none
    expect(outcome(s)!.breakdown![0]).toMatchObject({ olive: 25, beatOlive: 1 });
    expect(outcome(s)).toMatchObject({ ranks: [1], winners: [0] });
    s.sheets[0]!.delivered = 25;
    expect(outcome(s)!.breakdown![0]).toMatchObject({ olive: 25, beatOlive: 0 });
    expect(outcome(s)).toMatchObject({ ranks: [2], winners: [] });
  });
});

describe("Views and loaded states", () => {
  it("a view shows the whole table but never the generator", () => {
    const s = initialState(3, { players: 3 });
    const v = playerView(s, 1);
    expect("rng" in v).toBe(false);
    expect(v.cities).toEqual(s.cities);
    expect(v.viewer).toBe(1);
  });

  it("a view carries the points each seat and Olive would score now, which are the final scores at the end", () => {
    for (const players of [1, 3]) {
      let s = initialState(4, { players });
      let checked = 0;
      for (let n = 0; n < 2000 && !isTerminal(s); n++) {
        const v = playerView(s, 0);
        expect(v.points).toEqual(s.sheets.map((_, p) => breakdown(s, p)));
        expect(v.olivePoints).toEqual(players === 1 ? oliveBreakdown(s) : null);
        checked++;
        const legal = legalActions(s);
        s = apply(s, legal[(n * 7) % legal.length]!);
      }
      expect(isTerminal(s)).toBe(true);
      expect(playerView(s, null).points.map((b) => b.total)).toEqual(outcome(s)!.scores);
      expect(checked).toBeGreaterThan(10);
    }
  });

  it("loadState refuses states that could not arise", () => {
    const s = cloneJson(initialState(3, { players: 3 }));
    const extra = cloneJson(s);
    extra.bag[R]!++;
    expect(rulesError(() => game.loadState(extra)).message).toContain("the goods do not add up");
    const own = cloneJson(s);
    own.cities[1] = [R];
    own.bag[R]! += s.cities[1]!.length === 0 ? -1 : 0;
    expect(rulesError(() => game.loadState(own)).code).toBe("INVALID_STATE");
    const city = cloneJson(s);
    city.sheets[0]!.tracks[G.cityHex[0]!] = [0, 3];
    expect(rulesError(() => game.loadState(city)).message).toContain("impossible track");
    const stage = cloneJson(s);
    stage.turn!.stage = "olive4";
    expect(rulesError(() => game.loadState(stage)).code).toBe("INVALID_STATE");
    // Setup 4: players + 2 goods per city, and no rule adds a good to a city afterwards.
    const long = cloneJson(s);
    const more = 6 - s.cities[0]!.length;
    const colour = [0, 1, 2, 3, 4].find((c) => G.colourOf[0] !== ["yellow", "red", "green", "blue", "grey"][c] && long.bag[c]! >= more)!;
    for (let k = 0; k < more; k++) long.cities[0]!.push(colour);
    long.bag[colour]! -= more;
    expect(rulesError(() => game.loadState(long)).message).toContain("more goods than setup places");
  });
});

describe("Game log", () => {
  it("tells the setup, each roll, Olive's turn and the final scores", () => {
    const first = initialState(3, { players: 1, walls: "medium" });
    const setup = game.describeEvents!(null, null, first).join("\n");
    expect(setup).toMatch(/Goods on the cities: 1: /);
    expect(setup).toMatch(/Medium game: roll \d, 5 borders walled off/);
    expect(setup).toMatch(/Olive starts with crosses/);
    let s = cloneJson(first);
    s.olive!.crosses = [0, 0, 0, 0, 0, 2];
    s = goodsOn(s, 6, [Y, R]);
    s.white = [1, 2, 6].map((value) => ({ value, user: null, spent: false }));
    s = apply(game.loadState(s), { type: "pickDie", player: 0, die: 0 });
    s = apply(s, { type: "improveEngine", player: 0 });
    s = apply(s, { type: "pickDie", player: 0, die: 1 });
    const action: Action = { type: "improveEngine", player: 0 };
    const after = apply(s, action);
    const lines = game.describeEvents!(s, action, after);
    expect(lines).toContain("Olive crosses 1 in region 6 (now 0 0 0 0 0 3)".replace("0 0 0 0 0 3", after.olive!.crosses.join(" ")));
    expect(lines).toContain("Olive removes the red good and scores 3");
    expect(lines.at(-1)).toMatch(/^Turn \d+: white dice \d \d \d; black die: \w+ or \w+$/);
    expect(game.describeAction(s, action)).toBe("Seat 0 improves the engine: box 2 ticked");
  });

  it("ends with the scoring breakdown", () => {
    let s = fresh({ players: 2 });
    s = goodsOn(goodsOn(goodsOn(s, 1, []), 2, []), 5, []);
    s = acting(s, 0, [1, 1, 1]);
    s = apply(s, { type: "improveEngine", player: 0 });
    s = apply(s, legalActions(s).find((a) => a.type === "pickDie")!);
    const last: Action = { type: "improveEngine", player: 1 };
    const lines = game.describeEvents!(s, last, apply(s, last));
    expect(lines[0]).toBe("3 cities are empty: the game is over");
    expect(lines[1]).toMatch(/^Seat 0: -?\d+ points \(deliveries 0, network 0, engine 0, tiles \S+, orders 0, starting power 0\)$/);
  });
});
