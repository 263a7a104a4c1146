import { cloneJson, seedRng, type PlayerId, type Seed } from "@rules/core";
import { network } from "./network.js";
import type { State, View } from "./schema.js";

// Age of Steam hides nothing at the table: money, income, shares, the board, the goods display and
// the bag's contents (what is not on the board) are all public. Only the generator is hidden, so
// a view is the state without it, plus the loose ends of incomplete links read off the track (a
// client draws them without redoing the rules), and `determinize` only reseeds the generator
// (future dice and bag draws), which a player cannot know.

export function playerView(state: State, viewer: PlayerId | null): View {
  return { ...tableView(state, viewer), looseEnds: looseEnds(state) };
}

/** The view without what is derived from the track (the encoding reads only this, and pays nothing for the network). */
export function tableView(state: State, viewer: PlayerId | null): Omit<View, "looseEnds"> {
  const { rng: _rng, ...rest } = state;
  return { ...cloneJson(rest), viewer };
}

/** The loose ends of the incomplete links on the board (none on a graph map, which has no track). */
export function looseEnds(state: State): View["looseEnds"] {
  if (state.map.topology === "graph") return [];
  return network(state)
    .links.filter((l) => l.to === -1)
    .map((l) => ({ hex: l.endHex, edge: l.endEdge, owner: l.owner }));
}

export function determinize(state: State, _viewer: PlayerId, seed: Seed): State {
  return { ...cloneJson(state), rng: seedRng(seed) };
}
