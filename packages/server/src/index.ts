/**
 * An authoritative multiplayer server for the `@rules` engines: an HTTP JSON API to create,
 * list, join, leave and watch matches, a WebSocket per client that receives its seat's
 * `playerView`, its legal actions and the log in words after every change, bots for bot seats,
 * and storage in embedded PostgreSQL (PGlite) or a PostgreSQL server shared by several processes.
 * Node only. The guide: docs/guides/run-a-game-online.md; the protocol: docs/server/protocol.md.
 *
 * @packageDocumentation
 */
export { createServer, type RulesServer, type ServerOptions } from "./server.js";
export { defaultGames, type ServedGame } from "./games.js";
export { DEFAULT_LIMITS, type ServerLimits } from "./limits.js";
export { ClientMessageSchema, CreateMatchSchema, type ClientMessage, type CreateMatch, type PublicSeat, type ServerErrorCode, type ServerMessage } from "./protocol.js";
export { createMemoryStorage } from "./storage/memory.js";
export { createPgliteStorage } from "./storage/pglite.js";
export { createPostgresStorage, type PostgresStorageOptions } from "./storage/postgres.js";
export type { MatchRecord, MatchSummary, SeatRecord, Storage, StorageEvent, StoredAction } from "./storage/types.js";
