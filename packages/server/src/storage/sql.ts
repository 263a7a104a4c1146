// The storage of both PostgreSQL backends (embedded PGlite and a PostgreSQL server): the same SQL,
// over a small adapter. Ordering is the database's: an action is appended by an UPDATE that
// checks the match's version column, so of two processes appending against the same version the
// row lock lets one through and the other finds the version moved (0 rows) and is told so.
// Fan-out is LISTEN/NOTIFY: the NOTIFY is sent inside the appending transaction, so every
// listener hears of an action only once it is committed.
import type { MatchRecord, MatchSummary, SeatRecord, Storage, StorageEvent, StoredAction } from "./types.js";

/** A query function: PGlite's and node-postgres' `query` both have this shape. */
export type Query = (sql: string, params?: unknown[]) => Promise<{ rows: any[] }>;

/** What a SQL backend must offer the shared storage. */
export interface SqlDb {
  query: Query;
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = "rules_server_events";
/** Any fixed number: serialises `init` across processes that start at once. */
const SCHEMA_LOCK = 727_274_031;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS rules_matches (
    id text PRIMARY KEY,
    game text NOT NULL,
    rules_version integer NOT NULL,
    options json NOT NULL,
    seed text NOT NULL,
    version integer NOT NULL,
    state_hash text NOT NULL,
    status text NOT NULL,
    spectators boolean NOT NULL,
    created_at text NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS rules_matches_status ON rules_matches (status, created_at)`,
  `CREATE TABLE IF NOT EXISTS rules_seats (
    match_id text NOT NULL REFERENCES rules_matches (id) ON DELETE CASCADE,
    seat integer NOT NULL,
    kind text NOT NULL,
    bot text,
    name text,
    token_hash text,
    PRIMARY KEY (match_id, seat))`,
  `CREATE TABLE IF NOT EXISTS rules_actions (
    match_id text NOT NULL REFERENCES rules_matches (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    action json NOT NULL,
    state_hash text NOT NULL,
    PRIMARY KEY (match_id, seq))`,
];

function seatFromRow(r: any): SeatRecord {
  return { seat: r.seat, kind: r.kind, bot: r.bot ?? null, name: r.name ?? null, tokenHash: r.token_hash ?? null };
}

function parseEvent(payload: string): StorageEvent | undefined {
  try {
    const e = JSON.parse(payload) as { k?: unknown; m?: unknown; v?: unknown; s?: unknown };
    if (typeof e.m !== "string") return undefined;
    if (e.k === "a" && typeof e.v === "number") return { kind: "action", match: e.m, version: e.v };
    if (e.k === "s" && typeof e.s === "number") return { kind: "seat", match: e.m, seat: e.s };
  } catch {
    // Not ours: another program on the same channel.
  }
  return undefined;
}

/** The storage over a SQL backend; see {@link Storage}. */
export function sqlStorage(db: SqlDb): Storage {
  const listeners: Array<(e: StorageEvent) => void> = [];
  let listening = false;
  const notify = (q: Query, payload: object) => q("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(payload)]);

  return {
    async init() {
      await db.transaction(async (q) => {
        await q("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
        for (const statement of SCHEMA) await q(statement);
      });
    },

    async createMatch(m) {
      await db.transaction(async (q) => {
        await q(
          `INSERT INTO rules_matches (id, game, rules_version, options, seed, version, state_hash, status, spectators, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [m.id, m.game, m.rulesVersion, JSON.stringify(m.options), m.seed, m.version, m.stateHash, m.status, m.spectators, m.createdAt],
        );
        for (const s of m.seats) {
          await q("INSERT INTO rules_seats (match_id, seat, kind, bot, name, token_hash) VALUES ($1, $2, $3, $4, $5, $6)", [m.id, s.seat, s.kind, s.bot, s.name, s.tokenHash]);
        }
      });
    },

    async loadMatch(id) {
      const { rows } = await db.query("SELECT * FROM rules_matches WHERE id = $1", [id]);
      const r = rows[0];
      if (!r) return undefined;
      const seats = await db.query("SELECT * FROM rules_seats WHERE match_id = $1 ORDER BY seat", [id]);
      const record: MatchRecord = {
        id: r.id,
        game: r.game,
        rulesVersion: r.rules_version,
        options: r.options,
        seed: r.seed,
        version: r.version,
        stateHash: r.state_hash,
        status: r.status,
        spectators: r.spectators,
        createdAt: r.created_at,
        seats: seats.rows.map(seatFromRow),
      };
      return record;
    },

    async listMatches({ open, limit }) {
      const { rows } = await db.query(
        `SELECT m.id, m.game, m.options, m.status, m.version, m.created_at FROM rules_matches m
         WHERE m.status = 'playing'
           AND ($1::boolean = false OR EXISTS (SELECT 1 FROM rules_seats s WHERE s.match_id = m.id AND s.kind = 'human' AND s.token_hash IS NULL))
         ORDER BY m.created_at DESC, m.id LIMIT $2`,
        [open, limit],
      );
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id as string);
      const seats = await db.query("SELECT * FROM rules_seats WHERE match_id = ANY($1::text[]) ORDER BY match_id, seat", [ids]);
      return rows.map(
        (r): MatchSummary => ({
          id: r.id,
          game: r.game,
          options: r.options,
          status: r.status,
          version: r.version,
          createdAt: r.created_at,
          seats: seats.rows
            .filter((s) => s.match_id === r.id)
            .map((s) => ({ seat: s.seat, kind: s.kind, bot: s.bot ?? null, name: s.name ?? null, taken: s.kind === "bot" || s.token_hash !== null })),
        }),
      );
    },

    async playingMatchIds() {
      const { rows } = await db.query("SELECT id FROM rules_matches WHERE status = 'playing' ORDER BY created_at, id");
      return rows.map((r) => r.id as string);
    },

    async actionsSince(match, version) {
      const { rows } = await db.query("SELECT seq, action, state_hash FROM rules_actions WHERE match_id = $1 AND seq > $2 ORDER BY seq", [match, version]);
      return rows.map((r): StoredAction => ({ seq: r.seq, action: r.action, stateHash: r.state_hash }));
    },

    async appendAction(match, version, entry, finished) {
      // One statement, so one round trip and its own transaction: the version check, the action
      // row and the NOTIFY (sent at commit) stand or fall together.
      const { rows } = await db.query(
        `WITH moved AS (
           UPDATE rules_matches SET version = version + 1, state_hash = $3, status = $4
           WHERE id = $1 AND version = $2 AND status = 'playing' RETURNING id),
         added AS (
           INSERT INTO rules_actions (match_id, seq, action, state_hash) SELECT id, $5, $6::json, $3 FROM moved RETURNING seq)
         SELECT pg_notify($7, $8) FROM added`,
        [match, version, entry.stateHash, finished ? "finished" : "playing", entry.seq, JSON.stringify(entry.action), CHANNEL, JSON.stringify({ k: "a", m: match, v: entry.seq })],
      );
      return rows.length === 1;
    },

    async claimSeat(match, seat, tokenHash, name) {
      return db.transaction(async (q) => {
        const { rows } = await q(
          "UPDATE rules_seats SET token_hash = $3, name = $4 WHERE match_id = $1 AND seat = $2 AND kind = 'human' AND token_hash IS NULL RETURNING seat",
          [match, seat, tokenHash, name],
        );
        if (rows.length === 0) return false;
        await notify(q, { k: "s", m: match, s: seat });
        return true;
      });
    },

    async releaseSeat(match, seat, tokenHash) {
      return db.transaction(async (q) => {
        const { rows } = await q("UPDATE rules_seats SET token_hash = NULL, name = NULL WHERE match_id = $1 AND seat = $2 AND token_hash = $3 RETURNING seat", [match, seat, tokenHash]);
        if (rows.length === 0) return false;
        await notify(q, { k: "s", m: match, s: seat });
        return true;
      });
    },

    async seatOfToken(match, tokenHash) {
      const { rows } = await db.query("SELECT seat FROM rules_seats WHERE match_id = $1 AND token_hash = $2", [match, tokenHash]);
      return rows[0]?.seat as number | undefined;
    },

    async subscribe(listener) {
      listeners.push(listener);
      if (listening) return;
      listening = true;
      await db.listen(CHANNEL, (payload) => {
        const e = parseEvent(payload);
        if (e) for (const l of listeners) l(e);
      });
    },

    close: () => db.close(),
  };
}
