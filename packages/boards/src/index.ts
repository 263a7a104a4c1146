// @rules/boards: the game-independent part of the boards. Each game's board is its own entry point
// (`@rules/boards/donkey-valley`, `/steam-donkey`, `/steamrollers`, `/steam-park`,
// `/age-of-steam-exp`), so an app that draws one game loads none of the others' code.
export type { Board, BoardInput } from "./types.js";
export { mountBoard, boardShare } from "./panel.js";
export type { MountInput } from "./panel.js";
export { boardStyles, installStyles } from "./styles.js";
export { s, text, title, seatColour, seatLetter, SEAT_COLOURS, svgRoot } from "./svg-kit.js";
export type { Attrs } from "./svg-kit.js";
