/// <reference lib="dom" />
// The game-independent half of a board: draw the board from the seat's view, make every drawn
// element that a legal action targets clickable (by mouse, and by keyboard: Tab to it, Enter or
// Space), and narrow the legal actions click by click. One action left: it is reported. Several: a
// chooser in place lists them (and a further click on one of their other targets narrows again).
// The board module never sees the state or the session.
import type { BaseAction, PlayerId } from "@rules/core";
import type { Board } from "./types.js";
import { installStyles } from "./styles.js";

/**
 * What `mountBoard` draws and where a chosen action goes.
 *
 * @example
 * ```ts
 * import type { MountInput } from "@rules/boards";
 * import { game, type Action, type State, type View } from "@rules/donkey-valley";
 *
 * // The input for seat `seat` of `state`; `play` applies the move the board reports.
 * function inputFor(state: State, seat: number, play: (a: Action) => void): MountInput<View, Action> {
 *   return {
 *     view: game.playerView(state, seat),
 *     seat,
 *     legal: game.activePlayers(state).includes(seat) ? game.legalActions(state, seat) : [],
 *     describe: (a) => game.describeAction(state, a),
 *     onAction: play,
 *   };
 * }
 * const input = inputFor(game.initialState("seed", { players: 3 }), 0, (a) => console.log(a));
 * console.log(input.legal.length);
 * ```
 */
export interface MountInput<V = unknown, A extends BaseAction = BaseAction> {
  /** `playerView(state, seat)` of the seat shown (`null`: the spectator's view). */
  view: V;
  /** The seat shown. */
  seat: PlayerId | null;
  /** The actions the person may take now from this seat ([] while others move). */
  legal: readonly A[];
  /** Called once with the action the clicks (or keys) chose. */
  onAction(action: A): void;
  /**
   * Words for an action: the chooser's entries (when the board has no `label`) and each clickable
   * element's accessible name. Pass `(a) => game.describeAction(state, a)`; without it the board's
   * `label`, else the action's type, is used.
   */
  describe?(action: A): string;
  /** Put the default stylesheet (`boardStyles`) into the document once; default true. */
  styles?: boolean;
}

/** For every legal action (by index), the board keys it targets, without repeats. */
export function targetsOf<V, A extends BaseAction>(board: Board<V, A>, view: V, legal: readonly A[]): string[][] {
  return legal.map((a) => [...new Set(board.targets(a, view))]);
}

/** The indices of the actions that target every key of `selected`. */
export function narrow(keys: readonly string[][], selected: readonly string[]): number[] {
  const out: number[] = [];
  keys.forEach((k, i) => {
    if (k.length > 0 && selected.every((s) => k.includes(s))) out.push(i);
  });
  return out;
}

/**
 * The share of `legal` made on the board (a target to click), 0 to 1; 1 when there is nothing to
 * do. The rest (`board.targets(action, view)` is []) are table-talk moves to show as buttons.
 *
 * @example
 * ```ts
 * import { boardShare } from "@rules/boards";
 * import { steamParkBoard } from "@rules/boards/steam-park";
 * import { game } from "@rules/steam-park";
 *
 * const state = game.initialState("seed", { players: 2 });
 * const seat = game.activePlayers(state)[0]!;
 * const view = game.playerView(state, seat);
 * const legal = game.legalActions(state, seat);
 * console.log(`${Math.round(boardShare(steamParkBoard, view, legal) * 100)}% of the moves are on the board`);
 * const buttons = legal.filter((a) => steamParkBoard.targets(a, view).length === 0);
 * console.log(buttons.map((a) => game.describeAction(state, a)));
 * ```
 */
export function boardShare<V, A extends BaseAction>(board: Board<V, A>, view: V, legal: readonly A[]): number {
  if (legal.length === 0) return 1;
  return legal.filter((a) => board.targets(a, view).length > 0).length / legal.length;
}

/**
 * The left edge of a box `width` wide centred on `centre`, moved to lie within [lo, hi] (the panel
 * and the page, in the panel's coordinates); a box wider than that starts at `lo`.
 */
export function placeLeft(centre: number, width: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(centre - width / 2, hi - width));
}

/**
 * Draws `board` for `input` into `container` (its children are replaced) and wires the moves: the
 * element returned is the panel (`.rules-board-panel`) holding the drawing (`.rules-board`) and,
 * while one is open, the chooser (`.rules-chooser`). Call it again after every move. Any object of
 * the `Board` shape works, yours included. It needs a DOM: call it in a browser page.
 *
 * @example
 * ```ts
 * import { mountBoard } from "@rules/boards";
 * import { donkeyValleyBoard } from "@rules/boards/donkey-valley";
 * import { game } from "@rules/donkey-valley";
 *
 * let state = game.initialState("seed", { players: 3 });
 * const seat = 0;
 *
 * function show(container: Element): void {
 *   mountBoard(container, donkeyValleyBoard, {
 *     view: game.playerView(state, seat),
 *     seat,
 *     legal: game.activePlayers(state).includes(seat) ? game.legalActions(state, seat) : [],
 *     describe: (a) => game.describeAction(state, a),
 *     onAction: (a) => {
 *       state = game.apply(state, a);
 *       show(container); // and let the other seats (bots, a server) move
 *     },
 *   });
 * }
 *
 * if (typeof document !== "undefined") show(document.body.appendChild(document.createElement("div")));
 * ```
 */
