import { drawFromBag, rollDice } from "@rules/core";
import { COLORS, LETTERS, RULES, type Color, type SpecialAction } from "./data.js";
import { abandonStaleLinks } from "./build.js";
import { mapRules } from "./hooks.js";
import type { State } from "./schema.js";

// The turn: I issue shares, II auction for player order, III select actions, IV build track,
// V move goods (two rounds), VI income, VII expenses, VIII income reduction, IX goods growth,
// X advance the turn marker. Phases that need no decision run by themselves.

/** The seat holding special action `a` this turn, if any (and still in the game). */
export function holder(s: State, a: SpecialAction): number | null {
  const p = s.selected.indexOf(a);
  return p >= 0 && !s.eliminated[p] ? p : null;
}

/** Player order with the holder of `first` moved to the front (First Build, First Move). */
function orderWithFirst(s: State, first: SpecialAction): number[] {
  const h = holder(s, first);
  return h === null ? [...s.order] : [h, ...s.order.filter((p) => p !== h)];
}

/** Phase I: players issue shares in player order. */
export function beginShares(s: State): void {
  s.phase = "shares";
  s.queue = [...s.order];
}

/** Phase II: the auction, bidding from the current first player. */
export function beginAuction(s: State): void {
  s.phase = "auction";
  s.queue = [];
  s.auction = { bids: s.cash.map(() => 0), active: [...s.order], dropped: [], high: null, turn: s.order[0]!, passUsed: false };
}

/** The next seat to bid after `p`: round the old order, skipping seats out and the high bidder. */
export function nextBidder(s: State, p: number): number {
  const a = s.auction!;
  const n = s.order.length;
  const i = s.order.indexOf(p);
  for (let k = 1; k <= n; k++) {
    const q = s.order[(i + k) % n]!;
    if (a.active.includes(q) && q !== a.high) return q;
  }
  return a.active[0]!;
}

/**
 * End of the auction: the last bidder left is first, drop-outs fill the seats from the back.
 * First and second pay their bid, the last (first to drop out) pays nothing, the others half,
 * rounded up.
 */
export function resolveAuction(s: State): void {
  const a = s.auction!;
  const order = [...a.active, ...[...a.dropped].reverse()];
  order.forEach((p, i) => {
    const bid = a.bids[p]!;
    const pay = i === order.length - 1 ? 0 : i <= 1 ? bid : Math.ceil(bid / 2);
    s.cash[p]! -= pay;
  });
  s.order = order;
  s.auction = null;
  s.phase = "select";
  s.queue = [...order];
  s.selected = s.cash.map(() => null);
}

/** After each auction step: resolve once one bidder is left, else pass the turn on. */
export function afterBid(s: State, p: number): void {
  const a = s.auction!;
  if (a.active.length <= 1) resolveAuction(s);
  else a.turn = nextBidder(s, p);
}

/** Phase IV: First Build first, then player order. */
export function beginBuild(s: State): void {
  s.phase = "build";
  s.queue = orderWithFirst(s, "firstBuild");
  s.build = { count: 0, hexes: [], urbanized: false };
}

/** A builder says done: their stale incomplete links are abandoned, the next builds. */
export function endBuildTurn(s: State, p: number): void {
  abandonStaleLinks(s, p);
  s.queue.shift();
  s.build = { count: 0, hexes: [], urbanized: false };
  if (s.queue.length === 0) beginMove(s, 1);
}

/** Phase V, round 1 or 2: First Move first, then player order. */
export function beginMove(s: State, round: 1 | 2): void {
  s.phase = "move";
  s.move.round = round;
  if (round === 1) s.move.locoRaised = s.cash.map(() => false);
  s.queue = orderWithFirst(s, "firstMove");
}

/** A mover is done for this round. */
export function endMoveTurn(s: State): void {
  s.queue.shift();
  if (s.queue.length > 0) return;
  if (s.move.round === 1) beginMove(s, 2);
  else collectIncomeAndExpenses(s);
}

/** Income lost in phase VIII for an income (0–10: 0, 11–20: 2, ... 41–49: 8, 50+: 10). */
export function incomeReduction(income: number): number {
  for (const [from, lost] of RULES.incomeReduction) if (income >= from) return lost;
  return 0;
}

/** Remove a bankrupt player: out of the order, their ownership markers off the board. */
export function eliminate(s: State, p: number): void {
  s.eliminated[p] = true;
  s.income[p] = 0;
  s.cash[p] = 0;
  s.order = s.order.filter((q) => q !== p);
  s.queue = s.queue.filter((q) => q !== p);
  if (s.turnOrderPass === p) s.turnOrderPass = null;
  for (const t of s.track) for (const path of t.paths) if (path.owner === p) path.owner = null;
  s.connections = s.connections.map((c) => (c && c.owner === p ? null : c));
}

