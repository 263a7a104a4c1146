// `npx tsx bench/steamrollers-solo.ts [games] [difficulty] [firstSeed]`: can a sensible player beat
// Olive (SteamRollers solo)? Plays `games` seeded solo games (default 20, difficulty "clerk", seeds
// from 1) with a bot named as the CLI names it (BOT, default `planner`) and prints its win rate
// with a 95% Wilson interval and both score distributions. A report, never a test; the figures are
// in docs/games/steamrollers.md, "Solo balance".
//
// The bot is read by the CLI's own parser with the package's bots (`planner`, `mcts+planner:200`,
// ...), seeded by the game's seed. For any bot other than `planner`, the planner plays the same
// seeds too, and the report pairs the two (games only one of them won).
//
// Knobs (environment): BOT (default `planner`); for the plain planner BEAM (default 6) and
// CHAIN_DISCOUNT (default 0.3; 0.75 values unfinished track so highly that connections are never
// finished, and wins drop to about 0%); VERBOSE=1 prints one line a game as it ends, so a long run
// can be read while it runs.
import { cloneJson, type Bot, type BotFactory } from "@rules/core";
import { game, oliveBreakdown, breakdown, plannerBot } from "@rules/steamrollers";
import { parseBot } from "../packages/cli/src/play.js";
import { wilson } from "./seat-balance.js";

const options = {
  ...(process.env.BEAM ? { beam: Number(process.env.BEAM) } : {}),
  ...(process.env.CHAIN_DISCOUNT ? { chainDiscount: Number(process.env.CHAIN_DISCOUNT) } : {}),
};
const botName = process.env.BOT ?? "planner";

/** Decisions that cost more CPU than this were searches (the rest follow a plan, or have one choice). */
const SEARCH_MS = 50;

interface Result {
  me: number;
  olive: number;
  won: boolean;
  atOnce: boolean;
  parts: Record<string, number>;
  oliveParts: Record<string, number>;
  turns: number;
  /** Actions played, by type. */
  played: Record<string, number>;
  /** CPU milliseconds of each decision that was a search. */
  searches: number[];
}

function factoryOf(name: string): BotFactory {
  if (name === "planner") return (_game, seed) => plannerBot(seed, options);
  const spec = parseBot(name, game, true);
  if (!spec.factory) throw new Error(spec.problem);
  return spec.factory;
}

function playGame(seed: number, difficulty: string, factory: BotFactory): Result {
  const s = cloneJson(game.initialState(seed, { players: 1, difficulty: difficulty as never }));
  const bot: Bot = factory(game, seed);
  const played: Record<string, number> = {};
  const searches: number[] = [];
  while (!s.over) {
    const t0 = process.cpuUsage();
    const a = bot.act(s, 0, game.legalActions(s, 0));
    const t = process.cpuUsage(t0);
    const ms = (t.user + t.system) / 1000;
    if (ms > SEARCH_MS) searches.push(ms);
    played[a.type] = (played[a.type] ?? 0) + 1;
    game.applyInPlace(s, a);
  }
  const o = game.outcome(s)!;
  const parts = breakdown(s, 0);
  const oliveParts = oliveBreakdown(s);
  return { me: parts.total!, olive: oliveParts.total!, won: o.winners.length === 1, atOnce: s.olive!.won, parts, oliveParts, turns: s.round, played, searches };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function report(label: string, rows: Result[]): void {
  const n = rows.length;
  const mean = (f: (r: Result) => number): string => (rows.reduce((a, r) => a + f(r), 0) / n).toFixed(2);
  const wins = rows.filter((r) => r.won).length;
  const [lo, hi] = wilson(wins, n);
  const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
  const me = rows.map((r) => r.me);
  const ol = rows.map((r) => r.olive);
  console.log(`${label}: won ${wins} of ${n} (${pct(wins / n)}, 95% interval ${pct(lo)}–${pct(hi)})`);
  console.log(`  player: mean ${mean((r) => r.me)}, min/median/max ${q(me, 0)}/${q(me, 0.5)}/${q(me, 1)}; deliveries ${mean((r) => r.parts.deliveries!)}, network ${mean((r) => r.parts.network!)}, engine ${mean((r) => r.parts.engine!)}, tiles ${mean((r) => r.parts.tiles!)}`);
  console.log(`  Olive:  mean ${mean((r) => r.olive)}, min/median/max ${q(ol, 0)}/${q(ol, 0.5)}/${q(ol, 1)}; deliveries ${mean((r) => r.oliveParts.deliveries!)}, network ${mean((r) => r.oliveParts.network!)}, tiles ${mean((r) => r.oliveParts.tiles!)}; Olive won at once in ${rows.filter((r) => r.atOnce).length}`);
  const margin = rows.map((r) => r.me - r.olive);
  console.log(`  margin (player - Olive): mean ${mean((r) => r.me - r.olive)}, 10th/50th/90th percentile ${q(margin, 0.1)}/${q(margin, 0.5)}/${q(margin, 0.9)}`);
  const kinds = ["build", "improveEngine", "deliver", "takeTile", "rerollOlive", "blockOlive", "pass"];
  console.log(`  actions a game: ${kinds.map((t) => `${t} ${mean((r) => r.played[t] ?? 0)}`).join(", ")}; turns ${mean((r) => r.turns)}`);
  const searches = rows.flatMap((r) => r.searches);
  if (searches.length > 0) {
    const total = searches.reduce((a, b) => a + b, 0);
    console.log(`  searches (decisions over ${SEARCH_MS} ms of CPU): ${(searches.length / n).toFixed(1)} a game, CPU per search mean ${(total / searches.length).toFixed(0)} ms, median ${q(searches, 0.5).toFixed(0)} ms, max ${q(searches, 1).toFixed(0)} ms`);
  }
}

function main(): void {
  const games = Number(process.argv[2] ?? 20);
  const difficulty = process.argv[3] ?? "clerk";
  const firstSeed = Number(process.argv[4] ?? 1);
  const factory = factoryOf(botName);
  const baseline = botName === "planner" ? undefined : factoryOf("planner");
  const t0 = process.cpuUsage();
  const rows: Result[] = [];
  const base: Result[] = [];
  for (let seed = firstSeed; seed < firstSeed + games; seed++) {
    const r = playGame(seed, difficulty, factory);
    rows.push(r);
    const b = baseline && playGame(seed, difficulty, baseline);
    if (b) base.push(b);
    if (process.env.VERBOSE) {
      const cpu = r.searches.reduce((a, x) => a + x, 0) / 1000;
      console.log(seed, r.won ? "WIN " : "loss", r.me, r.olive, b ? `planner ${b.won ? "WIN " : "loss"} ${b.me} ${b.olive}` : "", JSON.stringify(r.parts), JSON.stringify(r.oliveParts), r.turns, `searches ${r.searches.length} ${cpu.toFixed(1)} s`);
    }
  }
  const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
  console.log(`${games} games at ${difficulty}, seeds ${firstSeed}..${firstSeed + games - 1}`);
  report(botName, rows);
  if (baseline) {
    report("planner (same seeds)", base);
    const onlyBot = rows.filter((r, i) => r.won && !base[i]!.won).length;
    const onlyPlanner = rows.filter((r, i) => !r.won && base[i]!.won).length;
    console.log(`paired: ${botName} alone won ${onlyBot}, the planner alone won ${onlyPlanner}, both ${rows.filter((r, i) => r.won && base[i]!.won).length}`);
  }
  console.log(`CPU ${cpu.toFixed(1)} s`);
}

if (process.argv[1]?.endsWith("steamrollers-solo.ts")) main();
