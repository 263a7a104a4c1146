import { canonicalJson, cloneJson, randomInt, seedRng, shuffle, type PlayerId, type RngState, type Seed } from "@rules/core";
import { cloneState } from "./clone.js";
import { defaultComponents } from "./data.js";
import { card } from "./records.js";
import { hasLooked } from "./rules.js";
import type { Card, State, View } from "./schema.js";

// What a seat may know at the table. Public: the donkeys turned, capacities, favor cards (face up),
// calls (face up), revealed loads, score piles (every card in them was shown in step 4), the
// discard and the removed cards. Hidden: the donkey deck, the box and the donkeys removed by a
// Double (counts only), other hands (counts), other seats' face-down loads (counts), cards
// removed unseen by the Stubborn donkey (counts), the generator.

function pile(cards: Card[], seat: number, viewer: PlayerId | null) {
  return { count: cards.length, own: seat === viewer ? cloneJson(cards) : null };
}

/** Component sets known to equal (true) or differ from (false) `defaultComponents`; a game's states share one. */
const defaultness = new WeakMap<object, boolean>();
const DEFAULT_JSON = canonicalJson(defaultComponents);

/** True when `c` is the default component set: views then say null, as in every game. */
function isDefaultSet(c: State["components"]): boolean {
  let known = defaultness.get(c);
  if (known === undefined) {
    known = c === defaultComponents || canonicalJson(c) === DEFAULT_JSON;
    if (Object.isFrozen(c)) defaultness.set(c, known); // a caller's own copy may still change
  }
  return known;
}

/** What seat `viewer` (or a spectator, `null`) sees. */
export function playerView(state: State, viewer: PlayerId | null): View {
  const r = state.round;
  return {
    viewer,
    players: state.players,
    components: isDefaultSet(state.components) ? null : cloneJson(state.components),
    hand: viewer === null ? null : [...(state.hands[viewer] ?? [])],
    handCounts: state.hands.map((h) => h.length),
    favorsUsed: cloneJson(state.favorsUsed),
    scorePiles: cloneJson(state.scorePiles),
    discard: cloneJson(state.discard),
    removed: cloneJson(state.removed),
    buriedCounts: state.buried.map((b) => b.length),
    deckCount: state.donkeyDeck.length,
    boxedCount: state.boxed.length,
    setAsideCount: state.setAside.length,
    donkeysDone: [...state.donkeysDone],
    lostPending: state.lostPending.map((lp) => lp.plays.map((cards, seat) => pile(cards, seat, viewer))),
    firstPlayer: state.firstPlayer,
    roundNumber: state.roundNumber,
    handLooks: state.handLooks.filter((k) => k.viewer === viewer).map((k) => ({ seat: k.seat, value: k.value })),
    round: r && {
      donkey: r.donkey,
      effect: r.effect,
      lostResume: r.lostResume,
      stage: r.stage,
      queue: cloneJson(r.queue),
      limit: r.limit,
      plays: r.plays.map((cards, seat) => (r.revealed ? { count: cards.length, own: cloneJson(cards) } : pile(cards, seat, viewer))),
      favors: cloneJson(r.favors),
      calls: [...r.calls],
      peeks: r.peeks
        .filter((p) => p.viewer === viewer)
        .map((p) => ({ seat: p.seat, slot: p.slot, value: r.plays[p.seat]![p.slot]!.value })),
      peeksLeft: r.peeksLeft,
      revealed: r.revealed,
      overloaded: r.overloaded,
      blocked: [...r.blocked],
      picked: [...r.picked],
    },
    lastResult: cloneJson(state.lastResult),
  };
}

// determinize runs once per MCTS iteration, so its walk over the unseen cards is written for
// speed: one walk records where each unseen card lies (`piles`, `slots`: scratch reused by every
// call, determinize never re-enters) and copies its value, and the write-back reads those places,
// with no callback per card; a hand nobody has looked into (the usual case) skips the search for
// known cards.
const piles: (number[] | Card[])[] = [];
const slots: number[] = [];

/**
 * The values of every card of `seat`'s colour that `viewer` cannot see, in a fixed order (hand but
 * the cards `viewer` knows are there, face-down loads not looked at, cards under a Lost donkey,
 * cards removed unseen); where each lies goes to `piles`/`slots` at the same index. Hand positions
 * come first: `handCount` of them.
 */
function unseenCards(s: State, seat: number, viewer: PlayerId): { values: number[]; handCount: number } {
  const values: number[] = [];
  const hand = s.hands[seat]!;
  const known = knownInHand(s, seat, viewer);
  for (let i = 0; i < hand.length; i++) {
    const at = known === null ? -1 : known.indexOf(hand[i]!);
    if (at >= 0) known!.splice(at, 1); // looked at, then taken back with favor 4: still known
    else unseen(values, hand, i, hand[i]!);
  }
  const handCount = values.length;
  const r = s.round;
  if (r && !r.revealed) {
    const cards = r.plays[seat]!;
    for (let slot = 0; slot < cards.length; slot++) if (!hasLooked(r, viewer, seat, slot)) unseen(values, cards, slot, cards[slot]!.value);
  }
  for (let k = 0; k < s.lostPending.length; k++) {
    const cards = s.lostPending[k]!.plays[seat]!;
    for (let i = 0; i < cards.length; i++) unseen(values, cards, i, cards[i]!.value);
  }
  const buried = s.buried[seat]!;
  for (let i = 0; i < buried.length; i++) unseen(values, buried, i, buried[i]!.value);
  return { values, handCount };
}

