// The playground's "Play online" page end to end in headless Chromium (Debian's `chromium`,
// driven by playwright-core): the lobby creates a match on a rules-server on loopback and shows a
// join link per seat; three browser contexts open the three links and play a whole game of Donkey
// Valley and one of Steam Park by clicking the drawn board (a move with nothing to click on the
// board by its button). In a simultaneous step (Donkey Valley's load step, Steam Park's dice race)
// every seat that may act clicks at once. After every change, every payload each page received
// must equal `playerView` of the server's state for that page's seat (and its legal actions the
// engine's): the page never gets anything its seat may not see.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, preview, type PreviewServer } from "vite";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "@rules/core";
import { game as dv } from "@rules/donkey-valley";
import { game as sp } from "@rules/steam-park";
import { createMemoryStorage, createServer, type RulesServer, type Storage } from "@rules/server";
import { chooser } from "../server/helpers.js";
import { latestUpdate, makeMove, received, serverStates, type MoveResult } from "./online-page.js";

const root = new URL("../../", import.meta.url).pathname;
const executablePath = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p): p is string => !!p && existsSync(p));
if (!executablePath) console.warn("test/playground/online.test.ts SKIPPED: no Chromium found (set CHROMIUM_PATH, or `apt-get install -y chromium`).");

/** What one whole game through the pages came to. */
interface Played {
  /** Accepted moves: the final version. */
  moves: number;
  /** Moves made by clicks on the board, and with a button (no board target). */
  board: number;
  button: number;
  /** Rounds in which two or more seats clicked at once, and moves made in them. */
  simultaneousRounds: number;
  simultaneousMoves: number;
  /** The engine's refusals the pages received (a simultaneous move that was no longer legal). */
  refused: string[];
}

