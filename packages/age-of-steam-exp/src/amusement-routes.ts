import { COLORS, RULES, type Color, type MapData, type ParkGraph } from "./data.js";
import { compileMap, type CompiledMap } from "./map.js";
import type { State, TransportAction } from "./schema.js";

// Routes on the Amusement Park (expansion rulebook, "Amusement Park"): a visitor travels along
// planned links with a disc on every locomotive icon, at most as many as the locomotive level,
// never visiting an attraction twice, to the first large attraction of its colour; a delivery
// there passes at least as many links as it has sides (the Souvenir lifts that once a turn).

/** The park's graph, compiled once per map: each attraction's links, and link ends by index. */
export interface ParkMap {
  readonly graph: ParkGraph;
  /** `ends[l]`: the two attraction indices of link l. */
  readonly ends: ReadonlyArray<readonly [number, number]>;
  /** `adj[a]`: `[link, other attraction]` for each link at attraction a, links in map order. */
  readonly adj: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
}

// Kept per compiled map, so every game on one board (each with its own copy of the map) shares it.
const compiled = new WeakMap<CompiledMap, ParkMap>();

/** The compiled graph of a (validated) graph map. */
export function parkMap(map: MapData): ParkMap {
  const key = compileMap(map);
  let c = compiled.get(key);
  if (!c) {
    const graph = map.park!;
    const index = new Map(graph.attractions.map((a, i) => [a.id, i]));
    const ends = graph.links.map((l) => [index.get(l.ends[0])!, index.get(l.ends[1])!] as const);
    const adj = graph.attractions.map((_, a) => ends.flatMap(([x, y], l) => (x === a ? [[l, y] as const] : y === a ? [[l, x] as const] : [])));
    c = { graph, ends, adj };
    compiled.set(key, c);
  }
  return c;
}

/** An attraction as it is now. */
export interface Attraction {
  large: boolean;
  color: Color | null;
  sides: number;
}

/** What each attraction is now: large or not, its colour and sides (an urbanized one is a 6-sided large attraction of its tile's colour). */
export function attractions(state: State): Attraction[] {
  const g = state.map.park!;
  return g.attractions.map((a, i) => {
    const letter = state.park!.newCity[i] ?? null;
    if (letter !== null) return { large: true, color: state.newCities.find((n) => n.letter === letter)!.color, sides: URBANIZED_SIDES };
    return { large: a.kind === "large", color: a.color, sides: a.sides ?? 0 };
  });
}

/** "Place a new city tile on the circle. Yes, this makes it a hexagon." */
export const URBANIZED_SIDES = 6;

/** A usable link has a disc on every locomotive icon (a partly built link carries nobody). */
export function usable(state: State, link: number): boolean {
  return state.park!.discs[link] === state.map.park!.links[link]!.icons;
}

/** One depth-first walk of {@link forEachRoute}: what it reads, and the path it is on. */
interface Walk {
  adj: ParkMap["adj"];
  kinds: readonly Attraction[];
  color: Color;
  maxLinks: number;
  open: (link: number) => boolean;
  visit: (dest: number, links: readonly number[]) => void;
  seen: Uint8Array;
  links: number[];
}

function walkFrom(w: Walk, at: number): void {
  if (w.links.length >= w.maxLinks) return;
  const out = w.adj[at]!;
  for (let i = 0; i < out.length; i++) {
    const [l, next] = out[i]!;
    if (w.seen[next] === 1 || !w.open(l)) continue;
    w.links.push(l);
    const k = w.kinds[next]!;
    if (k.large && k.color === w.color) w.visit(next, w.links);
    else {
      w.seen[next] = 1;
      walkFrom(w, next);
      w.seen[next] = 0;
    }
    w.links.pop();
  }
}

/**
 * Every simple route for a visitor of `color` from attraction `from`, up to `maxLinks` links, over
 * the links `open` allows: it may pass small attractions and large ones of other colours, and ends
 * at the first large attraction of its colour (a visitor never passes one). Calls `visit` with the
 * destination and the links, in a stable order (links in map order, depth first). `kinds` is
 * {@link attractions} of the state, for a caller that has it already.
 */
