import { RulesError, drawFromBag, seedRng, type Outcome, type Seed } from "@rules/core";
import { COLORS, PARK_ACTIONS, RULES, type Color, type Difficulty, type Letter, type MapData, type ParkGraph } from "./data.js";
import { turnsFor } from "./map.js";
import { incomeReduction } from "./phases.js";
import type { Action, Options, ParkState, State, TransportAction } from "./schema.js";

// The Amusement Park (expansion rulebook, "Amusement Park"): a solo game on a graph of planned
// links. Each visitor (cube) sits on a large attraction (polygon) and must be carried to a large
// attraction of its colour; the park is cleared when every visitor has been carried and every large
// attraction has received one. A turn: I issue shares, III one action of six, IV lay discs (and
// urbanize), V two transports, then income, expenses and income reduction; no auction, no goods
// growth. Base rules apply unless the rulebook's section changes them.

/** The park's graph, compiled once per map: each attraction's links, and link ends by index. */
export interface ParkMap {
  readonly graph: ParkGraph;
  /** `ends[l]`: the two attraction indices of link l. */
  readonly ends: ReadonlyArray<readonly [number, number]>;
  /** `adj[a]`: `[link, other attraction]` for each link at attraction a, links in map order. */
  readonly adj: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
}

const compiled = new WeakMap<ParkGraph, ParkMap>();

/** The compiled graph of a (validated) graph map. */
export function parkMap(map: MapData): ParkMap {
  const graph = map.park!;
  let c = compiled.get(graph);
  if (!c) {
    const index = new Map(graph.attractions.map((a, i) => [a.id, i]));
    const ends = graph.links.map((l) => [index.get(l.ends[0])!, index.get(l.ends[1])!] as const);
    const adj = graph.attractions.map((_, a) => ends.flatMap(([x, y], l) => (x === a ? [[l, y] as const] : y === a ? [[l, x] as const] : [])));
    c = { graph, ends, adj };
    compiled.set(graph, c);
  }
  return c;
}

/** True on the Amusement Park (a graph map). */
export function isPark(state: State): state is State & { park: ParkState } {
  return state.park !== undefined;
}

/** What each attraction is now: large or not, its colour and sides (an urbanized one is a 6-sided large attraction of its tile's colour). */
export function attractions(state: State): Array<{ large: boolean; color: Color | null; sides: number }> {
  const g = state.map.park!;
  return g.attractions.map((a, i) => {
    const letter = state.park!.newCity[i] ?? null;
    if (letter !== null) return { large: true, color: state.newCities.find((n) => n.letter === letter)!.color, sides: URBANIZED_SIDES };
    return { large: a.kind === "large", color: a.color, sides: a.sides ?? 0 };
  });
}

/** "Place a new city tile on the circle. Yes, this makes it a hexagon." */
export const URBANIZED_SIDES = 6;

