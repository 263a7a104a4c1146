// `npx tsx bench/steamrollers-solo.ts [games] [difficulty] [firstSeed]`: can a sensible player beat
// Olive (SteamRollers solo)? Plays `games` seeded solo games (default 20, difficulty "clerk", seeds
// from 1) with a greedy planner and prints its win rate and both score distributions. A report,
// never a test; the figures are in docs/games/steamrollers.md, "Solo balance".
//
// The planner plays one turn at a time: a beam search over the turn's steps (pick a die, act, pick,
// act, solo tile 2a/2b) keeps the BEAM best partial turns by a value function and plays the first
// step of the best finished turn (Olive's turn included), then plans again. The value is the
// human's score now minus Olive's (a finished game: a large bonus for a win, a large malus for a
// loss), plus what the sheet promises:
// - each chain of track leaving a city and still open: its would-be connection (1 + its towns +
//   the towns on the way + 1.5 for the deliveries it opens) × CHAIN_DISCOUNT per empty hex it still
//   needs to reach another city (breadth-first over empty hexes, at most 5);
// - per city with goods: 0.8 × the longest delivery the network and engine allow now, 0.3 per point
//   of a longer route the engine is still too weak for (up to 6);
// - 0.9 per engine box up to the longest route the network offers (at least 2), 0.2 per box.
// So it builds toward connections that carry the waiting goods, ticks the engine a delivery needs,
// delivers when a delivery scores, takes +1 tiles away from Olive, leaves Olive the die that hurts
// least, and can play solo tile 2b when her removal would take a good it means to deliver.
// Builds are limited to track that extends a chain out of a city or starts one beside a city; every
// other legal action is tried. Olive's steps inside a searched turn draw from a generator seeded by
// the planner, never the game's, so a plan cannot see the game's future rolls.
//
// Knobs (environment): BEAM (default 6), CHAIN_DISCOUNT (default 0.3; 0.75 values unfinished track
// so highly that connections are never finished, and wins drop to about 0%), VERBOSE=1 (one line a game).
import { seedRng, type GraphStep } from "@rules/core";
import { defaultComponents, game, oliveBreakdown, breakdown, type Action, type State } from "@rules/steamrollers";
import { mapGrid } from "../packages/steamrollers/src/data.js";
import { routeDistances, sheetNetwork } from "../packages/steamrollers/src/network.js";
import { destinationsOf, engineStrength } from "../packages/steamrollers/src/rules.js";

const G = mapGrid(defaultComponents.map);
const NB = G.hex.neighbors;
const opposite = (e: number): number => (e + 3) % 6;

