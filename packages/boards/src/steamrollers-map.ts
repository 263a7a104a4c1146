/// <reference lib="dom" />
// SteamRollers' player sheet as SVG: the hex grid with its six regions, cities (die number) and
// towns, the walls, and each track drawn across the two hex edges it joins. Geometry only; the
// board module (steamrollers.ts) places the sheets and everything around them.
import { offsetToAxial } from "@rules/core";
import type { View } from "@rules/steamrollers";
import { label, s } from "./svg.js";

type MapData = NonNullable<View["components"]>["map"];
type Sheet = View["sheets"][number];

export const REGION_FILL: Record<string, string> = { yellow: "#fff3b0", red: "#ffd6d6", green: "#d8f3dc", blue: "#d0e7ff", grey: "#e5e5e5" };
export const REGION_DARK: Record<string, string> = { yellow: "#e9c46a", red: "#e76f51", green: "#52b788", blue: "#4895ef", grey: "#8d99ae" };
export const GOOD_FILL = ["#ffd60a", "#e63946", "#2a9d8f", "#1d4ed8", "#9ca3af", "#111"];

export interface Cell {
  col: number;
  row: number;
  region: number;
  colour: string;
  city: boolean;
  town: boolean;
  x: number;
  y: number;
}

/**
 * The sheet's cells in the order the sheet's `tracks` are indexed: the regions by die number, each
 * region's hexes as the map lists them (the order the package's map grid uses).
 */
export function cellsOf(map: MapData, size: number): Cell[] {
  const flat = map.layout.startsWith("flat");
  const regions = [...map.regions].sort((a, b) => a.die - b.die);
  return regions.flatMap((r, region) =>
    r.hexes.map(([col, row]) => {
      const [q, rr] = offsetToAxial(map.layout, col, row);
      const x = flat ? size * 1.5 * q : size * Math.sqrt(3) * (q + rr / 2);
      const y = flat ? size * Math.sqrt(3) * (rr + q / 2) : size * 1.5 * rr;
      return { col, row, region, colour: r.colour, city: r.city[0] === col && r.city[1] === row, town: r.town[0] === col && r.town[1] === row, x, y };
    }),
  );
}

/** The angle of edge `e`'s midpoint from the centre (edges clockwise: pointy from NE, flat from N). */
function edgeAngle(flat: boolean, e: number): number {
  return ((flat ? e * 60 - 90 : e * 60 - 60) * Math.PI) / 180;
}

function corners(flat: boolean, x: number, y: number, size: number): string {
  return [0, 1, 2, 3, 4, 5]
    .map((k) => {
      const a = ((flat ? 60 * k : 60 * k - 30) * Math.PI) / 180;
      return `${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`;
    })
    .join(" ");
}

function edgePoint(flat: boolean, c: Cell, e: number, size: number, inset = 1): [number, number] {
  const d = ((size * Math.sqrt(3)) / 2) * inset;
  return [c.x + d * Math.cos(edgeAngle(flat, e)), c.y + d * Math.sin(edgeAngle(flat, e))];
}

/** The edge of `a` that touches `b` (by direction), for walls between two cells. */
function edgeTowards(flat: boolean, a: Cell, b: Cell): number {
  const angle = Math.atan2(b.y - a.y, b.x - a.x);
  let best = 0;
  for (let e = 1; e < 6; e++) {
    const diff = (x: number) => Math.abs(Math.atan2(Math.sin(x - angle), Math.cos(x - angle)));
    if (diff(edgeAngle(flat, e)) < diff(edgeAngle(flat, best))) best = e;
  }
  return best;
}

export interface SheetOptions {
  size: number;
  /** Board keys on the hexes (`hex:col,row`) and cities (`city:n`): only on the sheet played from. */
  targets: boolean;
  /** Olive's crosses per region (solo), drawn as marks in the region's empty hexes. */
  crosses?: readonly number[] | undefined;
}

