import { forEachSimplePath, type GraphStep } from "@rules/core";
import { COLORS, RULES, type Color } from "./data.js";
import { network, type Exit, type Network } from "./network.js";
import type { State } from "./schema.js";

// Phase V, Move Goods. A cube travels along complete links, at most as many as the mover's
// locomotive level, through towns and cities of other colours, never through a stop twice, and
// stops at the first city of its own colour, which is its destination (never a town). Each link
// used raises its owner's income by 1. Deliveries come from a depth-first search of simple paths
// over the stop graph (core `forEachSimplePath`), pruned where a good must stop.

/** A ride on the map's virtual line: after the first `after` links of the route, to the line city on hex `to`. */
export interface Ride {
  after: number;
  to: number;
}

/** One delivery: the cube's colour, the city it leaves, the [hex, edge] by which it leaves each stop, and any ride. */
export interface Delivery {
  from: number;
  color: Color;
  route: Array<[number, number]>;
  rides?: Ride[] | undefined;
}

/** The hexes of the map's virtual line (the Orient Express) in line order; [] on a map without one. */
export function lineHexes(state: State, net: Network): number[] {
  const line = state.map.virtualLines[0];
  if (!line || state.map.rules !== "orient-express") return [];
  return line.cities.map((name) => net.map.cityHex[state.map.cities.findIndex((c) => c.name === name)]!);
}

/** The line cities entered riding from line index `a` to `b`, in order (Orient Express: "each yellow city entered"). */
function citiesEntered(line: readonly number[], a: number, b: number): number[] {
  const out: number[] = [];
  const step = b > a ? 1 : -1;
  for (let k = a + step; k !== b + step; k += step) out.push(line[k]!);
  return out;
}

