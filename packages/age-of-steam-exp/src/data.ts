import { whenWellFormed } from "@rules/core";
import * as z from "zod";
import { AMUSEMENT_PARK } from "./amusement-data.js";

// Components and tables of Age of Steam as typed data. Every fact carries a mark: SOURCED (a rules
// text, or two independent open-source engines that agree) or ASSUMED (our reading, with why).
// Maps, the tile counts, the cube bag and the new-city tiles are replaceable through
// `options.components`; {@link ComponentsSchema} and {@link MapSchema} validate a replacement.

/** Goods colours (SOURCED: 20 each of red, blue, purple, yellow and 16 black cubes). */
export const COLORS = ["red", "blue", "purple", "yellow", "black"] as const;
export const ColorSchema = z.enum(COLORS);
export type Color = z.infer<typeof ColorSchema>;

/** The seven special actions (SOURCED). */
export const ACTIONS = ["firstMove", "firstBuild", "engineer", "locomotive", "urbanization", "production", "turnOrder"] as const;
/**
 * The solo Amusement Park's six actions (ASSUMED, the reconstruction's assumption 3: Production and
 * Turn Order removed; "souvenir" is the sheet's Priority Transport, お土産). Order = listing order.
 */
export const PARK_ACTIONS = ["locomotive", "engineer", "urbanization", "souvenir", "firstMove", "firstBuild"] as const;
export const SpecialActionSchema = z.enum([...ACTIONS, "souvenir"]);
export type SpecialAction = z.infer<typeof SpecialActionSchema>;

/** New-city tile letters A–H. */
export const LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H"] as const;
export const LetterSchema = z.enum(LETTERS);
export type Letter = z.infer<typeof LetterSchema>;

/** A goods-growth space: light or dark city numbers, and the die face 1..6. */
export const GrowthSchema = z.strictObject({ group: z.enum(["light", "dark"]), face: z.number().int().min(1).max(6) });
export type Growth = z.infer<typeof GrowthSchema>;

/**
 * Track tile shapes at rotation 0 on a flat-topped hex, edges 0..5 = N, NE, SE, S, SW, NW
 * (SOURCED: the tile breakdown of the choochoo engine, matched by Era of Trains). A track tile has
 * `paths` (pairs of edges); a dedicated town tile has `exits`. The shapes are fixed; the counts are
 * components (`options.components.tileCounts`). Turned `rot` sixths clockwise, edge `e` becomes
 * `(e + rot) % 6`.
 *
 * @example
 * ```ts
 * import { TILE_KINDS } from "@rules/age-of-steam-exp";
 *
 * const gentle = TILE_KINDS.find((t) => t.id === "gentle")!;
 * console.log("paths" in gentle ? gentle.paths : []); // [ [ 0, 4 ] ]: N to SW
 * ```
 */
export const TILE_KINDS = [
  { id: "straight", family: "simple", paths: [[0, 3]] },
  { id: "gentle", family: "simple", paths: [[0, 4]] },
  { id: "tight", family: "simple", paths: [[0, 5]] },
  { id: "x", family: "crossing", paths: [[5, 2], [4, 1]] },
  { id: "bow", family: "crossing", paths: [[0, 3], [4, 2]] },
  { id: "crossedGentles", family: "crossing", paths: [[5, 3], [4, 0]] },
  { id: "straightTight", family: "coexisting", paths: [[0, 3], [4, 5]] },
  { id: "twoGentles", family: "coexisting", paths: [[5, 3], [0, 2]] },
  { id: "gentleTight1", family: "coexisting", paths: [[0, 2], [5, 4]] },
  { id: "gentleTight2", family: "coexisting", paths: [[0, 2], [4, 3]] },
  { id: "town1", family: "town", exits: [0] },
  { id: "townY", family: "town", exits: [0, 4, 2] },
  { id: "townLeft", family: "town", exits: [0, 3, 5] },
  { id: "townRight", family: "town", exits: [0, 3, 1] },
  { id: "townAdjacent", family: "town", exits: [5, 0, 1] },
] as const;

export type TileId = (typeof TILE_KINDS)[number]["id"];
export const TILE_IDS = TILE_KINDS.map((t) => t.id) as unknown as readonly [TileId, ...TileId[]];
export const TileIdSchema = z.enum(TILE_IDS);
export type TileFamily = "simple" | "crossing" | "coexisting" | "town";

