import { cloneJson } from "./json.js";
import { deriveSeed, randomInt, seedRng, type RngState, type Seed } from "./rng.js";
import type { Bot } from "./bots.js";
import { RulesError } from "./errors.js";
import { MAX_MCTS_ITERATIONS, mctsOptionsOf, type MctsOptions } from "./mcts-options.js";
import { childOf, cutOffRewards, rankRewards, sameJson, unit, type Node } from "./mcts-tree.js";
import { chooseActor } from "./schedule.js";
import { describeInput } from "./trust.js";
import type { BaseAction, Game, PlayerId } from "./types.js";

export { MAX_MCTS_ITERATIONS, type MctsOptions };
export { sameJson };

/** The host's monotonic clock in milliseconds (`performance.now`, in browsers and Node alike). */
function monotonicClock(): number {
  return globalThis.performance.now();
}

/** The listed action of `legal` with the same JSON as `a`, or undefined. */
function findLegal(legal: readonly BaseAction[], a: BaseAction): BaseAction | undefined {
  if (legal.includes(a)) return a;
  const names = Object.keys(a);
  for (const l of legal) if (sameJson(a, l, names)) return l;
  return undefined;
}

/** A step of the plan the bot follows: the action, and the seat's view (JSON) the plan expects before it. */
interface PlannedStep {
  action: BaseAction;
  view: string;
}

/**
 * Information-set Monte Carlo tree search (single observer). Each iteration samples a world the
 * bot's seat cannot tell from the real one (`game.determinize`, when the game hides anything),
 * descends the tree by UCB1 over the actions legal in that world (counting how often each was
 * available), expands one action, and plays the rest on the fast path (`applyInPlace`), at random
 * or by the `playout` policy, up to the cut-off `maxPlayoutSteps`, where the game's `heuristic`
 * (if any) estimates the result. With `plans`, the tree's children are whole plans (a turn each)
 * and the bot follows the plan it chose (see {@link MctsOptions.plans}). With `widening`, every node
 * starts from a guiding bot's move and considers more moves as its visits grow (see
 * {@link MctsOptions.widening}). With `allowed`, the game rules out moves the search must not
 * choose (see {@link MctsOptions.allowed}). With `opponents: "policy"`, the other seats play the
 * playout policy in the tree too, and the tree branches on the bot's own moves only (see
 * {@link MctsOptions.opponents}).
 * Rewards are rank-based, per seat, so it plays any player count (the scale is given under
 * {@link MctsOptions.maxPlayoutSteps}). In a simultaneous step (several seats active) the seat that
 * moves next, in the tree and in playouts, is drawn from the bot's own generator
 * (`chooseActor`), as the drivers draw it. `mctsBot(game, { iterations: 2000, seed: 7 })`, or
 * `mctsBot(game, 7, { timeMs: 1000 })` for a second per decision (not reproducible: see
 * {@link MctsOptions.timeMs}); the `(game, seed, options)` form takes the same options. Every option is checked: one that makes no sense
 * (`iterations: -5`, a seed that is neither a safe integer nor a string, a playout policy that is no bot)
 * throws a `RulesError` with code `INVALID_OPTIONS`.
 *
 * @example
 * ```ts
 * import { mctsBot, randomBot } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const bot = mctsBot(game, { iterations: 30, seed: 7 });
 * const s = game.initialState(1, { players: 3 });
 * console.log(bot.act(s, 0, game.legalActions(s, 0))); // the load card the search prefers
 * // 20 ms of search per decision (at least one iteration): the move may differ from run to run.
 * const quick = mctsBot(game, 7, { timeMs: 20 });
 * console.log(quick.act(s, 0, game.legalActions(s, 0)));
 * // Playouts chosen by another bot (here a seeded random one: any bot, or a factory of bots).
 * const guided = mctsBot(game, { iterations: 30, seed: 7, playout: (_game, seed) => randomBot(seed), maxPlayoutSteps: 20 });
 * console.log(guided.act(s, 0, game.legalActions(s, 0)));
 * ```
 */
