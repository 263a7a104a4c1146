import type { PlayerId } from "@rules/core";
import { BLACK, GOODS, GREY, mapGrid, comps, type TrackType } from "./data.js";
import { canTakeSecondDie, fulfilments, orderChoicesExist } from "./flow.js";
import { routeDistances, sheetNetwork, trackType } from "./network.js";
import { canUseTile, currentDie, destinationsOf, engineStrength, greyCities } from "./rules.js";
import type { Action, State } from "./schema.js";

// Hot code (bots and simulation call it at every step): loops that push into one result array,
// tables built once, no per-call sets or seat lists.

/** The seat that may act now: the turn player, or the holder of tile 2b while a die may be claimed. */
export function activePlayers(state: State): PlayerId[] {
  const p = actor(state);
  return p < 0 ? [] : [p];
}

/** The one seat that may act, or −1. */
function actor(state: State): number {
  const turn = state.turn;
  if (state.over || !turn) return -1;
  if (turn.stage === "claim") return state.claim ? state.claim.seat : -1;
  return turn.player;
}

/** Every legal action of the active seat (or of `player` only), in a stable order, no duplicates. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  const p = actor(state);
  if (p < 0 || (player !== undefined && player !== p)) return [];
  return actionsOf(state, p);
}

/** The 15 tracks of a hex (edge pairs a < b) and the type of each. */
const EDGE_PAIRS: ReadonlyArray<readonly [number, number]> = (() => {
  const out: Array<[number, number]> = [];
  for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) out.push([a, b]);
  return out;
})();
const PAIR_TYPES: readonly TrackType[] = EDGE_PAIRS.map(([a, b]) => trackType(a, b));
const ANY_TYPE: readonly TrackType[] = ["sharp", "gentle", "straight"];

function actionsOf(s: State, player: number): Action[] {
  const turn = s.turn!;
  const g = mapGrid(comps(s).map);
  switch (turn.stage) {
    case "power":
      return powerChoices(s, player);
    case "powerRail": {
      const [col, row] = g.hex.cells[s.powers!.hex!]!;
      return EDGE_PAIRS.map(([a, b]) => ({ type: "build", player, col, row, edges: [a, b] }) as Action);
    }
    case "powerGood":
      return greyCities(s).map((city) => ({ type: "placeGood", player, city }));
    case "pick": {
      const out: Action[] = [];
      for (let die = 0; die < s.white.length; die++) if (isDistinctFreeDie(s, die)) out.push({ type: "pickDie", player, die });
      return out;
    }
    case "claim":
      return [
        { type: "claimDie", player },
        { type: "done", player },
      ];
    case "act": {
      const out: Action[] = [];
      dieChanges(s, player, out);
      mainActions(s, player, out);
      return out;
    }
    case "end": {
      const out: Action[] = [];
      if (orderChoicesExist(s)) {
        s.orders.forEach((o, order) => {
          if (o.holder !== null) return;
          for (const wild of fulfilments(s, order, s.sheets[player]!.kept)) out.push({ type: "fulfilOrder", player, order, wild: wild as never });
        });
      }
      if (canTakeSecondDie(s)) for (let die = 0; die < s.white.length; die++) if (isDistinctFreeDie(s, die)) out.push({ type: "secondDie", player, die });
      out.push({ type: "done", player });
      return out;
    }
    case "beforeOlive":
      return [
        { type: "rerollOlive", player },
        { type: "done", player },
      ];
    case "olive4":
      return [
        { type: "blockOlive", player },
        { type: "done", player },
      ];
  }
}

/** White die `i` is free and the first free die of its value (two dice showing the same value are the same choice). */
function isDistinctFreeDie(s: State, i: number): boolean {
  const d = s.white[i];
  if (!d || d.user !== null) return false;
  for (let j = 0; j < i; j++) if (s.white[j]!.user === null && s.white[j]!.value === d.value) return false;
  return true;
}