/** The 136 tiles of the base game (SOURCED: 110 simple + 15 complex + 11 town tiles). */
export const DEFAULT_TILE_COUNTS: Record<TileId, number> = {
  straight: 48, gentle: 55, tight: 7,
  x: 4, bow: 4, crossedGentles: 3,
  straightTight: 1, twoGentles: 1, gentleTight1: 1, gentleTight2: 1,
  town1: 3, townY: 2, townLeft: 2, townRight: 2, townAdjacent: 2,
};

/** Cost of a new track tile by terrain and family (SOURCED). */
export const TRACK_COST = {
  plain: { simple: 2, coexisting: 3, crossing: 4 },
  river: { simple: 3, coexisting: 4, crossing: 5 },
  mountain: { simple: 4, coexisting: 5, crossing: 6 },
} as const;

/** Other build costs (SOURCED): a town is $1 + $1 per exit; changes to existing track. */
export const COSTS = { townBase: 1, townPerExit: 1, upgradeToCrossing: 3, townRebuild: 3, redirect: 2 } as const;

/** The eight new-city tiles (SOURCED: colours A red, B blue, C/D/G/H black, E yellow, F purple; growth spaces). */
export const DEFAULT_NEW_CITIES: NewCity[] = [
  { letter: "A", color: "red", growth: { group: "light", face: 3 } },
  { letter: "B", color: "blue", growth: { group: "light", face: 4 } },
  { letter: "C", color: "black", growth: { group: "light", face: 5 } },
  { letter: "D", color: "black", growth: { group: "light", face: 6 } },
  { letter: "E", color: "yellow", growth: { group: "dark", face: 1 } },
  { letter: "F", color: "purple", growth: { group: "dark", face: 2 } },
  { letter: "G", color: "black", growth: { group: "dark", face: 3 } },
  { letter: "H", color: "black", growth: { group: "dark", face: 4 } },
];

/** Player limits and economy (SOURCED unless marked). */
export const RULES = {
  startCash: 10,
  startShares: 2,
  shareValue: 5,
  maxShares: 15,
  startLoco: 1,
  maxLoco: 6,
  builds: 3,
  engineerBuilds: 4,
  townDisks: 8,
  markersPerPlayer: 20,
  /** Cubes per numbered display column and per new-city column. */
  columnSize: 3,
  newCityColumnSize: 2,
  /** Income reduction: [lowest income of the band, income lost] (SOURCED: both engines; 41–49 → 8, 50+ → 10). */
  incomeReduction: [[50, 10], [41, 8], [31, 6], [21, 4], [11, 2]] as ReadonlyArray<readonly [number, number]>,
  /** ASSUMED: no printed top of the income track was found; this only bounds states. */
  maxIncome: 999,
  maxCash: 9_999,
  /** ASSUMED: an eliminated player does not score (SOURCED); we report this score so that they rank last. */
  eliminatedScore: -1000,
} as const;

export const NewCitySchema = z.strictObject({ letter: LetterSchema, color: ColorSchema, growth: GrowthSchema });
export type NewCity = z.infer<typeof NewCitySchema>;

const name = z.string().min(1, "a name cannot be empty").max(40, "names are at most 40 characters");
const cell = z.tuple([z.number().int().min(0).max(39), z.number().int().min(0).max(39)]);

/** Amusement Park difficulty (SOURCED: Easy, Normal, Hard). */
export const DifficultySchema = z.enum(["easy", "normal", "hard"]);
export type Difficulty = z.infer<typeof DifficultySchema>;

const parkId = z.string().min(1).max(8);

/**
 * A graph-topology board (the Amusement Park): attractions joined by printed planned links, each
 * link carrying locomotive icons that take one player disc each. Large attractions (polygons) have
 * a colour and a number of sides; small ones (circles) have neither.
 */
