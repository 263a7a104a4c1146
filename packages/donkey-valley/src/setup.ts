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
  const { hand, donkeys: box } = fixedParts(components);
  const donkeys = shuffle(rng, box.slice());
  const hands: number[][] = [];
  const favorsUsed: number[][] = [];
  const scorePiles: Card[][] = [];
  const buried: Card[][] = [];
  for (let p = 0; p < options.players; p++) {
    hands.push(hand.slice());
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

/** What setup copies for every game: the hand each seat starts with (every load value, ascending) and the donkey box. */
interface FixedParts {
  hand: number[];
  donkeys: Components["donkeys"];
}

// A frozen component set is the same for every game of a simulation: its parts are made once, as
// unfrozen arrays (slice takes a slow path on frozen ones) that setup only copies.
let partsOf: Components | null = null;
let parts: FixedParts = { hand: [], donkeys: [] };

function fixedParts(c: Components): FixedParts {
  if (c === partsOf) return parts;
  const made = { hand: list(c.loadValues).sort((a, b) => a - b), donkeys: list(c.donkeys) };
  if (!Object.isFrozen(c) || !Object.isFrozen(c.loadValues) || !Object.isFrozen(c.donkeys)) return made;
  partsOf = c;
  parts = made;
  return made;
}
