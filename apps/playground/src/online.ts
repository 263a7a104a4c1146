/// <reference lib="dom" />
// "Play online": the playground as a client of rules-server (@rules/server). Without a token in
// the address it is a lobby: pick a game, create a match on the server, and get one join link per
// seat. With one (online.html#server=…&match=…&token=…) it plays that seat on the same boards as
// the offline playground, drawn from the views the server sends; it never holds a state.
import type { BaseAction } from "@rules/core";
import { boardFor, boardPanel } from "./boards.js";
import "./style.css";

interface Update {
  type: "update";
  version: number;
  view: unknown;
  legal: BaseAction[];
  active: number[];
  log: string[];
  terminal: boolean;
  outcome: unknown;
}

/** What the page received and sent, for a test (and a curious developer in the console). */
const received: {
  welcome?: { game: string; seat: number | null };
  updates: Update[];
  refused: string[];
  /** The versions of this page's accepted actions (the server's `ack`s). */
  acked: number[];
  /** Every action this page sent, and the version it was pinned to (none in a simultaneous step). */
  sent: Array<{ action: BaseAction; version: number | null }>;
} = { updates: [], refused: [], acked: [], sent: [] };
(window as unknown as { rulesOnline: typeof received }).rulesOnline = received;

const params = new URLSearchParams(location.hash.slice(1));
const server = params.get("server") ?? "http://127.0.0.1:8787";
const app = document.querySelector<HTMLElement>("#app")!;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

async function api(path: string, body?: unknown): Promise<any> {
  const res = await fetch(server + path, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(json?.error?.message ?? res.statusText);
  return json;
}

async function lobby(): Promise<void> {
  const status = el("p", { id: "status" }, `Server: ${server}`);
  const game = el("select", { id: "game" });
  const players = el("input", { id: "players", type: "number", value: "3", min: "1", max: "6" });
  const bots = el("input", { id: "bots", type: "number", value: "0", min: "0", max: "5" });
  const create = el("button", { id: "create", textContent: "Create match" });
  const links = el("ul", { id: "links" });
  app.replaceChildren(el("h1", {}, "Play online"), status, el("label", {}, "Game ", game), el("label", {}, " Seats ", players), el("label", {}, " of them bots ", bots), create, links);
  try {
    const { games } = await api("/games");
    for (const g of games as Array<{ id: string; name: string }>) game.append(el("option", { value: g.id, textContent: g.name }));
  } catch (e) {
    status.textContent = `No rules-server at ${server} (start one with: npx rules-server): ${(e as Error).message}`;
    return;
  }
  create.onclick = async () => {
    const n = Number(players.value);
    const b = Math.min(Number(bots.value), n);
    const seats = Array.from({ length: n }, (_, i) => (i >= n - b ? { bot: "random" } : {}));
    try {
      const match = await api("/matches", { game: game.value, seats });
      links.replaceChildren();
      for (let s = 0; s < n - b; s++) {
        const { token } = await api(`/matches/${match.id}/join`, { seat: s });
        const href = `${location.pathname}#${new URLSearchParams({ server, match: match.id, token })}`;
        links.append(el("li", {}, el("a", { href, className: "join-link", target: "_blank", textContent: `Seat ${s}` }), " (give this link to that player only)"));
      }
    } catch (e) {
      status.textContent = (e as Error).message;
    }
  };
}

function play(match: string, token: string): void {
  const header = el("p", { id: "status" }, "Connecting…");
  const board = el("div", { id: "online-board" });
  const actions = el("div", { id: "actions" });
  const log = el("ol", { id: "log" });
  app.replaceChildren(header, board, actions, log);
  const ws = new WebSocket(server.replace(/^http/, "ws") + "/ws");
  // A move is pinned to the version it was chosen at (a click on an outdated screen is refused as
  // STALE), except in a simultaneous step (several seats active, e.g. Steam Park's dice race):
  // there the other seats' moves do not change this seat's choice, so it is tried against the
  // state as it is when it arrives, and the engine refuses it if it is no longer legal.
  const send = (action: BaseAction, u: Update) => {
    const version = u.active.length > 1 ? null : u.version;
    received.sent.push({ action, version });
    ws.send(JSON.stringify(version === null ? { type: "action", action } : { type: "action", action, version }));
  };
  ws.onopen = () => ws.send(JSON.stringify({ type: "auth", match, token }));
  ws.onclose = () => (header.textContent = "Disconnected: reload the page to reconnect.");
  ws.onmessage = (event) => {
    const m = JSON.parse(String(event.data));
    if (m.type === "welcome") received.welcome = { game: m.game, seat: m.seat };
    else if (m.type === "ack") received.acked.push(m.version);
    else if (m.type === "refused" || m.type === "error") {
      received.refused.push(`${m.code}: ${m.message}`);
      header.textContent = m.message;
    } else if (m.type === "update") {
      received.updates.push(m as Update);
      draw(m as Update);
    }
  };

  function draw(u: Update): void {
    const gameId = received.welcome!.game;
    const seat = received.welcome!.seat;
    header.textContent = u.terminal ? `Game over: ${JSON.stringify(u.outcome)}` : `Seat ${seat}, version ${u.version}: ${u.active.includes(seat ?? -1) ? "your move" : `waiting for seat ${u.active.join(", ")}`}`;
    header.dataset["version"] = String(u.version);
    const drawn = boardFor(gameId, u.view);
    board.replaceChildren(drawn ? boardPanel({ board: drawn, view: u.view, seat, legal: u.legal, describe: (a) => JSON.stringify(a), play: (a) => send(a, u) }) : "");
    actions.replaceChildren(...u.legal.map((a, i) => el("button", { className: "online-action", value: String(i), textContent: JSON.stringify(a), onclick: () => send(a, u) })));
    for (const line of u.log) log.append(el("li", {}, line));
  }
}

const token = params.get("token");
const match = params.get("match");
if (token && match) play(match, token);
else void lobby();
