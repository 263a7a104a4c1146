/// <reference lib="dom" />
// The game-independent half of a board: draw the board from the seat's view, make every drawn
// element that a legal action targets clickable, and narrow the legal actions click by click. One
// action left: it is played. Several: a chooser in place lists them (and a further click on one of
// their other targets narrows again). The board module never sees the state or the session.
import type { BaseAction, PlayerId } from "@rules/core";
import type { Board } from "./boards/types.js";

export interface BoardPanelInput {
  board: Board<any, any>;
  view: unknown;
  seat: PlayerId | null;
  /** The person's legal actions when the seat shown is theirs and it is their turn, else []. */
  legal: readonly BaseAction[];
  /** Words for a chooser entry when the board gives no `label`. */
  describe(action: BaseAction): string;
  play(action: BaseAction): void;
}

/** For every legal action (by index), the board keys it targets, without repeats. */
export function targetsOf(board: Board<any, any>, view: unknown, legal: readonly BaseAction[]): string[][] {
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

/** The board's element, unchanged by the shell's marks, as HTML (what the browser test compares). */
export function drawnHtml(board: Board<any, any>, view: unknown, seat: PlayerId | null, legal: readonly BaseAction[]): string {
  return board.draw({ view, seat, legal }).outerHTML;
}

export function boardPanel(input: BoardPanelInput): HTMLElement {
  const { board, view, legal } = input;
  const drawn = board.draw({ view, seat: input.seat, legal });
  const holder = document.createElement("div");
  holder.id = "board";
  holder.dataset["game"] = board.game;
  if (board.map !== undefined) holder.dataset["map"] = board.map;
  holder.append(drawn);
  const panel = document.createElement("section");
  panel.id = "board-panel";
  panel.append(holder);

  const keys = targetsOf(board, view, legal);
  const targeted = new Set(keys.flat());
  const elements = Array.from(drawn.querySelectorAll<Element>("[data-target]"));
  if (drawn.matches("[data-target]")) elements.push(drawn);
  for (const e of elements) if (targeted.has(e.getAttribute("data-target")!)) e.setAttribute("data-clickable", "");
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
  const closeChooser = () => {
    panel.querySelector("#chooser")?.remove();
    selected = [];
    mark([]);
  };
  const openChooser = (at: Element, candidates: number[]) => {
    panel.querySelector("#chooser")?.remove();
    const box = document.createElement("div");
    box.id = "chooser";
    box.setAttribute("role", "menu");
    const title = document.createElement("div");
    title.className = "chooser-title";
    title.textContent = `${candidates.length} moves here:`;
    box.append(title);
    for (const i of candidates) {
      const b = document.createElement("button");
      b.className = "choice";
      b.dataset["index"] = String(i);
      b.textContent = board.label?.(legal[i], view) ?? input.describe(legal[i]!);
      b.onclick = () => input.play(legal[i]!);
      box.append(b);
    }
    const cancel = document.createElement("button");
    cancel.className = "chooser-cancel";
    cancel.textContent = "Cancel";
    cancel.onclick = closeChooser;
    box.append(cancel);
    const r = at.getBoundingClientRect();
    const p = panel.getBoundingClientRect();
    box.style.left = `${Math.max(0, r.left - p.left + r.width / 2)}px`;
    box.style.top = `${Math.max(0, r.bottom - p.top + 4)}px`;
    panel.append(box);
  };

  holder.addEventListener("click", (ev) => {
    const at = (ev.target as Element | null)?.closest?.("[data-clickable]");
    if (!at) return;
    const key = at.getAttribute("data-target")!;
    // A click on another target of the actions still open narrows them; any other click starts over.
    if (selected.includes(key)) return;
    const further = narrow(keys, [...selected, key]);
    selected = further.length > 0 ? [...selected, key] : [key];
    const candidates = further.length > 0 ? further : narrow(keys, selected);
    if (candidates.length === 1) {
      input.play(legal[candidates[0]!]!);
      return;
    }
    mark(candidates);
    openChooser(at, candidates);
  });
  return panel;
}
