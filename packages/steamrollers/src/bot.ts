import { cloneJson, randomInt, RulesError, seedRng, type Bot, type GraphStep, type Seed } from "@rules/core";
import { reduce } from "./apply.js";
import { comps, mapGrid, type MapGrid } from "./data.js";
import { legalActions } from "./legal.js";
import { routeDistances, sheetNetwork } from "./network.js";
import { destinationsOf, engineStrength } from "./rules.js";
import { breakdown, oliveBreakdown } from "./score.js";
import type { Action, State } from "./schema.js";

// A greedy turn planner. It plays one turn at a time: a beam search over the turn's steps (pick a
// die, act, pick, act, tiles) keeps the best partial turns by a value function and plays the first
// step of the best finished turn (in solo, Olive's turn included), then plans again. The value is
// the seat's score now minus its best rival's (Olive in solo; a finished game: a large bonus for a
// win, a large malus for a loss), plus what the sheet promises:
// - each chain of track leaving a city and still open: its would-be connection (1 + its towns +
//   the towns on the way + 1.5 for the deliveries it opens) × chainDiscount per empty hex it still
//   needs to reach another city (breadth-first over empty hexes, at most 5);
// - per city with goods: 0.8 × the longest delivery the network and engine allow now, 0.3 per point
//   of a longer route the engine is still too weak for (up to 6);
// - 0.9 per engine box up to the longest route the network offers (at least 2), 0.2 per box.
// Builds are limited to track that extends a chain out of a city or starts one beside a city. The
// game's chance inside a searched turn (Olive's die, a re-roll) draws from a generator seeded by
// the bot, never the game's, so a plan cannot see the game's future rolls.

/** What a connection is worth beyond its network points, for the deliveries it opens. */
const DELIVERY_ALLOWANCE = 1.5;

type Tracks = State["sheets"][number]["tracks"];
interface OpenChain {
  city: number;
  towns: number;
  /** The empty hex the chain runs into, and the edge it enters that hex by. */
  next: number;
  inEdge: number;
}

const opposite = (e: number): number => (e + 3) % 6;

/** Empty hexes still needed from empty hex `h` to touch a city other than `from` (and the towns on the way). */
function hexesToCity(G: MapGrid, tracks: Tracks, h: number, from: number): { k: number; towns: number } | null {
  const dist = new Map<number, number>([[h, 1]]);
  const towns = new Map<number, number>([[h, G.isTown[h] ? 1 : 0]]);
  const queue = [h];
  while (queue.length > 0) {
    const cur = queue.shift()!;
    const d = dist.get(cur)!;
    if (d > 4) continue;
    for (const n of G.hex.neighbors[cur]!) {
      if (n < 0) continue;
      const c = G.cityOf[n]!;
      if (c >= 0) {
        if (c !== from) return { k: d, towns: towns.get(cur)! };
        continue;
      }
      if (tracks[n] !== null || dist.has(n)) continue;
      dist.set(n, d + 1);
      towns.set(n, towns.get(cur)! + (G.isTown[n] ? 1 : 0));
      queue.push(n);
    }
  }
  return null;
}

/** Open chains out of cities on `seat`'s sheet: where each stops (the next, empty hex and the edge it enters by). */
function openChains(G: MapGrid, tracks: Tracks): OpenChain[] {
  const NB = G.hex.neighbors;
  const out: OpenChain[] = [];
  for (let c = 0; c < G.cityHex.length; c++) {
    const ch = G.cityHex[c]!;
    for (let e = 0; e < 6; e++) {
      let cur = NB[ch]![e]!;
      if (cur < 0 || G.cityOf[cur]! >= 0) continue;
      let inEdge = opposite(e);
      let t: readonly number[] | null | undefined = tracks[cur];
      if (!t || (t[0] !== inEdge && t[1] !== inEdge)) continue;
      let towns = 0;
      for (;;) {
        if (G.isTown[cur]) towns++;
        const exit: number = t[0] === inEdge ? t[1]! : t[0]!;
        const next: number = NB[cur]![exit]!;
        if (next < 0 || G.cityOf[next]! >= 0) break; // off the map, or a city: finished (or dead)
        const nt: readonly number[] | null | undefined = tracks[next];
        if (nt === null || nt === undefined) {
          out.push({ city: c, towns, next, inEdge: opposite(exit) });
          break;
        }
        if (nt[0] !== opposite(exit) && nt[1] !== opposite(exit)) break; // blocked by other track
        inEdge = opposite(exit);
        t = nt;
        cur = next;
      }
    }
  }
  return out;
}

