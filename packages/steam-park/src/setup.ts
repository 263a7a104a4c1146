import { canonicalJson, cloneJson, seedRng, type Seed } from "@rules/core";
import { BAG_PER_COLOUR, SETUP_DRAW, defaultComponents, tokensInPlay, type Components } from "./data.js";
import { drawOffer, startRoll } from "./flow.js";
import type { Options, State } from "./schema.js";

// Whether a set equals the default set, per set object (the options of a playout are parsed once
// and shared, so this compares once per set, not once per game).
const DEFAULT_CHECKED = new WeakMap<object, boolean>();
let defaultKey: string | undefined;
function isDefaultSet(c: Components): boolean {
  let same = DEFAULT_CHECKED.get(c);
  if (same === undefined) {
    defaultKey ??= canonicalJson(defaultComponents);
    same = canonicalJson(c) === defaultKey;
    DEFAULT_CHECKED.set(c, same);
  }
  return same;
}

/**
 * Setup: money 0, six dice, a Pig board and a starting ground each; one visitor of each colour in
 * the bag, the rest in the pool; the turn order tokens for the player count; each player draws 6
 * bonus cards to keep 3 (the `draft` phase). The beginner variant has no bonus cards and starts
 * with the first roll.
 */
export function setup(seed: Seed, options: Options): State {
  const components = options.components;
  const colours = components.colours.length;
  const state: State = {
    rng: seedRng(seed),
    players: options.players,
    beginner: options.beginner,
    gentleTwoPlayer: options.gentleTwoPlayer,
    mustSpendDice: options.mustSpendDice,
    optionalSeating: options.optionalSeating,
    components: isDefaultSet(components) ? null : cloneJson(components),
    turn: 1,
    phase: "draft",
    tokens: tokensInPlay(options.players, options.gentleTwoPlayer),
    finalRerolls: null,
    seats: Array.from({ length: options.players }, () => ({
      money: 0,
      dirt: 0,
      hand: [],
      offer: [],
      rolled: [],
      locked: [],
      token: null,
      park: { grounds: [], rides: [], stands: [], seated: Array.from({ length: colours }, () => 0) },
    })),
    actor: null,
    step: null,
    deck: components.bonusCards.map((_, i) => i),
    discard: [],
    draftDiscards: [],
    bag: Array.from({ length: colours }, () => BAG_PER_COLOUR),
    pool: Array.from({ length: colours }, () => components.visitorsPerColour - BAG_PER_COLOUR),
  };
  if (options.beginner) {
    startRoll(state);
    return state;
  }
  for (const seat of state.seats) drawOffer(state, seat, SETUP_DRAW);
  return state;
}