export const ParkGraphSchema = z.strictObject({
  attractions: z
    .array(
      z.strictObject({
        id: parkId,
        name,
        kind: z.enum(["large", "small"]),
        color: ColorSchema.nullable(),
        /** Sides of a large attraction's polygon: the fewest links a delivery there must pass. */
        sides: z.number().int().min(1).max(6).nullable(),
        /** A layout hint for drawing only. */
        pos: z.tuple([z.number().int().min(0).max(40), z.number().int().min(0).max(40)]),
      }),
    )
    .min(2, "a park needs at least two attractions")
    .max(30, "a park has at most 30 attractions"),
  links: z
    .array(z.strictObject({ id: parkId, ends: z.tuple([parkId, parkId]), icons: z.number().int().min(1).max(4, "a planned link carries at most 4 locomotive icons") }))
    .min(1, "a park needs at least one planned link")
    .max(40, "a park has at most 40 planned links"),
  /** Visitors set on each large attraction of a colour, by difficulty. */
  visitors: z
    .array(z.strictObject({ color: ColorSchema, easy: z.number().int().min(0).max(6), normal: z.number().int().min(0).max(6), hard: z.number().int().min(0).max(6) }))
    .max(5),
  /** Cost of one disc on a locomotive icon. */
  iconCost: z.number().int().min(0).max(20),
  /** Discs a player may lay per turn. */
  discsPerTurn: z.number().int().min(1).max(3),
  /** Extra discs the Engineer lays that turn, free. */
  engineerFreeDiscs: z.number().int().min(0).max(1),
  /** Player discs for locomotive icons (served attractions are marked outside this supply). */
  discSupply: z.number().int().min(1).max(40),
});
export type ParkGraph = z.infer<typeof ParkGraphSchema>;

/** Map terrain letters: `.` plain, `r` river, `m` mountain/hills, `~` water, `C` city, `t` town, space: no hex. */
export const TERRAIN_LEGEND = { ".": "plain", r: "river", m: "mountain", "~": "water", C: "city", t: "town" } as const;
export type Terrain = (typeof TERRAIN_LEGEND)[keyof typeof TERRAIN_LEGEND];

/**
 * A hex map. Rows of terrain letters on a flat-topped odd-q grid (odd columns half a hex lower),
 * with the cities and towns named on top. The engine reads only this, so a new board is data; a
 * map whose rules differ names a rules hook (`rules`, see `hooks.ts`) for its few overrides.
 * @example
 * ```ts
 * import { MapSchema, RUST_BELT } from "@rules/age-of-steam-exp";
 *
 * const broken = MapSchema.safeParse({ ...RUST_BELT, cities: [] });
 * console.log(broken.success); // false: every "C" hex needs a named city
 * ```
 */
