import type { Components, Size } from "./data.js";
import { RIDE, STAND, addGround, occupy, parkGrid, type Cell, type ParkGrid } from "./grid.js";
import { findPlacements, fitsAt } from "./park.js";
import type { Park, Pending } from "./schema.js";

// What a park's shape decides (its grid, which pieces fit), kept while the park is unchanged.

/** A park's grid and a memo of which pieces fit somewhere in it (see {@link fitsSomewhere}). */
export interface ParkFacts {
  grid: ParkGrid;
  /**
   * Per piece class (see {@link fitClass}): {@link UNKNOWN}, {@link NOWHERE}, {@link THERE} (it fits
   * at its position in `where`), or {@link RECHECK} (it fitted there before the park gained pieces).
   */
  fits: Int8Array;
  /** Per piece class, the x, y and rotation of a position where it fits (when it does). */
  where: Int32Array;
}

const UNKNOWN = -1;
const NOWHERE = 0;
const THERE = 1;
const RECHECK = 2;

// Facts per park object, each with the exact shape it was computed for (grounds, rides, stands and
// their squares) and the component set: a park that changed in any way is recomputed, except that
// a park which only gained grounds, rides or stands since (what placing a piece in place does) has
// them put on its grid. A pure cache, never part of a state.
const FACTS = new WeakMap<Park, { c: Components; shape: number[]; facts: ParkFacts }>();

// Extra squares of box around a grid the cache builds, so most additional grounds go on it in place.
const GROWTH = 2;

const SIZE_INDEX: Record<Size, number> = { small: 0, medium: 1, big: 2 };

/** Numbers of a square list into `out` from `i` (its length, then x, y of each square); the next index. */
function writeCells(out: number[], i: number, list: readonly Cell[]): number {
  out[i++] = list.length;
  for (let k = 0; k < list.length; k++) {
    out[i++] = list[k]![0];
    out[i++] = list[k]![1];
  }
  return i;
}

/**
 * The shape of `park` as numbers into `out` (reusing it): grounds, then rides (colour, size,
 * squares), then stands (type, squares).
 */
function shapeNumbers(park: Park, out: number[] = []): number[] {
  let i = 0;
  out[i++] = park.grounds.length;
  for (const g of park.grounds) i = writeCells(out, i, g);
  out[i++] = park.rides.length;
  for (const r of park.rides) {
    out[i++] = r.colour;
    out[i++] = SIZE_INDEX[r.size];
    i = writeCells(out, i, r.cells);
  }
  out[i++] = park.stands.length;
  for (const st of park.stands) {
    out[i++] = st.type;
    i = writeCells(out, i, st.cells);
  }
  out.length = i;
  return out;
}

/** When `shape` from `i` holds exactly the squares `cells` (as {@link writeCells} put them), the next index; else −1. */
function matchCells(shape: readonly number[], i: number, cells: readonly Cell[]): number {
  if (shape[i++] !== cells.length) return -1;
  for (let k = 0; k < cells.length; k++) if (shape[i++] !== cells[k]![0] || shape[i++] !== cells[k]![1]) return -1;
  return i;
}

// How many grounds, rides and stands a park had when its shape was taken (set by piecesBefore).
const HAD = { grounds: 0, rides: 0, stands: 0 };

/**
 * True when `park` is the park `shape` was taken from with pieces added at the end of its lists
 * (or unchanged), with the counts it had then in {@link HAD}. The same walk as {@link shapeNumbers},
 * on the old counts.
 */
function piecesBefore(park: Park, shape: readonly number[]): boolean {
  let i = 0;
  const grounds = shape[i++]!;
  if (grounds > park.grounds.length) return false;
  for (let k = 0; k < grounds && i >= 0; k++) i = matchCells(shape, i, park.grounds[k]!);
  if (i < 0) return false;
  const rides = shape[i++]!;
  if (rides > park.rides.length) return false;
  for (let k = 0; k < rides && i >= 0; k++) {
    const r = park.rides[k]!;
    i = shape[i++] !== r.colour || shape[i++] !== SIZE_INDEX[r.size] ? -1 : matchCells(shape, i, r.cells);
  }
  if (i < 0) return false;
  const stands = shape[i++]!;
  if (stands > park.stands.length) return false;
  for (let k = 0; k < stands && i >= 0; k++) {
    const st = park.stands[k]!;
    i = shape[i++] !== st.type ? -1 : matchCells(shape, i, st.cells);
  }
  if (i !== shape.length) return false;
  HAD.grounds = grounds;
  HAD.rides = rides;
  HAD.stands = stands;
  return true;
}

/** The facts of a park whose grid is `grid` under component set `c`, no fit asked yet. */
function freshFacts(grid: ParkGrid, c: Components): ParkFacts {
  const classes = (c.colours.length + 1) * 3 + c.stands.length + 2;
  return { grid, fits: new Int8Array(classes).fill(UNKNOWN), where: new Int32Array(3 * classes) };
}

/**
 * After the park gained pieces any answer may have changed (a new ground opens squares and covers
 * shore, a new piece closes squares or is one to join): a position found before, which mostly
 * still fits, is checked again before any search; "nowhere" is asked afresh.
 */