/** The score `seat` must beat: Olive's in solo, else the best other seat's. */
function rivalScore(s: State, seat: number): number {
  if (s.players === 1) return oliveBreakdown(s).total!;
  let best = -Infinity;
  for (let q = 0; q < s.players; q++) if (q !== seat) best = Math.max(best, breakdown(s, q).total!);
  return best;
}

/** What `seat`'s sheet promises beyond its points: open chains, deliveries within reach, engine boxes with routes to use them. */
function promise(s: State, seat: number, G: MapGrid, chainDiscount: number): number {
  const tracks = s.sheets[seat]!.tracks;
  let sum = 0;
  for (const ch of openChains(G, tracks)) {
    const rest = hexesToCity(G, tracks, ch.next, ch.city);
    if (rest) sum += (1 + ch.towns + rest.towns + DELIVERY_ALLOWANCE) * chainDiscount ** rest.k;
  }
  const strength = engineStrength(s, seat);
  const { graph } = sheetNetwork(s, seat);
  let longest = 0;
  for (let c = 0; c < s.cities.length; c++) {
    const goods = s.cities[c]!;
    if (goods.length === 0 || graph[c]!.length === 0) continue;
    const masks = routeDistances(graph as Array<Array<GraphStep<number>>>, c, 30);
    let bestNow = 0;
    let bestLater = 0;
    for (const good of new Set(goods)) {
      for (const d of destinationsOf(s, good, c)) {
        const m = masks[d]!;
        for (let dist = 1; dist <= 12; dist++) {
          if (!(m & (1 << dist))) continue;
          if (dist <= strength) bestNow = Math.max(bestNow, dist);
          bestLater = Math.max(bestLater, dist);
          longest = Math.max(longest, dist);
        }
      }
    }
    sum += 0.8 * bestNow + 0.3 * Math.max(0, Math.min(bestLater, 6) - bestNow);
  }
  const boxes = s.sheets[seat]!.engine.filter(Boolean).length;
  return sum + 0.9 * Math.min(boxes, Math.max(2, longest)) + 0.2 * boxes;
}

/** The planner's value of a state for `seat`: its score minus its rival's, plus what its sheet promises. */
function value(s: State, seat: number, chainDiscount: number): number {
  if (s.olive?.won) return -1000;
  const margin = breakdown(s, seat).total! - rivalScore(s, seat);
  if (s.over) return margin > 0 ? 1000 + margin : margin - 100;
  return margin + promise(s, seat, mapGrid(comps(s).map), chainDiscount);
}

/** Builds worth trying: the next hex of an open chain (entered by its edge), or a hex beside a city (from its edge). */
function usefulBuild(G: MapGrid, a: Extract<Action, { type: "build" }>, open: readonly OpenChain[]): boolean {
  const h = G.hex.indexOf(a.col, a.row);
  for (const ch of open) if (ch.next === h && (a.edges[0] === ch.inEdge || a.edges[1] === ch.inEdge)) return true;
  for (let e = 0; e < 6; e++) {
    const n = G.hex.neighbors[h]![e]!;
    if (n >= 0 && G.cityOf[n]! >= 0 && (a.edges[0] === e || a.edges[1] === e)) return true;
  }
  return false;
}

/** `seat`'s legal actions the search tries (all of them when no build is useful and nothing else is legal). */
function candidates(s: State, seat: number): Action[] {
  const all = legalActions(s, seat);
  const G = mapGrid(comps(s).map);
  const open = openChains(G, s.sheets[seat]!.tracks);
  const out = all.filter((a) => a.type !== "build" || usefulBuild(G, a, open));
  return out.length > 0 ? out : all;
}

