import { cloneJson, seedRng, type PlayerId, type Seed } from "@rules/core";
import type { State, View } from "./schema.js";
import { breakdown, oliveBreakdown } from "./score.js";

// SteamRollers hides nothing on the table: sheets, goods on the board, the bag's counts (every
// good that went in or out was seen), tiles and dice are all public. Only the generator (future
// dice and draws) is secret. The view adds the points each seat (and Olive) would score if the
// game ended now, so a client shows them without running the network rules itself.

/** A view without the points derived from it: what the numeric encoding reads (it skips their cost). */
export type TableView = Omit<View, "points" | "olivePoints">;

/** The whole table as seat `viewer` sees it, never the generator. */
export function tableView(state: State, viewer: PlayerId | null): TableView {
  const { rng: _rng, ...table } = cloneJson(state);
  return { ...table, viewer };
}

/** What seat `viewer` (or a spectator, `null`) sees: the whole table and the points it is worth now. */
export function playerView(state: State, viewer: PlayerId | null): View {
  const points = state.sheets.map((_, p) => breakdown(state, p) as View["points"][number]);
  return { ...tableView(state, viewer), points, olivePoints: state.olive ? (oliveBreakdown(state) as NonNullable<View["olivePoints"]>) : null };
}

/** A state `viewer` cannot tell from `state`: the same table with a generator reseeded from `seed`. */
export function determinize(state: State, _viewer: PlayerId, seed: Seed): State {
  const s = cloneJson(state);
  s.rng = seedRng(seed);
  return s;
}
