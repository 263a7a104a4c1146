import { bfsDistances, cloneJson, randomInt, seedRng, type Bot, type Seed } from "@rules/core";
import { isPark, whyUnclearable } from "./amusement.js";
import type { Color } from "./data.js";
import type { CompiledMap } from "./map.js";
import { checkPlacement } from "./build.js";
import { walkDelivery } from "./move.js";
import { network, type Network } from "./network.js";
import type { Action, State } from "./schema.js";
import { reduce } from "./apply.js";

// A simple player that stays solvent, so a game between bots lasts its full length: a uniform
// random player bids its cash away and builds until it cannot pay its expenses in turn 1. It
// keeps enough cash for the coming expenses (shares + locomotive, less income), issues a share
// only when short of that, drops out of every auction, builds only what it can afford on top, and
// delivers the good that earns itself the most income (raising its locomotive when nothing does).

/** Cash `p` must keep for the next Expenses phase (shares + locomotive level, less income). */
function reserve(s: State, p: number): number {
  return Math.max(0, s.shares[p]! + s.loco[p]! - s.income[p]!);
}

/** Hex steps between two hexes of a map (over land, by open sides), computed once per map and city. */
const distances = new WeakMap<CompiledMap, Map<number, Map<number, number>>>();
function stepsFrom(map: CompiledMap, from: number): Map<number, number> {
  let byCity = distances.get(map);
  if (!byCity) distances.set(map, (byCity = new Map()));
  let d = byCity.get(from);
  if (!d) {
    d = bfsDistances(from, (h) => {
      const out: number[] = [];
      for (let e = 0; e < 6; e++) if (map.open[h * 6 + e]) out.push(map.grid.neighbors[h]![e]!);
      return out;
    });
    byCity.set(from, d);
  }
  return d;
}

/** The cubes on the city on hex `h` ([] elsewhere). */
function cubesAt(s: State, net: Network, h: number): readonly Color[] {
  const i = net.cityIndexAt(h);
  return i < 0 ? [] : i >= 100 ? s.newCityGoods[i - 100]! : s.goods[i]!;
}

/**
 * How promising `p`'s track is: a complete link is worth 10 when a good on one end is of the other
 * end's colour (3 otherwise); an incomplete link is worth more the closer its loose end is to a
 * city that takes a good waiting at its start.
 */
function trackValue(s: State, p: number): number {
  const net = network(s);
  let v = 0;
  let bestLoose = 0;
  let loose = 0;
  for (const l of net.links) {
    if (l.owner !== p) continue;
    if (l.to >= 0) {
      const useful = cubesAt(s, net, l.from).some((c) => net.colorsAt(l.to).includes(c)) || cubesAt(s, net, l.to).some((c) => net.colorsAt(l.from).includes(c));
      v += useful ? 12 : 2;
      continue;
    }
    loose++;
    const tip = net.map.grid.neighbors[l.endHex]![l.endEdge]!;
    const goods = cubesAt(s, net, l.from);
    let best = 99;
    for (const c of net.map.cityHex) {
      if (c === l.from || !goods.some((g) => net.colorsAt(c).includes(g))) continue;
      best = Math.min(best, tip < 0 ? 99 : stepsFrom(net.map, c).get(tip) ?? 99);
    }
    if (best <= 3) bestLoose = Math.max(bestLoose, 8 - 2 * best);
  }
  // One project at a time: only the most promising loose end counts, and each one costs a little.
  return v + bestLoose - loose;
}

/** Income `p` earns from a delivery: 1 per link it owns on the route, plus any ride fee it pays itself. */
function ownGain(s: State, p: number, a: Extract<Action, { type: "move" }>): number {
  const net = network(s);
  const w = walkDelivery(s, net, a);
  if ("why" in w) return -1;
  let gain = 0;
  for (const id of w.links) if (net.links[id]!.owner === p) gain++;
  return gain;
}

/** True when urbanization `a` leaves the park unclearable, as the end-of-turn check judges it (money and turns aside). */
function dooms(s: State, a: Extract<Action, { type: "urbanize" }>): boolean {
  const next = cloneJson(s);
  reduce(next, a);
  return whyUnclearable(next, 0) !== undefined;
}

/**
 * The thrifty bot: a seeded player that never bankrupts itself, for demonstrations (the CLI's
 * default for this game) and as a steadier opponent than uniform random play.
 *
 * @example
 * ```ts
 * import { nextActor, seedRng } from "@rules/core";
 * import { game, thriftyBot } from "@rules/age-of-steam-exp";
 *
 * const bots = [thriftyBot(1), thriftyBot(2), thriftyBot(3)];
 * const schedule = seedRng(4); // who acts first when several seats may (none do in Age of Steam)
 * let state = game.initialState(7, { players: 3 });
 * for (let i = 0; i < 50 && !game.isTerminal(state); i++) {
 *   const p = nextActor(game, state, schedule)!;
 *   state = game.apply(state, bots[p]!.act(state, p, game.legalActions(state, p)));
 * }
 * console.log(state.turn, state.cash);
 * ```
 */
export function thriftyBot(seed: Seed = 0): Bot<State, Action> {
  const rng = seedRng(seed);
  const pickFrom = <T>(xs: readonly T[]): T => xs[randomInt(rng, 0, xs.length - 1)]!;
  return {
    name: "thrifty",
    act(state, player, legal) {
      // Its judgement is about tiles and cubes; on the Amusement Park it plays uniformly at random,
      // except that it never urbanizes with a tile that makes the park unclearable (a sure loss).
      if (isPark(state)) return pickFrom(legal.filter((a) => a.type !== "urbanize" || !dooms(state, a)));
      const find = (type: Action["type"]): Action | undefined => legal.find((a) => a.type === type);
      const done = find("done") ?? find("pass");
      switch (state.phase) {
        case "shares": {
          const target = reserve(state, player) + (state.turn <= 2 ? 6 : 2);
          const short = state.cash[player]! < target && state.shares[player]! < 8;
          return (short && find("issueShare")) || done || legal[0]!;
        }
        case "auction":
          return find("dropOut") ?? legal[0]!;
        case "build": {
          // The affordable placement or printed connection that most improves the value of the
          // seat's track (completing a link between a good and its colour first, then drawing a
          // loose end nearer one).
          const spare = state.cash[player]! - reserve(state, player);
          const before = trackValue(state, player);
          let best: Action | undefined;
          let bestScore = 0;
          for (const a of legal) {
            let cost: number;
            if (a.type === "claim") cost = state.map.connections[a.connection]!.cost;
            else if (a.type === "build") {
              const r = checkPlacement(state, player, a.hex, a.tile, a.rot);
              if (!r.ok) continue;
              cost = r.cost;
            } else continue;
            if (cost > spare) continue;
            const next = cloneJson(state);
            reduce(next, a);
            const score = trackValue(next, player) - before - cost / 2 + randomInt(rng, 0, 99) / 1000;
            if (score > bestScore) {
              best = a;
              bestScore = score;
            }
          }
          return best ?? done ?? legal[0]!;
        }
        case "move": {
          let best: Action | undefined;
          let bestGain = 0;
          for (const a of legal) {
            if (a.type !== "move") continue;
            const g = ownGain(state, player, a);
            if (g > bestGain) {
              best = a;
              bestGain = g;
            }
          }
          if (best) return best;
          return find("pass") ?? legal[0]!;
        }
        default:
          return pickFrom(legal);
      }
    },
  };
}