/** Visitors on each large attraction of a colour at a difficulty (0 for colours the map does not list). */
export function visitorsFor(graph: ParkGraph, color: Color | null, difficulty: Difficulty): number {
  return graph.visitors.find((v) => v.color === color)?.[difficulty] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Routes

/** A usable link has a disc on every locomotive icon (a partly built link carries nobody). */
export function usable(state: State, link: number): boolean {
  return state.park!.discs[link] === state.map.park!.links[link]!.icons;
}

/**
 * Every simple route for a visitor of `color` from attraction `from`, up to `maxLinks` links, over
 * the links `open` allows: it may pass small attractions and large ones of other colours, and ends
 * at the first large attraction of its colour (a visitor never passes one). Calls `visit` with the
 * destination and the links, in a stable order (links in map order, depth first).
 */
export function forEachRoute(
  state: State,
  from: number,
  color: Color,
  maxLinks: number,
  open: (link: number) => boolean,
  visit: (dest: number, links: readonly number[]) => void,
): void {
  const pm = parkMap(state.map);
  const kinds = attractions(state);
  const seen = new Set<number>([from]);
  const links: number[] = [];
  const walk = (at: number): void => {
    if (links.length >= maxLinks) return;
    for (const [l, next] of pm.adj[at]!) {
      if (seen.has(next) || !open(l)) continue;
      links.push(l);
      const k = kinds[next]!;
      if (k.large && k.color === color) visit(next, links);
      else {
        seen.add(next);
        walk(next);
        seen.delete(next);
      }
      links.pop();
    }
  };
  walk(from);
}

/** May this turn's transport still ignore the sides minimum (Souvenir chosen and not yet used)? */
export function souvenirOpen(state: State): boolean {
  return state.selected[0] === "souvenir" && !state.park!.souvenirUsed;
}

/** The transports the player may make now, in a stable order. */
export function legalTransports(state: State): TransportAction[] {
  const out: TransportAction[] = [];
  const kinds = attractions(state);
  const exempt = souvenirOpen(state);
  state.park!.visitors.forEach((vs, from) => {
    for (const color of COLORS) {
      if (!vs.includes(color)) continue;
      forEachRoute(state, from, color, state.loco[0]!, (l) => usable(state, l), (dest, links) => {
        if (links.length >= kinds[dest]!.sides || exempt) out.push({ type: "transport", player: 0, from, color, links: [...links] });
      });
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

// ---------------------------------------------------------------------------------------------
// Setup

/**
 * A new Amusement Park game. Visitors' colours are drawn from the bag's red, blue, purple and
 * yellow cubes (ASSUMED, reconstruction assumption 1); a draw that leaves a visitor with no route,
 * or a large attraction no visitor can reach, on the fully built board is drawn again from the
 * same generator (at most 200 times).
 */
export function setupPark(seed: Seed, o: Options, map: MapData): State {
  const rng = seedRng(seed);
  const g = map.park!;
  const difficulty = o.difficulty ?? "normal";
  const counts = g.attractions.map((a) => (a.kind === "large" ? visitorsFor(g, a.color, difficulty) : 0));
  const newCities = o.components.newCities.map((c) => ({ ...c, growth: { ...c.growth } }));
  const cache = setupRoutes(g);
  for (let attempt = 0; attempt < 200; attempt++) {
    const pool = [o.components.cubes[0], o.components.cubes[1], o.components.cubes[2], o.components.cubes[3], 0];
    const visitors = counts.map((n) => Array.from({ length: n }, () => COLORS[drawFromBag(rng, pool)]!));
    const park: ParkState = {
      difficulty,
      discs: g.links.map(() => 0),
      visitors,
      served: g.attractions.map(() => false),
      newCity: g.attractions.map(() => null),
      souvenirUsed: false,
      result: null,
    };
    // The check reads only the map, the new-city tiles and the park.
    if (whyUnclearable({ map, newCities, park } as State, 0, cache) !== undefined) continue;
    const bag = o.components.cubes.map((n) => n + 0) as State["bag"];
    visitors.flat().forEach((c) => (bag[COLORS.indexOf(c)]! -= 1));
    return {
      rng,
      players: 1,
      map,
      tileCounts: JSON.parse(JSON.stringify(o.components.tileCounts)) as State["tileCounts"],
      cubeCounts: o.components.cubes.map((n) => n + 0) as State["cubeCounts"],
      newCities,
      rules: { ...o.rules },
      turn: 1,
      lastTurn: turnsFor(map, 1)!,
      phase: "shares",
      order: [0],
      queue: [0],
      cash: [RULES.startCash],
      income: [0],
      shares: [RULES.startShares],
      loco: [RULES.startLoco],
      eliminated: [false],
      selected: [null],
      turnOrderPass: null,
      auction: null,
      build: { count: 0, hexes: [], urbanized: false },
      move: { round: 1, locoRaised: [false] },
      production: [],
      track: [],
      supply: JSON.parse(JSON.stringify(o.components.tileCounts)) as State["supply"],
      urbanized: [],
      goods: [],
      newCityGoods: Array.from({ length: 8 }, () => []),
      display: Array.from({ length: 20 }, () => []),
      bag,
      outOfPlay: [0, 0, 0, 0, 0],
      lastRoll: null,
      connections: [],
      park,
    };
  }
  throw new RulesError("INVALID_OPTIONS", `${map.name}: no draw of visitors in 200 gives every visitor a route and every large attraction a visitor on the fully built board`);
}

const setupCaches = new Map<string, Map<string, number[]>>();

/**
 * Destinations by (attraction, colour) on the fully built board of a park with no urbanized
 * attraction: the same for every draw and every game on the board, so kept by the board's text.
 */
function setupRoutes(g: ParkGraph): Map<string, number[]> {
  const key = JSON.stringify(g);
  let c = setupCaches.get(key);
  if (!c) {
    if (setupCaches.size > 16) setupCaches.clear();
    setupCaches.set(key, (c = new Map()));
  }
  return c;
}

/**
 * Why the park can no longer be cleared, judged on the fully built board (every planned link
 * laid, routes of at most 6 links, the sides minimum waived as the Souvenir may): a visitor with
 * no route to a large attraction of its colour, a large attraction not yet served that no
 * waiting visitor can reach, or more visitors than two transports a turn can carry in the turns
 * left. `turnsLeft` 0 skips the last test (setup). Conservative: a park that passes may still be
 * lost to money or to the sides minimum.
 */
export function whyUnclearable(state: State, turnsLeft: number, cache: Map<string, number[]> = new Map()): string | undefined {
  const p = state.park!;
  const g = state.map.park!;
  const kinds = attractions(state);
  const reachable = new Set<number>();
  let waiting = 0;
  for (const [from, vs] of p.visitors.entries()) {
    for (const color of new Set(vs)) {
      const key = `${from}:${color}`;
      let dests = cache.get(key);
      if (!dests) {
        const found = new Set<number>();
        forEachRoute(state, from, color, RULES.maxLoco, () => true, (dest) => void found.add(dest));
        cache.set(key, (dests = [...found]));
      }
      for (const d of dests) reachable.add(d);
      if (dests.length === 0) return `a ${color} visitor on ${g.attractions[from]!.name} has no route to a ${color} large attraction`;
    }
    waiting += vs.length;
  }
  for (const [i, k] of kinds.entries()) {
    if (k.large && !p.served[i] && !reachable.has(i)) return `${g.attractions[i]!.name} (${k.color}) has not received a visitor and no waiting visitor can reach it`;
  }
  if (turnsLeft > 0 && waiting > 2 * turnsLeft) return `${waiting} visitors wait and ${turnsLeft} turn${turnsLeft === 1 ? "" : "s"} of two transports are left`;
  return undefined;
}

/** The clear conditions: every visitor transported, every large attraction (urbanized ones included) served. */
export function cleared(state: State): boolean {
  const p = state.park!;
  return p.visitors.every((v) => v.length === 0) && attractions(state).every((k, i) => !k.large || p.served[i]);
}

// ---------------------------------------------------------------------------------------------
// Legal actions and refusals

/** Discs the player may still lay this turn: 2, and a 3rd (free) with the Engineer. */
export function discLimit(state: State): number {
  const g = state.map.park!;
  return g.discsPerTurn + (state.selected[0] === "engineer" ? g.engineerFreeDiscs : 0);
}

/** The cost of the next disc: $4 a locomotive icon, the Engineer's extra disc free. */
export function nextDiscCost(state: State): number {
  const g = state.map.park!;
  return state.build.count >= g.discsPerTurn ? 0 : g.iconCost;
}

function discsOnBoard(state: State): number {
  return state.park!.discs.reduce((a, b) => a + b, 0);
}

/** Why disc on `link` may not be laid now, or undefined. */
export function whyNotLay(state: State, link: number): string | undefined {
  const g = state.map.park!;
  const l = g.links[link];
  if (!l) return `there is no planned link ${link}`;
  if (state.park!.discs[link]! >= l.icons) return `planned link ${l.id} already has a disc on each of its ${l.icons} locomotive icon${l.icons === 1 ? "" : "s"} (one disc per icon)`;
  if (state.build.count >= discLimit(state)) {
    return state.selected[0] === "engineer"
      ? `at most ${discLimit(state)} discs a turn, the Engineer's free one included`
      : `at most ${g.discsPerTurn} discs a turn; a 3rd (free) needs the Engineer`;
  }
  if (discsOnBoard(state) >= g.discSupply) return `all ${g.discSupply} of your discs are on the board`;
  const cost = nextDiscCost(state);
  if (state.cash[0]! < cost) return `a disc costs $${cost}, paid in cash, and you have $${state.cash[0]}`;
  return undefined;
}

/**
 * Why attraction `at` may not be urbanized with `letter` now, or undefined. Any free new-city tile
 * may be placed ("Urbanization: … Place a new city tile on the circle."), even one whose colour no
 * waiting visitor has: that park can no longer be cleared, and the end-of-turn check ends the game.
 */
export function whyNotUrbanizePark(state: State, at: number, letter: Letter): string | undefined {
  const g = state.map.park!;
  if (state.selected[0] !== "urbanization") return `only the Urbanization action lets you urbanize`;
  if (state.build.urbanized) return `you may urbanize once per turn`;
  if (state.rules.urbanizeTiming === "first" && state.build.count > 0) return `urbanization comes before the first disc (rule option urbanizeTiming "first")`;
  const a = g.attractions[at];
  if (!a || a.kind !== "small") return `only a small attraction (a circle) can be urbanized`;
  if (state.park!.newCity[at] !== null) return `${a.name} is already a large attraction`;
  if (state.map.removedNewCities.includes(letter)) return `new city ${letter} is removed from the game on ${state.map.name}`;
  const on = state.park!.newCity.indexOf(letter);
  if (on >= 0) return `new city ${letter} is already on the board, on ${g.attractions[on]!.name}`;
  return undefined;
}

/** Every legal action now, in a stable order. */
export function legalPark(state: State): Action[] {
  const out: Action[] = [];
  const player = 0;
  switch (state.phase) {
    case "shares":
      if (state.shares[0]! < RULES.maxShares) out.push({ type: "issueShare", player });
      out.push({ type: "done", player });
      break;
    case "select":
      for (const action of PARK_ACTIONS) out.push({ type: "select", player, action });
      break;
    case "build": {
      state.map.park!.links.forEach((_, link) => {
        if (whyNotLay(state, link) === undefined) out.push({ type: "lay", player, link });
      });
      if (state.selected[0] === "urbanization") {
        state.map.park!.attractions.forEach((_, hex) => {
          for (const n of state.newCities) if (whyNotUrbanizePark(state, hex, n.letter) === undefined) out.push({ type: "urbanize", player, hex, letter: n.letter });
        });
      }
      out.push({ type: "done", player });
      break;
    }
    case "move":
      out.push(...legalTransports(state));
      if (!state.move.locoRaised[0] && state.loco[0]! < RULES.maxLoco) out.push({ type: "raiseLoco", player });
      out.push({ type: "pass", player });
      break;
    default:
      break;
  }
  return out;
}

/** Why a well-formed action is not legal now, in a player's words. */
export function explainPark(state: State, a: Action): string | undefined {
  const phase = state.phase;
  const wrong = (what: string): string => `${what} is not possible now: it is the ${phase} step of the turn`;
  switch (a.type) {
    case "issueShare":
      return phase !== "shares" ? wrong("issuing shares") : `you have issued ${state.shares[0]} shares, the most a player may (${RULES.maxShares})`;
    case "select":
      if (phase !== "select") return wrong("selecting an action");
      return `${a.action} is not an Amusement Park action: choose one of Locomotive, Engineer, Urbanization, Souvenir, First Move and First Build (Production and Turn Order are removed)`;
    case "lay":
      return phase !== "build" ? wrong("laying a disc") : whyNotLay(state, a.link);
    case "urbanize":
      return phase !== "build" ? wrong("urbanizing") : whyNotUrbanizePark(state, a.hex, a.letter);
    case "transport":
      return phase !== "move" ? wrong("transporting a visitor") : walkTransport(state, a).why ?? `that transport is not legal`;
    case "raiseLoco":
      if (phase !== "move") return wrong("raising the locomotive");
      return state.loco[0]! >= RULES.maxLoco ? `your locomotive is already at ${RULES.maxLoco}, the top` : `you may raise your locomotive only once per Move Goods phase`;
    case "pass":
    case "done":
      return wrong("that");
    case "bid":
    case "dropOut":
      return `the Amusement Park has no auction (one player)`;
    case "produce":
      return `the Amusement Park has no Production: no new visitors enter the park`;
    case "build":
      return `the Amusement Park has no track tiles: lay a disc on a locomotive icon of a planned link`;
    case "move":
      return `on the Amusement Park a visitor is carried with a transport along planned links`;
    case "claim":
      return `the Amusement Park prints no connections to claim: lay discs on the planned links`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Applying actions

/** Apply a legal action to `draft`. */
export function reducePark(draft: State, a: Action): void {
  const p = draft.park!;
  switch (a.type) {
    case "issueShare":
      draft.shares[0]! += 1;
      draft.cash[0] = Math.min(RULES.maxCash, draft.cash[0]! + RULES.shareValue);
      return;
    case "done":
      if (draft.phase === "shares") draft.phase = "select";
      else beginMoves(draft);
      return;
    case "select":
      draft.selected[0] = a.action;
      if (a.action === "locomotive") draft.loco[0] = Math.min(RULES.maxLoco, draft.loco[0]! + 1);
      draft.phase = "build";
      return;
    case "lay":
      draft.cash[0]! -= nextDiscCost(draft);
      draft.build.count += 1;
      p.discs[a.link]! += 1;
      return;
    case "urbanize":
      p.newCity[a.hex] = a.letter;
      draft.build.urbanized = true;
      return;
    case "transport": {
      const dest = walkTransport(draft, a).stops.at(-1)!;
      if (a.links.length < attractions(draft)[dest]!.sides) p.souvenirUsed = true;
      const vs = p.visitors[a.from]!;
      vs.splice(vs.indexOf(a.color), 1);
      draft.outOfPlay[COLORS.indexOf(a.color)]! += 1;
      p.served[dest] = true;
      draft.income[0] = Math.min(RULES.maxIncome, draft.income[0]! + a.links.length);
      if (cleared(draft)) return finish(draft, "cleared");
      nextTransport(draft);
      return;
    }
    case "raiseLoco":
      draft.loco[0] = Math.min(RULES.maxLoco, draft.loco[0]! + 1);
      draft.move.locoRaised[0] = true;
      nextTransport(draft);
      return;
    case "pass":
      nextTransport(draft);
      return;
    default:
      return;
  }
}

function beginMoves(s: State): void {
  s.phase = "move";
  s.move.round = 1;
}

function nextTransport(s: State): void {
  if (s.move.round === 1) s.move.round = 2;
  else endTurn(s);
}

function finish(s: State, result: NonNullable<ParkState["result"]>): void {
  s.phase = "over";
  s.queue = [];
  s.park!.result = result;
}

/**
 * VI–VIII and X for one player: income, then $1 per share and per locomotive level (a shortfall
 * comes off income; income below 0 is bankruptcy, a loss), then income reduction. The game is lost
 * after the last turn, or at the end of a turn after which it can no longer be cleared.
 */
export function endTurn(s: State): void {
  s.cash[0] = Math.min(RULES.maxCash, s.cash[0]! + s.income[0]!);
  const due = s.shares[0]! + s.loco[0]!;
  if (s.cash[0]! >= due) s.cash[0]! -= due;
  else {
    const short = due - s.cash[0]!;
    s.cash[0] = 0;
    if (short > s.income[0]!) {
      s.income[0] = 0;
      s.eliminated[0] = true;
      s.order = [];
      return finish(s, "bankrupt");
    }
    s.income[0]! -= short;
  }
  s.income[0]! -= incomeReduction(s.income[0]!);
  s.income[0] = Math.max(0, s.income[0]! - s.map.incomeTax);
  if (s.turn >= s.lastTurn) return finish(s, "turnLimit");
  s.turn += 1;
  s.phase = "shares";
  s.selected = [null];
  s.build = { count: 0, hexes: [], urbanized: false };
  s.move = { round: 1, locoRaised: [false] };
  s.park!.souvenirUsed = false;
  if (whyUnclearable(s, s.lastTurn - s.turn + 1) !== undefined) finish(s, "unwinnable");
}

// ---------------------------------------------------------------------------------------------
// Outcome

/**
 * Cleared or not. The rulebook gives no score; ASSUMED: the score is the number of visitors
 * transported (a measure of progress only). A cleared park is rank 1 (a win); otherwise rank 2 with
 * no winner (core's solo convention for a game lost to the game itself).
 */
export function parkOutcome(state: State): Outcome {
  const b = parkBreakdown(state);
  const won = b.cleared === 1;
  return { scores: [b.transported!], ranks: [won ? 1 : 2], winners: won ? [0] : [], breakdown: [b] };
}

/** The end-of-game summary: cleared (1/0), visitors transported of all, large attractions served of all, the turn reached. */
export function parkBreakdown(state: State): Record<string, number> {
  const p = state.park!;
  const kinds = attractions(state);
  const transported = state.outOfPlay.reduce((a, b) => a + b, 0);
  return {
    cleared: p.result === "cleared" ? 1 : 0,
    transported,
    visitors: transported + p.visitors.reduce((n, v) => n + v.length, 0),
    served: kinds.filter((k, i) => k.large && p.served[i]).length,
    large: kinds.filter((k) => k.large).length,
    turn: state.turn,
    total: transported,
  };
}
