// Whole games through the server: three sockets on three seats (and bots), simultaneous steps,
// and after every change each socket's payload is exactly its seat's playerView of the server's
// state, its legal actions are exactly the engine's, and a spectator gets the spectator view.
import { afterEach, describe, expect, it } from "vitest";
import { game as dv } from "@rules/donkey-valley";
import { game as sp } from "@rules/steam-park";
import { game as aos } from "@rules/age-of-steam-exp";
import { createMemoryStorage, createServer, type RulesServer, type Storage } from "@rules/server";
import type { Game } from "@rules/core";
import { chooser, http, playThrough, stateAt, TestClient } from "./helpers.js";

let server: RulesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<{ url: string; storage: Storage }> {
  const storage = createMemoryStorage();
  // These clients answer at machine speed, faster than any person: the rate limit is the security
  // tests' concern, so here it is out of the way.
  server = createServer({ storage, log: () => undefined, limits: { messagesPerSecond: 10_000 } });
  const { url } = await server.listen(0);
  return { url, storage };
}

async function playWhole(game: Game, seats: Array<{ bot?: string }>, seed: number): Promise<{ version: number; accepted: number }> {
  const { url, storage } = await start();
  const created = await http(url, "POST", "/matches", { game: game.id, seats });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const clients: TestClient[] = [];
  const seatOf = new Map<TestClient, number | null>();
  for (const s of seats.keys()) {
    if (seats[s]!.bot) continue;
    const joined = await http(url, "POST", `/matches/${id}/join`, { seat: s, name: `P${s}` });
    expect(joined.body.seat).toBe(s);
    const c = await TestClient.open(url);
    c.send({ type: "auth", match: id, token: joined.body.token });
    expect((await c.next("welcome")).seat).toBe(s);
    clients.push(c);
    seatOf.set(c, s);
  }
  const watcher = await TestClient.open(url);
  watcher.send({ type: "spectate", match: id });
  clients.push(watcher);
  seatOf.set(watcher, null);
  const target = async () => (await storage.loadMatch(id))!.version;
  const accepted = await playThrough(clients, chooser(seed), async (c, u) => {
    const state = await stateAt(storage, game, id, u.version);
    const seat = seatOf.get(c)!;
    expect(u.view).toEqual(JSON.parse(JSON.stringify(game.playerView(state, seat))));
    expect(u.legal).toEqual(seat === null ? [] : JSON.parse(JSON.stringify(game.legalActions(state, seat))));
    expect(u.active).toEqual(game.isTerminal(state) ? [] : game.activePlayers(state));
  }, target);
  const final = (await storage.loadMatch(id))!;
  expect(final.status).toBe("finished");
  // The log in words has a line per action at least, and every socket got all of it.
  const logs = clients.map((c) => c.messages.flatMap((m) => (m.type === "update" ? m.log : [])));
  expect(logs[0]!.length).toBeGreaterThanOrEqual(final.version);
  for (const l of logs) expect(l).toEqual(logs[0]);
  expect(clients[0]!.last()!.outcome).toEqual(JSON.parse(JSON.stringify(game.outcome(await stateAt(storage, game, id, final.version)))));
  return { version: final.version, accepted };
}

describe("whole games through the server", () => {
  it("Donkey Valley: three players on three sockets, simultaneous load step, a spectator", async () => {
    const r = await playWhole(dv as unknown as Game, [{}, {}, {}], 1);
    expect(r.accepted).toBe(r.version);
  });

  it("Steam Park: two players and a bot (the dice race is simultaneous)", async () => {
    const r = await playWhole(sp as unknown as Game, [{}, { bot: "random" }, {}], 2);
    expect(r.accepted).toBeLessThan(r.version);
  });

  it("Age of Steam on the Orient Express map: one player beside three bots, to the first moves", async () => {
    const { url } = await start();
    const created = await http(url, "POST", "/matches", { game: "age-of-steam-exp", options: { map: "orient-express" }, seats: [{}, { bot: "thrifty" }, { bot: "thrifty" }, { bot: "planner" }] });
    expect(created.status).toBe(201);
    const joined = await http(url, "POST", `/matches/${created.body.id}/join`, {});
    const c = await TestClient.open(url);
    c.send({ type: "auth", match: created.body.id, token: joined.body.token });
    const u = await c.next("update", (m) => m.legal.length > 0);
    expect(JSON.stringify(u.view)).toContain("orient-express");
    const from = c.messages.length;
    c.send({ type: "action", action: u.legal[0], version: u.version, id: "first" });
    expect((await c.next("ack", (m) => m.id === "first", from)).version).toBe(u.version + 1);
    void aos;
  });
});
