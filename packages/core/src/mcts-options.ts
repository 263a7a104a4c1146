// The options of mctsBot and their checks.
import { firstProblem, functionProblem, intProblem, invalidOptions, objectProblem, seedProblem } from "./checks.js";
import type { Bot, BotFactory } from "./bots.js";
import type { Seed } from "./rng.js";
import { describeInput } from "./trust.js";
import type { BaseAction, PlayerId } from "./types.js";

/**
 * Options of {@link mctsBot}.
 *
 * @example
 * ```ts
 * import { mctsBot, type MctsOptions } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const opts: MctsOptions = { iterations: 30, seed: 3, exploration: 1 };
 * console.log(mctsBot(game, opts).name);
 * // Playouts cut off after 40 actions: scored by game.heuristic when the game has one, else 0.5 each.
 * const short: MctsOptions = { iterations: 100, seed: 3, maxPlayoutSteps: 40 };
 * console.log(mctsBot(game, short).name, typeof game.heuristic);
 * ```
 */
export interface MctsOptions {
  /** Iterations (sampled worlds, each with one playout) per decision (default 200, or unbounded when only `timeMs` is given). */
  iterations?: number;
  /**
   * Thinking time per decision in milliseconds: the search stops at whichever of `iterations` and
   * `timeMs` comes first (without `iterations`, only the clock stops it). Iterations are the
   * reproducible budget: the same seed, options and state give the same move on every machine. A
   * time budget makes the moves depend on the machine, its load and the moment, so games with it
   * are not reproducible and results measured with it hold for that machine only.
   */
  timeMs?: number;
  /** The clock `timeMs` is measured on, in milliseconds (default `performance.now`, a monotonic clock in browsers and Node). */
  now?: () => number;
  /** Exploration constant of UCB1 (default 0.7; rewards lie in [0, 1]). */
  exploration?: number;
  /** Seed of the bot's own generator (default 0). */
  seed?: Seed;
  /**
   * The playout cut-off depth: a playout stops after this many actions (default 10 000, long
   * enough that most games end first; 0: no playout, the state the tree reached is scored). A playout cut off before the end scores the game's
   * {@link Game.heuristic} estimate of each seat's rank reward when the game gives one, else 0.5
   * for every seat (no information). With a heuristic, a short cut-off (20–100 actions) buys many
   * more iterations per second in games whose random playouts run hundreds of actions.
   *
   * Reward scale (per seat, in [0, 1]): a finished game gives 1 for rank 1, 0 for last, linear in
   * between. Solo: a win gives 1; a loss gives 0, or `0.5 × heuristic` of the final state when the
   * game has a heuristic (so a loss by a small margin beats a heavy loss, and every loss stays
   * strictly below any win); a cut-off solo playout scores the heuristic itself.
   */
  maxPlayoutSteps?: number;
  /**
   * The playout policy: the bot that chooses every action of a playout (default: uniformly at
   * random). A {@link BotFactory} is made once, when the search bot is made, with a seed drawn from
   * the search's own generator, so the same `seed` and iteration count give the same moves; a
   * {@link Bot} given as it is keeps its own state across searches (give each search bot its own).
   * It is called with the search's private sampled world, which it must not change, and must return
   * one of the actions it is given (anything else is refused with `INVALID_OPTIONS`). A policy
   * that plays sensibly can tell good moves from bad where random play never scores; each of its
   * decisions costs what the bot costs, so pair a slow policy with a short `maxPlayoutSteps` (0
   * scores the state the tree reached with the heuristic).
   */
  playout?: Bot | BotFactory;
  /**
   * Macro actions: the plans (sequences of actions, each starting with one of the seat's legal
   * actions) the tree chooses among wherever it is given some, instead of single actions; `[]` (or
   * no plan whose first action is legal) falls back to the legal actions. A plan is applied step by
   * step while each step stays legal for its seat (chance may end it early in a sampled world), so
   * a child of the tree is a whole turn, and one search decides a turn. The bot then plays the rest
   * of the plan it chose without searching again, as long as the game goes as the plan foresaw (the
   * seat's `playerView` is the one the plan led to in the world it was checked in); otherwise it
   * searches again. Called with a private sampled world, which it must not change; its own chance
   * must come from its own generator. Plans are ranked best first: unvisited plans are tried in the
   * order given.
   */
  plans?: (state: any, player: PlayerId) => ReadonlyArray<readonly BaseAction[]>;
  /**
   * Progressive widening: a node of the tree considers at most `1 + widening × √visits` of the
   * moves listed there (at least one) before it expands another, and the first it expands is the
   * `prior` bot's choice (with `plans`, the plans in the order given). So a search guided by a good
   * bot starts from that bot's move, for every seat in the tree, and tries others as its visits
   * grow: a small budget plays about as the bot does, a larger one looks past it. Without it
   * (default) a node expands every listed move, in random order, before it revisits any.
   */
  widening?: number;
  /**
   * The bot whose choice the root expands first under `widening` (default: the `playout` policy,
   * which also picks the first move of every node below the root); a {@link BotFactory} is made
   * once with a seed from the search's own generator. Asked once per search, with the search's
   * private sampled world (which it must not change), so it may cost more than a playout bot; an
   * answer that is not among the legal actions is ignored (a random fresh move is expanded instead).
   */
  prior?: Bot | BotFactory;
  /**
   * The estimate of each seat's rank reward (in [0, 1]) that scores a playout cut off before the end
   * and grades a solo loss, instead of the game's `heuristic` hook (default). Called with the
   * search's private sampled world, which it must not change.
   */
  evaluate?: (state: any) => readonly number[];
  /**
   * Decisions the search leaves to its guide: when `delegate(state, player)` is true the bot plays
   * the `prior`'s move (else the playout policy's) without searching, for the kinds of decision the
   * guide is built for and a short search misjudges (Age of Steam's shares and bids, whose cost
   * shows turns later). Ignored without a prior or a playout policy.
   */
  delegate?: (state: any, player: PlayerId) => boolean;
  /**
   * The moves the search may choose, for any seat at any node of its tree (the root included):
   * `allowed(state, player, legal)` returns the ones among `legal` to consider (the same objects or
   * equal JSON; an empty list, or no function, allows them all). For decisions whose cost a short
   * search cannot see but the game can rule on, such as Age of Steam's shares and bids, which the
   * solvent bot's solvency rules refuse and which bankrupt a seat turns later. Playouts still follow
   * the playout policy; a root left with one move plays it without searching. Called with the real
   * state at the root and with private sampled worlds below it, which it must not change.
   */
  allowed?: (state: any, player: PlayerId, legal: readonly any[]) => readonly BaseAction[];
  /**
   * How the tree treats the other seats' moves: `"search"` (default) gives them nodes of their own,
   * chosen by UCB1 for their seat; `"policy"` plays them by the playout policy (`allowed` is not
   * asked for them), so the tree branches on the searching seat's moves only and spends every
   * iteration on them: an opponent model, for a search that expects the others to play as its guide
   * does. In Donkey Valley, against its heuristic bot, that won about half the games at 2,000
   * iterations where searching the others won about a third. Requires `playout`.
   */
  opponents?: "search" | "policy";
}

