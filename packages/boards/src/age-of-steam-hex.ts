/// <reference lib="dom" />
// Age of Steam's hex map, drawn from the View: terrain, cities by colour with their goods cubes,
// towns and new cities, every track tile's paths in its owner's colour, the loose ends of
// incomplete links, printed connections (the Channel) and virtual lines (the Orient Express).
// Hex indices follow the rules' own grid: the map's rows read in order, skipping blanks, on the
// flat-topped odd-q layout of @rules/core, so drawn neighbours are the rules' neighbours.
import { buildHexGrid, offsetToAxial, type HexCell, type HexGrid } from "@rules/core";
import type { View } from "@rules/age-of-steam-exp";
import { s, seatColour, seatDash, text, title } from "./svg-kit.js";

type MapData = View["map"];

/** Hex radius (centre to corner) in SVG units: 28, or less for a map taller than about 700 units. */
let R = 28;
function radiusFor(map: MapData): number {
  return Math.min(28, Math.floor(700 / ((map.rows.length + 0.5) * Math.sqrt(3))));
}
const SQ3 = Math.sqrt(3);

/** Drawn colours of the goods cubes and city colours. */
export const CUBE: Record<string, string> = { red: "#dc2626", blue: "#2563eb", purple: "#7e22ce", yellow: "#facc15", black: "#111827" };
const TERRAIN_FILL: Record<string, string> = { plain: "#eef3d2", river: "#dcefd8", mountain: "#d9c7a7", water: "#9cc9ea", city: "#fff", town: "#eef3d2" };
const LEGEND: Record<string, string> = { ".": "plain", r: "river", m: "mountain", "~": "water", C: "city", t: "town" };

/** The map's hexes in the rules' order, with their terrain and pixel centres. */
export interface HexLayoutData {
  grid: HexGrid;
  /** The hex radius the centres are laid out for. */
  r: number;
  cells: HexCell[];
  terrain: string[];
  centre: Array<[number, number]>;
  width: number;
  height: number;
}

const layouts = new WeakMap<MapData, HexLayoutData>();

/** The layout of `map` (cached per map object). */
export function hexLayout(map: MapData): HexLayoutData {
  const hit = layouts.get(map);
  if (hit) return hit;
  const cells: HexCell[] = [];
  const terrain: string[] = [];
  map.rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (row[c] === " ") continue;
      cells.push([c, r]);
      terrain.push(LEGEND[row[c]!] ?? "plain");
    }
  });
  const grid = buildHexGrid("flat-odd-q", cells);
  R = radiusFor(map);
  const raw = cells.map(([c, r]): [number, number] => {
    const [q, ar] = offsetToAxial("flat-odd-q", c, r);
    return [1.5 * R * q, SQ3 * R * (ar + q / 2)];
  });
  const minX = Math.min(...raw.map((p) => p[0])) - R - 2;
  const minY = Math.min(...raw.map((p) => p[1])) - (SQ3 / 2) * R - 2;
  const centre = raw.map(([x, y]): [number, number] => [x - minX, y - minY]);
  const width = Math.max(...centre.map((p) => p[0])) + R + 2;
  const height = Math.max(...centre.map((p) => p[1])) + (SQ3 / 2) * R + 2;
  const out = { grid, r: R, cells, terrain, centre, width, height };
  layouts.set(map, out);
  return out;
}

/** Corner k (0 = east, clockwise) of the hex centred on (x, y). */
function corner(x: number, y: number, k: number, r = R): [number, number] {
  const t = (Math.PI / 3) * k;
  return [x + r * Math.cos(t), y + r * Math.sin(t)];
}

/** The midpoint of edge e (0 = N, clockwise) of the hex centred on (x, y). */
export function edgeMid(x: number, y: number, e: number, f = 1): [number, number] {
  const t = -Math.PI / 2 + (Math.PI / 3) * e;
  return [x + (SQ3 / 2) * R * f * Math.cos(t), y + (SQ3 / 2) * R * f * Math.sin(t)];
}

function hexPoints(x: number, y: number, r = R): string {
  return [0, 1, 2, 3, 4, 5].map((k) => corner(x, y, k, r).map((v) => v.toFixed(1)).join(",")).join(" ");
}

