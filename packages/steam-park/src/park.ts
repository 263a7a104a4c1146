import type { Components, Size } from "./data.js";
import { FREE, OFF, RIDE, STAND, parkGrid, squareAt, type Cell, type ParkGrid } from "./grid.js";
import { comps, type Park, type Pending, type State } from "./schema.js";

// Footprints, the Construction Rules and what a park holds. Every placement is enumerated from the
// park's grid (grid.ts: each ground square under each turn of the piece), never found by trial
// over a whole board.

export type { Cell } from "./grid.js";

/** A number naming a square (coordinates stay within ±64). */
export function key(x: number, y: number): number {
  return (x + 256) * 1024 + (y + 256);
}

/** A footprint moved so its smallest x and y are 0, squares in row order. */
function normalise(cells: ReadonlyArray<readonly [number, number]>): Cell[] {
  const mx = Math.min(...cells.map((c) => c[0]));
  const my = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]): Cell => [x - mx, y - my]).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/**
 * The distinct quarter turns of a footprint, each normalised (ASSUMED: pieces may be turned; with
 * `piecesRotate` false only the printed orientation). The index is the `rotation` of a `place`,
 * and `place { x, y }` puts square `[dx, dy]` of that turn on `[x + dx, y + dy]`.
 *
 * @example
 * ```ts
 * import { defaultComponents, turnsOf } from "@rules/steam-park";
 *
 * console.log(JSON.stringify(turnsOf(defaultComponents.rides.big.shape, true))); // [[[0,0],[1,0],[2,0]],[[0,0],[0,1],[0,2]]]: across, then down
 * ```
 */
export function turnsOf(shape: ReadonlyArray<readonly [number, number]>, rotate: boolean): Array<Array<[number, number]>> {
  const byObject = (rotate ? TURNS_BY_SHAPE_R : TURNS_BY_SHAPE_F).get(shape);
  if (byObject) return byObject;
  const id = `${rotate ? "r" : "f"}${JSON.stringify(shape)}`;
  let turns = TURN_CACHE.get(id);
  if (!turns) {
    turns = computeTurns(shape, rotate);
    if (TURN_CACHE.size > 64) TURN_CACHE.clear();
    TURN_CACHE.set(id, turns);
  }
  (rotate ? TURNS_BY_SHAPE_R : TURNS_BY_SHAPE_F).set(shape, turns);
  return turns;
}

// Turns depend only on the footprint: computed once per footprint (a pure cache, never part of a state).
const TURN_CACHE = new Map<string, Cell[][]>();
const TURNS_BY_SHAPE_R = new WeakMap<object, Cell[][]>();
const TURNS_BY_SHAPE_F = new WeakMap<object, Cell[][]>();

function computeTurns(shape: ReadonlyArray<readonly [number, number]>, rotate: boolean): Cell[][] {
  const out: Cell[][] = [];
  const seen = new Set<string>();
  let cur: Cell[] = normalise(shape);
  for (let i = 0; i < (rotate ? 4 : 1); i++) {
    const k = JSON.stringify(cur);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(cur);
    }
    cur = normalise(cur.map(([x, y]): Cell => [-y, x]));
  }
  return out;
}

/** The footprint of a pending piece. */
export function shapeOf(c: Components, p: Pending): ReadonlyArray<readonly [number, number]> {
  if (p.kind === "ride") return c.rides[p.size].shape;
  if (p.kind === "stand") return c.standShape;
  return c.additionalGround.shape;
}

/** The squares a placement covers. */
export function cellsAt(turn: readonly Cell[], x: number, y: number): Cell[] {
  return turn.map(([dx, dy]): Cell => [x + dx, y + dy]);
}

/** Every ground square of a park: the starting ground at the origin plus each additional tile. */
export function groundCells(park: Park, c: Components): Cell[] {
  const out: Cell[] = [];
  for (let y = 0; y < c.startingGroundSize; y++) for (let x = 0; x < c.startingGroundSize; x++) out.push([x, y]);
  for (const g of park.grounds) for (const [x, y] of g) out.push([x, y]);
  return out;
}

