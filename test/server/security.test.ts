// What a hostile or broken client can do: wrong, missing, other seats' and left seats' tokens,
// actions for another seat, oversized, deep and malformed messages, floods, thousands of sockets,
// ids and tokens that are not strings. None may crash the server, leak a view or change a match.
// The rate limits run on a clock the test holds still, so they bite the same on any machine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "@rules/core";
import { game as dv } from "@rules/donkey-valley";
import { createMemoryStorage, createServer, DEFAULT_LIMITS, type RulesServer, type Storage } from "@rules/server";
import { http, stateAt, TestClient } from "./helpers.js";

const game = dv as unknown as Game;
let server: RulesServer;
let storage: Storage;
let url: string;
let id: string;
const tokens: string[] = [];
const clock = { t: 0 };

beforeAll(async () => {
  storage = createMemoryStorage();
  // No socket is closed for being slow to authenticate here: the socket limit must hold on its own.
  server = createServer({ storage, now: () => clock.t, log: () => undefined, limits: { requestBurst: 100_000, authTimeoutMs: 1_000_000_000 } });
  url = (await server.listen(0)).url;
  id = (await http(url, "POST", "/matches", { game: "donkey-valley", seats: [{}, {}, {}, {}] })).body.id;
  for (let s = 0; s < 4; s++) tokens.push((await http(url, "POST", `/matches/${id}/join`, { seat: s })).body.token);
});
afterAll(() => server.close());

async function seat(token: string, match = id): Promise<TestClient> {
  const c = await TestClient.open(url);
  c.send({ type: "auth", match, token });
  return c;
}

/** Every update a socket received was its seat's view of the state at that version. */
async function expectOnlyOwnViews(c: TestClient, seatNo: number | null): Promise<void> {
  for (const m of c.messages) {
    if (m.type !== "update") continue;
    const state = await stateAt(storage, game, id, m.version);
    expect(m.view).toEqual(JSON.parse(JSON.stringify(game.playerView(state, seatNo))));
  }
}

const version = async () => (await storage.loadMatch(id))!.version;

describe("seat tokens", () => {
  it("a token gives its own seat's view and nothing else; a spectator sees no hand", async () => {
    const views = [];
    for (let s = 0; s < 4; s++) {
      const c = await seat(tokens[s]!);
      expect((await c.next("welcome")).seat).toBe(s);
      await c.next("update");
      await expectOnlyOwnViews(c, s);
      views.push(c.last()!.view as { hand?: number[] });
      c.close();
    }
    const w = await TestClient.open(url);
    w.send({ type: "spectate", match: id });
    const spectator = (await w.next("update")).view as Record<string, unknown>;
    await expectOnlyOwnViews(w, null);
    expect(views.every((v) => Array.isArray(v.hand) && v.hand.length > 0)).toBe(true);
    expect(JSON.stringify(spectator)).not.toContain(JSON.stringify(views[0]!.hand));
    // A spectator cannot act.
    w.send({ type: "action", action: { type: "playLoad", player: 0, value: 1 } });
    expect((await w.next("error")).code).toBe("NOT_YOUR_SEAT");
    w.close();
  });

  it("wrong, missing and other matches' tokens are refused and the socket closed", async () => {
    const before = await version();
    const other = (await http(url, "POST", "/matches", { game: "donkey-valley", seats: [{}, {}, {}] })).body.id as string;
    const cases: Array<[unknown, string]> = [
      [{ type: "auth", match: id, token: "x".repeat(43) }, "UNAUTHORIZED"],
      [{ type: "auth", match: other, token: tokens[0] }, "UNAUTHORIZED"],
      [{ type: "auth", match: "no-such-match", token: tokens[0] }, "NO_MATCH"],
      [{ type: "auth", match: id }, "BAD_MESSAGE"],
      [{ type: "auth", match: 5, token: tokens[0] }, "BAD_MESSAGE"],
      [{ type: "auth", match: id, token: { $ne: null } }, "BAD_MESSAGE"],
      [{ type: "auth", match: [id], token: [tokens[0]] }, "BAD_MESSAGE"],
      [{ type: "action", action: { type: "playLoad", player: 0, value: 1 } }, "UNAUTHORIZED"],
    ];
    for (const [message, code] of cases) {
      const c = await TestClient.open(url);
      c.send(message);
      expect((await c.next("error")).code).toBe(code);
      expect(c.messages.some((m) => m.type === "update" || m.type === "welcome")).toBe(false);
      c.close();
    }
    expect(await version()).toBe(before);
  });

  it("reconnect: the same token gets the current view again; a second socket replaces the first", async () => {
    const first = await seat(tokens[1]!);
    await first.next("update");
    const second = await seat(tokens[1]!);
    const u = await second.next("update");
    expect(u.logFrom).toBe(0);
    expect((await first.next("error")).code).toBe("REPLACED");
    await first.whenClosed();
    expect(first.closed!.code).toBe(4000);
    // The new socket plays: a load card is accepted.
    const from = second.messages.length;
    second.send({ type: "action", action: u.legal[0], id: 1 });
    expect((await second.next("ack", () => true, from)).version).toBe(u.version + 1);
    await expectOnlyOwnViews(second, 1);
    second.close();
  });

  it("a token that left stops working at once, and its open socket is closed", async () => {
    const extra = (await http(url, "POST", "/matches", { game: "donkey-valley", seats: [{}, {}, {}] })).body.id as string;
    const joined = await http(url, "POST", `/matches/${extra}/join`, {});
    const c = await seat(joined.body.token, extra);
    await c.next("update");
    expect((await http(url, "POST", `/matches/${extra}/leave`, { token: joined.body.token })).status).toBe(200);
    expect((await c.next("error")).code).toBe("SEAT_LEFT");
    await c.whenClosed();
    const again = await seat(joined.body.token, extra);
    expect((await again.next("error")).code).toBe("UNAUTHORIZED");
    expect((await http(url, "POST", `/matches/${extra}/leave`, { token: joined.body.token })).status).toBe(403);
    // The seat is open again, with a new token.
    expect((await http(url, "POST", `/matches/${extra}/join`, { seat: joined.body.seat })).status).toBe(200);
  });
});

