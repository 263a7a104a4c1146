/// <reference lib="dom" />
// The playground page: plain DOM, re-rendered whole after every move. Element ids and data-*
// attributes are what the browser test clicks and reads, so keep them stable (the README lists them).
import { isRulesError, randomInt, seedRng, type BaseAction, type PlayerId } from "@rules/core";
import { boardFor, boardPanel, drawnHtml } from "./boards.js";
import { automatonRows } from "./automata.js";
import { el, ioPanel, logPanel, viewJsonPanel } from "./panels.js";
import { botNames, configFromQuery, games, gameById, MAX_IMPORT_CHARS, mapsOf, own, parseOptions, parseSeed, Session, type SessionConfig } from "./session.js";
import "./style.css";

const app = document.getElementById("app")!;
let session: Session;
/** The seat whose view is shown; `null` is the spectator's view. */
let viewSeat: PlayerId | null = 0;
let message = "";
let botTimer: ReturnType<typeof setTimeout> | undefined;

function seatName(p: PlayerId | null): string {
  return p === null ? "spectator" : `Seat ${p}${p === session.config.seat ? " (you)" : ""}`;
}

function urlOf(config: SessionConfig): string {
  const { map, ...rest } = config.options ?? {};
  const q = new URLSearchParams({ game: config.game, players: String(config.players), seed: String(config.seed), seat: config.seat === null ? "none" : String(config.seat), bot: config.bot });
  if (typeof map === "string") q.set("map", map);
  if (Object.keys(rest).length > 0) q.set("options", JSON.stringify(rest));
  return `?${q.toString()}`;
}

