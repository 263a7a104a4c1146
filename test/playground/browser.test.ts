// The playground end to end in headless Chromium (Debian's `chromium` package, driven by
// playwright-core; no browser is downloaded). For every game of the `rules` command: build the page
// as an app would be built (game packages from their dist/), play a full game by clicking the
// person's seat while bots play the rest, and after every click check that the page shows exactly
// `playerView` for the chosen seat — never more — by replaying the page's exported action log here.
// Undo, the seat switch and import of the exported log are clicked once per game.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, preview, type PreviewServer } from "vite";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomInt, seedRng, type Game } from "@rules/core";
import { games } from "../../packages/cli/src/games.js";

const root = new URL("../../", import.meta.url).pathname;
const playground = join(root, "apps/playground");
/** The person's clicks per game; bots play the other seats, so every game ends well within it. */
const MAX_CLICKS = 1500;

function findChromium(): string | undefined {
  const candidates = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((p): p is string => p !== undefined && p !== "" && existsSync(p));
}

const executablePath = findChromium();
if (!executablePath) {
  console.warn(
    "test/playground/browser.test.ts SKIPPED: no Chromium found (set CHROMIUM_PATH, or `apt-get install -y chromium`; .ci/run installs it when it can).",
  );
}

describe.skipIf(!executablePath)("the playground in headless Chromium", () => {
  let server: PreviewServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    // The page bundles the packages' dist/ as a user's bundler would: build any that are missing.
    // `npm run build` builds the workspaces in dependency order (a game's types need core's dist).
    const unbuilt = readdirSync(join(root, "packages")).filter(
      (d) => existsSync(join(root, "packages", d, "package.json")) && !existsSync(join(root, "packages", d, "dist", "index.js")),
    );
    if (unbuilt.length > 0) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
    await build({ configFile: join(playground, "vite.config.ts"), logLevel: "warn" });
    server = await preview({ configFile: join(playground, "vite.config.ts"), preview: { port: 0, host: "127.0.0.1" }, logLevel: "warn" });
    url = server.resolvedUrls!.local[0]!;
    browser = await chromium.launch({ executablePath: executablePath!, args: ["--no-sandbox", "--disable-gpu"] });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (server ? server.httpServer.close(() => r()) : r()));
  });

  for (const game of Object.values(games)) {
    it(`plays a full game of ${game.name} by clicking, showing only what the seat may see`, async () => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      try {
        await playOneGame(page, game, url);
      } finally {
        await page.close();
      }
      expect(errors).toEqual([]);
    }, 600_000);
  }
});

async function waitForPersonOrEnd(page: Page): Promise<"person" | "over"> {
  await page.waitForSelector('#app[data-waiting="person"], #app[data-waiting="over"]', { timeout: 60_000 });
  return (await page.getAttribute("#app", "data-waiting")) as "person" | "over";
}

/** The page's exported log, replayed here: the state the page is in. */
async function pageState(page: Page, game: Game, cache: Replayed): Promise<{ state: unknown; actions: number }> {
  const log = JSON.parse(await page.inputValue("#log-json")) as { seed: number; options: object; actions: unknown[] };
  // Apply only the actions added since the last look, unless the page took some back (undo).
  const known = cache.actions.length;
  const extends_ = log.actions.length >= known && JSON.stringify(log.actions.slice(0, known)) === JSON.stringify(cache.actions);
  if (!extends_ || cache.state === undefined) {
    cache.state = game.initialState(log.seed, log.options);
    cache.actions = [];
  }
  for (const a of log.actions.slice(cache.actions.length)) {
    cache.state = game.apply(cache.state, a);
    cache.actions.push(a);
  }
  return { state: cache.state, actions: log.actions.length };
}

/** describeAction of every action of a log, in order. */
function replayWords(game: Game, log: { seed: number; options: object; actions: Array<{ type: string; player: number }> }): string[] {
  let state = game.initialState(log.seed, log.options);
  return log.actions.map((a) => {
    const words = game.describeAction(state, a);
    state = game.apply(state, a);
    return words;
  });
}

interface Replayed {
  state: unknown;
  actions: unknown[];
}