/** The `d` of a track path from edge a (or the centre, a = -1) to edge b. */
function pathD(x: number, y: number, a: number, b: number): string {
  const [bx, by] = edgeMid(x, y, b);
  if (a < 0) return `M${x.toFixed(1)},${y.toFixed(1)} L${bx.toFixed(1)},${by.toFixed(1)}`;
  const [ax, ay] = edgeMid(x, y, a);
  if ((a + 3) % 6 === b) return `M${ax.toFixed(1)},${ay.toFixed(1)} L${bx.toFixed(1)},${by.toFixed(1)}`;
  // A curve bends towards the centre, tighter for neighbouring edges.
  const [cx, cy] = (a + 1) % 6 === b || (b + 1) % 6 === a ? [(x + (ax + bx) / 2) / 2, (y + (ay + by) / 2) / 2] : [x, y];
  return `M${ax.toFixed(1)},${ay.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${bx.toFixed(1)},${by.toFixed(1)}`;
}

function cubes(colors: readonly string[], x: number, y: number, perRow: number, key: string): SVGElement {
  const g = s("g", { "data-goods": key, "data-cubes": colors.join(",") });
  colors.forEach((c, i) => {
    const cx = x + (i % perRow) * 9 - ((Math.min(perRow, colors.length) - 1) * 9) / 2;
    const cy = y + Math.floor(i / perRow) * 9;
    // A dark edge inside a white ring: a cube shows on a city band of its own colour.
    g.append(s("rect", { x: cx - 4.5, y: cy - 4.5, width: 9, height: 9, fill: CUBE[c] ?? c, stroke: "#fff", "stroke-width": 1.6, "paint-order": "stroke" }));
    g.append(s("rect", { x: cx - 3.6, y: cy - 3.6, width: 7.2, height: 7.2, fill: "none", stroke: "#111", "stroke-width": 0.8 }));
  });
  return g;
}