describe.skipIf(!executablePath)("Play online in headless Chromium", () => {
  let vite: PreviewServer;
  let outDir: string;
  let rules: RulesServer;
  let storage: Storage;
  let browser: Browser;
  let pageUrl: string;
  let serverUrl: string;

  beforeAll(async () => {
    storage = createMemoryStorage();
    rules = createServer({ storage, log: () => undefined, limits: { requestBurst: 10_000 } });
    serverUrl = (await rules.listen(0)).url;
    // The page built from the packages' sources (as the dev server, `npm run playground`, reads
    // them: no package build needed) into a directory of its own, and served as built.
    const configFile = join(root, "apps/playground/vite.config.ts");
    outDir = mkdtempSync(join(tmpdir(), "playground-online-"));
    await build({ configFile, logLevel: "warn", resolve: { tsconfigPaths: true }, build: { outDir, emptyOutDir: true, reportCompressedSize: false } });
    vite = await preview({ configFile, build: { outDir }, preview: { port: 0, host: "127.0.0.1" }, logLevel: "warn" });
    pageUrl = `${vite.resolvedUrls!.local[0]!}online.html`;
    browser = await chromium.launch({ executablePath: executablePath!, args: ["--no-sandbox", "--disable-gpu"], timeout: 0 });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (vite ? vite.httpServer.close(() => r()) : r()));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    await rules?.close();
  });

  /** The lobby creates a match of three player seats of `game`; three contexts play it to its end. */
  async function playWhole(game: Game, seed: number): Promise<Played> {
    const contexts: BrowserContext[] = [];
    try {
      return await play(game, seed, contexts);
    } finally {
      for (const c of contexts) await c.close();
    }
  }

  async function play(game: Game, seed: number, contexts: BrowserContext[]): Promise<Played> {
    const lobby = await browser.newPage();
    lobby.setDefaultTimeout(0);
    await lobby.goto(`${pageUrl}#server=${encodeURIComponent(serverUrl)}`);
    await lobby.waitForSelector(`#game option[value=${game.id}]`, { state: "attached" });
    await lobby.selectOption("#game", game.id);
    await lobby.fill("#players", "3");
    await lobby.fill("#bots", "0");
    await lobby.click("#create");
    await lobby.waitForFunction(() => document.querySelectorAll("a.join-link").length === 3);
    const links = await lobby.$$eval("a.join-link", (as) => as.map((a) => (a as HTMLAnchorElement).href));
    const matchId = new URLSearchParams(new URL(links[0]!).hash.slice(1)).get("match")!;
    await lobby.close();

    const pages: Page[] = [];
    const errors: string[] = [];
    for (const link of links) {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(0);
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(link);
      pages.push(page);
    }
    const stateAt = serverStates(storage, game, matchId);
    const choose = chooser(seed);
    const checked = pages.map(() => 0);
    const played: Played = { moves: 0, board: 0, button: 0, simultaneousRounds: 0, simultaneousMoves: 0, refused: [] };
    const waitFor = (page: Page, version: number) => page.waitForFunction((v) => document.querySelector("#status")?.getAttribute("data-version") === String(v), version);
    // Every payload a page received since the last look: exactly its seat's view and legal actions.
    const look = async (i: number) => {
      const got = await received(pages[i]!, checked[i]);
      expect(got.welcome!.seat).toBe(i);
      for (const u of got.updates) {
        const state = await stateAt(u.version);
        expect(u.view).toEqual(JSON.parse(JSON.stringify(game.playerView(state, i))));
        expect(u.legal).toEqual(JSON.parse(JSON.stringify(game.legalActions(state, i))));
        expect(u.active).toEqual(u.terminal ? [] : game.activePlayers(state));
      }
      checked[i] = got.total;
      return got;
    };
    for (let round = 0; round < 10_000; round++) {
      const version = (await storage.loadMatch(matchId))!.version;
      for (const p of pages) await waitFor(p, version);
      const got = [];
      for (let i = 0; i < pages.length; i++) got.push(await look(i));
      const latest = got.map((g) => g.updates.at(-1)!);
      if (latest[0]!.terminal) {
        for (const p of pages) expect(await p.textContent("#status")).toContain("Game over");
        expect(errors).toEqual([]);
        // Each page got (and the test checked) one update on joining and one after every move.
        expect(checked).toEqual(pages.map(() => version + 1));
        played.moves = version;
        played.refused = got.flatMap((g) => g.refused);
        return played;
      }
      // Every seat that may act clicks one of its moves, all at once (one seat outside a simultaneous step).
      const movers = latest.flatMap((u, i) => (u.legal.length > 0 ? [i] : []));
      const answered = got.map((g) => g.acked.length + g.refused.length);
      const made = await Promise.all(
        movers.map(async (i): Promise<MoveResult> => {
          let u = latest[i]!;
          for (let attempt = 0; attempt < 100; attempt++) {
            const r = await makeMove(pages[i]!, game.id, u, u.legal.indexOf(choose(u.legal)));
            if (r !== "moved") return r;
            // Another seat's move arrived first: choose again from this page's newest update.
            u = await latestUpdate(pages[i]!);
            if (u.legal.length === 0 || u.terminal) return "moved";
          }
          throw new Error("the page kept moving on");
        }),
      );
      // Each page that clicked waits for the server's answer to its move.
      for (const [k, i] of movers.entries()) {
        if (made[k] === "moved") continue;
        await pages[i]!.waitForFunction((n) => {
          const r = (window as unknown as { rulesOnline: { acked: unknown[]; refused: unknown[] } }).rulesOnline;
          return r.acked.length + r.refused.length > n;
        }, answered[i]!);
      }
      const moved = made.filter((r) => r !== "moved");
      played.board += moved.filter((r) => r === "board").length;
      played.button += moved.filter((r) => r === "button").length;
      if (moved.length > 1) {
        played.simultaneousRounds += 1;
        played.simultaneousMoves += moved.length;
      }
    }
    throw new Error("the game did not end in 10,000 rounds");
  }

  it("three seats in three contexts play a whole Donkey Valley game; every payload is the seat's own view", async () => {
    const r = await playWhole(dv as unknown as Game, 3);
    expect(r.refused).toEqual([]);
    expect(r.board + r.button).toBe(r.moves);
    expect(r.simultaneousRounds).toBeGreaterThan(0);
  });

  it("three seats in three contexts play a whole Steam Park game, the dice race at once; every payload is the seat's own view", async () => {
    const r = await playWhole(sp as unknown as Game, 4);
    // A move sent in the race is tried against the state it meets; the engine may refuse one that
    // another seat's move made illegal, and then nothing changed. No other refusal.
    for (const line of r.refused) expect(line).toMatch(/^(ILLEGAL_ACTION|NOT_YOUR_TURN):/);
    expect(r.board + r.button).toBe(r.moves + r.refused.length);
    expect(r.simultaneousRounds).toBeGreaterThan(0);
    // Every move the board offers is made on it: only Steam Park's "end my actions" has no target.
    expect(r.board).toBeGreaterThan(r.button);
  });
});