// The squares around a square: the four sharing a side first, then the four corners.
const AROUND_DX = [1, -1, 0, 0, 1, 1, -1, -1];
const AROUND_DY = [0, 0, 1, -1, 1, -1, 1, -1];

/** What forbids a position, as a number (an index into {@link FAULT_TEXT}); 0 when nothing does. */
const FITS = 0;
const FAULT_TEXT: ReadonlyArray<string | null> = [
  null,
  "An additional ground may not overlap your park's ground",
  "An additional ground must have two of its squares next to your park's ground (Expand the park)",
  "The piece must lie completely on your park's ground",
  "That square is already taken",
  "A ride may not touch a stand, not even at a corner",
  "A ride may not touch a ride of another colour, not even at a corner",
  "A stand may not touch a ride, not even at a corner",
  "A stand may not touch a stand of another type, not even at a corner",
  "A ride must join your ride of the same colour by a side (a corner is not enough)",
  "A ride joins your ride of the same colour at precisely one square side, not more",
  "A stand must be connected by a side to your stands of the same type",
];

/** True when `park` already holds a ride of `piece`'s colour (a stand of its type): the new one must join it. */
function joinsOwn(park: Park, piece: Pending): boolean {
  if (piece.kind === "ride") {
    for (let k = 0; k < park.rides.length; k++) if (park.rides[k]!.colour === piece.colour) return true;
  } else if (piece.kind === "stand") {
    for (let k = 0; k < park.stands.length; k++) if (park.stands[k]!.type === piece.type) return true;
  }
  return false;
}

/**
 * The Construction Rules for `piece` on the squares of `turn` moved by (x, y), as a fault number
 * (see {@link whyNotAt} for the words). `joins`: the park holds a ride of its colour (a stand of
 * its type) already. Rides and stands: Build rides / Build stands, Construction Rules. Ground:
 * Expand the park.
 */
function placeFault(grid: ParkGrid, piece: Pending, joins: boolean, turn: readonly Cell[], x: number, y: number): number {
  if (piece.kind === "ground") {
    for (let i = 0; i < turn.length; i++) if (squareAt(grid, x + turn[i]![0], y + turn[i]![1]) !== OFF) return 1;
    let touching = 0;
    for (let i = 0; i < turn.length; i++) {
      const cx = x + turn[i]![0];
      const cy = y + turn[i]![1];
      for (let e = 0; e < 4; e++) {
        if (squareAt(grid, cx + AROUND_DX[e]!, cy + AROUND_DY[e]!) !== OFF) {
          touching++;
          break;
        }
      }
    }
    return touching < 2 ? 2 : FITS;
  }
  for (let i = 0; i < turn.length; i++) if (squareAt(grid, x + turn[i]![0], y + turn[i]![1]) === OFF) return 3;
  for (let i = 0; i < turn.length; i++) if (squareAt(grid, x + turn[i]![0], y + turn[i]![1]) !== FREE) return 4;
  const ride = piece.kind === "ride";
  const own = ride ? RIDE + piece.colour : STAND + piece.type;
  const { at, w, x0, y0 } = grid;
  let sameEdges = 0;
  for (let i = 0; i < turn.length; i++) {
    // On the ground, so inside the box with a square to spare on every side.
    const k = (y + turn[i]![1] - y0) * w + (x + turn[i]![0] - x0);
    for (let a = 0; a < 8; a++) {
      // The piece's own squares are free ground (checked above): every taken square around is another piece's.
      const o = at[k + AROUND_DY[a]! * w + AROUND_DX[a]!]!;
      if (o <= FREE) continue;
      if (ride ? o >= STAND : o < STAND) return ride ? 5 : 7;
      if (o !== own) return ride ? 6 : 8;
      if (a < 4) sameEdges++;
    }
  }
  if (joins && ride && sameEdges !== 1) return sameEdges === 0 ? 9 : 10;
  if (joins && !ride && sameEdges === 0) return 11;
  return FITS;
}

