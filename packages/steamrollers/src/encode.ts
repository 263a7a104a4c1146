import type { GameEncoding, PlayerId } from "@rules/core";
import { DIFFICULTIES, GOODS, POWERS, TRACK_TYPES, comps, mapGrid, type Components } from "./data.js";
import { legalActions } from "./legal.js";
import { StageSchema, type Action, type State } from "./schema.js";
import { tableView, type TableView } from "./view.js";

// Numbers for learning agents. Sizes depend on the options and components only: H hexes on the
// map (54 by default), S goods per city at setup (players + 2; solo: soloGoodsPerCity) and O order
// tiles (see docs/games/steamrollers.md, "Numeric encoding", for the layout and the default sizes).

/** The largest table: the observation has a block for each of 5 seats, empty past `players`. */
const SEATS = 5;
/** The six cities (and regions, dice faces, engine boxes, action tiles, white dice). */
const SIX = 6;
/**
 * Longest delivery: a route joins at most 6 cities by 5 connections, and each of the 6 towns (one
 * track per hex) lies on at most one of them, so a route's distance is at most 5 + 6.
 */
const MAX_DISTANCE = 11;
/** Tile 3b adds 0, 1 or 2. */
const BOOSTS = 3;
/** The 15 tracks of a hex: edge pairs a < b, in the order legal.ts lists them. */
const EDGE_PAIRS: ReadonlyArray<readonly [number, number]> = (() => {
  const out: Array<[number, number]> = [];
  for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) out.push([a, b]);
  return out;
})();
const PAIR_INDEX: number[] = new Array<number>(36).fill(-1);
EDGE_PAIRS.forEach(([a, b], i) => (PAIR_INDEX[a * 6 + b] = i));
const STAGES = StageSchema.options;
/** Colours a black good may stand in for (fulfilOrder's `wild`), after `null` at index 0. */
const WILDS = ["yellow", "red", "green", "blue", "grey"] as const;

/** Actions without fields, in index order. */
const SINGLES = ["done", "pass", "improveEngine", "takeTile", "claimDie", "rerollDie", "flipDie", "powerPoints", "powerDelivery", "rerollOlive", "blockOlive"] as const;
type Single = (typeof SINGLES)[number];

interface Sizes {
  hexes: number;
  slots: number;
  orders: number;
}

function sizes(s: { players: number; settings: State["settings"]; components: Components | null }): Sizes {
  const c = comps(s);
  return {
    hexes: mapGrid(c.map).hex.cells.length,
    slots: s.players === 1 ? s.settings.soloGoodsPerCity : s.players + 2,
    orders: c.orderTiles.length,
  };
}

/** Where each action type's indices start. */
function layout(z: Sizes) {
  const powerEngine = SINGLES.length;
  const powerTile = powerEngine + SIX;
  const placeGood = powerTile + SIX;
  const pickDie = placeGood + SIX;
  const secondDie = pickDie + SIX;
  const setDie = secondDie + SIX;
  const nudgeDie = setDie + SIX;
  const fulfilOrder = nudgeDie + 2;
  const powerRail = fulfilOrder + z.orders * (WILDS.length + 1);
  const build = powerRail + z.hexes;
  const deliver = build + z.hexes * EDGE_PAIRS.length;
  const deliverSize = SIX * (SIX - 1) * (z.slots + 1) * MAX_DISTANCE * BOOSTS;
  return { powerEngine, powerTile, placeGood, pickDie, secondDie, setDie, nudgeDie, fulfilOrder, powerRail, build, deliver, count: deliver + deliverSize };
}

function encodeAction(s: State, a: Action): number {
  const z = sizes(s);
  const l = layout(z);
  const inRange = (x: number, n: number): number => {
    if (!Number.isInteger(x) || x < 0 || x >= n) throw new RangeError(`${a.type}: a field is out of the encoding's range`);
    return x;
  };
  const hex = (col: number, row: number): number => inRange(mapGrid(comps(s).map).hex.indexOf(col, row), z.hexes);
  switch (a.type) {
    case "powerEngine":
      return l.powerEngine + inRange(a.box - 1, SIX);
    case "powerTile":
      return l.powerTile + inRange(a.tile - 1, SIX);
    case "placeGood":
      return l.placeGood + inRange(a.city - 1, SIX);
    case "pickDie":
      return l.pickDie + inRange(a.die, SIX);
    case "secondDie":
      return l.secondDie + inRange(a.die, SIX);
    case "setDie":
      return l.setDie + inRange(a.value - 1, SIX);
    case "nudgeDie":
      return l.nudgeDie + (a.delta === 1 ? 1 : 0);
    case "fulfilOrder":
      return l.fulfilOrder + inRange(a.order, z.orders) * (WILDS.length + 1) + (a.wild === null ? 0 : WILDS.indexOf(a.wild) + 1);
    case "powerRail":
      return l.powerRail + hex(a.col, a.row);
    case "build": {
      const pair = a.edges[0] < a.edges[1] ? PAIR_INDEX[a.edges[0] * 6 + a.edges[1]]! : -1;
      return l.build + hex(a.col, a.row) * EDGE_PAIRS.length + inRange(pair, EDGE_PAIRS.length);
    }
    case "deliver": {
      const from = inRange(a.from - 1, SIX);
      const to = inRange(a.to - 1, SIX);
      if (to === from) throw new RangeError("deliver: a good never goes to the city it leaves");
      const pair = from * (SIX - 1) + (to < from ? to : to - 1);
      const slot = inRange(a.slot + 1, z.slots + 1);
      return l.deliver + ((pair * (z.slots + 1) + slot) * MAX_DISTANCE + inRange(a.distance - 1, MAX_DISTANCE)) * BOOSTS + inRange(a.boost, BOOSTS);
    }
    default:
      return SINGLES.indexOf(a.type as Single);
  }
}

