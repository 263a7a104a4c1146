// One match as a process holds it: the full state (never sent), its version, the public log in
// words, the sockets watching it, and the bots of its bot seats. Every change goes through one
// queue per match, and is stored before it is applied here or told to anyone.
import { isRulesError, stateHash, type BotFactory, type Game, type PlayerId } from "@rules/core";
import type { BotQueue } from "./bots.js";
import type { PublicSeat, ServerMessage } from "./protocol.js";
import type { MatchRecord, SeatRecord, Storage, StoredAction } from "./storage/types.js";

/** A socket (or any listener) watching a match as a seat or as a spectator. */
export interface Client {
  seat: number | null;
  /** Hash of the token it authenticated with (null for a spectator). */
  tokenHash: string | null;
  /** Log lines already sent to it. */
  logSent: number;
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
}

/** The result of a submitted action. */
export type SubmitResult = { ok: true; version: number } | { ok: false; code: string; message: string };

export interface MatchDeps {
  storage: Storage;
  log: (line: string) => void;
  /** Runs a bot seat's decision; the match gives it the factory and the seed. */
  bots: Record<number, BotFactory>;
  /** The process's bot turns: one decision of any match per turn of the event loop. */
  botQueue: BotQueue;
}

export class Match {
  readonly id: string;
  readonly game: Game;
  readonly players: number;
  seats: SeatRecord[];
  readonly spectators: boolean;
  state: unknown;
  version: number;
  /** The public log: one line per action and per event, in words. */
  readonly log: string[] = [];
  readonly clients = new Set<Client>();
  /** Why this match cannot go on (its stored log does not replay); undefined while it is sound. */
  broken: string | undefined;
  private readonly seed: string;
  private queue: Promise<unknown> = Promise.resolve();
  /** A bot decision is asked for or being made (one at a time). */
  private botBusy = false;
  private closed = false;

  private constructor(record: MatchRecord, game: Game, private readonly deps: MatchDeps) {
    this.id = record.id;
    this.game = game;
    this.seats = record.seats;
    this.spectators = record.spectators;
    this.seed = record.seed;
    this.players = record.seats.length;
    this.state = game.initialState(record.seed, record.options as never);
    this.version = 0;
    this.log.push(...(game.describeEvents?.(null, null, this.state) ?? []));
  }

  /** A new match's first state, or the match rebuilt from its stored actions (checked against the stored hashes). */
  static restore(record: MatchRecord, actions: StoredAction[], game: Game, deps: MatchDeps): Match {
    const m = new Match(record, game, deps);
    if (actions.length === 0 && stateHash(m.state) !== record.stateHash) m.broken = "its first state does not match the stored hash (the engine changed?)";
    for (const a of actions) if (!m.broken) m.advance(a);
    return m;
  }

  /** Runs `fn` after every earlier change of this match (one change at a time). */
  serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  get terminal(): boolean {
    return this.game.isTerminal(this.state);
  }

  publicSeats(): PublicSeat[] {
    return this.seats.map((s) => ({ seat: s.seat, kind: s.kind, bot: s.bot, name: s.name, taken: s.kind === "bot" || s.tokenHash !== null }));
  }

  /** What `client` receives now: its seat's view and legal actions, or the spectator view. */
  update(client: Client): ServerMessage {
    const seat = client.seat;
    const from = Math.min(client.logSent, this.log.length);
    client.logSent = this.log.length;
    const terminal = this.terminal;
    return {
      type: "update",
      match: this.id,
      version: this.version,
      view: this.game.playerView(this.state, seat),
      legal: seat === null || this.broken ? [] : this.game.legalActions(this.state, seat),
      active: terminal ? [] : this.game.activePlayers(this.state),
      logFrom: from,
      log: this.log.slice(from),
      terminal,
      outcome: terminal ? (this.game.outcome(this.state) ?? null) : null,
    };
  }

  /** Sends every client its update. */
  broadcast(): void {
    for (const c of this.clients) c.send(this.update(c));
  }

  /**
   * Applies `action` if the engine accepts it against the current state (or the state as it is
   * once the actions of other processes are caught up), stores it, and only then applies it here
   * and tells every client. `expect` pins the version the action was chosen at (`STALE` if the
   * match moved on). A refused action changes nothing.
   */
  submit(action: Record<string, unknown>, expect?: number): Promise<SubmitResult> {
    return this.serialize(async () => {
      for (let attempt = 0; attempt < 8; attempt++) {
        if (this.broken) return { ok: false, code: "UNAVAILABLE", message: `This match cannot go on: ${this.broken}.` };
        if (expect !== undefined && expect !== this.version) {
          return { ok: false, code: "STALE", message: `The match has moved on to version ${this.version} since version ${expect}: look at the latest update and act again.` };
        }
        let next: unknown;
        try {
          next = this.game.apply(this.state, action as never);
        } catch (e) {
          if (isRulesError(e)) return { ok: false, code: e.code, message: e.message };
          this.deps.log(`rules-server: match ${this.id}: the engine failed on an action: ${String(e)}`);
          return { ok: false, code: "INVALID_ACTION", message: "The engine could not apply this action." };
        }
        const hash = stateHash(next);
        const seq = this.version + 1;
        let stored: boolean;
        try {
          stored = await this.deps.storage.appendAction(this.id, this.version, { seq, action, stateHash: hash }, this.game.isTerminal(next));
        } catch (e) {
          this.deps.log(`rules-server: match ${this.id}: storing action ${seq} failed: ${(e as Error).message}`);
          return { ok: false, code: "UNAVAILABLE", message: "The move could not be stored, so it was not made. Try again." };
        }
        if (stored) {
          this.commit(action, next);
          this.changed();
          return { ok: true, version: seq };
        }
        // Another process stored an action first: catch up, then try this one against the new state.
        await this.catchUpNow();
      }
      return { ok: false, code: "UNAVAILABLE", message: "The match is too busy; try again." };
    });
  }