/**
 * Why a piece may not lie on `cells` in this park, in a player's words; null when it may.
 * Rides and stands: Build rides / Build stands, Construction Rules. Ground: Expand the park.
 */
export function whyNotAt(park: Park, grid: ParkGrid, piece: Pending, cells: readonly Cell[]): string | null {
  return FAULT_TEXT[placeFault(grid, piece, joinsOwn(park, piece), cells, 0, 0)]!;
}

/**
 * True when `piece` may lie with turn `rotation` at (x, y) in `park`, whose grid is `grid`: the
 * test {@link findPlacements} applies to every position it lists.
 */
export function fitsAt(park: Park, c: Components, piece: Pending, grid: ParkGrid, x: number, y: number, rotation: number): boolean {
  const turn = turnsOf(shapeOf(c, piece), c.piecesRotate)[rotation];
  if (!turn) return false;
  const { wide, high } = extentOf(turn);
  if (x < -LIMIT || x + wide - 1 > LIMIT || y < -LIMIT || y + high - 1 > LIMIT) return false;
  return placeFault(grid, piece, joinsOwn(park, piece), turn, x, y) === FITS;
}

// The width and height of each turn of a footprint (a pure cache of geometry).
const EXTENTS = new WeakMap<readonly Cell[], { wide: number; high: number }>();
function extentOf(turn: readonly Cell[]): { wide: number; high: number } {
  let e = EXTENTS.get(turn);
  if (!e) {
    let wide = 0;
    let high = 0;
    for (const [dx, dy] of turn) {
      wide = Math.max(wide, dx + 1);
      high = Math.max(high, dy + 1);
    }
    EXTENTS.set(turn, (e = { wide, high }));
  }
  return e;
}

/** A position of a piece: `place { x, y, rotation }`. */
export interface Placement {
  x: number;
  y: number;
  rotation: number;
}

/** Park coordinates stay within ±64 (the state schema's bound). */
export const LIMIT = 64;

/**
 * Every legal position of `piece` in `park`, ordered by rotation, then x, then y (see
 * {@link findPlacements}). With `firstOnly`, stops at the first one found.
 */
export function placements(park: Park, c: Components, piece: Pending, firstOnly = false, grid: ParkGrid = parkGrid(park, c)): Placement[] {
  const found = FOUND;
  const n = findPlacements(park, c, piece, firstOnly, grid, found);
  const out: Placement[] = [];
  for (let i = 0; i < n; i++) out.push({ x: found[3 * i]!, y: found[3 * i + 1]!, rotation: found[3 * i + 2]! });
  return out;
}

// The positions found by the last {@link placements} (reused: it finishes with them before returning).
const FOUND: number[] = [];

/**
 * Every legal position of `piece` in `park` into `into` as x, y, rotation, one after the other,
 * ordered by rotation, then x, then y; returns how many. Every position near the ground under each
 * distinct turn of the footprint is checked against the Construction Rules (a ride or stand first
 * needs free ground under its first square). With `firstOnly`, stops at the first one found.
 */
