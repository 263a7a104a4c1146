import type { GameEncoding, PlayerId } from "@rules/core";
import { DICE_PER_PLAYER, FACES, GROUNDS_PER_TURN, SIZES, TOKENS, TURNS, type Components } from "./data.js";
import { legalActions } from "./legal.js";
import { ActionKindSchema, PhaseSchema, comps, type Action, type State, type View } from "./schema.js";
import { playerView } from "./view.js";

// Numbers for learning agents. Every size depends only on the component set (C colours, T stand
// types, N bonus cards, D die sides, the park box side L) and is laid out for the largest table
// (4 seats). Default components: 10,937 action indices and 32,857 observation numbers.

const SEATS = 4;
const KINDS = ActionKindSchema.options;
const PHASES = PhaseSchema.options;
const PENDING_KINDS = ["ride", "stand", "ground"] as const;
/** The most dice a Clean action may spend (every die of a seat). */
const MAX_CLEAN = DICE_PER_PLAYER;
/** Park coordinates are bounded by the schema. */
const COORD_LIMIT = 64;

/**
 * The square box every park square (and so every `place` position) of any reachable state lies
 * in: the starting ground at the origin grown by at most 2 additional grounds in each of the 6
 * turns (Expand the park), each reaching at most its longest side beyond the ground it touches.
 */
export function parkBox(c: Components): { lo: number; hi: number; side: number } {
  let extent = 0;
  for (const [x, y] of c.additionalGround.shape) extent = Math.max(extent, x + 1, y + 1);
  const reach = Math.min(c.additionalGround.count, GROUNDS_PER_TURN * TURNS) * extent;
  const lo = Math.max(-COORD_LIMIT, -reach);
  const hi = Math.min(COORD_LIMIT, c.startingGroundSize - 1 + reach);
  return { lo, hi, side: hi - lo + 1 };
}

/** Where each action type's indices start for component set `c`. */
function layout(c: Components) {
  const C = c.colours.length;
  const T = c.stands.length;
  const N = c.bonusCards.length;
  const D = c.dieSides.length;
  const box = parkBox(c);
  const rotations = c.piecesRotate ? 4 : 1;
  const keepCard = 0;
  const lock = keepCard + N;
  const lockAll = lock + D;
  const reroll = lockAll + 1;
  const buildRide = reroll + 1;
  const buildStand = buildRide + C * SIZES.length;
  const expand = buildStand + T;
  const place = expand + FACES.length;
  const attract = place + rotations * box.side * box.side;
  const drawVisitors = attract + C;
  const clean = drawVisitors + 1;
  const playBonus = clean + MAX_CLEAN;
  const seatVisitor = playBonus + N;
  const endActions = seatVisitor + 2;
  return { C, T, N, D, box, rotations, keepCard, lock, lockAll, reroll, buildRide, buildStand, expand, place, attract, drawVisitors, clean, playBonus, seatVisitor, endActions, count: endActions + 1 };
}

type Layout = ReturnType<typeof layout>;

// Layouts depend only on the component set: one per set object (a pure cache, never part of a state).
const LAYOUTS = new WeakMap<Components, Layout>();
function layoutOf(s: { components: Components | null }): Layout {
  const c = comps(s);
  let l = LAYOUTS.get(c);
  if (!l) {
    l = layout(c);
    LAYOUTS.set(c, l);
  }
  return l;
}

function encodeAction(s: State, a: Action): number {
  const l = layoutOf(s);
  const inRange = (x: number, n: number): number => {
    if (!Number.isInteger(x) || x < 0 || x >= n) throw new RangeError(`${a.type}: a field is out of the encoding's range`);
    return x;
  };
  switch (a.type) {
    case "keepCard":
      return l.keepCard + inRange(a.card, l.N);
    case "lock":
      return l.lock + inRange(a.side, l.D);
    case "lockAll":
      return l.lockAll;
    case "reroll":
      return l.reroll;
    case "buildRide":
      return l.buildRide + inRange(a.colour, l.C) * SIZES.length + SIZES.indexOf(a.size);
    case "buildStand":
      return l.buildStand + inRange(a.stand, l.T);
    case "expand":
      return l.expand + FACES.indexOf(a.face);
    case "place": {
      const L = l.box.side;
      return l.place + (inRange(a.rotation, l.rotations) * L + inRange(a.y - l.box.lo, L)) * L + inRange(a.x - l.box.lo, L);
    }
    case "attract":
      return l.attract + inRange(a.colour, l.C);
    case "drawVisitors":
      return l.drawVisitors;
    case "clean":
      return l.clean + inRange(a.dice - 1, MAX_CLEAN);
    case "playBonus":
      return l.playBonus + inRange(a.card, l.N);
    case "seatVisitor":
      return l.seatVisitor + (a.accept ? 0 : 1);
    case "endActions":
      return l.endActions;
  }
}

