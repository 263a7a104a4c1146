import { buildHexGrid, cloneJson, hexDistance, oppositeEdge, type HexCell, type HexGrid } from "@rules/core";
import { TERRAIN_LEGEND, TILE_KINDS, type MapData, type Terrain, type TileFamily, type TileId } from "./data.js";

// A map compiled once for the rules: dense hex indices with neighbours (core's hex grid), terrain,
// which place stands on each hex, and which edges track may cross. Compiled maps are cached by
// the map object and by the map's id and contents, so a state carries only plain JSON. The rules never
// change a state's map; a caller who edits one in place must give the state a fresh map object.

/** A map ready for the rules code. */
export interface CompiledMap {
  readonly data: MapData;
  readonly grid: HexGrid;
  readonly terrain: readonly Terrain[];
  /** Index into `data.cities` for a printed city hex, else -1. */
  readonly cityAt: readonly number[];
  /** Index into `data.towns` for a town hex, else -1. */
  readonly townAt: readonly number[];
  /** `open[h * 6 + e]`: track on hex h may leave through edge e (a land or city hex lies across, no impassable side). */
  readonly open: readonly boolean[];
  /** Hex index of each printed city / town. */
  readonly cityHex: readonly number[];
  readonly townHex: readonly number[];
  /** A readable name of a hex: the place on it, or its coordinates. */
  hexName(h: number): string;
}

/** Compiled maps by map id, each with a private copy of the map it was compiled from (a few per id at most). */
const byId = new Map<string, Array<{ source: MapData; compiled: CompiledMap }>>();
const byObject = new WeakMap<MapData, CompiledMap>();

/** True when `a` and `b` have the same JSON text (the same keys in the same order, equal numbers and strings). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * The compiled form of a (validated) map. A map object met before is a lookup; a new one (a
 * copied or loaded state's) finds an equal map compiled before by its id and an equal walk, with
 * no JSON text made, so a state copied any way plays as fast as one made in place.
 */
export function compileMap(map: MapData): CompiledMap {
  const hit = byObject.get(map);
  if (hit) {
    // A map in play whose entry the lists below dropped (more than 8 variants of its id, or 32
    // ids, compiled since) is listed again, first, so that copies of it find it rather than an
    // equal map compiled while it was not listed.
    if (!byId.get(map.id)?.some((k) => k.compiled === hit)) keep(map, hit, true);
    return hit;
  }
  let c = byId.get(map.id)?.find((k) => sameJson(k.source, map))?.compiled;
  if (!c) {
    c = build(map);
    keep(map, c);
  }
  byObject.set(map, c);
  return c;
}

/** Lists `compiled` under its map's id (last, or `first`), with a private copy of the map to compare copies with. */
function keep(map: MapData, compiled: CompiledMap, first = false): void {
  let kept = byId.get(map.id);
  if (byId.size >= 32 && !kept) byId.clear();
  if (!kept || kept.length >= 8) byId.set(map.id, (kept = []));
  const entry = { source: cloneJson(map), compiled };
  if (first) kept.unshift(entry);
  else kept.push(entry);
}

/** Give `copy`, a deep copy of `map` that nothing will change, `map`'s compiled form (no second compilation). */
export function sameCompiledMap(copy: MapData, map: MapData): void {
  byObject.set(copy, compileMap(map));
}

function build(map: MapData): CompiledMap {
  const cells: HexCell[] = [];
  const terrain: Terrain[] = [];
  map.rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const ch = row[c]!;
      if (ch === " ") continue;
      cells.push([c, r]);
      terrain.push(TERRAIN_LEGEND[ch as keyof typeof TERRAIN_LEGEND]);
    }
  });
  const grid = buildHexGrid("flat-odd-q", cells);
  const cityAt = cells.map(() => -1);
  const townAt = cells.map(() => -1);
  const cityHex = map.cities.map((city, i) => {
    const h = grid.indexOf(city.hex[0], city.hex[1]);
    cityAt[h] = i;
    return h;
  });
  const townHex = map.towns.map((town, i) => {
    const h = grid.indexOf(town.hex[0], town.hex[1]);
    townAt[h] = i;
    return h;
  });
  const open = new Array<boolean>(cells.length * 6).fill(false);
  for (let h = 0; h < cells.length; h++) {
    for (let e = 0; e < 6; e++) {
      const n = grid.neighbors[h]![e]!;
      open[h * 6 + e] = terrain[h] !== "water" && n >= 0 && terrain[n] !== "water";
    }
  }
  for (const x of map.impassable) {
    const h = grid.indexOf(x.hex[0], x.hex[1]);
    open[h * 6 + x.edge] = false;
    const n = grid.neighbors[h]![x.edge]!;
    if (n >= 0) open[n * 6 + oppositeEdge(x.edge)] = false;
  }
  // A plain hex is named by its grid cell and the nearest city (fewest hex steps; the first city
  // of the map's list on a tie), so a player can find it on the printed board.
  const nearest = new Map<number, string>();
  const nearestCity = (h: number): string | undefined => {
    if (nearest.has(h)) return nearest.get(h);
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const city of map.cities) {
      const d = hexDistance("flat-odd-q", cells[h]!, city.hex);
      if (d < bestDistance) [best, bestDistance] = [city.name, d];
    }
    if (best !== undefined) nearest.set(h, best);
    return best;
  };
  const hexName = (h: number): string => {
    if (cityAt[h]! >= 0) return map.cities[cityAt[h]!]!.name;
    if (townAt[h]! >= 0) return map.towns[townAt[h]!]!.name;
    const cell = cells[h];
    if (!cell) return `hex ${h}`;
    const city = nearestCity(h);
    return `hex (${cell[0]},${cell[1]})${city === undefined ? "" : ` near ${city}`}`;
  };
  return { data: map, grid, terrain, cityAt, townAt, open, cityHex, townHex, hexName };
}