/** The view shown on the page is exactly `playerView` for the seat it names. */
async function expectViewMatches(page: Page, game: Game, state: unknown): Promise<void> {
  const seatAttr = await page.getAttribute("#view", "data-seat");
  const seat = seatAttr === "spectator" ? null : Number(seatAttr);
  const shown = JSON.parse((await page.textContent("#view")) ?? "null");
  expect(shown, `view of ${seatAttr}`).toEqual(JSON.parse(JSON.stringify(game.playerView(state, seat))));
}

async function playOneGame(page: Page, game: Game, base: string): Promise<void> {
  // The smallest table keeps each game short enough for CI (Steam Donkey at its default 4 seats
  // runs to about 1,200 actions); the harness covers every player count in Node.
  const players = game.minPlayers;
  await page.goto(`${base}?game=${game.id}&players=${players}&seed=1&seat=0&bot=random`);
  const rng = seedRng(`browser/${game.id}`);
  const cache: Replayed = { state: undefined, actions: [] };
  let clicks = 0;
  let triedUndo = false;
  let triedSwitch = false;
  for (;;) {
    const waiting = await waitForPersonOrEnd(page);
    const { state, actions } = await pageState(page, game, cache);
    await expectViewMatches(page, game, state);
    if (waiting === "over") break;
    expect(game.activePlayers(state)).toContain(0);

    if (!triedSwitch && clicks === 3) {
      // Another seat's view and the spectator's, then back to the person's own.
      triedSwitch = true;
      for (const v of [String(players - 1), "spectator", "0"]) {
        await page.selectOption("#view-seat", v);
        await expectViewMatches(page, game, state);
      }
    }
    if (!triedUndo && clicks >= 2 && (await page.isEnabled("#undo"))) {
      triedUndo = true;
      await page.click("#undo");
      await waitForPersonOrEnd(page);
      const after = await pageState(page, game, cache);
      expect(after.actions, "undo takes back at least the person's last move").toBeLessThan(actions);
      await expectViewMatches(page, game, after.state);
      continue;
    }
    if (clicks === 8 && game.id === "donkey-valley" && process.env["UPDATE_SCREENSHOT"]) {
      await page.screenshot({ path: join(root, "docs/playground.png") });
    }

    const buttons = page.locator("button.action");
    const n = await buttons.count();
    const legal = game.legalActions(state, 0);
    expect(n, "one button per legal action of the person's seat").toBe(legal.length);
    await buttons.nth(randomInt(rng, 0, n - 1)).click();
    clicks++;
    expect(clicks, `${game.name} did not end within ${MAX_CLICKS} clicks`).toBeLessThanOrEqual(MAX_CLICKS);
  }

  const final = await pageState(page, game, cache);
  expect(game.isTerminal(final.state)).toBe(true);
  console.log(`${game.name}: ${final.actions} actions, ${clicks} clicked in the browser, undo ${triedUndo ? "clicked" : "never allowed"}`);
  expect(await page.locator("#outcome tr").count(), "a header row and one row per seat").toBe(players + 1);
  // The log in words: the setup, then one line per action, each as describeAction words it.
  const items = page.locator("#log > li");
  expect(await items.count()).toBe(final.actions + 1);
  const replayed = replayWords(game, JSON.parse(await page.inputValue("#log-json")));
  const shownFirstLines = await items.evaluateAll((lis) => lis.map((li) => li.firstChild?.textContent ?? ""));
  expect(shownFirstLines.slice(1)).toEqual(replayed);
  const shots = join(tmpdir(), "rules-playground");
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${game.id}.png`), fullPage: false });

  // Import the exported log: the page rebuilds the same finished game.
  const exported = await page.inputValue("#log-json");
  await page.goto(`${base}?game=${game.id}&players=${players}&seed=99&seat=0&bot=random`);
  // Set the text directly: typing a log of a thousand actions through fill() is needlessly slow.
  await page.$eval("#log-json", (t, text) => void ((t as HTMLTextAreaElement).value = text), exported);
  await page.click("#import");
  await waitForPersonOrEnd(page);
  expect(await page.textContent("#message")).toBe("Log loaded.");
  expect(await page.getAttribute("#app", "data-waiting")).toBe("over");
  expect(JSON.parse(await page.inputValue("#log-json"))).toEqual(JSON.parse(exported));
}
