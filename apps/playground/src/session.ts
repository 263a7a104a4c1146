// One game in the playground, without any DOM: the action log is the truth (it is what export
// writes and import reads), every state is kept so the page can step back, and the seats the
// person does not play are played by bots. Everything goes through the public `Game` contract, so
// any game of the `rules` command works here unchanged.
import {
  botFactories,
  canonicalJson,
  chooseActor,
  newLog,
  replayStates,
  seedRng,
  undo as undoLog,
  type ActionLog,
  type BaseAction,
  type Bot,
  type BotFactory,
  type Game,
  type PlayerId,
  type Seed,
} from "@rules/core";
import { games } from "../../../packages/cli/src/games.js";
import { gameBots } from "../../../packages/cli/src/game-bots.js";

export { gameBots, games };

/** How a new game starts. */
export interface SessionConfig {
  game: string;
  players: number;
  seed: Seed;
  /** The seat the person plays; `null` lets bots play every seat. */
  seat: PlayerId | null;
  /** A name of `botFactories` (`random`, `mcts`) or of the game's own bots (`gameBots`). */
  bot: string;
  /** The game's options besides `players` (Age of Steam's `map`, a solo difficulty, rule readings). */
  options?: Record<string, unknown>;
}

/** One line of the game log: the action in words and what followed from it by itself. */
export interface LogEntry {
  /** 0 for the events of the setup, then 1, 2, ... as the printed log numbers actions. */
  n: number;
  seat: PlayerId | null;
  text: string;
  events: string[];
}

/** A seed as typed: digits become a number (as the CLI reads `--seed`), anything else a string. */
export function parseSeed(text: string): Seed {
  const t = text.trim();
  return /^-?\d{1,15}$/.test(t) ? Number(t) : t;
}

/**
 * `record[key]` when the record has that entry itself: a URL or a log may name `constructor` or
 * `toString` as easily as a game, and those must not find `Object.prototype`'s.
 */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function gameById(id: string): Game {
  const game = own(games, id);
  if (!game) throw new Error(`No game "${id}"; the playground knows ${Object.keys(games).join(", ")}.`);
  return game;
}

/** The bots a game may be played with: core's (`random`, `mcts`) and the game package's own. */
export function botNames(gameId: string): Record<string, BotFactory> {
  return { ...botFactories, ...gameBots[gameId]?.factories };
}

/**
 * The maps a game offers, read from its options schema's default components (Age of Steam's
 * `components.maps`); [] for a game with one board.
 */
export function mapsOf(game: Game): Array<{ id: string; name: string }> {
  try {
    const o = game.schemas.options.parse({}) as { components?: { maps?: Array<{ id: string; name: string }> } };
    return (o.components?.maps ?? []).map((m) => ({ id: m.id, name: m.name }));
  } catch {
    return [];
  }
}

/**
 * A new game's settings read from the page's address (`?game=…&players=…&seed=…&seat=…&bot=…&map=…&options=…`).
 * Whatever is missing takes its default; whatever is wrong takes its default too and says so in
 * `problems`, so a mistyped or hostile address shows a message, never a blank page.
 */
export function configFromQuery(search: string): { config: SessionConfig; problems: string[] } {
  const q = new URLSearchParams(search);
  const problems: string[] = [];
  const first = Object.keys(games)[0]!;
  const asked = q.get("game");
  const id = asked === null || own(games, asked) ? (asked ?? first) : first;
  if (id !== (asked ?? first)) problems.push(`No game "${asked}"; the playground knows ${Object.keys(games).join(", ")}. Showing ${games[id]!.name}.`);
  const game = games[id]!;
  let players = game.minPlayers;
  const playersText = q.get("players");
  if (playersText !== null) {
    const n = Number(playersText);
    if (Number.isInteger(n) && n >= game.minPlayers && n <= game.maxPlayers) players = n;
    else problems.push(`${game.name} takes ${game.minPlayers} to ${game.maxPlayers} players, not "${playersText}"; playing with ${players}.`);
  }
  let seat: PlayerId | null = 0;
  const seatText = q.get("seat");
  if (seatText === "none") seat = null;
  else if (seatText !== null) {
    const n = Number(seatText);
    if (/^\d+$/.test(seatText) && n < players) seat = n;
    else problems.push(`Seat "${seatText}" is not a seat of this ${players}-player game (0 to ${players - 1}, or none); you play seat 0.`);
  }
  let bot = "random";
  const botText = q.get("bot");
  if (botText !== null) {
    if (own(botNames(id), botText)) bot = botText;
    else problems.push(`No bot "${botText}" for ${game.name}; the bots are ${Object.keys(botNames(id)).join(", ")}. Playing against random.`);
  }
  let options: Record<string, unknown> = {};
  const optionsText = q.get("options");
  if (optionsText) {
    try {
      options = parseOptions(optionsText);
    } catch (e) {
      problems.push(e instanceof Error ? e.message : String(e));
    }
  }
  const map = q.get("map");
  if (map) options = { ...options, map };
  return { config: { game: id, players, seed: parseSeed(q.get("seed") ?? "1"), seat, bot, options }, problems };
}

