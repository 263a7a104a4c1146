import { randomInt, type RngState } from "./rng.js";
import type { Game, PlayerId } from "./types.js";

// Scheduling a simultaneous step: the rules say who may act (several seats at once in Donkey
// Valley's step 1, Steam Donkey's posters, Steam Park's draft and Roll phase), the driver says who
// acts first. One helper, used by every driver, so none lets a seat win by its number.

/**
 * Who acts next when `active` seats may act (the list {@link Game.activePlayers} gives): the only
 * one, or, in a simultaneous step, one chosen uniformly at random from the driver's own `rng`
 * (never the game's). Undefined when no seat may act. Every driver of the project (`simulate`,
 * `playRecords`, the CLI, `mctsBot`'s tree and playouts, the benchmarks) schedules through it, so no
 * seat gains by its number: always letting the lowest seat go first hands it every race a
 * simultaneous step holds (in Steam Park's Roll phase, the first Turn Order token). It draws from
 * `rng` only when two or more seats may act, so games without simultaneous steps play exactly as
 * with any other scheduler.
 *
 * @example
 * ```ts
 * import { chooseActor, seedRng } from "@rules/core";
 *
 * const rng = seedRng(1);
 * console.log(chooseActor([2], rng), chooseActor([], rng)); // 2 undefined
 * console.log([0, 1, 2].includes(chooseActor([0, 1, 2], rng)!)); // true: one of the three, by the seeded draw
 * ```
 */
export function chooseActor(active: readonly PlayerId[], rng: RngState): PlayerId | undefined {
  const n = active.length;
  return n <= 1 ? active[0] : active[randomInt(rng, 0, n - 1)];
}

/**
 * The seat that moves next in a playout or a simulation: {@link chooseActor} over
 * `game.activePlayers(state)`, drawing on the driver's `rng` in a simultaneous step.
 *
 * @example
 * ```ts
 * import { nextActor, seedRng } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const schedule = seedRng("my driver");
 * // In step 1 every seat plays a load card at once: the seeded draw picks who goes first.
 * console.log(nextActor(game, game.initialState(1), schedule)); // a seat from 0 to 3
 * ```
 */
export function nextActor(game: Game, state: unknown, rng: RngState): PlayerId | undefined {
  return chooseActor(game.activePlayers(state), rng);
}
