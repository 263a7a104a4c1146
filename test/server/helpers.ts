// Shared by the server tests: a server on a loopback port, HTTP calls, and a WebSocket client
// that collects every message it receives.
import { WebSocket } from "ws";
import type { ServerMessage } from "@rules/server";

export async function http(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, { method, headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A WebSocket client that keeps every message and can wait for one that matches. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  private waiters: Array<{ test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }> = [];
  closed: { code: number; reason: string } | undefined;
  private closeWaiters: Array<() => void> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.test(m) ? (w.resolve(m), false) : true));
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: String(reason) };
      for (const w of this.closeWaiters) w();
    });
    ws.on("error", () => undefined);
  }

  static open(base: string): Promise<TestClient> {
    const ws = new WebSocket(base.replace(/^http/, "ws") + "/ws");
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new TestClient(ws)));
      ws.once("error", reject);
      ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The first message from index `from` on that passes `test` (waits for it). */
  next<T extends ServerMessage["type"]>(type: T, test: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true, from = 0): Promise<Extract<ServerMessage, { type: T }>> {
    const ok = (m: ServerMessage) => m.type === type && test(m as never);
    const found = this.messages.slice(from).find(ok);
    if (found) return Promise.resolve(found as never);
    return new Promise((resolve) => this.waiters.push({ test: ok, resolve: resolve as never }));
  }

  /** The latest update received. */
  last(): Extract<ServerMessage, { type: "update" }> | undefined {
    return this.messages.filter((m) => m.type === "update").at(-1) as never;
  }

  whenClosed(): Promise<void> {
    return this.closed ? Promise.resolve() : new Promise((r) => this.closeWaiters.push(r));
  }

  close(): void {
    this.ws.close();
  }
}