/** The options field or `?options=`: a JSON object (the game's own schema checks the rest). */
export function parseOptions(text: string | null): Record<string, unknown> {
  if (!text) return {};
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    throw new Error(`Options must be a JSON object, e.g. {"difficulty": "hard"}; "${text.slice(0, 40)}" is not JSON.`);
  }
  if (o === null || typeof o !== "object" || Array.isArray(o)) throw new Error('Options must be a JSON object, e.g. {"difficulty": "hard"}.');
  return o as Record<string, unknown>;
}

/**
 * The longest log the page imports. Importing is linear (each action applied, described and drawn
 * once; 20,000 actions of Steam Donkey take a few seconds in Chromium on a busy machine) and keeps every state, so
 * the page stays responsive up to here; a game played on the page is a few hundred actions.
 */
export const MAX_IMPORT_ACTIONS = 20_000;
/** The most lines of the log the page draws (the last ones); the exported log holds every action. */
export const LOG_SHOWN = 5000;

/** The longest log text the page parses: {@link MAX_IMPORT_ACTIONS} actions with room to spare. */
export const MAX_IMPORT_CHARS = 10_000_000;

export class Session {
  readonly game: Game;
  readonly config: SessionConfig;
  log: ActionLog;
  /** `states[i]` is the state after `log.actions.slice(0, i)`. */
  states: unknown[];
  entries: LogEntry[];
  private bots = new Map<PlayerId, Bot>();

  private constructor(config: SessionConfig, log: ActionLog, states: unknown[]) {
    this.game = gameById(config.game);
    this.config = config;
    this.log = log;
    this.states = states;
    this.entries = [];
    this.rebuildEntries();
    this.makeBots();
  }

  /** A new game; throws the game's `RulesError` for options it refuses. */
  static start(config: SessionConfig): Session {
    const game = gameById(config.game);
    if (config.seat !== null && !(config.seat >= 0 && config.seat < config.players)) config = { ...config, seat: null };
    const options = { ...config.options, players: config.players };
    const first = game.initialState(config.seed, options);
    return new Session(config, newLog(game, config.seed, options), [first]);
  }

  /** A game rebuilt from an exported action log (every action checked again by `apply`). */
  static fromLog(json: unknown, seat: PlayerId | null, bot: string): Session {
    const id = (json as { game?: unknown } | null)?.game;
    const game = gameById(typeof id === "string" ? id : "");
    const count = (json as { actions?: unknown }).actions;
    if (Array.isArray(count) && count.length > MAX_IMPORT_ACTIONS) {
      throw new Error(
        `The log has ${count.length.toLocaleString("en-US")} actions; the playground imports at most ${MAX_IMPORT_ACTIONS.toLocaleString("en-US")} ` +
          "(it keeps every state to step back). `rules replay` reads any log the rules accept.",
      );
    }
    const states = replayStates(game, json as ActionLog);
    const log = json as ActionLog;
    const players = game.playerCount?.(states[0]) ?? Number(log.options["players"] ?? game.minPlayers);
    const { players: _p, ...options } = log.options as Record<string, unknown>;
    const config: SessionConfig = { game: game.id, players, seed: log.seed, seat: seat !== null && seat < players ? seat : null, bot, options };
    const copy: ActionLog = { game: log.game, rulesVersion: log.rulesVersion, seed: log.seed, options: log.options, actions: [...log.actions] };
    return new Session(config, copy, states);
  }

  get state(): unknown {
    return this.states[this.states.length - 1];
  }

  get players(): number {
    return this.game.playerCount?.(this.state) ?? this.config.players;
  }

  isOver(): boolean {
    return this.game.isTerminal(this.state);
  }