export function forEachRoute(
  state: State,
  from: number,
  color: Color,
  maxLinks: number,
  open: (link: number) => boolean,
  visit: (dest: number, links: readonly number[]) => void,
  kinds: readonly Attraction[] = attractions(state),
): void {
  const adj = parkMap(state.map).adj;
  const seen = new Uint8Array(adj.length);
  if (from >= 0 && from < adj.length) seen[from] = 1;
  walkFrom({ adj, kinds, color, maxLinks, open, visit, seen, links: [] }, from);
}

/** May this turn's transport still ignore the sides minimum (Souvenir chosen and not yet used)? */
export function souvenirOpen(state: State): boolean {
  return state.selected[0] === "souvenir" && !state.park!.souvenirUsed;
}

/** The transports the player may make now, in a stable order. */
export function legalTransports(state: State): TransportAction[] {
  const out: TransportAction[] = [];
  const g = state.map.park!;
  const discs = state.park!.discs;
  // The links a visitor may travel now; none laid in full means no transport at all.
  const open = new Uint8Array(g.links.length);
  let any = false;
  for (let l = 0; l < g.links.length; l++) if (discs[l] === g.links[l]!.icons) {
      open[l] = 1;
      any = true;
    }
  if (!any) return out;
  const adj = parkMap(state.map).adj;
  const kinds = boardOf(state).kinds;
  const exempt = souvenirOpen(state);
  const isOpen = (l: number): boolean => open[l] === 1;
  state.park!.visitors.forEach((vs, from) => {
    if (vs.length === 0 || !adj[from]?.some(([l]) => open[l] === 1)) return;
    for (const color of COLORS) {
      if (!vs.includes(color)) continue;
      forEachRoute(state, from, color, state.loco[0]!, isOpen, (dest, links) => {
        if (links.length >= kinds[dest]!.sides || exempt) out.push({ type: "transport", player: 0, from, color, links: [...links] });
      }, kinds);
    }
  });
  return out;
}

/** Follow a transport's links; the stops, or why it cannot be made. */
export function walkTransport(state: State, a: TransportAction): { stops: number[]; why?: string } {
  const pm = parkMap(state.map);
  const g = state.map.park!;
  const kinds = attractions(state);
  const name = (i: number): string => g.attractions[i]?.name ?? `attraction ${i}`;
  if (a.from >= g.attractions.length) return { stops: [], why: `there is no attraction ${a.from}` };
  if (!state.park!.visitors[a.from]!.includes(a.color)) return { stops: [], why: `${name(a.from)} has no ${a.color} visitor` };
  const stops = [a.from];
  for (const [i, l] of a.links.entries()) {
    const at = stops[stops.length - 1]!;
    const ends = pm.ends[l];
    if (!ends || (ends[0] !== at && ends[1] !== at)) return { stops, why: `planned link ${g.links[l]?.id ?? l} does not leave ${name(at)}` };
    if (!usable(state, l)) return { stops, why: `planned link ${g.links[l]!.id} has ${state.park!.discs[l]} of its ${g.links[l]!.icons} discs: a visitor travels only on laid track, a link with a disc on every locomotive icon` };
    const next = ends[0] === at ? ends[1] : ends[0];
    if (stops.includes(next)) return { stops, why: `a visitor may not visit ${name(next)} twice` };
    stops.push(next);
    const k = kinds[next]!;
    if (k.large && k.color === a.color && i < a.links.length - 1) return { stops, why: `a visitor cannot pass through a large attraction of its own colour (${name(next)})` };
  }
  const dest = stops[stops.length - 1]!;
  const k = kinds[dest]!;
  if (!k.large) return { stops, why: `a small attraction (${name(dest)}) is never a final destination` };
  if (k.color !== a.color) return { stops, why: `a ${a.color} visitor goes to a ${a.color} large attraction; ${name(dest)} is ${k.color}` };
  if (a.links.length > state.loco[0]!) return { stops, why: `your locomotive ${state.loco[0]} carries a visitor over at most ${state.loco[0]} links, not ${a.links.length}` };
  if (a.links.length < k.sides && !souvenirOpen(state)) {
    return {
      stops,
      why:
        state.selected[0] === "souvenir"
          ? `the Souvenir exempts only one of the turn's two transports from the sides minimum, and it is used: ${name(dest)} has ${k.sides} sides, so a delivery there passes at least ${k.sides} links`
          : `${name(dest)} has ${k.sides} sides, so a delivery there must pass at least ${k.sides} links, not ${a.links.length} (the Souvenir action lifts this for one transport)`,
    };
  }
  return { stops };
}

