import type { Components, Size } from "./data.js";
import { comps, type Park, type Pending, type State } from "./schema.js";

// The park's square grid: ground, footprints and the Construction Rules. Every placement is
// enumerated from the grid (each ground square under each turn of the piece), never found by
// trial over a whole board.

/** A square as [x, y]. */
export type Cell = [number, number];

const EDGE: ReadonlyArray<readonly [number, number]> = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const CORNER: ReadonlyArray<readonly [number, number]> = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const AROUND = [...EDGE, ...CORNER];

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

/** A square of a {@link ParkGrid} off the park's ground. */
export const OFF = -1;
/** A free square of ground. */
export const FREE = 0;
/** Occupant codes: a ride of colour c is `RIDE + c`, a stand of type t is `STAND + t`. */
export const RIDE = 1;
export const STAND = 100;

/**
 * The grid of one park for the Construction Rules: a box around the ground with a margin wide
 * enough for any piece next to it, one number per square (typed arrays, so building it and asking
 * it allocate almost nothing).
 */
export interface ParkGrid {
  /** The ground's bounds: squares minX..maxX by minY..maxY. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** The box: squares x0..x0+w−1 by y0..y0+h−1. */
  x0: number;
  y0: number;
  w: number;
  h: number;
  /** Per square, row by row (index (y − y0) × w + x − x0): {@link OFF}, {@link FREE}, or the occupant's code. */
  at: Int16Array;
  /** 1 where a square is taken or touches a taken square, even at a corner: closed to a ride or stand that joins nothing. */
  blocked: Uint8Array;
  /** 1 where a square off the ground shares a side with the ground: where an additional ground may touch it. */
  shore: Uint8Array;
}

// The margin depends only on the footprints: one per component set (a pure cache, never part of a state).
const MARGINS = new WeakMap<Components, number>();
function marginOf(c: Components): number {
  let m = MARGINS.get(c);
  if (m === undefined) {
    m = 0;
    for (const shape of [c.rides.small.shape, c.rides.medium.shape, c.rides.big.shape, c.standShape, c.additionalGround.shape]) {
      for (const [x, y] of shape) m = Math.max(m, x + 1, y + 1);
    }
    m += 1;
    MARGINS.set(c, m);
  }
  return m;
}

/** What lies on square (x, y): {@link OFF} outside the ground (and outside the box), {@link FREE}, or an occupant code. */
export function squareAt(grid: ParkGrid, x: number, y: number): number {
  const i = x - grid.x0;
  const j = y - grid.y0;
  if (i < 0 || j < 0 || i >= grid.w || j >= grid.h) return OFF;
  return grid.at[j * grid.w + i]!;
}

/** Sets what lies on square (x, y) of the box (nothing outside it). */
export function setSquare(grid: ParkGrid, x: number, y: number, value: number): void {
  const i = x - grid.x0;
  const j = y - grid.y0;
  if (i >= 0 && j >= 0 && i < grid.w && j < grid.h) grid.at[j * grid.w + i] = value;
}

/**
 * The grid of `park` for the Construction Rules (see {@link parkFacts} for the one kept with the
 * park); `growth` widens the box by that many squares on every side, room for grounds added later
 * with {@link addGround}.
 */
export function parkGrid(park: Park, c: Components, growth = 0): ParkGrid {
  const n = c.startingGroundSize;
  let minX = 0;
  let minY = 0;
  let maxX = n - 1;
  let maxY = n - 1;
  for (const g of park.grounds) {
    for (const [x, y] of g) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  const m = marginOf(c) + growth;
  const x0 = minX - m;
  const y0 = minY - m;
  const w = maxX - minX + 1 + 2 * m;
  const h = maxY - minY + 1 + 2 * m;
  const size = w * h;
  // One buffer for the three tables (a typed array's own buffer costs more to make than its view).
  const buffer = new ArrayBuffer(size * 4);
  const at = new Int16Array(buffer, 0, size).fill(OFF);
  const blocked = new Uint8Array(buffer, size * 2, size);
  const shore = new Uint8Array(buffer, size * 3, size);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) at[(y - y0) * w + (x - x0)] = FREE;
  for (const g of park.grounds) for (const [x, y] of g) at[(y - y0) * w + (x - x0)] = FREE;
  const grid: ParkGrid = { minX, minY, maxX, maxY, x0, y0, w, h, at, blocked, shore };
  for (const r of park.rides) occupy(grid, r.cells, RIDE + r.colour);
  for (const s of park.stands) occupy(grid, s.cells, STAND + s.type);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) shoreAround(grid, (y - y0) * w + (x - x0));
  for (const g of park.grounds) for (const [x, y] of g) shoreAround(grid, (y - y0) * w + (x - x0));
  return grid;
}