/** One player's sheet, with its top-left corner at (0, 0); returns the group and its size. */
export function sheetSvg(map: MapData, sheet: Sheet, walls: View["walls"], o: SheetOptions): { g: SVGElement; width: number; height: number } {
  const flat = map.layout.startsWith("flat");
  const cells = cellsOf(map, o.size);
  const minX = Math.min(...cells.map((c) => c.x)) - o.size;
  const minY = Math.min(...cells.map((c) => c.y)) - o.size;
  const width = Math.max(...cells.map((c) => c.x)) - minX + o.size;
  const height = Math.max(...cells.map((c) => c.y)) - minY + o.size;
  const g = s("g", { transform: `translate(${(-minX).toFixed(1)},${(-minY).toFixed(1)})` });
  const crossed = new Set<number>();
  if (o.crosses) {
    o.crosses.forEach((n, region) => {
      const empty = cells.flatMap((c, i) => (c.region === region && !c.city && !sheet.tracks[i] ? [i] : []));
      empty.slice(0, n).forEach((i) => crossed.add(i));
    });
  }
  cells.forEach((c, i) => {
    const attrs: Record<string, string | number> = { "data-hex": `${c.col},${c.row}`, "data-region": c.region + 1 };
    if (o.targets) attrs["data-target"] = c.city ? `city:${c.region + 1}` : `hex:${c.col},${c.row}`;
    if (c.city) attrs["data-city"] = c.region + 1;
    const h = s("g", attrs);
    h.append(s("polygon", { points: corners(flat, c.x, c.y, o.size * 0.97), fill: c.city ? REGION_DARK[c.colour] : REGION_FILL[c.colour], stroke: "#fff", "stroke-width": 1 }));
    if (c.city) h.append(label(c.x, c.y + o.size * 0.3, String(c.region + 1), { "text-anchor": "middle", "font-size": o.size * 0.9, "font-weight": 700, fill: "#fff", "pointer-events": "none" }));
    if (c.town) h.append(s("circle", { cx: c.x, cy: c.y, r: o.size * 0.22, fill: "#111", "pointer-events": "none" }));
    const t = sheet.tracks[i];
    if (t) {
      const [ax, ay] = edgePoint(flat, c, t[0], o.size);
      const [bx, by] = edgePoint(flat, c, t[1], o.size);
      h.append(s("path", { d: `M${ax.toFixed(1)},${ay.toFixed(1)} Q${c.x.toFixed(1)},${c.y.toFixed(1)} ${bx.toFixed(1)},${by.toFixed(1)}`, fill: "none", stroke: "#222", "stroke-width": Math.max(1.5, o.size * 0.16), "stroke-linecap": "round", "pointer-events": "none", "data-track": `${t[0]}-${t[1]}` }));
    }
    if (crossed.has(i)) {
      const d = o.size * 0.35;
      h.append(s("path", { d: `M${c.x - d},${c.y - d} L${c.x + d},${c.y + d} M${c.x + d},${c.y - d} L${c.x - d},${c.y + d}`, stroke: "#c1121f", "stroke-width": Math.max(1.5, o.size * 0.12), "pointer-events": "none", "data-cross": c.region + 1 }));
    }
    g.append(h);
  });
  // Region borders: the edges between hexes of two regions, drawn darker.
  const at = new Map(cells.map((c, i) => [`${Math.round(c.x)},${Math.round(c.y)}`, i]));
  const step = o.size * Math.sqrt(3);
  cells.forEach((c) => {
    for (let e = 0; e < 6; e++) {
      const a = edgeAngle(flat, e);
      const n = at.get(`${Math.round(c.x + step * Math.cos(a))},${Math.round(c.y + step * Math.sin(a))}`);
      if (n === undefined || cells[n]!.region === c.region) continue;
      const [x1, y1] = cornerPair(flat, c, e, o.size);
      g.append(s("line", { x1: x1[0], y1: x1[1], x2: y1[0], y2: y1[1], stroke: "#555", "stroke-width": Math.max(1, o.size * 0.06), "pointer-events": "none" }));
    }
  });
  for (const [ia, ib] of walls) {
    const a = cells[ia];
    const b = cells[ib];
    if (!a || !b) continue;
    const [p, q] = cornerPair(flat, a, edgeTowards(flat, a, b), o.size);
    g.append(s("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: "#6b2c00", "stroke-width": Math.max(3, o.size * 0.22), "stroke-linecap": "round", "data-wall": `${ia},${ib}`, "pointer-events": "none" }));
  }
  return { g, width, height };
}

/** The two corners that bound edge `e` of a cell. */
function cornerPair(flat: boolean, c: Cell, e: number, size: number): [[number, number], [number, number]] {
  const mid = edgeAngle(flat, e);
  const pt = (a: number): [number, number] => [+(c.x + size * Math.cos(a)).toFixed(1), +(c.y + size * Math.sin(a)).toFixed(1)];
  return [pt(mid - Math.PI / 6), pt(mid + Math.PI / 6)];
}
