// A PostgreSQL server through node-postgres: the storage for several processes serving the same
// matches. Queries go through a pool; LISTEN holds one connection of its own, opened again if it
// drops (the server then catches every loaded match up, see `onReconnect`).
import pg from "pg";
import { sqlStorage, type SqlDb } from "./sql.js";
import type { Storage } from "./types.js";

/**
 * Options of {@link createPostgresStorage}.
 *
 * @example
 * ```ts
 * import type { PostgresStorageOptions } from "@rules/server";
 *
 * const options: PostgresStorageOptions = { maxConnections: 5, log: (m) => console.warn(m) };
 * console.log(options.maxConnections); // 5
 * ```
 */
export interface PostgresStorageOptions {
  /** Most pooled connections of this process (default 10). */
  maxConnections?: number;
  /** Called when the LISTEN connection was lost and is back, so events may have been missed. */
  onReconnect?: () => void;
  /** Where connection problems are reported (default `console.error`). */
  log?: (message: string) => void;
}

/**
 * Storage in a PostgreSQL server, e.g. `createPostgresStorage(process.env.DATABASE_URL)`.
 * Several server processes may share one database: the database orders their moves and
 * LISTEN/NOTIFY tells each of them about the others'.
 *
 * @example
 * ```ts
 * import { createPostgresStorage } from "@rules/server";
 *
 * const storage = createPostgresStorage("postgres://rules@127.0.0.1:5432/rules");
 * ```
 */
export function createPostgresStorage(connectionString: string, options: PostgresStorageOptions = {}): Storage {
  const log = options.log ?? ((m: string) => console.error(m));
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 10 });
  // An idle connection that breaks emits here; without a handler it would end the process.
  pool.on("error", (e) => log(`rules-server: a pooled PostgreSQL connection failed: ${e.message}`));
  let listener: pg.Client | undefined;
  let closed = false;

  async function listen(channel: string, onPayload: (payload: string) => void, reconnect: boolean): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    client.on("error", (e) => {
      log(`rules-server: the LISTEN connection failed: ${e.message}; reconnecting`);
      void client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void listen(channel, onPayload, true).catch((err: Error) => log(`rules-server: reconnecting failed: ${err.message}`)), 500);
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listener = client;
    if (reconnect) options.onReconnect?.();
  }

  const db: SqlDb = {
    query: (sql, params) => pool.query(sql, params as unknown[]),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn((sql, params) => client.query(sql, params as unknown[]));
        await client.query("COMMIT");
        return result;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listen(channel, onPayload, false),
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
  return sqlStorage(db);
}
