import type { GameRecord } from "./records.js";
import type { SimulationReport, Stats } from "./simulate.js";

// The statistics of a series kept as sums, counts and histograms: what one game adds is a fixed
// number of integers (no list of games is kept, so memory does not grow with the number of games),
// and two tallies add up to the tally of both series exactly, in any order, for integer scores:
// shards, workers and a single process give the same report to the last bit.

/**
 * Count, sum, sum of squares, minimum and maximum of a series of numbers.
 *
 * @example
 * ```ts
 * import { statsOfMoments, type Moments } from "@rules/core";
 *
 * const m: Moments = { n: 3, sum: 6, sumSq: 14, min: 1, max: 3 };
 * console.log(statsOfMoments(m).mean); // 2
 * ```
 */
export interface Moments {
  n: number;
  sum: number;
  sumSq: number;
  min: number;
  max: number;
}

/**
 * What a series of games adds up to (see {@link tallyRecord}, {@link mergeTallies},
 * {@link reportOfTally}). Plain JSON: a shard writes it, `rules merge` adds shards up.
 *
 * @example
 * ```ts
 * import { emptyTally, playRecords, reportOfTally, tallyRecord } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const tally = emptyTally(3);
 * for (const r of playRecords(game, 0, 4, { seed: 1, players: 3 })) tallyRecord(tally, r);
 * console.log(reportOfTally(game, tally).games); // 4
 * ```
 */
export interface SimulationTally {
  players: number;
  /** Bot per seat, from the first game tallied. */
  bots: string[];
  games: number;
  unfinished: number;
  illegalActions: number;
  totalSteps: number;
  /** `winsShared[p][k - 1]`: finished games won by seat `p` together with `k - 1` others. */
  winsShared: number[][];
  /** Actions per finished game. */
  length: Moments;
  /** Final score per seat. */
  score: Moments[];
  /** Winner's score minus last place's, per finished game. */
  spread: Moments;
  /** How many finished games had each length (key: the length). */
  lengthCounts: Record<string, number>;
  /** Per seat, how many finished games ended on each score (key: the score). */
  scoreCounts: Array<Record<string, number>>;
}

function emptyMoments(): Moments {
  return { n: 0, sum: 0, sumSq: 0, min: Infinity, max: -Infinity };
}

function addMoment(m: Moments, x: number): void {
  m.n++;
  m.sum += x;
  m.sumSq += x * x;
  if (x < m.min) m.min = x;
  if (x > m.max) m.max = x;
}

function count(h: Record<string, number>, x: number): void {
  const k = String(x);
  h[k] = (Object.hasOwn(h, k) ? h[k]! : 0) + 1;
}

/**
 * A tally of no games, for `players` seats.
 *
 * @example
 * ```ts
 * import { emptyTally } from "@rules/core";
 *
 * console.log(emptyTally(2).games, emptyTally(2).winsShared); // 0 [[0, 0], [0, 0]]
 * ```
 */
export function emptyTally(players: number): SimulationTally {
  return {
    players,
    bots: [],
    games: 0,
    unfinished: 0,
    illegalActions: 0,
    totalSteps: 0,
    winsShared: Array.from({ length: players }, () => new Array<number>(players).fill(0)),
    length: emptyMoments(),
    score: Array.from({ length: players }, emptyMoments),
    spread: emptyMoments(),
    lengthCounts: {},
    scoreCounts: Array.from({ length: players }, () => ({})),
  };
}

/**
 * Add one game's record to `t` (in place): a fixed number of sums, whatever the number of games.
 *
 * @example
 * ```ts
 * import { emptyTally, playRecords, tallyRecord } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const t = emptyTally(4);
 * for (const r of playRecords(game, 0, 3, { seed: 2 })) tallyRecord(t, r);
 * console.log(t.games, t.length.n); // 3 3
 * ```
 */
export function tallyRecord(t: SimulationTally, r: Pick<GameRecord, "bots" | "steps" | "illegalActions" | "outcome">): void {
  if (t.games === 0) t.bots = [...r.bots];
  t.games++;
  t.totalSteps += r.steps;
  t.illegalActions += r.illegalActions;
  const o = r.outcome;
  if (!o) {
    t.unfinished++;
    return;
  }
  addMoment(t.length, r.steps);
  count(t.lengthCounts, r.steps);
  for (const w of o.winners) {
    const row = t.winsShared[w];
    if (row) row[o.winners.length - 1]! += 1;
  }
  o.scores.forEach((s, p) => {
    if (p >= t.players) return;
    addMoment(t.score[p]!, s);
    count(t.scoreCounts[p]!, s);
  });
  addMoment(t.spread, Math.max(...o.scores) - Math.min(...o.scores));
}