export function mountBoard<V, A extends BaseAction>(container: Element, board: Board<V, A>, input: MountInput<V, A>): HTMLElement {
  const panel = buildPanel(board, input);
  container.replaceChildren(panel);
  return panel;
}

/** The panel of `mountBoard`, not yet in the document. */
export function buildPanel<V, A extends BaseAction>(board: Board<V, A>, input: MountInput<V, A>): HTMLElement {
  if (input.styles !== false && typeof document !== "undefined") installStyles(document);
  const { view, legal } = input;
  const words = (a: A) => input.describe?.(a) ?? board.label?.(a, view) ?? a.type;
  const chooserWords = (a: A) => board.label?.(a, view) ?? words(a);
  const drawn = board.draw({ view, seat: input.seat, legal });
  const holder = document.createElement("div");
  holder.className = "rules-board";
  holder.dataset["game"] = board.game;
  if (board.map !== undefined) holder.dataset["map"] = board.map;
  holder.append(drawn);
  const panel = document.createElement("section");
  panel.className = "rules-board-panel";
  panel.append(holder);

  const keys = targetsOf(board, view, legal);
  const targeted = new Set(keys.flat());
  const elements = Array.from(drawn.querySelectorAll<Element>("[data-target]"));
  if (drawn.matches("[data-target]")) elements.push(drawn);
  for (const e of elements) {
    const key = e.getAttribute("data-target")!;
    if (!targeted.has(key)) continue;
    e.setAttribute("data-clickable", "");
    e.setAttribute("tabindex", "0");
    e.setAttribute("role", "button");
    const moves = narrow(keys, [key]).map((i) => words(legal[i]!));
    e.setAttribute("aria-label", moves.length === 1 ? moves[0]! : `${moves.length} moves: ${moves.join("; ")}`);
  }
  holder.dataset["targets"] = String(elements.filter((e) => e.hasAttribute("data-clickable")).length);

  let selected: string[] = [];
  const mark = (candidates: number[]) => {
    const open = new Set(candidates.flatMap((i) => keys[i]!));
    for (const e of elements) {
      const k = e.getAttribute("data-target")!;
      e.toggleAttribute("data-selected", selected.includes(k));
      e.toggleAttribute("data-candidate", selected.length > 0 && open.has(k) && !selected.includes(k));
    }
  };
  let returnFocus: Element | null = null;
  const closeChooser = () => {
    panel.querySelector(".rules-chooser")?.remove();
    selected = [];
    mark([]);
    (returnFocus as HTMLElement | null)?.focus?.();
  };
  const openChooser = (at: Element, candidates: number[], byKey: boolean) => {
    panel.querySelector(".rules-chooser")?.remove();
    const box = document.createElement("div");
    box.className = "rules-chooser";
    box.id = "chooser";
    box.setAttribute("role", "menu");
    const title = document.createElement("div");
    title.className = "rules-chooser-title chooser-title";
    title.textContent = `${candidates.length} moves here:`;
    box.append(title);
    for (const i of candidates) {
      const b = document.createElement("button");
      b.className = "rules-choice choice";
      b.dataset["index"] = String(i);
      b.setAttribute("role", "menuitem");
      b.textContent = chooserWords(legal[i]!);
      b.onclick = () => input.onAction(legal[i]!);
      box.append(b);
    }
    const cancel = document.createElement("button");
    cancel.className = "rules-chooser-cancel chooser-cancel";
    cancel.textContent = "Cancel";
    cancel.onclick = closeChooser;
    box.append(cancel);
    box.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") closeChooser();
    });
    // Below the element, centred on it, but never past either side of the panel or the page.
    box.style.visibility = "hidden";
    panel.append(box);
    const r = at.getBoundingClientRect();
    const p = panel.getBoundingClientRect();
    const pageWidth = document.documentElement.clientWidth || p.right;
    box.style.left = `${placeLeft(r.left - p.left + r.width / 2, box.offsetWidth, Math.max(0, -p.left), Math.min(p.width, pageWidth - p.left))}px`;
    box.style.top = `${Math.max(0, r.bottom - p.top + 4)}px`;
    box.style.visibility = "";
    returnFocus = at;
    if (byKey) box.querySelector<HTMLButtonElement>("button")?.focus();
  };

  const choose = (at: Element, byKey: boolean) => {
    const key = at.getAttribute("data-target")!;
    // A click on another target of the actions still open narrows them; any other click starts over.
    if (selected.includes(key)) return;
    const further = narrow(keys, [...selected, key]);
    selected = further.length > 0 ? [...selected, key] : [key];
    const candidates = further.length > 0 ? further : narrow(keys, selected);
    if (candidates.length === 1) {
      input.onAction(legal[candidates[0]!]!);
      return;
    }
    mark(candidates);
    openChooser(at, candidates, byKey);
  };
  holder.addEventListener("click", (ev) => {
    const at = (ev.target as Element | null)?.closest?.("[data-clickable]");
    if (at) choose(at, false);
  });
  holder.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const at = (ev.target as Element | null)?.closest?.("[data-clickable]");
    if (!at) return;
    ev.preventDefault();
    choose(at, true);
  });
  return panel;
}
