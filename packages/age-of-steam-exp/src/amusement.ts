import { RulesError, cloneJson, drawFromBag, seedRng, type Outcome, type Seed } from "@rules/core";
import { COLORS, PARK_ACTIONS, RULES, type Color, type Difficulty, type Letter, type MapData, type ParkGraph } from "./data.js";
import { attractions, legalTransports, walkTransport, whyUnclearable } from "./amusement-routes.js";
import { turnsFor } from "./map.js";
import { incomeReduction } from "./phases.js";
import type { Action, Options, ParkState, State } from "./schema.js";

export { URBANIZED_SIDES, attractions, forEachRoute, legalTransports, parkMap, souvenirOpen, usable, walkTransport, whyUnclearable, type Attraction, type ParkMap } from "./amusement-routes.js";

// The Amusement Park (expansion rulebook, "Amusement Park"): a solo game on a graph of planned
// links. Each visitor (cube) sits on a large attraction (polygon) and must be carried to a large
// attraction of its colour; the park is cleared when every visitor has been carried and every large
// attraction has received one. A turn: I issue shares, III one action of six, IV lay discs (and
// urbanize), V two transports, then income, expenses and income reduction; no auction, no goods
// growth. Base rules apply unless the rulebook's section changes them.

/** True on the Amusement Park (a graph map). */
export function isPark(state: State): state is State & { park: ParkState } {
  return state.park !== undefined;
}

/** Visitors on each large attraction of a colour at a difficulty (0 for colours the map does not list). */
export function visitorsFor(graph: ParkGraph, color: Color | null, difficulty: Difficulty): number {
  return graph.visitors.find((v) => v.color === color)?.[difficulty] ?? 0;
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
  const park: ParkState = {
    difficulty,
    discs: g.links.map(() => 0),
    visitors: [],
    served: g.attractions.map(() => false),
    newCity: g.attractions.map(() => null),
    souvenirUsed: false,
    result: null,
  };
  // The check reads only the map, the new-city tiles and the park.
  const drawn = { map, newCities, park } as State;
  const pool = [0, 0, 0, 0, 0];
  for (let attempt = 0; attempt < 200; attempt++) {
    for (let c = 0; c < 4; c++) pool[c] = o.components.cubes[c]!;
    pool[4] = 0;
    const visitors = counts.map((n) => {
      const vs: Color[] = [];
      for (let i = 0; i < n; i++) vs.push(COLORS[drawFromBag(rng, pool)]!);
      return vs;
    });
    park.visitors = visitors;
    if (whyUnclearable(drawn, 0) !== undefined) continue;
    const bag = o.components.cubes.map((n) => n + 0) as State["bag"];
    for (const vs of visitors) for (const c of vs) bag[COLORS.indexOf(c)]! -= 1;
    return {
      rng,
      players: 1,
      map,
      tileCounts: cloneJson(o.components.tileCounts),
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
      supply: cloneJson(o.components.tileCounts),
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

/** Why disc on `link` may not be laid now, or undefined (`onBoard`: the discs on the board, for a caller that counted them). */
export function whyNotLay(state: State, link: number, onBoard: number = discsOnBoard(state)): string | undefined {
  const g = state.map.park!;
  const l = g.links[link];
  if (!l) return `there is no planned link ${link}`;
  if (state.park!.discs[link]! >= l.icons) return `planned link ${l.id} already has a disc on each of its ${l.icons} locomotive icon${l.icons === 1 ? "" : "s"} (one disc per icon)`;
  if (state.build.count >= discLimit(state)) {
    return state.selected[0] === "engineer"
      ? `at most ${discLimit(state)} discs a turn, the Engineer's free one included`
      : `at most ${g.discsPerTurn} discs a turn; a 3rd (free) needs the Engineer`;
  }
  if (onBoard >= g.discSupply) return `all ${g.discSupply} of your discs are on the board`;
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
      const onBoard = discsOnBoard(state);
      for (let link = 0; link < state.map.park!.links.length; link++) if (whyNotLay(state, link, onBoard) === undefined) out.push({ type: "lay", player, link });
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
