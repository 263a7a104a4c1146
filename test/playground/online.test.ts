// The playground's "Play online" page end to end in headless Chromium (Debian's `chromium`,
// driven by playwright-core): the lobby creates a Donkey Valley match on a rules-server on
// loopback and shows a join link per seat; three browser contexts open the three links and play
// the whole game by clicking their legal actions. After every change, every payload each page
// received must equal `playerView` of the server's state for that page's seat (and its legal
// actions the engine's): the page never gets anything its seat may not see.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createServer as createVite, type ViteDevServer } from "vite";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "@rules/core";
import { game as dv } from "@rules/donkey-valley";
import { createMemoryStorage, createServer, type RulesServer, type Storage } from "@rules/server";
import { chooser, stateAt } from "../server/helpers.js";

const root = new URL("../../", import.meta.url).pathname;
const executablePath = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p): p is string => !!p && existsSync(p));
if (!executablePath) console.warn("test/playground/online.test.ts SKIPPED: no Chromium found (set CHROMIUM_PATH, or `apt-get install -y chromium`).");

const game = dv as unknown as Game;

interface Received {
  welcome?: { game: string; seat: number | null };
  updates: Array<{ version: number; view: unknown; legal: unknown[]; terminal: boolean }>;
  refused: string[];
}
const received = (page: Page) => page.evaluate(() => (window as unknown as { rulesOnline: Received }).rulesOnline);

describe.skipIf(!executablePath)("Play online in headless Chromium", () => {
  let vite: ViteDevServer;
  let rules: RulesServer;
  let storage: Storage;
  let browser: Browser;
  let pageUrl: string;
  let serverUrl: string;

  beforeAll(async () => {
    storage = createMemoryStorage();
    rules = createServer({ storage, log: () => undefined, limits: { requestBurst: 10_000 } });
    serverUrl = (await rules.listen(0)).url;
    // The dev server (`npm run playground`) reads the packages from source: no build needed.
    vite = await createVite({ configFile: join(root, "apps/playground/vite.config.ts"), server: { port: 0, host: "127.0.0.1" }, logLevel: "warn" });
    await vite.listen();
    pageUrl = `${vite.resolvedUrls!.local[0]!}online.html`;
    browser = await chromium.launch({ executablePath: executablePath!, args: ["--no-sandbox", "--disable-gpu"], timeout: 0 });
  });

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    await rules?.close();
  });

  it("three seats in three contexts play a whole Donkey Valley game; every payload is the seat's own view", async () => {
    // The lobby: create a match of three player seats and read the three join links.
    const lobby = await browser.newPage();
    lobby.setDefaultTimeout(0);
    await lobby.goto(`${pageUrl}#server=${encodeURIComponent(serverUrl)}`);
    await lobby.waitForSelector("#game option[value=donkey-valley]", { state: "attached" });
    await lobby.selectOption("#game", "donkey-valley");
    await lobby.fill("#players", "3");
    await lobby.fill("#bots", "0");
    await lobby.click("#create");
    await lobby.waitForFunction(() => document.querySelectorAll("a.join-link").length === 3);
    const links = await lobby.$$eval("a.join-link", (as) => as.map((a) => (a as HTMLAnchorElement).href));
    const matchId = new URLSearchParams(new URL(links[0]!).hash.slice(1)).get("match")!;

    const pages: Page[] = [];
    const errors: string[] = [];
    for (const link of links) {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(0);
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(link);
      pages.push(page);
    }
    const choose = chooser(3);
    const checked = pages.map(() => 0);
    for (let step = 0; step < 10_000; step++) {
      const version = (await storage.loadMatch(matchId))!.version;
      // Every page shows the current version, then every payload it got so far is checked.
      for (const p of pages) await p.waitForFunction((v) => document.querySelector("#status")?.getAttribute("data-version") === String(v), version);
      const got = await Promise.all(pages.map(received));
      for (let i = 0; i < pages.length; i++) {
        const seat = got[i]!.welcome!.seat!;
        expect(seat).toBe(i);
        for (const u of got[i]!.updates.slice(checked[i])) {
          const state = await stateAt(storage, game, matchId, u.version);
          expect(u.view).toEqual(JSON.parse(JSON.stringify(game.playerView(state, seat))));
          expect(u.legal).toEqual(JSON.parse(JSON.stringify(game.legalActions(state, seat))));
        }
        checked[i] = got[i]!.updates.length;
      }
      const latest = got.map((g) => g.updates.at(-1)!);
      if (latest[0]!.terminal) {
        for (const p of pages) expect(await p.textContent("#status")).toContain("Game over");
        expect(errors).toEqual([]);
        expect((await Promise.all(pages.map(received))).flatMap((g) => g.refused)).toEqual([]);
        return;
      }
      // One seat that may act clicks one of its legal actions.
      const movers = latest.flatMap((u, i) => (u.legal.length > 0 ? [i] : []));
      const who = choose(movers);
      const index = latest[who]!.legal.indexOf(choose(latest[who]!.legal));
      await pages[who]!.click(`button.online-action[value="${index}"]`);
      await pages[who]!.waitForFunction((v) => Number(document.querySelector("#status")?.getAttribute("data-version")) > v, version);
    }
    throw new Error("the game did not end in 10,000 moves");
  });
});