  /**
   * A bot seat that may act now, or `undefined` when the game waits for the person (or is over).
   * In a simultaneous step core's `chooseActor` draws who goes first (the person too), from a
   * stream named by the seed and the move number, so replaying a log schedules it the same way.
   */
  nextBotSeat(): PlayerId | undefined {
    const active = this.game.activePlayers(this.state);
    const p = chooseActor(active, seedRng(`${String(this.config.seed)}/schedule/${this.log.actions.length}`));
    return p === this.config.seat ? undefined : p;
  }

  /** True when the person's seat may act now. */
  awaitsPerson(): boolean {
    const seat = this.config.seat;
    return seat !== null && this.nextBotSeat() === undefined && this.game.activePlayers(this.state).includes(seat);
  }

  /** The person's legal actions now (`[]` while bots are to act). */
  personActions(): BaseAction[] {
    return this.awaitsPerson() ? this.game.legalActions(this.state, this.config.seat!) : [];
  }

  /** Plays one bot move; returns false when no bot is to act. */
  botStep(): boolean {
    const seat = this.nextBotSeat();
    if (seat === undefined) return false;
    const bot = this.bots.get(seat)!;
    this.play(bot.act(this.state, seat, this.game.legalActions(this.state, seat)));
    return true;
  }

  /** Applies an action through the checked `apply` (a refusal throws the game's `RulesError`). */
  play(action: BaseAction): void {
    const before = this.state;
    const after = this.game.apply(before, action);
    this.log.actions.push(action);
    this.states.push(after);
    this.entries.push(this.entryFor(this.log.actions.length, before, action, after));
  }

  /**
   * Why the person may not take back their last move now, or `undefined` when they may. Taking it
   * back also takes back the bot moves after it; each step must pass the contract's undo rule (no
   * chance drawn, nothing revealed), which {@link undo} enforces through core's `undo`.
   */
  undoProblem(): string | undefined {
    const seat = this.config.seat;
    const actions = this.log.actions;
    let i = actions.length - 1;
    if (seat === null) return "Bots play every seat; there is no move of yours to take back.";
    while (i >= 0 && actions[i]!.player !== seat) i--;
    if (i < 0) return "You have not moved yet.";
    for (let j = actions.length - 1; j >= i; j--) {
      const before = this.states[j] as { rng: unknown };
      const after = this.states[j + 1] as { rng: unknown };
      const what = this.game.describeAction(before, actions[j]);
      if (canonicalJson(before.rng) !== canonicalJson(after.rng)) return `"${what}" drew on chance, so it cannot be taken back.`;
      if (this.game.revealsInformation?.(before, actions[j])) return `"${what}" revealed hidden information, so it cannot be taken back.`;
    }
    return undefined;
  }

  /** Takes back the person's last move and the bot moves after it (throws when the rules forbid it). */
  undo(): void {
    const problem = this.undoProblem();
    if (problem !== undefined) throw new Error(`Cannot undo: ${problem}`);
    const seat = this.config.seat;
    let dropped: BaseAction;
    do {
      dropped = this.log.actions[this.log.actions.length - 1]!;
      this.log = undoLog(this.game, this.log);
      this.states.pop();
      this.entries.pop();
    } while (dropped.player !== seat);
    this.makeBots();
  }

  /** The action log as exported: plain JSON that `rules replay` and {@link Session.fromLog} read. */
  exportLog(): string {
    return JSON.stringify(this.log, null, 2);
  }

  private rebuildEntries(): void {
    this.entries = [{ n: 0, seat: null, text: "Setup", events: this.game.describeEvents?.(null, null, this.states[0]) ?? [] }];
    this.log.actions.forEach((a, i) => this.entries.push(this.entryFor(i + 1, this.states[i], a, this.states[i + 1])));
  }

  private entryFor(n: number, before: unknown, action: BaseAction, after: unknown): LogEntry {
    return {
      n,
      seat: action.player,
      text: this.game.describeAction(before, action),
      events: this.game.describeEvents?.(before, action, after) ?? [],
    };
  }

  /** Fresh bots, seeded from the game's seed and the seat, for every seat the person does not play. */
  private makeBots(): void {
    const factory = own(botNames(this.game.id), this.config.bot) ?? botFactories["random"]!;
    this.bots.clear();
    for (let p = 0; p < this.players; p++) {
      if (p !== this.config.seat) this.bots.set(p, factory(this.game, `${String(this.config.seed)}/bot/${p}`));
    }
  }
}