export function mctsBot(game: Game, seedOrOptions: Seed | MctsOptions = 0, more: MctsOptions = {}): Bot {
  const options = mctsOptionsOf(seedOrOptions, more);
  const timeMs = options.timeMs;
  const now = options.now ?? monotonicClock;
  const iterations = options.iterations ?? (timeMs === undefined ? 200 : Number.MAX_SAFE_INTEGER);
  const c = options.exploration ?? 0.7;
  const maxSteps = options.maxPlayoutSteps ?? 10_000;
  const heuristic = options.evaluate ?? (game.heuristic ? game.heuristic.bind(game) : undefined);
  // Who acts after each move, in the tree and in playouts: chosen from the bot's own generator in a
  // simultaneous step (chooseActor), as the drivers choose, so the search never assumes the lowest
  // seat wins every race.
  const actorOf = (s: unknown): PlayerId | undefined => chooseActor(game.activePlayers(s), rng);
  const rng: RngState = seedRng(options.seed ?? 0);
  const policy: Bot | undefined = typeof options.playout === "function" ? options.playout(game, deriveSeed(rng)) : options.playout;
  const widening = options.widening;
  // The bots whose move a node expands first under progressive widening: the prior at the root,
  // the playout policy below it (each defaults to the other).
  const rootPrior: Bot | undefined =
    widening === undefined ? undefined : typeof options.prior === "function" ? options.prior(game, deriveSeed(rng)) : (options.prior ?? policy);
  const innerPrior: Bot | undefined = widening === undefined ? undefined : (policy ?? rootPrior);
  const plans = options.plans;
  const allowed = options.allowed;
  const rivalsByPolicy = options.opponents === "policy";
  // Reward arrays sized for the largest table; seats beyond this game's count stay at 0.
  const seats = game.maxPlayers;
  const newNode = (): Node => ({ visits: 0, avail: 0, reward: new Float64Array(seats), kids: null, acts: null, names: null, at: null, keyed: null, asked: false });
  // Scratch reused by every iteration: the nodes of the current path and one playout's rewards.
  const path: Node[] = [];
  const gain = new Float64Array(seats);
  // The rest of the plan chosen at the last search, with the views it expects (plans only).
  let pending: PlannedStep[] = [];

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

  /** As {@link matchChildren}, for plans: children are found by their plan's JSON text (`keys`). */
  const matchPlans = (node: Node, keys: readonly string[]): number => {
    const at = (node.at ??= []);
    at.length = keys.length;
    if (node.kids === null) {
      node.kids = [];
      node.keyed = new Map();
    }
    let fresh = 0;
    for (let i = 0; i < keys.length; i++) {
      const j = node.keyed!.get(keys[i]!) ?? -1;
      at[i] = j;
      if (j >= 0) node.kids[j]!.avail++;
      else fresh++;
    }
    return fresh;
  };

  /** The root lists the same moves every time, so its `at` stays valid: count availabilities only. */
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

  /** The plans offered for `actor` in `s` whose first step is legal (distinct), else each legal action as a plan of one. */
  const plansAt = (s: unknown, actor: PlayerId, legal: readonly BaseAction[]): BaseAction[][] => {
    const out: BaseAction[][] = [];
    const seen = new Set<string>();
    for (const p of plans!(s, actor)) {
      const first = Array.isArray(p) && p.length > 0 ? findLegal(legal, p[0]!) : undefined;
      if (first === undefined) continue;
      const key = JSON.stringify(p);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push([first, ...p.slice(1)]);
    }
    return out.length > 0 ? out : legal.map((a) => [a]);
  };

  /**
   * Plays `plan` in `s`: its first step (legal), then each next one while it is legal for its seat.
   * With `views`, records the JSON of `player`'s view before each later step played.
   */
  const playPlan = (s: unknown, plan: readonly BaseAction[], views?: { player: PlayerId; out: PlannedStep[] }): void => {
    game.applyInPlace(s, plan[0]!);
    for (let k = 1; k < plan.length; k++) {
      const a = plan[k]!;
      if (!game.activePlayers(s).includes(a.player)) return;
      const legal = findLegal(game.legalActions(s, a.player), a);
      if (legal === undefined) return;
      views?.out.push({ action: legal, view: JSON.stringify(game.playerView(s, views.player)) });
      game.applyInPlace(s, legal);
    }
  };

  /** The moves the search may choose for `p` among `legal` ({@link MctsOptions.allowed}): all of them without a rule, or when it allows none. */
  const allowedOf = (s: unknown, p: PlayerId, legal: readonly BaseAction[]): readonly BaseAction[] => {
    if (!allowed) return legal;
    const out = allowed(s, p, legal);
    if (out === legal) return legal;
    if (!Array.isArray(out)) throw new RulesError("INVALID_OPTIONS", `mctsBot: allowed must return a list of legal actions, got ${describeInput(out)}.`);
    if (out.length === 0) return legal;
    return out.map((a: unknown) => {
      const found = typeof a === "object" && a !== null ? findLegal(legal, a as BaseAction) : undefined;
      if (found === undefined) throw new RulesError("INVALID_OPTIONS", `mctsBot: allowed returned ${describeInput(a)}, which is not among the legal actions.`);
      return found;
    });
  };

  /** The policy's (or `bot`'s) choice among `acts`, which must be one of them. */
  const policyChoice = (s: unknown, p: PlayerId, acts: readonly BaseAction[], bot: Bot = policy!): BaseAction => {
    const a = bot.act(s, p, acts);
    const found = a !== undefined && a !== null && typeof a === "object" ? findLegal(acts, a) : undefined;
    if (found !== undefined) return bot === policy ? a : found;
    throw new RulesError("INVALID_OPTIONS", `mctsBot: the ${bot === policy ? "playout policy" : "prior"} "${String(bot.name)}" chose an action that is not among the legal ones.`);
  };

  /**
   * Which of the `count` moves listed at `node` (`freshCount` of them without a child) the search
   * takes next: a fresh one to expand (`fresh: true`), or the child UCB1 prefers among those listed.
   * Under progressive widening a node considers `1 + widening × √visits` listed children before it
   * expands another, and expands the prior bot's move first (plans: the first fresh plan).
   * The root's prior may be a costlier bot than the one below it: each node asks once.
   */
  const pick = (node: Node, s: unknown, actor: PlayerId, acts: readonly BaseAction[], count: number, freshCount: number, planned: boolean): { i: number; fresh: boolean } => {
    const at = node.at!;
    if (freshCount > 0 && (widening === undefined || count - freshCount < 1 + widening * Math.sqrt(node.visits))) {
      if (planned) {
        let i = 0;
        while (at[i]! >= 0) i++;
        return { i, fresh: true };
      }
      // Each node asks its prior once, at its first expansion; later ones are uniform.
      const prior = node.asked ? undefined : node === path[0] ? rootPrior : innerPrior;
      node.asked = true;
      if (prior) {
        const a = prior.act(s, actor, acts);
        let i = acts.indexOf(a);
        if (i < 0 && a !== undefined && a !== null && typeof a === "object") {
          const names = Object.keys(a);
          i = acts.findIndex((l) => sameJson(a, l, names));
        }
        if (i >= 0 && at[i]! < 0) return { i, fresh: true };
      }
      let k = randomInt(rng, 0, freshCount - 1);
      let i = 0;
      for (; i < count; i++) if (at[i]! < 0 && k-- === 0) break;
      return { i, fresh: true };
    }
    // UCB1 with the parent count of ISMCTS: how often each child was available.
    const kids = node.kids!;
    let best = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < count; i++) {
      if (at[i]! < 0) continue;
      const ch = kids[at[i]!]!;
      const score = ch.reward[actor]! / ch.visits + c * Math.sqrt(Math.log(ch.avail) / ch.visits);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    return { i: best, fresh: false };
  };

  /** The next step of the plan being followed, when the game has gone as the plan foresaw. */
  const followPlan = (state: unknown, player: PlayerId, legal: readonly BaseAction[]): BaseAction | undefined => {
    const next = pending[0];
    if (next === undefined) return undefined;
    const a = next.action.player === player && JSON.stringify(game.playerView(state, player)) === next.view ? findLegal(legal, next.action) : undefined;
    if (a === undefined) pending = [];
    else pending.shift();
    return a;
  };

  const sample = (state: unknown, player: PlayerId): unknown =>
    game.determinize ? game.determinize(state, player, deriveSeed(rng)) : game.cloneState ? game.cloneState(state) : cloneJson(state);

  return {
    name: "mcts",
    act(state, player, listed) {
      if (plans) {
        const planned = followPlan(state, player, listed);
        if (planned !== undefined) return planned;
      }
      if (listed.length === 1) return listed[0]!;
      if (options.delegate && (rootPrior ?? policy) && options.delegate(state, player)) return policyChoice(state, player, listed, rootPrior ?? policy!);
      const legal = allowedOf(state, player, listed);
      if (legal.length === 1) return legal[0]!;
      const root = newNode();
      root.kids = [];
      root.acts = [];
      root.names = [];
      // With plans, the root's moves are its plans (computed once: the real state is the same in every iteration).
      const rootPlans = plans ? plansAt(state, player, legal) : null;
      const rootCount = rootPlans ? rootPlans.length : legal.length;
      root.at = new Array<number>(rootCount).fill(-1);
      // Listed actions with the same JSON are one child (as when children were keyed by JSON text).
      const rootKeys = rootPlans ? rootPlans.map((p) => JSON.stringify(p)) : legal.map((a) => JSON.stringify(a));
      const started = timeMs === undefined ? 0 : now();
      for (let it = 0; it < iterations; it++) {
        if (timeMs !== undefined && it > 0 && now() - started >= timeMs) break;
        const s = sample(state, player);
        path[0] = root;
        let depth = 1;
        let node = root;
        let actor: PlayerId | undefined = player;
        // Selection and expansion.
        while (actor !== undefined && !game.isTerminal(s)) {
          if (rivalsByPolicy && actor !== player) {
            const listed = game.legalActions(s, actor);
            if (listed.length === 0) break;
            game.applyInPlace(s, policyChoice(s, actor, listed));
            actor = actorOf(s);
            continue;
          }
          let acts: readonly BaseAction[];
          let moves: BaseAction[][] | null = null;
          let freshCount: number;
          if (node === root) {
            acts = legal;
            moves = rootPlans;
            freshCount = countRootChildren(root);
          } else {
            acts = allowedOf(s, actor, game.legalActions(s, actor));
            if (acts.length === 0) break;
            if (plans) {
              moves = plansAt(s, actor, acts);
              freshCount = matchPlans(node, moves.map((m) => JSON.stringify(m)));
            } else freshCount = matchChildren(node, acts);
          }
          const count = moves ? moves.length : acts.length;
          const at = node.at!;
          const kids = node.kids!;
          // A move without a child yet (uniformly, the prior's, or the first plan: plans come best first), or UCB1's.
          const { i, fresh } = pick(node, s, actor, acts, count, freshCount, moves !== null);
          if (fresh) {
            const child = newNode();
            child.avail = 1;
            kids.push(child);
            at[i] = kids.length - 1;
            if (moves) {
              if (node !== root) node.keyed!.set(JSON.stringify(moves[i]), at[i]!);
              playPlan(s, moves[i]!);
            } else {
              const a = acts[i]!;
              node.acts!.push(a);
              node.names!.push(Object.keys(a));
              game.applyInPlace(s, a);
            }
            if (node === root) for (let d = 0; d < rootCount; d++) if (at[d]! < 0 && rootKeys[d] === rootKeys[i]) at[d] = at[i]!;
            path[depth++] = child;
            break;
          }
          const best = i;
          node = kids[at[best]!]!;
          path[depth++] = node;
          if (moves) playPlan(s, moves[best]!);
          else game.applyInPlace(s, acts[best]!);
          actor = actorOf(s);
        }
        // Playout on the fast path. A finished game has no active seat and lists no action (the
        // contract), so the loop needs no isTerminal call per step.
        for (let step = 0; step < maxSteps; step++) {
          const p = actorOf(s);
          if (p === undefined) break;
          const acts = game.legalActions(s, p);
          if (acts.length === 0) break;
          game.applyInPlace(s, policy ? policyChoice(s, p, acts) : acts[randomInt(rng, 0, acts.length - 1)]!);
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
      // The most visited root move (all are legal in the real state); among equally visited
      // ones (a budget below the branching factor visits each once), the best mean reward.
      let choice = 0;
      let most = -1;
      let bestMean = -Infinity;
      for (let i = 0; i < rootCount; i++) {
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
      if (!rootPlans) return legal[choice]!;
      // Follow the chosen plan while the game goes as it did in a sampled world.
      const planned = { player, out: [] as PlannedStep[] };
      playPlan(sample(state, player), rootPlans[choice]!, planned);
      pending = planned.out;
      return rootPlans[choice]![0]!;
    },
  };
}