function powerChoices(s: State, player: number): Action[] {
  const g = mapGrid(comps(s).map);
  const out: Action[] = [];
  for (const power of s.powers!.left) {
    switch (power) {
      case "engine":
        for (let box = 1; box <= 6; box++) out.push({ type: "powerEngine", player, box });
        break;
      case "rail":
        g.hex.cells.forEach(([col, row], h) => {
          if (g.cityOf[h]! < 0 && s.sheets[player]!.tracks[h] === null) out.push({ type: "powerRail", player, col, row });
        });
        break;
      case "points":
        out.push({ type: "powerPoints", player });
        break;
      case "tile":
        s.tiles.forEach((t, i) => t.holder === null && out.push({ type: "powerTile", player, tile: i + 1 }));
        break;
      case "delivery":
        if (s.bag.some((n, c) => n > 0 && c !== GREY && c !== BLACK)) out.push({ type: "powerDelivery", player });
        break;
    }
  }
  return out;
}

/** Tiles 1, 5a and 5b change the white die before the action. */
function dieChanges(s: State, player: number, out: Action[]): void {
  const v = currentDie(s);
  if (canUseTile(s, player, 1)) for (let value = 1; value <= 6; value++) if (value !== v) out.push({ type: "setDie", player, value });
  if (canUseTile(s, player, 5, "a")) {
    if (v > 1) out.push({ type: "nudgeDie", player, delta: -1 });
    if (v < 6) out.push({ type: "nudgeDie", player, delta: 1 });
  }
  if (canUseTile(s, player, 5, "b")) out.push({ type: "rerollDie", player }, { type: "flipDie", player });
}

/** The four actions of the rulebook with the current white die (or `pass` when none is possible). */
function mainActions(s: State, player: number, out: Action[]): void {
  const v = currentDie(s);
  const before = out.length;
  builds(s, player, v, out);
  if (!s.sheets[player]!.engine[v - 1]) out.push({ type: "improveEngine", player });
  pushDeliveries(s, player, v, out);
  if (canTakeTile(s, player, v)) out.push({ type: "takeTile", player });
  if (out.length === before) out.push({ type: "pass", player });
}

/** Track types the black die allows (tile 6: any of the three). */
export function allowedTypes(s: State, player: number): readonly TrackType[] {
  if (canUseTile(s, player, 6)) return ANY_TYPE;
  return comps(s).blackDie[s.black - 1]!;
}

/** "one empty hex ... The white die determines in which region ... The black die determines which type." */
function builds(s: State, player: number, v: number, out: Action[]): void {
  const g = mapGrid(comps(s).map);
  const tracks = s.sheets[player]!.tracks;
  const types = allowedTypes(s, player);
  const hexes = g.buildable[v - 1]!;
  for (let i = 0; i < hexes.length; i++) {
    const h = hexes[i]!;
    if (tracks[h] !== null) continue;
    const [col, row] = g.hex.cells[h]!;
    for (let k = 0; k < EDGE_PAIRS.length; k++) {
      if (!types.includes(PAIR_TYPES[k]!)) continue;
      const [a, b] = EDGE_PAIRS[k]!;
      out.push({ type: "build", player, col, row, edges: [a, b] });
    }
  }
}

/** Build track with die `v` is legal: an empty buildable hex of the die's region, a track type allowed. */
function canBuild(s: State, a: Extract<Action, { type: "build" }>, v: number): boolean {
  const g = mapGrid(comps(s).map);
  const h = g.hex.indexOf(a.col, a.row);
  const [e0, e1] = a.edges;
  if (h < 0 || g.regionOf[h] !== v - 1 || g.cityOf[h]! >= 0 || s.sheets[a.player]!.tracks[h] !== null || e0 >= e1) return false;
  return allowedTypes(s, a.player).includes(trackType(e0, e1));
}

