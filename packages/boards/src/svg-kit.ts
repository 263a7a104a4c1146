/// <reference lib="dom" />
// Helpers of the Steam Park and Age of Steam boards over the shared `svg.ts`: elements typed by
// tag, centred text, tooltips, and the seat colours of the player pieces.

import { s as element } from "./svg.js";

/** Attribute values; `undefined` leaves the attribute out. */
export type Attrs = Record<string, string | number | undefined>;

/** An SVG element `tag` with `attrs` and `children` (the shared helper of `svg.ts`, typed by tag). */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Node | string | null | undefined>): SVGElementTagNameMap[K] {
  return element(tag, attrs, ...children) as SVGElementTagNameMap[K];
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

/** A letter for each seat, drawn with its colour so that seats never differ by colour alone. */
export const SEAT_LETTERS = ["A", "B", "C", "D", "E", "F"];

/** The letter of seat `p` ("" for nobody). */
export function seatLetter(p: number | null | undefined): string {
  return p === null || p === undefined ? "" : (SEAT_LETTERS[p] ?? String(p));
}

/** A stroke pattern per seat (solid, long dashes, short dashes, ...): tracks tell seats apart without colour. */
export const SEAT_DASHES = ["", "10 3", "4 3", "10 3 2 3", "2 2", "14 4"];

/** The `stroke-dasharray` of seat `p`'s lines, or undefined for solid. */
export function seatDash(p: number | null | undefined): string | undefined {
  const d = p === null || p === undefined ? "" : (SEAT_DASHES[p] ?? "");
  return d === "" ? undefined : d;
}

/** The colour of seat `p` (grey for nobody). */
export function seatColour(p: number | null | undefined): string {
  return p === null || p === undefined ? "#6b7280" : (SEAT_COLOURS[p] ?? "#6b7280");
}

/** An `<svg>` of the given size, scaling to its container's width. */
export function svgRoot(width: number, height: number, attrs: Attrs = {}): SVGSVGElement {
  return s("svg", { viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`, width: Math.ceil(width), style: "max-width:100%;height:auto", role: "group", ...attrs });
}