// What the attractions are and the destinations a visitor could reach on the fully built board
// depend only on the board and which attractions are urbanized in which colours (and, for the
// destinations, the attraction and colour a visitor starts from): they are kept per compiled map
// and urbanized colours (a pure cache, read by the end-of-turn check of every turn, by setup's
// redraws and by the transport list), never part of a state.
interface Board {
  kinds: readonly Attraction[];
  /** By `from * COLORS.length + colour index`. */
  dests: Array<readonly number[] | undefined>;
}
const boardsByMap = new WeakMap<CompiledMap, Map<string, Board>>();

/** The urbanized attractions of a park and their colours, as text (the key of its {@link Board}). */
function urbanizedKey(state: State): string {
  let key = "";
  const newCity = state.park!.newCity;
  for (let i = 0; i < newCity.length; i++) {
    const letter = newCity[i];
    if (letter) key += `${i}${state.newCities.find((n) => n.letter === letter)?.color ?? "?"},`;
  }
  return key;
}

/** The kept {@link Board} of the map and urbanized colours of `state`. */
function boardOf(state: State): Board {
  const map = compileMap(state.map);
  let byKey = boardsByMap.get(map);
  if (!byKey) boardsByMap.set(map, (byKey = new Map()));
  const key = urbanizedKey(state);
  let board = byKey.get(key);
  if (!board) {
    if (byKey.size >= 64) byKey.clear();
    byKey.set(key, (board = { kinds: Object.freeze(attractions(state).map((k) => Object.freeze(k))), dests: [] }));
  }
  return board;
}

/** The large attractions of `color` a visitor on `from` reaches on the fully built board (routes of at most 6 links, the sides minimum waived), in search order. */
function destinations(state: State, board: Board, from: number, color: Color): readonly number[] {
  const slot = from * COLORS.length + COLORS.indexOf(color);
  let dests = board.dests[slot];
  if (!dests) {
    const found = new Set<number>();
    forEachRoute(state, from, color, RULES.maxLoco, () => true, (dest) => void found.add(dest), board.kinds);
    board.dests[slot] = dests = [...found];
  }
  return dests;
}

/**
 * Why the park can no longer be cleared, judged on the fully built board (every planned link
 * laid, routes of at most 6 links, the sides minimum waived as the Souvenir may): a visitor with
 * no route to a large attraction of its colour, a large attraction not yet served that no
 * waiting visitor can reach, or more visitors than two transports a turn can carry in the turns
 * left. `turnsLeft` 0 skips the last test (setup). Conservative: a park that passes may still be
 * lost to money or to the sides minimum.
 */
export function whyUnclearable(state: State, turnsLeft: number): string | undefined {
  const p = state.park!;
  const g = state.map.park!;
  const board = boardOf(state);
  const kinds = board.kinds;
  const reachable = new Uint8Array(kinds.length);
  let waiting = 0;
  for (let from = 0; from < p.visitors.length; from++) {
    const vs = p.visitors[from]!;
    for (let j = 0; j < vs.length; j++) {
      const color = vs[j]!;
      if (vs.indexOf(color) !== j) continue;
      const dests = destinations(state, board, from, color);
      if (dests.length === 0) return `a ${color} visitor on ${g.attractions[from]!.name} has no route to a ${color} large attraction`;
      for (const d of dests) reachable[d] = 1;
    }
    waiting += vs.length;
  }
  for (const [i, k] of kinds.entries()) {
    if (k.large && !p.served[i] && reachable[i] !== 1) return `${g.attractions[i]!.name} (${k.color}) has not received a visitor and no waiting visitor can reach it`;
  }
  if (turnsLeft > 0 && waiting > 2 * turnsLeft) return `${waiting} visitors wait and ${turnsLeft} turn${turnsLeft === 1 ? "" : "s"} of two transports are left`;
  return undefined;
}
