import { logistic, oppositeEdge, softRankRewards } from "@rules/core";
import { GOODS, comps, mapGrid, type MapGrid } from "./data.js";
import { blockedEdges, followChain, routeDistances, sheetNetwork } from "./network.js";
import { boxesTicked, destinationsOf, engineStrength, isSolo } from "./rules.js";
import { breakdown, oliveBreakdown } from "./score.js";
import type { Sheet, State } from "./schema.js";

// MCTS's playout cut-off value (the `heuristic` hook of the game contract): the points a seat would
// score now plus what its network and engine already promise. Points come turns after the actions
// that earn them (a connection, then the engine, then deliveries), so the promise follows what a
// greedy solo planner (`plannerBot`, about half the games at Clerk) values: open track by whether and
// how soon it can still reach a city, the deliveries the network and engine allow, and engine boxes
// only as far as the network has routes for them.

/**
 * Points of uncertainty in a lead between seats: about one delivery (a guess tuned by
 * `npm run strength`, not a rule).
 */
export const HEURISTIC_SCALE = 3;

/** Solo: points of uncertainty in the margin to Olive, wide enough that a 20-point deficit still grades. */
export const SOLO_HEURISTIC_SCALE = 25;

/** How much a delivery the seat could make now counts before it is made. */
export const DELIVERY_PROMISE = 0.8;

/**
 * How much each point of a longer delivery the network already offers counts while the engine is
 * still too weak for it (up to {@link ENGINE_CAP}): the reason to tick the engine.
 */
export const LATER_DELIVERY_PROMISE = 0.3;

/** What an engine box counts while the network has a route that long (or the box is one of the first two). */
export const ENGINE_PROMISE = 0.9;

/** What every engine box counts regardless: the engine bonus at the end, and routes still to come. */
export const ENGINE_SPARE = 0.2;

/** The strongest engine a seat can have: 6 boxes, +1 with tile 4b. */
const ENGINE_CAP = 7;

/**
 * The factor an open chain's would-be connection loses per empty hex it still needs: each hex is
 * a die of the right region and a track type the black die allows. Too high a factor makes
 * extending a chain worth more than finishing one: the greedy planner (`plannerBot`)
 * won 59% at Clerk with 0.3 and 0.3% with 0.75.
 */
export const CHAIN_DISCOUNT = 0.3;

/** The farthest (in empty hexes) a city may be from an open chain's end and still count. */
const CHAIN_REACH = 5;

/** What a finished connection is worth beyond its network points: the deliveries it opens. */
export const CONNECTION_DELIVERIES = 1.5;

/**
 * Track pieces on unfinished chains that start at a city: the walk of `connections` from each
 * city edge, counting the hexes passed until the chain ends without reaching another city;
 * scattered pieces are not counted. A count of track only: the heuristic values open track by
 * whether and how soon it can still reach a city ({@link openChainPromise}), not by its length.
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

/** Scratch space of {@link hexesToCity}, grown to the largest map seen. */
let seenAt = new Int32Array(0);
let queue = new Int32Array(0);
let depth = new Int8Array(0);
let townsOn = new Int8Array(0);
let visit = 0;

/** Where {@link hexesToCity} found a city: reused from call to call. */
const reach = { hexes: 0, towns: 0 };

/**
 * The fewest empty hexes (counting `start`, itself empty) a chain entering `start` still needs to
 * touch a city other than `from`, breadth-first over empty hexes and across no wall, with the towns
 * on that way; null when no city is within {@link CHAIN_REACH} hexes.
 */
function hexesToCity(g: MapGrid, tracks: Sheet["tracks"], blocked: ReadonlySet<number>, start: number, from: number): Readonly<typeof reach> | null {
  const n = tracks.length;
  if (seenAt.length < n) {
    seenAt = new Int32Array(n);
    queue = new Int32Array(n);
    depth = new Int8Array(n);
    townsOn = new Int8Array(n);
    visit = 0;
  }
  visit++;
  const nb = g.hex.neighbors;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  seenAt[start] = visit;
  depth[start] = 1;
  townsOn[start] = g.isTown[start] ? 1 : 0;
  while (head < tail) {
    const cur = queue[head++]!;
    const d = depth[cur]!;
    const around = nb[cur]!;
    for (let e = 0; e < 6; e++) {
      const h = around[e]!;
      if (h < 0 || blocked.has(cur * 6 + e)) continue;
      const city = g.cityOf[h]!;
      if (city >= 0) {
        if (city === from) continue;
        reach.hexes = d;
        reach.towns = townsOn[cur]!;
        return reach;
      }
      if (d >= CHAIN_REACH || tracks[h] || seenAt[h] === visit) continue;
      seenAt[h] = visit;
      depth[h] = d + 1;
      townsOn[h] = townsOn[cur]! + (g.isTown[h] ? 1 : 0);
      queue[tail++] = h;
    }
  }
  return null;
}

