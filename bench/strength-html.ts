// `npm run strength -- ... --html FILE`: the strength tables as one page, beside the text tables it
// prints: the measured seat's win rate with its 95% interval against a fair share and against the
// opponent bot playing the same seat over the same seeds, drawn by Chart.js (inlined from
// node_modules as `rules simulate --report html` does), and the seat-balance table.
import { CHART_JS_CDN, chartJsSource, esc, scriptJson } from "../packages/cli/src/simulate-html.js";
import type { BalanceRow } from "./seat-balance.js";

/** What the page shows of a row of the strength table (bench/strength.ts writes more). */
export interface StrengthRow {
  label: string;
  players: number;
  opponent: string;
  games: number;
  winRate: number;
  interval: [number, number];
  /** 1 / players; null alone at the table. */
  share: number | null;
  randomWinRate: number;
  randomInterval: [number, number];
  meanScore: number;
  randomMeanScore: number;
}

export interface StrengthDocument {
  /** The command line that produced the tables. */
  command: string;
  /** Who played the measured seat, with its budget, and against whom. */
  heading: string;
  balance: readonly BalanceRow[];
  rows: readonly StrengthRow[];
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const span = ([lo, hi]: readonly [number, number]): string => `${pct(lo)}–${pct(hi)}`;

/** The page; `chartJs` is the library's source to inline (null: load it from the CDN). */
export function strengthHtml(doc: StrengthDocument, chartJs: string | null = chartJsSource() ?? null): string {
  const data = {
    labels: doc.rows.map((r) => `${r.label}, ${r.players}p`),
    rates: doc.rows.map((r) => r.winRate * 100),
    intervals: doc.rows.map((r) => r.interval.map((x) => x * 100)),
    opponentRates: doc.rows.map((r) => r.randomWinRate * 100),
    opponentIntervals: doc.rows.map((r) => r.randomInterval.map((x) => x * 100)),
    shares: doc.rows.map((r) => (r.share === null ? null : r.share * 100)),
  };
  const strength = doc.rows
    .map((r) => {
      const solo = r.share === null;
      const cells = [r.label, String(r.players), solo ? "—" : r.opponent, String(r.games), pct(r.winRate), span(r.interval), solo ? "—" : pct(r.share!), solo ? "—" : (r.winRate * r.players).toFixed(2), `${pct(r.randomWinRate)} (${r.opponent})`, span(r.randomInterval), solo ? `${r.meanScore.toFixed(2)} / ${r.randomMeanScore.toFixed(2)}` : ""];
      return `<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`;
    })
    .join("\n");
  const balance = doc.balance
    .map((r) => {
      const seats = r.winRate.map((w, p) => `${pct(w)} (${span(r.interval[p]!)})${r.outside.includes(p) ? " ✗" : ""}`).join("; ");
      return `<tr>${[r.label, String(r.players), String(r.games), pct(r.share), seats, r.outside.length === 0 ? "yes" : `no: seat ${r.outside.join(", ")}`].map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`;
    })
    .join("\n");
  const library = chartJs !== null ? `<script>${chartJs.replace(/<\/script/gi, "<\\/script")}</script>` : `<script src="${CHART_JS_CDN}"></script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bot strength</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
td, th { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: left; }
code { font-size: 90%; }
#nochart { color: #a40; }
</style>
</head>
<body>
<h1>Bot strength</h1>
<p><code>${esc(doc.command)}</code></p>
${doc.rows.length === 0 ? "" : `<h2>${esc(doc.heading)}</h2>
<p id="nochart" hidden>The chart needs Chart.js, which this page loads from ${esc(CHART_JS_CDN)}: it could not be loaded (install chart.js to inline it).</p>
<figure><figcaption>Win rate of the measured seat and of the opponent bot in that seat over the same seeds, with 95% intervals (Wilson); the line is a fair share</figcaption><canvas id="strength"></canvas></figure>
<table>
<tr><th>game</th><th>players</th><th>opponents</th><th>games</th><th>win rate</th><th>95% interval</th><th>fair share</th><th>× share</th><th>opponent bot in the seat</th><th>its 95% interval</th><th>mean score (solo) / opponent's</th></tr>
${strength}
</table>`}
${doc.balance.length === 0 ? "" : `<h2>Seat balance: random bots in every seat</h2>
<table>
<tr><th>game</th><th>players</th><th>games</th><th>share</th><th>win rate by seat, 95% interval</th><th>every interval holds the share</th></tr>
${balance}
</table>`}
${doc.rows.length === 0 ? "" : `${library}
<script>
const data = ${scriptJson(data)};
if (typeof Chart === "undefined") document.getElementById("nochart").hidden = false;
else {
  Chart.defaults.animation = false;
  new Chart(document.getElementById("strength"), { type: "bar", data: { labels: data.labels, datasets: [
    // A bar and its interval share a place (the same stack) without adding up (y is not stacked).
    { label: "measured seat (%)", data: data.rates, backgroundColor: "#4e79a7", stack: "seat", order: 2 },
    { label: "its 95% interval", data: data.intervals, backgroundColor: "#f28e2b", maxBarThickness: 8, stack: "seat", order: 1 },
    { label: "opponent bot in that seat (%)", data: data.opponentRates, backgroundColor: "#bab0ac", stack: "opponent", order: 2 },
    { label: "its 95% interval", data: data.opponentIntervals, backgroundColor: "#79706e", maxBarThickness: 8, stack: "opponent", order: 1 },
    { type: "line", label: "fair share (%)", data: data.shares, borderColor: "#e15759", backgroundColor: "#e15759", showLine: false, pointStyle: "line", pointRadius: 14, order: 0 } ] },
    options: { scales: { y: { stacked: false, beginAtZero: true, title: { display: true, text: "% of games won" } } } } });
}
</script>`}
</body>
</html>
`;
}