/** Marks the squares off the ground beside ground square `k` (an index into the box) as shore. */
function shoreAround(grid: ParkGrid, k: number): void {
  const { at, shore, w } = grid;
  if (at[k - 1] === OFF) shore[k - 1] = 1;
  if (at[k + 1] === OFF) shore[k + 1] = 1;
  if (at[k - w] === OFF) shore[k - w] = 1;
  if (at[k + w] === OFF) shore[k + w] = 1;
}

/**
 * Puts an additional ground tile on `cells` of `grid`, as {@link parkGrid} would have (Expand the
 * park); false, leaving the grid as it was, when a square of it or one beside it lies outside the box.
 */
export function addGround(grid: ParkGrid, cells: readonly Cell[]): boolean {
  const { x0, y0, w, h, at, shore } = grid;
  for (let c = 0; c < cells.length; c++) {
    const i = cells[c]![0] - x0;
    const j = cells[c]![1] - y0;
    if (i < 1 || j < 1 || i > w - 2 || j > h - 2) return false;
  }
  for (let c = 0; c < cells.length; c++) {
    const [x, y] = cells[c]!;
    const k = (y - y0) * w + (x - x0);
    if (at[k] === OFF) at[k] = FREE;
    shore[k] = 0;
    if (x < grid.minX) grid.minX = x;
    if (x > grid.maxX) grid.maxX = x;
    if (y < grid.minY) grid.minY = y;
    if (y > grid.maxY) grid.maxY = y;
  }
  for (let c = 0; c < cells.length; c++) shoreAround(grid, (cells[c]![1] - y0) * w + (cells[c]![0] - x0));
  return true;
}

/** Puts a ride or stand (occupant `code`) on `cells` of `grid`: its squares taken, them and every square around them blocked. */
export function occupy(grid: ParkGrid, cells: readonly Cell[], code: number): void {
  const { x0, y0, w, h, at, blocked } = grid;
  for (const [x, y] of cells) {
    // A piece off the ground (a corrupt park) is left for stateProblems to name.
    const i = x - x0;
    const j = y - y0;
    if (i < 0 || j < 0 || i >= w || j >= h || at[j * w + i] === OFF) continue;
    at[j * w + i] = code;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const i = x + dx - x0;
        const j = y + dy - y0;
        if (i >= 0 && j >= 0 && i < w && j < h) blocked[j * w + i] = 1;
      }
    }
  }
}

/** True when (x, y) is one of `cells`. */
function covers(cells: readonly Cell[], x: number, y: number): boolean {
  for (let i = 0; i < cells.length; i++) if (cells[i]![0] === x && cells[i]![1] === y) return true;
  return false;
}

/**
 * Why a piece may not lie on `cells` in this park, in a player's words; null when it may.
 * Rides and stands: Build rides / Build stands, Construction Rules. Ground: Expand the park.
 */
