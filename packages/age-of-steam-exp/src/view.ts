import { cloneJson, seedRng, type PlayerId, type Seed } from "@rules/core";
import type { State, View } from "./schema.js";

// Age of Steam hides nothing at the table: money, income, shares, the board, the goods display and
// the bag's contents (what is not on the board) are all public. Only the generator is hidden, so
// a view is the state without it, and `determinize` only reseeds the generator (future dice and
// bag draws), which a player cannot know.

export function playerView(state: State, viewer: PlayerId | null): View {
  const { rng: _rng, ...rest } = state;
  return { ...cloneJson(rest), viewer };
}

export function determinize(state: State, _viewer: PlayerId, seed: Seed): State {
  return { ...cloneJson(state), rng: seedRng(seed) };
}
