// Every bound the server keeps on what clients send and hold. docs/server/protocol.md lists them.

/**
 * The bounds of {@link createServer}; every one can be changed through its `limits` option.
 *
 * @example
 * ```ts
 * import type { ServerLimits } from "@rules/server";
 *
 * const strict: Partial<ServerLimits> = { messagesPerSecond: 5, socketsPerAddress: 8 };
 * console.log(strict.messagesPerSecond); // 5
 * ```
 */
export interface ServerLimits {
  /** Largest WebSocket message, in bytes; a larger one closes the socket (code 1009). */
  messageBytes: number;
  /** Deepest nesting of objects and arrays in one message. */
  messageDepth: number;
  /** Most values (objects, arrays, numbers, strings) in one message. */
  messageNodes: number;
  /** Messages a socket may send per second on average ... */
  messagesPerSecond: number;
  /** ... and in one burst. A message over the rate is refused (`RATE_LIMITED`), not queued. */
  messageBurst: number;
  /** Refusals (bad or over-rate messages) a socket may collect before it is closed (code 1008). */
  refusalsBeforeClose: number;
  /** Open WebSockets of the whole process; more are refused at the upgrade (HTTP 503). */
  sockets: number;
  /** Open WebSockets from one remote address. */
  socketsPerAddress: number;
  /** Time a new socket has to authenticate (or spectate) before it is closed. */
  authTimeoutMs: number;
  /** Largest HTTP request body, in bytes (413 beyond). */
  bodyBytes: number;
  /** HTTP requests one remote address may make per second on average (429 beyond) ... */
  requestsPerSecond: number;
  /** ... and in one burst. */
  requestBurst: number;
  /** Matches a list request returns at most. */
  listMatches: number;
  /** Most seats of one match. */
  seats: number;
  /** Default thinking time of a bot seat per decision (`mcts`). */
  botMs: number;
  /** Longest thinking time a bot seat may be given (`mcts:<ms>ms`). */
  maxBotMs: number;
}

/**
 * The defaults of {@link ServerLimits}.
 *
 * @example
 * ```ts
 * import { DEFAULT_LIMITS } from "@rules/server";
 *
 * console.log(DEFAULT_LIMITS.messageBytes, DEFAULT_LIMITS.messagesPerSecond); // 16384 20
 * ```
 */
export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  messageBytes: 16_384,
  messageDepth: 16,
  messageNodes: 4_000,
  messagesPerSecond: 20,
  messageBurst: 40,
  refusalsBeforeClose: 100,
  sockets: 10_000,
  socketsPerAddress: 256,
  authTimeoutMs: 10_000,
  bodyBytes: 16_384,
  requestsPerSecond: 20,
  requestBurst: 60,
  listMatches: 100,
  seats: 16,
  botMs: 100,
  maxBotMs: 1_000,
});

/** A token bucket: `take()` is false once the rate and burst are spent. */
export function tokenBucket(perSecond: number, burst: number, now: () => number): { take(): boolean } {
  let tokens = burst;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
