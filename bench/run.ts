// `npm run bench`: throughput of every game of the `rules` command, as Markdown. A report, never a
// test: nothing here fails on a number. Budget: about 75 s in all (BENCH_SECONDS overrides the
// total); `npm run bench -- donkey-valley` measures only the named games.
//
//   --players N          seats for every game (default: each game's default, for --map its map's)
//   --map ID             the board, for a game with several (options.map, e.g. amusement-park)
//   --json FILE          also write the reports as JSON, for a later --compare
//   --compare FILE       print this run's figures against an earlier --json file (ratios now/before)
//   --cpu                time on this process's CPU clock (user + system) instead of the wall clock:
//                        on a shared, overloaded machine the figures then say what one core does
//   --anchor PATH=CMD    an outside yardstick you supply, e.g. a hand-written reference simulator:
//                        CMD is run by the shell before and after the game's measurement, `{players}`
//                        replaced by the seat count; it must print "<number> games/s". PATH is the
//                        path whose games/s it is compared with: inPlace, unchecked or checked.
//                        Repeatable; only meaningful with one game named. With --cpu, write
//                        PATH:G=CMD with `{games}` in CMD: it runs with G and 3G games and its
//                        rate is 2G over the difference of the two runs' CPU time (start-up and
//                        warm-up cancel out), read from the shell's `times`.
//                        A game's ratio below its floor (ANCHOR_FLOORS in packages/cli/src/bench.ts:
//                        Donkey Valley's fast path at 0.07× a hand-written simulator) is printed as
//                        a regression and the run exits with status 1; --json keeps the anchors,
//                        and --compare also sets the earlier run's anchor ratios beside this run's.
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { defaultPlayers } from "@rules/core";
import { games } from "../packages/cli/src/games.js";
import { anchorRegressions, benchGame, fmt, formatBench, formatCompare, type AnchorResult, type BenchReport } from "../packages/cli/src/bench.js";

const args = process.argv.slice(2);
const wanted: string[] = [];
const anchors: Array<{ path: "inPlace" | "unchecked" | "checked"; command: string; games?: number }> = [];
let jsonOut: string | undefined;
let compareWith: string | undefined;
let players: number | undefined;
let map: string | undefined;
let cpuClock = false;
const USAGE =
  "usage: npm run bench -- [game ...] [--players N] [--map ID] [--cpu] [--json FILE] [--compare FILE] [--anchor PATH[:G]=COMMAND ...]\n" +
  `games: ${Object.keys(games).join(", ")}; BENCH_SECONDS sets the total budget (default 75). The options are explained at the top of bench/run.ts.`;
const fail = (message: string): never => {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(2);
};
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const value = (): string => args[++i] ?? fail(`${a} needs a value`);
  if (a === "--json") jsonOut = value();
  else if (a === "--compare") compareWith = value();
  else if (a === "--players") players = Number(value());
  else if (a === "--map") map = value();
  else if (a === "--cpu") cpuClock = true;
  else if (a === "--anchor") {
    const v = value();
    const eq = v.indexOf("=");
    const [path, count] = v.slice(0, Math.max(0, eq)).split(":");
    if (eq < 0 || !["inPlace", "unchecked", "checked"].includes(path!)) fail(`--anchor takes PATH=COMMAND with PATH inPlace, unchecked or checked, got "${v}"`);
    const games = count === undefined ? undefined : Number(count);
    if (games !== undefined && !(Number.isInteger(games) && games > 0)) fail(`--anchor PATH:G=COMMAND needs a positive integer G, got "${count}"`);
    anchors.push({ path: path as "inPlace", command: v.slice(eq + 1), ...(games === undefined ? {} : { games }) });
  } else if (a.startsWith("--")) fail(`unknown option ${a}`);
  else wanted.push(a);
}
if (players !== undefined && !Number.isInteger(players)) fail("--players needs an integer");
if (cpuClock && anchors.some((a) => a.games === undefined || !a.command.includes("{games}"))) fail("with --cpu, write each anchor as PATH:G=COMMAND with {games} in COMMAND");
const unknown = wanted.filter((id) => !Object.hasOwn(games, id));
if (unknown.length > 0) fail(`unknown game(s) ${unknown.join(", ")}; known: ${Object.keys(games).join(", ")}`);
const selected = Object.values(games).filter((g) => wanted.length === 0 || wanted.includes(g.id));
const total = Number(process.env["BENCH_SECONDS"] ?? 75);
const perGame = Math.min(15, total / Math.max(1, selected.length));
/** Milliseconds of CPU time this process has used (user + system). */
const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU seconds (user + system) the shell's children used running `command` with `games` games. */
function anchorCpuSeconds(command: string, seats: number, games: number): number {
  const cmd = command.replaceAll("{players}", String(seats)).replaceAll("{games}", String(games));
  const out = execSync(`${cmd} >/dev/null; times`, { encoding: "utf8", shell: "/bin/sh", stdio: ["ignore", "pipe", "inherit"] });
  // `times` prints the shell's user and system time, then its children's: "0m0.930s 0m0.010s".
  const children = out.trim().split("\n").pop() ?? "";
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (parts.length !== 2) throw new Error(`could not read the anchor's CPU time from \`times\`: ${children.slice(0, 100)}`);
  return parts[0]! + parts[1]!;
}