/** Most iterations (and playout steps) a budget may ask for. */
export const MAX_MCTS_ITERATIONS = 10_000_000;

/** Why `o` is no set of {@link MctsOptions}, or undefined; every field is checked. */
function mctsOptionsProblem(o: MctsOptions): string | undefined {
  return firstProblem([
    [o.iterations, () => intProblem("iterations", o.iterations, 1, MAX_MCTS_ITERATIONS)],
    [o.maxPlayoutSteps, () => intProblem("maxPlayoutSteps", o.maxPlayoutSteps, 0, MAX_MCTS_ITERATIONS)],
    [o.playout, () => playoutProblem(o.playout, "playout")],
    [o.plans, () => functionProblem("plans", o.plans)],
    [o.evaluate, () => functionProblem("evaluate", o.evaluate)],
    [o.delegate, () => functionProblem("delegate", o.delegate)],
    [o.allowed, () => functionProblem("allowed", o.allowed)],
    [o.prior, () => playoutProblem(o.prior, "prior")],
    [o.opponents, () => opponentsProblem(o)],
    [o.widening, () => (typeof o.widening === "number" && Number.isFinite(o.widening) && o.widening >= 0 ? undefined : `widening must be a finite number >= 0, got ${describeInput(o.widening)}`)],
    [o.timeMs, () => (typeof o.timeMs === "number" && Number.isFinite(o.timeMs) && o.timeMs > 0 ? undefined : `timeMs must be a positive number, got ${describeInput(o.timeMs)}`)],
    [o.now, () => functionProblem("now", o.now)],
    [o.exploration, () => (typeof o.exploration === "number" && Number.isFinite(o.exploration) && o.exploration >= 0 ? undefined : `exploration must be a finite number >= 0, got ${describeInput(o.exploration)}`)],
    [o.seed, () => seedProblem("seed", o.seed)],
  ]);
}

/** `opponents` is "search" or "policy", the latter with a playout policy to play them. */
function opponentsProblem(o: MctsOptions): string | undefined {
  if (o.opponents !== "search" && o.opponents !== "policy") return `opponents must be "search" or "policy", got ${describeInput(o.opponents)}`;
  return o.opponents === "policy" && o.playout === undefined ? 'opponents "policy" needs a playout policy to play them' : undefined;
}

/** A playout policy is a bot (an object with an `act` function) or a bot factory (a function). */
function playoutProblem(v: unknown, field: string): string | undefined {
  if (typeof v === "function") return undefined;
  if (typeof v === "object" && v !== null && typeof (v as Bot).act === "function") return undefined;
  return `${field} must be a bot (an object with an act function) or a bot factory, got ${describeInput(v)}`;
}

/** The options of a `mctsBot(game, seedOrOptions, more)` call, checked. */
export function mctsOptionsOf(seedOrOptions: unknown, more: unknown): MctsOptions {
  const problem =
    typeof seedOrOptions === "object" ? objectProblem("the options", seedOrOptions) : (seedProblem("the seed", seedOrOptions) ?? objectProblem("the options", more));
  if (problem !== undefined) invalidOptions("mctsBot", problem);
  const options: MctsOptions = typeof seedOrOptions === "object" ? { ...(seedOrOptions as MctsOptions) } : { ...(more as MctsOptions), seed: seedOrOptions as Seed };
  const p = mctsOptionsProblem(options);
  if (p !== undefined) invalidOptions("mctsBot", p);
  return options;
}