/** A finished turn the search found: its steps from the state searched, and the planner's value after it. */
interface FinishedTurn {
  steps: Action[];
  v: number;
}

/** Every finished turn the beam search over `seat`'s turn from `s` reaches, best first (ties in the order found), chance drawn from `seed`. */
function searchTurn(s: State, seat: number, seed: number, beam: number, chainDiscount: number): FinishedTurn[] {
  const round = s.round;
  const root = cloneJson(s);
  root.rng = seedRng(seed);
  let frontier: Array<{ s: State; steps: Action[]; v: number }> = [{ s: root, steps: [], v: 0 }];
  const done: FinishedTurn[] = [];
  for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const node of frontier) {
      for (const a of candidates(node.s, seat)) {
        const c = cloneJson(node.s);
        reduce(c, a);
        const steps = [...node.steps, a];
        const v = value(c, seat, chainDiscount);
        // The turn is over when the round moves on (solo: Olive has played) or another seat acts.
        if (c.over || c.round !== round || legalActions(c, seat).length === 0) done.push({ steps, v });
        else next.push({ s: c, steps, v });
      }
    }
    next.sort((x, y) => y.v - x.v);
    frontier = next.slice(0, beam);
  }
  return done.sort((x, y) => y.v - x.v);
}

/**
 * Up to `count` of the best turns, as plans for a search to choose among: first the best turn of
 * each distinct first step (so the choices differ where the turn starts), then the next best turns.
 */
function distinctTurns(turns: readonly FinishedTurn[], count: number): Action[][] {
  const out: FinishedTurn[] = [];
  const firsts = new Set<string>();
  for (const t of turns) {
    if (out.length >= count) break;
    const key = JSON.stringify(t.steps[0]);
    if (firsts.has(key)) continue;
    firsts.add(key);
    out.push(t);
  }
  for (const t of turns) {
    if (out.length >= count) break;
    if (!out.includes(t)) out.push(t);
  }
  return out.sort((x, y) => y.v - x.v).map((t) => t.steps);
}
/**
 * Knobs of {@link plannerBot}.
 *
 * @example
 * ```ts
 * import { plannerBot, type PlannerOptions } from "@rules/steamrollers";
 *
 * const wide: PlannerOptions = { beam: 12, chainDiscount: 0.3 };
 * console.log(plannerBot(1, wide).name); // "planner"
 * ```
 */
export interface PlannerOptions {
  /** Partial turns kept at each step of the search (1 to 64, default 6): wider plays a little better and slower. */
  beam?: number;
  /**
   * What each empty hex an open chain still needs leaves of its worth (0 to 1, default 0.3). At 0.75
   * unfinished track is valued so highly that connections are never finished.
   */
  chainDiscount?: number;
}

/**
 * A greedy turn planner for SteamRollers, the strongest non-search bot of the package: for each
 * decision it searches the rest of the seat's turn (a beam search over its steps), values each
 * finished turn by the score margin to its rival (Olive in solo, the best other seat otherwise)
 * plus what the sheet promises (open chains discounted by the hexes they still need, the
 * deliveries the network and engine allow, engine boxes with routes to use them), and plays the
 * first step of the best. Deterministic from its seed; it never sees the game's future rolls (the
 * search draws chance from its own generator). In solo it beats Olive in about half the games at
 * Clerk (docs/games/steamrollers.md, "Solo balance"). A decision costs a few milliseconds.
 * Throws a `RulesError` `INVALID_OPTIONS` for knobs out of range.
 *
 * @example
 * ```ts
 * import { cloneJson } from "@rules/core";
 * import { game, plannerBot } from "@rules/steamrollers";
 *
 * const bot = plannerBot(1);
 * const s = cloneJson(game.initialState(3, { players: 1 }));
 * for (let i = 0; i < 12 && !game.isTerminal(s); i++) game.applyInPlace(s, bot.act(s, 0, game.legalActions(s, 0)));
 * console.log(s.round, s.sheets[0]!.tracks.filter(Boolean).length); // 4 1: the round reached, pieces of track drawn
 * ```
 */
