import type { Game } from "./types.js";

/**
 * The number of seats a game has when its options do not say: the default of its `OptionsSchema`,
 * which is what `initialState(seed)` uses, or `minPlayers` for a schema without one. `simulate`
 * and every command of the `rules` CLI use it too, so there is one default player count per game.
 *
 * @example
 * ```ts
 * import { defaultPlayers } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * console.log(defaultPlayers(game)); // 4
 * ```
 */
export function defaultPlayers(game: Pick<Game, "schemas" | "minPlayers">): number {
  const r = game.schemas.options.safeParse({});
  const players = r.success ? (r.data as { players?: unknown }).players : undefined;
  return typeof players === "number" ? players : game.minPlayers;
}
