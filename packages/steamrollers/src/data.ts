import { buildHexGrid, type HexGrid, whenWellFormed } from "@rules/core";
import * as z from "zod";

// Components of SteamRollers as typed data. Every fact carries a mark: SOURCED (the rulebook, or a
// public source) or ASSUMED (a reconstruction that fits the rulebook; no public source gives the
// player-sheet map, the black die faces, the tile points and kinds, the order tiles or the
// Medium/Hard charts). A player who owns the game replaces the whole set through
// `options.components`; {@link ComponentsSchema} validates it and names the rule a broken set breaks.

/** The goods colours; the index of a colour is its slot in every count array (bag, kept goods). */
export const GOODS = ["yellow", "red", "green", "blue", "grey", "black"] as const;
export const GoodSchema = z.enum(GOODS);
export type Good = z.infer<typeof GoodSchema>;
export const BLACK = 5;
export const GREY = 4;

/** The four region colours plus grey (SOURCED: "one Yellow, one Red, one Green, one Blue, and two Grey"). */
export const RegionColourSchema = z.enum(["yellow", "red", "green", "blue", "grey"]);

/**
 * The three track types a hex can hold (SOURCED: tile 6 lets you draw "any of the three types"):
 * a track joins two edges of a hex; adjacent edges make a sharp curve, edges one apart a gentle
 * curve, opposite edges a straight track (INFERENCE from hex geometry).
 */
export const TRACK_TYPES = ["sharp", "gentle", "straight"] as const;
export const TrackTypeSchema = z.enum(TRACK_TYPES);
export type TrackType = z.infer<typeof TrackTypeSchema>;

/** One-shot (lightning) or permanent (infinity) (SOURCED: the two kinds of action tiles). */
export const TileKindSchema = z.enum(["oneShot", "permanent"]);
export type TileKind = z.infer<typeof TileKindSchema>;

const cell = z.tuple([z.number().int().min(0).max(40), z.number().int().min(0).max(40)]);
const wall = z.tuple([cell, cell]);
const tileSide = z.strictObject({ kind: TileKindSchema, points: z.number().int().min(-9).max(9) });
const tileSides = z.strictObject({ a: tileSide, b: tileSide });
const orderSide = z.strictObject({
  goods: z.array(z.enum(["yellow", "red", "green", "blue", "grey"])).min(1, "an order asks for at least one good").max(8),
  points: z.number().int().min(0).max(20),
});

const RegionSchema = z.strictObject({
  /** The die value (1..6) that names this region and its city. */
  die: z.number().int().min(1).max(6),
  colour: RegionColourSchema,
  /** The city hex (darker, with the die number): never drawn in. */
  city: cell,
  /** The town hex (black circle): drawn in like any other hex. */
  town: cell,
  /** Every hex of the region, city and town included. */
  hexes: z.array(cell).min(3, "a region needs its city, its town and at least one more hex").max(40),
});

const WallChartSchema = z.array(z.array(wall).max(40)).length(6, "a wall chart has one entry per die face (6)");

/** The grid, the six regions and the two wall charts of the player sheet. */
const MapSchema = z.strictObject({
  layout: z.enum(["pointy-odd-r", "pointy-even-r", "flat-odd-q", "flat-even-q"]),
  regions: z.array(RegionSchema).length(6, "the map has six regions (one yellow, one red, one green, one blue, two grey)"),
});

/**
 * A complete component set. Replace it through `options.components` (every field is required, so start from a copy of {@link defaultComponents}).
 * Size limits keep any input cheap to refuse; refinements name the rule a set breaks.
 *
 * @example
 * ```ts
 * import { ComponentsSchema, defaultComponents } from "@rules/steamrollers";
 *
 * console.log(ComponentsSchema.safeParse(defaultComponents).success); // true
 * const broken = { ...defaultComponents, blackDie: defaultComponents.blackDie.slice(0, 5) };
 * console.log(ComponentsSchema.safeParse(broken).error?.issues[0]?.message); // "the black die has six faces"
 * ```
 */