export const MapSchema = z
  .strictObject({
    id: z.string().min(1).max(40),
    name,
    /** Where the data comes from, and whether it is sourced or an ASSUMPTION. */
    source: z.string().max(400),
    layout: z.literal("flat-odd-q"),
    rows: z.array(z.string().max(40, "a map row is at most 40 hexes")).max(40, "a map has at most 40 rows"),
    cities: z
      .array(
        z.strictObject({
          name,
          hex: cell,
          colors: z.array(ColorSchema).min(1, "a city has at least one colour").max(4),
          growth: z.array(GrowthSchema).max(2),
          goods: z.number().int().min(0).max(6, "a city starts with at most 6 goods"),
          /**
           * The new-city tile printed on the board as this city (Orient Express: Constantinople is E):
           * it also grows from that tile's 2-space display column when the tile's growth space is rolled.
           */
          printedNewCity: LetterSchema.optional(),
        }),
      )
      .max(40),
    towns: z.array(z.strictObject({ name, hex: cell })).max(60),
    /** Hex edges track may not cross (a river or coast drawn on a side). */
    impassable: z.array(z.strictObject({ hex: cell, edge: z.number().int().min(0).max(5) })).max(200),
    /** Game length in turns by player count. */
    turns: z.array(z.strictObject({ players: z.number().int().min(1).max(6), turns: z.number().int().min(1).max(20) })).min(1).max(6),
    /** New-city tiles not used with this map (e.g. printed on the board). */
    removedNewCities: z.array(LetterSchema).max(8),
    /** Extra income lost by every player in the Advance Turn Marker phase (0 on the base maps). */
    incomeTax: z.number().int().min(0).max(10),
    /** The rules hook of the map (`"base"`: no override). */
    rules: z.enum(["base", "orient-express", "amusement-park"]),
    /** How the board is drawn: hexes (every base map), or a graph of planned links (`park`, the Amusement Park). */
    topology: z.enum(["hex", "graph"]).default("hex"),
    /** The graph of a `topology: "graph"` map (attractions, planned links); absent on hex maps. */
    park: ParkGraphSchema.optional(),
    /**
     * Extra hexes of multi-hex cities (one stop spread over several hexes): the city's name and
     * its other hexes, each also marked `C` in `rows`. Read by the validator; the engine of this
     * version plays single-hex cities only and refuses a map that has any.
     */
    sameCity: z.array(z.strictObject({ city: name, hex: cell })).max(40).default([]),
    /**
     * Printed connections between two places (sea routes, the Channel): claimed in Build Track for
     * `cost` (a `claim` action), counting as one placement or not; a claimed one is a complete link.
     */
    connections: z
      .array(z.strictObject({ id: z.string().min(1).max(40), ends: z.tuple([name, name]), cost: z.number().int().min(0).max(99), countsAsBuild: z.boolean() }))
      .max(20)
      .default([]),
    /**
     * Virtual lines between cities that goods may ride for a fee (the Orient Express): the cities
     * in line order, the fee per city entered, and the colours that may not ride. Validated here;
     * played from part 2 on.
     */
    virtualLines: z
      .array(z.strictObject({ name, cities: z.array(name).min(2).max(20), feePerCityEntered: z.number().int().min(0).max(10), excludedColors: z.array(ColorSchema).max(5) }))
      .max(4)
      .default([]),
  })
  .superRefine((m, ctx) => {
    const issue = (message: string, path: (string | number)[]): void => void ctx.addIssue({ code: "custom", message, path });
    if (m.topology === "graph") return parkProblems(m, issue);
    if (m.park !== undefined) issue("a hex map has no park graph (park is for topology \"graph\")", ["park"]);
    if (m.rows.length === 0) issue("a hex map needs at least one row", ["rows"]);
    if (m.cities.length === 0) issue("a map needs at least one city", ["cities"]);
    const at = (c: number, r: number): string | undefined => {
      const ch = m.rows[r]?.[c];
      return ch === undefined || ch === " " ? undefined : ch;
    };
    m.rows.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        if (!" .rm~Ct".includes(row[c]!)) issue(`row ${r} column ${c}: unknown terrain letter "${row[c]}"`, ["rows", r]);
      }
    });
    const seen = new Set<string>();
    const names = new Set<string>();
    m.cities.forEach((city, i) => {
      const [c, r] = city.hex;
      if (at(c, r) !== "C") issue(`city ${city.name} at (${c},${r}) is off the board or not on a city hex ("C")`, ["cities", i, "hex"]);
      if (seen.has(`${c},${r}`)) issue(`two places share the hex (${c},${r})`, ["cities", i, "hex"]);
      if (names.has(city.name)) issue(`two places are named ${city.name}`, ["cities", i, "name"]);
      seen.add(`${c},${r}`);
      names.add(city.name);
    });
    m.towns.forEach((town, i) => {
      const [c, r] = town.hex;
      if (at(c, r) !== "t") issue(`town ${town.name} at (${c},${r}) is off the board or not on a town hex ("t")`, ["towns", i, "hex"]);
      if (seen.has(`${c},${r}`)) issue(`two places share the hex (${c},${r})`, ["towns", i, "hex"]);
      if (names.has(town.name)) issue(`two places are named ${town.name}`, ["towns", i, "name"]);
      seen.add(`${c},${r}`);
      names.add(town.name);
    });
    for (const x of m.sameCity) seen.add(`${x.hex[0]},${x.hex[1]}`);
    m.rows.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        if ((row[c] === "C" || row[c] === "t") && !seen.has(`${c},${r}`)) issue(`the ${row[c] === "C" ? "city" : "town"} hex (${c},${r}) has no name in the ${row[c] === "C" ? "cities" : "towns"} list`, ["rows", r]);
      }
    });
    m.impassable.forEach((x, i) => {
      if (at(x.hex[0], x.hex[1]) === undefined) issue(`impassable edge on (${x.hex[0]},${x.hex[1]}), a hex that does not exist`, ["impassable", i]);
    });
    const faces = new Set<string>();
    m.cities.forEach((city, i) =>
      city.growth.forEach((g) => {
        const k = `${g.group}-${g.face}`;
        if (faces.has(k)) issue(`two cities grow on ${k}`, ["cities", i, "growth"]);
        faces.add(k);
      }),
    );
    const printed = new Set<string>();
    m.cities.forEach((city, i) => {
      const l = city.printedNewCity;
      if (l === undefined) return;
      if (!m.removedNewCities.includes(l)) issue(`${city.name} is new city ${l} printed on the board, so tile ${l} must be among removedNewCities`, ["cities", i, "printedNewCity"]);
      if (printed.has(l)) issue(`two cities are the printed new city ${l}`, ["cities", i, "printedNewCity"]);
      printed.add(l);
    });
    m.sameCity.forEach((x, i) => {
      const [c, r] = x.hex;
      if (!names.has(x.city) || !m.cities.some((city) => city.name === x.city)) issue(`sameCity names ${x.city}, which is not a city of the map`, ["sameCity", i, "city"]);
      if (at(c, r) !== "C") issue(`a hex of ${x.city} at (${c},${r}) is off the board or not a city hex ("C")`, ["sameCity", i, "hex"]);
      if (seen.has(`${c},${r}`)) issue(`two places share the hex (${c},${r})`, ["sameCity", i, "hex"]);
      seen.add(`${c},${r}`);
    });
    m.connections.forEach((x, i) =>
      x.ends.forEach((end, j) => {
        if (!names.has(end)) issue(`connection ${x.id} links to ${end}, which is not a place on the map`, ["connections", i, "ends", j]);
      }),
    );
    m.virtualLines.forEach((line, i) =>
      line.cities.forEach((city, j) => {
        if (!m.cities.some((c) => c.name === city)) issue(`the ${line.name} runs through ${city}, which is not a city of the map`, ["virtualLines", i, "cities", j]);
      }),
    );
    const counts = new Set<number>();
    m.turns.forEach((t, i) => {
      if (counts.has(t.players)) issue(`game length for ${t.players} players given twice`, ["turns", i]);
      counts.add(t.players);
    });
  }, whenWellFormed);
