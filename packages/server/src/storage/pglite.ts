// Embedded PostgreSQL (PGlite: PostgreSQL compiled to WebAssembly, run in this process): the
// default storage, nothing to install. One process owns its data directory.
import { PGlite } from "@electric-sql/pglite";
import { sqlStorage, type Query } from "./sql.js";
import type { Storage } from "./types.js";

/**
 * Storage in an embedded PostgreSQL database kept in `dataDir` (created when missing), or in
 * memory when `dataDir` is undefined. Only one process may open a data directory at a time; for
 * several processes use {@link createPostgresStorage}.
 *
 * @example
 * ```ts
 * import { createPgliteStorage } from "@rules/server";
 *
 * const storage = createPgliteStorage("./rules-data");
 * ```
 */
export function createPgliteStorage(dataDir?: string): Storage {
  let opened: Promise<PGlite> | undefined;
  const db = () => (opened ??= PGlite.create(dataDir));
  return sqlStorage({
    query: async (sql, params) => (await db()).query(sql, params),
    transaction: async (fn) => (await db()).transaction((tx) => fn(((sql: string, params?: unknown[]) => tx.query(sql, params)) as Query)),
    listen: async (channel, onPayload) => {
      await (await db()).listen(channel, onPayload);
    },
    close: async () => {
      if (opened) await (await opened).close();
    },
  });
}
