// Hex grids, shared by every game drawn on hexes (SteamRollers' player sheets, Age of Steam's maps).
// Cells are addressed by the offset coordinates a printed map uses (column, row); the maths runs in
// axial coordinates (q, r). See "Hexagonal Grids" by Amit Patel (redblobgames.com) for the formulas.

/**
 * How a printed hex map is laid out: flat-topped hexes in columns whose odd (or even) columns sit
 * half a hex lower, or pointy-topped hexes in rows whose odd (or even) rows sit half a hex right.
 *
 * @example
 * ```ts
 * import { hexNeighbor, type HexLayout } from "@rules/core";
 *
 * const layout: HexLayout = "flat-odd-q";
 * console.log(hexNeighbor(layout, 0, 0, 2)); // [1, 0]: south-east of column 0 is column 1, same row
 * ```
 */
export type HexLayout = "flat-odd-q" | "flat-even-q" | "pointy-odd-r" | "pointy-even-r";

/**
 * A cell by its offset coordinates on the printed map: `[column, row]`.
 *
 * @example
 * ```ts
 * import { buildHexGrid, type HexCell } from "@rules/core";
 *
 * const cells: HexCell[] = [[0, 0], [1, 0], [0, 1]];
 * console.log(buildHexGrid("flat-odd-q", cells).cells.length); // 3
 * ```
 */
export type HexCell = readonly [col: number, row: number];

/**
 * The six edges of a hex, numbered 0..5 clockwise. Flat-topped: N, NE, SE, S, SW, NW.
 * Pointy-topped: NE, E, SE, SW, W, NW. Edge `e` of one hex touches edge `oppositeEdge(e)` of its
 * neighbour across it.
 *
 * @example
 * ```ts
 * import { HEX_EDGE_NAMES, oppositeEdge, type HexEdge } from "@rules/core";
 *
 * const north: HexEdge = 0;
 * console.log(HEX_EDGE_NAMES.flat[oppositeEdge(north)]); // "S"
 * ```
 */
export type HexEdge = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Edge names clockwise from 0, per orientation, for messages and docs.
 *
 * @example
 * ```ts
 * import { HEX_EDGE_NAMES } from "@rules/core";
 *
 * console.log(HEX_EDGE_NAMES.flat[1], HEX_EDGE_NAMES.pointy[1]); // "NE" "E"
 * ```
 */
export const HEX_EDGE_NAMES = {
  flat: ["N", "NE", "SE", "S", "SW", "NW"],
  pointy: ["NE", "E", "SE", "SW", "W", "NW"],
} as const;

// Axial steps across each edge, clockwise. The same six vectors serve both orientations; only the
// starting edge differs (flat-topped starts at N = (0,-1), pointy-topped at NE = (+1,-1)).
const FLAT_STEPS: ReadonlyArray<readonly [number, number]> = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
const POINTY_STEPS: ReadonlyArray<readonly [number, number]> = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

const isFlat = (layout: HexLayout): boolean => layout === "flat-odd-q" || layout === "flat-even-q";

/**
 * The edge across from `edge` on the neighbouring hex.
 *
 * @example
 * ```ts
 * import { oppositeEdge } from "@rules/core";
 *
 * console.log(oppositeEdge(1), oppositeEdge(4)); // 4 1
 * ```
 */
export function oppositeEdge(edge: number): HexEdge {
  return ((edge + 3) % 6) as HexEdge;
}

/**
 * `edge` turned `steps` edges clockwise (negative: anticlockwise).
 *
 * @example
 * ```ts
 * import { rotateEdge } from "@rules/core";
 *
 * console.log(rotateEdge(5, 2), rotateEdge(0, -1)); // 1 5
 * ```
 */
export function rotateEdge(edge: number, steps: number): HexEdge {
  return ((((edge + steps) % 6) + 6) % 6) as HexEdge;
}

/**
 * Offset `[col, row]` to axial `[q, r]` for a layout.
 *
 * @example
 * ```ts
 * import { offsetToAxial } from "@rules/core";
 *
 * console.log(offsetToAxial("flat-odd-q", 3, 2)); // [3, 1]
 * ```
 */
export function offsetToAxial(layout: HexLayout, col: number, row: number): [q: number, r: number] {
  switch (layout) {
    case "flat-odd-q":
      return [col, row - (col - (col & 1)) / 2];
    case "flat-even-q":
      return [col, row - (col + (col & 1)) / 2];
    case "pointy-odd-r":
      return [col - (row - (row & 1)) / 2, row];
    case "pointy-even-r":
      return [col - (row + (row & 1)) / 2, row];
  }
}