/**
 * A board as typed data (`z.infer<typeof MapSchema>`): rows of terrain letters, cities, towns, game lengths and rule hooks.
 * @example
 * ```ts
 * import type { MapData } from "@rules/age-of-steam-exp";
 * import { RUST_BELT } from "@rules/age-of-steam-exp";
 *
 * const map: MapData = RUST_BELT;
 * console.log(map.cities.length, map.towns.length);
 * ```
 */
export type MapData = z.infer<typeof MapSchema>;

/** The checks of a graph map: places named once, links between places that exist, polygons with a colour and sides. */
function parkProblems(m: { park?: ParkGraph | undefined; cities: unknown[]; towns: unknown[]; rows: string[]; connections: unknown[]; virtualLines: unknown[]; sameCity: unknown[] }, issue: (message: string, path: (string | number)[]) => void): void {
  const g = m.park;
  if (!g) return issue("a graph map needs its park graph (attractions and planned links)", ["park"]);
  for (const k of ["rows", "cities", "towns", "connections", "virtualLines", "sameCity"] as const) {
    if (m[k].length > 0) issue(`a graph map has no hex ${k}: its places are the park's attractions`, [k]);
  }
  const ids = new Set<string>();
  g.attractions.forEach((a, i) => {
    if (ids.has(a.id)) issue(`two attractions have the id ${a.id}`, ["park", "attractions", i, "id"]);
    ids.add(a.id);
    if (a.kind === "large" && (a.color === null || a.sides === null)) issue(`large attraction ${a.name} needs a colour and a number of sides`, ["park", "attractions", i]);
    if (a.kind === "small" && (a.color !== null || a.sides !== null)) issue(`small attraction ${a.name} has no colour and no sides (it is a circle)`, ["park", "attractions", i]);
  });
  const linkIds = new Set<string>();
  g.links.forEach((l, i) => {
    if (linkIds.has(l.id)) issue(`two planned links have the id ${l.id}`, ["park", "links", i, "id"]);
    linkIds.add(l.id);
    l.ends.forEach((end, j) => {
      if (!ids.has(end)) issue(`planned link ${l.id} runs to ${end}, which is not an attraction of the park`, ["park", "links", i, "ends", j]);
    });
    if (l.ends[0] === l.ends[1]) issue(`planned link ${l.id} loops back to ${l.ends[0]}`, ["park", "links", i, "ends"]);
  });
  const colors = new Set<string>();
  g.visitors.forEach((v, i) => {
    if (colors.has(v.color)) issue(`visitors on ${v.color} attractions are given twice`, ["park", "visitors", i]);
    colors.add(v.color);
  });
}
/** A map as written (the part-2 fields may be left out). */
export type MapInput = z.input<typeof MapSchema>;

