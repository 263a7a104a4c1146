import { oppositeEdge } from "@rules/core";
import { TRACK_COST, type Color } from "./data.js";
import { oriented } from "./map.js";
import { lineHexes } from "./move.js";
import type { Network } from "./network.js";
import type { Action, State } from "./schema.js";

// Build planning for the hex maps (base rules, "Build Track" and "Move Goods"): a project is a run
// of new simple tiles over empty land from a stop (a city, or the loose end of the builder's own
// incomplete link) to a city, so the link is complete when the project is. A project is worth the
// goods it lets the builder deliver over its own track: cubes at one end whose colour the other
// end takes ("a good stops at the first city of its own colour"), more where an end already
// joins the builder's complete links (a longer delivery raises income by one per link).

/** A planned link: the hexes to lay, each with the edge it is entered by and left by. */
export interface Project {
  /** Stop the link starts at (a city hex, or the hex of the own loose end it extends). */
  from: number;
  /** The city hex it ends at. */
  to: number;
  steps: Array<{ hex: number; enter: number; leave: number }>;
  /** Dollars, simple tiles on the hexes' terrain. */
  cost: number;
  /** Goods it lets the builder deliver, as counted by {@link projectValue}. */
  value: number;
}

/** The cubes on the city on hex `h` ([] elsewhere). */
export function cubesAt(s: State, net: Network, h: number): readonly Color[] {
  const i = net.cityIndexAt(h);
  return i < 0 ? [] : i >= 100 ? s.newCityGoods[i - 100]! : s.goods[i]!;
}

/**
 * The cubes waiting on the goods display for the city on hex `h` (Goods Growth, phase IX, moves
 * them to the city when its number is rolled): the goods it will have later.
 */
export function comingAt(s: State, net: Network, h: number): Color[] {
  const i = net.cityIndexAt(h);
  const out: Color[] = [];
  const column = (k: number): void => {
    for (const c of s.display[k] ?? []) if (c !== null) out.push(c);
  };
  if (i >= 100) column(12 + i - 100);
  else if (i >= 0) {
    const city = s.map.cities[i]!;
    for (const g of city.growth) column((g.group === "light" ? 0 : 6) + g.face - 1);
    const li = city.printedNewCity === undefined ? -1 : "ABCDEFGH".indexOf(city.printedNewCity);
    if (li >= 0) column(12 + li);
  }
  return out;
}

/** What a cube on the goods display counts for against one on the city (it may come, or go to someone else). */
const COMING_WEIGHT = 0.3;

const SIMPLE_COST = { plain: TRACK_COST.plain.simple, river: TRACK_COST.river.simple, mountain: TRACK_COST.mountain.simple } as const;

/**
 * Can `p` lay a new simple tile on hex `h`: empty land (no track, no city or town, not water) that
 * no loose end of another player's track points into ("never connect to another player's track").
 */
function emptyLand(net: Network, h: number, p: number): boolean {
  const t = net.map.terrain[h];
  if (!(t === "plain" || t === "river" || t === "mountain") || net.trackAt[h] !== -1 || net.map.townAt[h]! >= 0) return false;
  for (let e = 0; e < 6; e++) {
    const l = net.looseFacing[h * 6 + e]!;
    if (l > 0 && net.links[l - 1]!.owner !== p) return false;
  }
  return true;
}

/** Cities of `p`'s complete links (stops its own track already joins). */
function ownStops(net: Network, p: number): Set<number> {
  const out = new Set<number>();
  for (const l of net.links) if (l.owner === p && l.to >= 0) (out.add(l.from), out.add(l.to));
  return out;
}

/**
 * Orient Express ("Goods Transport"): goods not yellow may ride the line between its cities, the
 * mover paying $1 a city entered and gaining as much income. A link from line city `a` to city `b`
 * lets the goods waiting on the other line cities ride to `a` and go on to `b` when `b` takes their
 * colour; a link from city `b` to line city `a` lets b's goods ride to a line city joined to a
 * city of their colour. Each such good counts 1 (at most 3).
 */