export const ComponentsSchema = z
  .strictObject({
    map: MapSchema,
    /** Goods in the box by colour (10 of each colour and 6 black coal). */
    goods: z.strictObject({
      yellow: z.number().int().min(0).max(30),
      red: z.number().int().min(0).max(30),
      green: z.number().int().min(0).max(30),
      blue: z.number().int().min(0).max(30),
      grey: z.number().int().min(0).max(30),
      black: z.number().int().min(0).max(12),
    }),
    /** The two track types offered by each face of the black die (faces numbered 1..6 as ids). */
    blackDie: z.array(z.tuple([TrackTypeSchema, TrackTypeSchema])).length(6, "the black die has six faces"),
    /** Kind and points of both sides of action tiles 1..6 (effects are the rulebook's). */
    actionTiles: z.array(tileSides).length(6, "there are six action tiles, numbered 1 to 6"),
    /** Kind and points of both sides of the solo action tile 2. */
    soloTile: tileSides,
    /** The order tiles (optional module): goods asked and points, per side. */
    orderTiles: z.array(z.strictObject({ a: orderSide, b: orderSide })).min(1).max(12),
    /** Medium (entry per die roll) and Hard wall charts: lists of blocked hex borders. */
    walls: z.strictObject({ medium: WallChartSchema, hard: WallChartSchema }),
  })
  .superRefine((c, ctx) => {
    const fail = (message: string, path: (string | number)[]): void => void ctx.addIssue({ code: "custom", message, path });
    c.blackDie.forEach((f, i) => f[0] === f[1] && fail("each face of the black die offers two different track types", ["blackDie", i]));
    mapProblems(c.map, c.walls).forEach((m) => fail(m, ["map"]));
  }, whenWellFormed);

/**
 * A component set: the map, the goods, the black die, the action and order tiles, the wall charts.
 *
 * @example
 * ```ts
 * import { defaultComponents, type Components } from "@rules/steamrollers";
 *
 * const components: Components = { ...defaultComponents, goods: { ...defaultComponents.goods, black: 4 } };
 * console.log(components.goods);
 * ```
 */
export type Components = z.infer<typeof ComponentsSchema>;

const validSets = new Map<string, boolean>();

/**
 * {@link ComponentsSchema} for the copy kept inside every state: the full check runs once per
 * distinct set (states repeat the same set at every step), then its verdict is remembered.
 */
const validObjects = new WeakSet<object>();

export const StoredComponentsSchema = z.custom<Components>((v) => {
  if (typeof v === "object" && v !== null && validObjects.has(v)) return true;
  let key: string;
  try {
    key = JSON.stringify(v);
  } catch {
    return false;
  }
  if (typeof key !== "string" || key.length > 200_000) return false;
  let ok = validSets.get(key);
  if (ok === undefined) {
    ok = ComponentsSchema.safeParse(v).success;
    if (validSets.size > 64) validSets.clear();
    validSets.set(key, ok);
  }
  if (ok && typeof v === "object" && v !== null && Object.isFrozen(v)) validObjects.add(v);
  return ok;
}, "the component set is not a valid SteamRollers set (see ComponentsSchema)");
export type MapData = Components["map"];