/** Empty hexes still needed from hex `h` (empty) to touch a city other than `from`. */
function hexesToCity(tracks: State["sheets"][number]["tracks"], h: number, from: number): { k: number; towns: number } | null {
  const dist = new Map<number, number>([[h, 1]]);
  const towns = new Map<number, number>([[h, G.isTown[h] ? 1 : 0]]);
  const queue = [h];
  while (queue.length > 0) {
    const cur = queue.shift()!;
    const d = dist.get(cur)!;
    if (d > 4) continue;
    for (const n of NB[cur]!) {
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

/** Open chains out of cities: where each stops (the next, empty hex and the edge it enters by). */
function openChains(s: State): Array<{ city: number; pieces: number; towns: number; next: number; inEdge: number }> {
  const tracks = s.sheets[0]!.tracks;
  const out: Array<{ city: number; pieces: number; towns: number; next: number; inEdge: number }> = [];
  for (let c = 0; c < 6; c++) {
    const ch = G.cityHex[c]!;
    for (let e = 0; e < 6; e++) {
      let cur = NB[ch]![e]!;
      if (cur < 0 || G.cityOf[cur]! >= 0) continue;
      let inEdge = opposite(e);
      let t: readonly number[] | null | undefined = tracks[cur];
      if (!t) continue;
      if (t[0] !== inEdge && t[1] !== inEdge) continue;
      let pieces = 0;
      let towns = 0;
      for (;;) {
        pieces++;
        if (G.isTown[cur]) towns++;
        const exit: number = t[0] === inEdge ? t[1]! : t[0]!;
        const next: number = NB[cur]![exit]!;
        if (next < 0 || G.cityOf[next]! >= 0) break; // off the map, or a city: finished (or dead)
        const nt: readonly number[] | null | undefined = tracks[next];
        if (nt === null || nt === undefined) {
          out.push({ city: c, pieces, towns, next, inEdge: opposite(exit) });
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

/** What each empty hex still needed costs an open chain's worth (a factor per hex). */
const CHAIN_DISCOUNT = Number(process.env.CHAIN_DISCOUNT ?? 0.3);
/** What a connection is worth beyond its network points, for the deliveries it opens. */
const DELIVERY_ALLOWANCE = 1.5;

/** The planner's value of a state for the human: her score minus Olive's, plus what her sheet promises. */
export function value(s: State): number {
  if (s.olive!.won) return -1000;
  const me = breakdown(s, 0).total!;
  const olive = oliveBreakdown(s).total!;
  if (s.over) return me > olive ? 1000 + me - olive : me - olive - 100;
  const tracks = s.sheets[0]!.tracks;
  let promise = 0;
  for (const ch of openChains(s)) {
    const rest = hexesToCity(tracks, ch.next, ch.city);
    if (!rest) continue;
    promise += (1 + ch.towns + rest.towns + DELIVERY_ALLOWANCE) * CHAIN_DISCOUNT ** rest.k;
  }
  const strength = engineStrength(s, 0);
  const { graph } = sheetNetwork(s, 0);
  let longest = 0;
  for (let c = 0; c < 6; c++) {
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
    promise += 0.8 * bestNow + 0.3 * Math.max(0, Math.min(bestLater, 6) - bestNow);
  }
  const boxes = s.sheets[0]!.engine.filter(Boolean).length;
  promise += 0.9 * Math.min(boxes, Math.max(2, longest)) + 0.2 * boxes;
  return me - olive + promise;
}

/** Builds worth trying: the next hex of an open chain (entered by its edge), or a hex beside a city (from its edge). */
function usefulBuild(s: State, a: Extract<Action, { type: "build" }>, open: ReturnType<typeof openChains>): boolean {
  const h = G.hex.indexOf(a.col, a.row);
  for (const ch of open) if (ch.next === h && (a.edges[0] === ch.inEdge || a.edges[1] === ch.inEdge)) return true;
  for (let e = 0; e < 6; e++) {
    const n = NB[h]![e]!;
    if (n >= 0 && G.cityOf[n]! >= 0 && (a.edges[0] === e || a.edges[1] === e)) return true;
  }
  return false;
}

function candidates(s: State): Action[] {
  const all = game.legalActions(s);
  const open = openChains(s);
  const out = all.filter((a) => a.type !== "build" || usefulBuild(s, a, open));
  return out.length > 0 ? out : all;
}

/** Partial turns kept at each step of the search. */
const BEAM = Number(process.env.BEAM ?? 6);

/** The first step of the best turn found. */
function plan(s: State, seed: number): Action {
  const round = s.round;
  const root = game.cloneState!(s);
  root.rng = seedRng(seed);
  let frontier: Array<{ s: State; first: Action | null; v: number }> = [{ s: root, first: null, v: 0 }];
  let best: { first: Action; v: number } | null = null;
  for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const node of frontier) {
      for (const a of candidates(node.s)) {
        const c = game.cloneState!(node.s);
        game.applyInPlace(c, a);
        const first = node.first ?? a;
        const v = value(c);
        if (c.over || c.round !== round) {
          if (!best || v > best.v) best = { first, v };
        } else next.push({ s: c, first, v });
      }
    }
    next.sort((x, y) => y.v - x.v);
    frontier = next.slice(0, BEAM);
  }
  return best ? best.first : game.legalActions(s)[0]!;
}

interface Result {
  me: number;
  olive: number;
  won: boolean;
  atOnce: boolean;
  parts: Record<string, number>;
  oliveParts: Record<string, number>;
  turns: number;
  /** Actions played, by type. */
  played: Record<string, number>;
}

function playGame(seed: number, difficulty: string): Result {
  const s = game.cloneState!(game.initialState(seed, { players: 1, difficulty: difficulty as never }));
  let k = 0;
  const played: Record<string, number> = {};
  while (!s.over) {
    const a = plan(s, seed * 1000 + k++);
    played[a.type] = (played[a.type] ?? 0) + 1;
    game.applyInPlace(s, a);
  }
  const o = game.outcome(s)!;
  const parts = breakdown(s, 0);
  const oliveParts = oliveBreakdown(s);
  return { me: parts.total!, olive: oliveParts.total!, won: o.winners.length === 1, atOnce: s.olive!.won, parts, oliveParts, turns: s.round, played };
}

function main(): void {
  const games = Number(process.argv[2] ?? 20);
  const difficulty = process.argv[3] ?? "clerk";
  const firstSeed = Number(process.argv[4] ?? 1);
  const t0 = process.cpuUsage();
  const rows: Result[] = [];
  for (let seed = firstSeed; seed < firstSeed + games; seed++) {
    const r = playGame(seed, difficulty);
    rows.push(r);
    if (process.env.VERBOSE) console.log(seed, r.won ? "WIN " : "loss", r.me, r.olive, JSON.stringify(r.parts), JSON.stringify(r.oliveParts), r.turns);
  }
  const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
  const mean = (f: (r: Result) => number): string => (rows.reduce((a, r) => a + f(r), 0) / rows.length).toFixed(2);
  const wins = rows.filter((r) => r.won).length;
  const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
  const me = rows.map((r) => r.me);
  const ol = rows.map((r) => r.olive);
  console.log(`${games} games at ${difficulty}, seeds ${firstSeed}..${firstSeed + games - 1}: won ${wins} (${((100 * wins) / games).toFixed(1)}%)`);
  console.log(`player: mean ${mean((r) => r.me)}, min/median/max ${q(me, 0)}/${q(me, 0.5)}/${q(me, 1)}; deliveries ${mean((r) => r.parts.deliveries!)}, network ${mean((r) => r.parts.network!)}, engine ${mean((r) => r.parts.engine!)}, tiles ${mean((r) => r.parts.tiles!)}`);
  console.log(`Olive:  mean ${mean((r) => r.olive)}, min/median/max ${q(ol, 0)}/${q(ol, 0.5)}/${q(ol, 1)}; deliveries ${mean((r) => r.oliveParts.deliveries!)}, network ${mean((r) => r.oliveParts.network!)}, tiles ${mean((r) => r.oliveParts.tiles!)}; Olive won at once in ${rows.filter((r) => r.atOnce).length}`);
  const margin = rows.map((r) => r.me - r.olive);
  console.log(`margin (player - Olive): mean ${mean((r) => r.me - r.olive)}, 10th/50th/90th percentile ${q(margin, 0.1)}/${q(margin, 0.5)}/${q(margin, 0.9)}`);
  const kinds = ["build", "improveEngine", "deliver", "takeTile", "rerollOlive", "blockOlive", "pass"];
  console.log(`actions a game: ${kinds.map((t) => `${t} ${mean((r) => r.played[t] ?? 0)}`).join(", ")}`);
  console.log(`turns: mean ${mean((r) => r.turns)}; CPU ${cpu.toFixed(1)} s`);
}

if (process.argv[1]?.endsWith("steamrollers-solo.ts")) main();
