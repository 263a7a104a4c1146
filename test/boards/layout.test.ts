// @rules/boards in headless Chromium (Debian's `chromium`, driven by playwright-core), at 1024 and
// 1400 px wide: for every game and map, views of seat 0 at the start, the middle and the end of a
// bot game are mounted on a bare page (test/boards/page, no state behind it). Every drawn element
// lies inside its drawing and the page, every label drawn on a box fits the box, and the chooser
// that a click on any element opens lies fully inside the page and the board. With
// UPDATE_SCREENSHOTS=1 it also writes docs/screenshots/boards/<game>-<start|middle|end>.png.
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, preview, type PreviewServer } from "vite";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "@rules/core";
import { games } from "../../packages/cli/src/games.js";
import { boardViews, type BoardCase, type BoardView } from "./views.js";

const root = new URL("../../", import.meta.url).pathname;
const pageDir = join(root, "test/boards/page");
const WIDTHS = [1024, 1400];
/** With UPDATE_SCREENSHOTS=1, each board at the start, the middle and the end, 1400 px wide, for docs/boards.md. */
const SHOTS = process.env["UPDATE_SCREENSHOTS"] ? join(root, "docs/screenshots/boards") : undefined;

function findChromium(): string | undefined {
  const candidates = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((p): p is string => p !== undefined && p !== "" && existsSync(p));
}
const executablePath = findChromium();
if (!executablePath) console.warn("test/boards/layout.test.ts SKIPPED: no Chromium found (set CHROMIUM_PATH, or `apt-get install -y chromium`).");

/** What the page measured for one mounted view. */
interface Layout {
  outside: string[];
  overflowing: string[];
  choosers: string[];
  clickable: number;
}

/** Measures the mounted board in the page (runs in the browser). */
function measure(): Layout {
  const host = document.getElementById("host")!;
  const pageWidth = document.documentElement.clientWidth;
  const name = (e: Element) => {
    const own = Array.from(e.attributes).filter((a) => a.name.startsWith("data-")).map((a) => `${a.name}=${a.value}`);
    const up = e.closest("[data-target], g[data-card], g[data-seat], g[data-panel]");
    return `<${e.tagName} ${own.join(" ")}>${e.tagName === "text" ? JSON.stringify(e.textContent) : ""}${up && up !== e ? ` in ${up.getAttribute("data-target") ?? Array.from(up.attributes).map((a) => `${a.name}=${a.value}`).join(" ")}` : ""}`;
  };
  const out: Layout = { outside: [], overflowing: [], choosers: [], clickable: 0 };
  for (const svg of Array.from(host.querySelectorAll<SVGSVGElement>(".rules-board svg"))) {
    if (svg.parentElement?.closest("svg")) continue;
    const box = svg.getBoundingClientRect();
    for (const e of Array.from(svg.querySelectorAll("rect, circle, ellipse, line, polyline, polygon, path, text"))) {
      if (e.closest("defs, clipPath, pattern, title")) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.left < -1 || r.right > pageWidth + 1) {
        out.outside.push(name(e));
      }
    }
    // A label drawn on a box (a text whose group's first element is a rect) fits that box.
    for (const t of Array.from(svg.querySelectorAll("text"))) {
      const first = t.parentElement?.firstElementChild;
      if (!first || first === t || first.tagName !== "rect" || t.parentElement!.hasAttribute("data-label-outside")) continue;
      const b = first.getBoundingClientRect();
      const r = t.getBoundingClientRect();
      const inside = (a: number, lo: number, hi: number) => a >= lo - 1.5 && a <= hi + 1.5;
      const overlaps = r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
      if (overlaps && !(inside(r.left, b.left, b.right) && inside(r.right, b.left, b.right))) out.overflowing.push(name(t));
    }
  }
  const panel = host.querySelector(".rules-board-panel")!.getBoundingClientRect();
  const clickable = Array.from(host.querySelectorAll("[data-clickable]"));
  out.clickable = clickable.length;
  for (const e of clickable) {
    e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const chooser = host.querySelector(".rules-chooser");
    if (!chooser) continue;
    const c = chooser.getBoundingClientRect();
    if (c.left < -0.5 || c.right > pageWidth + 0.5 || c.left < panel.left - 0.5 || c.right > panel.right + 0.5) {
      out.choosers.push(`${e.getAttribute("data-target")}: chooser at ${Math.round(c.left)}..${Math.round(c.right)} (page 0..${pageWidth}, board ${Math.round(panel.left)}..${Math.round(panel.right)})`);
    }
    chooser.querySelector<HTMLButtonElement>(".rules-chooser-cancel")!.click();
  }
  return out;
}

