import { GOODS, mapGrid, type TileKind, comps } from "./data.js";
import { routeDistances, sheetNetwork } from "./network.js";
import type { State, TileState } from "./schema.js";

// Small predicates of the rulebook, shared by legal.ts, apply.ts, flow.ts and score.ts.

/** True in solo play against Olive. */
export const isSolo = (s: State): boolean => s.players === 1;

/** The kind and points printed on the face-up side of action tile `n` (tile 2 is the solo tile in solo play). */
export function tileFace(s: State, n: number): { kind: TileKind; points: number } {
  const t = s.tiles[n - 1]!;
  const sides = n === 2 && isSolo(s) ? comps(s).soloTile : comps(s).actionTiles[n - 1]!;
  return sides[t.side];
}

/** "as long as she holds this tile": held by `seat`, upright or sideways, with face `side` if given. */
export function holds(s: State, seat: number, n: number, side?: TileState["side"]): boolean {
  const t = s.tiles[n - 1]!;
  return t.holder === seat && (side === undefined || t.side === side);
}

/**
 * The holder may use tile `n` now: upright (a sideways tile was just taken), not used yet on this
 * die, and in solo play a permanent tile serves only one of the two actions of a turn.
 */
export function canUseTile(s: State, seat: number, n: number, side?: TileState["side"]): boolean {
  const t = s.tiles[n - 1]!;
  const turn = s.turn;
  if (!turn || !holds(s, seat, n, side) || t.sideways || turn.dieUsed.includes(n)) return false;
  return !(isSolo(s) && tileFace(s, n).kind === "permanent" && turn.used.includes(n));
}

/** Spend a use of tile `n`: a one-shot (lightning) tile goes back to the centre. */
export function useTile(s: State, n: number): void {
  const turn = s.turn!;
  if (!turn.used.includes(n)) turn.used.push(n);
  if (!turn.dieUsed.includes(n)) turn.dieUsed.push(n);
  if (tileFace(s, n).kind === "oneShot") {
    const t = s.tiles[n - 1]!;
    t.holder = null;
    t.sideways = false;
  }
}

/** Engine boxes ticked (the engine bonus counts only these). */
export const boxesTicked = (s: State, seat: number): number => s.sheets[seat]!.engine.filter(Boolean).length;

/** Engine strength: boxes ticked, +1 while holding tile 4b. */
export function engineStrength(s: State, seat: number): number {
  return boxesTicked(s, seat) + (holds(s, seat, 4, "b") ? 1 : 0);
}

/** The value of the white die in use by the turn player. */
export function currentDie(s: State): number {
  const i = s.turn?.die;
  return i === null || i === undefined ? 0 : s.white[i]!.value;
}

/** Cities (index) a good of colour index `good` may be delivered to: its colour; black coal anywhere. */
export function destinationsOf(s: State, good: number, from: number): number[] {
  const g = mapGrid(comps(s).map);
  const out: number[] = [];
  for (let c = 0; c < 6; c++) {
    if (c === from) continue;
    if (good === 5 || g.colourOf[c] === GOODS[good]) out.push(c);
  }
  return out;
}

/** The cities (die values) of the grey regions: where grey goods go and personal goods sit. */
export function greyCities(s: State): number[] {
  const g = mapGrid(comps(s).map);
  return g.colourOf.flatMap((c, i) => (c === "grey" ? [i + 1] : []));
}

/** "three or more cities on the supply board are empty". */
export const emptyCities = (s: State): number => s.cities.filter((c) => c.length === 0).length;

/** Every hex of the sheet that can be drawn in holds a track. */
export function sheetFull(s: State, seat: number): boolean {
  const g = mapGrid(comps(s).map);
  const tracks = s.sheets[seat]!.tracks;
  return g.buildable.every((hexes) => hexes.every((h) => tracks[h] !== null && tracks[h] !== undefined));
}

/**
 * Added engine rule (the rulebook has no stalemate): the game is stuck when every sheet is full
 * and no seat has a route for any good left on the board within the strongest engine it can ever
 * reach (6 boxes, +1 with tile 4b in play; any length with tile 4a in play).
 */
export function deadlocked(s: State): boolean {
  for (let p = 0; p < s.players; p++) if (!sheetFull(s, p)) return false;
  const limit = s.tiles[3]!.side === "a" ? 30 : 6 + 1;
  for (let p = 0; p < s.players; p++) {
    const { graph } = sheetNetwork(s, p);
    for (let c = 0; c < 6; c++) {
      const goods = s.cities[c]!;
      if (goods.length === 0) continue;
      const masks = routeDistances(graph, c, limit);
      for (const good of new Set(goods)) if (destinationsOf(s, good, c).some((d) => masks[d]! !== 0)) return false;
    }
  }
  return true;
}

/** Olive's hexes per region: every hex but the city (towns yes, cities no). */
export function regionCapacity(s: State, region: number): number {
  return mapGrid(comps(s).map).buildable[region]!.length;
}