/** Phases VI–VIII, then Production and goods growth (IX), then the turn marker (X). */
export function collectIncomeAndExpenses(s: State): void {
  s.queue = [];
  for (const p of [...s.order]) s.cash[p] = Math.min(RULES.maxCash, s.cash[p]! + s.income[p]!);
  for (const p of [...s.order]) {
    const due = s.shares[p]! + s.loco[p]!;
    if (s.cash[p]! >= due) {
      s.cash[p]! -= due;
      continue;
    }
    const short = due - s.cash[p]!;
    s.cash[p] = 0;
    if (short > s.income[p]!) eliminate(s, p);
    else s.income[p]! -= short;
  }
  if (s.order.length <= 1) {
    s.phase = "over";
    s.queue = [];
    return;
  }
  for (const p of s.order) s.income[p]! -= incomeReduction(s.income[p]!);
  beginProduction(s);
}

/** Empty display spaces, as column indices (one entry per column with room). */
export function openColumns(s: State): number[] {
  const out: number[] = [];
  s.display.forEach((col, i) => {
    if (col.some((c) => c === null)) out.push(i);
  });
  return out;
}

/** Start of IX: the Production holder draws 2 cubes to place on empty display spaces (lost if none). */
function beginProduction(s: State): void {
  const p = holder(s, "production");
  if (p !== null) {
    for (let i = 0; i < 2; i++) {
      const k = drawFromBag(s.rng, s.bag);
      if (k >= 0) s.production.push(COLORS[k]!);
    }
    if (s.production.length > 0 && openColumns(s).length > 0) {
      s.phase = "production";
      s.queue = [p];
      return;
    }
  }
  endProduction(s);
}

/** Production is over: unplaced cubes go back to the bag; goods growth and the turn marker follow. */
export function endProduction(s: State): void {
  for (const c of s.production) s.bag[COLORS.indexOf(c)]! += 1;
  s.production = [];
  s.queue = [];
  goodsGrowth(s);
  advanceTurn(s);
}

/** Move the top cube of display column `col` to a city's goods (nothing when the column is empty). */
function growFrom(s: State, col: number, onto: Color[]): void {
  const column = s.display[col]!;
  const i = column.findIndex((c) => c !== null);
  if (i < 0) return;
  onto.push(column[i]!);
  column[i] = null;
}

/**
 * IX: one die per player (counted at the start of the game) for the light cities, then as many
 * for the dark cities; each die moves one cube from that number's column to its city, and from
 * a new city's own column when its face comes up on its side.
 */
export function goodsGrowth(s: State): void {
  const light = rollDice(s.rng, s.players);
  const dark = rollDice(s.rng, s.players);
  s.lastRoll = { light, dark };
  for (const [group, dice, base] of [["light", light, 0], ["dark", dark, 6]] as const) {
    for (const face of dice) {
      s.map.cities.forEach((city, i) => {
        if (city.growth.some((g) => g.group === group && g.face === face)) growFrom(s, base + face - 1, s.goods[i]!);
        // A new-city tile printed on the board (Orient Express: Constantinople, E) grows from its tile's column.
        const li = city.printedNewCity === undefined ? -1 : LETTERS.indexOf(city.printedNewCity);
        const g = li < 0 ? undefined : s.newCities[li]!.growth;
        if (g && g.group === group && g.face === face) growFrom(s, 12 + li, s.goods[i]!);
      });
      for (const u of s.urbanized) {
        const li = LETTERS.indexOf(u.letter);
        const g = s.newCities[li]!.growth;
        if (g.group === group && g.face === face) growFrom(s, 12 + li, s.newCityGoods[li]!);
      }
    }
  }
}

/** X: the map's extra tax, then the next turn (or the end after the last). */
export function advanceTurn(s: State): void {
  const hook = mapRules(s.map).afterIncomeReduction;
  if (hook) hook(s);
  else if (s.map.incomeTax > 0) for (const p of s.order) s.income[p] = Math.max(0, s.income[p]! - s.map.incomeTax);
  if (s.turn >= s.lastTurn) {
    s.phase = "over";
    s.queue = [];
    return;
  }
  s.turn += 1;
  s.turnOrderPass = holder(s, "turnOrder");
  s.selected = s.cash.map(() => null);
  beginShares(s);
}