function afterGain(fits: Int8Array): void {
  for (let k = 0; k < fits.length; k++) fits[k] = fits[k]! >= THERE ? RECHECK : UNKNOWN;
}

/**
 * Puts the pieces `park` gained since `had` on the grid of `facts` (grounds first, so the rides
 * and stands on them find ground); false when a new ground reaches past the grid's box.
 */
function addPieces(park: Park, facts: ParkFacts, had: typeof HAD): boolean {
  for (let k = had.grounds; k < park.grounds.length; k++) {
    // A piece already lying where the new ground goes (a park edited by hand) was left off the grid.
    if (pieceOn(park, had, park.grounds[k]!) || !addGround(facts.grid, park.grounds[k]!)) return false;
  }
  for (let k = had.rides; k < park.rides.length; k++) occupy(facts.grid, park.rides[k]!.cells, RIDE + park.rides[k]!.colour);
  for (let k = had.stands; k < park.stands.length; k++) occupy(facts.grid, park.stands[k]!.cells, STAND + park.stands[k]!.type);
  return true;
}

/** True when one of the first `had` rides or stands of `park` covers a square of `cells`. */
function pieceOn(park: Park, had: { rides: number; stands: number }, cells: readonly Cell[]): boolean {
  for (let k = 0; k < had.rides + had.stands; k++) {
    const piece = k < had.rides ? park.rides[k]!.cells : park.stands[k - had.rides]!.cells;
    for (const [x, y] of piece) for (const [gx, gy] of cells) if (x === gx && y === gy) return true;
  }
  return false;
}

/** The facts of `park` under component set `c`: computed once per park shape. */
export function parkFacts(park: Park, c: Components): ParkFacts {
  const known = FACTS.get(park);
  if (known && known.c === c && piecesBefore(park, known.shape)) {
    if (HAD.grounds === park.grounds.length && HAD.rides === park.rides.length && HAD.stands === park.stands.length) return known.facts;
    if (addPieces(park, known.facts, HAD)) {
      afterGain(known.facts.fits);
      shapeNumbers(park, known.shape);
      return known.facts;
    }
  }
  const facts = freshFacts(parkGrid(park, c, GROWTH), c);
  FACTS.set(park, { c, shape: shapeNumbers(park), facts });
  return facts;
}

/** True when `park` holds a ride of `colour`. */
function hasRideOf(park: Park, colour: number): boolean {
  for (let k = 0; k < park.rides.length; k++) if (park.rides[k]!.colour === colour) return true;
  return false;
}

/** True when `park` holds a stand of `type`. */
function hasStandOf(park: Park, type: number): boolean {
  for (let k = 0; k < park.stands.length; k++) if (park.stands[k]!.type === type) return true;
  return false;
}

/**
 * The memo slot of `piece` in {@link ParkFacts.fits}; −1 for a colour or stand type the component
 * set does not have. A ride of a colour (a stand of a type) the park does not hold yet fits
 * wherever any new one of its size does, so those share one slot.
 */
function fitClass(park: Park, c: Components, piece: Pending): number {
  const colours = c.colours.length;
  if (piece.kind === "ride") {
    if (!(piece.colour >= 0 && piece.colour < colours)) return -1;
    return (hasRideOf(park, piece.colour) ? piece.colour : colours) * 3 + SIZE_INDEX[piece.size];
  }
  const stands = (colours + 1) * 3;
  if (piece.kind === "stand") {
    if (!(piece.type >= 0 && piece.type < c.stands.length)) return -1;
    return stands + (hasStandOf(park, piece.type) ? piece.type : c.stands.length);
  }
  return stands + c.stands.length + 1;
}

// Where fitsSomewhere has findPlacements put the position it found.
const SCRATCH: number[] = [];

/**
 * True when `piece` fits somewhere in `park` (Construction Rules, Expand the park). A caller
 * asking many questions of one park passes its `facts`.
 */
export function fitsSomewhere(park: Park, c: Components, piece: Pending, facts: ParkFacts = parkFacts(park, c)): boolean {
  const slot = fitClass(park, c, piece);
  if (slot < 0) return findPlacements(park, c, piece, true, facts.grid, SCRATCH) > 0;
  const { fits, where } = facts;
  if (fits[slot] === RECHECK) {
    fits[slot] = fitsAt(park, c, piece, facts.grid, where[3 * slot]!, where[3 * slot + 1]!, where[3 * slot + 2]!) ? THERE : UNKNOWN;
  }
  if (fits[slot] === UNKNOWN) {
    const found = findPlacements(park, c, piece, true, facts.grid, SCRATCH) > 0;
    fits[slot] = found ? THERE : NOWHERE;
    if (found) for (let k = 0; k < 3; k++) where[3 * slot + k] = SCRATCH[k]!;
  }
  return fits[slot] === THERE;
}

/** True when `place { x, y, rotation }` of `piece` is among {@link placements} (checked directly). */
export function isPlacement(park: Park, c: Components, piece: Pending, x: number, y: number, rotation: number): boolean {
  return fitsAt(park, c, piece, parkFacts(park, c).grid, x, y, rotation);
}
