// kill -9 in the middle of a game: every acknowledged move survives, the match resumes from its
// stored log to the same state (checked against the stored hash), the players reconnect with
// their tokens and finish the game. Embedded PostgreSQL always; a PostgreSQL server when
// TEST_DATABASE_URL is set.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stateHash, type Game } from "@rules/core";
import { game as dv } from "@rules/donkey-valley";
import { createPgliteStorage, createPostgresStorage, type Storage } from "@rules/server";
import { chooser, http, playThrough, stateAt, TestClient } from "./helpers.js";
import { freshSchema, PG_URL, skipWithoutPostgres } from "./postgres.js";
import { spawnServer } from "./spawn.js";

const game = dv as unknown as Game;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Backend {
  args: string[];
  env: Record<string, string>;
  /** The storage, opened by the test once no server holds it. */
  open(): Storage;
}

async function pgliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), "rules-kill9-"));
  dirs.push(dir);
  return { args: ["--data", dir], env: {}, open: () => createPgliteStorage(dir) };
}

async function postgresBackend(): Promise<Backend> {
  const url = await freshSchema("kill9");
  return { args: [], env: { DATABASE_URL: url }, open: () => createPostgresStorage(url) };
}

async function seatClients(url: string, id: string, tokens: string[]): Promise<TestClient[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const c = await TestClient.open(url);
      c.send({ type: "auth", match: id, token });
      await c.next("update");
      return c;
    }),
  );
}

async function killNineMidGame(make: () => Promise<Backend>): Promise<void> {
  const backend = await make();
  let server = await spawnServer(backend.args, backend.env);
  const created = await http(server.url, "POST", "/matches", { game: "donkey-valley", seats: [{}, {}, {}] });
  const id = created.body.id as string;
  const tokens: string[] = [];
  for (let s = 0; s < 3; s++) tokens.push((await http(server.url, "POST", `/matches/${id}/join`, { seat: s })).body.token);
  let clients = await seatClients(server.url, id, tokens);

  // Play until at least 20 actions are acknowledged, remembering each acknowledged action.
  const acked = new Map<number, unknown>();
  const choose = chooser(9);
  let sent = 0;
  while (acked.size < 20) {
    const c = clients[sent % 3]!;
    await c.next("update", (m) => m.version >= Math.max(0, ...acked.keys()));
    const latest = c.last()!;
    if (latest.legal.length === 0) {
      sent++;
      continue;
    }
    const action = choose(latest.legal);
    const from = c.messages.length;
    const id2 = ++sent;
    c.send({ type: "action", action, id: id2 });
    const answer = await Promise.race([c.next("ack", (m) => m.id === id2, from), c.next("refused", (m) => m.id === id2, from)]);
    if (answer.type === "ack") acked.set(answer.version, action);
  }
  // Several actions in flight, then SIGKILL without waiting for their answers.
  for (const c of clients) {
    const u = c.last()!;
    if (u.legal.length > 0) c.send({ type: "action", action: u.legal[0], id: "in-flight" });
  }
  await server.kill9();
  for (const c of clients) c.close();
  const lateAcks = clients.flatMap((c) => c.messages.filter((m) => m.type === "ack" && m.id === "in-flight")) as Array<{ version: number }>;

  // Start again on the same storage: the match is resumed and every acknowledged move is there.
  server = await spawnServer(backend.args, backend.env);
  const summary = await http(server.url, "GET", `/matches/${id}`);
  expect(summary.status).toBe(200);
  const resumedAt = summary.body.version as number;
  expect(resumedAt).toBeGreaterThanOrEqual(Math.max(...acked.keys(), ...lateAcks.map((a) => a.version)));

  // The players come back with their tokens and finish the game.
  clients = await seatClients(server.url, id, tokens);
  for (const c of clients) expect(c.last()!.version).toBe(resumedAt);
  const views = clients.map((c) => c.last()!.view);
  await playThrough(clients, chooser(10), () => undefined, async () => (await http(server.url, "GET", `/matches/${id}`)).body.version as number);
  const finalVersion = clients[0]!.last()!.version;
  await server.stop();

  // Byte-identical: the stored log replays to the stored hash, and the views after the restart were the replayed state's.
  const storage = backend.open();
  const record = (await storage.loadMatch(id))!;
  const actions = await storage.actionsSince(id, 0);
  expect(record.version).toBe(finalVersion);
  expect(record.status).toBe("finished");
  for (const [version, action] of acked) expect(actions[version - 1]!.action).toEqual(action);
  expect(stateHash(await stateAt(storage, game, id, record.version))).toBe(record.stateHash);
  const atRestart = await stateAt(storage, game, id, resumedAt);
  expect(views).toEqual([0, 1, 2].map((s) => JSON.parse(JSON.stringify(game.playerView(atRestart, s)))));
  await storage.close();
}

describe("kill -9 and restart", () => {
  it("embedded PostgreSQL (PGlite): no acknowledged move lost, the match resumes and finishes", () => killNineMidGame(pgliteBackend));
  if (PG_URL) it("PostgreSQL server: no acknowledged move lost, the match resumes and finishes", () => killNineMidGame(postgresBackend));
  else skipWithoutPostgres("kill -9 against a PostgreSQL server");
});