function unseen(values: number[], pile: number[] | Card[], slot: number, value: number): void {
  piles[values.length] = pile;
  slots[values.length] = slot;
  values.push(value);
}

/** The values in `seat`'s hand that `viewer` has looked at (favor 4), or null when none. */
function knownInHand(s: State, seat: number, viewer: PlayerId): number[] | null {
  let known: number[] | null = null;
  for (let i = 0; i < s.handLooks.length; i++) {
    const k = s.handLooks[i]!;
    if (k.viewer === viewer && k.seat === seat) (known ??= []).push(k.value);
  }
  return known;
}

/** Sort a hand in place, ascending (insertion sort: a hand holds a dozen cards at most, where Array.prototype.sort with a comparator costs more). */
function sortAscending(hand: number[]): void {
  for (let i = 1; i < hand.length; i++) {
    const v = hand[i]!;
    let j = i - 1;
    while (j >= 0 && hand[j]! > v) {
      hand[j + 1] = hand[j]!;
      j--;
    }
    hand[j + 1] = v;
  }
}

/**
 * After the hands are re-dealt: every look another seat remembers (favor 4 took the card it saw
 * back to its owner's hand) names a card that is in that hand in the sampled world. A remembered
 * value that is no longer there becomes one of the hand's cards that this looker does not already
 * remember, drawn from `rng`. `viewer` never sees other seats' memories, so its view is unchanged.
 */
function rememberWhatIsThere(s: State, viewer: PlayerId, rng: RngState): void {
  for (let looker = 0; looker < s.players; looker++) {
    if (looker === viewer) continue;
    for (let seat = 0; seat < s.players; seat++) {
      const mine: number[] = [];
      for (let i = 0; i < s.handLooks.length; i++) if (s.handLooks[i]!.viewer === looker && s.handLooks[i]!.seat === seat) mine.push(i);
      if (mine.length === 0) continue;
      const free = [...s.hands[seat]!];
      const lost: number[] = [];
      for (const i of mine) {
        const at = free.indexOf(s.handLooks[i]!.value);
        if (at >= 0) free.splice(at, 1);
        else lost.push(i);
      }
      for (const i of lost) {
        const value = free.splice(randomInt(rng, 0, free.length - 1), 1)[0]!;
        s.handLooks[i] = { viewer: looker, seat, value };
      }
    }
  }
}

/**
 * A full state `viewer` cannot tell from `state`: each other seat's unseen cards (hand but the cards
 * `viewer` knows are there, face-down loads not looked at by `viewer`, cards under a Lost donkey,
 * cards removed unseen) are shuffled
 * among those same places; the unrevealed donkeys (deck, box, removed by a Double) are reshuffled
 * keeping each zone's size; what other seats remember of a hand (favor 4) is kept to cards that
 * are there; the generator is reseeded. All chance comes from `seed`.
 */
export function determinize(state: State, viewer: PlayerId, seed: Seed): State {
  const s = cloneState(state);
  const rng = seedRng(seed);
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === viewer) continue;
    const { values, handCount } = unseenCards(s, seat, viewer);
    shuffle(rng, values);
    for (let i = 0; i < handCount; i++) (piles[i] as number[])[slots[i]!] = values[i]!;
    for (let i = handCount; i < values.length; i++) {
      const cards = piles[i] as Card[];
      cards[slots[i]!] = card(cards[slots[i]!]!.colour, values[i]!); // replaced, never edited: the copy shares cards
    }
    sortAscending(s.hands[seat]!);
  }
  if (s.handLooks.length > 0) rememberWhatIsThere(s, viewer, rng);
  // The deck, the set-aside and the boxed donkeys are shuffled as one list, then dealt back in
  // that order into the copies cloneState made, each keeping its size.
  const donkeys = shuffle(rng, [...s.donkeyDeck, ...s.setAside, ...s.boxed]);
  let k = 0;
  for (let i = 0; i < s.donkeyDeck.length; i++) s.donkeyDeck[i] = donkeys[k++]!;
  for (let i = 0; i < s.setAside.length; i++) s.setAside[i] = donkeys[k++]!;
  for (let i = 0; i < s.boxed.length; i++) s.boxed[i] = donkeys[k++]!;
  s.rng = rng;
  return s;
}

/**
 * True when `action` shows someone what was hidden: a look at a face-down card, the loads turned
 * face up in step 4, or the end of a round (a new donkey turned, a Lost donkey taken up again).
 */
export function revealsInformation(before: State, action: { type: string }, after: State): boolean {
  if (action.type === "peek") return true;
  return after.roundNumber !== before.roundNumber || (after.round?.revealed ?? false) !== (before.round?.revealed ?? false);
}
