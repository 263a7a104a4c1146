// The storage contract, against every backend: memory, embedded PostgreSQL (PGlite) and a
// PostgreSQL server (when TEST_DATABASE_URL is set; CI sets it, see .ci/run).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryStorage, createPgliteStorage, createPostgresStorage, type MatchRecord, type Storage, type StorageEvent } from "@rules/server";
import { freshSchema, PG_URL, skipWithoutPostgres } from "./postgres.js";

function record(id: string): MatchRecord {
  return {
    id,
    game: "donkey-valley",
    rulesVersion: 1,
    options: { players: 3 },
    seed: "secret",
    version: 0,
    stateHash: "h0",
    status: "playing",
    spectators: true,
    createdAt: new Date().toISOString(),
    seats: [
      { seat: 0, kind: "human", bot: null, name: null, tokenHash: null },
      { seat: 1, kind: "human", bot: null, name: null, tokenHash: null },
      { seat: 2, kind: "bot", bot: "random", name: null, tokenHash: null },
    ],
  };
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const backends: Array<[string, () => Promise<Storage>]> = [
  ["memory", async () => createMemoryStorage()],
  [
    "PGlite",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "rules-pglite-"));
      dirs.push(dir);
      return createPgliteStorage(dir);
    },
  ],
];
if (PG_URL) backends.push(["PostgreSQL", async () => createPostgresStorage(await freshSchema("storage"))]);
else skipWithoutPostgres("storage contract against a PostgreSQL server");

describe.each(backends)("storage contract: %s", (_name, make) => {
  it("stores a match, its seats and its actions; orders appends by version; tells listeners", async () => {
    const s = await make();
    await s.init();
    await s.init(); // twice is harmless
    const events: StorageEvent[] = [];
    await s.subscribe((e) => events.push(e));
    await s.createMatch(record("m1"));
    expect((await s.loadMatch("m1"))?.seats.map((x) => x.kind)).toEqual(["human", "human", "bot"]);
    expect(await s.loadMatch("nope")).toBeUndefined();
    expect((await s.listMatches({ open: true, limit: 10 })).map((m) => m.id)).toEqual(["m1"]);

    // Seats: one token per seat, only human seats, released only by its own token.
    expect(await s.claimSeat("m1", 0, "hashA", "Ann")).toBe(true);
    expect(await s.claimSeat("m1", 0, "hashB", "Bob")).toBe(false);
    expect(await s.claimSeat("m1", 2, "hashB", "Bob")).toBe(false);
    expect(await s.seatOfToken("m1", "hashA")).toBe(0);
    expect(await s.seatOfToken("m1", "hashB")).toBeUndefined();
    expect(await s.releaseSeat("m1", 0, "hashB")).toBe(false);
    expect(await s.releaseSeat("m1", 0, "hashA")).toBe(true);
    expect(await s.seatOfToken("m1", "hashA")).toBeUndefined();
    expect(await s.claimSeat("m1", 0, "hashC", null)).toBe(true);
    expect(await s.claimSeat("m1", 1, "hashD", null)).toBe(true);
    expect(await s.listMatches({ open: true, limit: 10 })).toEqual([]);
    expect((await s.listMatches({ open: false, limit: 10 })).map((m) => m.seats.map((x) => x.taken))).toEqual([[true, true, true]]);

    // Two appends against the same version: exactly one is stored.
    const a = { seq: 1, action: { type: "playLoad", player: 0, value: 3 }, stateHash: "h1" };
    const b = { seq: 1, action: { type: "playLoad", player: 1, value: 4 }, stateHash: "h1b" };
    const both = await Promise.all([s.appendAction("m1", 0, a, false), s.appendAction("m1", 0, b, false)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const stored = await s.actionsSince("m1", 0);
    expect(stored).toEqual([both[0] ? a : b]);
    expect(await s.appendAction("m1", 0, a, false)).toBe(false);
    expect(await s.appendAction("m1", 1, { seq: 2, action: { type: "pass", player: 2 }, stateHash: "h2" }, true)).toBe(true);
    const m = await s.loadMatch("m1");
    expect([m?.version, m?.stateHash, m?.status]).toEqual([2, "h2", "finished"]);
    expect(await s.appendAction("m1", 2, { seq: 3, action: { type: "pass", player: 2 }, stateHash: "h3" }, false)).toBe(false);
    expect(await s.playingMatchIds()).toEqual([]);
    expect((await s.actionsSince("m1", 1)).map((x) => x.seq)).toEqual([2]);

    await new Promise((r) => setTimeout(r, 50));
    await s.close();
    expect(events.filter((e) => e.kind === "action").map((e) => (e as { version: number }).version)).toEqual([1, 2]);
    expect(events.filter((e) => e.kind === "seat").length).toBe(4);
  });
});