/** Run an anchor command and read its games/s (per CPU second with --cpu, see the top of this file). */
function anchorGamesPerSecond(anchor: (typeof anchors)[number], seats: number): number {
  if (cpuClock) {
    const g = anchor.games!;
    return (2 * g) / (anchorCpuSeconds(anchor.command, seats, 3 * g) - anchorCpuSeconds(anchor.command, seats, g));
  }
  return anchorWallGamesPerSecond(anchor.command, seats);
}

/** Run an anchor command and read the games/s it prints. */
function anchorWallGamesPerSecond(command: string, seats: number): number {
  const out = execSync(command.replaceAll("{players}", String(seats)), { encoding: "utf8", shell: "/bin/sh", stdio: ["ignore", "pipe", "inherit"] });
  const m = /([\d.]+) games\/s/.exec(out);
  if (!m) throw new Error(`anchor printed no "games/s": ${out.trim().slice(0, 200)}`);
  return Number(m[1]);
}

console.log(`# @rules benchmarks\n`);
console.log(
  `Node ${process.version}, ${process.platform}/${process.arch}; about ${perGame.toFixed(1)} s per game, ${players === undefined ? "each game's default player count" : `${players} players`}${map === undefined ? "" : `, map ${map}`}, seeded random playouts${cpuClock ? "; times are CPU seconds of this process, not wall time" : ""}.\n`,
);
const reports: BenchReport[] = [];
const anchorLines: string[] = [];
const anchorResults: AnchorResult[] = [];
for (const game of selected) {
  process.stderr.write(`benchmarking ${game.id} ...\n`);
  try {
    const seats = players ?? defaultPlayers(game, map !== undefined ? { map } : undefined);
    const before = anchors.map((a) => anchorGamesPerSecond(a, seats));
    const report = benchGame(game, { seconds: perGame, players: seats, ...(map !== undefined ? { options: { map } } : {}), ...(cpuClock ? { now: cpuNow } : {}) });
    const after = anchors.map((a) => anchorGamesPerSecond(a, report.players));
    reports.push(report);
    anchors.forEach((a, i) => {
      const ref = (before[i]! + after[i]!) / 2;
      const ours = report[a.path].gamesPerSecond;
      anchorResults.push({ game: game.id, players: report.players, path: a.path, ours, anchor: ref, command: a.command });
      anchorLines.push(
        `- ${game.id}, ${report.players} players${cpuClock ? " (per CPU second)" : ""}: \`${a.path}\` ${fmt(ours)} games/s against the anchor's ${fmt(ref)} games/s (${fmt(before[i]!)} before, ${fmt(after[i]!)} after): **${fmt(ours / ref)}×** — anchor: \`${a.command}\``,
      );
    });
  } catch (e) {
    console.log(`- ${game.id}: benchmark failed: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}
console.log(formatBench(reports));
if (anchorLines.length > 0) console.log(["### Against the anchors (measured in this run)", "", ...anchorLines, ""].join("\n"));
if (compareWith !== undefined) {
  const before = JSON.parse(readFileSync(compareWith, "utf8")) as { reports: BenchReport[]; anchors?: AnchorResult[] };
  console.log(formatCompare(before.reports, reports));
  const rows: string[] = [];
  for (const now of anchorResults) {
    const old = before.anchors?.find((b) => b.game === now.game && b.players === now.players && b.path === now.path);
    if (old) rows.push(`| ${now.game} | ${now.players} | \`${now.path}\` | ${fmt(old.ours / old.anchor)}× | ${fmt(now.ours / now.anchor)}× |`);
  }
  if (rows.length > 0) console.log(["### Against the anchors, compared", "", "| game | players | path | before | now |", "| --- | ---: | --- | ---: | ---: |", ...rows, ""].join("\n"));
}
if (jsonOut !== undefined) {
  writeFileSync(jsonOut, JSON.stringify({ node: process.version, date: new Date().toISOString(), reports, anchors: anchorResults }, null, 2) + "\n");
  process.stderr.write(`wrote ${jsonOut}\n`);
}
const regressions = anchorRegressions(anchorResults);
if (regressions.length > 0) {
  console.log(["### Regressions", "", ...regressions.map((r) => `- **Regression**: ${r}`), ""].join("\n"));
  process.exitCode = 1;
}
