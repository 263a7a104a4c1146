// createServer: the HTTP API and the WebSocket endpoint over one set of matches and one storage.
import { createServer as createHttpServer, type Server } from "node:http";
import type { Game } from "@rules/core";
import { defaultGames, type ServedGame } from "./games.js";
import { httpHandler } from "./http.js";
import { Hub } from "./hub.js";
import { DEFAULT_LIMITS, type ServerLimits } from "./limits.js";
import { CreateMatchSchema, type CreateMatch, type PublicSeat } from "./protocol.js";
import { socketServer } from "./sockets.js";
import type { Storage } from "./storage/types.js";

/**
 * Options of {@link createServer}.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, createServer, type ServerOptions } from "@rules/server";
 *
 * const options: ServerOptions = { storage: createMemoryStorage(), limits: { socketsPerAddress: 16 }, cors: false };
 * const server = createServer(options);
 * await server.close();
 * ```
 */
export interface ServerOptions {
  /** Where matches, seats and actions are kept: {@link createPgliteStorage}, {@link createPostgresStorage} or {@link createMemoryStorage}. */
  storage: Storage;
  /** The games served, by id (default: the five games of the repository). A `Game` alone offers the `random` and `mcts` bots. */
  games?: Record<string, ServedGame | Game>;
  /** Bounds on clients (see {@link DEFAULT_LIMITS}). */
  limits?: Partial<ServerLimits>;
  /** `Access-Control-Allow-Origin` of the HTTP API (default `*`: tokens travel in bodies, never in cookies), or false for none. */
  cors?: string | false;
  /** Whether clients may create matches with `POST /matches` (default true). */
  allowCreate?: boolean;
  /** Where problems are reported (default `console.error`). */
  log?: (line: string) => void;
  /** The clock of rate limits and bot thinking time, in ms (default `performance.now`). */
  now?: () => number;
}

/**
 * A running (or ready to run) server; see {@link createServer}.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, createServer, type RulesServer } from "@rules/server";
 *
 * const server: RulesServer = createServer({ storage: createMemoryStorage() });
 * const { port } = await server.listen(0, "127.0.0.1");
 * console.log(port > 0, server.sockets()); // true 0
 * await server.close();
 * ```
 */
export interface RulesServer {
  /** The Node HTTP server (the WebSocket endpoint is its `/ws` upgrade). */
  readonly http: Server;
  /** Loads every match still being played, then listens (default port 8787, host 127.0.0.1). */
  listen(port?: number, host?: string): Promise<{ port: number; host: string; url: string }>;
  /** Brings every loaded match up to date with the storage (after a lost database connection). */
  resync(): Promise<void>;
  /** Creates a match as `POST /matches` does (also when `allowCreate` is false): for a site's own backend. */
  createMatch(request: CreateMatch): Promise<{ id: string; players: number; seats: PublicSeat[] }>;
  /** Joins a seat as `POST /matches/:id/join` does; the token is shown only here. */
  join(match: string, seat?: number, name?: string): Promise<{ seat: number; token: string }>;
  /** Open WebSockets. */
  sockets(): number;
  /** Stops listening, closes every socket and the storage. */
  close(): Promise<void>;
}

/**
 * An authoritative multiplayer server for the games: matches, seats with secret tokens, an
 * update per seat after every change (`playerView`, its legal actions, the log in words), bots
 * for bot seats, and every accepted action stored before it is acknowledged.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, createServer } from "@rules/server";
 *
 * const server = createServer({ storage: createMemoryStorage() });
 * const { url } = await server.listen(0);
 * console.log(url.startsWith("http://127.0.0.1:")); // true
 * await server.close();
 * ```
 */
export function createServer(options: ServerOptions): RulesServer {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...(options.limits ?? {}) };
  const games: Record<string, ServedGame> = {};
  for (const [id, g] of Object.entries(options.games ?? defaultGames)) games[id] = "game" in g ? g : { game: g };
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => performance.now());
  const hub = new Hub(games, options.storage, limits, now, log);
  const sockets = socketServer({ hub, limits, now, log });
  const http = createHttpServer(httpHandler({ hub, games, limits, now, log, cors: options.cors ?? "*", allowCreate: options.allowCreate ?? true }));
  http.on("upgrade", (req, socket, head) => sockets.upgrade(req, socket, head));
  http.on("clientError", (_e, socket) => socket.destroy());
  let started: Promise<void> | undefined;

  return {
    http,
    async listen(port = 8787, host = "127.0.0.1") {
      await (started ??= hub.start());
      await new Promise<void>((resolve, reject) => {
        http.once("error", reject);
        http.listen(port, host, () => {
          http.off("error", reject);
          resolve();
        });
      });
      const address = http.address();
      const actual = typeof address === "object" && address ? address.port : port;
      return { port: actual, host, url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}` };
    },
    async resync() {
      await Promise.all((await hub.all()).map((m) => m.catchUp()));
    },
    async createMatch(request) {
      const parsed = CreateMatchSchema.parse(request);
      await (started ??= hub.start());
      const m = await hub.create(parsed);
      return { id: m.id, players: m.players, seats: m.publicSeats() };
    },
    async join(match, seat, name) {
      await (started ??= hub.start());
      return hub.join(match, seat, name);
    },
    sockets: () => sockets.count(),
    async close() {
      await sockets.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await hub.close();
      await options.storage.close();
    },
  };
}
