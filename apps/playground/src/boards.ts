/// <reference lib="dom" />
// The playground's board registry: which board of @rules/boards draws which game (and, for Age of
// Steam, which map). The shell asks `boardFor` once per view it shows; a game without a board here
// is played with the grouped buttons alone. Each game's board is its own entry point of the package.
import type { BaseAction, PlayerId } from "@rules/core";
import { mountBoard, type Board } from "@rules/boards";
import { donkeyValleyBoard } from "@rules/boards/donkey-valley";
import { steamDonkeyBoard } from "@rules/boards/steam-donkey";
import { steamrollersBoard } from "@rules/boards/steamrollers";
import { amusementParkBoard, orientExpressBoard, rustBeltBoard } from "@rules/boards/age-of-steam-exp";
import { steamParkBoard } from "@rules/boards/steam-park";

export type { Board, BoardInput } from "@rules/boards";

/** Every board the playground knows. */
export const boards: ReadonlyArray<Board<any, any>> = [
  donkeyValleyBoard,
  steamDonkeyBoard,
  steamrollersBoard,
  steamParkBoard,
  rustBeltBoard,
  orientExpressBoard,
  amusementParkBoard,
];

/**
 * The map a view is drawn on, for games with several maps: Age of Steam's view carries its map
 * (`view.map.id`: `rust-belt`, `orient-express`, `amusement-park`, from `options.map`).
 */
export function mapOfView(gameId: string, view: unknown): string | undefined {
  if (gameId !== "age-of-steam-exp") return undefined;
  const id = (view as { map?: { id?: unknown } } | null)?.map?.id;
  return typeof id === "string" ? id : undefined;
}

/** The board for a game id and one of its views, or `undefined` when there is none. */
export function boardFor(gameId: string, view: unknown): Board<any, any> | undefined {
  const map = mapOfView(gameId, view);
  return boards.find((b) => b.game === gameId && (b.map === undefined || b.map === map));
}

/** What the playground's board panel draws, and where a clicked move goes. */
export interface BoardPanelInput {
  board: Board<any, any>;
  view: unknown;
  seat: PlayerId | null;
  legal: readonly BaseAction[];
  describe(action: BaseAction): string;
  play(action: BaseAction): void;
}

/** The mounted board with the element ids the playground's page documents (`#board-panel`, `#board`). */
export function boardPanel(input: BoardPanelInput): HTMLElement {
  const panel = mountBoard(document.createElement("div"), input.board, { view: input.view, seat: input.seat, legal: input.legal, describe: input.describe, onAction: input.play });
  panel.id = "board-panel";
  (panel.firstElementChild as HTMLElement).id = "board";
  return panel;
}

/** The board's own drawing, without the panel's marks, as HTML (what the playground's browser test compares). */
export function drawnHtml(board: Board<any, any>, view: unknown, seat: PlayerId | null, legal: readonly BaseAction[]): string {
  return board.draw({ view, seat, legal }).outerHTML;
}