/** The cities holding goods, as [hex, cubes] pairs in hex order. */
export function goodsByHex(state: State, net: Network): Array<[number, Color[]]> {
  const out: Array<[number, Color[]]> = [];
  state.map.cities.forEach((_, i) => {
    const h = net.map.cityHex[i]!;
    if (state.goods[i]!.length > 0) out.push([h, state.goods[i]!]);
  });
  for (const u of state.urbanized) {
    const g = state.newCityGoods["ABCDEFGH".indexOf(u.letter)]!;
    if (g.length > 0) out.push([u.hex, g]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

// The search's steps out of each stop, made once per network (a pure cache of `net.exits`).
const stepsByNet = new WeakMap<Network, (node: number) => ReadonlyArray<GraphStep<Exit>>>();
const NO_STEPS: ReadonlyArray<GraphStep<Exit>> = [];

function stepsOf(net: Network): (node: number) => ReadonlyArray<GraphStep<Exit>> {
  let steps = stepsByNet.get(net);
  if (!steps) {
    const table = new Map<number, ReadonlyArray<GraphStep<Exit>>>();
    for (const [hex, exits] of net.exits) table.set(hex, exits.map((e) => ({ to: e.to, edge: e })));
    stepsByNet.set(net, (steps = (n) => table.get(n) ?? NO_STEPS));
  }
  return steps;
}

/** Every legal delivery of `player`, by origin hex, colour, then search order. */
export function legalDeliveries(state: State, player: number): Delivery[] {
  const net = network(state);
  const loco = state.loco[player]!;
  const steps = stepsOf(net);
  const out: Delivery[] = [];
  // Every delivery passes at least one complete link (a ride alone is none).
  if (net.exits.size === 0) return out;
  const line = lineHexes(state, net);
  if (line.length > 0) return lineDeliveries(state, player, net, line);
  for (const [from, cubes] of goodsByHex(state, net)) {
    if (!net.exits.has(from)) continue;
    for (const color of COLORS) {
      if (!cubes.includes(color)) continue;
      forEachSimplePath<Exit>(from, steps, loco, (path) => {
        const at = path.nodes[path.nodes.length - 1]!;
        if (net.colorsAt(at).includes(color)) {
          out.push({ from, color, route: path.edges.map((e) => [e.hex, e.edge] as [number, number]) });
          return false;
        }
        return true;
      });
    }
  }
  return out;
}

/**
 * Deliveries on a map with a virtual line (Orient Express): as the base rules, and a good not of an
 * excluded colour standing on a line city (where it starts, or reached along players' links) may
 * ride once to another line city it has not visited, paying the fee in cash, then go on along
 * players' links; the ride uses no locomotive level. Depth-first, exits in order, rides in line order.
 */
function lineDeliveries(state: State, player: number, net: Network, line: readonly number[]): Delivery[] {
  const vl = state.map.virtualLines[0]!;
  const loco = state.loco[player]!;
  const cash = state.cash[player]!;
  const out: Delivery[] = [];
  for (const [from, cubes] of goodsByHex(state, net)) {
    if (!net.exits.has(from) && !line.includes(from)) continue;
    for (const color of COLORS) {
      if (!cubes.includes(color)) continue;
      const mayRide = !vl.excludedColors.includes(color);
      const visited = new Set<number>([from]);
      const route: Array<[number, number]> = [];
      const rides: Ride[] = [];
      const record = (): void => void out.push({ from, color, route: route.map(([h, e]) => [h, e] as [number, number]), ...(rides.length > 0 ? { rides: rides.map((r) => ({ ...r })) } : {}) });
      const go = (at: number): void => {
        const a = line.indexOf(at);
        if (mayRide && rides.length === 0 && a >= 0) {
          for (let b = 0; b < line.length; b++) {
            if (b === a) continue;
            // A ride is followed by a link, or ends a route that had one: skip the rides that can do neither.
            if (net.colorsAt(line[b]!).includes(color) ? route.length === 0 : !net.exits.has(line[b]!)) continue;
            const entered = citiesEntered(line, a, b);
            if (entered.length * vl.feePerCityEntered > cash) continue;
            if (entered.some((h) => visited.has(h))) continue;
            if (entered.slice(0, -1).some((h) => net.colorsAt(h).includes(color))) continue;
            entered.forEach((h) => visited.add(h));
            rides.push({ after: route.length, to: line[b]! });
            if (net.colorsAt(line[b]!).includes(color)) {
              if (route.length > 0) record();
            } else go(line[b]!);
            rides.pop();
            entered.forEach((h) => visited.delete(h));
          }
        }
        if (route.length >= loco) return;
        for (const e of net.exits.get(at) ?? []) {
          if (visited.has(e.to)) continue;
          visited.add(e.to);
          route.push([e.hex, e.edge]);
          if (net.colorsAt(e.to).includes(color)) record();
          else go(e.to);
          route.pop();
          visited.delete(e.to);
        }
      };
      go(from);
    }
  }
  return out;
}

/** Follow a delivery: the stops reached (line cities entered included), links used and the ride fee, or why it is not a route. */
export function walkDelivery(state: State, net: Network, d: Delivery): { stops: number[]; links: number[]; fee: number } | { why: string } {
  const rides = d.rides ?? [];
  if (rides.length === 0) {
    const w = walkRoute(net, d.from, d.route);
    return "why" in w ? w : { ...w, fee: 0 };
  }
  const vl = state.map.virtualLines[0];
  const line = lineHexes(state, net);
  if (!vl || line.length === 0) return { why: `${state.map.name} has no line for goods to ride` };
  if (rides.length > 1) return { why: `a good may use the ${vl.name} only once per transport` };
  const ride = rides[0]!;
  if (vl.excludedColors.includes(d.color)) return { why: `${d.color} goods may not ride the ${vl.name}: they end at the first ${d.color} city they reach, as usual` };
  if (ride.after > d.route.length) return { why: `the ride comes after ${ride.after} links, but the route has only ${d.route.length}` };
  const stops = [d.from];
  const links: number[] = [];
  let fee = 0;
  let at = d.from;
  for (let i = 0; i <= d.route.length; i++) {
    if (i === ride.after) {
      const a = line.indexOf(at);
      const b = line.indexOf(ride.to);
      if (a < 0) return { why: `the ${vl.name} stops only at ${vl.cities.join(", ")}, and the good is at ${net.map.hexName(at)}` };
      if (b < 0) return { why: `${net.map.hexName(ride.to)} is not a city of the ${vl.name}` };
      if (a === b) return { why: `a ride on the ${vl.name} must go to another of its cities` };
      const entered = citiesEntered(line, a, b);
      stops.push(...entered);
      fee += entered.length * vl.feePerCityEntered;
      at = ride.to;
    }
    if (i === d.route.length) break;
    const [hex, edge] = d.route[i]!;
    if (hex !== at) return { why: `the route leaves ${net.map.hexName(hex)}, but the good is at ${net.map.hexName(at)}` };
    const exit = (net.exits.get(at) ?? []).find((e) => e.edge === edge);
    if (!exit) return { why: `no complete link leaves ${net.map.hexName(at)} that way: goods move only along complete links` };
    at = exit.to;
    stops.push(at);
    links.push(exit.link);
  }
  return { stops, links, fee };
}

/** Follow a route from `from`: the stops reached and links used, or why it is not a route. */
export function walkRoute(net: Network, from: number, route: ReadonlyArray<readonly [number, number]>): { stops: number[]; links: number[] } | { why: string } {
  const stops = [from];
  const links: number[] = [];
  let at = from;
  for (const [hex, edge] of route) {
    if (hex !== at) return { why: `the route leaves ${net.map.hexName(hex)}, but the good is at ${net.map.hexName(at)}` };
    const exit = (net.exits.get(at) ?? []).find((e) => e.edge === edge);
    if (!exit) return { why: `no complete link leaves ${net.map.hexName(at)} that way: goods move only along complete links` };
    at = exit.to;
    stops.push(at);
    links.push(exit.link);
  }
  return { stops, links };
}

/** Why this delivery is not legal for `player` (undefined: it is). */
export function whyNotDelivery(state: State, player: number, d: Delivery): string | undefined {
  const net = network(state);
  const cubes = goodsByHex(state, net).find(([h]) => h === d.from)?.[1];
  if (!cubes || !cubes.includes(d.color)) return `there is no ${d.color} good on ${net.map.hexName(d.from)}`;
  if (d.route.length > state.loco[player]!) return `that route uses ${d.route.length} links and your locomotive pulls ${state.loco[player]}`;
  const w = walkDelivery(state, net, d);
  if ("why" in w) return w.why;
  if (w.fee > state.cash[player]!) return `the ride enters ${w.fee / Math.max(1, state.map.virtualLines[0]!.feePerCityEntered)} line cities for $${w.fee}, paid in cash, and you have $${state.cash[player]}`;
  if (new Set(w.stops).size !== w.stops.length) return `a good may not visit the same city or town twice`;
  for (let i = 1; i < w.stops.length - 1; i++) {
    if (net.colorsAt(w.stops[i]!).includes(d.color)) return `a ${d.color} good must stop at the first ${d.color} city it reaches (${net.map.hexName(w.stops[i]!)})`;
  }
  const end = w.stops[w.stops.length - 1]!;
  if (!net.colorsAt(end).includes(d.color)) {
    return net.stop[end] === 2 ? `a town is never a destination` : `${net.map.hexName(end)} does not take ${d.color} goods`;
  }
  return undefined;
}

/** Deliver: the cube leaves the board (to the bag, or out of play), each link's owner gains 1 income. */
export function applyDelivery(draft: State, player: number, d: Delivery): number[] {
  const net = network(draft);
  const w = walkDelivery(draft, net, d);
  if ("why" in w) throw new Error(`applyDelivery: ${w.why}`);
  const ci = net.cityIndexAt(d.from);
  const cubes = ci >= 100 ? draft.newCityGoods[ci - 100]! : draft.goods[ci]!;
  cubes.splice(cubes.indexOf(d.color), 1);
  const k = COLORS.indexOf(d.color);
  if (draft.rules.deliveredGoods === "bag") draft.bag[k]! += 1;
  else draft.outOfPlay[k]! += 1;
  const gains = draft.cash.map(() => 0);
  for (const id of w.links) {
    const owner = net.links[id]!.owner;
    if (owner !== null && !draft.eliminated[owner]) gains[owner]! += 1;
  }
  // Orient Express: the mover pays the fee to the bank and their income rises by the same.
  draft.cash[player]! -= w.fee;
  gains[player]! += w.fee;
  gains.forEach((g, p) => (draft.income[p] = Math.min(RULES.maxIncome, draft.income[p]! + g)));
  return gains;
}
