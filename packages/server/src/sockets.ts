// The WebSocket side: one socket per client. A socket authenticates with a seat token (or asks
// to spectate), then receives an update after every change and sends actions. Every message is
// rate-limited, measured and parsed before anything reads it.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { describeZodError } from "@rules/core";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import type { Hub } from "./hub.js";
import { tokenBucket, type ServerLimits } from "./limits.js";
import type { Client, Match } from "./match.js";
import { jsonShapeProblem } from "./measure.js";
import { ClientMessageSchema, type ClientMessage, type ServerErrorCode, type ServerMessage } from "./protocol.js";

/** A socket that buffers more than this (a client that does not read) is closed. */
const MAX_BUFFERED = 4 * 1024 * 1024;

export interface SocketDeps {
  hub: Hub;
  limits: ServerLimits;
  now: () => number;
  log: (line: string) => void;
}

export function socketServer(deps: SocketDeps): { upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void; close(): Promise<void>; count(): number } {
  const { hub, limits } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.messageBytes, perMessageDeflate: false });
  const perAddress = new Map<string, number>();
  let open = 0;

  function refuseUpgrade(socket: Duplex, status: string): void {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => socket.destroy());
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/ws") return refuseUpgrade(socket, "404 Not Found");
    const address = req.socket.remoteAddress ?? "?";
    const mine = perAddress.get(address) ?? 0;
    if (open >= limits.sockets || mine >= limits.socketsPerAddress) return refuseUpgrade(socket, "503 Service Unavailable");
    open++;
    perAddress.set(address, mine + 1);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once("close", () => {
        open--;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
      session(ws);
    });
  }

  function session(ws: WebSocket): void {
    let match: Match | undefined;
    let client: Client | undefined;
    let busy = false;
    let refusals = 0;
    const bucket = tokenBucket(limits.messagesPerSecond, limits.messageBurst, deps.now);
    const send = (m: ServerMessage) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED) {
        ws.close(1008, "not reading");
        return;
      }
      ws.send(JSON.stringify(m));
    };
    const refuse = (code: ServerErrorCode, message: string, close?: number) => {
      send({ type: "error", code, message });
      refusals++;
      if (close !== undefined) ws.close(close, code);
      else if (refusals > limits.refusalsBeforeClose) ws.close(1008, "too many refused messages");
    };
    const authTimer = setTimeout(() => {
      if (!client) refuse("UNAUTHORIZED", "No auth or spectate message in time.", 4001);
    }, limits.authTimeoutMs);
    ws.on("close", () => {
      clearTimeout(authTimer);
      if (client) match?.clients.delete(client);
    });
    ws.on("error", () => ws.terminate());

    function attach(m: Match, seat: number | null, tokenHash: string | null): void {
      if (seat !== null) {
        // A second socket with the same token replaces the first (docs/server/protocol.md).
        for (const c of m.clients) {
          if (c.tokenHash === tokenHash) {
            c.send({ type: "error", code: "REPLACED", message: "Another connection took this seat." });
            c.close(4000, "replaced");
            m.clients.delete(c);
          }
        }
      }
      clearTimeout(authTimer);
      match = m;
      client = { seat, tokenHash, logSent: 0, send, close: (code, reason) => ws.close(code, reason) };
      m.clients.add(client);
      send({ type: "welcome", match: m.id, game: m.game.id, seat, players: m.players, seats: m.publicSeats() });
      send(m.update(client));
    }

    async function handle(msg: ClientMessage): Promise<void> {
      switch (msg.type) {
        case "auth":
        case "spectate": {
          if (client) return refuse("BAD_MESSAGE", "This socket is already at a match; open another socket for another one.");
          const m = await hub.get(msg.match);
          if (!m) return refuse("NO_MATCH", "No such match.", 4004);
          if (msg.type === "spectate") {
            if (!m.spectators) return refuse("NO_SPECTATORS", "This match has no spectators.", 4003);
            return attach(m, null, null);
          }
          const held = await hub.seatOf(m, msg.token);
          if (!held) return refuse("UNAUTHORIZED", "This token holds no seat of this match.", 4001);
          return attach(m, held.seat, held.hash);
        }
        case "sync":
          if (!client || !match) return refuse("UNAUTHORIZED", "Send auth or spectate first.");
          return send(match.update(client));
        case "action": {
          const id = msg.id ?? null;
          if (!client || !match) return refuse("UNAUTHORIZED", "Send auth first.");
          if (client.seat === null) return refuse("NOT_YOUR_SEAT", "A spectator cannot act.");
          if (msg.action.player !== client.seat) return refuse("NOT_YOUR_SEAT", `This socket plays seat ${client.seat}; the action names seat ${msg.action.player}.`);
          const r = await match.submit(msg.action, msg.version);
          if (r.ok) send({ type: "ack", id, version: r.version });
          else {
            refusals++;
            send({ type: "refused", id, code: r.code, message: r.message });
          }
          return;
        }
      }
    }

    ws.on("message", (data: RawData, isBinary: boolean) => {
      if (!bucket.take()) return refuse("RATE_LIMITED", `More than ${limits.messagesPerSecond} messages a second; this one was dropped.`);
      if (isBinary) return refuse("BAD_MESSAGE", "Messages are JSON text.");
      const text = Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as ArrayBuffer).toString("utf8");
      const shape = jsonShapeProblem(text, { depth: limits.messageDepth, nodes: limits.messageNodes });
      if (shape) return refuse("BAD_MESSAGE", `The message is refused: ${shape}.`);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return refuse("BAD_MESSAGE", "The message is not JSON.");
      }
      const parsed = ClientMessageSchema.safeParse(value);
      if (!parsed.success) return refuse("BAD_MESSAGE", `The message is refused: ${describeZodError(parsed.error)}`);
      // Authentication is answered before the next message is read, so no action races it.
      if (busy && !client) return refuse("BAD_MESSAGE", "Wait for the answer to auth before sending more.");
      busy = true;
      handle(parsed.data)
        .catch((e: Error) => {
          deps.log(`rules-server: a socket message failed: ${e.stack ?? e.message}`);
          send({ type: "error", code: "UNAVAILABLE", message: "The server could not handle this message; try again." });
        })
        .finally(() => {
          busy = false;
        });
    });
  }

  return {
    upgrade,
    count: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}
