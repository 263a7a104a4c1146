import { logistic, softRankRewards } from "@rules/core";
import { GOODS, comps, mapGrid } from "./data.js";
import { blockedEdges, followChain, routeDistances, sheetNetwork } from "./network.js";
import { destinationsOf, engineStrength, isSolo } from "./rules.js";
import { breakdown, oliveBreakdown } from "./score.js";
import type { State } from "./schema.js";

// MCTS's playout cut-off value (the `heuristic` hook of the game contract): the points a seat would
// score now plus what its network and engine already promise.

/**
 * Points of uncertainty in a lead between seats: about one delivery (a guess tuned by
 * `npm run strength`, not a rule).
 */
export const HEURISTIC_SCALE = 3;

/** Solo: points of uncertainty in the margin to Olive, wide enough that a 20-point deficit still grades. */
export const SOLO_HEURISTIC_SCALE = 25;

/** How much a delivery the seat could make now counts before it is made. */
export const DELIVERY_PROMISE = 0.5;

/** What an engine box counts before it earns anything: the means to longer deliveries. */
export const ENGINE_PROMISE = 0.5;

/** What a track piece on a chain leading out of a city counts before the chain reaches a second city. */
export const CHAIN_PROMISE = 0.3;

/**
 * Track pieces on unfinished chains that start at a city: the walk of `connections` from each
 * city edge, counting the hexes passed until the chain ends without reaching another city. Such
 * track is on its way to a connection; scattered pieces are not counted.
 *
 * @example
 * ```ts
 * import { cityChainPieces, initialState } from "@rules/steamrollers";
 *
 * console.log(cityChainPieces(initialState(1, { players: 2 }), 0)); // 0: no track drawn yet
 * ```
 */
export function cityChainPieces(s: State, seat: number): number {
  const g = mapGrid(comps(s).map);
  const tracks = s.sheets[seat]!.tracks;
  const blocked = blockedEdges(s, g);
  let pieces = 0;
  for (let c = 0; c < g.cityHex.length; c++) {
    for (let e = 0; e < 6; e++) {
      const chain = followChain(g, tracks, blocked, c, e);
      if (chain && chain.city < 0) pieces += chain.pieces; // a finished connection scores as network points already
    }
  }
  return pieces;
}

/**
 * What a seat's track and engine already promise: for each city with goods, the longest delivery
 * of one of its goods the seat could make now ("Deliver Goods": along its own connections, no city
 * twice, distance within the engine), summed over the cities. A delivery scores its distance.
 *
 * @example
 * ```ts
 * import { deliveryPotential, initialState } from "@rules/steamrollers";
 *
 * console.log(deliveryPotential(initialState(1, { players: 2 }), 0)); // 0: no track, no engine yet
 * ```
 */
export function deliveryPotential(s: State, seat: number): number {
  const strength = engineStrength(s, seat);
  if (strength < 1) return 0;
  let graph: ReturnType<typeof sheetNetwork>["graph"] | null = null;
  let sum = 0;
  for (let c = 0; c < 6; c++) {
    const own = s.sheets[seat]!.personal;
    const goods = own && own.city === c + 1 ? [...s.cities[c]!, -1] : s.cities[c]!;
    if (goods.length === 0) continue;
    graph ??= sheetNetwork(s, seat).graph;
    if (graph[c]!.length === 0) continue;
    const masks = routeDistances(graph, c, strength);
    let best = 0;
    for (const good of new Set(goods)) {
      const colour = good < 0 ? personalColour(s, seat) : good;
      for (const d of destinationsOf(s, colour, c)) best = Math.max(best, highestBit(masks[d]!));
    }
    sum += best;
  }
  return sum;
}

/** The colour index of the seat's personal good. */
function personalColour(s: State, seat: number): number {
  return GOODS.indexOf(s.sheets[seat]!.personal!.good);
}

/** The highest distance set in a distance bitmask (0 for none). */
function highestBit(mask: number): number {
  return mask === 0 ? 0 : 31 - Math.clz32(mask);
}

/**
 * Points now (see `breakdown`) plus `DELIVERY_PROMISE` × {@link deliveryPotential}, plus
 * `ENGINE_PROMISE` for each engine box ticked (the means to deliver further later).
 *
 * @example
 * ```ts
 * import { initialState, promisedPoints } from "@rules/steamrollers";
 *
 * console.log(promisedPoints(initialState(1, { players: 2 }), 1)); // 0 before anyone has played
 * ```
 */
export function promisedPoints(s: State, seat: number): number {
  let boxes = 0;
  for (const b of s.sheets[seat]!.engine) if (b) boxes++;
  return breakdown(s, seat).total! + DELIVERY_PROMISE * deliveryPotential(s, seat) + ENGINE_PROMISE * boxes + CHAIN_PROMISE * cityChainPieces(s, seat);
}

/**
 * MCTS's estimate of each seat's rank reward if the game ended now (the `heuristic` hook): the
 * seats ranked by {@link promisedPoints}, each pairwise lead softened by `HEURISTIC_SCALE`
 * points (`softRankRewards`). Solo: the margin to Olive's score now (`oliveBreakdown`) as a
 * chance, `logistic(margin / SOLO_HEURISTIC_SCALE)`, and 0 once Olive has won at once.
 *
 * @example
 * ```ts
 * import { heuristic, initialState } from "@rules/steamrollers";
 *
 * console.log(heuristic(initialState(1, { players: 3 }))); // [0.5, 0.5, 0.5]: nobody has scored yet
 * console.log(heuristic(initialState(1, { players: 1 }))[0]! < 0.5); // true: Olive starts with crosses and her engine
 * ```
 */
export function heuristic(s: State): number[] {
  const points = s.sheets.map((_, p) => promisedPoints(s, p));
  if (isSolo(s)) {
    if (s.olive!.won) return [0];
    return [logistic((points[0]! - oliveBreakdown(s).total!) / SOLO_HEURISTIC_SCALE)];
  }
  return softRankRewards(points, HEURISTIC_SCALE);
}