export function findPlacements(park: Park, c: Components, piece: Pending, firstOnly: boolean, grid: ParkGrid, into: number[]): number {
  into.length = 0;
  const turns = turnsOf(shapeOf(c, piece), c.piecesRotate);
  const onGround = piece.kind !== "ground";
  // A ride of a colour (a stand of a type) the player does not own yet joins nothing: it fits exactly
  // where every square is free ground touching nothing (placeFault gives the same answer, slower).
  const joins = joinsOwn(park, piece);
  const joinsNothing = onGround && !joins;
  const { at, x0, y0, w, h } = grid;
  // The squares a quick filter reads: `touch` is where a ride or stand meets a taken square, or a
  // ground tile the shore.
  const touch = onGround ? grid.blocked : grid.shore;
  const want = onGround ? FREE : OFF;
  let n = 0;
  for (let rotation = 0; rotation < turns.length; rotation++) {
    const turn = turns[rotation]!;
    const { wide, high } = extentOf(turn);
    const [fx, fy] = turn[0]!;
    // A ride or stand lies on the ground; a ground tile reaches at most its own size beyond it.
    const reachX = onGround ? 0 : wide;
    const reachY = onGround ? 0 : high;
    for (let x = grid.minX - reachX; x <= grid.maxX + (onGround ? 0 : 1); x++) {
      for (let y = grid.minY - reachY; y <= grid.maxY + (onGround ? 0 : 1); y++) {
        // Quick necessary conditions before the Construction Rules in full: a ground tile lies off the
        // ground and touches it; a ride or stand lies on free ground, and one that must join its own
        // kind touches a taken square.
        const fi = x + fx - x0;
        const fj = y + fy - y0;
        if ((fi < 0 || fj < 0 || fi >= w || fj >= h ? OFF : at[fj * w + fi]) !== want) continue;
        let ok = true;
        let touches = 0;
        for (let i = 0; i < turn.length && ok; i++) {
          const ci = x + turn[i]![0] - x0;
          const cj = y + turn[i]![1] - y0;
          if (ci < 0 || cj < 0 || ci >= w || cj >= h) {
            ok = !onGround;
            continue;
          }
          const k = cj * w + ci;
          if (at[k] !== want) ok = false;
          else if (touch[k] === 1) touches++;
        }
        // A ground tile needs two squares on the shore (placeFault: "two of its squares next to your park's ground").
        if (!ok || (onGround ? joinsNothing === touches > 0 : touches < 2)) continue;
        if (!joinsNothing) {
          // Footprints are normalised: their squares span x..x+wide−1 by y..y+high−1.
          if (x < -LIMIT || x + wide - 1 > LIMIT || y < -LIMIT || y + high - 1 > LIMIT) continue;
          // For a ground tile the filter above is the whole rule (the shore is exactly the squares off
          // the ground beside it); a ride or stand that joins its own kind is asked in full.
          if (onGround && placeFault(grid, piece, joins, turn, x, y) !== FITS) continue;
        }
        into.push(x, y, rotation);
        n++;
        if (firstOnly) return n;
      }
    }
  }
  return n;
}

// --- What a park holds (for seating, bonus cards and stand abilities). -----------------------

/** Seats on the player's rides of `colour` (joined rides of one colour are one ride). */
export function seatsOf(park: Park, c: Components, colour: number): number {
  return park.rides.reduce((n, r) => (r.colour === colour ? n + c.rides[r.size].seats : n), 0);
}

/** Seated visitors in all. */
export function visitorsIn(park: Park): number {
  return park.seated.reduce((a, b) => a + b, 0);
}

/** Stands of type `type`. */
export function standsOf(park: Park, type: number): number {
  let n = 0;
  for (const s of park.stands) if (s.type === type) n++;
  return n;
}

/** Rides counted as the rulebook does: joined rides of one colour are one ride. */
export function rideCount(park: Park): number {
  return new Set(park.rides.map((r) => r.colour)).size;
}

/** Rides of one size. */
export function ridesOfSize(park: Park, size: Size): number {
  return park.rides.filter((r) => r.size === size).length;
}

/** True when some park already holds the ride of this colour and size (one of each in the box). */
export function rideTaken(s: State, colour: number, size: Size): boolean {
  for (const seat of s.seats) for (const r of seat.park.rides) if (r.colour === colour && r.size === size) return true;
  return false;
}

/** Stands of `type` left in the shared supply. */
export function standsLeft(s: State, type: number): number {
  let built = 0;
  for (const seat of s.seats) built += standsOf(seat.park, type);
  return (comps(s).stands[type]?.copies ?? 0) - built;
}

/** Additional grounds left in the shared supply. */
export function groundsLeft(s: State): number {
  let used = 0;
  for (const seat of s.seats) used += seat.park.grounds.length;
  return comps(s).additionalGround.count - used;
}