/**
 * What a seat's open track promises: for each chain of track out of a city that can still be
 * extended, the connection it would make (1 + the towns on it and on the shortest way on, as
 * "Game End and Scoring" counts a connection, + `CONNECTION_DELIVERIES` for the deliveries it
 * opens), × `CHAIN_DISCOUNT` (0.3) per empty hex it still needs to reach another city. A chain
 * with no city within 5 empty hexes, or that can no longer be extended, promises nothing: track
 * counts by whether and how soon it can still connect, not by its length.
 *
 * @example
 * ```ts
 * import { initialState, openChainPromise } from "@rules/steamrollers";
 *
 * console.log(openChainPromise(initialState(1, { players: 2 }), 0)); // 0: no track drawn yet
 * ```
 */
export function openChainPromise(s: State, seat: number): number {
  const g = mapGrid(comps(s).map);
  const tracks = s.sheets[seat]!.tracks;
  const blocked = blockedEdges(s, g);
  let sum = 0;
  for (let c = 0; c < g.cityHex.length; c++) {
    for (let e = 0; e < 6; e++) {
      const chain = followChain(g, tracks, blocked, c, e);
      if (!chain || chain.open < 0) continue; // no track, a finished connection, or a dead end
      const towns = chain.towns;
      const rest = hexesToCity(g, tracks, blocked, chain.open, c);
      if (rest) sum += (1 + towns + rest.towns + CONNECTION_DELIVERIES) * CHAIN_DISCOUNT ** rest.hexes;
    }
  }
  return sum;
}

/** What a seat's network offers for the goods on the board, summed over the cities with goods. */
interface DeliveryOutlook {
  /** Per city, the longest delivery of one of its goods the engine allows now. */
  now: number;
  /** Per city, how much longer the longest delivery the network offers (up to `ENGINE_CAP`) is than that. */
  later: number;
  /** The longest delivery the network offers from any city (up to `ENGINE_CAP`). */
  longest: number;
}

/**
 * The deliveries a seat's network allows ("Deliver Goods": along its own connections, no city twice,
 * at most the engine's strength), now and once the engine is strong enough.
 */
function deliveryOutlook(s: State, seat: number): DeliveryOutlook {
  const out: DeliveryOutlook = { now: 0, later: 0, longest: 0 };
  const strength = engineStrength(s, seat);
  const withinEngine = (1 << (Math.min(strength, 30) + 1)) - 1;
  let graph: ReturnType<typeof sheetNetwork>["graph"] | null = null;
  const own = s.sheets[seat]!.personal;
  for (let c = 0; c < 6; c++) {
    const goods = own && own.city === c + 1 ? [...s.cities[c]!, -1] : s.cities[c]!;
    if (goods.length === 0) continue;
    graph ??= sheetNetwork(s, seat).graph;
    if (graph[c]!.length === 0) continue;
    const masks = routeDistances(graph, c, Math.max(strength, ENGINE_CAP));
    let bestNow = 0;
    let bestLater = 0;
    for (const good of new Set(goods)) {
      const colour = good < 0 ? personalColour(s, seat) : good;
      for (const d of destinationsOf(s, colour, c)) {
        bestNow = Math.max(bestNow, highestBit(masks[d]! & withinEngine));
        bestLater = Math.max(bestLater, Math.min(highestBit(masks[d]!), ENGINE_CAP));
      }
    }
    out.now += bestNow;
    out.later += Math.max(0, bestLater - bestNow);
    out.longest = Math.max(out.longest, bestLater);
  }
  return out;
}

/**
 * What a seat's track and engine already allow: for each city with goods, the longest delivery
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
  return deliveryOutlook(s, seat).now;
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
 * Engine boxes are worth what the network can use: `ENGINE_PROMISE` each up to the longest route
 * the network offers (the first two always, as a first connection usually spans two or three),
 * `ENGINE_SPARE` each beyond that and on top.
 */
function enginePromise(boxes: number, longest: number): number {
  return ENGINE_PROMISE * Math.min(boxes, Math.max(2, longest)) + ENGINE_SPARE * boxes;
}

/**
 * Points now (see `breakdown`) plus what the sheet promises: open chains by how soon they can
 * reach a city ({@link openChainPromise}); `DELIVERY_PROMISE` (0.8) × {@link deliveryPotential},
 * plus 0.3 per point of a longer delivery the network offers but the engine is still too weak for;
 * engine boxes at 0.9 each up to the longest route the network offers (at least 2), plus 0.2 each.
 *
 * @example
 * ```ts
 * import { initialState, promisedPoints } from "@rules/steamrollers";
 *
 * console.log(promisedPoints(initialState(1, { players: 2 }), 1)); // 0 before anyone has played
 * ```
 */
export function promisedPoints(s: State, seat: number): number {
  const outlook = deliveryOutlook(s, seat);
  return (
    breakdown(s, seat).total! +
    openChainPromise(s, seat) +
    DELIVERY_PROMISE * outlook.now +
    LATER_DELIVERY_PROMISE * outlook.later +
    enginePromise(boxesTicked(s, seat), outlook.longest)
  );
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