/** Some track can be built with die `v` (the region has an empty hex: every hex takes some allowed type). */
function anyBuild(s: State, player: number, v: number): boolean {
  const tracks = s.sheets[player]!.tracks;
  const hexes = mapGrid(comps(s).map).buildable[v - 1]!;
  for (let i = 0; i < hexes.length; i++) if (tracks[hexes[i]!] === null) return true;
  return false;
}

/** "The tile can be taken from the centre ... or stolen from another player if it is not turned sideways", or your own upright one. */
export function canTakeTile(s: State, player: number, v: number): boolean {
  const t = s.tiles[v - 1]!;
  return t.holder === null || !t.sideways;
}

/**
 * Goods the seat may deliver from city index `c`, as slots (−1: her personal good there): one per
 * colour, the first in line (solo: every slot, the line order matters to Olive).
 */
function pushSources(s: State, player: number, c: number, slots: number[]): void {
  const line = s.cities[c]!;
  let seen = 0;
  for (let slot = 0; slot < line.length; slot++) {
    const bit = 1 << line[slot]!;
    if (s.players > 1 && seen & bit) continue;
    seen |= bit;
    slots.push(slot);
  }
  const own = s.sheets[player]!.personal;
  if (own && own.city === c + 1) slots.push(-1);
}

/**
 * Deliver Goods: from the city of the white die (tile 3a: to it instead) to a city of the good's
 * colour, along the seat's own connections, no city twice, distance within the engine (tile 4a:
 * any); tile 3b adds 1 or 2 to the distance, still within the engine.
 */
export function deliveries(s: State, player: number, v: number): Action[] {
  const out: Action[] = [];
  pushDeliveries(s, player, v, out);
  return out;
}

function pushDeliveries(s: State, player: number, v: number, out: Action[]): void {
  const strength = engineStrength(s, player);
  const unlimited = canUseTile(s, player, 4, "a");
  const maxBoost = canUseTile(s, player, 3, "b") ? 2 : 0;
  const asDestination = canUseTile(s, player, 3, "a");
  const limit = unlimited ? 30 : strength;
  if (limit < 1) return;
  let graph: ReturnType<typeof sheetNetwork>["graph"] | null = null;
  const slots: number[] = [];
  for (let c = asDestination ? 0 : v - 1; c < (asDestination ? 6 : v); c++) {
    slots.length = 0;
    pushSources(s, player, c, slots);
    if (slots.length === 0) continue;
    graph ??= sheetNetwork(s, player).graph;
    if (graph[c]!.length === 0) continue;
    const masks = routeDistances(graph, c, limit);
    for (const slot of slots) {
      for (const d of destinationsOf(s, goodOf(s, player, c, slot), c)) {
        if (c !== v - 1 && d !== v - 1) continue;
        const mask = masks[d]!;
        for (let distance = 1; distance <= 30; distance++) {
          if (!(mask & (1 << distance))) continue;
          for (let boost = 0; boost <= maxBoost; boost++) {
            if (!unlimited && distance + boost > strength) continue;
            out.push({ type: "deliver", player, from: c + 1, slot, to: d + 1, distance, boost });
          }
        }
      }
    }
  }
}

/** The colour index of the good in `slot` of city `c` (−1: the seat's personal good). */
function goodOf(s: State, player: number, c: number, slot: number): number {
  return slot < 0 ? GOODS.indexOf(s.sheets[player]!.personal!.good) : s.cities[c]![slot]!;
}

