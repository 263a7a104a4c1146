/// <reference lib="dom" />
// Small helpers the boards share to build SVG without a framework.

const NS = "http://www.w3.org/2000/svg";

type Attrs = Record<string, string | number | undefined>;

/** An SVG element with attributes (undefined ones left out) and children (strings become text). */
export function s(tag: string, attrs: Attrs = {}, ...children: Array<Node | string | null | undefined | false>): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) e.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** A text label; `anchor` is the SVG text-anchor. */
export function label(x: number, y: number, text: string, attrs: Attrs = {}): SVGElement {
  return s("text", { x, y, "font-size": 13, "font-family": "system-ui, sans-serif", ...attrs }, text);
}

/** A root `<svg>` sized by its viewBox, so it scales to the column. */
export function root(width: number, height: number, attrs: Attrs = {}): SVGElement {
  return s("svg", { xmlns: NS, viewBox: `0 0 ${width} ${height}`, width, height, role: "group", ...attrs });
}

/** A plain playing card: a rounded rectangle with a big value, or a back when `face` is undefined. */
export function card(x: number, y: number, w: number, h: number, face: string | undefined, attrs: Attrs = {}, colour = "#fff"): SVGElement {
  const g = s("g", { transform: `translate(${x},${y})`, ...attrs });
  if (face === undefined) {
    g.append(s("rect", { width: w, height: h, rx: 6, fill: "#52796f", stroke: "#2f3e46", "stroke-width": 1.5 }));
    g.append(s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 4, fill: "none", stroke: "#cad2c5", "stroke-dasharray": "3 3" }));
  } else {
    g.append(s("rect", { width: w, height: h, rx: 6, fill: colour, stroke: "#333", "stroke-width": 1.5 }));
    g.append(label(w / 2, h / 2 + 8, face, { "text-anchor": "middle", "font-size": Math.min(26, h / 2.4), "font-weight": 700 }));
  }
  return g;
}

/** A CSS colour for a colour name of the components (white drawn light grey on white paper). */
export function paint(name: string | undefined): string {
  const known: Record<string, string> = {
    red: "#d62828", blue: "#277da1", green: "#43aa8b", yellow: "#f9c74f", purple: "#7b2cbf", orange: "#f3722c",
    white: "#e9ecef", black: "#222", brown: "#8d5524", grey: "#888", gray: "#888", pink: "#f28482",
  };
  return (name && known[name]) ?? name ?? "#999";
}

/** A light tint of a colour name, for a seat's panel background. */
export function tint(name: string | undefined): string {
  return `color-mix(in srgb, ${paint(name)} 18%, white)`;
}

/**
 * Keeps a text element within `max` user units: when its words would run wider (estimated at 0.6 em
 * per character, a little more than system-ui's average), they are drawn squeezed to `max`.
 */
export function fit<T extends Element>(e: T, max: number): T {
  const size = Number(e.getAttribute("font-size") ?? 13);
  const chars = (e.textContent ?? "").length;
  if (chars * size * 0.6 > max) {
    e.setAttribute("textLength", String(max));
    e.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return e;
}

/** `words` in lines of at most `n` characters, broken at spaces. */
export function wrapWords(words: string, n: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of words.split(" ")) {
    if (line !== "" && line.length + 1 + w.length > n) {
      lines.push(line);
      line = w;
    } else line = line === "" ? w : `${line} ${w}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}
