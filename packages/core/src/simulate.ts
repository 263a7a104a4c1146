import type { BotFactory } from "./bots.js";
import { invalidOptions } from "./checks.js";
import type { GameRecord } from "./records.js";
import { playSeriesGame, resolveSeries, seriesOptionsProblem } from "./series.js";
import type { Seed } from "./rng.js";
import type { Game } from "./types.js";
import { emptyTally, reportOfTally, tallyRecord } from "./tally.js";

/**
 * Options of {@link simulate}.
 *
 * @example
 * ```ts
 * import { simulate, type SimulateOptions } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const opts: SimulateOptions = { games: 3, seed: 1, players: 5, bots: ["random"] };
 * console.log(simulate(game, opts).players); // 5
 * ```
 */
export interface SimulateOptions {
  /** Number of games to play. */
  games: number;
  /** Master seed: every game's seed and every bot's seed derive from it. Default 0. */
  seed?: Seed;
  /** Number of seats (default: `options.players`, else the game's default, {@link defaultPlayers}). */
  players?: number;
  /** Other game options, passed to `initialState`. */
  options?: Record<string, unknown>;
  /** One bot per seat (names such as `"random"`/`"mcts"`, or factories). A shorter list repeats. Default: all random. */
  bots?: Array<string | BotFactory>;
  /** A game still running after this many actions is abandoned and counted in `unfinished`. Default 100 000. */
  maxSteps?: number;
  /** Called after each game with the number finished so far. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Summary statistics of a series of numbers.
 *
 * @example
 * ```ts
 * import { stats, type Stats } from "@rules/core";
 *
 * const s: Stats = stats([2, 4, 6]);
 * console.log(s.mean, s.min, s.max); // 4 2 6
 * ```
 */
export interface Stats {
  mean: number;
  min: number;
  max: number;
  stdev: number;
}

/**
 * What {@link simulate} reports.
 *
 * @example
 * ```ts
 * import { simulate, type SimulationReport } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const r: SimulationReport = simulate(game, { games: 4, seed: 2, players: 3 });
 * console.log(r.winRateBySeat.length, r.length.mean > 0, r.unfinished); // 3 true 0
 * ```
 */
export interface SimulationReport {
  game: string;
  games: number;
  players: number;
  bots: string[];
  /** Share of games won by each seat (a shared win counts 1/k to each of k winners; a solo game lost to the game's own opponent counts for nobody). */
  winRateBySeat: number[];
  /** Actions per finished game. */
  length: Stats;
  /** Final score per seat. */
  scoreBySeat: Stats[];
  /** Winner's score minus last place's score, per game. */
  scoreSpread: Stats;
  /** Actions a bot returned that were not legal (always 0 for correct bots). */
  illegalActions: number;
  /** Games abandoned at `maxSteps`. */
  unfinished: number;
  /** Total actions applied. */
  totalSteps: number;
}

/**
 * Mean, minimum, maximum and population standard deviation of `xs` (all 0 for an empty list).
 *
 * @example
 * ```ts
 * import { stats } from "@rules/core";
 *
 * console.log(stats([1, 2, 3])); // { mean: 2, min: 1, max: 3, stdev: 0.816... }
 * ```
 */
export function stats(xs: readonly number[]): Stats {
  if (xs.length === 0) return { mean: 0, min: 0, max: 0, stdev: 0 };
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const x of xs) {
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const mean = sum / xs.length;
  let sq = 0;
  for (const x of xs) sq += (x - mean) ** 2;
  return { mean, min, max, stdev: Math.sqrt(sq / xs.length) };
}

/**
 * Play many games between bots on the fast path and report statistics. Deterministic: the same
 * arguments give the same report. Game `i` is game `i` of {@link playRecords} with the same
 * options (seeded from the master seed and `i` alone), so the report is
 * `summarizeRecords(game, players, playRecords(...))` and any split of the games between processes
 * gives the same report. Each bot action is checked against the legal list; an illegal one is
 * counted and replaced by the first legal action so the series can go on. In a simultaneous step
 * the seat that acts next is drawn from the game's own scheduling stream ({@link chooseActor}).
 *
 * @example
 * ```ts
 * import { simulate } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const report = simulate(game, { games: 5, seed: 1, players: 3, bots: ["random"] });
 * console.log(report.winRateBySeat, report.scoreBySeat.map((s) => s.mean));
 * ```
 */
export function simulate(game: Game, opts: SimulateOptions): SimulationReport {
  const problem = seriesOptionsProblem(opts, { games: true });
  if (problem !== undefined) invalidOptions("simulate", problem);
  const series = resolveSeries(game, opts, "simulate");
  // Sums only: memory does not grow with the number of games.
  const tally = emptyTally(series.players);
  for (let g = 0; g < opts.games; g++) {
    tallyRecord(tally, playSeriesGame(game, series, g, false));
    opts.onProgress?.(g + 1, opts.games);
  }
  return reportOfTally(game, tally);
}

/**
 * The report of {@link simulate} from the games' records (of {@link playRecords}, or read back
 * from a `.jsonl` file), through a {@link SimulationTally}: how the CLI sums the records its worker
 * processes write, so a series split between processes reports exactly what one process reports.
 *
 * @example
 * ```ts
 * import { playRecords, simulate, summarizeRecords } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const records = [...playRecords(game, 0, 2, { seed: 4, players: 3 }), ...playRecords(game, 2, 5, { seed: 4, players: 3 })];
 * const same = JSON.stringify(summarizeRecords(game, 3, records)) === JSON.stringify(simulate(game, { games: 5, seed: 4, players: 3 }));
 * console.log(same); // true
 * ```
 */
export function summarizeRecords(
  game: Pick<Game, "id">,
  players: number,
  records: Iterable<Pick<GameRecord, "bots" | "steps" | "illegalActions" | "outcome">>,
): SimulationReport {
  const tally = emptyTally(players);
  for (const r of records) tallyRecord(tally, r);
  return reportOfTally(game, tally);
}