describe("actions", () => {
  it("an action naming another seat, a malformed action and an illegal one change nothing", async () => {
    const c = await seat(tokens[2]!);
    const u = await c.next("update");
    const before = await version();
    c.send({ type: "action", action: { ...(u.legal[0] as object), player: 3 }, id: "other" });
    expect((await c.next("error")).code).toBe("NOT_YOUR_SEAT");
    c.send({ type: "action", action: { type: "playLoad", player: 2, value: "seven" }, id: "bad" });
    expect((await c.next("refused", (m) => m.id === "bad")).code).toBe("INVALID_ACTION");
    c.send({ type: "action", action: { type: "call", player: 2, verdict: "deny" }, id: "illegal" });
    expect(["ILLEGAL_ACTION", "NOT_YOUR_TURN"]).toContain((await c.next("refused", (m) => m.id === "illegal")).code);
    c.send({ type: "action", action: u.legal[0], id: "old", version: u.version - 1 });
    expect((await c.next("refused", (m) => m.id === "old")).code).toBe("STALE");
    expect(await version()).toBe(before);
    await expectOnlyOwnViews(c, 2);
    c.close();
  });
});

describe("hostile messages", () => {
  it("oversized, deeply nested, huge, non-JSON and binary messages are refused; the server goes on", async () => {
    const before = await version();
    const big = await seat(tokens[3]!);
    await big.next("update");
    big.send(JSON.stringify({ type: "sync", pad: "x".repeat(DEFAULT_LIMITS.messageBytes) }));
    await big.whenClosed();
    expect(big.closed!.code).toBe(1009);

    const c = await seat(tokens[3]!);
    await c.next("update");
    const depth = 5_000;
    const bad = [
      "[".repeat(depth) + "]".repeat(depth),
      `{"type":"action","action":{"type":"playLoad","player":3,"x":${"[".repeat(depth)}${"]".repeat(depth)}}}`,
      JSON.stringify({ type: "action", action: { type: "playLoad", player: 3, xs: Array.from({ length: 5_000 }, () => 0) } }),
      "{not json",
      JSON.stringify({ type: "nope" }),
      JSON.stringify({ type: "sync", extra: 1 }),
      JSON.stringify({ type: "action", action: { type: "playLoad", player: "3" } }),
      JSON.stringify({ type: "action", action: { type: "x".repeat(1000), player: 3 } }),
      '{"type":"action","action":{"type":"playLoad","player":3,"__proto__":{"polluted":true}}}',
    ];
    for (const text of bad) c.send(text);
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    // Every bad message is answered (a refusal each), in order.
    await new Promise<void>((r) => {
      const check = () => (c.messages.filter((m) => m.type === "error" || m.type === "refused").length >= bad.length + 1 ? r() : setTimeout(check, 5));
      check();
    });
    expect(c.messages.filter((m) => m.type === "error").every((m) => (m as { code: string }).code === "BAD_MESSAGE" || (m as { code: string }).code === "NOT_YOUR_SEAT")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    c.send({ type: "sync" });
    expect((await c.next("update", () => true, c.messages.length)).version).toBe(before);
    expect(await version()).toBe(before);
    c.close();
  });

  it("a flood from one socket is refused past the rate and then closed; other players are not slowed", async () => {
    const before = await version();
    const flood = await seat(tokens[0]!);
    await flood.next("update");
    for (let i = 0; i < 1_000; i++) flood.send({ type: "sync" });
    await flood.whenClosed();
    expect(flood.closed!.code).toBe(1008);
    const limited = flood.messages.filter((m) => m.type === "error" && m.code === "RATE_LIMITED").length;
    expect(limited).toBeGreaterThan(DEFAULT_LIMITS.refusalsBeforeClose);
    expect(flood.messages.filter((m) => m.type === "update").length).toBeLessThanOrEqual(DEFAULT_LIMITS.messageBurst);
    // Another seat is served as before (its own bucket), and nothing changed.
    const other = await seat(tokens[1]!);
    expect((await other.next("update")).version).toBe(before);
    other.close();
    expect(await version()).toBe(before);
  });

  it("thousands of sockets: those past the limit are refused at the upgrade; the server keeps serving", async () => {
    const opened: TestClient[] = [];
    let refused = 0;
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.allSettled(Array.from({ length: 200 }, () => TestClient.open(url)));
      for (const r of results) r.status === "fulfilled" ? opened.push(r.value) : refused++;
    }
    expect(opened.length).toBe(DEFAULT_LIMITS.socketsPerAddress);
    expect(refused).toBe(2_000 - DEFAULT_LIMITS.socketsPerAddress);
    expect((await http(url, "GET", `/matches/${id}`)).status).toBe(200);
    for (const c of opened) c.close();
    await Promise.all(opened.map((c) => c.whenClosed()));
    while (server.sockets() > 0) await new Promise((r) => setTimeout(r, 10));
    const c = await seat(tokens[1]!);
    expect((await c.next("welcome")).seat).toBe(1);
    c.close();
  });
});