function decodeAction(s: State, player: PlayerId, index: number): Action {
  const z = sizes(s);
  const l = layout(z);
  if (!Number.isInteger(index) || index < 0 || index >= l.count) throw new RangeError(`action index ${index} is outside 0..${l.count - 1}`);
  if (index < l.powerEngine) return { type: SINGLES[index]!, player } as Action;
  if (index < l.powerTile) return { type: "powerEngine", player, box: index - l.powerEngine + 1 };
  if (index < l.placeGood) return { type: "powerTile", player, tile: index - l.powerTile + 1 };
  if (index < l.pickDie) return { type: "placeGood", player, city: index - l.placeGood + 1 };
  if (index < l.secondDie) return { type: "pickDie", player, die: index - l.pickDie };
  if (index < l.setDie) return { type: "secondDie", player, die: index - l.secondDie };
  if (index < l.nudgeDie) return { type: "setDie", player, value: index - l.setDie + 1 };
  if (index < l.fulfilOrder) return { type: "nudgeDie", player, delta: index === l.nudgeDie ? -1 : 1 };
  const cells = mapGrid(comps(s).map).hex.cells;
  if (index < l.powerRail) {
    const i = index - l.fulfilOrder;
    const w = i % (WILDS.length + 1);
    return { type: "fulfilOrder", player, order: Math.floor(i / (WILDS.length + 1)), wild: w === 0 ? null : WILDS[w - 1]! };
  }
  if (index < l.build) {
    const [col, row] = cells[index - l.powerRail]!;
    return { type: "powerRail", player, col, row };
  }
  if (index < l.deliver) {
    const i = index - l.build;
    const [col, row] = cells[Math.floor(i / EDGE_PAIRS.length)]!;
    const [a, b] = EDGE_PAIRS[i % EDGE_PAIRS.length]!;
    return { type: "build", player, col, row, edges: [a, b] };
  }
  let i = index - l.deliver;
  const boost = i % BOOSTS;
  i = Math.floor(i / BOOSTS);
  const distance = (i % MAX_DISTANCE) + 1;
  i = Math.floor(i / MAX_DISTANCE);
  const slot = (i % (z.slots + 1)) - 1;
  const pair = Math.floor(i / (z.slots + 1));
  const from = Math.floor(pair / (SIX - 1));
  const k = pair % (SIX - 1);
  const to = k < from ? k : k + 1;
  return { type: "deliver", player, from: from + 1, slot, to: to + 1, distance, boost };
}

/** The legal actions of `player` are few (tens): mark them rather than test every index. */
function legalActionMask(s: State, player: PlayerId): number[] {
  const mask = new Array<number>(layout(sizes(s)).count).fill(0);
  for (const a of legalActions(s, player)) mask[encodeAction(s, a)] = 1;
  return mask;
}

/** Per seat: 6 flags, 6 engine boxes, delivered, bonus, 6 kept, 6 + 1 personal good, 5 powers, 6 edge bits per hex. */
const seatSize = (z: Sizes): number => 32 + 6 * z.hexes;

function observationSize(s: State): number {
  const z = sizes(s);
  return SEATS * seatSize(z) + 266 + 7 * z.hexes + 36 * z.slots + 14 * z.orders;
}

/**
 * Seat `player`'s view as numbers (from `tableView`, the view without its derived points, so it can
 * hold nothing hidden: SteamRollers hides only the generator). Layout in docs/games/steamrollers.md,
 * "Numeric encoding".
 */