export function whyNotAt(park: Park, grid: ParkGrid, piece: Pending, cells: readonly Cell[]): string | null {
  if (piece.kind === "ground") {
    for (let i = 0; i < cells.length; i++) if (squareAt(grid, cells[i]![0], cells[i]![1]) !== OFF) return "An additional ground may not overlap your park's ground";
    let touching = 0;
    for (let i = 0; i < cells.length; i++) {
      const [x, y] = cells[i]!;
      for (let e = 0; e < EDGE.length; e++) {
        if (squareAt(grid, x + EDGE[e]![0], y + EDGE[e]![1]) !== OFF) {
          touching++;
          break;
        }
      }
    }
    if (touching < 2) return "An additional ground must have two of its squares next to your park's ground (Expand the park)";
    return null;
  }
  for (let i = 0; i < cells.length; i++) if (squareAt(grid, cells[i]![0], cells[i]![1]) === OFF) return "The piece must lie completely on your park's ground";
  for (let i = 0; i < cells.length; i++) if (squareAt(grid, cells[i]![0], cells[i]![1]) !== FREE) return "That square is already taken";
  let sameEdges = 0;
  for (let i = 0; i < cells.length; i++) {
    const [x, y] = cells[i]!;
    for (let a = 0; a < AROUND.length; a++) {
      const [dx, dy] = AROUND[a]!;
      const nx = x + dx;
      const ny = y + dy;
      // The piece's own squares are free ground (checked above), so only a taken square is asked whether it is one.
      const o = squareAt(grid, nx, ny);
      if (o <= FREE || covers(cells, nx, ny)) continue;
      const edge = dx === 0 || dy === 0;
      if (piece.kind === "ride") {
        if (o >= STAND) return "A ride may not touch a stand, not even at a corner";
        if (o - RIDE !== piece.colour) return "A ride may not touch a ride of another colour, not even at a corner";
        if (edge) sameEdges++;
      } else {
        if (o < STAND) return "A stand may not touch a ride, not even at a corner";
        if (o - STAND !== piece.type) return "A stand may not touch a stand of another type, not even at a corner";
        if (edge) sameEdges++;
      }
    }
  }
  if (piece.kind === "ride" && park.rides.some((r) => r.colour === piece.colour) && sameEdges !== 1) {
    return sameEdges === 0
      ? "A ride must join your ride of the same colour by a side (a corner is not enough)"
      : "A ride joins your ride of the same colour at precisely one square side, not more";
  }
  if (piece.kind === "stand" && park.stands.some((s) => s.type === piece.type) && sameEdges === 0) {
    return "A stand must be connected by a side to your stands of the same type";
  }
  return null;
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
 * Every legal position of `piece` in `park`, ordered by rotation, then x, then y: every position
 * near the ground under each distinct turn of the footprint, checked against the Construction
 * Rules (a ride or stand first needs free ground under its first square). With `firstOnly`, stops
 * at the first one found.
 */
export function placements(park: Park, c: Components, piece: Pending, firstOnly = false, grid: ParkGrid = parkGrid(park, c)): Placement[] {
  const turns = turnsOf(shapeOf(c, piece), c.piecesRotate);
  const out: Placement[] = [];
  const onGround = piece.kind !== "ground";
  // A ride of a colour (a stand of a type) the player does not own yet joins nothing: it fits exactly
  // where every square is free ground touching nothing (whyNotAt gives the same answer, slower).
  const joinsNothing =
    (piece.kind === "ride" && !park.rides.some((r) => r.colour === piece.colour)) ||
    (piece.kind === "stand" && !park.stands.some((x) => x.type === piece.type));
  const cells: Cell[] = [];
  const { at, x0, y0, w, h } = grid;
  // The squares a quick filter reads, as offsets into the grid's tables: `touch` is where a ride or
  // stand meets a taken square, or a ground tile the shore.
  const touch = onGround ? grid.blocked : grid.shore;
  const want = onGround ? FREE : OFF;
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
        // kind touches a taken square. (The box's margin holds every square tried here.)
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
        // A ground tile needs two squares on the shore (whyNotAt: "two of its squares next to your park's ground").
        if (!ok || (onGround ? joinsNothing === touches > 0 : touches < 2)) continue;
        if (!joinsNothing) {
          let inside = true;
          if (cells.length !== turn.length) cells.length = turn.length;
          for (let i = 0; i < turn.length; i++) {
            const cx = x + turn[i]![0];
            const cy = y + turn[i]![1];
            if (cx < -LIMIT || cx > LIMIT || cy < -LIMIT || cy > LIMIT) inside = false;
            const cell = cells[i];
            if (cell) {
              cell[0] = cx;
              cell[1] = cy;
            } else cells[i] = [cx, cy];
          }
          if (!inside || whyNotAt(park, grid, piece, cells) !== null) continue;
        }
        out.push({ x, y, rotation });
        if (firstOnly) return out;
      }
    }
  }
  return out;
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
