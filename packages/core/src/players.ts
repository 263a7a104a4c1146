import type { Game } from "./types.js";

/**
 * The number of seats a game has when its options do not say: the default of its `OptionsSchema`,
 * which is what `initialState(seed)` uses, or `minPlayers` for a schema without one. Given other
 * options (a map, a variant) that refuse that count, it is the nearest count they accept (fewer
 * seats first on a tie): Age of Steam's default is 4 seats, but `{ map: "amusement-park" }`, a
 * solo map, gives 1. `initialState` (options without `players`), `simulate` and every command of
 * the `rules` CLI use it, so there is one default player count per game.
 *
 * @example
 * ```ts
 * import { defaultPlayers } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 * import { game as ageOfSteam } from "@rules/age-of-steam-exp";
 *
 * console.log(defaultPlayers(game)); // 4
 * console.log(defaultPlayers(ageOfSteam, { map: "amusement-park" })); // 1
 * ```
 */
export function defaultPlayers(game: { schemas: Pick<Game["schemas"], "options">; minPlayers: number; maxPlayers: number }, options?: Record<string, unknown>): number {
  const r = game.schemas.options.safeParse({});
  const players = r.success ? (r.data as { players?: unknown }).players : undefined;
  const base = typeof players === "number" ? players : game.minPlayers;
  if (options === undefined || Object.keys(options).length === 0) return base;
  const accepts = (n: number): boolean => game.schemas.options.safeParse({ ...options, players: n }).success;
  if (accepts(base)) return base;
  for (let d = 1; d <= game.maxPlayers - game.minPlayers; d++) {
    if (base - d >= game.minPlayers && accepts(base - d)) return base - d;
    if (base + d <= game.maxPlayers && accepts(base + d)) return base + d;
  }
  return base;
}