function lineValue(s: State, net: Network, a: number, b: number): number {
  const vl = s.map.virtualLines[0];
  const line = lineHexes(s, net);
  if (!vl || !line.includes(a) || line.includes(b)) return 0;
  const rides = (c: Color): boolean => !vl.excludedColors.includes(c);
  const accepts = net.colorsAt(b);
  let v = 0;
  for (const h of line) if (h !== a) v += cubesAt(s, net, h).filter((c) => rides(c) && accepts.includes(c)).length;
  // Cities joined to another line city by a complete link, and the colours they take.
  const served = new Set<Color>();
  for (const l of net.links) {
    if (l.to < 0) continue;
    for (const [x, y] of [[l.from, l.to], [l.to, l.from]] as const) if (x !== a && line.includes(x) && !line.includes(y)) for (const c of net.colorsAt(y)) served.add(c);
  }
  v += cubesAt(s, net, b).filter((c) => rides(c) && served.has(c)).length;
  return Math.min(3, v);
}

/** Colours another player already carries away from stop `h` over a complete link of their own (they may move first). */
function rivalColors(net: Network, p: number, h: number): Color[] {
  const out: Color[] = [];
  for (const l of net.links) {
    if (l.owner === p || l.owner === null || l.to < 0) continue;
    const far = l.from === h ? l.to : l.to === h ? l.from : -1;
    if (far >= 0) out.push(...net.colorsAt(far));
  }
  return out;
}

/**
 * What a new link between stops `a` and `b` is worth to `p`: each cube at one end that the other
 * end takes counts 1 (at most 3 an end), and half as much again where the other end already joins
 * p's track (the cube can go on over p's links); cubes at the ends of p's links that the new end
 * takes count half.
 */
export function projectValue(s: State, net: Network, p: number, a: number, b: number, own: Set<number>, coming = COMING_WEIGHT, rivals = false): number {
  const take = (from: number, to: number): number => {
    const accepts = net.colorsAt(to);
    const taken = rivals ? rivalColors(net, p, from) : [];
    const now = cubesAt(s, net, from).filter((c) => accepts.includes(c) && !taken.includes(c)).length;
    return Math.min(3, now + coming * comingAt(s, net, from).filter((c) => accepts.includes(c)).length);
  };
  // A ride pays its fee back as income, so a good that rides counts twice.
  let v = take(a, b) + take(b, a) + 2 * (lineValue(s, net, a, b) + lineValue(s, net, b, a));
  if (own.has(a) || own.has(b)) v *= 1.5;
  for (const [end, other] of [[a, b], [b, a]] as const) {
    if (!own.has(end)) continue;
    for (const l of net.links) {
      if (l.owner !== p || l.to < 0) continue;
      const far = l.from === end ? l.to : l.to === end ? l.from : -1;
      if (far >= 0 && far !== other) v += take(far, other) / 2;
    }
  }
  return v;
}

/**
 * The projects of `p`: from each city with a free side, and from each of p's own loose ends, the
 * shortest run over empty land to each other city within `reach` tiles whose first `tiles` tiles
 * cost at most `cash`; a cube on the goods display counts `coming`, and with `rivals` a cube another player already carries away counts 0. A project longer than `tiles` is laid over two turns (its loose end must be
 * extended the next turn, rule reading 12), so its value counts half. A project that extends one of
 * p's loose ends counts 1 + `looseEnd` more (before the halving): it lapses unless finished.
 * With `worthless`, links that carry nothing are kept too (value 0: track points only).
 */