/**
 * Rust Belt, the base board (SOURCED: the choochoo and Era of Trains encodings, converted to one
 * odd-q grid, agree on every hex). Starting goods 2 per city, 3 at Pittsburgh and Wheeling;
 * 10/8/7/6 turns for 3/4/5/6 players.
 * @example
 * ```ts
 * import { RUST_BELT, initialState } from "@rules/age-of-steam-exp";
 *
 * console.log(RUST_BELT.name, initialState(1, { players: 3, map: RUST_BELT.id }).lastTurn);
 * ```
 */
export const RUST_BELT: MapData = {
  id: "rust-belt",
  name: "Rust Belt",
  source: "SOURCED: the base Age of Steam board, as encoded by the choochoo and Era of Trains engines (they agree on every hex)",
  layout: "flat-odd-q",
  rows: [
    "..C~~...~~~~~~~...",
    ".......t~~..~~..C~",
    ".C......~~..~~..rt",
    "..rrt..t~~t..C.~~.",
    "....r...~~...~~t.m",
    "....r..C~t..t....C",
    "....rt.....t....rm",
    "..C.r..........rrm",
    "....rrt.t.t.Crr.Cm",
    ".....Cr..C.rrt.mmm",
    "C . . r . r . m m",
  ],
  cities: [
    { name: "Chicago", hex: [7, 5], colors: ["red"], growth: [{ group: "light", face: 1 }], goods: 2 },
    { name: "St Louis", hex: [5, 9], colors: ["red"], growth: [{ group: "light", face: 2 }], goods: 2 },
    { name: "Kansas City", hex: [0, 10], colors: ["purple"], growth: [{ group: "light", face: 3 }], goods: 2 },
    { name: "Des Moines", hex: [2, 7], colors: ["blue"], growth: [{ group: "light", face: 4 }], goods: 2 },
    { name: "Minneapolis", hex: [1, 2], colors: ["blue"], growth: [{ group: "light", face: 5 }], goods: 2 },
    { name: "Duluth", hex: [2, 0], colors: ["purple"], growth: [{ group: "light", face: 6 }], goods: 2 },
    { name: "Evansville", hex: [9, 9], colors: ["blue"], growth: [{ group: "dark", face: 1 }], goods: 2 },
    { name: "Cincinnati", hex: [12, 8], colors: ["blue"], growth: [{ group: "dark", face: 2 }], goods: 2 },
    { name: "Detroit", hex: [13, 3], colors: ["red"], growth: [{ group: "dark", face: 3 }], goods: 2 },
    { name: "Wheeling", hex: [16, 8], colors: ["yellow"], growth: [{ group: "dark", face: 4 }], goods: 3 },
    { name: "Pittsburgh", hex: [17, 5], colors: ["red"], growth: [{ group: "dark", face: 5 }], goods: 3 },
    { name: "Toronto", hex: [16, 1], colors: ["yellow"], growth: [{ group: "dark", face: 6 }], goods: 2 },
  ],
  towns: [
    { name: "Green Bay", hex: [7, 1] },
    { name: "Buffalo", hex: [17, 2] },
    { name: "La Crosse", hex: [4, 3] },
    { name: "Grand Rapids", hex: [10, 3] },
    { name: "Milwaukee", hex: [7, 3] },
    { name: "Cleveland", hex: [15, 4] },
    { name: "Toledo", hex: [12, 5] },
    { name: "Michigan City", hex: [9, 5] },
    { name: "Rock Island", hex: [5, 6] },
    { name: "Fort Wayne", hex: [11, 6] },
    { name: "Springfield", hex: [6, 8] },
    { name: "Terre Haute", hex: [8, 8] },
    { name: "Indianapolis", hex: [10, 8] },
    { name: "Lexington", hex: [13, 9] },
  ],
  impassable: [],
  turns: [
    { players: 3, turns: 10 },
    { players: 4, turns: 8 },
    { players: 5, turns: 7 },
    { players: 6, turns: 6 },
  ],
  removedNewCities: [],
  incomeTax: 0,
  rules: "base",
  topology: "hex",
  sameCity: [],
  connections: [],
  virtualLines: [],
};

