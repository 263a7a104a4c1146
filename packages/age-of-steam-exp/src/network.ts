import { oppositeEdge } from "@rules/core";
import type { Color } from "./data.js";
import { compileMap, type CompiledMap } from "./map.js";
import type { State } from "./schema.js";

// The track network read off the board: stops (cities, urbanized towns, towns with a tile), and
// links, the runs of track from a stop to the next stop (complete) or to a loose end (incomplete).
// A link is found by walking from a stop; each path belongs to at most one link (rulebook: "a
// link is the track between two stops; a town splits track into separate links").

/** A link: the run of track from stop `from` to stop `to` (-1 while incomplete). */
export interface Link {
  id: number;
  /** Hex of the stop the link leaves, and the edge of that hex it leaves by (a town's spur edge). */
  from: number;
  fromEdge: number;
  /** Hex of the stop at the other end, or -1 for an incomplete link, and the edge it arrives by. */
  to: number;
  toEdge: number;
  /** The paths of the link, from `from` on, each as `track index * 8 + path index`. */
  segments: number[];
  owner: number | null;
  /** For an incomplete link: the hex of its last path and the edge that path points out of. */
  endHex: number;
  endEdge: number;
  /** The turn the last path was laid. */
  endTurn: number;
  /** For a claimed printed connection (the Channel): its index in the map's list; `fromEdge`/`toEdge` are then 6 + that index. */
  connection?: number;
}

/** One way out of a stop along a complete link. */
export interface Exit {
  hex: number;
  edge: number;
  to: number;
  link: number;
}

/** The network of a state. */
export interface Network {
  map: CompiledMap;
  /** Track index on each hex, or -1. */
  trackAt: Int32Array;
  /** `pathAt[h * 6 + e]`: 1 + (track index * 8 + path index) of the path touching edge e of hex h, or 0. */
  pathAt: Int32Array;
  /** 1 on a city hex (printed or urbanized), 2 on a town hex with a tile, 0 elsewhere. */
  stop: Uint8Array;
  links: Link[];
  /** Link id of each path (`track index * 8 + path index`), -1 for a path no stop reaches. */
  linkOf: Map<number, number>;
  /** `looseFacing[h * 6 + e]`: 1 + the id of the incomplete link whose loose end points into hex h through its edge e. */
  looseFacing: Int32Array;
  /** Complete links leaving each stop hex, in edge order. */
  exits: Map<number, Exit[]>;
  /** The hexes on the map the urbanized towns are on, in the state's order. */
  urbanHexes: readonly number[];
  /** The colours a city hex accepts ([] for other hexes). */
  colorsAt(h: number): readonly Color[];
  /** Index of the printed city (0..) or new city (100 + letter index) on a city hex, or -1. */
  cityIndexAt(h: number): number;
  /** The hex of each track index on the map (-1: the track lies off the grid), made on the first call. */
  trackHexes(): Int32Array;
}

// The network of each state object, with the exact inputs it was computed from (the map object,
// every tile and path's edges, owner and turn, the urbanized towns, the claimed connections): a
// state that changed in any way since, however it was changed (the recipe in place, or its owner by
// hand), is recomputed, so `legalActions`, `isLegal` and the recipe of one step share one
// computation on any state, frozen or owned, however it was made. A pure cache, never part of a state.
const memo = new WeakMap<object, Source>();

/** What a network was computed from: the map object, the numbers of {@link inputsOf} and each track's tile. */
interface Source {
  map: State["map"];
  inputs: number[];
  tiles: string[];
  net: Network;
}

/** The numbers the network is computed from, in a fixed walk ({@link sameInputs} walks the same). */
function inputsOf(state: State): number[] {
  const out: number[] = [state.track.length];
  for (const t of state.track) {
    out.push(t.hex, t.paths.length);
    for (const p of t.paths) out.push(p.a, p.b, p.owner ?? -1, p.turn);
  }
  out.push(state.urbanized.length);
  for (const u of state.urbanized) out.push(u.hex, u.letter.charCodeAt(0));
  out.push(state.connections.length);
  for (const c of state.connections) out.push(c ? c.owner : -1, c ? c.turn : -1);
  return out;
}