export function projects(s: State, net: Network, p: number, tiles: number, cash: number, reach = tiles, looseEnd = 0, coming = COMING_WEIGHT, rivals = false, worthless = false): Project[] {
  const out: Project[] = [];
  const map = net.map;
  const own = ownStops(net, p);
  const cells = map.terrain.length;
  const from = new Int32Array(cells);
  const enter = new Int8Array(cells);
  const depth = new Int8Array(cells);
  const search = (origin: number, starts: Array<[number, number]>, bonus: number): void => {
    from.fill(-2);
    const queue: number[] = [];
    for (const [h, e] of starts) {
      if (from[h] !== -2) continue;
      from[h] = -1;
      enter[h] = e;
      depth[h] = 1;
      queue.push(h);
    }
    const found = new Set<number>();
    for (let qi = 0; qi < queue.length; qi++) {
      const at = queue[qi]!;
      for (let leave = 0; leave < 6; leave++) {
        if (leave === enter[at] || !map.open[at * 6 + leave]) continue;
        const next = map.grid.neighbors[at]![leave]!;
        if (next < 0 || next === origin) continue;
        if (net.stop[next] === 1) {
          if (found.has(next) || net.pathAt[next * 6 + oppositeEdge(leave)] !== 0) continue;
          found.add(next);
          const steps: Project["steps"] = [{ hex: at, enter: enter[at]!, leave }];
          for (let h = at; from[h]! >= 0; ) {
            const prev = from[h]!;
            steps.unshift({ hex: prev, enter: enter[prev]!, leave: oppositeEdge(enter[h]!) });
            h = prev;
          }
          const now = steps.slice(0, tiles).reduce((c, st) => c + SIMPLE_COST[map.terrain[st.hex] as keyof typeof SIMPLE_COST], 0);
          if (now > cash) continue;
          const cost = steps.reduce((c, st) => c + SIMPLE_COST[map.terrain[st.hex] as keyof typeof SIMPLE_COST], 0);
          let value = projectValue(s, net, p, origin, next, own, coming, rivals);
          if (value <= 0 && !worthless) continue;
          value += bonus;
          if (steps.length > tiles) value /= 2;
          out.push({ from: origin, to: next, steps, cost, value });
        } else if (from[next] === -2 && depth[at]! < reach && emptyLand(net, next, p)) {
          from[next] = at;
          enter[next] = oppositeEdge(leave);
          depth[next] = depth[at]! + 1;
          queue.push(next);
        }
      }
    }
  };
  for (let city = 0; city < cells; city++) {
    if (net.stop[city] !== 1) continue;
    const starts: Array<[number, number]> = [];
    for (let e = 0; e < 6; e++) {
      if (!map.open[city * 6 + e] || net.pathAt[city * 6 + e] !== 0) continue;
      const first = map.grid.neighbors[city]![e]!;
      if (first >= 0 && emptyLand(net, first, p)) starts.push([first, oppositeEdge(e)]);
    }
    search(city, starts, 0);
  }
  for (const l of net.links) {
    if (l.owner !== p || l.to >= 0) continue;
    const first = map.grid.neighbors[l.endHex]![l.endEdge]!;
    // A loose end lapses if not extended this turn (rule reading 12): finishing it is worth more.
    if (first >= 0 && emptyLand(net, first, p)) search(l.from, [[first, oppositeEdge(l.endEdge)]], 1 + looseEnd);
  }
  return out;
}

/** The best project: most value per dollar spent, ties to the cheaper. */
export function bestProject(list: readonly Project[]): Project | undefined {
  let best: Project | undefined;
  let key = -Infinity;
  for (const pr of list) {
    const k = pr.value * 4 - pr.cost;
    if (k > key) {
      key = k;
      best = pr;
    }
  }
  return best;
}

/** The legal placement that lays a project step (a simple tile joining its two edges), if any. */
export function placementFor(legal: readonly Action[], step: Project["steps"][number]): Action | undefined {
  const a0 = Math.min(step.enter, step.leave);
  const b0 = Math.max(step.enter, step.leave);
  for (const a of legal) {
    if (a.type !== "build" || a.hex !== step.hex) continue;
    const o = oriented(a.tile, a.rot);
    if (o && o.family === "simple" && o.paths.length === 1 && o.paths[0]![0] === a0 && o.paths[0]![1] === b0) return a;
  }
  return undefined;
}
