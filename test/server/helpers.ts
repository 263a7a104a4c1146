// Shared by the server tests: a server on a loopback port, HTTP calls, and a WebSocket client
// that collects every message it receives.
import { WebSocket } from "ws";
import { randomInt, seedRng, type Game } from "@rules/core";
import type { ServerMessage, Storage } from "@rules/server";

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

/** The server's state of a match at `version`, rebuilt from what the storage holds (tests only: the seed is secret). */
export async function stateAt(storage: Storage, game: Game, id: string, version: number): Promise<unknown> {
  const record = (await storage.loadMatch(id))!;
  const actions = await storage.actionsSince(id, 0);
  let state = game.initialState(record.seed, record.options as never);
  for (const a of actions.slice(0, version)) state = game.apply(state, a.action as never);
  return state;
}

/** A seeded choice among a seat's legal actions (the tests' scripted players). */
export function chooser(seed: number): <T>(items: readonly T[]) => T {
  const rng = seedRng(seed);
  return (items) => items[randomInt(rng, 0, items.length - 1)]!;
}

/**
 * Plays a match to its end through sockets: every seat with legal actions sends one (chosen by
 * `choose`) at the same time, unpinned, so simultaneous steps and refusals happen; after each
 * round of sends every client's latest update is checked by `check`. Returns the number of
 * accepted actions of the scripted clients.
 */
export async function playThrough(
  clients: TestClient[],
  choose: <T>(items: readonly T[]) => T,
  check: (client: TestClient, update: Extract<ServerMessage, { type: "update" }>) => Promise<void> | void,
  target: () => Promise<number>,
): Promise<number> {
  let accepted = 0;
  let nextId = 0;
  for (let round = 0; round < 100_000; round++) {
    const version = await target();
    const updates = await Promise.all(clients.map((c) => c.next("update", (u) => u.version >= version, 0).then(() => c.last()!)));
    for (let i = 0; i < clients.length; i++) await check(clients[i]!, updates[i]!);
    if (updates[0]!.terminal) return accepted;
    const sends = updates.flatMap((u, i) => {
      if (u.legal.length === 0 || u.version !== version) return [];
      const id = ++nextId;
      const c = clients[i]!;
      const from = c.messages.length;
      c.send({ type: "action", action: choose(u.legal), id });
      // A protocol error (not a refusal by the engine) fails the test rather than waiting for ever.
      const failed = c.next("error", () => true, from).then((m) => Promise.reject(new Error(`${m.code}: ${m.message}`)));
      return [Promise.race([c.next("ack", (m) => m.id === id, from).then(() => 1 as const), failed]), c.next("refused", (m) => m.id === id, from).then(() => 0 as const)];
    });
    if (sends.length > 0) {
      const n = sends.length / 2;
      const results: number[] = [];
      for (let k = 0; k < n; k++) results.push(await Promise.race([sends[2 * k]!, sends[2 * k + 1]!]));
      accepted += results.reduce((a, b) => a + b, 0);
    } else await new Promise((r) => setTimeout(r, 5)); // bots are thinking
  }
  throw new Error("no end after 100,000 rounds");
}
