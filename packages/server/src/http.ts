// The HTTP JSON API: games, matches, join, leave and a spectator's snapshot. Every body is
// bounded, measured and parsed before use; every answer is JSON.
import type { IncomingMessage, ServerResponse } from "node:http";
import { describeZodError } from "@rules/core";
import type * as z from "zod";
import type { ServedGame } from "./games.js";
import { ApiError, type Hub } from "./hub.js";
import { tokenBucket, type ServerLimits } from "./limits.js";
import type { Match } from "./match.js";
import { jsonShapeProblem } from "./measure.js";
import { CreateMatchSchema, JoinSchema, LeaveSchema } from "./protocol.js";

export interface HttpDeps {
  hub: Hub;
  games: Record<string, ServedGame>;
  limits: ServerLimits;
  now: () => number;
  cors: string | false;
  allowCreate: boolean;
  log: (line: string) => void;
}

function summary(m: Match) {
  return { id: m.id, game: m.game.id, players: m.players, version: m.version, terminal: m.terminal, spectators: m.spectators, seats: m.publicSeats() };
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Read no more of it: the answer goes out, then the connection is closed (see `send`).
        req.pause();
        req.removeAllListeners("data");
        reject(new ApiError(413, "BAD_MESSAGE", `The body is larger than ${limit} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function parseBody<T>(req: IncomingMessage, schema: z.ZodType<T>, limits: ServerLimits): Promise<T> {
  const text = await readBody(req, limits.bodyBytes);
  const shape = jsonShapeProblem(text, { depth: limits.messageDepth, nodes: limits.messageNodes });
  if (shape) throw new ApiError(400, "BAD_MESSAGE", `The body is refused: ${shape}.`);
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "BAD_MESSAGE", "The body is not JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, "BAD_MESSAGE", `The body is refused: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** The request handler of the HTTP API (WebSocket upgrades are handled apart). */
export function httpHandler(deps: HttpDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { hub, limits } = deps;
  const buckets = new Map<string, { take(): boolean }>();

  function send(res: ServerResponse, status: number, body: unknown): void {
    if (res.headersSent) return;
    const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
    if (deps.cors) {
      headers["access-control-allow-origin"] = deps.cors;
      headers["access-control-allow-methods"] = "GET, POST, OPTIONS";
      headers["access-control-allow-headers"] = "content-type";
    }
    if (status === 413) {
      headers.connection = "close";
      res.once("finish", () => res.req.destroy());
    }
    res.writeHead(status, headers).end(JSON.stringify(body));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const parts = url.pathname.split("/").filter((p) => p !== "");
    const method = req.method ?? "GET";
    if (method === "OPTIONS") return send(res, 204, null);
    if (method === "GET" && url.pathname === "/health") return send(res, 200, { ok: true });
    if (method === "GET" && url.pathname === "/games") {
      return send(res, 200, {
        games: Object.values(deps.games).map((g) => ({
          id: g.game.id,
          name: g.game.name,
          minPlayers: g.game.minPlayers,
          maxPlayers: g.game.maxPlayers,
          rulesVersion: g.game.rulesVersion,
          bots: ["random", ...Object.keys(g.bots ?? {}), "mcts"],
        })),
      });
    }
    if (parts[0] !== "matches") throw new ApiError(404, "NOT_FOUND", "No such route: see docs/server/protocol.md.");
    if (parts.length === 1) {
      if (method === "GET") {
        const open = url.searchParams.get("open") !== "false";
        return send(res, 200, { matches: await hub.storage.listMatches({ open, limit: limits.listMatches }) });
      }
      if (method === "POST") {
        if (!deps.allowCreate) throw new ApiError(403, "FORBIDDEN", "This server does not let clients create matches.");
        const m = await hub.create(await parseBody(req, CreateMatchSchema, limits));
        return send(res, 201, summary(m));
      }
    }
    const id = parts[1]!;
    if (id.length > 64) throw new ApiError(404, "NO_MATCH", "No such match.");
    if (parts.length === 2 && method === "GET") {
      const m = await hub.get(id);
      if (!m) throw new ApiError(404, "NO_MATCH", "No such match.");
      return send(res, 200, summary(m));
    }
    if (parts.length === 3 && method === "POST" && parts[2] === "join") {
      const body = await parseBody(req, JoinSchema, limits);
      return send(res, 200, await hub.join(id, body.seat, body.name));
    }
    if (parts.length === 3 && method === "POST" && parts[2] === "leave") {
      const body = await parseBody(req, LeaveSchema, limits);
      return send(res, 200, await hub.leave(id, body.token));
    }
    if (parts.length === 3 && method === "GET" && parts[2] === "spectate") {
      const m = await hub.get(id);
      if (!m) throw new ApiError(404, "NO_MATCH", "No such match.");
      if (!m.spectators) throw new ApiError(403, "NO_SPECTATORS", "This match has no spectators.");
      return send(res, 200, m.update({ seat: null, tokenHash: null, logSent: 0, send() {}, close() {} }));
    }
    throw new ApiError(404, "NOT_FOUND", "No such route: see docs/server/protocol.md.");
  }

  return (req, res) => {
    const address = req.socket.remoteAddress ?? "?";
    let bucket = buckets.get(address);
    if (!bucket) {
      if (buckets.size > 10_000) buckets.clear();
      bucket = tokenBucket(limits.requestsPerSecond, limits.requestBurst, deps.now);
      buckets.set(address, bucket);
    }
    if (!bucket.take()) {
      send(res, 429, { error: { code: "RATE_LIMITED", message: "Too many requests; slow down." } });
      return;
    }
    route(req, res).catch((e: unknown) => {
      if (e instanceof ApiError) return send(res, e.status, { error: { code: e.code, message: e.message } });
      deps.log(`rules-server: ${req.method} ${req.url?.slice(0, 200)} failed: ${(e as Error)?.stack ?? String(e)}`);
      send(res, 503, { error: { code: "UNAVAILABLE", message: "The server could not answer; try again." } });
    });
  };
}