/** Why a map breaks the rulebook's "Setup 3" (empty when it is fine). */
export function mapProblems(map: MapData, walls: Components["walls"]): string[] {
  const out: string[] = [];
  const dice = map.regions.map((r) => r.die).sort();
  if (dice.join() !== "1,2,3,4,5,6") out.push("the six regions must be numbered by the die values 1 to 6, once each");
  const colours = map.regions.map((r) => r.colour).sort().join();
  if (colours !== "blue,green,grey,grey,red,yellow") out.push("the map needs one yellow, one red, one green, one blue and two grey regions");
  const seen = new Set<string>();
  for (const r of map.regions) {
    const keys = r.hexes.map(([a, b]) => `${a},${b}`);
    for (const k of keys) {
      if (seen.has(k)) out.push(`hex [${k}] belongs to two regions (or is listed twice)`);
      seen.add(k);
    }
    if (!keys.includes(`${r.city[0]},${r.city[1]}`)) out.push(`region ${r.die}: its city must be one of its hexes`);
    if (!keys.includes(`${r.town[0]},${r.town[1]}`)) out.push(`region ${r.die}: its town must be one of its hexes`);
    if (r.city[0] === r.town[0] && r.city[1] === r.town[1]) out.push(`region ${r.die}: the city and the town must be different hexes`);
  }
  if (out.length > 0) return out;
  const g = mapGrid(map);
  const check = (blocked: Set<number>, what: string): void => {
    if (!allCitiesReachable(g, blocked)) out.push(`every city must be reachable by track from every other city${what}`);
  };
  check(new Set(), "");
  for (const level of ["medium", "hard"] as const) {
    walls[level].forEach((entry, i) => {
      const blocked = new Set<number>();
      for (const [a, b] of entry) {
        const ia = g.hex.indexOf(a[0], a[1]);
        const ib = g.hex.indexOf(b[0], b[1]);
        const e = ia < 0 || ib < 0 ? -1 : g.hex.edgeBetween(ia, ib);
        if (e < 0) out.push(`${level} wall chart, roll ${i + 1}: [${a}]-[${b}] is not a border between two neighbouring hexes of the map`);
        else blockEdge(g, blocked, ia, e);
      }
      check(blocked, ` (also behind the ${level} walls of roll ${i + 1})`);
    });
  }
  return out;
}

/** A map ready for the rules: dense hex indices and, per hex, its region, city and town. */
export interface MapGrid {
  hex: HexGrid;
  /** Region index (die − 1) of each hex. */
  regionOf: number[];
  /** City index (die − 1) of each hex, or −1. */
  cityOf: number[];
  /** True for town hexes. */
  isTown: boolean[];
  /** The city hex of each city index. */
  cityHex: number[];
  /** Per region: the hexes that can be drawn in (every hex but the city), ascending. */
  buildable: number[][];
  /** Region colour of each city index. */
  colourOf: string[];
}

const gridCache = new Map<string, MapGrid>();
const gridByObject = new WeakMap<object, MapGrid>();

/** The {@link MapGrid} of a map (cached by object, then by content). */
export function mapGrid(map: MapData): MapGrid {
  const known = gridByObject.get(map);
  if (known) return known;
  const g = mapGridByContent(map);
  gridByObject.set(map, g);
  return g;
}

function mapGridByContent(map: MapData): MapGrid {
  const key = JSON.stringify(map);
  const hit = gridCache.get(key);
  if (hit) return hit;
  const regions = [...map.regions].sort((a, b) => a.die - b.die);
  const cells = regions.flatMap((r) => r.hexes);
  const hex = buildHexGrid(map.layout, cells);
  const regionOf: number[] = [];
  regions.forEach((r, i) => r.hexes.forEach(() => regionOf.push(i)));
  const cityOf = cells.map(() => -1);
  const isTown = cells.map(() => false);
  const cityHex = regions.map((r, i) => {
    const h = hex.indexOf(r.city[0], r.city[1]);
    cityOf[h] = i;
    isTown[hex.indexOf(r.town[0], r.town[1])] = true;
    return h;
  });
  const buildable = regions.map((_, i) => cells.flatMap((_, h) => (regionOf[h] === i && cityOf[h]! < 0 ? [h] : [])));
  const g: MapGrid = { hex, regionOf, cityOf, isTown, cityHex, buildable, colourOf: regions.map((r) => r.colour) };
  if (gridCache.size > 32) gridCache.clear();
  gridCache.set(key, g);
  return g;
}

/** Mark the border across edge `e` of hex `h` (both sides) in a set of `hex * 6 + edge` keys. */
export function blockEdge(g: MapGrid, blocked: Set<number>, h: number, e: number): void {
  blocked.add(h * 6 + e);
  const n = g.hex.neighbors[h]![e]!;
  if (n >= 0) blocked.add(n * 6 + ((e + 3) % 6));
}