function mergeMoments(a: Moments, b: Moments): Moments {
  // An empty one's min and max are infinite, which JSON writes as null.
  if (b.n === 0) return { ...a };
  if (a.n === 0) return { ...b };
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq, min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) };
}

function mergeCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (Object.hasOwn(out, k) ? out[k]! : 0) + v;
  return out;
}

/**
 * The tally of two series together (`a`'s games first). Exact for integer scores: every field is
 * a sum of integers, a minimum or a maximum.
 *
 * @example
 * ```ts
 * import { emptyTally, mergeTallies, playRecords, reportOfTally, simulate, tallyRecord } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const [a, b] = [emptyTally(3), emptyTally(3)];
 * for (const r of playRecords(game, 0, 2, { seed: 6, players: 3 })) tallyRecord(a, r);
 * for (const r of playRecords(game, 2, 5, { seed: 6, players: 3 })) tallyRecord(b, r);
 * const same = JSON.stringify(reportOfTally(game, mergeTallies(b, a))) === JSON.stringify(simulate(game, { games: 5, seed: 6, players: 3 }));
 * console.log(same); // true
 * ```
 */
export function mergeTallies(a: SimulationTally, b: SimulationTally): SimulationTally {
  if (a.players !== b.players) throw new RangeError(`cannot add a tally of ${b.players} seats to one of ${a.players}`);
  return {
    players: a.players,
    bots: a.games > 0 ? a.bots : b.bots,
    games: a.games + b.games,
    unfinished: a.unfinished + b.unfinished,
    illegalActions: a.illegalActions + b.illegalActions,
    totalSteps: a.totalSteps + b.totalSteps,
    winsShared: a.winsShared.map((row, p) => row.map((x, k) => x + b.winsShared[p]![k]!)),
    length: mergeMoments(a.length, b.length),
    score: a.score.map((m, p) => mergeMoments(m, b.score[p]!)),
    spread: mergeMoments(a.spread, b.spread),
    lengthCounts: mergeCounts(a.lengthCounts, b.lengthCounts),
    scoreCounts: a.scoreCounts.map((h, p) => mergeCounts(h, b.scoreCounts[p]!)),
  };
}

/**
 * Mean, minimum, maximum and population standard deviation of what `m` counted (all 0 when
 * empty). For integer sums the variance is computed exactly (`n·Σx² − (Σx)²` in BigInt).
 *
 * @example
 * ```ts
 * import { statsOfMoments } from "@rules/core";
 *
 * console.log(statsOfMoments({ n: 2, sum: 4, sumSq: 10, min: 1, max: 3 })); // { mean: 2, min: 1, max: 3, stdev: 1 }
 * ```
 */
export function statsOfMoments(m: Moments): Stats {
  if (m.n === 0) return { mean: 0, min: 0, max: 0, stdev: 0 };
  const mean = m.sum / m.n;
  let variance: number;
  if (Number.isSafeInteger(m.sum) && Number.isSafeInteger(m.sumSq)) {
    const n = BigInt(m.n);
    variance = Number(n * BigInt(m.sumSq) - BigInt(m.sum) ** 2n) / (m.n * m.n);
  } else {
    variance = Math.max(0, m.sumSq / m.n - mean * mean);
  }
  return { mean, min: m.min, max: m.max, stdev: Math.sqrt(variance) };
}

/**
 * The report of a tally: what {@link simulate} and {@link summarizeRecords} return. A shared win
 * counts 1/k to each of its k winners.
 *
 * @example
 * ```ts
 * import { emptyTally, playRecords, reportOfTally, tallyRecord } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const t = emptyTally(4);
 * for (const r of playRecords(game, 0, 4, { seed: 3 })) tallyRecord(t, r);
 * console.log(reportOfTally(game, t).winRateBySeat); // four shares that add up to 1
 * ```
 */
export function reportOfTally(game: { id: string }, t: SimulationTally): SimulationReport {
  const finished = t.games - t.unfinished;
  return {
    game: game.id,
    games: t.games,
    players: t.players,
    bots: t.bots,
    winRateBySeat: t.winsShared.map((row) => (finished === 0 ? 0 : row.reduce((s, x, k) => s + x / (k + 1), 0) / finished)),
    length: statsOfMoments(t.length),
    scoreBySeat: t.score.map(statsOfMoments),
    scoreSpread: statsOfMoments(t.spread),
    illegalActions: t.illegalActions,
    unfinished: t.unfinished,
    totalSteps: t.totalSteps,
  };
}
