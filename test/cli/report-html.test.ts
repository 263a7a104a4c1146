import { describe, expect, it } from "vitest";
import { run } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";
import { CHART_JS_CDN, lengthBins, reportHtml } from "../../packages/cli/src/simulate-html.js";
import type { ReportDocument } from "../../packages/cli/src/simulate-report.js";

// Issue 33: `rules simulate --report html` is one page with win rates by seat and their
// intervals, score distributions and game lengths, drawn by Chart.js inlined from node_modules
// (the page works offline), or loaded from a CDN when the library is not installed.

async function html(): Promise<{ page: string; json: ReportDocument }> {
  const argv = ["simulate", "steam-park", "--games", "6", "--players", "3", "--seed", "4"];
  let page = "";
  let json = "";
  expect(await run([...argv, "--report", "html"], { games, out: (t) => void (page += t), err: () => undefined })).toBe(0);
  expect(await run([...argv, "--report", "json"], { games, out: (t) => void (json += t), err: () => undefined })).toBe(0);
  return { page, json: JSON.parse(json) as ReportDocument };
}

describe("rules simulate --report html", () => {
  it("inlines Chart.js when installed, and holds the tables and the charts' data", async () => {
    const { page, json } = await html();
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).not.toContain(`<script src=`);
    expect(page).toMatch(/Chart\.js v4/);
    for (const id of ["wins", "lengths", "scores"]) expect(page).toContain(`<canvas id="${id}">`);
    const [lo, hi] = json.winInterval95BySeat[0]!;
    expect(page).toContain(`<td>${(json.report.winRateBySeat[0]! * 100).toFixed(1)}%</td><td>${(lo * 100).toFixed(1)}–${(hi * 100).toFixed(1)}%</td>`);
    const data = JSON.parse(/const data = (.*);\n/.exec(page)![1]!) as { seats: string[]; scores: unknown[][]; lengths: unknown[] };
    expect(data.seats).toEqual(["seat 0 (random)", "seat 1 (random)", "seat 2 (random)"]);
    expect(data.scores).toHaveLength(3);
  });

  it("without Chart.js installed, loads it from the CDN and says so if it cannot", async () => {
    const { json } = await html();
    const page = reportHtml({ name: "Steam Park" }, json, null);
    expect(page).toContain(`<script src="${CHART_JS_CDN}"></script>`);
    expect(page).toContain('<p id="nochart" hidden>');
  });

  it("game lengths in at most 30 bins that keep every game", () => {
    const counts: Record<string, number> = {};
    for (let x = 100; x < 400; x += 7) counts[String(x)] = 2;
    const bins = lengthBins(counts);
    expect(bins.length).toBeLessThanOrEqual(30);
    expect(bins.reduce((s, b) => s + b[1], 0)).toBe(Object.keys(counts).length * 2);
    expect(lengthBins({ "5": 1, "7": 2 })).toEqual([["5", 1], ["6", 0], ["7", 2]]);
  });
});
