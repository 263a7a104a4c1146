// The contract between the game-independent shell (seat switch, log, undo, export) and one game's
// board. A board draws from a seat's `View` and the legal actions alone, never from the `State`:
// that is how the playground proves a view carries everything a client must draw.
import type { BaseAction, PlayerId } from "@rules/core";

/**
 * What a board is given to draw: a seat's view and its legal actions, never the state.
 *
 * @example
 * ```ts
 * import type { BoardInput } from "@rules/boards";
 * import { game, type Action, type View } from "@rules/steam-park";
 *
 * const state = game.initialState("seed", { players: 2 });
 * const seat = game.activePlayers(state)[0]!;
 * const input: BoardInput<View, Action> = { view: game.playerView(state, seat), seat, legal: game.legalActions(state, seat) };
 * console.log(`seat ${input.seat}: ${input.legal.length} legal actions`);
 * ```
 */
export interface BoardInput<V, A extends BaseAction = BaseAction> {
  /** `playerView(state, seat)` of the seat shown (`null`: the spectator's view). */
  view: V;
  /** The seat shown. */
  seat: PlayerId | null;
  /** The actions the person may take now from this seat ([] while bots move or another seat is shown). */
  legal: readonly A[];
}

/**
 * One game's board. The shell calls `draw` after every move and wires clicks: every element the
 * board draws with a `data-target="<key>"` attribute is clickable when some legal action lists
 * that key in `targets`. A click narrows the legal actions to those; when one remains it is
 * applied, otherwise the shell offers the rest in a small chooser in place (labelled by `label`).
 * Actions whose `targets` are [] stay as grouped buttons beside the board.
 *
 * Keys name a board element: `hex:<col>,<row>`, `square:<park>:<r>,<c>`, `card:<id>`,
 * `die:<seat>:<index>`, `space:<name>`, `tile:<name>` and so on. The element also carries a
 * plain data attribute naming what it is (`data-hex="3,4"`, `data-square="2,5"`, `data-card="17"`,
 * `data-die="2"`, `data-space="…"`), listed in this package's README.
 *
 * @example
 * ```ts
 * import type { Board } from "@rules/boards";
 * import { donkeyValleyBoard } from "@rules/boards/donkey-valley";
 * import { game, type Action, type View } from "@rules/donkey-valley";
 *
 * const board: Board<View, Action> = donkeyValleyBoard;
 * const state = game.initialState("seed", { players: 3 });
 * const seat = game.activePlayers(state)[0]!;
 * const view = game.playerView(state, seat);
 * console.log(board.phase?.(view));
 * // Where each legal move is made: the keys of the elements to click.
 * for (const a of game.legalActions(state, seat)) console.log(game.describeAction(state, a), "→", board.targets(a, view));
 * ```
 */
export interface Board<V = unknown, A extends BaseAction = BaseAction> {
  /** The game id (`game.id`) this board draws, and for Age of Steam the map (`options.map`). */
  game: string;
  map?: string;
  /** The whole board, as an element (usually an `<svg>` or a `<div>` of several). */
  draw(input: BoardInput<V, A>): Element;
  /** The board element keys `action` targets; [] for an action with no place on the board. */
  targets(action: A, view: V): string[];
  /** The phase or step in words ("Build, 2 tiles placed"), shown with whose turn it is. */
  phase?(view: V): string;
  /** A short label for the in-place chooser ("tile 7, rotated twice"); the shell falls back to describeAction. */
  label?(action: A, view: V): string;
}