/**
 * Axial `[q, r]` back to offset `[col, row]` for a layout.
 *
 * @example
 * ```ts
 * import { axialToOffset } from "@rules/core";
 *
 * console.log(axialToOffset("flat-odd-q", 3, 1)); // [3, 2]
 * ```
 */
export function axialToOffset(layout: HexLayout, q: number, r: number): [col: number, row: number] {
  switch (layout) {
    case "flat-odd-q":
      return [q, r + (q - (q & 1)) / 2];
    case "flat-even-q":
      return [q, r + (q + (q & 1)) / 2];
    case "pointy-odd-r":
      return [q + (r - (r & 1)) / 2, r];
    case "pointy-even-r":
      return [q + (r + (r & 1)) / 2, r];
  }
}

/**
 * The offset cell across `edge` from `[col, row]` (it may lie off the map).
 *
 * @example
 * ```ts
 * import { hexNeighbor } from "@rules/core";
 *
 * console.log(hexNeighbor("pointy-odd-r", 2, 2, 1)); // [3, 2]: edge 1 of a pointy hex is E
 * ```
 */
export function hexNeighbor(layout: HexLayout, col: number, row: number, edge: number): [col: number, row: number] {
  const [q, r] = offsetToAxial(layout, col, row);
  const [dq, dr] = (isFlat(layout) ? FLAT_STEPS : POINTY_STEPS)[rotateEdge(edge, 0)]!;
  return axialToOffset(layout, q + dq, r + dr);
}

/**
 * Steps between two offset cells on an open grid (ignores which cells exist).
 *
 * @example
 * ```ts
 * import { hexDistance } from "@rules/core";
 *
 * console.log(hexDistance("flat-odd-q", [0, 0], [3, 2])); // 4
 * ```
 */
export function hexDistance(layout: HexLayout, a: HexCell, b: HexCell): number {
  const [aq, ar] = offsetToAxial(layout, a[0], a[1]);
  const [bq, br] = offsetToAxial(layout, b[0], b[1]);
  const dq = aq - bq;
  const dr = ar - br;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/**
 * A map's cells as dense indices with their neighbours precomputed, so rules code works on plain
 * integers (cheap to store in a state, cheap to search). Build it once per map, outside the state.
 *
 * @example
 * ```ts
 * import { buildHexGrid, type HexGrid } from "@rules/core";
 *
 * const grid: HexGrid = buildHexGrid("flat-odd-q", [[0, 0], [1, 0], [0, 1]]);
 * console.log(grid.indexOf(0, 1), grid.neighbors[0], grid.edgeBetween(0, 2)); // 2 [-1, -1, 1, 2, -1, -1] 3
 * ```
 */
export interface HexGrid {
  readonly layout: HexLayout;
  /** The cells in the order given; a cell's index is its position here. */
  readonly cells: readonly HexCell[];
  /** `neighbors[i][e]`: the index of the cell across edge `e` of cell `i`, or -1 off the map. */
  readonly neighbors: ReadonlyArray<readonly number[]>;
  /** The index of `[col, row]`, or -1 when the map has no such cell. */
  indexOf(col: number, row: number): number;
  /** The edge of cell `a` that touches cell `b`, or -1 when they are not neighbours. */
  edgeBetween(a: number, b: number): number;
}

/**
 * Build a {@link HexGrid}. Throws a `RangeError` on a repeated or non-integer cell.
 *
 * @example
 * ```ts
 * import { buildHexGrid } from "@rules/core";
 *
 * const grid = buildHexGrid("pointy-odd-r", [[0, 0], [1, 0]]);
 * console.log(grid.edgeBetween(0, 1), grid.edgeBetween(1, 0)); // 1 4 (E and W)
 * ```
 */
export function buildHexGrid(layout: HexLayout, cells: readonly HexCell[]): HexGrid {
  const index = new Map<string, number>();
  cells.forEach(([c, r], i) => {
    if (!Number.isInteger(c) || !Number.isInteger(r)) throw new RangeError(`hex cell ${i} is not a pair of integers: [${c}, ${r}]`);
    const key = `${c},${r}`;
    if (index.has(key)) throw new RangeError(`hex cell [${c}, ${r}] is listed twice`);
    index.set(key, i);
  });
  const indexOf = (col: number, row: number): number => index.get(`${col},${row}`) ?? -1;
  const neighbors = cells.map(([c, r]) => [0, 1, 2, 3, 4, 5].map((e) => {
    const [nc, nr] = hexNeighbor(layout, c, r, e);
    return indexOf(nc, nr);
  }));
  return {
    layout,
    cells: cells.map(([c, r]) => [c, r] as const),
    neighbors,
    indexOf,
    edgeBetween: (a, b) => neighbors[a]?.indexOf(b) ?? -1,
  };
}
