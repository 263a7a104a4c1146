import { isRulesError, type BaseAction, type Game } from "@rules/core";
import { BATCH_COMMANDS, batchCommand, type BatchContext, type EntryReply } from "./serve-batch.js";
import { BotError, checkBotRequest, thinkHere } from "./serve-bot.js";
import { errorReply, okReply, readRequest } from "./serve-io.js";
import type { BotThinker } from "./serve-think.js";
import { vectorFormat, vectors } from "./serve-vectors.js";

// `rules serve`: the engines for programs in any language, one JSON object per line each way.
// Requests: { "id": any, "cmd": ..., ...arguments }; replies: { "id", "ok": true, "result" } or
// { "id", "ok": false, "error": { "code", "message" } }. The protocol is in docs/serve.md.

/**
 * The error codes of a refused request besides the engines' own `RulesError` codes; `OVER_LIMIT`,
 * `BUSY` and `CANCELLED` are the `bot` request's (docs/serve.md, "Asking a bot for a move").
 */
export type ServeErrorCode = "BAD_REQUEST" | "UNKNOWN_GAME" | "UNKNOWN_SESSION" | "NOT_SUPPORTED" | "INTERNAL" | "OVER_LIMIT" | "BUSY" | "CANCELLED";

class ServeError extends Error {
  constructor(
    readonly code: ServeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface Session {
  game: Game;
  state: unknown;
}

/** At most this many sessions open at once (a client that never closes one is refused new ones). */
export const MAX_SESSIONS = 10_000;

/**
 * A protocol handler: feed it one request line, get one reply line (never throws). Without a
 * `think`, a `bot` request searches in the calling thread (bounded by BOT_LIMITS, but nothing
 * else is answered meanwhile); with one, its reply is a promise of the line, and the handler
 * answers other requests while the search runs (another `bot` request is refused as `BUSY`).
 */
export function createServer(games: Record<string, Game>): (line: string) => string;
export function createServer(games: Record<string, Game>, think: BotThinker): (line: string) => string | Promise<string>;
export function createServer(games: Record<string, Game>, think?: BotThinker): (line: string) => string | Promise<string> {
  const sessions = new Map<string, Session>();
  let next = 1;

  const session = (req: Record<string, unknown>): Session => {
    const id = req["session"];
    const s = typeof id === "string" ? sessions.get(id) : undefined;
    if (!s) throw new ServeError("UNKNOWN_SESSION", `no open session ${JSON.stringify(id ?? null)}`);
    return s;
  };
  const seat = (req: Record<string, unknown>, key: string, optional: boolean): number | null | undefined => {
    const v = req[key];
    if (v === undefined && optional) return undefined;
    if (v === null || (typeof v === "number" && Number.isSafeInteger(v))) return v;
    throw new ServeError("BAD_REQUEST", `"${key}" must be a seat number${optional ? " (or left out)" : " or null"}`);
  };
  const status = (s: Session) => ({
    terminal: s.game.isTerminal(s.state),
    activePlayers: s.game.activePlayers(s.state),
  });

  const handle = (req: Record<string, unknown>): unknown => {
    switch (req["cmd"]) {
      case "games":
        return Object.values(games).map((g) => ({ id: g.id, name: g.name, minPlayers: g.minPlayers, maxPlayers: g.maxPlayers, rulesVersion: g.rulesVersion, encoding: g.encoding !== undefined }));
      case "new": {
        const id = req["game"];
        const game = typeof id === "string" && Object.hasOwn(games, id) ? games[id]! : undefined;
        if (!game) throw new ServeError("UNKNOWN_GAME", `unknown game ${JSON.stringify(id ?? null)}; known: ${Object.keys(games).join(", ")}`);
        if (sessions.size >= MAX_SESSIONS) throw new ServeError("BAD_REQUEST", `too many open sessions (${MAX_SESSIONS}); close some`);
        const seed = req["seed"] ?? 1;
        const state = game.initialState(seed as never, (req["options"] ?? {}) as never);
        const name = `s${next++}`;
        const s = { game, state };
        sessions.set(name, s);
        return { session: name, ...status(s) };
      }
      case "legal": {
        const s = session(req);
        const p = seat(req, "player", true);
        return { actions: p === undefined || p === null ? s.game.legalActions(s.state) : s.game.legalActions(s.state, p) };
      }
      case "apply": {
        const s = session(req);
        const before = s.state;
        s.state = s.game.apply(s.state, req["action"] as BaseAction);
        return { ...status(s), events: s.game.describeEvents?.(before, req["action"] as BaseAction, s.state) ?? [] };
      }
      case "view": {
        const s = session(req);
        return { view: s.game.playerView(s.state, seat(req, "player", false)!) };
      }
      case "state":
        return { state: session(req).state };
      case "load": {
        const s = session(req);
        s.state = s.game.loadState(req["state"]);
        return status(s);
      }
      case "outcome": {
        const s = session(req);
        return { outcome: s.game.outcome(s.state) ?? null, ...status(s) };
      }
      case "scores": {
        const s = session(req);
        if (!s.game.scores) throw new ServeError("NOT_SUPPORTED", `${s.game.name} has no scores`);
        return { scores: s.game.scores(s.state), ...status(s) };
      }
      case "describe": {
        const s = session(req);
        return { text: s.game.describeAction(s.state, req["action"] as BaseAction) };
      }
      case "encode": {
        const s = session(req);
        const e = s.game.encoding;
        if (!e) throw new ServeError("NOT_SUPPORTED", `${s.game.name} has no numeric encoding`);
        const p = seat(req, "player", false);
        if (p === null) throw new ServeError("BAD_REQUEST", `"player" must be a seat`);
        const format = vectorFormat(req["format"]);
        if (!format) throw new ServeError("BAD_REQUEST", `"format" must be "json", "base64" or "sparse" (or left out)`);
        return {
          ...vectors(e.encodeObservation(s.state, p!), e.legalActionMask(s.state, p!), format),
          actionCount: e.actionCount(s.state),
          observationSize: e.observationSize(s.state),
        };
      }
      case "decode": {
        const s = session(req);
        const e = s.game.encoding;
        if (!e) throw new ServeError("NOT_SUPPORTED", `${s.game.name} has no numeric encoding`);
        const p = seat(req, "player", false);
        const index = req["index"];
        if (p === null || typeof index !== "number") throw new ServeError("BAD_REQUEST", `"player" must be a seat and "index" a number`);
        return { action: e.decodeAction(s.state, p!, index) };
      }
      case "bot": {
        const s = session(req);
        const p = seat(req, "player", false);
        if (p === null) throw new ServeError("BAD_REQUEST", `"player" must be a seat`);
        const checked = checkBotRequest(s.game, s.state, p!, req["bot"], req["seed"]);
        if (!think) return thinkHere(s.game, checked);
        if (think.busy) throw new ServeError("BUSY", "a bot is already thinking for this server (one search at a time): ask again once its reply has come");
        return think.think(checked);
      }
      case "close":
        return { closed: sessions.delete(String(req["session"])) };
      default:
        if (BATCH_COMMANDS.includes(req["cmd"] as never)) return batchCommand(req, batch);
        throw new ServeError("BAD_REQUEST", `unknown cmd ${JSON.stringify(req["cmd"] ?? null)}; commands: games, new, legal, apply, view, state, load, outcome, scores, describe, encode, decode, bot, close, ${BATCH_COMMANDS.join(", ")}`);
    }
  };

  const codeOf = (e: unknown): string => (isRulesError(e) || e instanceof ServeError || e instanceof BotError ? e.code : e instanceof RangeError ? "BAD_REQUEST" : "INTERNAL");
  const refusal = (id: unknown, e: unknown): string => errorReply(id, codeOf(e), e instanceof Error ? e.message : String(e));
  // A batch never holds a `bot` entry (serve-batch.ts refuses it), so every entry is answered here and now.
  const answer = (body: Record<string, unknown>): EntryReply => {
    try {
      return { ok: true, result: handle(body) };
    } catch (e) {
      return { ok: false, error: { code: codeOf(e), message: e instanceof Error ? e.message : String(e) } };
    }
  };
  const batch: BatchContext = {
    session,
    answer,
    fail: (code, message) => {
      throw new ServeError(code, message);
    },
  };

  return (line: string): string | Promise<string> => {
    const request = readRequest(line);
    if (!request.ok) return errorReply(request.id, "BAD_REQUEST", request.problem);
    try {
      const result = handle(request.body);
      if (result instanceof Promise) return result.then((r) => okReply(request.id, r), (e: unknown) => refusal(request.id, e));
      return okReply(request.id, result);
    } catch (e) {
      return refusal(request.id, e);
    }
  };
}
