// `npm run bench`: throughput of every game of the `rules` command, as Markdown. A report, never a
// test: nothing here fails on a number. Budget: about 45 s in all (BENCH_SECONDS overrides the
// total); `npm run bench -- donkey-valley` measures only the named games.
import { games } from "../packages/cli/src/games.js";
import { benchGame, formatBench, type BenchReport } from "../packages/cli/src/bench.js";

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !Object.hasOwn(games, id));
if (unknown.length > 0) {
  console.error(`bench: unknown game(s) ${unknown.join(", ")}; known: ${Object.keys(games).join(", ")}`);
  process.exit(2);
}
const selected = Object.values(games).filter((g) => wanted.length === 0 || wanted.includes(g.id));
const total = Number(process.env["BENCH_SECONDS"] ?? 45);
const perGame = Math.min(15, total / Math.max(1, selected.length));

console.log(`# @rules benchmarks\n`);
console.log(`Node ${process.version}, ${process.platform}/${process.arch}; about ${perGame.toFixed(1)} s per game, each game's default player count, seeded random playouts.\n`);
const reports: BenchReport[] = [];
for (const game of selected) {
  process.stderr.write(`benchmarking ${game.id} ...\n`);
  try {
    reports.push(benchGame(game, { seconds: perGame }));
  } catch (e) {
    console.log(`- ${game.id}: benchmark failed: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}
console.log(formatBench(reports));