/** The game length of a map for a player count (undefined: the map is not for that many). */
export function turnsFor(map: MapData, players: number): number | undefined {
  return map.turns.find((t) => t.players === players)?.turns;
}

// ---------------------------------------------------------------------------------------------
// Tile geometry: each tile kind in each of its distinct rotations.

/** A tile kind in one rotation: its paths (edge pairs, smaller edge first) or town exits (ascending). */
export interface Oriented {
  tile: TileId;
  kind: number;
  rot: number;
  family: TileFamily;
  /** Track paths (for a track tile) as [a, b] with a < b, sorted. */
  paths: ReadonlyArray<readonly [number, number]>;
  /** The edges the tile touches, ascending (a town built on it has these exits). */
  exits: readonly number[];
  /** Bit mask of `exits`. */
  mask: number;
}

const rotate = (e: number, r: number): number => (e + r) % 6;

/** Every tile kind in every rotation that gives a different shape, in kind then rotation order. */
export const ORIENTED: readonly Oriented[] = (() => {
  const out: Oriented[] = [];
  TILE_KINDS.forEach((t, kind) => {
    const seen = new Set<string>();
    for (let rot = 0; rot < 6; rot++) {
      const paths = "paths" in t
        ? t.paths.map(([a, b]) => [rotate(a, rot), rotate(b, rot)].sort((x, y) => x - y) as [number, number]).sort((p, q) => p[0] - q[0] || p[1] - q[1])
        : [];
      const exits = ("paths" in t ? t.paths.flat() : t.exits).map((e) => rotate(e, rot)).sort((x, y) => x - y);
      const key = t.family === "town" ? exits.join() : paths.map((p) => p.join("-")).join();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ tile: t.id, kind, rot, family: t.family, paths, exits, mask: exits.reduce((m, e) => m | (1 << e), 0) });
    }
  });
  return out;
})();

/** The oriented form of each tile at each rotation 0–5, by tile id. */
const BY_TILE_ROT: ReadonlyMap<string, ReadonlyArray<Oriented | undefined>> = (() => {
  const m = new Map<string, Array<Oriented | undefined>>();
  TILE_KINDS.forEach((t, kind) => {
    for (let rot = 0; rot < 6; rot++) {
      const exits = ("paths" in t ? t.paths.flat() : t.exits).map((e) => rotate(e, rot)).sort((x, y) => x - y).join();
      const paths = "paths" in t
        ? t.paths.map(([a, b]) => [rotate(a, rot), rotate(b, rot)].sort((x, y) => x - y).join("-")).sort().join()
        : "";
      const o = ORIENTED.find((x) => x.kind === kind && (t.family === "town" ? x.exits.join() === exits : x.paths.map((p) => p.join("-")).sort().join() === paths));
      if (!m.has(t.id)) m.set(t.id, []);
      m.get(t.id)![rot] = o;
    }
  });
  return m;
})();

/** The oriented form of `tile` at `rot` (rotations that repeat a shape map to the first one). */
export function oriented(tile: TileId, rot: number): Oriented | undefined {
  return Number.isInteger(rot) ? BY_TILE_ROT.get(tile)?.[rot] : undefined;
}

/** The family of a tile kind. */
export function familyOf(tile: TileId): TileFamily {
  return TILE_KINDS.find((t) => t.id === tile)!.family;
}