/** The hex map with everything on it; `targets` are the clickable keys. */
export function drawHexMap(view: View, targets: Set<string>): { g: SVGElement; width: number; height: number; place: (name: string) => number } {
  const map = view.map;
  const L = hexLayout(map);
  R = L.r;
  const g = s("g", { "data-map": map.id });
  const placeIndex = new Map<string, number>();
  map.cities.forEach((c) => placeIndex.set(c.name, L.grid.indexOf(c.hex[0], c.hex[1])));
  map.towns.forEach((t) => placeIndex.set(t.name, L.grid.indexOf(t.hex[0], t.hex[1])));
  const place = (name: string): number => placeIndex.get(name) ?? -1;
  // Terrain.
  const ground = s("g", { "data-layer": "terrain" });
  L.cells.forEach(([c, r], h) => {
    const [x, y] = L.centre[h]!;
    const t = L.terrain[h]!;
    const key = `hex:${c},${r}`;
    const hex = s("polygon", { points: hexPoints(x, y), fill: TERRAIN_FILL[t], stroke: t === "water" ? "#7fb2d9" : "#b8c08f", "stroke-width": 0.8, "data-hex": `${c},${r}`, "data-terrain": t, "data-target": targets.has(key) ? key : undefined });
    hex.append(title(`(${c},${r}) ${t}`));
    ground.append(hex);
    if (t === "river") ground.append(s("path", { d: `M${x - R * 0.7},${y + 4} q${R * 0.35},-8 ${R * 0.7},0 t${R * 0.7},0`, fill: "none", stroke: "#3b82f6", "stroke-width": 1.6, "pointer-events": "none" }));
    if (t === "mountain") ground.append(s("path", { d: `M${x - 10},${y + 7} L${x - 3},${y - 6} L${x + 1},${y} L${x + 5},${y - 8} L${x + 12},${y + 7} Z`, fill: "#a8875c", stroke: "#6b4f2a", "stroke-width": 0.8, "pointer-events": "none" }));
  });
  g.append(ground);
  for (const x of map.impassable) {
    const h = L.grid.indexOf(x.hex[0], x.hex[1]);
    const [cx, cy] = L.centre[h]!;
    const [ax, ay] = corner(cx, cy, (x.edge + 4) % 6);
    const [bx, by] = corner(cx, cy, (x.edge + 5) % 6);
    g.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "#1d4ed8", "stroke-width": 4, "data-impassable": `${x.hex[0]},${x.hex[1]}:${x.edge}` }));
  }
  // Virtual lines (the Orient Express) under the track.
  for (const line of map.virtualLines) {
    const pts = line.cities.map(place).filter((h) => h >= 0).map((h) => L.centre[h]!);
    g.append(s("polyline", { points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#db2777", "stroke-width": 3, "stroke-dasharray": "1 6", "stroke-linecap": "round", opacity: 0.85, "data-virtual-line": line.name, "pointer-events": "none" }, title(`${line.name}: ${line.cities.join(" – ")}, $${line.feePerCityEntered} per city entered; not for ${line.excludedColors.join(", ")} goods`)));
    if (pts[0]) g.append(text(pts[0][0], pts[0][1] - R - 6, line.name, { "font-size": 10, "font-style": "italic", fill: "#92400e", "font-weight": 700 }));
  }
  // Track.
  const trackLayer = s("g", { "data-layer": "track" });
  for (const t of view.track) {
    const [x, y] = L.centre[t.hex]!;
    const [c, r] = L.cells[t.hex]!;
    const tile = s("g", { "data-track": `${c},${r}`, "data-tile": t.tile, "data-rot": String(t.rot) });
    for (const p of t.paths) {
      const d = pathD(x, y, p.a, p.b);
      tile.append(s("path", { d, fill: "none", stroke: "#1f2937", "stroke-width": 8, "stroke-linecap": "butt" }));
      tile.append(s("path", { d, fill: "none", stroke: seatColour(p.owner), "stroke-width": 5, "stroke-dasharray": seatDash(p.owner), "data-owner": p.owner === null ? "none" : String(p.owner), "data-path": `${p.a},${p.b}` }));
    }
    tile.append(title(`${t.tile} on (${c},${r}), ${t.paths.map((p) => (p.owner === null ? "unowned" : `seat ${p.owner}`)).join(", ")}`));
    tile.setAttribute("pointer-events", "none");
    trackLayer.append(tile);
  }
  g.append(trackLayer);
  // Printed connections (the Channel): dashed while unclaimed, solid in the owner's colour once claimed.
  map.connections.forEach((cn, i) => {
    const a = place(cn.ends[0]);
    const b = place(cn.ends[1]);
    if (a < 0 || b < 0) return;
    const owner = view.connections[i]?.owner ?? null;
    const key = `connection:${i}`;
    const [ax, ay] = L.centre[a]!;
    const [bx, by] = L.centre[b]!;
    const line = s("g", { "data-connection": String(i), "data-owner": owner === null ? "none" : String(owner), "data-target": targets.has(key) ? key : undefined });
    line.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "transparent", "stroke-width": 14 }));
    line.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: owner === null ? "#334155" : seatColour(owner), "stroke-width": owner === null ? 2.5 : 5, "stroke-dasharray": owner === null ? "6 4" : undefined }));
    // The label at the middle of the line on a white tag, clear of the cities at its ends.
    const words = `${cn.id} $${cn.cost}`;
    const tw = words.length * 6 + 6;
    line.append(s("rect", { x: (ax + bx) / 2 - tw / 2, y: (ay + by) / 2 - 8, width: tw, height: 16, rx: 3, fill: "#fff", stroke: "#334155", "stroke-width": 0.8 }));
    line.append(text((ax + bx) / 2, (ay + by) / 2, words, { "font-size": 10, "font-weight": 700, fill: "#0f172a" }));
    line.append(title(`${cn.id}: ${cn.ends.join(" – ")}, $${cn.cost}${owner === null ? ", unclaimed" : `, seat ${owner}'s`}`));
    g.append(line);
  });
  // Towns, new cities and cities over the track.
  const places = s("g", { "data-layer": "places" });
  const urban = new Map(view.urbanized.map((u) => [u.hex, u.letter]));
  map.towns.forEach((town) => {
    const h = L.grid.indexOf(town.hex[0], town.hex[1]);
    const [x, y] = L.centre[h]!;
    const letter = urban.get(h);
    const key = `hex:${town.hex[0]},${town.hex[1]}`;
    if (letter !== undefined) {
      const i = view.newCities.findIndex((n) => n.letter === letter);
      const nc = view.newCities[i]!;
      places.append(s("polygon", { points: hexPoints(x, y, R * 0.8), fill: CUBE[nc.color], stroke: "#111", "stroke-width": 1.5, "data-new-city": letter, "data-target": targets.has(key) ? key : undefined }, title(`New city ${letter} (${nc.color}) on ${town.name}`)));
      places.append(text(x, y - 8, letter, { "font-size": 11, "font-weight": 700, fill: nc.color === "yellow" ? "#111" : "#fff", "pointer-events": "none" }));
      places.append(cubes(view.newCityGoods[i] ?? [], x, y + 5, 4, `new:${letter}`));
    } else {
      places.append(s("circle", { cx: x, cy: y, r: 7, fill: "#fff", stroke: "#111", "stroke-width": 1.8, "data-town": town.name, "pointer-events": "none" }));
    }
    places.append(text(x, y + R * 0.6, town.name, { "font-size": 8.5, fill: "#374151", "pointer-events": "none" }));
  });
  map.cities.forEach((city, i) => {
    const h = L.grid.indexOf(city.hex[0], city.hex[1]);
    const [x, y] = L.centre[h]!;
    const key = `hex:${city.hex[0]},${city.hex[1]}`;
    const cityG = s("g", { "data-city": city.name, "data-hex": `${city.hex[0]},${city.hex[1]}`, "data-target": targets.has(key) ? key : undefined });
    const cols = city.colors;
    // One band per colour the city accepts.
    cols.forEach((c, k) => {
      const clip = cols.length === 1 ? hexPoints(x, y, R * 0.92) : wedge(x, y, k, cols.length);
      cityG.append(s("polygon", { points: clip, fill: CUBE[c], stroke: "none" }));
    });
    cityG.append(s("polygon", { points: hexPoints(x, y, R * 0.92), fill: "none", stroke: "#111", "stroke-width": 1.5 }));
    const dark = cols[0] !== "yellow";
    cityG.append(s("rect", { x: x - 26, y: y - 19, width: 52, height: 12, rx: 2, fill: "#fff", opacity: 0.85 }));
    cityG.append(text(x, y - 13, city.name, { "font-size": 9, "font-weight": 700, fill: "#111" }));
    const growth = city.printedNewCity ? city.printedNewCity : city.growth.map((gr) => `${gr.group === "light" ? "" : "•"}${gr.face}`).join(" ");
    cityG.append(text(x + 17, y + 14, growth, { "font-size": 8, fill: dark ? "#fff" : "#111" }));
    cityG.append(cubes(view.goods[i] ?? [], x - 2, y + 2, 4, `city:${i}`));
    cityG.append(title(`${city.name}: accepts ${cols.join(", ")}; goods ${(view.goods[i] ?? []).join(", ") || "none"}; grows on ${city.growth.map((gr) => `${gr.group} ${gr.face}`).join(", ") || "—"}`));
    places.append(cityG);
  });
  g.append(places);
  // Loose ends of incomplete links: an open ring in the owner's colour at the edge the track points out of.
  for (const le of view.looseEnds) {
    const [x, y] = L.centre[le.hex]!;
    const [mx, my] = edgeMid(x, y, le.edge, 0.86);
    const [c, r] = L.cells[le.hex]!;
    g.append(s("g", { "data-loose": `${c},${r}:${le.edge}`, "data-owner": le.owner === null ? "none" : String(le.owner), "pointer-events": "none" }, s("circle", { cx: mx, cy: my, r: 4.5, fill: "#fff", stroke: seatColour(le.owner), "stroke-width": 2.5 }), s("circle", { cx: mx, cy: my, r: 1.5, fill: "#111" }), title(`incomplete link (${le.owner === null ? "unowned" : `seat ${le.owner}`})`)));
  }
  return { g, width: L.width, height: L.height, place };
}

/** The k-th of n wedges of a hex (for a city of several colours). */
function wedge(x: number, y: number, k: number, n: number): string {
  const pts: string[] = [`${x},${y}`];
  const from = (6 / n) * k;
  const to = (6 / n) * (k + 1);
  for (let c = from; c <= to + 1e-9; c += 1) {
    const [px, py] = corner(x, y, Math.round(c) % 6 + 4, R * 0.92);
    pts.push(`${px.toFixed(1)},${py.toFixed(1)}`);
  }
  return pts.join(" ");
}
