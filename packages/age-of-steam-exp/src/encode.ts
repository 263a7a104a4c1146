import { RulesError, type GameEncoding, type PlayerId } from "@rules/core";
import { isPark } from "./amusement.js";
import { parkEncoding } from "./amusement-encode.js";
import { ACTIONS, COLORS, LETTERS, RULES, TILE_IDS, type Color } from "./data.js";
import { activePlayers, legalActions } from "./legal.js";
import { legalDeliveries, walkDelivery, type Delivery } from "./move.js";
import { ORIENTED, compileMap, oriented, type CompiledMap } from "./map.js";
import { network } from "./network.js";
import { PhaseSchema, type Action, type State } from "./schema.js";
import { tableView } from "./view.js";

// Numbers for learning agents, for hex maps. Sizes are fixed by the map: H hexes, K printed cities,
// T towns; S = K + 8 city slots (the printed cities in map order, then new cities A–H). The layout
// is in docs/games/age-of-steam-exp.md ("Numeric encoding").

const SEATS = 6;
const PHASES = PhaseSchema.options;
/** Bids are indexed by amount, $1 up to the most cash a player can hold. */
const BIDS = RULES.maxCash;
/** Deliveries of one good from one city to one city: the first V in the rules' search order get an index. */
export const MOVE_VARIANTS = 16;

/** The compiled map of a state, refusing a map the encoding cannot lay out. */
function hexMap(s: State): CompiledMap {
  const topology = String((s.map as { topology?: unknown }).topology ?? "hex");
  if (topology !== "hex") {
    throw new RulesError("INVALID_OPTIONS", `The numeric encoding covers hex maps only: ${s.map.name} is a ${topology} map, whose actions have no fixed index yet.`);
  }
  return compileMap(s.map);
}

/** Where each action type's indices start, for a map. */
function layout(map: CompiledMap) {
  const select = 5;
  const produce = select + ACTIONS.length;
  const bid = produce + 20;
  const build = bid + BIDS;
  const urbanize = build + map.grid.cells.length * ORIENTED.length;
  const move = urbanize + map.townHex.length * LETTERS.length;
  const slots = map.cityHex.length + LETTERS.length;
  const claim = move + slots * COLORS.length * slots * MOVE_VARIANTS;
  return { select, produce, bid, build, urbanize, move, slots, claim, count: claim + map.data.connections.length };
}

const SIMPLE = ["issueShare", "done", "dropOut", "pass", "raiseLoco"] as const;
const ORIENTED_INDEX = new Map(ORIENTED.map((o, i) => [o, i]));

/** The city slot of a city hex (printed cities in map order, then new cities by letter), or -1. */
function slotOf(s: State, map: CompiledMap, hex: number): number {
  const i = map.cityAt[hex] ?? -1;
  if (i >= 0) return i;
  const u = s.urbanized.find((x) => x.hex === hex);
  return u ? map.cityHex.length + LETTERS.indexOf(u.letter) : -1;
}

/** The hex of a city slot (-1 for a new city not on the board). */
function hexOfSlot(s: State, map: CompiledMap, slot: number): number {
  if (slot < map.cityHex.length) return map.cityHex[slot]!;
  return s.urbanized.find((u) => u.letter === LETTERS[slot - map.cityHex.length])?.hex ?? -1;
}

/** `player`'s legal deliveries by (origin slot, colour, destination slot), each list in the rules' order. */
function deliveryGroups(s: State, map: CompiledMap, player: PlayerId): Map<number, Delivery[]> {
  const groups = new Map<number, Delivery[]>();
  if (s.phase !== "move" || activePlayers(s)[0] !== player) return groups;
  const net = network(s);
  const l = layout(map);
  for (const d of legalDeliveries(s, player)) {
    const w = walkDelivery(s, net, d);
    if ("why" in w) continue;
    const key = moveKey(l.slots, slotOf(s, map, d.from), d.color, slotOf(s, map, w.stops[w.stops.length - 1]!));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(d);
  }
  return groups;
}

function moveKey(slots: number, from: number, color: Color, to: number): number {
  return (from * COLORS.length + COLORS.indexOf(color)) * slots + to;
}

const sameDelivery = (a: Delivery, b: Delivery): boolean => JSON.stringify([a.from, a.color, a.route, a.rides ?? null]) === JSON.stringify([b.from, b.color, b.route, b.rides ?? null]);

