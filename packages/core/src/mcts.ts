import { firstProblem, functionProblem, intProblem, invalidOptions, objectProblem, seedProblem } from "./checks.js";
import { cloneJson } from "./json.js";
import { describeInput } from "./trust.js";
import { deriveSeed, randomInt, seedRng, type RngState, type Seed } from "./rng.js";
import type { Bot } from "./bots.js";
import { chooseActor } from "./schedule.js";
import type { BaseAction, Game, Outcome, PlayerId } from "./types.js";

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
   * The playout cut-off depth: a random playout stops after this many actions (default 10 000, long
   * enough that most games end first). A playout cut off before the end scores the game's
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
}

interface Node {
  visits: number;
  /** How often this node's action was available when its parent was visited (ISMCTS). */
  avail: number;
  /** Sum of rewards per seat. */
  reward: Float64Array;
  /** The children, in the order they were first expanded; null until the node is first expanded from. */
  kids: Node[] | null;
  /** The action each child stands for, as first listed (actions match when their JSON is equal). */
  acts: BaseAction[] | null;
  /** The own keys of each child's action, in order (for {@link sameJson}). */
  names: string[][] | null;
  /**
   * For each position of the actions listed at this node's latest visit, the index of its child
   * (-1: none yet). Listings rarely change order between sampled worlds, so it is also the first
   * guess when the next visit matches its listing to the children.
   */
  at: number[] | null;
}

/** A value whose JSON text is the same as another such value's exactly when the two are `===`. */
function isSimple(v: unknown): boolean {
  const t = typeof v;
  return t === "string" || t === "boolean" || v === null || (t === "number" && Number.isFinite(v));
}

/**
 * 1 when the plain JSON data `x` and `y` have the same `JSON.stringify` text, 0 when not, -1 when
 * this quick walk cannot tell (undefined or non-finite values, keys in another order or number):
 * the caller then compares the texts. `names` are `x`'s own keys when it is an object.
 */
function quickSameJson(x: unknown, y: unknown, names?: readonly string[]): 1 | 0 | -1 {
  if (x === y) return 1;
  if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return isSimple(x) && isSimple(y) ? 0 : -1;
  if (Array.isArray(x) !== Array.isArray(y)) return -1;
  if (Array.isArray(x)) {
    const ya = y as unknown[];
    if (x.length !== ya.length) return 0;
    for (let i = 0; i < x.length; i++) {
      const r = quickSameJson(x[i], ya[i]);
      if (r !== 1) return r;
    }
    return 1;
  }
  const xs = names ?? Object.keys(x);
  const xo = x as Record<string, unknown>;
  const yo = y as Record<string, unknown>;
  let i = 0;
  for (const k in yo) {
    if (i >= xs.length || k !== xs[i]) return -1;
    const a = xo[k];
    const b = yo[k];
    // Same keys in the same order so far, so a differing value makes the texts differ.
    if (a !== b) {
      if (typeof a !== "object" || typeof b !== "object") return isSimple(a) && isSimple(b) ? 0 : -1;
      const r = quickSameJson(a, b);
      if (r !== 1) return r;
    }
    i++;
  }
  return i === xs.length ? 1 : -1;
}

/**
 * `JSON.stringify(x) === JSON.stringify(y)` for actions (plain JSON), mostly without building either
 * text; `names` are `Object.keys(x)`. How the search tells whether an action listed in one sampled
 * world is a child it already has (exported for its test only, not from the package).
 */
export function sameJson(x: BaseAction, y: BaseAction, names: readonly string[]): boolean {
  if (x === y) return true;
  const r = quickSameJson(x, y, names);
  return r === -1 ? JSON.stringify(x) === JSON.stringify(y) : r === 1;
}

/** The index of the child of `node` whose action has the same JSON as `a` (`hint` tried first), or -1. */
function childOf(node: Node, a: BaseAction, hint: number): number {
  const acts = node.acts!;
  const names = node.names!;
  if (hint >= 0 && hint < acts.length && sameJson(acts[hint]!, a, names[hint]!)) return hint;
  for (let j = 0; j < acts.length; j++) if (j !== hint && sameJson(acts[j]!, a, names[j]!)) return j;
  return -1;
}

