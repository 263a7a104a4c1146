/// <reference lib="dom" />
// The playground page: plain DOM, re-rendered whole after every move. Element ids and data-*
// attributes are what the browser test clicks and reads, so keep them stable.
import { botFactories, isRulesError, randomInt, seedRng, type BaseAction, type PlayerId } from "@rules/core";
import { games, gameById, parseSeed, Session, type SessionConfig } from "./session.js";
import "./style.css";

const app = document.getElementById("app")!;
let session: Session;
/** The seat whose view is shown; `null` is the spectator's view. */
let viewSeat: PlayerId | null = 0;
let message = "";
let botTimer: ReturnType<typeof setTimeout> | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function seatName(p: PlayerId | null): string {
  return p === null ? "spectator" : `Seat ${p}${p === session.config.seat ? " (you)" : ""}`;
}

function configFromUrl(): SessionConfig {
  const q = new URLSearchParams(location.search);
  const id = q.get("game") && games[q.get("game")!] ? q.get("game")! : Object.keys(games)[0]!;
  const game = gameById(id);
  const players = Number(q.get("players") ?? NaN);
  const seat = q.get("seat");
  return {
    game: id,
    players: Number.isInteger(players) ? Math.min(game.maxPlayers, Math.max(game.minPlayers, players)) : game.minPlayers,
    seed: parseSeed(q.get("seed") ?? "1"),
    seat: seat === "none" ? null : Number.isInteger(Number(seat ?? 0)) ? Number(seat ?? 0) : 0,
    bot: q.get("bot") && botFactories[q.get("bot")!] ? q.get("bot")! : "random",
  };
}

function startFrom(config: SessionConfig): void {
  try {
    session = Session.start(config);
    viewSeat = config.seat;
    message = "";
  } catch (e) {
    message = isRulesError(e) ? e.message : String(e);
  }
  render();
}

function act(action: BaseAction): void {
  try {
    session.play(action);
    message = "";
  } catch (e) {
    message = isRulesError(e) ? e.message : String(e);
  }
  render();
}

/** Bots move one at a time, so the page shows each move; the person's turn stops them. */
function scheduleBots(): void {
  clearTimeout(botTimer);
  if (session.nextBotSeat() === undefined) return;
  const delay = Number((document.getElementById("bot-delay") as HTMLInputElement | null)?.value ?? 0);
  botTimer = setTimeout(() => {
    try {
      session.botStep();
    } catch (e) {
      message = `A bot failed: ${String(e)}`;
    }
    render();
  }, delay);
}

function controls(): HTMLElement {
  const cfg = session?.config ?? configFromUrl();
  const game = gameById(cfg.game);
  const gameSel = el("select", { id: "game" }, ...Object.values(games).map((g) => el("option", { value: g.id }, g.name)));
  gameSel.value = cfg.game;
  const players = el("input", { id: "players", type: "number", min: String(game.minPlayers), max: String(game.maxPlayers), value: String(cfg.players) });
  gameSel.onchange = () => {
    const g = gameById(gameSel.value);
    players.min = String(g.minPlayers);
    players.max = String(g.maxPlayers);
    players.value = String(Math.min(g.maxPlayers, Math.max(g.minPlayers, Number(players.value))));
  };
  const seed = el("input", { id: "seed", value: String(cfg.seed), size: "8" });
  const seat = el("select", { id: "seat" }, el("option", { value: "none" }, "none (bots only)"));
  for (let p = 0; p < game.maxPlayers; p++) seat.append(el("option", { value: String(p) }, `seat ${p}`));
  seat.value = cfg.seat === null ? "none" : String(cfg.seat);
  const bot = el("select", { id: "bot" }, ...Object.keys(botFactories).map((b) => el("option", { value: b }, b)));
  bot.value = cfg.bot;
  const start = el("button", { id: "new-game" }, "New game");
  start.onclick = () => {
    const config: SessionConfig = {
      game: gameSel.value,
      players: Number(players.value),
      seed: parseSeed(seed.value),
      seat: seat.value === "none" ? null : Number(seat.value),
      bot: bot.value,
    };
    history.replaceState(null, "", `?game=${config.game}&players=${config.players}&seed=${encodeURIComponent(String(config.seed))}&seat=${seat.value}&bot=${config.bot}`);
    startFrom(config);
  };
  const delay = el("input", { id: "bot-delay", type: "number", min: "0", max: "5000", step: "100", value: (document.getElementById("bot-delay") as HTMLInputElement | null)?.value ?? "0" });
  return el(
    "header",
    {},
    el("h1", {}, "@rules playground"),
    el("label", {}, "Game ", gameSel),
    el("label", {}, "Players ", players),
    el("label", {}, "Seed ", seed),
    el("label", {}, "You play ", seat),
    el("label", {}, "Bots ", bot),
    el("label", {}, "Bot delay (ms) ", delay),
    start,
  );
}