/** True when `state` has exactly the inputs `inputs` was taken from (compared in place, allocating nothing). */
function sameInputs(state: State, inputs: readonly number[], tiles: readonly string[]): boolean {
  let i = 0;
  const track = state.track;
  if (inputs[i++] !== track.length) return false;
  for (let k = 0; k < track.length; k++) {
    const t = track[k]!;
    const paths = t.paths;
    if (inputs[i++] !== t.hex || inputs[i++] !== paths.length || tiles[k] !== t.tile) return false;
    for (let j = 0; j < paths.length; j++) {
      const p = paths[j]!;
      if (inputs[i++] !== p.a || inputs[i++] !== p.b || inputs[i++] !== (p.owner ?? -1) || inputs[i++] !== p.turn) return false;
    }
  }
  const urbanized = state.urbanized;
  if (inputs[i++] !== urbanized.length) return false;
  for (let k = 0; k < urbanized.length; k++) {
    if (inputs[i++] !== urbanized[k]!.hex || inputs[i++] !== urbanized[k]!.letter.charCodeAt(0)) return false;
  }
  const connections = state.connections;
  if (inputs[i++] !== connections.length) return false;
  for (let k = 0; k < connections.length; k++) {
    const c = connections[k];
    if (inputs[i++] !== (c ? c.owner : -1) || inputs[i++] !== (c ? c.turn : -1)) return false;
  }
  return i === inputs.length;
}

/**
 * The network of `state`: computed once per state and its track, urbanized towns and claimed
 * connections (see the cache above), equal to {@link computeNetwork} of the state as it is now.
 */
export function network(state: State): Network {
  const hit = memo.get(state);
  if (hit && hit.map === state.map && sameInputs(state, hit.inputs, hit.tiles)) return hit.net;
  const net = computeNetwork(state) as Net;
  const tiles: string[] = [];
  for (const t of state.track) tiles.push(t.tile);
  const source: Source = { map: state.map, inputs: inputsOf(state), tiles, net };
  memo.set(state, source);
  net.source = source;
  return net;
}

/**
 * The hexes whose track differs between the states two networks of {@link network} were computed
 * from (a tile laid, replaced or lifted; a path's edges, owner or turn), pushed to `out` in hex
 * order. False, with `out` left as it may be, when that cannot be told by the track alone: the
 * networks are of different maps, urbanized towns or claimed connections, either was not made by
 * {@link network}, or either state's track is not in hex order.
 */
export function changedTrack(before: Network, after: Network, out: number[]): boolean {
  const a = before instanceof Net ? before.source : undefined;
  const b = after instanceof Net ? after.source : undefined;
  if (!a || !b || a.map !== b.map) return false;
  const x = a.inputs;
  const y = b.inputs;
  const nx = x[0]!;
  const ny = y[0]!;
  let i = 1;
  let j = 1;
  let kx = 0;
  let ky = 0;
  let lastX = -1;
  let lastY = -1;
  while (kx < nx || ky < ny) {
    const hx = kx < nx ? x[i]! : Infinity;
    const hy = ky < ny ? y[j]! : Infinity;
    if ((kx < nx && hx <= lastX) || (ky < ny && hy <= lastY)) return false;
    if (hx === hy) {
      const lx = x[i + 1]!;
      let same = lx === y[j + 1] && a.tiles[kx] === b.tiles[ky];
      for (let q = 2; same && q < 2 + 4 * lx; q++) if (x[i + q] !== y[j + q]) same = false;
      if (!same) out.push(hx);
      i += 2 + 4 * lx;
      j += 2 + 4 * y[j + 1]!;
      kx++;
      ky++;
      lastX = hx;
      lastY = hy;
    } else if (hx < hy) {
      out.push(hx);
      i += 2 + 4 * x[i + 1]!;
      kx++;
      lastX = hx;
    } else {
      out.push(hy);
      j += 2 + 4 * y[j + 1]!;
      ky++;
      lastY = hy;
    }
  }
  // The urbanized towns and claimed connections: the rest of the inputs, equal or nothing is told.
  if (x.length - i !== y.length - j) return false;
  for (; i < x.length; i++, j++) if (x[i] !== y[j]) return false;
  return true;
}

/** 1 on each printed city hex of a map, else 0 (per compiled map, kept). */
const cityStopsByMap = new WeakMap<CompiledMap, Uint8Array>();
function cityStops(map: CompiledMap): Uint8Array {
  let t = cityStopsByMap.get(map);
  if (!t) {
    t = Uint8Array.from(map.cityAt, (c) => (c >= 0 ? 1 : 0));
    cityStopsByMap.set(map, t);
  }
  return t;
}