function encodeAction(s: State, a: Action): number {
  const map = hexMap(s);
  const l = layout(map);
  const out = (what: string): never => {
    throw new RangeError(`${a.type}: ${what} is outside the encoding's range`);
  };
  switch (a.type) {
    case "issueShare":
    case "done":
    case "dropOut":
    case "pass":
    case "raiseLoco":
      return SIMPLE.indexOf(a.type);
    case "select":
      return (ACTIONS as readonly string[]).includes(a.action) ? l.select + (ACTIONS as readonly string[]).indexOf(a.action) : out("an Amusement Park special action");
    case "produce":
      return l.produce + a.column;
    case "bid":
      return a.amount >= 1 && a.amount <= BIDS ? l.bid + a.amount - 1 : out("the amount");
    case "build": {
      const o = oriented(a.tile, a.rot);
      if (!o || o.rot !== a.rot) return out("a rotation that repeats a smaller one");
      if (a.hex >= map.grid.cells.length) return out("the hex");
      return l.build + a.hex * ORIENTED.length + ORIENTED_INDEX.get(o)!;
    }
    case "urbanize": {
      const t = map.townAt[a.hex] ?? -1;
      return t >= 0 ? l.urbanize + t * LETTERS.length + LETTERS.indexOf(a.letter) : out("a hex that is no town");
    }
    case "move": {
      const w = walkDelivery(s, network(s), a);
      if ("why" in w) return out(`a delivery that is no route (${w.why})`);
      const from = slotOf(s, map, a.from);
      const to = slotOf(s, map, w.stops[w.stops.length - 1]!);
      if (from < 0 || to < 0) return out("a delivery that does not run from a city to a city");
      const key = moveKey(l.slots, from, a.color, to);
      const v = (deliveryGroups(s, map, a.player).get(key) ?? []).findIndex((d) => sameDelivery(d, a));
      if (v < 0 || v >= MOVE_VARIANTS) return out(v < 0 ? "a delivery that is not legal now (deliveries are indexed among the legal ones)" : `delivery variant ${v}`);
      return l.move + key * MOVE_VARIANTS + v;
    }
    case "claim":
      return a.connection < map.data.connections.length ? l.claim + a.connection : out("a connection the map does not print");
    case "lay":
    case "transport":
      return out("an Amusement Park action");
  }
}

function decodeAction(s: State, player: PlayerId, index: number): Action {
  const map = hexMap(s);
  const l = layout(map);
  if (!Number.isInteger(index) || index < 0 || index >= l.count) throw new RangeError(`action index ${index} is outside 0..${l.count - 1}`);
  if (index < l.select) return { type: SIMPLE[index]!, player };
  if (index < l.produce) return { type: "select", player, action: ACTIONS[index - l.select]! };
  if (index < l.bid) return { type: "produce", player, column: index - l.produce };
  if (index < l.build) return { type: "bid", player, amount: index - l.bid + 1 };
  if (index < l.urbanize) {
    const i = index - l.build;
    const o = ORIENTED[i % ORIENTED.length]!;
    return { type: "build", player, hex: Math.floor(i / ORIENTED.length), tile: o.tile, rot: o.rot };
  }
  if (index < l.move) {
    const i = index - l.urbanize;
    return { type: "urbanize", player, hex: map.townHex[Math.floor(i / LETTERS.length)]!, letter: LETTERS[i % LETTERS.length]! };
  }
  if (index >= l.claim) return { type: "claim", player, connection: index - l.claim };
  const i = index - l.move;
  const v = i % MOVE_VARIANTS;
  const key = Math.floor(i / MOVE_VARIANTS);
  const to = key % l.slots;
  const color = COLORS[Math.floor(key / l.slots) % COLORS.length]!;
  const from = Math.floor(key / l.slots / COLORS.length);
  const d = deliveryGroups(s, map, player).get(key)?.[v];
  if (d) return { type: "move", player, from: d.from, color: d.color, route: d.route.map(([h, e]) => [h, e] as [number, number]), ...(d.rides ? { rides: d.rides.map((r) => ({ ...r })) } : {}) };
  // No such delivery now: an action the rules refuse (its route does not leave the good's city).
  const fromHex = Math.max(0, hexOfSlot(s, map, from));
  const toHex = Math.max(0, hexOfSlot(s, map, to));
  return { type: "move", player, from: fromHex, color, route: [[toHex === fromHex ? (fromHex + 1) % map.grid.cells.length : toHex, 0]] };
}