function encodeObservation(s: State, player: PlayerId): number[] {
  const view: TableView = tableView(s, player);
  const z = sizes(view);
  const c = comps(view);
  const g = mapGrid(c.map);
  const out: number[] = [];
  const oneHot = (i: number, n: number): void => {
    for (let k = 0; k < n; k++) out.push(k === i ? 1 : 0);
  };
  const bits = (on: (k: number) => boolean, n: number): void => {
    for (let k = 0; k < n; k++) out.push(on(k) ? 1 : 0);
  };
  const turn = view.turn;
  for (let p = 0; p < SEATS; p++) {
    const sh = view.sheets[p];
    if (!sh || p >= view.players) {
      for (let k = 0; k < seatSize(z); k++) out.push(0);
      continue;
    }
    out.push(1, p === player ? 1 : 0, turn?.player === p ? 1 : 0, view.startPlayer === p ? 1 : 0, view.queue.includes(p) ? 1 : 0, view.claim?.seat === p ? 1 : 0);
    bits((k) => sh.engine[k] === true, SIX);
    out.push(sh.delivered, sh.bonus, ...sh.kept);
    oneHot(sh.personal ? GOODS.indexOf(sh.personal.good) : -1, GOODS.length);
    out.push(sh.personal?.city ?? 0);
    oneHot(sh.power === null ? -1 : POWERS.indexOf(sh.power), POWERS.length);
    for (let h = 0; h < z.hexes; h++) {
      const t = sh.tracks[h];
      bits((e) => !!t && (t[0] === e || t[1] === e), 6);
    }
  }
  const st = view.settings;
  out.push(view.players, st.coal ? 1 : 0, st.orders ? 1 : 0, st.startingPowers ? 1 : 0);
  oneHot(["none", "medium", "hard"].indexOf(st.walls), 3);
  oneHot(DIFFICULTIES.indexOf(st.difficulty), DIFFICULTIES.length);
  out.push(st.soloGoodsPerCity, st.tieBreakEngine === "strength" ? 1 : 0);
  for (let city = 0; city < SIX; city++) oneHot(WILDS.indexOf(g.colourOf[city] as (typeof WILDS)[number]), WILDS.length);
  const walls = new Array<number>(6 * z.hexes).fill(0);
  for (const [a, b] of view.walls) {
    const e = a < z.hexes && b < z.hexes ? g.hex.edgeBetween(a, b) : -1;
    if (e >= 0) {
      walls[a * 6 + e] = 1;
      walls[b * 6 + ((e + 3) % 6)] = 1;
    }
  }
  out.push(...walls, view.wallRoll ?? 0, ...view.bag, view.reserve);
  for (const line of view.cities) for (let slot = 0; slot < z.slots; slot++) oneHot(line[slot] ?? -1, GOODS.length);
  view.tiles.forEach((t, i) => {
    out.push(t.side === "b" ? 1 : 0, t.holder === null ? 1 : 0);
    oneHot(t.holder ?? -1, SEATS);
    const face = (i === 1 && view.players === 1 ? c.soloTile : c.actionTiles[i]!)[t.side];
    out.push(t.sideways ? 1 : 0, face.kind === "permanent" ? 1 : 0, face.points);
  });
  for (let i = 0; i < z.orders; i++) {
    const o = view.orders[i];
    if (!o) {
      for (let k = 0; k < 14; k++) out.push(0);
      continue;
    }
    out.push(1, o.side === "b" ? 1 : 0, o.holder === null ? 1 : 0);
    oneHot(o.holder ?? -1, SEATS);
    const face = c.orderTiles[i]![o.side];
    for (const colour of WILDS) out.push(face.goods.filter((x) => x === colour).length);
    out.push(face.points);
  }
  out.push(view.round);
  for (let i = 0; i < SIX; i++) {
    const d = view.white[i];
    out.push(d ? 1 : 0);
    oneHot(d ? d.value - 1 : -1, SIX);
    oneHot(d?.user ?? -1, SEATS);
    out.push(d?.spent ? 1 : 0);
  }
  oneHot(view.black - 1, SIX);
  const black = c.blackDie[view.black - 1]!;
  for (const type of TRACK_TYPES) out.push(black.includes(type) ? 1 : 0);
  out.push(turn ? 1 : 0);
  oneHot(turn ? STAGES.indexOf(turn.stage) : -1, STAGES.length);
  oneHot(turn?.die ?? -1, SIX);
  out.push(turn?.actions ?? 0);
  bits((k) => turn?.used.includes(k + 1) === true, SIX);
  bits((k) => turn?.dieUsed.includes(k + 1) === true, SIX);
  out.push(turn?.traded ? 1 : 0);
  oneHot(view.claim?.die ?? -1, SIX);
  const pw = view.powers;
  out.push(pw ? 1 : 0);
  bits((k) => pw?.left.includes(POWERS[k]!) === true, POWERS.length);
  oneHot(pw?.hex ?? -1, z.hexes);
  oneHot(pw?.good ? GOODS.indexOf(pw.good) : -1, GOODS.length);
  const ol = view.olive;
  out.push(ol ? 1 : 0, ...(ol?.crosses ?? [0, 0, 0, 0, 0, 0]), ol?.points ?? 0, ...(ol?.removed ?? [0, 0, 0, 0, 0, 0]), ol?.die ?? 0, ol?.won ? 1 : 0);
  out.push(view.over ? 1 : 0);
  return out;
}

/** SteamRollers' numeric encoding (sizes and layout in the guide, "Numeric encoding"). */
export const encoding: GameEncoding<State, Action> = {
  observationSize,
  actionCount: (s) => layout(sizes(s)).count,
  encodeObservation,
  encodeAction,
  decodeAction,
  legalActionMask,
};
