// Bot seats share the process's main thread: the server runs one bot decision of any match per
// turn of the event loop, so sockets and requests are served between any two decisions and a
// match waits for at most one other bot's decision, however many matches have bots.
import { afterEach, describe, expect, it } from "vitest";
import { randomBot, type Game } from "@rules/core";
import { game as dv } from "@rules/donkey-valley";
import { createMemoryStorage, createServer, type RulesServer } from "@rules/server";
import { http, TestClient } from "./helpers.js";

let server: RulesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("bot seats", () => {
  it("twelve all-bot matches: never more than one bot decision per turn of the event loop, and every match ends", async () => {
    let decisions = 0;
    const counting = (_g: Game, seed: string | number) => {
      const bot = randomBot(seed);
      return { name: "counting", act: (...args: Parameters<typeof bot.act>) => (decisions++, bot.act(...args)) };
    };
    server = createServer({ storage: createMemoryStorage(), games: { "donkey-valley": { game: dv as unknown as Game, bots: { counting } } }, log: () => undefined, limits: { requestBurst: 1_000 } });
    const { url } = await server.listen(0);
    const watchers: TestClient[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await http(url, "POST", "/matches", { game: "donkey-valley", seats: [{ bot: "counting" }, { bot: "counting" }, { bot: "counting" }] });
      expect(created.status).toBe(201);
      const w = await TestClient.open(url);
      w.send({ type: "spectate", match: created.body.id });
      watchers.push(w);
    }
    let most = 0;
    let turns = 0;
    while (!watchers.every((w) => w.last()?.terminal)) {
      const before = decisions;
      await nextTurn();
      most = Math.max(most, decisions - before);
      if (++turns > 1_000_000) throw new Error(`the matches did not end in 1,000,000 turns (${decisions} decisions)`);
    }
    expect(most).toBe(1);
    // Twelve whole games were played, all by bots.
    expect(decisions).toBe(watchers.reduce((n, w) => n + w.last()!.version, 0));
    for (const w of watchers) w.close();
  });
});

describe("the games' own bots", () => {
  it("every game offers its heuristic bot (the one `rules play --bots heuristic` plays), and an all-bot match of it moves", async () => {
    server = createServer({ storage: createMemoryStorage(), log: () => undefined });
    const { url } = await server.listen(0);
    const { body } = await http(url, "GET", "/games");
    const games = body.games as Array<{ id: string; minPlayers: number; maxPlayers: number; bots: string[] }>;
    expect(games.map((g) => g.id).sort()).toEqual(["age-of-steam-exp", "donkey-valley", "steam-donkey", "steam-park", "steamrollers"]);
    for (const g of games) {
      expect(g.bots, g.id).toContain("heuristic");
      const players = Math.max(g.minPlayers, Math.min(3, g.maxPlayers));
      const created = await http(url, "POST", "/matches", { game: g.id, seats: Array.from({ length: players }, () => ({ bot: "heuristic" })) });
      expect(created.status, g.id).toBe(201);
      const w = await TestClient.open(url);
      w.send({ type: "spectate", match: created.body.id });
      // Three decisions of the server's heuristic bots (or the end of the game).
      await w.next("update", (u) => u.version >= 3 || u.terminal);
      w.close();
    }
  });
});
