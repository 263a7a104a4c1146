import { forEachSimplePath, type GraphStep } from "@rules/core";
import { COLORS, RULES, type Color } from "./data.js";
import { network, type Exit, type Network } from "./network.js";
import type { State } from "./schema.js";

// Phase V, Move Goods. A cube travels along complete links, at most as many as the mover's
// locomotive level, through towns and cities of other colours, never through a stop twice, and
// stops at the first city of its own colour, which is its destination (never a town). Each link
// used raises its owner's income by 1. Deliveries come from a depth-first search of simple paths
// over the stop graph (core `forEachSimplePath`), pruned where a good must stop.

/** One delivery: the cube's colour, the city it leaves, and the [hex, edge] by which it leaves each stop. */
export interface Delivery {
  from: number;
  color: Color;
  route: Array<[number, number]>;
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

/** Every legal delivery of `player`, by origin hex, colour, then search order. */
export function legalDeliveries(state: State, player: number): Delivery[] {
  const net = network(state);
  const loco = state.loco[player]!;
  const steps = (n: number): ReadonlyArray<GraphStep<Exit>> => (net.exits.get(n) ?? []).map((e) => ({ to: e.to, edge: e }));
  const out: Delivery[] = [];
  for (const [from, cubes] of goodsByHex(state, net)) {
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
  const w = walkRoute(net, d.from, d.route);
  if ("why" in w) return w.why;
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
  const w = walkRoute(net, d.from, d.route);
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
  gains.forEach((g, p) => (draft.income[p] = Math.min(RULES.maxIncome, draft.income[p]! + g)));
  void player;
  return gains;
}
