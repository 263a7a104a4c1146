/// <reference lib="dom" />
// Small helpers to build SVG by hand (no framework): an element with attributes and children,
// text, and the seat colours every board shares.

const NS = "http://www.w3.org/2000/svg";

/** Attribute values; `undefined` leaves the attribute out. */
export type Attrs = Record<string, string | number | undefined>;

/** An SVG element `tag` with `attrs` and `children`. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Node | string | null | undefined>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) e.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/** A text label centred on (x, y) unless `attrs` says otherwise. */
export function text(x: number, y: number, words: string, attrs: Attrs = {}): SVGTextElement {
  // stroke "none": a highlighted group's outline must not thicken its words.
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11, "font-family": "system-ui, sans-serif", stroke: "none", ...attrs }, words);
}

/** A hover title (the browser shows it as a tooltip; screen readers read it). */
export function title(words: string): SVGTitleElement {
  return s("title", {}, words);
}

/** The seat colours, as Age of Steam's and Steam Park's player pieces: seat 0 first. */
export const SEAT_COLOURS = ["#d62828", "#1d4ed8", "#15803d", "#d97706", "#7c3aed", "#0f172a"];

/** The colour of seat `p` (grey for nobody). */
export function seatColour(p: number | null | undefined): string {
  return p === null || p === undefined ? "#6b7280" : (SEAT_COLOURS[p] ?? "#6b7280");
}

/** An `<svg>` of the given size, scaling to its container's width. */
export function svgRoot(width: number, height: number, attrs: Attrs = {}): SVGSVGElement {
  return s("svg", { viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`, width: Math.ceil(width), style: "max-width:100%;height:auto", ...attrs });
}
