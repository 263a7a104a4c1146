// `rules simulate --report html` (and `rules merge --report html`): one self-contained page with
// win rates by seat and their 95% intervals, score distributions and game lengths, drawn by
// Chart.js. The library is inlined from node_modules when it is installed (the page then works
// offline); otherwise the page loads it from a CDN and says so. The tables need no script.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Game } from "@rules/core";
import type { ReportDocument } from "./simulate-report.js";

/** The Chart.js version pages load from the CDN when the package is not installed. */
export const CHART_JS_CDN = "https://cdn.jsdelivr.net/npm/chart.js@4.6.1/dist/chart.umd.min.js";

/** Chart.js's UMD build from node_modules, or undefined when it is not installed. */
export function chartJsSource(): string | undefined {
  try {
    const req = createRequire(typeof __filename === "string" ? __filename : import.meta.url);
    return readFileSync(join(dirname(req.resolve("chart.js")), "chart.umd.min.js"), "utf8");
  } catch {
    return undefined;
  }
}

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a script element. */
export function scriptJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

/** Game lengths in at most `bins` equal bins: `[label, games]`. */
export function lengthBins(counts: Record<string, number>, bins = 30): Array<[string, number]> {
  const entries = Object.entries(counts).map(([k, v]) => [Number(k), v] as const);
  if (entries.length === 0) return [];
  const lo = Math.min(...entries.map((e) => e[0]));
  const hi = Math.max(...entries.map((e) => e[0]));
  const width = Math.max(1, Math.ceil((hi - lo + 1) / bins));
  const n = Math.floor((hi - lo) / width) + 1;
  const out = Array.from({ length: n }, (_, i): [string, number] => [width === 1 ? `${lo + i}` : `${lo + i * width}–${lo + (i + 1) * width - 1}`, 0]);
  for (const [x, c] of entries) out[Math.floor((x - lo) / width)]![1] += c;
  return out;
}

/** The HTML page of a report; `chartJs` is the library's source to inline (null: load it from the CDN). */
export function reportHtml(game: Pick<Game, "name">, doc: ReportDocument, chartJs: string | null = chartJsSource() ?? null): string {
  const r = doc.report;
  const finished = r.games - r.unfinished;
  const seats = r.winRateBySeat.map((w, p) => ({ seat: p, bot: r.bots[p] ?? "", rate: w, interval: doc.winInterval95BySeat[p] ?? [0, 1], score: r.scoreBySeat[p]! }));
  const data = {
    seats: seats.map((s) => `seat ${s.seat} (${s.bot})`),
    rates: seats.map((s) => s.rate * 100),
    intervals: seats.map((s) => [s.interval[0] * 100, s.interval[1] * 100]),
    scores: doc.tally.scoreCounts.map((h) => Object.entries(h).map(([x, c]) => ({ x: Number(x), y: finished === 0 ? 0 : (c / finished) * 100 })).sort((a, b) => a.x - b.x)),
    lengths: lengthBins(doc.tally.lengthCounts),
  };
  const rows = seats
    .map((s) => `<tr><td>${s.seat}</td><td>${esc(s.bot)}</td><td>${(s.rate * 100).toFixed(1)}%</td><td>${(s.interval[0] * 100).toFixed(1)}–${(s.interval[1] * 100).toFixed(1)}%</td><td>${num(s.score.mean)}</td><td>${num(s.score.min)}..${num(s.score.max)}</td></tr>`)
    .join("\n");
  const facts: Array<[string, string]> = [
    ["game", `${doc.game} (rules v${doc.rulesVersion})`],
    ["games", `${r.games.toLocaleString("en-US")}${doc.ranges.length === 1 && doc.ranges[0]![0] === 0 && doc.ranges[0]![1] === doc.games ? "" : ` (games ${doc.ranges.map(([a, b]) => `${a}..${b - 1}`).join(", ")} of ${doc.games})`}${doc.interrupted ? `, interrupted by ${doc.interrupted}` : ""}`],
    ["master seed", JSON.stringify(doc.masterSeed)],
    ["options", JSON.stringify(doc.options)],
    ["bots", doc.bots.join(", ")],
    ["packages", Object.entries(doc.versions).map(([k, v]) => `${k} ${v}`).join(", ")],
    ["game length", `mean ${num(r.length.mean)} actions, ${r.length.min}..${r.length.max}`],
    ["illegal actions, unfinished games", `${r.illegalActions}, ${r.unfinished}`],
  ];
  const library = chartJs !== null ? `<script>${chartJs.replace(/<\/script/gi, "<\\/script")}</script>` : `<script src="${CHART_JS_CDN}"></script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(game.name)}: ${r.games} games</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
td, th { padding: 0.2rem 0.8rem; border-bottom: 1px solid #ddd; text-align: left; }
.charts { display: grid; grid-template-columns: 1fr 1fr; gap: 1.5rem; }
figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: 0.3rem; }
.wide { grid-column: 1 / -1; }
#nochart { color: #a40; }
</style>
</head>
<body>
<h1>${esc(game.name)}: ${r.games.toLocaleString("en-US")} games, ${r.players} players</h1>
<table>${facts.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join("")}</table>
<table>
<tr><th>seat</th><th>bot</th><th>win rate</th><th>95% interval</th><th>mean score</th><th>score range</th></tr>
${rows}
</table>
<p id="nochart" hidden>The charts need Chart.js, which this page loads from ${esc(CHART_JS_CDN)}: it could not be loaded (install chart.js next to @rules/cli to inline it).</p>
<div class="charts">
<figure><figcaption>Win rate by seat, with 95% interval (Wilson)</figcaption><canvas id="wins"></canvas></figure>
<figure><figcaption>Game length (actions per finished game)</figcaption><canvas id="lengths"></canvas></figure>
<figure class="wide"><figcaption>Final score distribution by seat (share of finished games)</figcaption><canvas id="scores"></canvas></figure>
</div>
${library}
<script>
const data = ${scriptJson(data)};
if (typeof Chart === "undefined") document.getElementById("nochart").hidden = false;
else {
  Chart.defaults.animation = false;
  new Chart(document.getElementById("wins"), { type: "bar", data: { labels: data.seats, datasets: [
    { label: "win rate (%)", data: data.rates, backgroundColor: "#4e79a7", order: 1 },
    { label: "95% interval (%)", data: data.intervals, backgroundColor: "#f28e2b", maxBarThickness: 12, order: 0 } ] },
    options: { datasets: { bar: { grouped: false } }, scales: { y: { beginAtZero: true, title: { display: true, text: "%" } } } } });
  new Chart(document.getElementById("lengths"), { type: "bar", data: { labels: data.lengths.map((b) => b[0]), datasets: [
    { label: "games", data: data.lengths.map((b) => b[1]), backgroundColor: "#59a14f" } ] },
    options: { plugins: { legend: { display: false } }, scales: { x: { title: { display: true, text: "actions" } } } } });
  const colours = ["#4e79a7", "#e15759", "#76b7b2", "#f28e2b", "#59a14f", "#b07aa1"];
  new Chart(document.getElementById("scores"), { type: "line", data: { datasets: data.scores.map((points, p) => (
    { label: data.seats[p], data: points, borderColor: colours[p % colours.length], backgroundColor: colours[p % colours.length], pointRadius: 2 })) },
    options: { scales: { x: { type: "linear", title: { display: true, text: "final score" } }, y: { beginAtZero: true, title: { display: true, text: "% of games" } } } } });
}
</script>
</body>
</html>
`;
}