  /** Applies the actions other processes stored since this process's version. */
  catchUp(): Promise<void> {
    return this.serialize(() => this.catchUpNow());
  }

  private async catchUpNow(): Promise<void> {
    const before = this.version;
    const actions = await this.deps.storage.actionsSince(this.id, this.version);
    for (const a of actions) if (!this.broken) this.advance(a);
    if (this.version !== before || this.broken) this.changed();
  }

  /** Reads the seats again (a seat was joined or left, maybe on another process) and drops sockets whose token left. */
  refreshSeats(seats: SeatRecord[]): void {
    this.seats = seats;
    for (const c of this.clients) {
      if (c.seat !== null && this.seats[c.seat]?.tokenHash !== c.tokenHash) {
        c.send({ type: "error", code: "SEAT_LEFT", message: "This seat was left; its token is no longer valid." });
        c.close(4003, "seat left");
        this.clients.delete(c);
      }
    }
    const seats2 = this.publicSeats();
    for (const c of this.clients) c.send({ type: "seats", seats: seats2 });
  }

  /** Stops the bots (the process is closing). */
  close(): void {
    this.closed = true;
    this.deps.botQueue.cancel(this);
  }

  /** Applies an action already stored (a replay or another process's move), checking its hash. */
  private advance(a: StoredAction): void {
    if (a.seq !== this.version + 1) {
      this.broken = `stored action ${a.seq} follows version ${this.version}`;
      return;
    }
    let next: unknown;
    try {
      next = this.game.apply(this.state, a.action as never);
    } catch (e) {
      this.broken = `stored action ${a.seq} is refused by the engine (${(e as Error).message})`;
      return;
    }
    if (stateHash(next) !== a.stateHash) {
      this.broken = `the state after stored action ${a.seq} does not match its stored hash`;
      return;
    }
    this.commit(a.action, next);
  }

  private commit(action: Record<string, unknown>, next: unknown): void {
    const before = this.state;
    this.log.push(this.game.describeAction(before, action as never), ...(this.game.describeEvents?.(before, action as never, next) ?? []));
    this.state = next;
    this.version += 1;
  }

  private changed(): void {
    if (this.broken) this.deps.log(`rules-server: match ${this.id} stopped: ${this.broken}`);
    this.broadcast();
    this.scheduleBots();
  }

  /** Lets a bot act for the first active bot seat, when the process's bot queue comes to this match. */
  scheduleBots(): void {
    if (this.botBusy || this.closed || this.broken || this.terminal) return;
    if (this.nextBotSeat() === undefined) return;
    this.botBusy = true;
    this.deps.botQueue.request(this);
  }

  private nextBotSeat(): PlayerId | undefined {
    return this.game.activePlayers(this.state).find((p) => this.seats[p]?.kind === "bot");
  }

  /** One decision of the first active bot seat (called by the bot queue), then the next is asked for. */
  async runBot(): Promise<void> {
    try {
      await this.decide();
    } catch (e) {
      this.deps.log(`rules-server: match ${this.id}: a bot decision failed: ${String(e)}`);
    } finally {
      this.botBusy = false;
      this.scheduleBots();
    }
  }

  private async decide(): Promise<void> {
    const seat = this.nextBotSeat();
    if (seat === undefined || this.closed || this.broken) return;
    const version = this.version;
    const factory = this.deps.bots[seat];
    let action: Record<string, unknown>;
    try {
      // The bot's own seed: a function of the match's secret seed, the seat and the version, so a
      // bot seat plays the same move whichever process runs it.
      const bot = factory!(this.game, `${this.seed}/bot/${seat}/${version}`);
      action = bot.act(this.state, seat, this.game.legalActions(this.state, seat));
    } catch (e) {
      this.deps.log(`rules-server: match ${this.id}: the bot of seat ${seat} failed: ${String(e)}`);
      return;
    }
    const result = await this.submit(action, version);
    if (!result.ok && result.code !== "STALE") this.deps.log(`rules-server: match ${this.id}: the bot of seat ${seat} was refused: ${result.message}`);
  }
}
