// The matches of one process: created, loaded from storage on first use (or at start), kept in
// step with other processes through the storage's events, joined and left.
import { createHash, randomBytes } from "node:crypto";
import { RulesError, randomBot, stateHash, type BotFactory, type Game } from "@rules/core";
import { BotQueue } from "./bots.js";
import { resolveBot, type ServedGame } from "./games.js";
import type { ServerLimits } from "./limits.js";
import { Match } from "./match.js";
import type { CreateMatch } from "./protocol.js";
import type { MatchRecord, SeatRecord, Storage, StorageEvent } from "./storage/types.js";

/** sha256 of a token, hex: what the storage keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A refusal of the HTTP API: status, code and a message for the developer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class Hub {
  private readonly loaded = new Map<string, Promise<Match | undefined>>();
  /** Every match's bot decisions, one per turn of the event loop. */
  private readonly botQueue = new BotQueue();

  constructor(
    private readonly games: Record<string, ServedGame>,
    readonly storage: Storage,
    private readonly limits: ServerLimits,
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {}

  /** Listens for other processes' changes and loads every match still being played. */
  async start(): Promise<void> {
    await this.storage.init();
    await this.storage.subscribe((e) => this.onEvent(e));
    for (const id of await this.storage.playingMatchIds()) {
      const m = await this.get(id);
      if (m?.broken) this.log(`rules-server: match ${id} not resumed: ${m.broken}`);
    }
  }

  /** Every loaded match (for catching up after a lost connection, and for closing). */
  async all(): Promise<Match[]> {
    const ms = await Promise.all(this.loaded.values());
    return ms.filter((m): m is Match => m !== undefined);
  }

  /** The match, loaded from storage when this process has not seen it yet. */
  get(id: string): Promise<Match | undefined> {
    let m = this.loaded.get(id);
    if (!m) {
      m = this.load(id);
      this.loaded.set(id, m);
      // A match that does not exist is not remembered (ids are unbounded).
      void m.then((x) => x ?? this.loaded.delete(id), () => this.loaded.delete(id));
    }
    return m;
  }

  private async load(id: string): Promise<Match | undefined> {
    const record = await this.storage.loadMatch(id);
    if (!record) return undefined;
    const served = this.games[record.game];
    if (!served) {
      this.log(`rules-server: match ${id} is a game of "${record.game}", which this server does not serve`);
      return undefined;
    }
    const actions = await this.storage.actionsSince(id, 0);
    const m = Match.restore(record, actions, served.game, { storage: this.storage, log: this.log, bots: this.botsOf(served, record.seats), botQueue: this.botQueue });
    if (!m.broken && record.rulesVersion !== served.game.rulesVersion) m.broken = `it was created under rules version ${record.rulesVersion}, and this engine is version ${served.game.rulesVersion}`;
    m.scheduleBots();
    return m;
  }

  private botsOf(served: ServedGame, seats: SeatRecord[]): Record<number, BotFactory> {
    const bots: Record<number, BotFactory> = {};
    for (const s of seats) {
      if (s.kind !== "bot") continue;
      const r = resolveBot(served, s.bot ?? served.defaultBot ?? "random", this.limits, this.now);
      if ("factory" in r) bots[s.seat] = r.factory;
      else {
        // A bot this server no longer offers (its limits changed): the seat plays at random.
        this.log(`rules-server: seat ${s.seat}: ${r.problem}; it plays at random`);
        bots[s.seat] = (_g, seed) => randomBot(seed);
      }
    }
    return bots;
  }

  private onEvent(e: StorageEvent): void {
    const pending = this.loaded.get(e.match);
    if (!pending) return;
    void pending.then(async (m) => {
      if (!m) return;
      if (e.kind === "action") {
        if (e.version > m.version) await m.catchUp();
      } else {
        const record = await this.storage.loadMatch(e.match);
        if (record) m.refreshSeats(record.seats);
      }
    }).catch((err: Error) => this.log(`rules-server: match ${e.match}: catching up failed: ${err.message}`));
  }

  /** `POST /matches`: checks the game, options and bots, stores the match and returns it. */
  async create(body: CreateMatch): Promise<Match> {
    const served = Object.hasOwn(this.games, body.game) ? this.games[body.game]! : undefined;
    if (!served) throw new ApiError(404, "NO_GAME", `No game "${body.game}" here: one of ${Object.keys(this.games).join(", ")}.`);
    const game: Game = served.game;
    const options: Record<string, unknown> = { ...(body.options ?? {}) };
    if (body.seats && options.players === undefined) options.players = body.seats.length;
    if (body.seats && options.players !== body.seats.length) throw new ApiError(400, "INVALID_OPTIONS", `options.players is ${String(options.players)} but ${body.seats.length} seats are given.`);
    const seed = randomBytes(16).toString("hex");
    let state: unknown;
    try {
      state = game.initialState(seed, options as never);
    } catch (e) {
      if (e instanceof RulesError) throw new ApiError(400, e.code, e.message);
      throw e;
    }
    const players = (state as { players: number }).players;
    if (players > this.limits.seats) throw new ApiError(400, "INVALID_OPTIONS", `At most ${this.limits.seats} seats.`);
    const seats: SeatRecord[] = [];
    for (let seat = 0; seat < players; seat++) {
      const bot = body.seats?.[seat]?.bot;
      if (bot !== undefined) {
        const r = resolveBot(served, bot, this.limits, this.now);
        if ("problem" in r) throw new ApiError(400, "INVALID_BOT", r.problem);
      }
      seats.push({ seat, kind: bot === undefined ? "human" : "bot", bot: bot ?? null, name: null, tokenHash: null });
    }
    const record: MatchRecord = {
      id: randomBytes(9).toString("base64url"),
      game: game.id,
      rulesVersion: game.rulesVersion,
      options,
      seed,
      version: 0,
      stateHash: stateHash(state),
      status: "playing",
      spectators: body.spectators ?? true,
      createdAt: new Date().toISOString(),
      seats,
    };
    await this.storage.createMatch(record);
    const m = await this.get(record.id);
    if (!m) throw new ApiError(500, "UNAVAILABLE", "The match was stored but could not be loaded.");
    return m;
  }

  /** `POST /matches/:id/join`: a new secret token for an open seat (the first open one by default). */
  async join(id: string, seat: number | undefined, name: string | undefined): Promise<{ seat: number; token: string }> {
    const m = await this.get(id);
    if (!m) throw new ApiError(404, "NO_MATCH", "No such match.");
    if (m.terminal) throw new ApiError(409, "GAME_OVER", "This match is over.");
    const candidates = seat === undefined ? m.seats.filter((s) => s.kind === "human" && s.tokenHash === null).map((s) => s.seat) : [seat];
    if (seat !== undefined && (seat >= m.players || m.seats[seat]?.kind !== "human")) throw new ApiError(400, "NO_SEAT", `Seat ${seat} is not a player's seat of this match.`);
    const token = randomBytes(32).toString("base64url");
    const hash = hashToken(token);
    for (const s of candidates) {
      if (await this.storage.claimSeat(id, s, hash, name ?? null)) {
        const record = await this.storage.loadMatch(id);
        if (record) m.refreshSeats(record.seats);
        return { seat: s, token };
      }
    }
    throw new ApiError(409, "SEAT_TAKEN", seat === undefined ? "No open seat left in this match." : `Seat ${seat} is taken.`);
  }

  /** `POST /matches/:id/leave`: the seat of this token opens again and the token stops working. */
  async leave(id: string, token: string): Promise<{ seat: number }> {
    const m = await this.get(id);
    if (!m) throw new ApiError(404, "NO_MATCH", "No such match.");
    const hash = hashToken(token);
    const seat = await this.storage.seatOfToken(id, hash);
    if (seat === undefined || !(await this.storage.releaseSeat(id, seat, hash))) throw new ApiError(403, "UNAUTHORIZED", "This token holds no seat of this match.");
    const record = await this.storage.loadMatch(id);
    if (record) m.refreshSeats(record.seats);
    return { seat };
  }

  /** The seat a token holds in a match (asking the storage when this process's copy does not know it). */
  async seatOf(m: Match, token: string): Promise<{ seat: number; hash: string } | undefined> {
    const hash = hashToken(token);
    let seat = m.seats.find((s) => s.tokenHash === hash)?.seat;
    if (seat === undefined) {
      seat = await this.storage.seatOfToken(m.id, hash);
      if (seat !== undefined) {
        const record = await this.storage.loadMatch(m.id);
        if (record) m.refreshSeats(record.seats);
      }
    }
    return seat === undefined ? undefined : { seat, hash };
  }

  async close(): Promise<void> {
    this.botQueue.close();
    for (const m of await this.all()) m.close();
    this.loaded.clear();
  }
}