describe("HTTP API refusals", () => {
  it("bad bodies, ids and options get a 4xx with a code, and nothing is stored", async () => {
    const count = async () => (await storage.listMatches({ open: false, limit: 1000 })).length;
    const before = await count();
    const cases: Array<[string, string, unknown, number, string]> = [
      ["POST", "/matches", "x".repeat(DEFAULT_LIMITS.bodyBytes + 1), 413, "BAD_MESSAGE"],
      ["POST", "/matches", "[".repeat(2000) + "]".repeat(2000), 400, "BAD_MESSAGE"],
      ["POST", "/matches", "{oops", 400, "BAD_MESSAGE"],
      ["POST", "/matches", { game: 7 }, 400, "BAD_MESSAGE"],
      ["POST", "/matches", { game: "chess" }, 404, "NO_GAME"],
      ["POST", "/matches", { game: "donkey-valley", options: { players: 99 } }, 400, "INVALID_OPTIONS"],
      ["POST", "/matches", { game: "donkey-valley", options: { players: 3 }, seats: [{}, {}] }, 400, "INVALID_OPTIONS"],
      ["POST", "/matches", { game: "donkey-valley", seats: [{}, {}, { bot: "mcts:100000" }] }, 400, "INVALID_BOT"],
      ["POST", "/matches", { game: "donkey-valley", seats: [{}, {}, { bot: "mcts:60000ms" }] }, 400, "INVALID_BOT"],
      ["POST", `/matches/${id}/join`, { seat: "0" }, 400, "BAD_MESSAGE"],
      ["POST", `/matches/${id}/join`, { seat: 0 }, 409, "SEAT_TAKEN"],
      ["POST", `/matches/${id}/join`, {}, 409, "SEAT_TAKEN"],
      ["POST", `/matches/${id}/join`, { seat: 9 }, 400, "NO_SEAT"],
      ["POST", `/matches/${id}/leave`, { token: 5 }, 400, "BAD_MESSAGE"],
      ["POST", `/matches/${id}/leave`, { token: "not-a-token" }, 403, "UNAUTHORIZED"],
      ["POST", `/matches/${"x".repeat(500)}/join`, {}, 404, "NO_MATCH"],
      ["GET", "/matches/%00%ff", undefined, 404, "NO_MATCH"],
      ["GET", "/nowhere", undefined, 404, "NOT_FOUND"],
    ];
    for (const [method, path, body, status, code] of cases) {
      const r = await http(url, method, path, body);
      expect([path, r.status, r.body?.error?.code]).toEqual([path, status, code]);
    }
    expect(await count()).toBe(before);
  });

  it("the list of open matches shows no seed and no token hash", async () => {
    const list = await http(url, "GET", "/matches?open=false");
    const text = JSON.stringify(list.body);
    const record = (await storage.loadMatch(id))!;
    expect(text).not.toContain(record.seed);
    for (const s of record.seats) if (s.tokenHash) expect(text).not.toContain(s.tokenHash);
    for (const t of tokens) expect(text).not.toContain(t);
  });

  it("allowCreate: false refuses POST /matches; a site's backend creates matches and seats through the server object", async () => {
    const own = createServer({ storage: createMemoryStorage(), allowCreate: false, log: () => undefined });
    const { url: ownUrl } = await own.listen(0);
    expect((await http(ownUrl, "POST", "/matches", { game: "donkey-valley" })).body.error.code).toBe("FORBIDDEN");
    const m = await own.createMatch({ game: "donkey-valley", seats: [{}, {}, {}] });
    const j = await own.join(m.id, 1, "Ann");
    const c = await TestClient.open(ownUrl);
    c.send({ type: "auth", match: m.id, token: j.token });
    expect((await c.next("welcome")).seat).toBe(1);
    c.close();
    await own.close();
  });
});