function decodeAction(s: State, player: PlayerId, index: number): Action {
  const l = layoutOf(s);
  if (!Number.isInteger(index) || index < 0 || index >= l.count) throw new RangeError(`action index ${index} is outside 0..${l.count - 1}`);
  if (index < l.lock) return { type: "keepCard", player, card: index - l.keepCard };
  if (index < l.lockAll) return { type: "lock", player, side: index - l.lock };
  if (index === l.lockAll) return { type: "lockAll", player };
  if (index === l.reroll) return { type: "reroll", player };
  if (index < l.buildStand) {
    const i = index - l.buildRide;
    return { type: "buildRide", player, colour: Math.floor(i / SIZES.length), size: SIZES[i % SIZES.length]! };
  }
  if (index < l.expand) return { type: "buildStand", player, stand: index - l.buildStand };
  if (index < l.place) return { type: "expand", player, face: FACES[index - l.expand]! };
  if (index < l.attract) {
    const L = l.box.side;
    const i = index - l.place;
    return { type: "place", player, x: (i % L) + l.box.lo, y: (Math.floor(i / L) % L) + l.box.lo, rotation: Math.floor(i / (L * L)) };
  }
  if (index < l.drawVisitors) return { type: "attract", player, colour: index - l.attract };
  if (index === l.drawVisitors) return { type: "drawVisitors", player };
  if (index < l.playBonus) return { type: "clean", player, dice: index - l.clean + 1 };
  if (index < l.seatVisitor) return { type: "playBonus", player, card: index - l.playBonus };
  if (index < l.endActions) return { type: "seatVisitor", player, accept: index === l.seatVisitor };
  return { type: "endActions", player };
}

/** Built from `legalActions`: every legal action's index set to 1. */
function legalActionMask(s: State, player: PlayerId): number[] {
  const mask = new Array<number>(layoutOf(s).count).fill(0);
  for (const a of legalActions(s, player)) mask[encodeAction(s, a)] = 1;
  return mask;
}

/** One-hot of `value` among `n` slots (all 0 when `value` is null or out of range). */
function oneHot(out: number[], n: number, value: number | null): void {
  for (let i = 0; i < n; i++) out.push(i === value ? 1 : 0);
}

/** Counts per index 0..n-1 of `values`. */
function counts(out: number[], n: number, values: readonly number[]): void {
  const at = out.length;
  for (let i = 0; i < n; i++) out.push(0);
  for (const v of values) if (v >= 0 && v < n) out[at + v]! += 1;
}

/** Per park square of the box: ground (1/0), ride colour + 1 (0: none), stand type + 1 (0: none). */
function parkPlanes(out: number[], seat: View["seats"][number] | undefined, c: Components, l: Layout): void {
  const L = l.box.side;
  const at = out.length;
  for (let i = 0; i < 3 * L * L; i++) out.push(0);
  if (!seat) return;
  const cell = (x: number, y: number): number => (y - l.box.lo) * L + (x - l.box.lo);
  const inBox = (x: number, y: number): boolean => x >= l.box.lo && x <= l.box.hi && y >= l.box.lo && y <= l.box.hi;
  for (let y = 0; y < c.startingGroundSize; y++) for (let x = 0; x < c.startingGroundSize; x++) if (inBox(x, y)) out[at + cell(x, y)] = 1;
  for (const g of seat.park.grounds) for (const [x, y] of g) if (inBox(x, y)) out[at + cell(x, y)] = 1;
  for (const r of seat.park.rides) for (const [x, y] of r.cells) if (inBox(x, y)) out[at + L * L + cell(x, y)] = r.colour + 1;
  for (const st of seat.park.stands) for (const [x, y] of st.cells) if (inBox(x, y)) out[at + 2 * L * L + cell(x, y)] = st.type + 1;
}

/**
 * Seat `player`'s view as numbers (from `playerView`, so nothing hidden leaks). In order:
 * the game (47 by default: turn, phase one-hot 5, the four option flags, final re-rolls and
 * whether they are counted, actor one-hot 4, deck, discard and set-aside card counts, bag and pool
 * per colour, the token in each of 4 slots one-hot over 1st/2nd/3rd/Last); the actor's step (86:
 * present, actions used 6, open action one-hot 6, ride sizes built 3, stand types built T, grounds
 * added, cards played this turn per card N, visitors attracting, visitors waiting per colour C and
 * the first one-hot C, the pending piece's kind 3, colour C, size 3, stand type T); the viewer's
 * hand and offer per card (2N); then per seat, 4 seats (11 + 2D + 4C + T + 3L² each): present,
 * is me, money, Dirt, hand size, offer size, dice on the table and on the Pig board per side (2D),
 * token slot one-hot 4, seated visitors per colour C, which ride (colour × size, 3C) it owns,
 * stands per type T, additional grounds, and its park as three L × L planes over the box
 * {@link parkBox} (ground; ride colour + 1; stand type + 1).
 */
