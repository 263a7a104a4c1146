import type { BotFactory } from "./bots.js";
import { invalidOptions } from "./checks.js";
import { stateHash } from "./json.js";
import { playSeriesGame, resolveSeries, seriesOptionsProblem } from "./series.js";
import type { Seed } from "./rng.js";
import { describeInput } from "./trust.js";
import type { BaseAction, Game, Outcome } from "./types.js";

// Simulation at scale: each game's seeds come from (master seed, game index) alone, so any range
// of games can be played by any process in any order and the records concatenate into the same
// file a single process would write.

/**
 * One finished (or abandoned) game, as one line of a `.jsonl` file.
 *
 * @example
 * ```ts
 * import { playRecords, type GameRecord } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const records: GameRecord[] = playRecords(game, 0, 2, { seed: 1, players: 3 });
 * console.log(records.map((r) => JSON.stringify(r).length > 0 && r.outcome?.winners)); // the winners of games 0 and 1
 * ```
 */
export interface GameRecord {
  /** Index of the game in the series (0-based). */
  index: number;
  /** The game's own seed (what `initialState` got). */
  seed: number;
  /** The options passed to `initialState`. */
  options: Record<string, unknown>;
  /** Bot name per seat. */
  bots: string[];
  /** Actions applied. */
  steps: number;
  /** Actions a bot returned that were not legal (each replaced by the first legal action; 0 for correct bots). */
  illegalActions: number;
  /** {@link stateHash} of the action list (the actions themselves with `actions: true`). */
  actionsHash: string;
  actions?: BaseAction[];
  /** With `trajectory: true`: the seat that took each action. */
  actors?: number[];
  /** With `trajectory: true`: before each action, the seats that could act (`activePlayers`). */
  active?: number[][];
  /** With `trajectory: true`: {@link stateHash} of the final state. */
  finalHash?: string;
  /** The result; null when the game was abandoned at `maxSteps`. */
  outcome: Outcome | null;
}

/**
 * Options of {@link playRecords}.
 *
 * @example
 * ```ts
 * import { playRecords, type RecordOptions } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const opts: RecordOptions = { seed: "league", players: 4, bots: ["random"], actions: true };
 * console.log(playRecords(game, 0, 1, opts)[0]?.actions?.length); // the number of actions of game 0
 * ```
 */
export interface RecordOptions {
  /** Master seed of the series (default 0). */
  seed?: Seed;
  /** Number of seats (default: the game's default). */
  players?: number;
  /** Other options for `initialState`. */
  options?: Record<string, unknown>;
  /** One bot per seat (names as {@link botFactory} takes them, or factories); a shorter list repeats. Default random. */
  bots?: Array<string | BotFactory>;
  /** Abandon a game after this many actions (default 100 000). */
  maxSteps?: number;
  /** Keep the full action list in each record (default: its hash only). */
  actions?: boolean;
  /** Keep the actions, who took each, who could act before each, and the final state's hash (implies `actions`). */
  trajectory?: boolean;
}

/**
 * The games of indices `from` (included) to `to` (excluded) of the series, each seeded only from
 * `(seed, index)`: a record never depends on which other games were played, in which process, or
 * in what order. Bots' actions are applied on the fast path; an action that is not legal is
 * counted in the record's `illegalActions` and replaced by the first legal one. `simulate` plays
 * the same games, so its report is {@link summarizeRecords} of these records.
 *
 * @example
 * ```ts
 * import { playRecords } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * // Game 1 of a series is the same record whether or not game 0 was played first.
 * const both = playRecords(game, 0, 2, { seed: 9 });
 * const second = playRecords(game, 1, 2, { seed: 9 });
 * console.log(JSON.stringify(both[1]) === JSON.stringify(second[0])); // true
 * ```
 */
export function playRecords(game: Game, from: number, to: number, opts: RecordOptions = {}): GameRecord[] {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from) invalidOptions("playRecords", `it needs integers 0 <= from <= to, got ${describeInput(from)}..${describeInput(to)}`);
  const problem = seriesOptionsProblem(opts);
  if (problem !== undefined) invalidOptions("playRecords", problem);
  const series = resolveSeries(game, opts, "playRecords");
  const out: GameRecord[] = [];
  for (let index = from; index < to; index++) {
    const g = playSeriesGame(game, series, index, true, opts.trajectory === true);
    const record: GameRecord = {
      index,
      seed: g.seed,
      options: series.options,
      bots: g.bots,
      steps: g.steps,
      illegalActions: g.illegalActions,
      actionsHash: stateHash(g.actions!),
      outcome: g.outcome,
    };
    if (opts.actions || opts.trajectory) record.actions = g.actions!;
    if (g.trajectory) Object.assign(record, g.trajectory);
    out.push(record);
  }
  return out;
}

/**
 * The range of game indices `[from, to)` of shard `i` of `n` (0-based) of a series of `games`: contiguous, disjoint, covering all.
 *
 * @example
 * ```ts
 * import { shardRange } from "@rules/core";
 *
 * console.log(shardRange(10, 0, 3), shardRange(10, 1, 3), shardRange(10, 2, 3)); // [0, 3] [3, 6] [6, 10]
 * ```
 */
export function shardRange(games: number, i: number, n: number): [number, number] {
  if (!Number.isSafeInteger(n) || n < 1 || !Number.isSafeInteger(i) || i < 0 || i >= n) throw new RangeError(`shard ${i}/${n}: needs 0 <= i < n`);
  return [Math.floor((games * i) / n), Math.floor((games * (i + 1)) / n)];
}

