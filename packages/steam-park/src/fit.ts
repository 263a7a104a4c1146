import type { Components, Size } from "./data.js";
import { LIMIT, RIDE, STAND, cellsAt, occupy, parkGrid, placements, shapeOf, turnsOf, whyNotAt, type Cell, type ParkGrid } from "./park.js";
import type { Park, Pending } from "./schema.js";

// What a park's shape decides (its grid, which pieces fit), kept while the park is unchanged.

/** A park's grid and a memo of which pieces fit somewhere in it (see {@link fitsSomewhere}). */
export interface ParkFacts {
  grid: ParkGrid;
  fits: Map<number, boolean>;
}

// Facts per park object, each with the exact shape it was computed for (grounds, rides, stands and
// their squares) and the component set: a park that changed in any way is recomputed, except that
// a park which only gained rides or stands since (what placing one in place does) has them put on
// its grid. A pure cache, never part of a state.
const FACTS = new WeakMap<Park, { c: Components; shape: Int32Array; facts: ParkFacts }>();

function shapeNumbers(park: Park): Int32Array {
  let size = 3;
  for (const g of park.grounds) size += 1 + 2 * g.length;
  for (const r of park.rides) size += 3 + 2 * r.cells.length;
  for (const st of park.stands) size += 2 + 2 * st.cells.length;
  const out = new Int32Array(size);
  let i = 0;
  const cells = (list: readonly Cell[]): void => {
    out[i++] = list.length;
    for (const [x, y] of list) {
      out[i++] = x;
      out[i++] = y;
    }
  };
  out[i++] = park.grounds.length;
  for (const g of park.grounds) cells(g);
  out[i++] = park.rides.length;
  for (const r of park.rides) {
    out[i++] = r.colour;
    out[i++] = SIZE_INDEX[r.size];
    cells(r.cells);
  }
  out[i++] = park.stands.length;
  for (const st of park.stands) {
    out[i++] = st.type;
    cells(st.cells);
  }
  return out;
}

/** True when `park` has exactly the shape `shape` was taken from (the same walk as {@link shapeNumbers}). */
function sameShape(park: Park, shape: Int32Array): boolean {
  let i = 0;
  const cellsMatch = (cells: readonly Cell[]): boolean => {
    if (shape[i++] !== cells.length) return false;
    for (let k = 0; k < cells.length; k++) if (shape[i++] !== cells[k]![0] || shape[i++] !== cells[k]![1]) return false;
    return true;
  };
  if (shape[i++] !== park.grounds.length) return false;
  for (const g of park.grounds) if (!cellsMatch(g)) return false;
  if (shape[i++] !== park.rides.length) return false;
  for (const r of park.rides) if (shape[i++] !== r.colour || shape[i++] !== SIZE_INDEX[r.size] || !cellsMatch(r.cells)) return false;
  if (shape[i++] !== park.stands.length) return false;
  for (const s of park.stands) if (shape[i++] !== s.type || !cellsMatch(s.cells)) return false;
  return i === shape.length;
}

const SIZE_INDEX: Record<Size, number> = { small: 0, medium: 1, big: 2 };

/**
 * When `park` is the park `shape` was taken from with rides or stands added at the end of its
 * lists, how many of each it had (the same walk as {@link sameShape}, on the old counts); else null.
 */
function gainedPieces(park: Park, shape: Int32Array): { rides: number; stands: number } | null {
  let i = 0;
  const cellsMatch = (cells: readonly Cell[]): boolean => {
    if (shape[i++] !== cells.length) return false;
    for (let k = 0; k < cells.length; k++) if (shape[i++] !== cells[k]![0] || shape[i++] !== cells[k]![1]) return false;
    return true;
  };
  if (shape[i++] !== park.grounds.length) return null;
  for (const g of park.grounds) if (!cellsMatch(g)) return null;
  const rides = shape[i++]!;
  if (rides > park.rides.length) return null;
  for (let k = 0; k < rides; k++) {
    const r = park.rides[k]!;
    if (shape[i++] !== r.colour || shape[i++] !== SIZE_INDEX[r.size] || !cellsMatch(r.cells)) return null;
  }
  const stands = shape[i++]!;
  if (stands > park.stands.length) return null;
  for (let k = 0; k < stands; k++) {
    const s = park.stands[k]!;
    if (shape[i++] !== s.type || !cellsMatch(s.cells)) return null;
  }
  return i === shape.length ? { rides, stands } : null;
}

/** The facts of `park` under component set `c`: computed once per park shape. */
export function parkFacts(park: Park, c: Components): ParkFacts {
  const known = FACTS.get(park);
  if (known && known.c === c) {
    if (sameShape(park, known.shape)) return known.facts;
    const had = gainedPieces(park, known.shape);
    if (had) {
      const { rides, stands } = had;
      for (let k = rides; k < park.rides.length; k++) occupy(known.facts.grid, park.rides[k]!.cells, RIDE + park.rides[k]!.colour);
      for (let k = stands; k < park.stands.length; k++) occupy(known.facts.grid, park.stands[k]!.cells, STAND + park.stands[k]!.type);
      known.facts.fits.clear();
      known.shape = shapeNumbers(park);
      return known.facts;
    }
  }
  const facts: ParkFacts = { grid: parkGrid(park, c), fits: new Map() };
  FACTS.set(park, { c, shape: shapeNumbers(park), facts });
  return facts;
}

/**
 * True when `piece` fits somewhere in `park` (Construction Rules, Expand the park). A ride of a
 * colour (a stand of a type) the park does not hold yet fits wherever any new one of its size does,
 * so those share one answer. A caller asking many questions of one park passes its `facts`.
 */
export function fitsSomewhere(park: Park, c: Components, piece: Pending, facts: ParkFacts = parkFacts(park, c)): boolean {
  let id: number;
  if (piece.kind === "ride") id = (park.rides.some((r) => r.colour === piece.colour) ? piece.colour : 100) * 4 + SIZE_INDEX[piece.size];
  else if (piece.kind === "stand") id = 1000 + (park.stands.some((x) => x.type === piece.type) ? piece.type : 100);
  else id = 2000;
  let fits = facts.fits.get(id);
  if (fits === undefined) {
    fits = placements(park, c, piece, true, facts.grid).length > 0;
    facts.fits.set(id, fits);
  }
  return fits;
}

/** True when `place { x, y, rotation }` of `piece` is among {@link placements} (checked directly). */
export function isPlacement(park: Park, c: Components, piece: Pending, x: number, y: number, rotation: number): boolean {
  const turn = turnsOf(shapeOf(c, piece), c.piecesRotate)[rotation];
  if (!turn) return false;
  const cells = cellsAt(turn, x, y);
  for (const [cx, cy] of cells) if (cx < -LIMIT || cx > LIMIT || cy < -LIMIT || cy > LIMIT) return false;
  return whyNotAt(park, parkFacts(park, c).grid, piece, cells) === null;
}

