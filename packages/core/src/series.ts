// A series of seeded games, as `simulate` and `playRecords` both play it: options checked once,
// then game `index` seeded from (master seed, index) alone, so any split of the series between
// processes plays the same games.
import { describeBot, type Bot, type BotFactory } from "./bots.js";
import { firstProblem, functionProblem, intProblem, invalidOptions, objectProblem, seedProblem } from "./checks.js";
import { RulesError } from "./errors.js";
import { canonicalJson, cloneJson, stateHash } from "./json.js";
import { defaultPlayers } from "./players.js";
import type { RecordOptions } from "./records.js";
import { deriveSeed, seedRng, type Seed } from "./rng.js";
import { nextActor } from "./schedule.js";
import { INPUT_LIMITS, describeInput } from "./trust.js";
import type { BaseAction, Game, Outcome } from "./types.js";

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
  const o = opts as Partial<RecordOptions & { games: unknown; onProgress: unknown }>;
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
      [o.trajectory, () => (typeof o.trajectory === "boolean" ? undefined : `trajectory must be true or false, got ${describeInput(o.trajectory)}`)],
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


/** A series resolved once: seats, bot factories, options, step limit. */
export interface Series {
  players: number;
  factories: BotFactory[];
  options: Record<string, unknown>;
  maxSteps: number;
  seed: Seed;
  /** The bot specs given as names (`"mcts:200"`, budget included), per entry of `factories`; a factory's bot says its own name. */
  names?: Array<string | undefined>;
}

/** What one game of a series gave, before it is written as a record. */
export interface SeriesGame {
  index: number;
  seed: number;
  bots: string[];
  steps: number;
  illegalActions: number;
  /** The actions applied, when asked for (a record hashes them). */
  actions: BaseAction[] | undefined;
  /** With a trajectory: the seat that took each action, the seats that could act before it, and the final state's hash. */
  trajectory?: { actors: number[]; active: number[][]; finalHash: string };
  outcome: Outcome | null;
}

/** Seats and bots of a series (options already checked by {@link seriesOptionsProblem}); `where` names the caller in a refusal. */
export function resolveSeries(game: Game, opts: RecordOptions, where: string): Series {
  const players = seatsOf(game, opts);
  const specs = opts.bots && opts.bots.length > 0 ? opts.bots : ["random"];
  const names = specs.map((b) => (typeof b === "string" ? b : undefined));
  return { players, factories: specs.map((b) => resolveBot(b, where)), options: { ...opts.options, players }, maxSteps: opts.maxSteps ?? INPUT_LIMITS.logActions, seed: opts.seed ?? 0, names };
}

/**
 * Game `index` of a series, seeded from `(seed, index)` alone: the game's seed, then each seat's
 * bot seed, then the scheduler of simultaneous steps ({@link chooseActor}), all from one stream
 * named by the master seed and the index. A bot's action that is not legal is counted and replaced
 * by the first legal action, so the series goes on.
 */
export function playSeriesGame(game: Game, series: Series, index: number, keepActions: boolean, trajectory = false): SeriesGame {
  const rng = seedRng(`${String(series.seed)}#${index}`);
  const seed = deriveSeed(rng);
  const bots: Bot[] = [];
  const { players, factories, options, maxSteps } = series;
  for (let p = 0; p < players; p++) bots.push(factories[p % factories.length]!(game, deriveSeed(rng)));
  // A private copy: the fast path mutates it in place.
  const state = game.initialStateInPlace ? game.initialStateInPlace(seed, options) : cloneJson(game.initialState(seed, options));
  const actions: BaseAction[] | undefined = keepActions ? [] : undefined;
  const actors: number[] = [];
  const activeSeats: number[][] = [];
  let steps = 0;
  let illegal = 0;
  while (!game.isTerminal(state) && steps < maxSteps) {
    if (trajectory) activeSeats.push([...game.activePlayers(state)]);
    const p = nextActor(game, state, rng)!;
    if (trajectory) actors.push(p);
    const legal = game.legalActions(state, p);
    let a = bots[p]!.act(state, p, legal) as BaseAction;
    const key = canonicalJson(a);
    if (!legal.some((l) => canonicalJson(l) === key)) {
      illegal++;
      a = legal[0]!;
    }
    game.applyInPlace(state, a);
    actions?.push(a);
    steps++;
  }
  const played: SeriesGame = { index, seed, bots: bots.map((b, p) => series.names?.[p % factories.length] ?? b.name), steps, illegalActions: illegal, actions, outcome: game.outcome(state) ?? null };
  if (trajectory) played.trajectory = { actors, active: activeSeats, finalHash: stateHash(state) };
  return played;
}
