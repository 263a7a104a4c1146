/// <reference lib="dom" />
// Helpers of the Steam Park and Age of Steam boards over the shared `svg.ts`: elements typed by
// tag, centred text, tooltips, and the seat colours of the player pieces.

import { s as element } from "./svg.js";

/**
 * Attribute values; `undefined` leaves the attribute out.
 *
 * @example
 * ```ts
 * import { s, type Attrs } from "@rules/boards";
 *
 * const highlight: Attrs = { stroke: "#e76f51", "stroke-width": 3, "stroke-dasharray": undefined };
 * // In a browser: s("rect", { width: 40, height: 40, ...highlight })
 * console.log(Object.keys(highlight).length === 3 && typeof s === "function");
 * ```
 */
export type Attrs = Record<string, string | number | undefined>;

/**
 * An SVG element `tag` with `attrs` (undefined ones left out) and `children` (strings become text),
 * typed by tag. It needs a DOM (`document`): call it in a browser page.
 *
 * @example
 * ```ts
 * import { s, seatColour, seatLetter, title } from "@rules/boards";
 *
 * // A round token of seat `p`, with its letter and a tooltip.
 * function token(p: number, x: number, y: number): SVGGElement {
 *   return s("g", { "data-token": p },
 *     s("circle", { cx: x, cy: y, r: 12, fill: seatColour(p) }),
 *     s("text", { x, y: y + 4, "text-anchor": "middle", fill: "#fff" }, seatLetter(p)),
 *     title(`seat ${p}'s token`));
 * }
 *
 * if (typeof document !== "undefined") {
 *   document.body.append(s("svg", { viewBox: "0 0 100 40" }, token(0, 20, 20), token(1, 60, 20)));
 * }
 * ```
 */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Node | string | null | undefined>): SVGElementTagNameMap[K] {
  return element(tag, attrs, ...children) as SVGElementTagNameMap[K];
}

/**
 * A text label centred on (x, y) unless `attrs` says otherwise (11 px system font). Needs a DOM.
 *
 * @example
 * ```ts
 * import { svgRoot, text } from "@rules/boards";
 *
 * if (typeof document !== "undefined") {
 *   const svg = svgRoot(200, 40);
 *   svg.append(text(100, 20, "Round 3 of 7", { "font-size": 14, "font-weight": 700 }));
 *   document.body.append(svg);
 * }
 * ```
 */
export function text(x: number, y: number, words: string, attrs: Attrs = {}): SVGTextElement {
  // stroke "none": a highlighted group's outline must not thicken its words.
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11, "font-family": "system-ui, sans-serif", stroke: "none", ...attrs }, words);
}

/**
 * A hover title (the browser shows it as a tooltip; screen readers read it): append it to the
 * element it explains. Needs a DOM.
 *
 * @example
 * ```ts
 * import { s, title } from "@rules/boards";
 *
 * if (typeof document !== "undefined") {
 *   const coin = s("circle", { cx: 10, cy: 10, r: 8, fill: "gold" }, title("$12 in hand"));
 *   document.body.append(s("svg", { viewBox: "0 0 20 20" }, coin));
 * }
 * ```
 */
export function title(words: string): SVGTitleElement {
  return s("title", {}, words);
}

/**
 * The seat colours, as Age of Steam's and Steam Park's player pieces: seat 0 first. Every board
 * pairs a colour with the seat's letter (`seatLetter`), so no seat is told apart by colour alone.
 *
 * @example
 * ```ts
 * import { SEAT_COLOURS, seatLetter } from "@rules/boards";
 *
 * console.log(SEAT_COLOURS.map((c, p) => `${seatLetter(p)} ${c}`).join(", "));
 * ```
 */
export const SEAT_COLOURS = ["#d62828", "#1d4ed8", "#15803d", "#d97706", "#7c3aed", "#0f172a"];

/** A letter for each seat, drawn with its colour so that seats never differ by colour alone. */
export const SEAT_LETTERS = ["A", "B", "C", "D", "E", "F"];

/**
 * The letter of seat `p` (A for seat 0, B for seat 1, …; "" for nobody), drawn beside its colour.
 *
 * @example
 * ```ts
 * import { seatLetter } from "@rules/boards";
 *
 * console.log(seatLetter(0), seatLetter(2), JSON.stringify(seatLetter(null))); // A C ""
 * ```
 */
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

/**
 * The colour of seat `p` (grey for nobody).
 *
 * @example
 * ```ts
 * import { seatColour } from "@rules/boards";
 *
 * console.log(seatColour(1), seatColour(null)); // #1d4ed8 #6b7280
 * ```
 */
export function seatColour(p: number | null | undefined): string {
  return p === null || p === undefined ? "#6b7280" : (SEAT_COLOURS[p] ?? "#6b7280");
}

/**
 * An `<svg>` of the given size (its viewBox), scaling down to its container's width. Needs a DOM.
 *
 * @example
 * ```ts
 * import { s, svgRoot } from "@rules/boards";
 *
 * if (typeof document !== "undefined") {
 *   const svg = svgRoot(300, 120, { "aria-label": "my board" });
 *   svg.append(s("rect", { width: 300, height: 120, fill: "#f1faee" }));
 *   document.body.append(svg);
 * }
 * ```
 */
export function svgRoot(width: number, height: number, attrs: Attrs = {}): SVGSVGElement {
  return s("svg", { viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`, width: Math.ceil(width), style: "max-width:100%;height:auto", role: "group", ...attrs });
}