/** This delivery is among {@link deliveries}: the same conditions, checked for one action. */
function canDeliver(s: State, a: Extract<Action, { type: "deliver" }>, v: number): boolean {
  const c = a.from - 1;
  const d = a.to - 1;
  const unlimited = canUseTile(s, a.player, 4, "a");
  const strength = engineStrength(s, a.player);
  if (c !== v - 1 && !(d === v - 1 && canUseTile(s, a.player, 3, "a"))) return false;
  if (a.boost > (canUseTile(s, a.player, 3, "b") ? 2 : 0)) return false;
  if (a.distance > 30 || (!unlimited && a.distance + a.boost > strength)) return false;
  const slots: number[] = [];
  pushSources(s, a.player, c, slots);
  if (!slots.includes(a.slot) || !destinationsOf(s, goodOf(s, a.player, c, a.slot), c).includes(d)) return false;
  const graph = sheetNetwork(s, a.player).graph;
  if (graph[c]!.length === 0) return false;
  return (routeDistances(graph, c, unlimited ? 30 : strength)[d]! & (1 << a.distance)) !== 0;
}

/** Some delivery is possible with die `v` (decides whether `pass` is legal). */
function anyDelivery(s: State, player: number, v: number): boolean {
  const out: Action[] = [];
  pushDeliveries(s, player, v, out);
  return out.length > 0;
}

/**
 * True exactly when `a` (well formed, by the seat that may act) is in `legalActions(s, a.player)`:
 * the same rules as the listing, checked for one action without listing the others.
 */
export function isLegal(s: State, a: Action): boolean {
  const turn = s.turn;
  if (!turn || s.over || a.player !== actor(s)) return false;
  const player = a.player;
  switch (turn.stage) {
    case "power": {
      const left = s.powers!.left;
      switch (a.type) {
        case "powerEngine":
          return left.includes("engine");
        case "powerRail": {
          const g = mapGrid(comps(s).map);
          const h = g.hex.indexOf(a.col, a.row);
          return left.includes("rail") && h >= 0 && g.cityOf[h]! < 0 && s.sheets[player]!.tracks[h] === null;
        }
        case "powerPoints":
          return left.includes("points");
        case "powerTile":
          return left.includes("tile") && s.tiles[a.tile - 1]!.holder === null;
        case "powerDelivery":
          return left.includes("delivery") && s.bag.some((n, c) => n > 0 && c !== GREY && c !== BLACK);
        default:
          return false;
      }
    }
    case "powerRail": {
      if (a.type !== "build") return false;
      const [col, row] = mapGrid(comps(s).map).hex.cells[s.powers!.hex!]!;
      return a.col === col && a.row === row && a.edges[0] < a.edges[1];
    }
    case "powerGood":
      return a.type === "placeGood" && mapGrid(comps(s).map).colourOf[a.city - 1] === "grey";
    case "pick":
      return a.type === "pickDie" && isDistinctFreeDie(s, a.die);
    case "claim":
      return a.type === "claimDie" || a.type === "done";
    case "act": {
      const v = currentDie(s);
      switch (a.type) {
        case "setDie":
          return canUseTile(s, player, 1) && a.value !== v;
        case "nudgeDie":
          return canUseTile(s, player, 5, "a") && v + a.delta >= 1 && v + a.delta <= 6;
        case "rerollDie":
        case "flipDie":
          return canUseTile(s, player, 5, "b");
        case "build":
          return canBuild(s, a, v);
        case "improveEngine":
          return !s.sheets[player]!.engine[v - 1];
        case "deliver":
          return canDeliver(s, a, v);
        case "takeTile":
          return canTakeTile(s, player, v);
        case "pass":
          return !anyBuild(s, player, v) && s.sheets[player]!.engine[v - 1] === true && !canTakeTile(s, player, v) && !anyDelivery(s, player, v);
        default:
          return false;
      }
    }
    case "end":
      switch (a.type) {
        case "fulfilOrder":
          return orderChoicesExist(s) && s.orders[a.order]?.holder === null && fulfilments(s, a.order, s.sheets[player]!.kept).includes(a.wild);
        case "secondDie":
          return canTakeSecondDie(s) && isDistinctFreeDie(s, a.die);
        default:
          return a.type === "done";
      }
    case "beforeOlive":
      return a.type === "rerollOlive" || a.type === "done";
    case "olive4":
      return a.type === "blockOlive" || a.type === "done";
  }
}
