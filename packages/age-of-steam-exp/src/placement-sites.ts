import type { TileId } from "./data.js";
import { ORIENTED, type CompiledMap, type Oriented } from "./map.js";
import type { Network } from "./network.js";

// Where a placement may go (placements.ts lists them): the tiles that fit each hex's open sides,
// the quick filters before the judge, the hexes worth judging on a network; and the actions that
// name placements, made once and shared.

/** An oriented tile with its paths as edge bit masks (for the "every new path is anchored" filter). */
export interface Shape {
  o: Oriented;
  /** Its index in ORIENTED. */
  index: number;
  pathMasks: readonly number[];
}

const SHAPES: readonly Shape[] = ORIENTED.map((o, index) => ({ o, index, pathMasks: o.paths.map(([a, b]) => (1 << a) | (1 << b)) }));

/** Per compiled map: for each hex, the tile orientations whose edges all leave by open sides, and which fit a town hex or not. */
const shapesByMap = new WeakMap<CompiledMap, ReadonlyArray<readonly Shape[]>>();

export function shapesFor(map: CompiledMap): ReadonlyArray<readonly Shape[]> {
  let t = shapesByMap.get(map);
  if (t) return t;
  const table: Shape[][] = [];
  for (let h = 0; h < map.grid.cells.length; h++) {
    let openMask = 0;
    for (let e = 0; e < 6; e++) if (map.open[h * 6 + e]) openMask |= 1 << e;
    const isTown = map.townAt[h]! >= 0;
    table.push(SHAPES.filter(({ o }) => (o.mask & ~openMask) === 0 && (isTown ? o.family === "town" || o.exits.length === 2 || o.exits.length === 4 : o.family !== "town")));
  }
  shapesByMap.set(map, (t = table));
  return t;
}

// The quick filters of a hex off the towns depend only on its map, its open sides and the masks
// below: each filtered list is made once per map and kept (a pure cache of geometry).
const filteredByMap = new WeakMap<CompiledMap, Map<number, readonly Shape[]>>();

/**
 * The tiles worth judging on a hex that is not a town (the judge decides): on an empty hex, those
 * whose every path has an end at a city or a loose end (`anchorMask`); on a hex with track, a
 * non-simple tile keeping every old edge (`oldMask`, an upgrade) or, on the builder's own loose
 * end, a simple tile (a redirect).
 */
export function buildableShapes(map: CompiledMap, shapes: ReadonlyArray<readonly Shape[]>, hex: number, existing: boolean, anchorMask: number, oldMask: number, myLooseEnd: boolean): readonly Shape[] {
  let byKey = filteredByMap.get(map);
  if (!byKey) filteredByMap.set(map, (byKey = new Map()));
  const key = ((hex * 2 + (existing ? 1 : 0)) * 64 + (existing ? oldMask : anchorMask)) * 2 + (myLooseEnd ? 1 : 0);
  let list = byKey.get(key);
  if (list) return list;
  list = shapes[hex]!.filter(({ o, pathMasks }) => {
    if (!existing) return pathMasks.every((m) => (m & anchorMask) !== 0);
    return o.family === "simple" ? myLooseEnd : (o.mask & oldMask) === oldMask;
  });
  byKey.set(key, list);
  return list;
}

// The hexes worth judging read only the network (kept per network object, which is per track):
// next to cities and loose ends, towns, and track, on neither a city nor water.
const candidatesByNet = new WeakMap<Network, readonly number[]>();

/** Per compiled map, the part of {@link candidateHexes} no track changes. */
interface PrintedSites {
  /** 1 on the hexes next to a printed city and on the towns (neither a city nor water). */
  printed: Uint8Array;
  /** 1 on the hexes that are neither a printed city nor water. */
  land: Uint8Array;
}

const printedByMap = new WeakMap<CompiledMap, PrintedSites>();