/** Starts a game; `note` is the message to show when it starts (what the address got wrong). */
function startFrom(config: SessionConfig, note = ""): void {
  try {
    session = Session.start(config);
    viewSeat = session.config.seat;
    message = note;
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
  const cfg = session?.config ?? configFromQuery(location.search).config;
  const gameSel = el("select", { id: "game" }, ...Object.values(games).map((g) => el("option", { value: g.id }, g.name)));
  gameSel.value = cfg.game;
  const players = el("input", { id: "players", type: "number", value: String(cfg.players) });
  const map = el("select", { id: "map" });
  const bot = el("select", { id: "bot" });
  const fill = () => {
    const g = gameById(gameSel.value);
    players.min = String(g.minPlayers);
    players.max = String(g.maxPlayers);
    players.value = String(Math.min(g.maxPlayers, Math.max(g.minPlayers, Number(players.value))));
    const maps = mapsOf(g);
    map.replaceChildren(el("option", { value: "" }, maps.length > 0 ? "default for the players" : "(one board)"), ...maps.map((m) => el("option", { value: m.id }, m.name)));
    map.disabled = maps.length === 0;
    const before = bot.value || cfg.bot;
    bot.replaceChildren(...Object.keys(botNames(g.id)).map((b) => el("option", { value: b }, b)));
    bot.value = own(botNames(g.id), before) ? before : "random";
  };
  fill();
  const { map: chosenMap, ...otherOptions } = cfg.options ?? {};
  map.value = typeof chosenMap === "string" ? chosenMap : "";
  gameSel.onchange = () => {
    fill();
    map.value = "";
  };
  const seed = el("input", { id: "seed", value: String(cfg.seed), size: "8" });
  const options = el("input", { id: "options", value: Object.keys(otherOptions).length > 0 ? JSON.stringify(otherOptions) : "", size: "18", placeholder: '{"difficulty": "hard"}' });
  const seat = el("select", { id: "seat" }, el("option", { value: "none" }, "none (bots only)"));
  for (let p = 0; p < gameById(cfg.game).maxPlayers; p++) seat.append(el("option", { value: String(p) }, `seat ${p}`));
  seat.value = cfg.seat === null ? "none" : String(cfg.seat);
  const start = el("button", { id: "new-game" }, "New game");
  start.onclick = () => {
    let extra: Record<string, unknown>;
    try {
      extra = parseOptions(options.value.trim());
    } catch (e) {
      message = String(e);
      render();
      return;
    }
    const config: SessionConfig = {
      game: gameSel.value,
      players: Number(players.value),
      seed: parseSeed(seed.value),
      seat: seat.value === "none" ? null : Number(seat.value),
      bot: bot.value,
      options: map.value === "" ? extra : { ...extra, map: map.value },
    };
    history.replaceState(null, "", urlOf(config));
    startFrom(config);
  };
  const delay = el("input", { id: "bot-delay", type: "number", min: "0", max: "5000", step: "100", value: (document.getElementById("bot-delay") as HTMLInputElement | null)?.value ?? "0" });
  return el(
    "header",
    {},
    el("h1", {}, "@rules playground"),
    el("label", {}, "Game ", gameSel),
    el("label", {}, "Map ", map),
    el("label", {}, "Players ", players),
    el("label", {}, "Seed ", seed),
    el("label", {}, "Options ", options),
    el("label", {}, "You play ", seat),
    el("label", {}, "Bots ", bot),
    el("label", {}, "Bot delay (ms) ", delay),
    start,
  );
}

function status(phase: string | undefined): HTMLElement {
  const s = session;
  const out = s.game.outcome(s.state);
  if (out) {
    const rows = out.scores.map((score, p) => {
      const detail = out.breakdown?.[p] ? Object.entries(out.breakdown[p]!).map(([k, v]) => `${k} ${v}`).join(", ") : "";
      return el("tr", {}, el("td", {}, seatName(p)), el("td", {}, String(score)), el("td", {}, String(out.ranks[p])), el("td", {}, detail));
    });
    const automata = automatonRows(s.game.id, s.state, out);
    for (const a of automata) {
      const detail = Object.entries(a.breakdown).map(([k, v]) => `${k} ${v}`).join(", ");
      rows.push(el("tr", { "data-automaton": a.name }, el("td", {}, a.name), el("td", {}, String(a.score)), el("td", {}, String(a.rank)), el("td", {}, detail)));
    }
    const verdict =
      s.players === 1
        ? `Game over. ${out.winners.includes(0) ? "Seat 0 won" : "Seat 0 lost"} (score ${out.scores[0]}${automata.map((a) => `; ${a.name.replace(/ \(.*/, "")} ${a.score}`).join("")}).`
        : `Game over. Winner${out.winners.length > 1 ? "s" : ""}: ${out.winners.map(seatName).join(", ")}.`;
    return el(
      "section",
      { id: "status", "data-over": "true" },
      el("strong", { id: "verdict" }, verdict),
      el("table", { id: "outcome" }, el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Score"), el("th", {}, "Rank"), el("th", {}, "Breakdown")), ...rows),
    );
  }
  const active = s.game.activePlayers(s.state);
  const yours = s.awaitsPerson();
  return el(
    "section",
    { id: "status", "data-over": "false" },
    el("strong", { id: "turn" }, yours ? "Your turn" : `To act: ${active.map(seatName).join(", ")}`),
    phase ? el("span", { id: "phase" }, ` — ${phase}`) : "",
    el("span", { class: "hint" }, ` · ${s.game.name}, ${s.players} player${s.players > 1 ? "s" : ""}, seed ${String(s.config.seed)}`),
  );
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

/** The person's moves that the board cannot show, as buttons grouped by type (all of them without a board). */
function actionsPanel(legal: BaseAction[], onBoard: boolean[]): HTMLElement {
  const s = session;
  const panel = el("section", { id: "actions" }, el("h2", {}, "Your moves"));
  if (legal.length === 0) {
    panel.append(el("p", {}, s.isOver() ? "The game is over." : s.config.seat === null ? "Bots play every seat." : s.awaitsPerson() ? "Show your own seat to move." : "Bots are moving…"));
  } else {
    const random = el("button", { id: "random-move" }, "Random move");
    // Seeded from the game's seed and the log length, so a replayed session picks the same moves.
    random.onclick = () => act(legal[randomInt(seedRng(`random-move/${String(s.config.seed)}/${s.log.actions.length}`), 0, legal.length - 1)]!);
    panel.append(random);
    const onBoardCount = onBoard.filter(Boolean).length;
    panel.dataset["onBoard"] = String(onBoardCount);
    if (onBoardCount > 0) panel.append(el("p", { class: "hint", id: "on-board" }, `${onBoardCount} of your ${legal.length} moves are made on the board (highlighted).`));
    const groups = new Map<string, number[]>();
    legal.forEach((a, i) => {
      if (!onBoard[i]) groups.set(a.type, [...(groups.get(a.type) ?? []), i]);
    });
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

function seatPicker(): HTMLElement {
  const sel = el("select", { id: "view-seat" }, el("option", { value: "spectator" }, "spectator"));
  for (let p = 0; p < session.players; p++) sel.append(el("option", { value: String(p) }, seatName(p)));
  sel.value = viewSeat === null ? "spectator" : String(viewSeat);
  sel.onchange = () => {
    viewSeat = sel.value === "spectator" ? null : Number(sel.value);
    render();
  };
  return el("label", { id: "seat-picker" }, "Showing what ", sel, " may see");
}

function loadLog(text: string): void {
  try {
    if (text.length > MAX_IMPORT_CHARS) throw new Error(`The log is ${text.length.toLocaleString("en-US")} characters long; the playground reads at most ${MAX_IMPORT_CHARS.toLocaleString("en-US")}.`);
    session = Session.fromLog(JSON.parse(text), session.config.seat, session.config.bot);
    message = "Log loaded.";
  } catch (e) {
    message = `Could not load the log: ${e instanceof Error ? e.message : String(e)}`;
  }
  render();
}

function render(): void {
  app.replaceChildren(controls());
  if (!session) {
    app.append(el("p", { id: "message" }, message));
    return;
  }
  if (viewSeat !== null && viewSeat >= session.players) viewSeat = null;
  const view = session.game.playerView(session.state, viewSeat);
  const board = boardFor(session.game.id, view);
  // The person moves from their own seat's view only; another seat's view shows no moves.
  const legal = viewSeat === session.config.seat ? session.personActions() : [];
  const onBoard = board ? legal.map((a) => board.targets(a, view).length > 0) : legal.map(() => false);
  const centre = el("div", { class: "col centre" }, seatPicker());
  if (board) centre.append(boardPanel({ board, view, seat: viewSeat, legal, describe: actionLabel, play: act }));
  centre.append(viewJsonPanel(view, viewSeat, !board));
  app.append(
    status(board?.phase?.(view)),
    el("p", { id: "message" }, message),
    el("main", {}, centre, el("div", { class: "col side" }, actionsPanel(legal, onBoard), logPanel(session), ioPanel(session, loadLog))),
  );
  const logPanelEl = document.getElementById("log-panel")!;
  logPanelEl.scrollTop = logPanelEl.scrollHeight;
  app.dataset["actions"] = String(session.log.actions.length);
  app.dataset["waiting"] = session.awaitsPerson() ? "person" : session.isOver() ? "over" : "bots";
  app.dataset["board"] = board ? "true" : "false";
  scheduleBots();
}

/**
 * For tests and debugging: the board a view draws, as HTML, with no state and no session behind it.
 * The browser test compares it with the board shown, which proves the page drew from the view alone.
 */
(window as unknown as { rulesPlayground: unknown }).rulesPlayground = {
  /** The board element itself (what the draw-time figure times), or `null` for a game with no board. */
  draw(gameId: string, view: unknown, seat: PlayerId | null, legal: BaseAction[]): Element | null {
    return boardFor(gameId, view)?.draw({ view, seat, legal }) ?? null;
  },
  drawBoard(gameId: string, view: unknown, seat: PlayerId | null, legal: BaseAction[]): string | null {
    const board = boardFor(gameId, view);
    return board ? drawnHtml(board, view, seat, legal) : null;
  },
};

const fromUrl = configFromQuery(location.search);
startFrom(fromUrl.config, fromUrl.problems.join(" "));
