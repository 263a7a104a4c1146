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
 * `piecesRotate` false only the printed orientation). The index is the `rotation` of a `place`.
 */
export function turnsOf(shape: ReadonlyArray<readonly [number, number]>, rotate: boolean): Cell[][] {
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

/** What stands on a square. */
type Occupant = { kind: "ride"; colour: number } | { kind: "stand"; type: number };

/** The grid of one park, indexed by square, for the Construction Rules. */
export interface ParkGrid {
  ground: Set<number>;
  cells: Cell[];
  used: Map<number, Occupant>;
  /** Squares taken or touching a taken square, even at a corner: closed to a ride or stand that joins nothing. */
  blocked: Set<number>;
}

export function parkGrid(park: Park, c: Components): ParkGrid {
  const cells = groundCells(park, c);
  const ground = new Set(cells.map(([x, y]) => key(x, y)));
  const used = new Map<number, Occupant>();
  for (const r of park.rides) for (const [x, y] of r.cells) used.set(key(x, y), { kind: "ride", colour: r.colour });
  for (const s of park.stands) for (const [x, y] of s.cells) used.set(key(x, y), { kind: "stand", type: s.type });
  const blocked = new Set<number>();
  for (const k of used.keys()) {
    const x = Math.floor(k / 1024) - 256;
    const y = (k % 1024) - 256;
    blocked.add(k);
    for (const [dx, dy] of AROUND) blocked.add(key(x + dx, y + dy));
  }
  return { ground, cells, used, blocked };
}

/**
 * Why a piece may not lie on `cells` in this park, in a player's words; null when it may.
 * Rides and stands: Build rides / Build stands, Construction Rules. Ground: Expand the park.
 */
export function whyNotAt(park: Park, grid: ParkGrid, piece: Pending, cells: readonly Cell[]): string | null {
  const mine = cells.map(([x, y]) => key(x, y));
  if (piece.kind === "ground") {
    if (cells.some(([x, y]) => grid.ground.has(key(x, y)))) return "An additional ground may not overlap your park's ground";
    const touching = cells.filter(([x, y]) => EDGE.some(([dx, dy]) => grid.ground.has(key(x + dx, y + dy)))).length;
    if (touching < 2) return "An additional ground must have two of its squares next to your park's ground (Expand the park)";
    return null;
  }
  if (cells.some(([x, y]) => !grid.ground.has(key(x, y)))) return "The piece must lie completely on your park's ground";
  if (cells.some(([x, y]) => grid.used.has(key(x, y)))) return "That square is already taken";
  let sameEdges = 0;
  for (const [x, y] of cells) {
    for (const [dx, dy] of AROUND) {
      const k = key(x + dx, y + dy);
      if (mine.includes(k)) continue;
      const o = grid.used.get(k);
      if (!o) continue;
      const edge = dx === 0 || dy === 0;
      if (piece.kind === "ride") {
        if (o.kind === "stand") return "A ride may not touch a stand, not even at a corner";
        if (o.colour !== piece.colour) return "A ride may not touch a ride of another colour, not even at a corner";
        if (edge) sameEdges++;
      } else {
        if (o.kind === "ride") return "A stand may not touch a ride, not even at a corner";
        if (o.type !== piece.type) return "A stand may not touch a stand of another type, not even at a corner";
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

/** A position of a piece: `place { x, y, rotation }`. */
export interface Placement {
  x: number;
  y: number;
  rotation: number;
}

/**
 * Every legal position of `piece` in `park`, ordered by rotation, then x, then y. Rides and stands:
 * each ground square under the first square of each turn. Ground: each empty square next to the
 * ground under each square of each turn. With `firstOnly`, stops at the first one found.
 */
export function placements(park: Park, c: Components, piece: Pending, firstOnly = false, grid: ParkGrid = parkGrid(park, c)): Placement[] {
  const turns = turnsOf(shapeOf(c, piece), c.piecesRotate);
  const out: Placement[] = [];
  const seen = new Set<number>();
  const lim = (v: number): boolean => v >= -64 && v <= 64;
  const anchors: Cell[] = piece.kind === "ground" ? frontier(grid) : grid.cells;
  // A ride of a colour (a stand of a type) the player does not own yet joins nothing: it fits exactly
  // where every square is free ground touching nothing (whyNotAt gives the same answer, slower).
  const joinsNothing =
    (piece.kind === "ride" && !park.rides.some((r) => r.colour === piece.colour)) ||
    (piece.kind === "stand" && !park.stands.some((x) => x.type === piece.type));
  for (let rotation = 0; rotation < turns.length; rotation++) {
    const turn = turns[rotation]!;
    const here: Placement[] = [];
    for (const [ax, ay] of anchors) {
      for (const [dx, dy] of piece.kind === "ground" ? turn : turn.slice(0, 1)) {
        const x = ax - dx;
        const y = ay - dy;
        const k = key(x, y);
        if (seen.has(k)) continue;
        seen.add(k);
        if (joinsNothing) {
          let ok = true;
          for (const [dx2, dy2] of turn) {
            const k2 = key(x + dx2, y + dy2);
            if (!grid.ground.has(k2) || grid.blocked.has(k2)) {
              ok = false;
              break;
            }
          }
          if (!ok) continue;
        } else {
          const cells = cellsAt(turn, x, y);
          if (!cells.every(([cx, cy]) => lim(cx) && lim(cy))) continue;
          if (whyNotAt(park, grid, piece, cells) !== null) continue;
        }
        here.push({ x, y, rotation });
        if (firstOnly) return here;
      }
    }
    seen.clear();
    here.sort((a, b) => a.x - b.x || a.y - b.y);
    out.push(...here);
  }
  return out;
}

/** Empty squares next to the ground, each once. */
function frontier(grid: ParkGrid): Cell[] {
  const out: Cell[] = [];
  const seen = new Set<number>();
  for (const [x, y] of grid.cells) {
    for (const [dx, dy] of EDGE) {
      const k = key(x + dx, y + dy);
      if (grid.ground.has(k) || seen.has(k)) continue;
      seen.add(k);
      out.push([x + dx, y + dy]);
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
  return park.stands.filter((s) => s.type === type).length;
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
  return s.seats.some((p) => p.park.rides.some((r) => r.colour === colour && r.size === size));
}

/** Stands of `type` left in the shared supply. */
export function standsLeft(s: State, type: number): number {
  const built = s.seats.reduce((n, p) => n + standsOf(p.park, type), 0);
  return (comps(s).stands[type]?.copies ?? 0) - built;
}

/** Additional grounds left in the shared supply. */
export function groundsLeft(s: State): number {
  return comps(s).additionalGround.count - s.seats.reduce((n, p) => n + p.park.grounds.length, 0);
}

/** One letter per colour: the first letter of its name not used by an earlier colour. */
export function colourLetters(c: Components): string[] {
  const used = new Set<string>();
  return c.colours.map((name, i) => {
    const ch = [...name.toLowerCase()].find((x) => /[a-z]/.test(x) && !used.has(x)) ?? String.fromCharCode(97 + i);
    used.add(ch);
    return ch;
  });
}

/**
 * The park as text, one line per row: `.` free starting ground, `:` free additional ground, a colour
 * letter per ride square (the first letter of the colour name not used by an earlier colour), stand
 * type numbers (1 = the first type).
 */
export function drawPark(park: Park, c: Components): string[] {
  const grid = parkGrid(park, c);
  const xs = grid.cells.map((q) => q[0]);
  const ys = grid.cells.map((q) => q[1]);
  const letters = colourLetters(c);
  const at = new Map<number, string>();
  for (const r of park.rides) for (const [x, y] of r.cells) at.set(key(x, y), letters[r.colour] ?? "?");
  for (const s of park.stands) for (const [x, y] of s.cells) at.set(key(x, y), String(s.type + 1));
  const lines: string[] = [];
  for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
    let row = "";
    for (let x = Math.min(...xs); x <= Math.max(...xs); x++) {
      const k = key(x, y);
      const start = x >= 0 && y >= 0 && x < c.startingGroundSize && y < c.startingGroundSize;
      row += grid.ground.has(k) ? (at.get(k) ?? (start ? "." : ":")) : " ";
    }
    lines.push(row.trimEnd());
  }
  return lines;
}
