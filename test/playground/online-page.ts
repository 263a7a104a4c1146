// What the online browser test reads from and does to a seat's "Play online" page
// (apps/playground/src/online.ts): what the page received and sent, the server's state at any
// version (replayed once from the storage, as only a test may: the seed is secret), and a move made
// by clicking the drawn board's elements, all in one task of the page so that no update from
// another seat can redraw the board between the clicks of one move.
import type { Page } from "playwright-core";
import type { BaseAction, Game } from "@rules/core";
import type { Storage } from "@rules/server";
import { boardFor } from "../../apps/playground/src/boards.js";

export interface Update {
  version: number;
  view: unknown;
  legal: BaseAction[];
  active: number[];
  terminal: boolean;
}

export interface Received {
  welcome?: { game: string; seat: number | null };
  /** The updates from index `from` on (see `received`). */
  updates: Update[];
  /** How many updates the page holds in all. */
  total: number;
  refused: string[];
  acked: number[];
  sent: Array<{ action: BaseAction; version: number | null }>;
}

/** What the page received and sent, its updates from index `from` on (the earlier ones were checked already). */
export function received(page: Page, from = 0): Promise<Received> {
  return page.evaluate((from) => {
    const r = (window as unknown as { rulesOnline: Omit<Received, "total"> }).rulesOnline;
    return { ...r, updates: r.updates.slice(from), total: r.updates.length };
  }, from);
}

/** The newest update the page received. */
export function latestUpdate(page: Page): Promise<Update> {
  return page.evaluate(() => (window as unknown as { rulesOnline: { updates: Update[] } }).rulesOnline.updates.at(-1)!);
}

/** The server's state of a match at every version, replayed from its stored actions as they are stored. */
export function serverStates(storage: Storage, game: Game, id: string): (version: number) => Promise<unknown> {
  const states: unknown[] = [];
  return async (version) => {
    if (states.length === 0) {
      const record = (await storage.loadMatch(id))!;
      states.push(game.initialState(record.seed, record.options as never));
    }
    if (version >= states.length) {
      for (const a of await storage.actionsSince(id, states.length - 1)) states.push(game.apply(states.at(-1), a.action as never));
    }
    return states[version];
  };
}

/** How a move was made: on the board, with the move's button, or not at all (the page had moved on). */
export type MoveResult = "board" | "button" | "moved";

/**
 * Makes `update.legal[index]` on the page of the seat that received `update`: clicks each board
 * element the move targets (the board narrows the moves at each click), then the move's entry in
 * the chooser if several remain; a move with no board target is made with its button. All of it
 * runs in one task of the page, and only if the page still shows `update` ("moved" otherwise).
 * Throws when the board offers no element it should, or the page sends another action.
 */
export async function makeMove(page: Page, gameId: string, update: Update, index: number): Promise<MoveResult> {
  const board = boardFor(gameId, update.view);
  const keys = board ? [...new Set(board.targets(update.legal[index]!, update.view))] : [];
  const result = await page.evaluate(
    ({ version, keys, index }) => {
      const r = (window as unknown as { rulesOnline: { updates: Array<{ version: number }>; sent: unknown[] } }).rulesOnline;
      if (r.updates.at(-1)!.version !== version) return "moved";
      const before = r.sent.length;
      if (keys.length === 0) {
        document.querySelector<HTMLButtonElement>(`button.online-action[value="${index}"]`)!.click();
        return r.sent.length > before ? "button" : "the button sent nothing";
      }
      for (const key of keys) {
        const target = document.querySelector(`#board [data-target=${JSON.stringify(key)}][data-clickable]`);
        if (!target) return `no clickable board element ${key}`;
        target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        if (r.sent.length > before) return "board";
      }
      const choice = document.querySelector<HTMLButtonElement>(`#chooser button.choice[data-index="${index}"]`);
      if (!choice) return "no chooser entry for the move";
      choice.click();
      return r.sent.length > before ? "board" : "the chooser sent nothing";
    },
    { version: update.version, keys, index },
  );
  if (result === "moved") return result;
  if (result !== "board" && result !== "button") throw new Error(`${result} for ${JSON.stringify(update.legal[index])}`);
  const sent = await page.evaluate(() => (window as unknown as { rulesOnline: Pick<Received, "sent"> }).rulesOnline.sent.at(-1)!);
  if (JSON.stringify(sent.action) !== JSON.stringify(update.legal[index])) {
    throw new Error(`the page sent ${JSON.stringify(sent.action)} for ${JSON.stringify(update.legal[index])}`);
  }
  return result;
}