/**
 * Orient Express (ASSUMPTION: no public image or data of the published board was found; this is
 * the reconstruction documented in docs/games/age-of-steam-exp.md, "Orient Express"). SOURCED from
 * the expansion rulebook: 4–6 players, the seven yellow line cities in order, 2 goods on each
 * purple, red and blue city and 1 on each yellow one, new city E printed on the board (removed),
 * 2 more income lost every turn. ASSUMED: the layout, the other six cities, the thirteen towns,
 * an all-plain board, Constantinople as the printed E (growing from E's 2-space column on a dark 1,
 * `printedNewCity: "E"`), and the London–Calais Channel
 * (connection 0: 1 link, $6, counting as one build; claimed with a `claim` action).
 * @example
 * ```ts
 * import { ORIENT_EXPRESS, initialState } from "@rules/age-of-steam-exp";
 *
 * console.log(ORIENT_EXPRESS.virtualLines[0]?.cities, initialState(1, { players: 4, map: ORIENT_EXPRESS.id }).map.name);
 * ```
 */
export const ORIENT_EXPRESS: MapData = {
  id: "orient-express",
  name: "Orient Express",
  source: "ASSUMPTION: a reconstruction from the expansion rulebook's rules (the published board was not found); the rulebook's line, goods, tax and removed tile are SOURCED",
  layout: "flat-odd-q",
  rows: [
    "~~~~~~~~t....~~~~~~~",
    "~.~~~C....C....C..~~",
    "~C~~..............~~",
    "~~~t.t..t.........~~",
    "~~~........t..t...~~",
    "~~....C...........~~",
    "~~.C.....t..C......~",
    "~~~............C...~",
    "~~~.t..............~",
    "~~~~...C.t..t.....C~",
    "~~~~....~~~....t...~",
    "~~~~C~~~~~~~.......~",
    "~~~~~~~~~~~~~....t..",
    "~~~~~~~~~~~~~~.t...C",
    "~~~~~~~~~~~~~...~~~~",
    "~~~~~~~~~~~~~~C~~~~~",
  ],
  cities: [
    { name: "London", hex: [1, 2], colors: ["yellow"], growth: [{ group: "light", face: 1 }], goods: 1 },
    { name: "Paris", hex: [3, 6], colors: ["yellow"], growth: [{ group: "light", face: 2 }], goods: 1 },
    { name: "Amsterdam", hex: [5, 1], colors: ["purple"], growth: [{ group: "light", face: 3 }], goods: 2 },
    { name: "Strasbourg", hex: [6, 5], colors: ["yellow"], growth: [{ group: "light", face: 4 }], goods: 1 },
    { name: "Marseille", hex: [4, 11], colors: ["red"], growth: [{ group: "light", face: 5 }], goods: 2 },
    { name: "Milan", hex: [7, 9], colors: ["blue"], growth: [{ group: "light", face: 6 }], goods: 2 },
    { name: "Berlin", hex: [10, 1], colors: ["blue"], growth: [{ group: "dark", face: 1 }], goods: 2 },
    { name: "Vienna", hex: [12, 6], colors: ["yellow"], growth: [{ group: "dark", face: 2 }], goods: 1 },
    { name: "Warsaw", hex: [15, 1], colors: ["purple"], growth: [{ group: "dark", face: 3 }], goods: 2 },
    { name: "Budapest", hex: [15, 7], colors: ["yellow"], growth: [{ group: "dark", face: 4 }], goods: 1 },
    { name: "Bucharest", hex: [18, 9], colors: ["yellow"], growth: [{ group: "dark", face: 5 }], goods: 1 },
    { name: "Athens", hex: [14, 15], colors: ["red"], growth: [{ group: "dark", face: 6 }], goods: 2 },
    // ASSUMED (reconstruction): Constantinople is the printed E, growing from E's column on a dark 1.
    { name: "Constantinople", hex: [19, 13], colors: ["yellow"], growth: [], goods: 1, printedNewCity: "E" },
  ],
  towns: [
    { name: "Hamburg", hex: [8, 0] },
    { name: "Calais", hex: [3, 3] },
    { name: "Brussels", hex: [5, 3] },
    { name: "Frankfurt", hex: [8, 3] },
    { name: "Prague", hex: [11, 4] },
    { name: "Krakow", hex: [14, 4] },
    { name: "Munich", hex: [9, 6] },
    { name: "Lyon", hex: [4, 8] },
    { name: "Venice", hex: [9, 9] },
    { name: "Zagreb", hex: [12, 9] },
    { name: "Belgrade", hex: [15, 10] },
    { name: "Sofia", hex: [17, 12] },
    { name: "Thessaloniki", hex: [15, 13] },
  ],
  impassable: [],
  turns: [
    { players: 4, turns: 8 },
    { players: 5, turns: 7 },
    { players: 6, turns: 6 },
  ],
  removedNewCities: ["E"],
  incomeTax: 2,
  rules: "orient-express",
  topology: "hex",
  sameCity: [],
  // ASSUMED (reconstruction): London stands on an island and joins Calais by the Channel, 1 link for $6 counting as one build.
  connections: [{ id: "Channel", ends: ["London", "Calais"], cost: 6, countsAsBuild: true }],
  virtualLines: [
    { name: "Orient Express", cities: ["London", "Paris", "Strasbourg", "Vienna", "Budapest", "Bucharest", "Constantinople"], feePerCityEntered: 1, excludedColors: ["yellow"] },
  ],
};