/** A network's tables and its two readings of a city hex (methods, so no closure is made per network). */
class Net implements Network {
  constructor(
    readonly state: State,
    readonly map: CompiledMap,
    readonly trackAt: Int32Array,
    readonly pathAt: Int32Array,
    readonly stop: Uint8Array,
    readonly links: Link[],
    readonly linkOf: Map<number, number>,
    readonly looseFacing: Int32Array,
    readonly exits: Map<number, Exit[]>,
    readonly urbanLetter: Map<number, number>,
    readonly urbanHexes: readonly number[],
  ) {}

  /** What {@link network} computed this network from (unset for one of {@link computeNetwork} alone). */
  source: Source | undefined = undefined;
  private hexes: Int32Array | undefined = undefined;

  trackHexes(): Int32Array {
    if (this.hexes) return this.hexes;
    let tracks = 0;
    for (let h = 0; h < this.trackAt.length; h++) if (this.trackAt[h]! >= tracks) tracks = this.trackAt[h]! + 1;
    const out = new Int32Array(tracks).fill(-1);
    for (let h = 0; h < this.trackAt.length; h++) if (this.trackAt[h]! >= 0) out[this.trackAt[h]!] = h;
    return (this.hexes = out);
  }

  cityIndexAt(h: number): number {
    if (this.map.cityAt[h]! >= 0) return this.map.cityAt[h]!;
    const u = this.urbanLetter.get(h);
    return u === undefined ? -1 : 100 + u;
  }

  colorsAt(h: number): readonly Color[] {
    const i = this.cityIndexAt(h);
    if (i < 0) return [];
    return i >= 100 ? [this.state.newCities[i - 100]!.color] : this.state.map.cities[i]!.colors;
  }
}

/** The path of a `pathAt` code (1 + track index * 8 + path index). */
function pathOf(state: State, code: number): State["track"][number]["paths"][number] {
  return state.track[(code - 1) >> 3]!.paths[(code - 1) & 7]!;
}

/** What a walk along the track reads and writes while a network is computed. */
interface Tracing {
  state: State;
  nb: CompiledMap["grid"]["neighbors"];
  stop: Uint8Array;
  pathAt: Int32Array;
  looseFacing: Int32Array;
  links: Link[];
  linkOf: Map<number, number>;
  limit: number;
}

/** Walk from stop `from` (left by `fromEdge`) along the track into hex `h` by its edge `x`, and record the link found. */
function trace(t: Tracing, from: number, fromEdge: number, first: number, h: number, x: number, prevHex: number, prevEdge: number): void {
  const { state, nb, stop, pathAt, links, linkOf } = t;
  const segments: number[] = first >= 0 ? [first] : [];
  let to = -1;
  let toEdge = -1;
  for (let guard = 0; guard < t.limit; guard++) {
    if (h < 0) break;
    if (stop[h] === 1) {
      to = h;
      toEdge = x;
      break;
    }
    const code = pathAt[h * 6 + x]!;
    if (code === 0) break;
    segments.push(code - 1);
    const p = pathOf(state, code);
    if (p.a < 0) {
      to = h;
      toEdge = x;
      break;
    }
    const y = p.a === x ? p.b : p.a;
    prevHex = h;
    prevEdge = y;
    h = nb[h]![y]!;
    x = oppositeEdge(y);
  }
  if (segments.length === 0) return;
  if (linkOf.has(segments[0]!)) return;
  const id = links.length;
  const last = state.track[segments[segments.length - 1]! >> 3]!.paths[segments[segments.length - 1]! & 7]!;
  const firstPath = state.track[segments[0]! >> 3]!.paths[segments[0]! & 7]!;
  links.push({ id, from, fromEdge, to, toEdge, segments, owner: firstPath.owner, endHex: to < 0 ? prevHex : -1, endEdge: to < 0 ? prevEdge : -1, endTurn: last.turn });
  for (const seg of segments) linkOf.set(seg, id);
  if (to < 0) {
    const n = nb[prevHex]?.[prevEdge] ?? -1;
    if (n >= 0) t.looseFacing[n * 6 + oppositeEdge(prevEdge)] = id + 1;
  }
}

/** Add a way out of stop `hex` by `edge` along complete link `link` to stop `to`. */
function addExit(exits: Map<number, Exit[]>, hex: number, edge: number, to: number, link: number): void {
  let list = exits.get(hex);
  if (!list) exits.set(hex, (list = []));
  list.push({ hex, edge, to, link });
}

