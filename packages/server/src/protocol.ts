// What clients may send, as zod schemas, and what the server sends back. A message is measured
// (bytes, depth, values) before it is parsed, and parsed before anything else reads it.
import * as z from "zod";

const id = z.string().min(1).max(64);

/**
 * The messages a WebSocket client sends (docs/server/protocol.md).
 *
 * @example
 * ```ts
 * import { ClientMessageSchema } from "@rules/server";
 *
 * console.log(ClientMessageSchema.safeParse({ type: "auth", match: "m1", token: "t" }).success); // true
 * console.log(ClientMessageSchema.safeParse({ type: "auth", match: 5 }).success); // false
 * ```
 */
export const ClientMessageSchema = z.discriminatedUnion("type", [
  /** Sit at a seat: the token `join` returned. The first message of a player's socket. */
  z.strictObject({ type: z.literal("auth"), match: id, token: z.string().min(1).max(128) }),
  /** Watch a match as a spectator (no token; only public information). */
  z.strictObject({ type: z.literal("spectate"), match: id }),
  /**
   * An action for the engine. `id` is echoed in the answer; `version`, when given, is the
   * version the client saw: the action is refused (`STALE`) if the match has moved on since.
   */
  z.strictObject({
    type: z.literal("action"),
    action: z.looseObject({ type: z.string().min(1).max(64), player: z.number().int().min(0).max(63) }),
    id: z.union([z.string().max(64), z.number().int()]).optional(),
    version: z.number().int().nonnegative().optional(),
  }),
  /** Ask for the current update again. */
  z.strictObject({ type: z.literal("sync") }),
]);
/**
 * A message a client sends: `auth`, `spectate`, `action` or `sync`.
 *
 * @example
 * ```ts
 * import type { ClientMessage } from "@rules/server";
 *
 * const move: ClientMessage = { type: "action", action: { type: "playLoad", player: 0, value: 7 }, id: 1 };
 * console.log(JSON.stringify(move).length > 0); // true
 * ```
 */
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/**
 * Body of `POST /matches` (and of `server.createMatch`).
 *
 * @example
 * ```ts
 * import { CreateMatchSchema } from "@rules/server";
 *
 * const body = { game: "donkey-valley", seats: [{}, {}, { bot: "random" }] };
 * console.log(CreateMatchSchema.safeParse(body).success); // true
 * ```
 */
export const CreateMatchSchema = z.strictObject({
  game: z.string().min(1).max(64),
  /** The game's options (`players` may be left out when `seats` is given). */
  options: z.record(z.string(), z.unknown()).optional(),
  /** One entry per seat: `{}` for a player, `{ bot: "random" }` for a bot the server plays. */
  seats: z.array(z.strictObject({ bot: z.string().min(1).max(64).optional() })).min(1).max(64).optional(),
  /** Whether anyone may watch (default true). */
  spectators: z.boolean().optional(),
});
/**
 * A match to create: the game, its options, one entry per seat (`{}` a player, `{ bot }` a bot).
 *
 * @example
 * ```ts
 * import type { CreateMatch } from "@rules/server";
 *
 * const aos: CreateMatch = { game: "age-of-steam-exp", options: { map: "orient-express" }, seats: [{}, {}, { bot: "thrifty" }, { bot: "thrifty" }] };
 * console.log(aos.seats?.length); // 4
 * ```
 */
export type CreateMatch = z.infer<typeof CreateMatchSchema>;

/** Body of `POST /matches/:id/join`: a seat (the first open one when left out) and a name. */
export const JoinSchema = z.strictObject({ seat: z.number().int().min(0).max(63).optional(), name: z.string().min(1).max(40).optional() });

/** Body of `POST /matches/:id/leave`. */
export const LeaveSchema = z.strictObject({ token: z.string().min(1).max(128) });

/**
 * Error codes of the server besides the engine's `RulesError` codes.
 *
 * @example
 * ```ts
 * import type { ServerErrorCode } from "@rules/server";
 *
 * const retry: ServerErrorCode[] = ["STALE", "RATE_LIMITED", "UNAVAILABLE"];
 * console.log(retry.includes("STALE")); // true
 * ```
 */
export type ServerErrorCode =
  | "BAD_MESSAGE"
  | "RATE_LIMITED"
  | "UNAUTHORIZED"
  | "NO_MATCH"
  | "NOT_YOUR_SEAT"
  | "STALE"
  | "NO_SPECTATORS"
  | "REPLACED"
  | "SEAT_LEFT"
  | "UNAVAILABLE";

/**
 * A seat as every client sees it.
 *
 * @example
 * ```ts
 * import type { PublicSeat } from "@rules/server";
 *
 * const seat: PublicSeat = { seat: 2, kind: "bot", bot: "random", name: null, taken: true };
 * console.log(seat.kind); // "bot"
 * ```
 */
export interface PublicSeat {
  seat: number;
  kind: "human" | "bot";
  bot: string | null;
  name: string | null;
  taken: boolean;
}

/**
 * The messages the server sends.
 *
 * @example
 * ```ts
 * import type { ServerMessage } from "@rules/server";
 *
 * function onMessage(m: ServerMessage): string {
 *   return m.type === "update" ? `version ${m.version}, ${m.legal.length} legal actions` : m.type;
 * }
 * console.log(onMessage({ type: "ack", id: 1, version: 4 })); // "ack"
 * ```
 */
export type ServerMessage =
  | { type: "welcome"; match: string; game: string; seat: number | null; players: number; seats: PublicSeat[] }
  | {
      type: "update";
      match: string;
      /** Actions accepted so far. */
      version: number;
      /** `playerView` for the socket's seat, or the spectator view. */
      view: unknown;
      /** The seat's own legal actions now (empty for a spectator or a seat not to act). */
      legal: unknown[];
      /** Seats that may act now. */
      active: number[];
      /** Lines of the public log from line `logFrom` on (the first update has them all). */
      logFrom: number;
      log: string[];
      terminal: boolean;
      outcome: unknown;
    }
  | { type: "ack"; id: string | number | null; version: number }
  | { type: "refused"; id: string | number | null; code: string; message: string }
  | { type: "seats"; seats: PublicSeat[] }
  | { type: "error"; code: ServerErrorCode; message: string };
