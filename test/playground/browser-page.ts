// What the browser test reads from and does to the playground page: the state behind it (the
// exported log replayed here), the checks that the page shows no more than the seat's view, and a
// move made by clicking the board's elements (or, with no board target, the move's button).
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { BaseAction, Game } from "@rules/core";
import { boardFor } from "../../apps/playground/src/boards.js";

/** No bound on waiting for a condition (playwright's 0): a busy machine is slow, never wrong. */
export const WAIT = { timeout: 0 };

export interface Replayed {
  state: unknown;
  actions: unknown[];
}

export async function waitForPersonOrEnd(page: Page): Promise<"person" | "over"> {
  await page.waitForSelector('#app[data-waiting="person"], #app[data-waiting="over"]', WAIT);
  return (await page.getAttribute("#app", "data-waiting")) as "person" | "over";
}

export async function pageLog(page: Page): Promise<{ seed: number; options: object; actions: BaseAction[] }> {
  return JSON.parse(await page.inputValue("#log-json"));
}

/** What the test reads of the page once it waits on the person or is over, read in one call. */
export interface Settled {
  waiting: "person" | "over";
  /** The exported log's text. */
  log: string;
  /** The view panel: the seat it is drawn for (`data-seat`) and its JSON text. */
  view: ShownView;
  /** Move buttons shown, and moves the panel says are made on the board. */
  buttons: number;
  onBoard: number;
  undoEnabled: boolean;
}

export interface ShownView {
  seat: string | null;
  text: string | null;
}

/**
 * Waits until the page waits on the person or the game is over, then reads all the test needs of
 * it in the same turn of the page: one round trip per move instead of one per field.
 */
export async function settle(page: Page): Promise<Settled> {
  const handle = await page.waitForFunction(() => {
    const waiting = document.querySelector("#app")?.getAttribute("data-waiting");
    if (waiting !== "person" && waiting !== "over") return false;
    const view = document.querySelector("#view");
    return {
      waiting,
      log: (document.querySelector("#log-json") as HTMLTextAreaElement).value,
      view: { seat: view?.getAttribute("data-seat") ?? null, text: view?.textContent ?? null },
      buttons: document.querySelectorAll("button.action").length,
      onBoard: Number(document.querySelector("#actions")?.getAttribute("data-on-board") ?? 0),
      undoEnabled: !((document.querySelector("#undo") as HTMLButtonElement | null)?.disabled ?? true),
    };
  }, undefined, WAIT);
  return (await handle.jsonValue()) as Settled;
}

/** The view panel's seat and JSON text, read in one call (after a change of the seat shown). */
export async function shownView(page: Page): Promise<ShownView> {
  return page.evaluate(() => {
    const view = document.querySelector("#view");
    return { seat: view?.getAttribute("data-seat") ?? null, text: view?.textContent ?? null };
  });
}

/** The page's exported log, replayed here: the state the page is in. */
export async function pageState(page: Page, game: Game, cache: Replayed): Promise<{ state: unknown; actions: number }> {
  return replayedState(await pageLog(page), game, cache);
}

/** The state a log (as the page exported it) leads to, replaying only what `cache` lacks. */
export function replayedState(log: { seed: number; options: object; actions: BaseAction[] }, game: Game, cache: Replayed): { state: unknown; actions: number } {
  // Apply only the actions added since the last look, unless the page took some back (undo).
  const known = cache.actions.length;
  const extends_ = log.actions.length >= known && JSON.stringify(log.actions.slice(0, known)) === JSON.stringify(cache.actions);
  if (!extends_ || cache.state === undefined) {
    cache.state = game.initialState(log.seed, log.options);
    cache.actions = [];
  }
  for (const a of log.actions.slice(cache.actions.length)) {
    cache.state = game.apply(cache.state, a);
    cache.actions.push(a);
  }
  return { state: cache.state, actions: log.actions.length };
}

/** describeAction of every action of a log, in order. */
export function replayWords(game: Game, log: { seed: number; options: object; actions: BaseAction[] }): string[] {
  let state = game.initialState(log.seed, log.options);
  return log.actions.map((a) => {
    const words = game.describeAction(state, a);
    state = game.apply(state, a);
    return words;
  });
}

/**
 * The page shows no more than the seat may see: the view's JSON is exactly `playerView` for the
 * seat it names, and the board shown is exactly the board drawn in the page from that `playerView`
 * computed here (sent as JSON, with no state behind it), the shell's click marks aside.
 */
export async function expectPageShowsOnlyTheView(page: Page, game: Game, state: unknown, legal: readonly BaseAction[], shownNow?: ShownView): Promise<void> {
  const { seat: seatAttr, text } = shownNow ?? (await shownView(page));
  const seat = seatAttr === "spectator" ? null : Number(seatAttr);
  const view = JSON.parse(JSON.stringify(game.playerView(state, seat)));
  const shown = JSON.parse(text ?? "null");
  expect(shown, `view of ${seatAttr}`).toEqual(view);
  if (!boardFor(game.id, view)) return;
  const [onPage, fromView] = await page.evaluate(
    ([id, v, s, l]) => {
      const drawn = document.querySelector("#board")!.firstElementChild!.cloneNode(true) as Element;
      for (const e of [drawn, ...Array.from(drawn.querySelectorAll("*"))]) {
        // The panel's marks: what a click (or a key) may do, and its accessible name.
        for (const a of ["data-clickable", "data-selected", "data-candidate", "tabindex", "aria-label"]) e.removeAttribute(a);
        if (e.getAttribute("role") === "button") e.removeAttribute("role");
      }
      const api = (window as unknown as { rulesPlayground: { drawBoard(...args: unknown[]): string } }).rulesPlayground;
      return [drawn.outerHTML, api.drawBoard(id, v, s, l)];
    },
    [game.id, view, seat, seat === 0 ? legal : []] as const,
  );
  expect(onPage === fromView, `the board of ${seatAttr} is the board its playerView draws`).toBe(true);
}

/**
 * Makes `legal[index]` on the page: clicks each board element the move targets (the page narrows
 * the moves at each click), then its entry in the chooser if several remain; a move with no board
 * target is clicked as its button. Returns whether the board was used.
 */
export async function makeMove(page: Page, game: Game, view: unknown, legal: readonly BaseAction[], index: number): Promise<boolean> {
  const board = boardFor(game.id, view);
  const keys = board ? [...new Set(board.targets(legal[index]!, view))] : [];
  if (keys.length === 0) {
    await page.click(`button.action[data-index="${index}"]`);
    return false;
  }
  // Each key in one call: count the clickable elements, dispatch a click on the one (the chooser
  // opened by the previous click may lie over it), and say whether the page made a move.
  const moved = await page.evaluate((targets) => {
    const app = document.querySelector("#app")!;
    const before = app.getAttribute("data-actions");
    const counts: number[] = [];
    for (const key of targets) {
      const found = document.querySelectorAll(`#board [data-target=${JSON.stringify(key)}][data-clickable]`);
      counts.push(found.length);
      if (found.length === 0) break;
      found[0]!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
      if (app.getAttribute("data-actions") !== before) return { counts, moved: true };
    }
    return { counts, moved: false };
  }, keys);
  moved.counts.forEach((n, i) => expect(n, `a clickable board element ${keys[i]} for ${JSON.stringify(legal[index])}`).toBeGreaterThan(0));
  if (moved.moved) return true;
  expect(moved.counts.length, `every board element of ${JSON.stringify(legal[index])} was clicked`).toBe(keys.length);
  await page.click(`#chooser button.choice[data-index="${index}"]`);
  return true;
}