/** A heuristic value made safe to add: clamped to [0, 1], anything not a number counts as 0.5. */
function unit(x: number | undefined): number {
  return x === undefined || Number.isNaN(x) ? 0.5 : Math.min(1, Math.max(0, x));
}

/**
 * Reward of each seat in [0, 1] into `gain`: 1 for rank 1, 0 for last, linear in between. Solo: 1
 * for a win; a loss scores 0, or half the heuristic (`soloLoss`) when the game has one, so losses
 * are graded and stay strictly below a win. Seats the outcome does not rank get 0.
 */
function rankRewards(o: Outcome, gain: Float64Array, soloLoss: number): void {
  gain.fill(0);
  const n = o.ranks.length;
  // Solo: a cleared game has a winner, a game lost to the game itself has none (see Outcome).
  if (n <= 1) {
    if (gain.length > 0) gain[0] = o.winners.length > 0 ? 1 : soloLoss;
    return;
  }
  for (let p = 0; p < n && p < gain.length; p++) gain[p] = (n - o.ranks[p]!) / (n - 1);
}

/** Reward of a playout cut off before the end into `gain`: the game's heuristic per seat, else 0.5 each. */
function cutOffRewards(h: readonly number[] | undefined, gain: Float64Array): void {
  for (let p = 0; p < gain.length; p++) gain[p] = h ? (p < h.length ? unit(h[p]) : 0) : 0.5;
}

/** Most iterations (and playout steps) a budget may ask for. */
export const MAX_MCTS_ITERATIONS = 10_000_000;

/** Why `o` is no set of {@link MctsOptions}, or undefined; every field is checked. */
function mctsOptionsProblem(o: MctsOptions): string | undefined {
  return firstProblem([
    [o.iterations, () => intProblem("iterations", o.iterations, 1, MAX_MCTS_ITERATIONS)],
    [o.maxPlayoutSteps, () => intProblem("maxPlayoutSteps", o.maxPlayoutSteps, 1, MAX_MCTS_ITERATIONS)],
    [o.timeMs, () => (typeof o.timeMs === "number" && Number.isFinite(o.timeMs) && o.timeMs > 0 ? undefined : `timeMs must be a positive number, got ${describeInput(o.timeMs)}`)],
    [o.now, () => functionProblem("now", o.now)],
    [o.exploration, () => (typeof o.exploration === "number" && Number.isFinite(o.exploration) && o.exploration >= 0 ? undefined : `exploration must be a finite number >= 0, got ${describeInput(o.exploration)}`)],
    [o.seed, () => seedProblem("seed", o.seed)],
  ]);
}

/** The options of a `mctsBot(game, seedOrOptions, more)` call, checked. */
function mctsOptionsOf(seedOrOptions: unknown, more: unknown): MctsOptions {
  const problem =
    typeof seedOrOptions === "object" ? objectProblem("the options", seedOrOptions) : (seedProblem("the seed", seedOrOptions) ?? objectProblem("the options", more));
  if (problem !== undefined) invalidOptions("mctsBot", problem);
  const options: MctsOptions = typeof seedOrOptions === "object" ? { ...(seedOrOptions as MctsOptions) } : { ...(more as MctsOptions), seed: seedOrOptions as Seed };
  const p = mctsOptionsProblem(options);
  if (p !== undefined) invalidOptions("mctsBot", p);
  return options;
}

/** The host's monotonic clock in milliseconds (`performance.now`, in browsers and Node alike). */
function monotonicClock(): number {
  return globalThis.performance.now();
}