/** Added engine check: track could link every city to every other (cities are passed, never drawn in). */
function allCitiesReachable(g: MapGrid, blocked: Set<number>): boolean {
  const seen = new Set<number>([g.cityHex[0]!]);
  const queue = [g.cityHex[0]!];
  for (let i = 0; i < queue.length; i++) {
    const h = queue[i]!;
    g.hex.neighbors[h]!.forEach((n, e) => {
      if (n < 0 || seen.has(n) || blocked.has(h * 6 + e)) return;
      if (g.cityOf[h]! >= 0 && g.cityOf[n]! >= 0) return; // two cities side by side are not a track
      seen.add(n);
      queue.push(n);
    });
  }
  return g.cityHex.every((h) => seen.has(h));
}

// ---------------------------------------------------------------------------------------------
// The default set: the rulebook's facts plus a reconstruction of what no public source gives (ASSUMED unless marked).

type Cell = [number, number];
const block = (r0: number, c0: number): Cell[] => {
  const out: Cell[] = [];
  for (let c = c0; c < c0 + 3; c++) for (let r = r0; r < r0 + 3; r++) out.push([c, r]);
  return out;
};

/**
 * Region borders of the default map (hex pairs), used by the wall charts. ASSUMED: the chart
 * entries block whole region borders; the single-hex 3-5 and 4-6 corners are never used.
 */
const BORDERS: Record<string, Array<[Cell, Cell]>> = {
  "1-3": [[[2, 0], [3, 0]], [[2, 1], [3, 0]], [[2, 1], [3, 1]], [[2, 1], [3, 2]], [[2, 2], [3, 2]]],
  "1-5": [[[0, 2], [0, 3]], [[0, 3], [1, 2]], [[1, 2], [1, 3]], [[1, 3], [2, 2]], [[2, 2], [2, 3]]],
  "2-4": [[[5, 3], [6, 3]], [[5, 3], [6, 4]], [[5, 4], [6, 4]], [[5, 5], [6, 4]], [[5, 5], [6, 5]]],
  "2-6": [[[6, 2], [6, 3]], [[6, 3], [7, 2]], [[7, 2], [7, 3]], [[7, 3], [8, 2]], [[8, 2], [8, 3]]],
  "3-4": [[[3, 2], [3, 3]], [[3, 3], [4, 2]], [[4, 2], [4, 3]], [[4, 3], [5, 2]], [[5, 2], [5, 3]]],
  "3-6": [[[5, 0], [6, 0]], [[5, 1], [6, 0]], [[5, 1], [6, 1]], [[5, 1], [6, 2]], [[5, 2], [6, 2]]],
  "4-5": [[[2, 3], [3, 3]], [[2, 3], [3, 4]], [[2, 4], [3, 4]], [[2, 5], [3, 4]], [[2, 5], [3, 5]]],
};
const borders = (...names: string[]): Array<[Cell, Cell]> => names.flatMap((n) => BORDERS[n]!);

const lightning = (points: number) => ({ kind: "oneShot" as const, points });
const infinity = (points: number) => ({ kind: "permanent" as const, points });

/**
 * The default component set: sourced facts where the rulebook or a public source gives them, the
 * rest assumed (the guide's "Components: sourced and assumed" lists which). Copy it to change it.
 *
 * @example
 * ```ts
 * import { defaultComponents, initialState } from "@rules/steamrollers";
 *
 * const components = { ...defaultComponents, goods: { ...defaultComponents.goods, grey: 12 } };
 * const s = initialState(1, { players: 3, components });
 * console.log(s.bag);
 * ```
 */
