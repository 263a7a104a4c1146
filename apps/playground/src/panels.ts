/// <reference lib="dom" />
// The page's panels that know nothing of any game: the view as JSON, the log in words and the
// action log's export and import. Each is a function of the session (and the page's callbacks).
import type { PlayerId } from "@rules/core";
import { LOG_SHOWN, type Session } from "./session.js";

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** JSON on one line, with a space after each comma and colon. */
function compactJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(compactJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${compactJson(v)}`).join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Pretty JSON with short arrays and objects on one line, so a view fits on screen. */
export function showJson(value: unknown, indent = ""): string {
  const flat = compactJson(value);
  if (flat.length <= 64 || value === null || typeof value !== "object") return flat;
  const inner = indent + "  ";
  if (Array.isArray(value)) return `[\n${value.map((x) => inner + showJson(x, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${showJson(v, inner)}`).join(",\n")}\n${indent}}`;
}

/** The seat's view as JSON, folded away under the board (open when the game has no board). */
export function viewJsonPanel(view: unknown, seat: PlayerId | null, open: boolean): HTMLElement {
  const details = el(
    "details",
    { id: "view-panel" },
    el("summary", {}, "The view as JSON (what the board is drawn from)"),
    el("pre", { id: "view", "data-seat": seat === null ? "spectator" : String(seat) }, showJson(view)),
  );
  details.open = open;
  return details;
}

/**
 * The log list lives across renders and is only appended to (or cut back on undo): long games stay
 * fast. It shows the last {@link LOG_SHOWN} lines (an imported log may be far longer), numbered by
 * the list's `start`: a `value` on every item makes Chromium renumber the list at each item, which
 * made importing a long log quadratic (16,000 actions: over a minute).
 */
const logList = el("ol", { id: "log", start: "0" });
const logNote = el("p", { class: "hint", id: "log-hidden" });
let logOf: Session | undefined;
/** The index in `session.entries` of the first line drawn. */
let logFirst = 0;

export function logPanel(session: Session): HTMLElement {
  const entries = session.entries;
  // A new session, or an undo back before the first line drawn: draw afresh.
  if (logOf !== session || entries.length <= logFirst) {
    logList.replaceChildren();
    logOf = session;
  }
  while (logList.children.length > 0 && logFirst + logList.children.length > entries.length) logList.lastElementChild!.remove();
  if (logList.children.length === 0) logFirst = Math.max(0, entries.length - LOG_SHOWN);
  for (const e of entries.slice(logFirst + logList.children.length)) {
    const item = el("li", {}, e.text);
    if (e.events.length > 0) item.append(el("ul", {}, ...e.events.map((line) => el("li", { class: "event" }, line))));
    logList.append(item);
  }
  while (logList.children.length > LOG_SHOWN) {
    logList.firstElementChild!.remove();
    logFirst++;
  }
  logList.start = entries[logFirst]?.n ?? 0;
  logNote.textContent = logFirst > 0 ? `The ${logFirst.toLocaleString("en-US")} earlier lines are not shown; the exported log holds every action.` : "";
  return el("section", { id: "log-panel" }, el("h2", {}, "Log"), logNote, logList);
}

/**
 * Export and import of the action log. The log is a replay file, so it holds every seat's moves
 * (a bot's face-down card too): it stays folded away, like the view's JSON.
 */
export function ioPanel(session: Session, load: (text: string) => void): HTMLElement {
  const text = el("textarea", { id: "log-json", rows: "6", spellcheck: "false" });
  text.value = session.exportLog();
  const download = el("button", { id: "export" }, "Download log (JSON)");
  download.onclick = () => {
    const url = URL.createObjectURL(new Blob([session.exportLog()], { type: "application/json" }));
    const a = el("a", { href: url, download: `${session.game.id}-${String(session.config.seed)}.json` });
    a.click();
    URL.revokeObjectURL(url);
  };
  const button = el("button", { id: "import" }, "Load the log above");
  button.onclick = () => load(text.value);
  return el(
    "details",
    { id: "io" },
    el("summary", {}, "Action log (export / import; shows every seat's moves)"),
    text,
    el("div", { class: "row" }, download, button),
  );
}
