import type { PlayerId } from "@rules/core";
import { BLACK, GREY, mapGrid, comps } from "./data.js";
import { canTakeSecondDie, freeDice, fulfilments, orderChoicesExist } from "./flow.js";
import { distancesIn, routeDistances, sheetNetwork, trackType } from "./network.js";
import { canUseTile, currentDie, destinationsOf, engineStrength, greyCities } from "./rules.js";
import type { Action, State } from "./schema.js";

/** The seat that may act now: the turn player, or the holder of tile 2b while a die may be claimed. */
export function activePlayers(state: State): PlayerId[] {
  if (state.over || !state.turn) return [];
  if (state.turn.stage === "claim") return state.claim ? [state.claim.seat] : [];
  return [state.turn.player];
}

/** Every legal action of the active seat (or of `player` only), in a stable order, no duplicates. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  const active = activePlayers(state);
  if (active.length === 0 || (player !== undefined && !active.includes(player))) return [];
  return actionsOf(state, active[0]!);
}

const EDGE_PAIRS: Array<[number, number]> = [];
for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) EDGE_PAIRS.push([a, b]);

function actionsOf(s: State, player: number): Action[] {
  const turn = s.turn!;
  const g = mapGrid(comps(s).map);
  switch (turn.stage) {
    case "power":
      return powerChoices(s, player);
    case "powerRail": {
      const [col, row] = g.hex.cells[s.powers!.hex!]!;
      return EDGE_PAIRS.map(([a, b]) => ({ type: "build", player, col, row, edges: [a, b] }));
    }
    case "powerGood":
      return greyCities(s).map((city) => ({ type: "placeGood", player, city }));
    case "pick":
      return distinctDice(s).map((die) => ({ type: "pickDie", player, die }));
    case "claim":
      return [
        { type: "claimDie", player },
        { type: "done", player },
      ];
    case "act":
      return [...dieChanges(s, player), ...mainActions(s, player)];
    case "end": {
      const out: Action[] = [];
      if (orderChoicesExist(s)) {
        s.orders.forEach((o, order) => {
          if (o.holder !== null) return;
          for (const wild of fulfilments(s, order, s.sheets[player]!.kept)) out.push({ type: "fulfilOrder", player, order, wild: wild as never });
        });
      }
      if (canTakeSecondDie(s)) for (const die of distinctDice(s)) out.push({ type: "secondDie", player, die });
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

/** Free white dice, one per value (two dice showing the same value are the same choice). */
function distinctDice(s: State): number[] {
  const seen = new Set<number>();
  return freeDice(s).filter((i) => {
    const v = s.white[i]!.value;
    if (seen.has(v)) return false;
    seen.add(v);
    return true;
  });
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
function dieChanges(s: State, player: number): Action[] {
  const v = currentDie(s);
  const out: Action[] = [];
  if (canUseTile(s, player, 1)) for (let value = 1; value <= 6; value++) if (value !== v) out.push({ type: "setDie", player, value });
  if (canUseTile(s, player, 5, "a")) {
    if (v > 1) out.push({ type: "nudgeDie", player, delta: -1 });
    if (v < 6) out.push({ type: "nudgeDie", player, delta: 1 });
  }
  if (canUseTile(s, player, 5, "b")) out.push({ type: "rerollDie", player }, { type: "flipDie", player });
  return out;
}

/** The four actions of the rulebook with the current white die (or `pass` when none is possible). */
export function mainActions(s: State, player: number): Action[] {
  const v = currentDie(s);
  const out: Action[] = [...builds(s, player, v)];
  if (!s.sheets[player]!.engine[v - 1]) out.push({ type: "improveEngine", player });
  out.push(...deliveries(s, player, v));
  if (canTakeTile(s, player, v)) out.push({ type: "takeTile", player });
  if (out.length === 0) out.push({ type: "pass", player });
  return out;
}

/** Track types the black die allows (tile 6: any of the three). */
export function allowedTypes(s: State, player: number): string[] {
  if (canUseTile(s, player, 6)) return ["sharp", "gentle", "straight"];
  return [...comps(s).blackDie[s.black - 1]!];
}

/** "one empty hex ... The white die determines in which region ... The black die determines which type." */
function builds(s: State, player: number, v: number): Action[] {
  const g = mapGrid(comps(s).map);
  const tracks = s.sheets[player]!.tracks;
  const types = allowedTypes(s, player);
  const pairs = EDGE_PAIRS.filter(([a, b]) => types.includes(trackType(a, b)));
  const out: Action[] = [];
  for (const h of g.buildable[v - 1]!) {
    if (tracks[h] !== null) continue;
    const [col, row] = g.hex.cells[h]!;
    for (const [a, b] of pairs) out.push({ type: "build", player, col, row, edges: [a, b] });
  }
  return out;
}

/** "The tile can be taken from the centre ... or stolen from another player if it is not turned sideways", or your own upright one. */
export function canTakeTile(s: State, player: number, v: number): boolean {
  const t = s.tiles[v - 1]!;
  return t.holder === null || !t.sideways;
}

/** A good that can be delivered: where it is and its colour. */
interface Source {
  from: number;
  slot: number;
  good: number;
}

/** Goods the seat may deliver from city index `c`: one per colour (solo: every slot, the line order matters to Olive), and her personal good. */
function goodsAt(s: State, player: number, c: number): Source[] {
  const line = s.cities[c]!;
  const out: Source[] = [];
  const seen = new Set<number>();
  line.forEach((good, slot) => {
    if (s.players > 1 && seen.has(good)) return;
    seen.add(good);
    out.push({ from: c, slot, good });
  });
  const own = s.sheets[player]!.personal;
  if (own && own.city === c + 1) out.push({ from: c, slot: -1, good: ["yellow", "red", "green", "blue", "grey", "black"].indexOf(own.good) });
  return out;
}

/**
 * Deliver Goods: from the city of the white die (tile 3a: to it instead) to a city of the good's
 * colour, along the seat's own connections, no city twice, distance within the engine (tile 4a:
 * any); tile 3b adds 1 or 2 to the distance, still within the engine.
 */
export function deliveries(s: State, player: number, v: number): Action[] {
  const strength = engineStrength(s, player);
  const unlimited = canUseTile(s, player, 4, "a");
  const boosts = canUseTile(s, player, 3, "b") ? [0, 1, 2] : [0];
  const asDestination = canUseTile(s, player, 3, "a");
  const limit = unlimited ? 30 : strength;
  if (limit < 1) return [];
  const { graph } = sheetNetwork(s, player);
  const out: Action[] = [];
  const sources = asDestination ? [0, 1, 2, 3, 4, 5] : [v - 1];
  for (const c of sources) {
    if (graph[c]!.length === 0) continue;
    const sourceGoods = goodsAt(s, player, c);
    if (sourceGoods.length === 0) continue;
    const masks = routeDistances(graph, c, limit);
    for (const src of sourceGoods) {
      for (const d of destinationsOf(s, src.good, c)) {
        if (c !== v - 1 && d !== v - 1) continue;
        for (const distance of distancesIn(masks[d]!)) {
          for (const boost of boosts) {
            if (!unlimited && distance + boost > strength) continue;
            out.push({ type: "deliver", player, from: c + 1, slot: src.slot, to: d + 1, distance, boost });
          }
        }
      }
    }
  }
  return out;
}
