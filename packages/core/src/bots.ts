import { canonicalJson, cloneJson } from "./json.js";
import { deriveSeed, randomInt, seedRng, type RngState, type Seed } from "./rng.js";
import type { BaseAction, Game, Outcome, PlayerId } from "./types.js";

/**
 * A player program. `act` is called only when `player` is active, with that seat's legal
 * actions (never empty), and returns one of them. A bot keeps its own seeded RNG: it never draws on
 * the game's, so adding or changing a bot never changes how the game's chance falls.
 */
export interface Bot<S = any, A extends BaseAction = any> {
  readonly name: string;
  act(state: S, player: PlayerId, legal: readonly A[]): A;
}

/** Makes a bot for a game from a seed (so simulations can give each bot its own stream). */
export type BotFactory = (game: Game, seed: Seed) => Bot;

/** A bot that picks uniformly among the legal actions. */
export function randomBot(seed: Seed = 0): Bot {
  const rng = seedRng(seed);
  return {
    name: "random",
    act(_state, _player, legal) {
      return legal[randomInt(rng, 0, legal.length - 1)]!;
    },
  };
}

/** Options of {@link mctsBot}. */
export interface MctsOptions {
  /** Playouts per decision (default 200). */
  iterations?: number;
  /** Exploration constant of UCB1 (default 0.7; rewards lie in [0, 1]). */
  exploration?: number;
  /** Cap on the length of a random playout (default 10 000 actions). */
  maxPlayoutSteps?: number;
}

interface Node {
  visits: number;
  /** How often this node's action was available when its parent was visited (ISMCTS). */
  avail: number;
  /** Sum of rewards per seat. */
  reward: number[];
  actor: PlayerId;
  children: Map<string, Node>;
}

/** Reward of each seat in [0, 1]: 1 for rank 1, 0 for last, linear in between. */
export function rankRewards(o: Outcome): number[] {
  const n = o.ranks.length;
  return o.ranks.map((r) => (n <= 1 ? 1 : (n - r) / (n - 1)));
}

/** The seat that moves next in a playout or a simulation: the lowest active seat. */
export function nextActor(game: Game, state: unknown): PlayerId | undefined {
  return game.activePlayers(state)[0];
}

/**
 * Information-set Monte Carlo tree search (single observer). Each iteration samples a world the
 * bot's seat cannot tell from the real one (`game.determinize`, when the game hides anything),
 * descends the tree by UCB1 over the actions legal in that world, expands one action, and plays the
 * rest at random on the fast path. Rewards are rank-based, per seat, so it plays any player count.
 */
export function mctsBot(game: Game, seed: Seed = 0, options: MctsOptions = {}): Bot {
  const iterations = options.iterations ?? 200;
  const c = options.exploration ?? 0.7;
  const maxSteps = options.maxPlayoutSteps ?? 10_000;
  const rng: RngState = seedRng(seed);
  const newNode = (actor: PlayerId, seats: number): Node => ({
    visits: 0,
    avail: 0,
    reward: new Array<number>(seats).fill(0),
    actor,
    children: new Map(),
  });

  return {
    name: "mcts",
    act(state, player, legal) {
      if (legal.length === 1) return legal[0]!;
      // Reward arrays sized for the largest table; seats beyond this game's count stay at 0.
      const seats = game.maxPlayers;
      const root = newNode(player, seats);
      const legalKeys = new Map(legal.map((a) => [canonicalJson(a), a] as const));
      for (let it = 0; it < iterations; it++) {
        const s = game.determinize ? game.determinize(state, player, deriveSeed(rng)) : cloneJson(state);
        let node = root;
        const path: Node[] = [root];
        let actor: PlayerId | undefined = player;
        // Selection and expansion.
        while (!game.isTerminal(s) && actor !== undefined) {
          const acts: BaseAction[] = node === root ? legal.slice() : game.legalActions(s, actor);
          if (acts.length === 0) break;
          const keyed = acts.map((a) => [canonicalJson(a), a] as const);
          const fresh = keyed.filter(([k]) => !node.children.has(k));
          for (const [k] of keyed) {
            const ch = node.children.get(k);
            if (ch) ch.avail++;
          }
          if (fresh.length > 0) {
            const [k, a] = fresh[randomInt(rng, 0, fresh.length - 1)]!;
            const child = newNode(actor, seats);
            child.avail = 1;
            node.children.set(k, child);
            game.applyInPlace(s, a);
            node = child;
            path.push(child);
            break;
          }
          let best: [string, BaseAction] | undefined;
          let bestScore = -Infinity;
          for (const [k, a] of keyed) {
            const ch = node.children.get(k)!;
            const score = ch.reward[actor]! / ch.visits + c * Math.sqrt(Math.log(ch.avail) / ch.visits);
            if (score > bestScore) {
              bestScore = score;
              best = [k, a];
            }
          }
          node = node.children.get(best![0])!;
          path.push(node);
          game.applyInPlace(s, best![1]);
          actor = nextActor(game, s);
        }
        // Playout.
        for (let step = 0; step < maxSteps && !game.isTerminal(s); step++) {
          const p = nextActor(game, s);
          if (p === undefined) break;
          const acts = game.legalActions(s, p);
          if (acts.length === 0) break;
          game.applyInPlace(s, acts[randomInt(rng, 0, acts.length - 1)]!);
        }
        const o = game.outcome(s);
        const rewards = o ? rankRewards(o) : new Array<number>(seats).fill(0.5);
        for (const n of path) {
          n.visits++;
          for (let p = 0; p < seats; p++) n.reward[p]! += rewards[p] ?? 0;
        }
      }
      // The most visited root action that is legal in the real state.
      let choice: BaseAction | undefined;
      let most = -1;
      for (const [k, a] of legalKeys) {
        const v = root.children.get(k)?.visits ?? 0;
        if (v > most) {
          most = v;
          choice = a;
        }
      }
      return choice!;
    },
  };
}

/** Bot factories by name, as the CLI and {@link simulate} accept them. */
export const botFactories: Record<string, BotFactory> = {
  random: (_game, seed) => randomBot(seed),
  mcts: (game, seed) => mctsBot(game, seed),
};