function encodeObservation(s: State, player: PlayerId): number[] {
  const view = playerView(s, player);
  const c = comps(view);
  const l = layoutOf(s);
  const out: number[] = [];
  out.push(view.turn);
  oneHot(out, PHASES.length, PHASES.indexOf(view.phase));
  out.push(view.beginner ? 1 : 0, view.gentleTwoPlayer ? 1 : 0, view.mustSpendDice ? 1 : 0, view.optionalSeating ? 1 : 0);
  out.push(view.finalRerolls ?? 0, view.finalRerolls === null ? 0 : 1);
  oneHot(out, SEATS, view.actor);
  out.push(view.deckCount, view.discardCount, view.draftDiscardCount);
  for (let i = 0; i < l.C; i++) out.push(view.bag[i] ?? 0);
  for (let i = 0; i < l.C; i++) out.push(view.pool[i] ?? 0);
  for (let t = 0; t < SEATS; t++) oneHot(out, TOKENS.length, view.tokens[t] === undefined ? null : TOKENS.indexOf(view.tokens[t]!));

  const step = view.step;
  out.push(step ? 1 : 0);
  for (const k of KINDS) out.push(step?.used.includes(k) ? 1 : 0);
  oneHot(out, KINDS.length, step?.open ? KINDS.indexOf(step.open) : null);
  for (const z of SIZES) out.push(step?.rideSizes.includes(z) ? 1 : 0);
  for (let t = 0; t < l.T; t++) out.push(step?.standTypes.includes(t) ? 1 : 0);
  out.push(step?.grounds ?? 0);
  counts(out, l.N, step?.played ?? []);
  out.push(step?.attracting ?? 0);
  counts(out, l.C, step?.toSeat ?? []);
  oneHot(out, l.C, step?.toSeat[0] ?? null);
  const pending = step?.pending ?? null;
  oneHot(out, PENDING_KINDS.length, pending ? PENDING_KINDS.indexOf(pending.kind) : null);
  oneHot(out, l.C, pending?.kind === "ride" ? pending.colour : null);
  oneHot(out, SIZES.length, pending?.kind === "ride" ? SIZES.indexOf(pending.size) : null);
  oneHot(out, l.T, pending?.kind === "stand" ? pending.type : null);

  const me = view.seats[player];
  counts(out, l.N, me?.hand ?? []);
  counts(out, l.N, me?.offer ?? []);

  for (let p = 0; p < SEATS; p++) {
    const seat = view.seats[p];
    out.push(seat ? 1 : 0, p === player ? 1 : 0, seat?.money ?? 0, seat?.dirt ?? 0, seat?.handCount ?? 0, seat?.offerCount ?? 0);
    counts(out, l.D, seat?.rolled ?? []);
    counts(out, l.D, seat?.locked ?? []);
    oneHot(out, SEATS, seat?.token ?? null);
    for (let i = 0; i < l.C; i++) out.push(seat?.park.seated[i] ?? 0);
    for (let i = 0; i < l.C; i++) for (const z of SIZES) out.push(seat?.park.rides.some((r) => r.colour === i && r.size === z) ? 1 : 0);
    for (let t = 0; t < l.T; t++) out.push(seat?.park.stands.filter((x) => x.type === t).length ?? 0);
    out.push(seat?.park.grounds.length ?? 0);
    parkPlanes(out, seat, c, l);
  }
  return out;
}

function observationSize(s: State): number {
  const { C, T, N, D, box } = layoutOf(s);
  const game = 1 + PHASES.length + 4 + 2 + SEATS + 3 + 2 * C + SEATS * TOKENS.length;
  const step = 1 + 2 * KINDS.length + SIZES.length + T + 1 + N + 1 + 2 * C + PENDING_KINDS.length + C + SIZES.length + T;
  const seat = 6 + 2 * D + SEATS + C + SIZES.length * C + T + 1 + 3 * box.side * box.side;
  return game + step + 2 * N + SEATS * seat;
}

/**
 * Steam Park's numeric encoding for learning agents: 10,937 action indices and 32,857
 * observation numbers with the default components (layout in docs/games/steam-park.md).
 */
export const encoding: GameEncoding<State, Action> = {
  observationSize,
  actionCount: (s) => layoutOf(s).count,
  encodeObservation,
  encodeAction,
  decodeAction,
  legalActionMask,
};