/** The network of `state` as it is now, computed afresh (see {@link network} for the kept one). */
export function computeNetwork(state: State): Network {
  const map = compileMap(state.map);
  const cells = map.grid.cells.length;
  const nb = map.grid.neighbors;
  // One buffer for the three per-hex tables (a typed array's own buffer costs more to make than its view).
  const buffer = new Int32Array(cells * 13);
  const trackAt = buffer.subarray(0, cells).fill(-1);
  const pathAt = buffer.subarray(cells, cells * 7);
  const looseFacing = buffer.subarray(cells * 7);
  const stop = new Uint8Array(cells);
  stop.set(cityStops(map));
  const urbanLetter = new Map<number, number>();
  const urbanHexes: number[] = [];
  for (const u of state.urbanized) {
    urbanLetter.set(u.hex, "ABCDEFGH".indexOf(u.letter));
    if (u.hex >= 0 && u.hex < cells) {
      stop[u.hex] = 1;
      urbanHexes.push(u.hex);
    }
  }
  for (let i = 0; i < state.track.length; i++) {
    const t = state.track[i]!;
    if (t.hex >= cells) continue;
    trackAt[t.hex] = i;
    if (map.townAt[t.hex]! >= 0 && stop[t.hex] === 0) stop[t.hex] = 2;
    for (let j = 0; j < t.paths.length; j++) {
      const p = t.paths[j]!;
      const code = i * 8 + j + 1;
      if (p.a >= 0) pathAt[t.hex * 6 + p.a] = code;
      pathAt[t.hex * 6 + p.b] = code;
    }
  }
  const links: Link[] = [];
  const linkOf = new Map<number, number>();
  const tracing: Tracing = { state, nb, stop, pathAt, looseFacing, links, linkOf, limit: state.track.length * 4 + 2 };

  for (let s = 0; s < cells; s++) {
    if (stop[s] === 1) {
      for (let e = 0; e < 6; e++) {
        const n = nb[s]![e]!;
        if (n < 0 || pathAt[n * 6 + oppositeEdge(e)] === 0) continue;
        trace(tracing, s, e, -1, n, oppositeEdge(e), s, e);
      }
    } else if (stop[s] === 2) {
      for (let e = 0; e < 6; e++) {
        const code = pathAt[s * 6 + e]!;
        if (code === 0 || pathOf(state, code).a >= 0) continue;
        trace(tracing, s, e, code - 1, nb[s]![e]!, oppositeEdge(e), s, e);
      }
    }
  }

  // Claimed printed connections (the Channel): complete links with no track, left by the way 6 + k.
  state.connections.forEach((c, k) => {
    const x = state.map.connections[k];
    if (!c || !x) return;
    const [a, b] = x.ends.map((name) => placeHex(map, name));
    if (a === undefined || b === undefined || a < 0 || b < 0) return;
    links.push({ id: links.length, from: a, fromEdge: CONNECTION_EDGE + k, to: b, toEdge: CONNECTION_EDGE + k, segments: [], owner: c.owner, endHex: -1, endEdge: -1, endTurn: c.turn, connection: k });
  });

  const exits = new Map<number, Exit[]>();
  for (const l of links) {
    if (l.to < 0 || l.to === l.from) continue;
    addExit(exits, l.from, l.fromEdge, l.to, l.id);
    addExit(exits, l.to, l.toEdge, l.from, l.id);
  }
  for (const list of exits.values()) list.sort((a, b) => a.edge - b.edge);
  return new Net(state, map, trackAt, pathAt, stop, links, linkOf, looseFacing, exits, urbanLetter, urbanHexes);
}

/** A route step leaves a stop by edge 0–5, or by `CONNECTION_EDGE + k` over the map's printed connection k. */
export const CONNECTION_EDGE = 6;

/** The hex of the city or town named `name` (-1: no such place). */
export function placeHex(map: CompiledMap, name: string): number {
  const c = map.data.cities.findIndex((x) => x.name === name);
  if (c >= 0) return map.cityHex[c]!;
  const t = map.data.towns.findIndex((x) => x.name === name);
  return t >= 0 ? map.townHex[t]! : -1;
}

/** Number of links `player` owns (each takes one of their ownership markers). */
export function markersUsed(net: Network, player: number): number {
  let n = 0;
  for (const l of net.links) if (l.owner === player) n++;
  return n;
}

/** Town hexes built with an ordinary tile and a town disk (the box has 8 disks). */
export function townDisksUsed(state: State, map: CompiledMap = compileMap(state.map)): number {
  let n = 0;
  for (const t of state.track) if (map.townAt[t.hex]! >= 0 && !t.tile.startsWith("town")) n++;
  return n;
}
