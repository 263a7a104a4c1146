// Two server processes on one PostgreSQL server: four players on either process play one match; each
// sees the other process's moves (LISTEN/NOTIFY); two moves sent at once against the same version
// to the two processes are ordered by the database (one applied, the other refused as STALE), and
// unpinned moves are applied one after the other, never both against the same state.
import { afterAll, describe, expect, it } from "vitest";
import type { Game } from "@rules/core";
import { game as dv } from "@rules/donkey-valley";
import { createPostgresStorage } from "@rules/server";
import { chooser, http, playThrough, stateAt, TestClient } from "./helpers.js";
import { freshSchema, PG_URL, skipWithoutPostgres } from "./postgres.js";
import { spawnServer, type Child } from "./spawn.js";

const game = dv as unknown as Game;
const children: Child[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
});

describe("two processes on one PostgreSQL", () => {
  if (!PG_URL) {
    skipWithoutPostgres("two server processes on one PostgreSQL");
    return;
  }
  it("serve one match together: fan-out, database ordering, whole game, every view checked", async () => {
    const url = await freshSchema("procs");
    const [a, b] = await Promise.all([spawnServer([], { DATABASE_URL: url }), spawnServer([], { DATABASE_URL: url })]);
    children.push(a!, b!);
    const storage = createPostgresStorage(url);
    // Created on A, joined on B: B finds the match in the database.
    const id = (await http(a!.url, "POST", "/matches", { game: "donkey-valley", seats: [{}, {}, {}, {}] })).body.id as string;
    const hosts = [a!, b!, a!, b!];
    const clients: TestClient[] = [];
    for (let s = 0; s < 4; s++) {
      const token = (await http(hosts[s]!.url, "POST", `/matches/${id}/join`, { seat: s })).body.token as string;
      const c = await TestClient.open(hosts[s]!.url);
      c.send({ type: "auth", match: id, token });
      await c.next("update");
      clients.push(c);
    }

    // The load step is simultaneous: seat 0 (on A) and seat 1 (on B) both act against version 0.
    const [c0, c1, c2, c3] = clients as [TestClient, TestClient, TestClient, TestClient];
    const pinned = [c0, c1].map((c, i) => {
      const u = c.last()!;
      const from = c.messages.length;
      c.send({ type: "action", action: u.legal[0], id: `pin${i}`, version: u.version });
      return Promise.race([c.next("ack", (m) => m.id === `pin${i}`, from), c.next("refused", (m) => m.id === `pin${i}`, from)]);
    });
    const answers = await Promise.all(pinned);
    expect(answers.filter((m) => m.type === "ack")).toHaveLength(1);
    expect(answers.find((m) => m.type === "refused")).toMatchObject({ code: "STALE" });
    expect((await storage.loadMatch(id))!.version).toBe(1);
    // Seats 2 (on A) and 3 (on B) both see the move, whichever process made it (NOTIFY).
    for (const c of [c2, c3]) expect((await c.next("update", (m) => m.version === 1)).version).toBe(1);

    // Unpinned moves sent at once to both processes are applied one after the other: the seat
    // whose pinned move was refused, and a seat that has not played yet on the other process.
    const loser = answers[0]!.type === "refused" ? c0 : c1;
    const other = loser === c0 ? c3 : c2;
    await loser.next("update", (m) => m.version === 1);
    await other.next("update", (m) => m.version === 1);
    const both = [loser, other].map((c, i) => {
      const from = c.messages.length;
      c.send({ type: "action", action: c.last()!.legal[0], id: `free${i}` });
      return Promise.race([c.next("ack", (m) => m.id === `free${i}`, from), c.next("refused", (m) => m.id === `free${i}`, from)]);
    });
    const versions = (await Promise.all(both)).map((m) => (m.type === "ack" ? m.version : -1)).sort();
    expect(versions).toEqual([2, 3]);

    // The rest of the game across both processes; every payload is its seat's view of the state.
    const seatOf = new Map(clients.map((c, i) => [c, i]));
    await playThrough(clients, chooser(5), async (c, u) => {
      const state = await stateAt(storage, game, id, u.version);
      expect(u.view).toEqual(JSON.parse(JSON.stringify(game.playerView(state, seatOf.get(c)!))));
    }, async () => (await storage.loadMatch(id))!.version);
    const final = (await storage.loadMatch(id))!;
    expect(final.status).toBe("finished");
    for (const c of clients) expect(c.last()!.version).toBe(final.version);
    await storage.close();
  });
});