/**
 * Information-set Monte Carlo tree search (single observer). Each iteration samples a world the
 * bot's seat cannot tell from the real one (`game.determinize`, when the game hides anything),
 * descends the tree by UCB1 over the actions legal in that world (counting how often each was
 * available), expands one action, and plays the rest at random on the fast path (`applyInPlace`),
 * up to the cut-off `maxPlayoutSteps`, where the game's `heuristic` (if any) estimates the result.
 * Rewards are rank-based, per seat, so it plays any player count (the scale is given under
 * {@link MctsOptions.maxPlayoutSteps}). In a simultaneous step (several seats active) the seat that
 * moves next, in the tree and in playouts, is drawn from the bot's own generator
 * (`chooseActor`), as the drivers draw it. `mctsBot(game, { iterations: 2000, seed: 7 })`, or
 * `mctsBot(game, 7, { timeMs: 1000 })` for a second per decision (not reproducible: see
 * {@link MctsOptions.timeMs}); the `(game, seed, options)` form takes the same options. Every option is checked: one that makes no sense
 * (`iterations: -5`, a seed that is neither a safe integer nor a string) throws a `RulesError`
 * with code `INVALID_OPTIONS`.
 *
 * @example
 * ```ts
 * import { mctsBot } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const bot = mctsBot(game, { iterations: 30, seed: 7 });
 * const s = game.initialState(1, { players: 3 });
 * console.log(bot.act(s, 0, game.legalActions(s, 0))); // the load card the search prefers
 * // 20 ms of search per decision (at least one iteration): the move may differ from run to run.
 * const quick = mctsBot(game, 7, { timeMs: 20 });
 * console.log(quick.act(s, 0, game.legalActions(s, 0)));
 * ```
 */
