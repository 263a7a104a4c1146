import { cloneJson, drawFromBag, seedRng, shuffle, type RngState, type Seed } from "@rules/core";
import { COLORS, RULES, type Color } from "./data.js";
import { sameCompiledMap, sameJson, turnsFor } from "./map.js";
import { setupPark } from "./amusement.js";
import { mapIdOf, type Options, type State } from "./schema.js";

// Setup (rulebook §1.2): $10, 2 shares, income 0, locomotive 1 each; a random first player order;
// the map's starting goods drawn from the bag of 96 cubes; the goods display filled at random
// (12 numbered columns of 3, then A–H of 2). The game opens with phase I of turn 1.

type MapOption = Options["components"]["maps"][number];
// Each options map read once through JSON text, so a -0 in it (a map coordinate, a count) is
// stored as 0; every game gets its own copy of that, compiled once for all of them. Options parsed
// afresh for each game (any options beyond the seat count) bring new map objects with the same
// text: those find the kept reading by their id and an equal walk, with no JSON text made.
const normalized = new WeakMap<MapOption, MapOption>();
const normalizedById = new Map<string, MapOption[]>();

/** The kept JSON reading of an options map. */
function normalizedMap(source: MapOption): MapOption {
  let plain = normalized.get(source);
  if (plain) return plain;
  let kept = normalizedById.get(source.id);
  plain = kept?.find((m) => sameJson(m, source));
  if (!plain) {
    plain = JSON.parse(JSON.stringify(source)) as MapOption;
    if (normalizedById.size >= 32) normalizedById.clear();
    if (!kept || kept.length >= 8) normalizedById.set(source.id, (kept = []));
    kept.push(plain);
  }
  normalized.set(source, plain);
  return plain;
}

/** The state's own copy of an options map, with the compiled map of every copy of it. */
function mapCopy(source: MapOption): MapOption {
  const plain = normalizedMap(source);
  const copy = cloneJson(plain);
  sameCompiledMap(copy, plain);
  return copy;
}

/** `count` cubes drawn from the bag, one at a time. */
function drawCubes(rng: RngState, bag: number[], count: number): Color[] {
  const out: Color[] = [];
  for (let i = 0; i < count; i++) out.push(COLORS[drawFromBag(rng, bag)]!);
  return out;
}

/** A new game from complete options. */
export function setup(seed: Seed, o: Options): State {
  const rng = seedRng(seed);
  const map = mapCopy(o.components.maps.find((m) => m.id === mapIdOf(o))!);
  if (map.topology === "graph") return setupPark(seed, o, map);
  const n = o.players;
  const order = shuffle(rng, Array.from({ length: n }, (_, i) => i));
  const bag = o.components.cubes.map((n) => n + 0) as [number, number, number, number, number];
  const goods = map.cities.map((c) => drawCubes(rng, bag, c.goods));
  const display: Color[][] = [];
  for (let i = 0; i < 20; i++) display.push(drawCubes(rng, bag, i < 12 ? RULES.columnSize : RULES.newCityColumnSize));
  return {
    rng,
    players: n,
    map,
    tileCounts: cloneJson(o.components.tileCounts),
    cubeCounts: o.components.cubes.map((n) => n + 0) as [number, number, number, number, number],
    newCities: o.components.newCities.map((c) => ({ ...c, growth: { ...c.growth } })),
    rules: { ...o.rules },
    turn: 1,
    lastTurn: turnsFor(map, n)!,
    phase: "shares",
    order,
    queue: [...order],
    cash: order.map(() => RULES.startCash),
    income: order.map(() => 0),
    shares: order.map(() => RULES.startShares),
    loco: order.map(() => RULES.startLoco),
    eliminated: order.map(() => false),
    selected: order.map(() => null),
    turnOrderPass: null,
    auction: null,
    build: { count: 0, hexes: [], urbanized: false },
    move: { round: 1, locoRaised: order.map(() => false) },
    production: [],
    track: [],
    supply: cloneJson(o.components.tileCounts),
    urbanized: [],
    goods,
    newCityGoods: Array.from({ length: 8 }, () => []),
    display,
    bag,
    outOfPlay: [0, 0, 0, 0, 0],
    lastRoll: null,
    connections: map.connections.map(() => null),
  };
}
