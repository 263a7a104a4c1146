/// <reference lib="dom" />
// The default look of a mounted board: the marks of what a click may do, the chooser and the
// keyboard focus. Restyle by setting the CSS variables on `.rules-board-panel` (or any ancestor),
// or by overriding the class rules; `mountBoard(..., { styles: false })` leaves them out entirely.

/**
 * The default stylesheet that `mountBoard` puts into the page; every colour and width is a CSS
 * variable with the default after the comma (`--rules-clickable`, `--rules-focus`, …).
 *
 * @example
 * ```ts
 * import { boardStyles } from "@rules/boards";
 *
 * // The variables a page may set to restyle the boards.
 * console.log([...new Set(boardStyles.match(/--rules-[a-z-]+/g))].join(" "));
 * ```
 */
export const boardStyles = `
.rules-board-panel { position: relative; }
.rules-board { background: var(--rules-board-background, #fff); border: 1px solid var(--rules-board-border, #ddd); border-radius: 6px; padding: 6px; overflow: auto; }
.rules-board svg { display: block; max-width: 100%; height: auto; }
.rules-board [data-clickable] { cursor: pointer; }
.rules-board [data-clickable]:not(g) { outline: var(--rules-clickable-width, 2px) solid var(--rules-clickable, #e76f51); outline-offset: -1px; }
.rules-board svg [data-clickable] { outline: none; }
.rules-board svg :not(g)[data-clickable], .rules-board svg g[data-clickable] > :first-child { stroke: var(--rules-clickable, #e76f51); stroke-width: var(--rules-clickable-width, 3px); }
.rules-board [data-clickable]:hover { filter: brightness(1.12); }
.rules-board [data-clickable]:focus { outline: none; }
.rules-board [data-clickable]:focus-visible { outline: 3px solid var(--rules-focus, #1d4ed8); outline-offset: 1px; }
.rules-board svg g[data-clickable]:focus-visible > :first-child, .rules-board svg :not(g)[data-clickable]:focus-visible { stroke: var(--rules-focus, #1d4ed8); stroke-width: 4px; }
.rules-board :not(svg *)[data-selected] { outline-color: var(--rules-selected, #1d3557) !important; }
.rules-board svg :not(g)[data-selected] { stroke: var(--rules-selected, #1d3557) !important; }
.rules-board svg g[data-selected] > :first-child { stroke: var(--rules-selected, #1d3557) !important; stroke-width: 4px; }
.rules-board [data-candidate] { filter: drop-shadow(0 0 3px var(--rules-candidate, #2a9d8f)); }
.rules-chooser { position: absolute; z-index: 10; background: var(--rules-chooser-background, #fff); border: 1px solid #888; border-radius: 6px; box-shadow: 0 3px 12px #0004; padding: 6px; max-height: 22em; overflow: auto; min-width: 12em; max-width: min(36em, 100%); box-sizing: border-box; }
.rules-chooser button { display: block; width: 100%; text-align: left; margin: 2px 0; white-space: normal; }
.rules-chooser-title { font-weight: 600; margin-bottom: 4px; }
`;

const ID = "rules-board-styles";

/**
 * Adds `boardStyles` to `doc` once (a `<style id="rules-board-styles">` first in its head, so the
 * page's own rules win). `mountBoard` calls it unless told `styles: false`; call it yourself for a
 * page (or an iframe's document) whose boards are mounted with `styles: false`.
 *
 * @example
 * ```ts
 * import { installStyles } from "@rules/boards";
 *
 * if (typeof document !== "undefined") {
 *   installStyles(document);
 *   installStyles(document); // a second call adds nothing
 *   console.log(document.querySelectorAll("#rules-board-styles").length); // 1
 * }
 * ```
 */
export function installStyles(doc: Document): void {
  if (doc.getElementById(ID)) return;
  const style = doc.createElement("style");
  style.id = ID;
  style.textContent = boardStyles;
  doc.head.prepend(style);
}
