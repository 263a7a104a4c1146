// The one interface every storage backend keeps. The server never holds a fact only in memory:
// a match, its seats (as token hashes) and every accepted action are written here before anyone
// is told, and a restarted process rebuilds every match from what is stored.

/**
 * A seat as stored: who may sit there and the hash of the token of whoever sits there now.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, type SeatRecord } from "@rules/server";
 *
 * const open: SeatRecord = { seat: 0, kind: "human", bot: null, name: null, tokenHash: null };
 * console.log(open.tokenHash === null, typeof createMemoryStorage); // true "function"
 * ```
 */
export interface SeatRecord {
  seat: number;
  /** `human` seats are joined with a token; `bot` seats are played by the server. */
  kind: "human" | "bot";
  /** The bot's name for a bot seat (`random`, `mcts:100ms`, a game's own bot), else null. */
  bot: string | null;
  /** The name the player joined with, else null. */
  name: string | null;
  /** sha256 (hex) of the seat token; null while the seat is open. The token itself is never stored. */
  tokenHash: string | null;
}

/**
 * A match as stored. `seed` is secret: it never leaves the server.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, type MatchRecord } from "@rules/server";
 *
 * const storage = createMemoryStorage();
 * const match: MatchRecord = {
 *   id: "m1", game: "donkey-valley", rulesVersion: 1, options: { players: 3 }, seed: "secret", version: 0,
 *   stateHash: "h", status: "playing", spectators: true, createdAt: "2026-01-01T00:00:00Z", seats: [],
 * };
 * await storage.createMatch(match);
 * console.log((await storage.loadMatch("m1"))?.game); // "donkey-valley"
 * ```
 */
export interface MatchRecord {
  id: string;
  game: string;
  rulesVersion: number;
  options: Record<string, unknown>;
  seed: string;
  /** Accepted actions so far; the next accepted action is number `version + 1`. */
  version: number;
  /** `stateHash` of the state after `version` actions. */
  stateHash: string;
  status: "playing" | "finished";
  spectators: boolean;
  createdAt: string;
  seats: SeatRecord[];
}

/**
 * An accepted action as stored: its number (1, 2, ...), the action, and the state hash after it.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, type StoredAction } from "@rules/server";
 *
 * const first: StoredAction = { seq: 1, action: { type: "playLoad", player: 0, value: 7 }, stateHash: "h1" };
 * console.log(first.seq, typeof createMemoryStorage); // 1 "function"
 * ```
 */
export interface StoredAction {
  seq: number;
  action: Record<string, unknown>;
  stateHash: string;
}

/**
 * What a list of matches shows (no seed, no token hashes).
 *
 * @example
 * ```ts
 * import { createMemoryStorage, type MatchSummary } from "@rules/server";
 *
 * const storage = createMemoryStorage();
 * const open: MatchSummary[] = await storage.listMatches({ open: true, limit: 10 });
 * console.log(open); // []
 * ```
 */
export interface MatchSummary {
  id: string;
  game: string;
  options: Record<string, unknown>;
  status: "playing" | "finished";
  version: number;
  createdAt: string;
  seats: Array<{ seat: number; kind: "human" | "bot"; bot: string | null; name: string | null; taken: boolean }>;
}

/**
 * A change another process (or this one) made, as fanned out to every process.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, type StorageEvent } from "@rules/server";
 *
 * const storage = createMemoryStorage();
 * const seen: StorageEvent[] = [];
 * await storage.subscribe((e) => seen.push(e));
 * console.log(seen.length); // 0 until a match changes
 * ```
 */
export type StorageEvent = { kind: "action"; match: string; version: number } | { kind: "seat"; match: string; seat: number };

/**
 * Where matches live. Two implementations ship: {@link createPgliteStorage} (embedded PostgreSQL,
 * the default) and {@link createPostgresStorage} (a PostgreSQL server, for several processes);
 * {@link createMemoryStorage} keeps everything in memory (tests, demos: lost on exit).
 *
 * @example
 * ```ts
 * import { createMemoryStorage, type Storage } from "@rules/server";
 *
 * const storage: Storage = createMemoryStorage();
 * await storage.init();
 * console.log(await storage.playingMatchIds()); // []
 * ```
 */
export interface Storage {
  /** Creates the tables when missing. */
  init(): Promise<void>;
  createMatch(match: MatchRecord): Promise<void>;
  loadMatch(id: string): Promise<MatchRecord | undefined>;
  /** Matches not finished, newest first, at most `limit`; `open` keeps those with an open human seat. */
  listMatches(filter: { open: boolean; limit: number }): Promise<MatchSummary[]>;
  /** Ids of every match still being played (resumed when a process starts). */
  playingMatchIds(): Promise<string[]>;
  /** Accepted actions numbered above `version`, in order. */
  actionsSince(match: string, version: number): Promise<StoredAction[]>;
  /**
   * Appends action number `version + 1` if the match is still at `version` (the database orders
   * concurrent appends: of two against the same version exactly one succeeds). False when another
   * action got there first. Durable when it resolves to true.
   */
  appendAction(match: string, version: number, entry: StoredAction, finished: boolean): Promise<boolean>;
  /** Gives an open human seat to a token hash; false when the seat is taken or not a human seat. */
  claimSeat(match: string, seat: number, tokenHash: string, name: string | null): Promise<boolean>;
  /** Opens the seat again if `tokenHash` holds it; false otherwise. */
  releaseSeat(match: string, seat: number, tokenHash: string): Promise<boolean>;
  /** The seat a token hash holds in a match, if any. */
  seatOfToken(match: string, tokenHash: string): Promise<number | undefined>;
  /** Calls `listener` for every change made by any process sharing this storage (this one included). */
  subscribe(listener: (event: StorageEvent) => void): Promise<void>;
  close(): Promise<void>;
}