describe.skipIf(!executablePath)("@rules/boards at 1024 and 1400 px wide", () => {
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    const outDir = mkdtempSync(join(tmpdir(), "rules-boards-page-"));
    const config = { root: pageDir, base: "./", resolve: { tsconfigPaths: true }, logLevel: "warn" as const, configFile: false as const };
    await build({ ...config, build: { outDir, emptyOutDir: true, target: "es2022" } });
    server = await preview({ ...config, build: { outDir }, preview: { port: 0, host: "127.0.0.1" } });
    url = server.resolvedUrls!.local[0]!;
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: executablePath!, args: ["--no-sandbox", "--disable-gpu"], timeout: 0 });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(0);
    await page.goto(url);
    await page.waitForSelector("body[data-ready]");
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (server ? server.httpServer.close(() => r()) : r()));
  });

  for (const c of boardCases()) {
    it(`${c.name}: every element inside the drawing and the page, labels inside their boxes, the chooser inside the page`, async () => {
      const problems: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const v of boardViews(c)) {
          await page.evaluate(([g, view, legal]) => (window as unknown as { boards: { mount(...a: unknown[]): void } }).boards.mount(g, view, 0, legal), [c.game.id, v.view, v.legal] as const);
          if (SHOTS && width === 1400 && v.when !== "last move") {
            await page.locator(".rules-board").screenshot({ path: join(SHOTS, `${c.name}-${v.when}.png`) });
          }
          const m = await page.evaluate(measure);
          const at = `${width}px, ${v.when}`;
          problems.push(...m.outside.map((e) => `${at}: outside: ${e}`), ...m.overflowing.map((e) => `${at}: text past its box: ${e}`), ...m.choosers.map((e) => `${at}: ${e}`));
        }
      }
      expect([...new Set(problems)].slice(0, 40)).toEqual([]);
    });
  }

  it("keyboard play: Tab reaches every clickable element, each named by its moves; Enter makes a move, through the chooser where several share an element", async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    for (const name of ["donkey-valley", "age-of-steam-exp-rust-belt"]) {
      const c = boardCases().find((x) => x.name === name)!;
      const v = boardViews(c)[name === "donkey-valley" ? 0 : 1]!;
      await page.evaluate(([g, view, legal]) => (window as unknown as { boards: { mount(...a: unknown[]): void } }).boards.mount(g, view, 0, legal), [c.game.id, v.view, v.legal] as const);
      const clickable = await page.locator("[data-clickable]").count();
      expect(clickable).toBeGreaterThan(0);
      // Every clickable element is in the tab order with a name.
      const named = await page.$$eval("[data-clickable]", (es) => es.filter((e) => e.getAttribute("tabindex") === "0" && e.getAttribute("role") === "button" && (e.getAttribute("aria-label") ?? "") !== "").length);
      expect(named).toBe(clickable);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      let focused = "";
      for (let k = 0; k < 5 && focused === ""; k++) {
        await page.keyboard.press("Tab");
        focused = await page.evaluate(() => document.activeElement?.getAttribute("data-target") ?? "");
      }
      expect(focused, "Tab reaches a board element").not.toBe("");
      await page.keyboard.press("Enter");
      const chooserOpen = await page.locator(".rules-chooser").count();
      if (chooserOpen > 0) {
        expect(await page.evaluate(() => document.activeElement?.classList.contains("rules-choice"))).toBe(true);
        await page.keyboard.press("Enter");
      }
      const chosen = await page.evaluate(() => (window as unknown as { boards: { chosen: unknown[] } }).boards.chosen);
      expect(chosen, `${name}: Enter on ${focused} made one move`).toHaveLength(1);
      expect(v.legal.map((a) => JSON.stringify(a))).toContain(JSON.stringify(chosen[0]));
    }
  });

  it("seats are told apart by a letter beside their colour, not by colour alone (colour-blind players)", async () => {
    // Steam Donkey draws no seat colours (seats are named); every other board colours its seats.
    for (const c of boardCases().filter((x) => x.game.id !== "steam-donkey")) {
      const v = boardViews(c)[1]!;
      await page.evaluate(([g, view, legal]) => (window as unknown as { boards: { mount(...a: unknown[]): void } }).boards.mount(g, view, 0, legal), [c.game.id, v.view, v.legal] as const);
      const texts = await page.$$eval(".rules-board svg text", (ts) => ts.map((t) => (t.textContent ?? "").trim()));
      for (let p = 0; p < c.players; p++) {
        const letter = "ABCDEF"[p]!;
        expect(texts.some((t) => t === letter || t.includes(`(${letter})`)), `${c.name}: seat ${p}'s letter ${letter}`).toBe(true);
      }
    }
  });

  const mountView = (c: BoardCase, v: BoardView) => page.evaluate(([g, view, legal]) => (window as unknown as { boards: { mount(...a: unknown[]): void } }).boards.mount(g, view, 0, legal), [c.game.id, v.view, v.legal] as const);

  it("Age of Steam: the players' table shows each seat's score if the game ended now (the engine's), and the Orient Express tax where income is", async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const problems: string[] = [];
    for (const name of ["age-of-steam-exp-rust-belt", "age-of-steam-exp-orient-express"]) {
      const c = boardCases().find((x) => x.name === name)!;
      for (const v of boardViews(c)) {
        await mountView(c, v);
        const table = await page.$$eval("[data-panel=players]", ([g]) => ({
          header: Array.from(g!.querySelectorAll(":scope > text"), (t) => t.textContent ?? ""),
          rows: Array.from(g!.querySelectorAll("[data-player]"), (row) => {
            const cell = row.querySelector("[data-score]");
            return { p: Number(row.getAttribute("data-player")), score: cell?.getAttribute("data-score") ?? null, shown: cell?.querySelector("text")?.textContent ?? null, tip: cell?.querySelector("title")?.textContent ?? "", income: row.querySelector("[data-income-cell] title")?.textContent ?? "" };
          }),
          tax: g!.querySelector("[data-income-tax] text")?.textContent ?? null,
        }));
        const at = `${name} ${v.when}`;
        if (!table.header.includes("Score")) problems.push(`${at}: no Score column`);
        for (const r of table.rows) {
          const want = v.scores![r.p]!;
          // A bankrupt seat (the engine's -1000, ranked last) reads "out".
          const bankrupt = want === -1000;
          if (r.score !== String(want) || r.shown !== (bankrupt ? "out" : String(want))) problems.push(`${at}: seat ${r.p} shows score ${r.shown}, the engine counts ${want}`);
          const how = bankrupt ? /went bankrupt/ : v.when === "end" ? /^final score: 3 × income \d+ = \d+, − 3 × shares \d+ = −\d+, \+ \d+ track tiles? in complete links = -?\d+$/ : /^score if the game ended now: 3 × income/;
          if (!how.test(r.tip)) problems.push(`${at}: seat ${r.p}'s score tooltip does not say how it is counted: ${JSON.stringify(r.tip)}`);
          if (name.endsWith("orient-express") && !/Orient Express tax: income −2 more each turn/.test(r.income)) problems.push(`${at}: seat ${r.p}'s income tooltip lacks the Orient Express tax`);
        }
        if (name.endsWith("orient-express") && !/^Orient Express tax: every income −2 more each turn/.test(table.tax ?? "")) problems.push(`${at}: no visible note of the Orient Express tax under the table`);
        if (name.endsWith("rust-belt") && table.tax !== null) problems.push(`${at}: a tax note on a map without a tax`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("SteamRollers: the phase line is not squeezed and is at least 10 px tall at 1024 and 1400 px", async () => {
    const problems: string[] = [];
    for (const c of boardCases().filter((x) => x.game.id === "steamrollers")) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const v of boardViews(c)) {
          await mountView(c, v);
          const line = await page.$eval(".rules-board [data-phase]", (t) => ({ words: t.textContent ?? "", squeezed: t.hasAttribute("textLength"), px: Number(t.getAttribute("font-size")) * ((t as SVGTextElement).getScreenCTM()?.a ?? 0) }));
          if (line.squeezed) problems.push(`${c.name} ${width}px ${v.when}: phase line squeezed: ${line.words}`);
          if (line.px < 10) problems.push(`${c.name} ${width}px ${v.when}: phase line ${line.px.toFixed(1)} px: ${line.words}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("Steam Park: the bag's count per colour is drawn in words beside a \"Bag\" label, not only in a tooltip", async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const c = boardCases().find((x) => x.name === "steam-park")!;
    const problems: string[] = [];
    for (const v of boardViews(c)) {
      await mountView(c, v);
      const bag = (v.view as { bag: number[] }).bag;
      const seen = await page.evaluate(() => ({
        label: Array.from(document.querySelectorAll(".rules-board [data-top] > text"), (t) => t.textContent).includes("Bag"),
        counts: Array.from(document.querySelectorAll(".rules-board [data-bag-colour]"), (g) => {
          const t = g.querySelector("text") as SVGTextElement | null;
          return { words: t?.textContent ?? "", px: t ? Number(t.getAttribute("font-size")) * (t.getScreenCTM()?.a ?? 0) : 0 };
        }),
      }));
      if (!seen.label) problems.push(`${v.when}: no "Bag" label`);
      if (JSON.stringify(seen.counts.map((x) => x.words)) !== JSON.stringify(bag.map(String))) problems.push(`${v.when}: bag counts drawn ${JSON.stringify(seen.counts.map((x) => x.words))}, the bag holds ${JSON.stringify(bag)}`);
      if (seen.counts.some((x) => x.px < 10)) problems.push(`${v.when}: bag counts smaller than 10 px`);
    }
    expect(problems).toEqual([]);
  });

  for (const c of boardCases().filter((x) => READABLE[x.name])) {
    it(`${c.name}: the board says what a player needs to read (issue 32's defects stay fixed)`, async () => {
      const problems: string[] = [];
      for (const v of boardViews(c)) {
        await page.evaluate(([g, view, legal]) => (window as unknown as { boards: { mount(...a: unknown[]): void } }).boards.mount(g, view, 0, legal), [c.game.id, v.view, v.legal] as const);
        const words = await page.evaluate(() => {
          const board = document.querySelector(".rules-board")!;
          return [board.textContent ?? "", ...Array.from(board.querySelectorAll("title"), (t) => t.textContent ?? "")].join(" \n ");
        });
        problems.push(...READABLE[c.name]!(v.when, words).map((p) => `${v.when}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }
});

/**
 * What a player must be able to read on the board (its words and tooltips), by case and moment:
 * each entry names a defect of issue 32 and fails while it is back.
 */
const READABLE: Record<string, (when: string, words: string) => string[]> = {
  "donkey-valley": (when, w) => [
    ...(when === "end" && /Round \d/.test(w) ? ["the end still names a round"] : []),
    ...(/\b1 (points|cards)\b/.test(w) ? ["\"1 points\" or \"1 cards\""] : []),
    ...(!/half the load cards/.test(w) ? ["no favor effects"] : []),
    // The legibility audit: the round's step while playing, the winner at the end.
    ...(when !== "end" && !/Step \d|Favor \d/.test(w) ? ["no step of the round"] : []),
    ...(when === "end" && !/Winner: Seat \d|Shared victory/.test(w) ? ["no winner at the end"] : []),
  ],
  "steam-donkey": (when, w) => [
    ...(when !== "start" && !/\d+ points/.test(w) ? ["no running score"] : []),
    // At the start the posters' sides (and so the spaces a resort needs) are still being chosen.
    ...(when !== "start" && !/\d+ of \d+ spaces filled/.test(w) ? ["no count of the resort's filled spaces against its poster"] : []),
    ...(!/hand: \d+ of 1[25]/.test(w) ? ["no hand limit"] : []),
    ...(!/Play order: Seat 0 → Seat 1/.test(w) ? ["no play order"] : []),
    ...(when !== "start" && !/Hand limit fifteen|two visitor colours|one card fewer|discard pile into the hand/.test(w) ? ["no Kick-on or Character effect"] : []),
  ],
  steamrollers: (when, w) => [
    ...(!/Start player/.test(w) ? ["no first player marker"] : []),
    ...(!/empty cities: \d \(the end at 3\)/.test(w) ? ["no count of empty cities (the game end)"] : []),
    ...(when !== "end" && !/Round \d+, seat \d/.test(w) ? ["no round and whose turn"] : []),
  ],
  "steamrollers-solo": (when, w) => [
    ...(when !== "end" && !/Turn \d+, seat 0/.test(w) ? ["no turn and step"] : []),
    ...(when === "end" && /if it ended now/.test(w) ? ["\"if it ended now\" after the end"] : []),
    ...(when === "end" && !/Olive: -?\d+ points/.test(w) ? ["no result for Olive"] : []),
  ],
  "steam-park": (when, w) => [
    ...(when === "end" && /rolling/.test(w) ? ["a seat is \"rolling\" after the end"] : []),
    ...(/\b(rainbow|fans|crowd|showman|giant|merchant|variety|landowner|spotless|fullHouse) \+\d/.test(w) ? ["a bonus card without its condition"] : []),
    ...(!/Dirt fee|Final Dirt/.test(w) ? ["no Final Dirt track"] : []),
    ...(!/visitors? seated · income \$\d+ a turn/.test(w) ? ["no visitors and income per seat"] : []),
    ...(!/1st turn order token \(discard 4 Dirt\)/.test(w) ? ["no turn order token effects"] : []),
    ...(!/Income phase: \$2/.test(w) ? ["no stand abilities"] : []),
  ],
  "age-of-steam-exp-rust-belt": (when, w) => [
    ...(!/Turn order/.test(w) ? ["the players' table does not say it is in turn order"] : []),
    ...(!/expenses \$\d+/.test(w) ? ["no expenses"] : []),
    ...(/game over · game over/i.test(w) ? ["\"game over\" twice"] : []),
  ],
  "age-of-steam-exp-amusement-park": (when, w) => (!/To clear the park: \d+ visitors? to transport · \d+ of \d+ large ones served/.test(w) ? ["no progress to a clear park"] : []),
};

function boardCases(): BoardCase[] {
  const out: BoardCase[] = [];
  const add = (game: Game, players: number, options: Record<string, unknown> = {}, name = game.id) => out.push({ game, players, options, name });
  add(games["donkey-valley"]!, 3);
  add(games["steam-donkey"]!, 3, { advanced: true });
  add(games["steamrollers"]!, 3);
  add(games["steamrollers"]!, 1, {}, "steamrollers-solo");
  add(games["steam-park"]!, 3);
  add(games["age-of-steam-exp"]!, 3, { map: "rust-belt" }, "age-of-steam-exp-rust-belt");
  add(games["age-of-steam-exp"]!, 4, { map: "orient-express" }, "age-of-steam-exp-orient-express");
  add(games["age-of-steam-exp"]!, 1, { map: "amusement-park" }, "age-of-steam-exp-amusement-park");
  return out;
}

