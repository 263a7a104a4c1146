/// <reference lib="dom" />
// The Amusement Park map (Age of Steam expansion), drawn from the View: large attractions as
// polygons of their sides in their colour with the visitors waiting on them and the served marker,
// small attractions as circles (with a new city once urbanized), and the planned links with their
// locomotive icons and the discs laid on them.
import type { View } from "@rules/age-of-steam-exp";
import { s, seatColour, text, title } from "./svg-kit.js";
import { CUBE } from "./age-of-steam-hex.js";
import { locoIcon } from "./age-of-steam-panels.js";

const UNIT = 56;
const PAD = 40;

/** The graph map with everything on it; `targets` are the clickable keys. */
export function drawParkMap(view: View, targets: Set<string>): { g: SVGElement; width: number; height: number } {
  const graph = view.map.park!;
  const park = view.park;
  const at = new Map(graph.attractions.map((a, i) => [a.id, i]));
  const pos = graph.attractions.map((a): [number, number] => [PAD + a.pos[0] * UNIT, PAD + a.pos[1] * UNIT]);
  const width = Math.max(...pos.map((p) => p[0])) + PAD + 20;
  // Two footer lines under the map: the discs, and the progress to a clear park.
  const height = Math.max(...pos.map((p) => p[1])) + PAD + 36;
  const g = s("g", { "data-map": view.map.id });
  g.append(s("rect", { x: 0, y: 0, width, height, fill: "#ecfccb", rx: 8 }));
  // Links first, under the attractions.
  graph.links.forEach((link, i) => {
    const a = pos[at.get(link.ends[0])!]!;
    const b = pos[at.get(link.ends[1])!]!;
    const discs = park?.discs[i] ?? 0;
    const done = discs >= link.icons;
    const key = `link:${i}`;
    const lg = s("g", { "data-link": link.id, "data-discs": String(discs), "data-icons": String(link.icons), "data-target": targets.has(key) ? key : undefined });
    lg.append(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "transparent", "stroke-width": 16 }));
    lg.append(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: done ? seatColour(0) : "#64748b", "stroke-width": done ? 5 : 2.5, "stroke-dasharray": done ? undefined : "7 5" }));
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    for (let k = 0; k < link.icons; k++) {
      const ix = mx + (k - (link.icons - 1) / 2) * 22;
      lg.append(s("rect", { x: ix - 10, y: my - 9, width: 20, height: 18, rx: 4, fill: "#fff", stroke: "#334155" }));
      lg.append(locoIcon(ix, my - 1, "#334155"));
      if (k < discs) lg.append(s("circle", { cx: ix, cy: my, r: 7, fill: seatColour(0), stroke: "#fff", "stroke-width": 1.5, "data-disc": "" }));
    }
    lg.append(title(`${link.id}: ${link.icons} locomotive icon${link.icons === 1 ? "" : "s"}, ${discs} disc${discs === 1 ? "" : "s"}${done ? " (usable)" : ""}`));
    g.append(lg);
  });
  graph.attractions.forEach((a, i) => {
    const [x, y] = pos[i]!;
    const key = `attraction:${i}`;
    const ag = s("g", { "data-attraction": a.id, "data-kind": a.kind, "data-target": targets.has(key) ? key : undefined });
    const served = park?.served[i] ?? false;
    if (a.kind === "large") {
      const n = Math.max(3, a.sides ?? 3);
      const pts = Array.from({ length: n }, (_, k) => {
        const t = -Math.PI / 2 + (2 * Math.PI * k) / n;
        return `${(x + 26 * Math.cos(t)).toFixed(1)},${(y + 26 * Math.sin(t)).toFixed(1)}`;
      });
      ag.append(s("polygon", { points: pts.join(" "), fill: CUBE[a.color ?? ""] ?? "#ccc", stroke: "#111", "stroke-width": 2, opacity: 0.9 }));
      ag.append(text(x, y - 9, `${a.sides}`, { "font-size": 12, "font-weight": 700, fill: a.color === "yellow" ? "#111" : "#fff" }));
      const vis = park?.visitors[i] ?? [];
      vis.forEach((c, k) => ag.append(s("rect", { x: x - ((Math.min(vis.length, 3) - 1) * 9) / 2 + (k % 3) * 9 - 4, y: y + 1 + Math.floor(k / 3) * 9, width: 8, height: 8, fill: CUBE[c], stroke: "#fff", "stroke-width": 1, "data-visitor": c })));
      if (served) ag.append(s("circle", { cx: x + 22, cy: y - 22, r: 6, fill: seatColour(0), stroke: "#fff", "stroke-width": 1.5, "data-served": "" }));
      ag.append(title(`${a.name}: ${a.color}, ${a.sides} sides; ${vis.length} visitor${vis.length === 1 ? "" : "s"} waiting (${vis.join(", ") || "none"})${served ? "; served" : ""}`));
    } else {
      const letter = park?.newCity[i] ?? null;
      const nc = letter === null ? undefined : view.newCities.find((c) => c.letter === letter);
      ag.append(s("circle", { cx: x, cy: y, r: 15, fill: nc ? CUBE[nc.color] : "#fff", stroke: "#111", "stroke-width": 2 }));
      if (letter !== null) ag.append(text(x, y, letter, { "font-size": 12, "font-weight": 700, fill: nc?.color === "yellow" ? "#111" : "#fff", "data-new-city": letter }));
      if (served) ag.append(s("circle", { cx: x + 13, cy: y - 13, r: 5, fill: seatColour(0), stroke: "#fff", "data-served": "" }));
      ag.append(title(`${a.name}: small attraction${letter ? `, new city ${letter}` : ""}`));
    }
    ag.append(text(x, y + (a.kind === "large" ? 36 : 25), a.name, { "font-size": 9, fill: "#1f2937", "font-weight": 600 }));
    g.append(ag);
  });
  const discsUsed = (park?.discs ?? []).reduce((n, d) => n + d, 0);
  // Clear Conditions: every visitor transported, and every large attraction (urbanized ones too) served.
  const large = graph.attractions.flatMap((a, i) => (a.kind === "large" || (park?.newCity[i] ?? null) !== null ? [i] : []));
  const servedLarge = large.filter((i) => park?.served[i]).length;
  const waiting = (park?.visitors ?? []).reduce((n, v) => n + v.length, 0);
  g.append(text(10, height - 28, `${park?.difficulty ?? ""} · discs laid ${discsUsed}/${graph.discSupply} · $${graph.iconCost} per icon, ${graph.discsPerTurn} a turn`, { "text-anchor": "start", "font-size": 11, fill: "#374151" }));
  const clear = text(10, height - 12, `To clear the park: ${waiting} visitor${waiting === 1 ? "" : "s"} to transport · ${servedLarge} of ${large.length} large ones served`, { "text-anchor": "start", "font-size": 11, "font-weight": 600, fill: "#374151", "data-clear": `${waiting},${servedLarge},${large.length}` });
  clear.append(title("Clear Conditions: every visitor on the map transported, and each large attraction (urbanized ones too) has accepted at least one visitor"));
  g.append(clear);
  return { g, width, height };
}
