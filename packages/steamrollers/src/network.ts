import { forEachSimplePath, oppositeEdge, type GraphStep } from "@rules/core";
import type { TrackType } from "./data.js";
import { blockEdge, mapGrid, type MapGrid, comps } from "./data.js";
import type { Sheet, State } from "./schema.js";

// The rail network of a sheet ("Build Track", "Deliver Goods", "Game End and Scoring"). Track never
// branches (one track per hex), so drawn track forms simple chains. A chain end on an edge shared
// with a city connects to that city; a town is on a chain when the chain passes through its hex. A
// connection is a chain whose two ends touch two different cities; a border blocked by a wall cuts
// a chain there (no transport across a wall, and such connections do not score).

/** One completed city-to-city connection: its two cities (index = die − 1) and the towns on it. */
export interface Connection {
  a: number;
  b: number;
  towns: number;
}

/** The type of a track joining edges `a` and `b` of a hex. */
export function trackType(a: number, b: number): TrackType {
  const d = Math.abs(a - b);
  const k = Math.min(d, 6 - d);
  return k === 1 ? "sharp" : k === 2 ? "gentle" : "straight";
}

/** No wall (the Medium/Hard module is off): shared, never written to. */
const NO_WALLS: ReadonlySet<number> = new Set<number>();

/** The blocked borders of a state as `hex * 6 + edge` keys (both sides). */
export function blockedEdges(s: State, g: MapGrid): ReadonlySet<number> {
  if (s.walls.length === 0) return NO_WALLS;
  const out = new Set<number>();
  for (const [a, b] of s.walls) {
    const e = g.hex.edgeBetween(a, b);
    if (e >= 0) blockEdge(g, out, a, e);
  }
  return out;
}

/** Where a chain of track out of a city goes: set by {@link followChain}, reused from call to call. */
export interface ChainEnd {
  /** Track pieces on the chain. */
  pieces: number;
  /** Towns the chain passes through. */
  towns: number;
  /** The city it reaches at its other end (its own city included), or -1 when it stops short. */
  city: number;
  /**
   * The empty hex its last piece points into, where a new piece could extend it; -1 when it
   * reaches a city or stops at the map's edge, a wall, or track that does not join it.
   */
  open: number;
}

const chainEnd: ChainEnd = { pieces: 0, towns: 0, city: -1, open: -1 };

/**
 * Follow the chain of track that leaves city `c`'s hex by edge `e` (a wall cuts it), or return null
 * when no track there joins that edge. The result is one shared record, valid until the next call.
 */
export function followChain(g: MapGrid, tracks: Sheet["tracks"], blocked: ReadonlySet<number>, c: number, e: number): Readonly<ChainEnd> | null {
  const nb = g.hex.neighbors;
  const ch = g.cityHex[c]!;
  let cur = nb[ch]![e]!;
  if (cur < 0 || blocked.has(ch * 6 + e)) return null;
  let inEdge = oppositeEdge(e) as number;
  let t = tracks[cur];
  if (!t || (t[0] !== inEdge && t[1] !== inEdge)) return null;
  chainEnd.pieces = 0;
  chainEnd.towns = 0;
  chainEnd.city = -1;
  chainEnd.open = -1;
  for (let guard = 0; guard < tracks.length + 1; guard++) {
    chainEnd.pieces++;
    if (g.isTown[cur]) chainEnd.towns++;
    const exit: number = t![0] === inEdge ? t![1] : t![0];
    const next: number = nb[cur]![exit]!;
    if (next < 0 || blocked.has(cur * 6 + exit)) break;
    if (g.cityOf[next]! >= 0) {
      chainEnd.city = g.cityOf[next]!;
      break;
    }
    inEdge = oppositeEdge(exit);
    t = tracks[next];
    if (!t) {
      chainEnd.open = next;
      break;
    }
    if (t[0] !== inEdge && t[1] !== inEdge) break;
    cur = next;
  }
  return chainEnd;
}

/** Every completed connection of a sheet, each once. */
export function connections(g: MapGrid, tracks: Sheet["tracks"], blocked: ReadonlySet<number>): Connection[] {
  const out: Connection[] = [];
  for (let c = 0; c < g.cityHex.length; c++) {
    for (let e = 0; e < 6; e++) {
      const chain = followChain(g, tracks, blocked, c, e);
      // Found from both ends: keep it once; a chain back to its own city links nothing.
      if (chain && chain.city > c) out.push({ a: c, b: chain.city, towns: chain.towns });
    }
  }
  return out;
}

/** Network points: each completed connection scores 1, plus 1 per town on it. */
export function networkPoints(conns: readonly Connection[]): number {
  return conns.reduce((sum, c) => sum + 1 + c.towns, 0);
}

/** The connections as a city graph for route search; parallel connections of equal length collapse. */
export function cityGraph(conns: readonly Connection[]): Array<Array<GraphStep<number>>> {
  const adj: Array<Array<GraphStep<number>>> = [[], [], [], [], [], []];
  for (const c of conns) {
    addStep(adj[c.a]!, c.b, c.towns + 1);
    addStep(adj[c.b]!, c.a, c.towns + 1);
  }
  for (const list of adj) if (list.length > 1) list.sort(byTargetThenLength);
  return adj;
}

function addStep(list: Array<GraphStep<number>>, to: number, w: number): void {
  for (const s of list) if (s.to === to && s.edge === w) return;
  list.push({ to, edge: w });
}

function byTargetThenLength(x: GraphStep<number>, y: GraphStep<number>): number {
  return x.to - y.to || x.edge - y.edge;
}

/**
 * Every delivery distance from city `from` to each city, along simple routes (no city twice) of
 * length at most `limit`: `result[to]` is a bitmask with bit d set when distance d is possible.
 * Distance = cities and towns reached = the sum over the connections used of (towns + 1).
 */
export function routeDistances(graph: Array<Array<GraphStep<number>>>, from: number, limit: number): number[] {
  const masks = [0, 0, 0, 0, 0, 0];
  const cap = Math.min(limit, 30);
  let dist = 0;
  const lengths: number[] = [];
  forEachSimplePath(from, (n) => graph[n]!, graph.length - 1, (path) => {
    // The path grows and shrinks one edge at a time: keep a running sum of its prefix.
    while (lengths.length > path.edges.length - 1) dist -= lengths.pop()!;
    const w = path.edges[path.edges.length - 1]!;
    if (dist + w > cap) return false;
    dist += w;
    lengths.push(w);
    const to = path.nodes[path.nodes.length - 1]!;
    masks[to] = masks[to]! | (1 << dist);
    return true;
  });
  return masks;
}

/** The distances in a bitmask, ascending. */
export function distancesIn(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 30; d++) if (mask & (1 << d)) out.push(d);
  return out;
}

/** Network and routes of one seat's sheet in a state. */
export function sheetNetwork(s: State, seat: number): { grid: MapGrid; conns: Connection[]; graph: Array<Array<GraphStep<number>>> } {
  const grid = mapGrid(comps(s).map);
  const conns = connections(grid, s.sheets[seat]!.tracks, blockedEdges(s, grid));
  return { grid, conns, graph: cityGraph(conns) };
}
