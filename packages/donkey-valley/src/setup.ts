import { cloneJson, seedRng, shuffle, type Seed } from "@rules/core";
import { turnNextDonkey } from "./round.js";
import type { Options, State } from "./schema.js";

/**
 * Setup: every seat takes its colour's load cards; the donkeys are shuffled, eight form the
 * face-down deck and the rest go back in the box; seat 0 holds the first player card. The first
 * donkey is turned at once (the start of round one).
 */
export function setup(seed: Seed, options: Options): State {
  // Components never change during a game: frozen options (as initialState passes for `{ players }`) are shared.
  const components = Object.isFrozen(options.components) ? options.components : cloneJson(options.components);
  const rng = seedRng(seed);
  const donkeys = shuffle(rng, [...components.donkeys]);
  const hand = [...components.loadValues].sort((a, b) => a - b);
  const seats = Array.from({ length: options.players }, () => null);
  const state: State = {
    rng,
    players: options.players,
    components,
    hands: seats.map(() => [...hand]),
    favorsUsed: seats.map(() => []),
    scorePiles: seats.map(() => []),
    discard: [],
    removed: [],
    buried: seats.map(() => []),
    donkeyDeck: donkeys.slice(0, components.deckSize),
    boxed: donkeys.slice(components.deckSize),
    setAside: [],
    donkeysDone: [],
    lostPending: [],
    firstPlayer: 0,
    roundNumber: 0,
    round: null,
    lastResult: null,
    handLooks: [],
  };
  turnNextDonkey(state);
  return state;
}
