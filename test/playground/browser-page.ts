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

/** The page's exported log, replayed here: the state the page is in. */
export async function pageState(page: Page, game: Game, cache: Replayed): Promise<{ state: unknown; actions: number }> {
  const log = await pageLog(page);
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
export async function expectPageShowsOnlyTheView(page: Page, game: Game, state: unknown, legal: readonly BaseAction[]): Promise<void> {
  const seatAttr = await page.getAttribute("#view", "data-seat");
  const seat = seatAttr === "spectator" ? null : Number(seatAttr);
  const view = JSON.parse(JSON.stringify(game.playerView(state, seat)));
  const shown = JSON.parse((await page.textContent("#view")) ?? "null");
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
  const before = await page.getAttribute("#app", "data-actions");
  for (const key of keys) {
    const target = page.locator(`#board [data-target=${JSON.stringify(key)}][data-clickable]`).first();
    expect(await target.count(), `a clickable board element ${key} for ${JSON.stringify(legal[index])}`).toBe(1);
    // A dispatched click: the chooser opened by the previous click may lie over this element.
    await target.dispatchEvent("click");
    if ((await page.getAttribute("#app", "data-actions")) !== before) return true;
  }
  await page.click(`#chooser button.choice[data-index="${index}"]`);
  return true;
}