function legalActionMask(s: State, player: PlayerId): number[] {
  const mask = new Array<number>(layout(hexMap(s)).count).fill(0);
  for (const a of legalActions(s, player)) {
    try {
      mask[encodeAction(s, a)] = 1;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return mask;
}

function observationSize(s: State): number {
  const map = hexMap(s);
  return 10 + SEATS * 23 + 8 + TILE_IDS.length + 10 + 60 + map.cityHex.length * COLORS.length + LETTERS.length * 8 + map.data.connections.length + map.grid.cells.length * 9;
}

const colorCode = (c: Color | null | undefined): number => (c ? COLORS.indexOf(c) + 1 : 0);
const countColors = (cubes: readonly Color[]): number[] => COLORS.map((c) => cubes.filter((x) => x === c).length);

/**
 * Seat `player`'s view as numbers (from the view without its derived loose ends; Age of Steam
 * hides nothing but the generator). The layout is in the package guide.
 */
function encodeObservation(s: State, player: PlayerId): number[] {
  const map = hexMap(s);
  const v = tableView(s, player);
  const out: number[] = [v.turn, v.lastTurn, v.players];
  for (const ph of PHASES) out.push(v.phase === ph ? 1 : 0);
  const acting = v.phase === "auction" ? v.auction?.turn : v.queue[0];
  for (let p = 0; p < SEATS; p++) {
    const here = p < v.players;
    const a = v.auction;
    out.push(
      here ? 1 : 0,
      p === player ? 1 : 0,
      v.cash[p] ?? 0,
      v.income[p] ?? 0,
      v.shares[p] ?? 0,
      v.loco[p] ?? 0,
      v.eliminated[p] ? 1 : 0,
      v.order.indexOf(p),
      here && acting === p ? 1 : 0,
      ...ACTIONS.map((x) => (v.selected[p] === x ? 1 : 0)),
      v.move.locoRaised[p] ? 1 : 0,
      a?.bids[p] ?? 0,
      a?.active.includes(p) ? 1 : 0,
      a?.dropped.includes(p) ? 1 : 0,
      a?.high === p ? 1 : 0,
      a?.turn === p ? 1 : 0,
      v.turnOrderPass === p ? 1 : 0,
    );
  }
  out.push(v.auction ? 1 : 0, v.auction?.passUsed ? 1 : 0, v.build.count, v.build.urbanized ? 1 : 0, v.move.round, v.production.length, colorCode(v.production[0]), colorCode(v.production[1]));
  for (const t of TILE_IDS) out.push(v.supply[t]);
  out.push(...v.bag, ...v.outOfPlay);
  for (const col of v.display) for (let k = 0; k < 3; k++) out.push(colorCode(col[k]));
  for (let i = 0; i < map.cityHex.length; i++) out.push(...countColors(v.goods[i] ?? []));
  LETTERS.forEach((letter, i) => {
    const u = v.urbanized.find((x) => x.letter === letter);
    out.push(u ? 1 : 0, u ? (map.townAt[u.hex] ?? -1) + 1 : 0, colorCode(v.newCities[i]?.color), ...countColors(v.newCityGoods[i] ?? []));
  });
  for (let k = 0; k < map.data.connections.length; k++) out.push(v.connections[k] ? v.connections[k]!.owner + 1 : 0);
  const hexes = map.grid.cells.length;
  const base = out.length;
  for (let h = 0; h < hexes * 9; h++) out.push(0);
  for (const t of v.track) {
    if (t.hex >= hexes) continue;
    const at = base + t.hex * 9;
    out[at] = TILE_IDS.indexOf(t.tile) + 1;
    out[at + 1] = t.rot;
    for (const p of t.paths) {
      const code = p.owner === null ? 7 : p.owner + 1;
      if (p.a >= 0) out[at + 2 + p.a] = code;
      out[at + 2 + p.b] = code;
    }
  }
  for (const h of v.build.hexes) if (h < hexes) out[base + h * 9 + 8] = 1;
  return out;
}

const hexEncoding: GameEncoding<State, Action> = {
  observationSize,
  actionCount: (s) => layout(hexMap(s)).count,
  encodeObservation,
  encodeAction,
  decodeAction,
  legalActionMask,
};

/** The encoding for the state's map: the hex layout, or the Amusement Park's on a park. */
const forMap = (s: State): GameEncoding<State, Action> => (isPark(s) ? parkEncoding : hexEncoding);

/**
 * Age of Steam's numeric encoding (sizes in the guide: Rust Belt has 56,696 actions and 2,066
 * numbers, the Orient Express 70,056 and 3,251, the Amusement Park 13,651 and 234). Every function
 * throws a `RulesError` (`INVALID_OPTIONS`) for a map that is neither a hex map nor a park.
 */
export const encoding: GameEncoding<State, Action> = {
  observationSize: (s) => forMap(s).observationSize(s),
  actionCount: (s) => forMap(s).actionCount(s),
  encodeObservation: (s, p) => forMap(s).encodeObservation(s, p),
  encodeAction: (s, a) => forMap(s).encodeAction(s, a),
  decodeAction: (s, p, i) => forMap(s).decodeAction(s, p, i),
  legalActionMask: (s, p) => forMap(s).legalActionMask(s, p),
};
