import type { Components } from "./data.js";
import type { Park } from "./schema.js";

// The park's square grid for the Construction Rules: what lies on each square, which squares a
// new ride or stand must keep clear of, where an additional ground may touch. Typed arrays in a box
// around the ground, so building and asking allocate almost nothing.

/** A square as [x, y]. */
export type Cell = [number, number];

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