const tileCountsShape = Object.fromEntries(TILE_IDS.map((id) => [id, z.number().int().min(0).max(200)])) as Record<TileId, z.ZodNumber>;

/**
 * A complete component set; replace it through `options.components` (start from a copy of
 * {@link defaultComponents}). Errors name the broken rule.
 * @example
 * ```ts
 * import { ComponentsSchema, defaultComponents } from "@rules/age-of-steam-exp";
 *
 * const noMaps = ComponentsSchema.safeParse({ ...defaultComponents, maps: [] });
 * console.log(noMaps.success); // false: a component set needs at least one map
 * ```
 */
export const ComponentsSchema = z
  .strictObject({
    /** The maps a game may be played on (`options.map` names one by id). */
    maps: z.array(MapSchema).min(1, "there must be at least one map").max(8, "at most 8 maps"),
    /** How many tiles of each shape the box holds. */
    tileCounts: z.strictObject(tileCountsShape),
    /** Cubes in the bag at setup, by colour (red, blue, purple, yellow, black). */
    cubes: z.tuple([0, 1, 2, 3, 4].map(() => z.number().int().min(0).max(60)) as [z.ZodNumber, z.ZodNumber, z.ZodNumber, z.ZodNumber, z.ZodNumber]),
    /** The new-city tiles A–H. */
    newCities: z.array(NewCitySchema).length(8, "there are exactly 8 new-city tiles, A to H"),
  })
  .superRefine((c, ctx) => {
    const ids = new Set<string>();
    c.maps.forEach((m, i) => {
      if (ids.has(m.id)) ctx.addIssue({ code: "custom", message: `two maps have the id ${m.id}`, path: ["maps", i, "id"] });
      ids.add(m.id);
    });
    c.newCities.forEach((n, i) => {
      if (n.letter !== LETTERS[i]) ctx.addIssue({ code: "custom", message: `new-city tile ${i + 1} must be lettered ${LETTERS[i]}`, path: ["newCities", i] });
    });
  }, whenWellFormed);
/**
 * A component set (`z.infer<typeof ComponentsSchema>`): maps, tile counts, the cube bag and the new-city tiles.
 * @example
 * ```ts
 * import type { Components } from "@rules/age-of-steam-exp";
 * import { defaultComponents, initialState } from "@rules/age-of-steam-exp";
 *
 * const components: Components = { ...defaultComponents, tileCounts: { ...defaultComponents.tileCounts, tight: 10 } };
 * console.log(initialState(1, { players: 4, components }).supply.tight); // 10
 * ```
 */
export type Components = z.infer<typeof ComponentsSchema>;

/**
 * The base box: Rust Belt, 136 tiles, 96 cubes (20 of each colour, 16 black), new cities A–H.
 * @example
 * ```ts
 * import { defaultComponents } from "@rules/age-of-steam-exp";
 *
 * console.log(defaultComponents.maps.map((m) => m.id), defaultComponents.cubes);
 * ```
 */
export const defaultComponents: Components = {
  maps: [RUST_BELT, ORIENT_EXPRESS, AMUSEMENT_PARK],
  tileCounts: { ...DEFAULT_TILE_COUNTS },
  cubes: [20, 20, 20, 20, 16],
  newCities: DEFAULT_NEW_CITIES,
};
