import { describeBot, nextActor, type Bot, type BotFactory } from "./bots.js";
import { firstProblem, functionProblem, intProblem, invalidOptions, objectProblem, seedProblem } from "./checks.js";
import { RulesError } from "./errors.js";
import { canonicalJson, cloneJson } from "./json.js";
import { defaultPlayers } from "./players.js";
import { describeInput } from "./trust.js";
import { deriveSeed, seedRng, type Seed } from "./rng.js";
import type { Game } from "./types.js";

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

/** The factory of a bot name (own keys of {@link botFactories} only: `"constructor"` is no bot); `where` names the caller in a refusal. */
export function resolveBot(spec: string | BotFactory, where = "simulate"): BotFactory {
  if (typeof spec === "function") return spec;
  const r = describeBot(spec);
  if (!r.factory) invalidOptions(where, r.problem);
  return r.factory;
}

/**
 * Why `opts` are no options of a series of games ({@link simulate}, `playRecords`), or undefined.
 * Every field is checked before any game starts.
 */
export function seriesOptionsProblem(opts: unknown, fields: { games?: boolean } = {}): string | undefined {
  const o = opts as Partial<SimulateOptions & { actions: unknown }>;
  return (
    objectProblem("the options", opts) ??
    firstProblem([
      [fields.games ? (o.games ?? null) : undefined, () => intProblem("games", o.games, 1, Number.MAX_SAFE_INTEGER)],
      [o.seed, () => seedProblem("seed", o.seed)],
      [o.options, () => objectProblem("options", o.options)],
      [o.bots, () => (Array.isArray(o.bots) ? undefined : `bots must be an array of bot names or factories, got ${describeInput(o.bots)}`)],
      [o.maxSteps, () => intProblem("maxSteps", o.maxSteps, 1, Number.MAX_SAFE_INTEGER)],
      [o.onProgress, () => functionProblem("onProgress", o.onProgress)],
      [o.actions, () => (typeof o.actions === "boolean" ? undefined : `actions must be true or false, got ${describeInput(o.actions)}`)],
    ])
  );
}

/**
 * The number of seats of a series: `players`, else `options.players`, else the game's default
 * for those options ({@link defaultPlayers}); checked against the game before any per-seat array
 * is sized by it.
 */
export function seatsOf(game: Game, opts: { players?: unknown; options?: Record<string, unknown> | undefined }): number {
  const players: unknown = opts.players ?? opts.options?.["players"] ?? defaultPlayers(game, opts.options);
  if (!(typeof players === "number" && Number.isInteger(players) && players >= game.minPlayers && players <= game.maxPlayers)) {
    throw new RulesError("INVALID_OPTIONS", `${game.name} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${describeInput(players)}.`);
  }
  return players;
}

/**
 * Play many games between bots on the fast path and report statistics. Deterministic: the same
 * arguments give the same report. Each bot action is checked against the legal list; an illegal one
 * is counted and replaced by the first legal action so the series can go on.
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
  const players = seatsOf(game, opts);
  const specs = opts.bots && opts.bots.length > 0 ? opts.bots : ["random"];
  const factories = specs.map((b) => resolveBot(b));
  const botNames: string[] = [];
  const maxSteps = opts.maxSteps ?? 100_000;
  const master = seedRng(opts.seed ?? 0);
  const wins = new Array<number>(players).fill(0);
  const lengths: number[] = [];
  const scores: number[][] = Array.from({ length: players }, () => []);
  const spreads: number[] = [];
  let illegal = 0;
  let unfinished = 0;
  let totalSteps = 0;

  for (let g = 0; g < opts.games; g++) {
    const gameSeed = deriveSeed(master);
    const bots: Bot[] = [];
    for (let p = 0; p < players; p++) bots.push(factories[p % factories.length]!(game, deriveSeed(master)));
    if (g === 0) for (const b of bots) botNames.push(b.name);
    // A private copy: the fast path mutates it in place.
    const gameOptions = { ...opts.options, players };
    const state = game.initialStateInPlace ? game.initialStateInPlace(gameSeed, gameOptions) : cloneJson(game.initialState(gameSeed, gameOptions));
    let steps = 0;
    while (!game.isTerminal(state) && steps < maxSteps) {
      const p = nextActor(game, state)!;
      const legal = game.legalActions(state, p);
      let a = bots[p]!.act(state, p, legal);
      const key = canonicalJson(a);
      if (!legal.some((l) => canonicalJson(l) === key)) {
        illegal++;
        a = legal[0]!;
      }
      game.applyInPlace(state, a);
      steps++;
    }
    totalSteps += steps;
    const o = game.outcome(state);
    if (!o) {
      unfinished++;
    } else {
      lengths.push(steps);
      for (const w of o.winners) wins[w]! += 1 / o.winners.length;
      o.scores.forEach((s, p) => scores[p]!.push(s));
      spreads.push(Math.max(...o.scores) - Math.min(...o.scores));
    }
    opts.onProgress?.(g + 1, opts.games);
  }
  const finished = opts.games - unfinished;
  return {
    game: game.id,
    games: opts.games,
    players,
    bots: botNames,
    winRateBySeat: wins.map((w) => (finished === 0 ? 0 : w / finished)),
    length: stats(lengths),
    scoreBySeat: scores.map(stats),
    scoreSpread: stats(spreads),
    illegalActions: illegal,
    unfinished,
    totalSteps,
  };
}