export function plannerBot(seed: Seed = 0, options: PlannerOptions = {}): Bot<State, Action> {
  const { beam, chainDiscount } = plannerKnobs("plannerBot", options);
  const rng = seedRng(seed);
  return {
    name: "planner",
    act(state, player, legal) {
      if (legal.length === 1) return legal[0]!;
      const a = searchTurn(state, player, randomInt(rng, 0, 0x7fffffff), beam, chainDiscount)[0]?.steps[0];
      const key = a && JSON.stringify(a);
      return legal.find((l) => JSON.stringify(l) === key) ?? legal[0]!;
    },
  };
}

/** The planner's knobs with their defaults, or a `RulesError` `INVALID_OPTIONS` naming `where`. */
function plannerKnobs(where: string, options: PlannerOptions): Required<PlannerOptions> {
  const beam = options.beam ?? 6;
  const chainDiscount = options.chainDiscount ?? 0.3;
  if (!Number.isInteger(beam) || beam < 1 || beam > 64) throw new RulesError("INVALID_OPTIONS", `${where}: beam must be an integer from 1 to 64, not ${String(beam)}`);
  if (!(typeof chainDiscount === "number" && chainDiscount >= 0 && chainDiscount <= 1)) {
    throw new RulesError("INVALID_OPTIONS", `${where}: chainDiscount must be a number from 0 to 1, not ${String(chainDiscount)}`);
  }
  return { beam, chainDiscount };
}

/**
 * Knobs of {@link turnPlanner}: the planner's, and how many plans it offers.
 *
 * @example
 * ```ts
 * import { turnPlanner, type TurnPlannerOptions } from "@rules/steamrollers";
 *
 * const options: TurnPlannerOptions = { plans: 4, beam: 6 };
 * console.log(typeof turnPlanner(1, options)); // "function"
 * ```
 */
export interface TurnPlannerOptions extends PlannerOptions {
  /** Most plans offered per call (1 to 32, default 6). */
  plans?: number;
}

/**
 * Whole turns as plans for a search (`mctsBot`'s `plans` option): the planner's beam search over
 * the rest of the seat's turn (as {@link plannerBot} runs it), returning up to `plans` of the best
 * finished turns, each as its list of steps from the given state: first the best turn of each
 * distinct first step, then the next best, ordered by the planner's value. Chance inside the turn
 * is drawn from the function's own generator (seeded by `seed`), never the game's. A call costs
 * what a `plannerBot` decision costs (a few milliseconds). Throws a `RulesError`
 * `INVALID_OPTIONS` for knobs out of range.
 *
 * @example
 * ```ts
 * import { mctsBot } from "@rules/core";
 * import { game, plannerBot, turnPlanner } from "@rules/steamrollers";
 *
 * const plans = turnPlanner(1, { plans: 3 });
 * const s = game.initialState(3, { players: 1 });
 * console.log(plans(s, 0).map((p) => p.map((a) => a.type).join(" "))); // three turns, e.g. "pickDie build pickDie build takeTile done"
 * const bot = mctsBot(game, { iterations: 6, seed: 1, plans, playout: plannerBot(1), maxPlayoutSteps: 2 });
 * console.log(bot.act(s, 0, game.legalActions(s, 0)).type); // "pickDie": the first step of the plan chosen
 * ```
 */
export function turnPlanner(seed: Seed = 0, options: TurnPlannerOptions = {}): (state: State, player: number) => Action[][] {
  const { beam, chainDiscount } = plannerKnobs("turnPlanner", options);
  const count = options.plans ?? 6;
  if (!Number.isInteger(count) || count < 1 || count > 32) throw new RulesError("INVALID_OPTIONS", `turnPlanner: plans must be an integer from 1 to 32, not ${String(count)}`);
  const rng = seedRng(seed);
  return (state, player) => distinctTurns(searchTurn(state, player, randomInt(rng, 0, 0x7fffffff), beam, chainDiscount), count);
}
