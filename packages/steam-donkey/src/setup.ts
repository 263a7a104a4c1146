import { cloneJson, deal, draw, seedRng, shuffle, type Seed } from "@rules/core";
import { CASTLE_HAND, PLATFORM_SIZE, STARTING_HAND, defaultComponents } from "./data.js";
import type { Options, State } from "./schema.js";
import { insertSorted, upkeepStation } from "./rules.js";
import { beginTurn, freshTurn } from "./turn.js";

/**
 * Setup: shuffle the playing cards; "Deal one Resort Poster card to each player" (the rest go back
 * in the box); each player then chooses a side (the `poster` stage). Cards are dealt once the
 * choices are made (advanced: after the Kick-ons, since the Castle deals twelve).
 */
export function setup(seed: Seed, options: Options): State {
  const isDefault = isDefaultSet(options.components);
  const components = isDefault ? defaultComponents : cloneJson(options.components);
  const rng = seedRng(seed);
  const deck = shuffle(
    rng,
    components.cards.map((_, i) => i),
  );
  const posters = dealPosters(rng, components.posters, options.players, options.distinctPosters);
  const seats = Array.from({ length: options.players }, (_, p) => p);
  return {
    rng,
    players: options.players,
    rules: {
      advanced: options.advanced,
      identicalScoreOnce: options.identicalScoreOnce ?? options.advanced,
      handBacksPublic: options.handBacksPublic,
      feralDonkeyPerTurn: options.feralDonkeyPerTurn,
      posterBonusCountsCovered: options.posterBonusCountsCovered,
      distinctPosters: options.distinctPosters,
    },
    components: isDefault ? null : components,
    deck,
    discard: [],
    platform: [],
    hands: seats.map(() => []),
    resorts: seats.map(() => ({ spaces: Array.from({ length: 12 }, () => []), visitors: Array.from({ length: 12 }, () => []) })),
    posters: posters.map((card) => ({ card, side: null })),
    kickOns: seats.map(() => null),
    characters: seats.map(() => null),
    stage: "poster",
    current: 0,
    kickOnQueue: [],
    turn: freshTurn(),
    endTriggeredBy: null,
    finalTurnsLeft: 0,
    turns: 0,
  };
}

const DEFAULT_JSON = JSON.stringify(defaultComponents);
/** Component sets already compared with the default (options parsed once are shared, frozen). */
const knownDefault = new WeakMap<object, boolean>();

/** Is `components` the default set (then the state keeps `null`)? Compared once per options object. */
function isDefaultSet(components: Options["components"]): boolean {
  let known = knownDefault.get(components);
  if (known === undefined) {
    known = components === defaultComponents || JSON.stringify(components) === DEFAULT_JSON;
    knownDefault.set(components, known);
  }
  return known;
}

/** One poster card per seat, at random; with `distinct`, no design twice (the box holds two of each). */
function dealPosters(rng: State["rng"], posters: Options["components"]["posters"], players: number, distinct: boolean): number[] {
  const order = shuffle(
    rng,
    posters.map((_, i) => i),
  );
  const chosen: number[] = [];
  const seen = new Set<string>();
  for (const i of order) {
    const key = JSON.stringify(posters[i]);
    if (distinct && seen.has(key)) continue;
    seen.add(key);
    chosen.push(i);
    if (chosen.length === players) break;
  }
  return chosen;
}

/**
 * After the choices: "deal eight cards to each player" (twelve to the Castle's owner), "Turn over the
 * top card ... this is the Discard pile", "Draft four cards face down in a row ... the Platform",
 * and seat 0 (the oldest player) takes the first turn.
 */
export function dealCards(s: State): void {
  deal(s.deck, s.hands, STARTING_HAND);
  s.kickOns.forEach((k, p) => {
    if (k === "castle") s.hands[p]!.push(...draw(s.deck, CASTLE_HAND - STARTING_HAND));
  });
  s.hands = s.hands.map((h) => {
    const sorted: number[] = [];
    for (const id of h) insertSorted(sorted, id);
    return sorted;
  });
  upkeepStation(s);
  s.platform.push(...draw(s.deck, PLATFORM_SIZE));
  upkeepStation(s);
  beginTurn(s, 0);
}
