// A one-step lookahead bot: the shape of every game's heuristic bot that judges a move by the
// position it leads to. The game gives what a position is worth to a seat (in its own points);
// this plays each legal action in a world the seat cannot tell from the real one and keeps the best.
import type { Bot } from "./bots.js";
import { checkedSeed } from "./checks.js";
import { deriveSeed, randomInt, seedRng, type Seed } from "./rng.js";
import type { BaseAction, BaseState, Game, PlayerId } from "./types.js";

/**
 * What a game gives {@link lookaheadBot}.
 *
 * @example
 * ```ts
 * import { leadOf, type LookaheadOptions } from "@rules/core";
 * import { scoreSeat, type Action, type State } from "@rules/steam-donkey";
 *
 * const options: LookaheadOptions<State, Action> = { name: "ahead", seed: 3, value: (s, p) => leadOf(s.resorts.map((_, q) => scoreSeat(s, q).total), p) };
 * console.log(options.name); // "ahead"
 * ```
 */
export interface LookaheadOptions<S extends BaseState, A extends BaseAction> {
  /** The bot's name (as `--bots` spells it). */
  name: string;
  /** The seed of the bot's own generator (tie-breaks and sampled worlds); never the game's. */
  seed?: Seed;
  /** What the position `after` is worth to `player`, in the game's points (higher is better). */
  value(after: S, player: PlayerId): number;
}

/**
 * A bot that plays each legal action once in a world its seat cannot tell from the real one
 * (`game.determinize` with a seed from the bot's own generator, when the game hides anything, so it
 * never reads a hidden card), scores where each leads with `value`, and plays the
 * best, breaking ties from its own generator. Same seed, same moves. A game's `bot.ts` names it and
 * says what its `value` counts.
 *
 * @example
 * ```ts
 * import { lookaheadBot } from "@rules/core";
 * import { game, scoreSeat } from "@rules/steam-donkey";
 *
 * const bot = lookaheadBot(game, { name: "greedy", seed: 1, value: (s, p) => scoreSeat(s, p).total });
 * const s = game.initialState(1, { players: 2 });
 * console.log(bot.act(s, 0, game.legalActions(s, 0)).type); // "choosePoster"
 * ```
 */
export function lookaheadBot<S extends BaseState, A extends BaseAction>(game: Game<S, A>, options: LookaheadOptions<S, A>): Bot<S, A> {
  const rng = seedRng(checkedSeed("lookaheadBot", "the seed", options.seed ?? 0));
  const clone = (s: S): S => (game.cloneState ? game.cloneState(s) : (JSON.parse(JSON.stringify(s)) as S));
  return {
    name: options.name,
    act(state, player, legal) {
      if (legal.length === 1) return legal[0]!;
      const world = game.determinize ? game.determinize(state, player, deriveSeed(rng)) : clone(state);
      let best: A[] = [];
      let bestValue = -Infinity;
      for (const a of legal) {
        const after = clone(world);
        game.applyInPlace(after, a);
        const v = options.value(after, player);
        if (v > bestValue + 1e-9) {
          bestValue = v;
          best = [a];
        } else if (v >= bestValue - 1e-9) best.push(a);
      }
      return best.length === 1 ? best[0]! : best[randomInt(rng, 0, best.length - 1)]!;
    },
  };
}

/**
 * A seat's lead in a list of points: its points less the best of the others' (solo: its points).
 * The `value` most heuristic bots want: a move that gains what a rival gains is worth nothing.
 *
 * @example
 * ```ts
 * import { leadOf } from "@rules/core";
 *
 * console.log(leadOf([10, 7, 12], 0), leadOf([10, 7, 12], 2)); // -2 2
 * ```
 */
export function leadOf(points: readonly number[], player: PlayerId): number {
  let rival = -Infinity;
  for (let q = 0; q < points.length; q++) if (q !== player && points[q]! > rival) rival = points[q]!;
  return rival === -Infinity ? points[player]! : points[player]! - rival;
}