function printedSites(map: CompiledMap): PrintedSites {
  let sites = printedByMap.get(map);
  if (sites) return sites;
  const cells = map.grid.cells.length;
  const printed = new Uint8Array(cells);
  const land = new Uint8Array(cells);
  for (let h = 0; h < cells; h++) {
    if (map.cityAt[h]! >= 0) for (const n of map.grid.neighbors[h]!) if (n >= 0) printed[n] = 1;
    if (map.townAt[h]! >= 0) printed[h] = 1;
  }
  for (let h = 0; h < cells; h++) {
    land[h] = map.cityAt[h]! < 0 && map.terrain[h] !== "water" ? 1 : 0;
    printed[h] = printed[h]! & land[h]!;
  }
  printedByMap.set(map, (sites = { printed, land }));
  return sites;
}

/** Scratch marks of {@link candidateHexes} (a hex is marked when its entry equals the call's stamp). */
let stamps = new Uint32Array(0);
let stamp = 0;

/** Hexes where a builder might place something on this network (before the hexes built on this turn are left out), by hex. */
export function candidateHexes(net: Network): readonly number[] {
  let out = candidatesByNet.get(net);
  if (out) return out;
  const map = net.map;
  const cells = map.grid.cells.length;
  const nb = map.grid.neighbors;
  if (stamps.length < cells) stamps = new Uint32Array(cells);
  if (++stamp === 0xffffffff) (stamps.fill(0), (stamp = 1));
  const s = stamp;
  // Next to a city made by urbanizing a town (printed cities are in printedSites), and facing a loose end.
  for (const h of net.urbanHexes) if (map.cityAt[h]! < 0) for (const n of nb[h]!) if (n >= 0) stamps[n] = s;
  for (const l of net.links) {
    if (l.to >= 0 || l.endHex < 0) continue;
    const n = nb[l.endHex]?.[l.endEdge] ?? -1;
    if (n >= 0) stamps[n] = s;
  }
  const { printed, land } = printedSites(map);
  const trackAt = net.trackAt;
  const stop = net.stop;
  const list: number[] = [];
  for (let h = 0; h < cells; h++) {
    if ((printed[h] === 1 || trackAt[h]! >= 0 || stamps[h] === s) && land[h] === 1 && stop[h] !== 1) list.push(h);
  }
  candidatesByNet.set(net, (out = list));
  return out;
}

/** A placement as an action. */
export type BuildAction = { type: "build"; player: number; hex: number; tile: TileId; rot: number };

// The placement actions a listing hands out, made once per map, hex, seat and tile and frozen, so
// a listing of hundreds of placements allocates none: a caller who wants to change one copies it.
const actionsByMap = new WeakMap<CompiledMap, Array<Array<BuildAction | undefined> | undefined>>();

/** Per hex and seat (`hex * SEATS + seat`), the placement actions there by ORIENTED index. */
export function actionsFor(map: CompiledMap): Array<Array<BuildAction | undefined> | undefined> {
  let t = actionsByMap.get(map);
  if (!t) actionsByMap.set(map, (t = new Array<Array<BuildAction | undefined> | undefined>(map.grid.cells.length * SEATS).fill(undefined)));
  return t;
}

/** Seats a table of actions has room for (the most a game has). */
export const SEATS = 6;

/** The frozen actions placing each oriented tile (by ORIENTED index) on `hex` for `player`. */
export function actionsAt(actions: Array<Array<BuildAction | undefined> | undefined>, player: number, hex: number): Array<BuildAction | undefined> {
  const i = hex * SEATS + player;
  let list = actions[i];
  if (list === undefined) actions[i] = list = new Array<BuildAction | undefined>(ORIENTED.length).fill(undefined);
  return list;
}

/** The frozen action placing oriented tile `oi` (ORIENTED index) from `list` (of {@link actionsAt}). */
export function buildAction(list: Array<BuildAction | undefined>, player: number, hex: number, oi: number): BuildAction {
  let a = list[oi];
  if (a === undefined) {
    const o = ORIENTED[oi]!;
    list[oi] = a = Object.freeze({ type: "build" as const, player, hex, tile: o.tile, rot: o.rot });
  }
  return a;
}

