import { defaultComponents, type Components } from "./data.js";
import { FREE, OFF, STAND, RIDE, parkGrid, squareAt } from "./grid.js";
import { groundCells } from "./park.js";
import type { Park } from "./schema.js";

// The park as text, for the CLI and the describe lines.

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
 * type numbers (1 = the first type). `components`: the set in play (`state.components`; null is the
 * default set).
 *
 * @example
 * ```ts
 * import { drawPark, initialState } from "@rules/steam-park";
 *
 * const s = initialState(1, { players: 2 });
 * console.log(drawPark(s.seats[0]!.park, s.components).join("\n")); // the empty 4×4 starting ground: four rows of "...."
 * ```
 */
export function drawPark(park: Park, components: Components | null = null): string[] {
  const c = components ?? defaultComponents;
  const cells = groundCells(park, c);
  const xs = cells.map((q) => q[0]);
  const ys = cells.map((q) => q[1]);
  const letters = colourLetters(c);
  const grid = parkGrid(park, c);
  const lines: string[] = [];
  for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
    let row = "";
    for (let x = Math.min(...xs); x <= Math.max(...xs); x++) {
      const o = squareAt(grid, x, y);
      const start = x >= 0 && y >= 0 && x < c.startingGroundSize && y < c.startingGroundSize;
      row += o === OFF ? " " : o === FREE ? (start ? "." : ":") : o >= STAND ? String(o - STAND + 1) : (letters[o - RIDE] ?? "?");
    }
    lines.push(row.trimEnd());
  }
  return lines;
}
