import { cloneJson, seedRng, shuffle, type Seed } from "@rules/core";
import { turnNextDonkey } from "./round.js";
import { list } from "./clone.js";
import type { Components } from "./data.js";
import type { Card, Options, State } from "./schema.js";

/**
 * Setup: every seat takes its colour's load cards; the donkeys are shuffled, eight form the
 * face-down deck and the rest go back in the box; seat 0 holds the first player card. The first
 * donkey is turned at once (the start of round one).
 */
export function setup(seed: Seed, options: Options): State {
  // Components never change during a game: frozen options (as initialState passes for `{ players }`) are shared.
  const components = Object.isFrozen(options.components) ? options.components : cloneJson(options.components);
  const rng = seedRng(seed);
  const donkeys = shuffle(rng, list(components.donkeys));
  const hand = sortedHand(components);
  const hands: number[][] = [];
  const favorsUsed: number[][] = [];
  const scorePiles: Card[][] = [];
  const buried: Card[][] = [];
  for (let p = 0; p < options.players; p++) {
    hands.push(list(hand));
    favorsUsed.push([]);
    scorePiles.push([]);
    buried.push([]);
  }
  const boxed = donkeys.splice(components.deckSize);
  const state: State = {
    rng,
    players: options.players,
    components,
    hands,
    favorsUsed,
    scorePiles,
    discard: [],
    removed: [],
    buried,
    donkeyDeck: donkeys,
    boxed,
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

// A frozen component set is the same for every game of a simulation: its sorted hand is kept.
let handOf: Components | null = null;
let hand: readonly number[] = [];

/** Every load value of a colour, ascending: the hand each seat starts with. */
function sortedHand(c: Components): readonly number[] {
  if (c === handOf) return hand;
  const sorted = list(c.loadValues).sort((a, b) => a - b);
  if (!Object.isFrozen(c) || !Object.isFrozen(c.loadValues)) return sorted;
  handOf = c;
  hand = sorted;
  return sorted;
}