export const defaultComponents: Components = {
  map: {
    // ASSUMED: a 9 x 6 pointy-top grid, odd rows shifted right; six 3 x 3 regions of nine hexes.
    // Die 1 = yellow (SOURCED: BGA help), 2 = red (SOURCED: rulebook example), 3 and 4 = grey
    // (SOURCED: grey goods go to city 3 or 4), 5 = blue and 6 = green (ASSUMED).
    layout: "pointy-odd-r",
    regions: [
      { die: 1, colour: "yellow", city: [1, 1], town: [2, 1], hexes: block(0, 0) },
      { die: 2, colour: "red", city: [7, 4], town: [6, 3], hexes: block(3, 6) },
      { die: 3, colour: "grey", city: [4, 1], town: [5, 2], hexes: block(0, 3) },
      { die: 4, colour: "grey", city: [4, 4], town: [3, 4], hexes: block(3, 3) },
      { die: 5, colour: "blue", city: [1, 4], town: [1, 3], hexes: block(3, 0) },
      { die: 6, colour: "green", city: [7, 1], town: [6, 0], hexes: block(0, 6) },
    ],
  },
  // SOURCED (rulebook, Components): 10 of each colour, 6 black.
  goods: { yellow: 10, red: 10, green: 10, blue: 10, grey: 10, black: 6 },
  // ASSUMED: each pair of the three types on two faces.
  blackDie: [
    ["straight", "gentle"],
    ["straight", "gentle"],
    ["straight", "sharp"],
    ["straight", "sharp"],
    ["gentle", "sharp"],
    ["gentle", "sharp"],
  ],
  // ASSUMED: side a lightning (one-shot) worth +1, side b infinity (permanent) worth -2. Only 4b's
  // kind is SOURCED ("as long as she holds this tile").
  actionTiles: [1, 2, 3, 4, 5, 6].map(() => ({ a: lightning(1), b: infinity(-2) })),
  // ASSUMED: both solo sides one-shot, +1.
  soloTile: { a: lightning(1), b: lightning(1) },
  // ASSUMED: side a three goods for 3 points, side b four or five goods for 5-7 points.
  orderTiles: [
    { a: { goods: ["yellow", "yellow", "red"], points: 3 }, b: { goods: ["yellow", "red", "blue", "green"], points: 5 } },
    { a: { goods: ["red", "red", "blue"], points: 3 }, b: { goods: ["red", "red", "grey", "grey"], points: 5 } },
    { a: { goods: ["blue", "blue", "green"], points: 3 }, b: { goods: ["blue", "blue", "yellow", "yellow"], points: 5 } },
    { a: { goods: ["green", "green", "yellow"], points: 3 }, b: { goods: ["green", "green", "red", "red"], points: 5 } },
    { a: { goods: ["grey", "grey", "green"], points: 3 }, b: { goods: ["grey", "grey", "yellow", "green"], points: 5 } },
    { a: { goods: ["grey", "yellow", "blue"], points: 3 }, b: { goods: ["red", "blue", "green", "yellow", "grey"], points: 7 } },
  ],
  // ASSUMED: Medium blocks one region border, Hard two; every entry keeps all cities reachable.
  walls: {
    medium: [borders("1-3"), borders("3-6"), borders("1-5"), borders("2-6"), borders("4-5"), borders("2-4")],
    hard: [
      borders("1-3", "2-4"),
      borders("3-6", "4-5"),
      borders("1-5", "3-4"),
      borders("2-6", "1-3"),
      borders("4-5", "3-6"),
      borders("2-4", "1-5"),
    ],
  },
};

/** The component set of a state: its own, or the default set when it stores none (`null`). */
export function comps(s: { components: Components | null }): Components {
  return s.components ?? defaultComponents;
}

/** Olive's difficulty levels and their dice (SOURCED: rulebook, "Olive's Difficulty Level"). */
export const DIFFICULTIES = ["clerk", "conductor", "machinist", "engineer", "investor", "railBaron"] as const;
export const DifficultySchema = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof DifficultySchema>;

/** The five starting powers (SOURCED: rulebook, "Starting Power Tiles"). */
export const POWERS = ["engine", "rail", "points", "tile", "delivery"] as const;
export const PowerSchema = z.enum(POWERS);
export type Power = z.infer<typeof PowerSchema>;