function status(): HTMLElement {
  const s = session;
  const out = s.game.outcome(s.state);
  if (out) {
    const rows = out.scores.map((score, p) => {
      const detail = out.breakdown?.[p] ? Object.entries(out.breakdown[p]!).map(([k, v]) => `${k} ${v}`).join(", ") : "";
      return el("tr", {}, el("td", {}, seatName(p)), el("td", {}, String(score)), el("td", {}, String(out.ranks[p])), el("td", {}, detail));
    });
    return el(
      "section",
      { id: "status", "data-over": "true" },
      el("strong", {}, `Game over. Winner${out.winners.length > 1 ? "s" : ""}: ${out.winners.map(seatName).join(", ")}`),
      el("table", { id: "outcome" }, el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Score"), el("th", {}, "Rank"), el("th", {}, "Breakdown")), ...rows),
    );
  }
  const active = s.game.activePlayers(s.state).map(seatName).join(", ");
  return el("section", { id: "status", "data-over": "false" }, `${s.game.name}, ${s.players} players, seed ${String(s.config.seed)}. To act: ${active}.`);
}

/**
 * A button's words: `describeAction` is written for the public log and may hide what only this
 * seat knows ("plays a load card face down"), so the action's own fields follow it.
 */
function actionLabel(action: BaseAction): string {
  const { type: _type, player: _player, ...fields } = action as BaseAction & Record<string, unknown>;
  const extra = Object.entries(fields).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`).join(", ");
  const words = session.game.describeAction(session.state, action);
  return extra === "" ? words : `${words} (${extra})`;
}

function actionsPanel(): HTMLElement {
  const s = session;
  const panel = el("section", { id: "actions" }, el("h2", {}, "Your moves"));
  const legal = s.personActions();
  if (legal.length === 0) {
    panel.append(el("p", {}, s.isOver() ? "The game is over." : s.config.seat === null ? "Bots play every seat." : "Bots are moving…"));
  } else {
    const random = el("button", { id: "random-move" }, "Random move");
    // Seeded from the game's seed and the log length, so a replayed session picks the same moves.
    random.onclick = () => act(legal[randomInt(seedRng(`random-move/${String(s.config.seed)}/${s.log.actions.length}`), 0, legal.length - 1)]!);
    panel.append(random);
    const groups = new Map<string, number[]>();
    legal.forEach((a, i) => groups.set(a.type, [...(groups.get(a.type) ?? []), i]));
    for (const [type, idx] of groups) {
      const box = el("fieldset", { "data-type": type }, el("legend", {}, `${type} (${idx.length})`));
      for (const i of idx) {
        const b = el("button", { class: "action", "data-index": String(i), title: JSON.stringify(legal[i]) }, actionLabel(legal[i]!));
        b.onclick = () => act(legal[i]!);
        box.append(b);
      }
      panel.append(box);
    }
  }
  const undo = el("button", { id: "undo" }, "Undo my last move");
  const problem = s.undoProblem();
  if (problem !== undefined) {
    undo.setAttribute("disabled", "");
    undo.title = problem;
  }
  undo.onclick = () => {
    try {
      s.undo();
      message = "";
    } catch (e) {
      message = e instanceof Error ? e.message : String(e);
    }
    render();
  };
  panel.append(el("div", { class: "row" }, undo, el("span", { class: "hint" }, problem ?? "")));
  return panel;
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
function showJson(value: unknown, indent = ""): string {
  const flat = compactJson(value);
  if (flat.length <= 64 || value === null || typeof value !== "object") return flat;
  const inner = indent + "  ";
  if (Array.isArray(value)) return `[\n${value.map((x) => inner + showJson(x, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${showJson(v, inner)}`).join(",\n")}\n${indent}}`;
}

function viewPanel(): HTMLElement {
  const s = session;
  const sel = el("select", { id: "view-seat" }, el("option", { value: "spectator" }, "spectator"));
  for (let p = 0; p < s.players; p++) sel.append(el("option", { value: String(p) }, seatName(p)));
  if (viewSeat !== null && viewSeat >= s.players) viewSeat = null;
  sel.value = viewSeat === null ? "spectator" : String(viewSeat);
  sel.onchange = () => {
    viewSeat = sel.value === "spectator" ? null : Number(sel.value);
    render();
  };
  const view = s.game.playerView(s.state, viewSeat);
  return el(
    "section",
    { id: "view-panel" },
    el("h2", {}, "What ", sel, " may see"),
    el("pre", { id: "view", "data-seat": viewSeat === null ? "spectator" : String(viewSeat) }, showJson(view)),
  );
}

/** The log list lives across renders and is only appended to (or cut back on undo): long games stay fast. */
const logList = el("ol", { id: "log", start: "0" });
let logOf: Session | undefined;

function logPanel(): HTMLElement {
  if (logOf !== session) {
    logList.replaceChildren();
    logOf = session;
  }
  const entries = session.entries;
  while (logList.children.length > entries.length) logList.lastElementChild!.remove();
  for (const e of entries.slice(logList.children.length)) {
    const item = el("li", { value: String(e.n) }, e.text);
    if (e.events.length > 0) item.append(el("ul", {}, ...e.events.map((line) => el("li", { class: "event" }, line))));
    logList.append(item);
  }
  return el("section", { id: "log-panel" }, el("h2", {}, "Log"), logList);
}

function ioPanel(): HTMLElement {
  const text = el("textarea", { id: "log-json", rows: "6", spellcheck: "false" });
  text.value = session.exportLog();
  const download = el("button", { id: "export" }, "Download log (JSON)");
  download.onclick = () => {
    const url = URL.createObjectURL(new Blob([session.exportLog()], { type: "application/json" }));
    const a = el("a", { href: url, download: `${session.game.id}-${String(session.config.seed)}.json` });
    a.click();
    URL.revokeObjectURL(url);
  };
  const load = el("button", { id: "import" }, "Load the log above");
  load.onclick = () => {
    try {
      session = Session.fromLog(JSON.parse(text.value), session.config.seat, session.config.bot);
      message = "Log loaded.";
    } catch (e) {
      message = `Could not load the log: ${e instanceof Error ? e.message : String(e)}`;
    }
    render();
  };
  return el("section", { id: "io" }, el("h2", {}, "Action log (export / import)"), text, el("div", { class: "row" }, download, load));
}

function render(): void {
  app.replaceChildren(controls());
  if (!session) {
    app.append(el("p", { id: "message" }, message));
    return;
  }
  app.append(
    status(),
    el("p", { id: "message" }, message),
    el("main", {}, el("div", { class: "col" }, actionsPanel(), ioPanel()), viewPanel(), logPanel()),
  );
  const logPanelEl = document.getElementById("log-panel")!;
  logPanelEl.scrollTop = logPanelEl.scrollHeight;
  app.dataset["actions"] = String(session.log.actions.length);
  app.dataset["waiting"] = session.awaitsPerson() ? "person" : session.isOver() ? "over" : "bots";
  scheduleBots();
}

startFrom(configFromUrl());