export function mctsBot(game: Game, seedOrOptions: Seed | MctsOptions = 0, more: MctsOptions = {}): Bot {
  const options = mctsOptionsOf(seedOrOptions, more);
  const timeMs = options.timeMs;
  const now = options.now ?? monotonicClock;
  const iterations = options.iterations ?? (timeMs === undefined ? 200 : Number.MAX_SAFE_INTEGER);
  const c = options.exploration ?? 0.7;
  const maxSteps = options.maxPlayoutSteps ?? 10_000;
  const heuristic = game.heuristic ? game.heuristic.bind(game) : undefined;
  // Who acts after each move, in the tree and in playouts: chosen from the bot's own generator in a
  // simultaneous step (chooseActor), as the drivers choose, so the search never assumes the lowest
  // seat wins every race.
  const actorOf = (s: unknown): PlayerId | undefined => chooseActor(game.activePlayers(s), rng);
  const rng: RngState = seedRng(options.seed ?? 0);
  // Reward arrays sized for the largest table; seats beyond this game's count stay at 0.
  const seats = game.maxPlayers;
  const newNode = (): Node => ({ visits: 0, avail: 0, reward: new Float64Array(seats), kids: null, acts: null, names: null, at: null });
  // Scratch reused by every iteration: the nodes of the current path and one playout's rewards.
  const path: Node[] = [];
  const gain = new Float64Array(seats);

  /** Match `acts` (listed at `node`) to its children in `node.at`; counts as an availability of each matched child. Returns how many have none. */
  const matchChildren = (node: Node, acts: readonly BaseAction[]): number => {
    const at = (node.at ??= []);
    if (node.kids === null) {
      node.kids = [];
      node.acts = [];
      node.names = [];
      for (let i = 0; i < acts.length; i++) at[i] = -1;
      return acts.length;
    }
    const kids = node.kids;
    let fresh = 0;
    for (let i = 0; i < acts.length; i++) {
      const j = childOf(node, acts[i]!, i < at.length ? at[i]! : -1);
      at[i] = j;
      if (j >= 0) kids[j]!.avail++;
      else fresh++;
    }
    return fresh;
  };

  /** The root lists the same `legal` every time, so its `at` stays valid: count availabilities only. */
  const countRootChildren = (root: Node): number => {
    const at = root.at!;
    const kids = root.kids!;
    let fresh = 0;
    for (let i = 0; i < at.length; i++) {
      const j = at[i]!;
      if (j >= 0) kids[j]!.avail++;
      else fresh++;
    }
    return fresh;
  };

  return {
    name: "mcts",
    act(state, player, legal) {
      if (legal.length === 1) return legal[0]!;
      const root = newNode();
      root.kids = [];
      root.acts = [];
      root.names = [];
      root.at = legal.map(() => -1);
      // Listed actions with the same JSON are one child (as when children were keyed by JSON text).
      const rootKeys = legal.map((a) => JSON.stringify(a));
      const started = timeMs === undefined ? 0 : now();
      for (let it = 0; it < iterations; it++) {
        if (timeMs !== undefined && it > 0 && now() - started >= timeMs) break;
        const s = game.determinize ? game.determinize(state, player, deriveSeed(rng)) : game.cloneState ? game.cloneState(state) : cloneJson(state);
        path[0] = root;
        let depth = 1;
        let node = root;
        let actor: PlayerId | undefined = player;
        // Selection and expansion.
        while (actor !== undefined && !game.isTerminal(s)) {
          const acts: readonly BaseAction[] = node === root ? legal : game.legalActions(s, actor);
          if (acts.length === 0) break;
          const freshCount = node === root ? countRootChildren(root) : matchChildren(node, acts);
          const at = node.at!;
          const kids = node.kids!;
          if (freshCount > 0) {
            // One of the actions without a child yet, uniformly.
            let k = randomInt(rng, 0, freshCount - 1);
            let i = 0;
            for (; i < acts.length; i++) if (at[i]! < 0 && k-- === 0) break;
            const child = newNode();
            child.avail = 1;
            const a = acts[i]!;
            kids.push(child);
            node.acts!.push(a);
            node.names!.push(Object.keys(a));
            at[i] = kids.length - 1;
            if (node === root) for (let d = 0; d < legal.length; d++) if (at[d]! < 0 && rootKeys[d] === rootKeys[i]) at[d] = at[i]!;
            game.applyInPlace(s, a);
            path[depth++] = child;
            break;
          }
          // UCB1 with the parent count of ISMCTS: how often each child was available.
          let best = 0;
          let bestScore = -Infinity;
          for (let i = 0; i < acts.length; i++) {
            const ch = kids[at[i]!]!;
            const score = ch.reward[actor]! / ch.visits + c * Math.sqrt(Math.log(ch.avail) / ch.visits);
            if (score > bestScore) {
              bestScore = score;
              best = i;
            }
          }
          node = kids[at[best]!]!;
          path[depth++] = node;
          game.applyInPlace(s, acts[best]!);
          actor = actorOf(s);
        }
        // Playout on the fast path. A finished game has no active seat and lists no action (the
        // contract), so the loop needs no isTerminal call per step.
        for (let step = 0; step < maxSteps; step++) {
          const p = actorOf(s);
          if (p === undefined) break;
          const acts = game.legalActions(s, p);
          if (acts.length === 0) break;
          game.applyInPlace(s, acts[randomInt(rng, 0, acts.length - 1)]!);
        }
        const o = game.outcome(s);
        if (o) {
          const solo = o.ranks.length <= 1 && o.winners.length === 0;
          rankRewards(o, gain, solo && heuristic ? 0.5 * unit(heuristic(s)[0]) : 0);
        } else cutOffRewards(heuristic ? heuristic(s) : undefined, gain);
        for (let d = 0; d < depth; d++) {
          const n = path[d]!;
          n.visits++;
          const r = n.reward;
          for (let p = 0; p < seats; p++) r[p]! += gain[p]!;
        }
      }
      // The most visited root action (all are legal in the real state); among equally visited
      // ones (a budget below the branching factor visits each once), the best mean reward.
      let choice = 0;
      let most = -1;
      let bestMean = -Infinity;
      for (let i = 0; i < legal.length; i++) {
        const j = root.at[i]!;
        const ch = j >= 0 ? root.kids[j] : undefined;
        const v = ch?.visits ?? 0;
        const mean = ch && v > 0 ? ch.reward[player]! / v : -Infinity;
        if (v > most || (v === most && mean > bestMean)) {
          most = v;
          bestMean = mean;
          choice = i;
        }
      }
      return legal[choice]!;
    },
  };
}
