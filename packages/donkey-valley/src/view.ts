import { cloneJson, seedRng, shuffle, type PlayerId, type Seed } from "@rules/core";
import { cloneState } from "./clone.js";
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

/** What seat `viewer` (or a spectator, `null`) sees. */
export function playerView(state: State, viewer: PlayerId | null): View {
  const r = state.round;
  return {
    viewer,
    players: state.players,
    components: cloneJson(state.components),
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

/**
 * Visit every card of `seat`'s colour that `viewer` cannot see, in a fixed order (hand but the
 * cards `viewer` knows are there, face-down loads not looked at, cards under a Lost donkey, cards
 * removed unseen): `visit` gets the array holding it and its index. Numbers in a hand, `{ value }`
 * cards elsewhere.
 */
function forEachUnseen(s: State, seat: number, viewer: PlayerId, visit: (hand: number[] | null, cards: Card[] | null, i: number) => void): void {
  const hand = s.hands[seat]!;
  const known: number[] = [];
  for (const k of s.handLooks) if (k.viewer === viewer && k.seat === seat) known.push(k.value);
  for (let i = 0; i < hand.length; i++) {
    const at = known.indexOf(hand[i]!);
    if (at >= 0) known.splice(at, 1); // looked at, then taken back with favor 4: still known
    else visit(hand, null, i);
  }
  const r = s.round;
  if (r && !r.revealed) {
    const cards = r.plays[seat]!;
    for (let slot = 0; slot < cards.length; slot++) if (!hasLooked(r, viewer, seat, slot)) visit(null, cards, slot);
  }
  for (const lp of s.lostPending) {
    const cards = lp.plays[seat]!;
    for (let i = 0; i < cards.length; i++) visit(null, cards, i);
  }
  const buried = s.buried[seat]!;
  for (let i = 0; i < buried.length; i++) visit(null, buried, i);
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
 * A full state `viewer` cannot tell from `state`: each other seat's unseen cards (hand but the cards
 * `viewer` knows are there, face-down loads not looked at by `viewer`, cards under a Lost donkey,
 * cards removed unseen) are shuffled
 * among those same places; the unrevealed donkeys (deck, box, removed by a Double) are reshuffled
 * keeping each zone's size; the generator is reseeded. All chance comes from `seed`.
 */
export function determinize(state: State, viewer: PlayerId, seed: Seed): State {
  const s = cloneState(state);
  const rng = seedRng(seed);
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === viewer) continue;
    const values: number[] = [];
    forEachUnseen(s, seat, viewer, (hand, cards, i) => values.push(hand ? hand[i]! : cards![i]!.value));
    shuffle(rng, values);
    let next = 0;
    forEachUnseen(s, seat, viewer, (hand, cards, i) => {
      if (hand) hand[i] = values[next++]!;
      else cards![i] = card(cards![i]!.colour, values[next++]!); // replaced, never edited: the copy shares cards
    });
    sortAscending(s.hands[seat]!);
  }
  const donkeys = shuffle(rng, [...s.donkeyDeck, ...s.setAside, ...s.boxed]);
  s.donkeyDeck = donkeys.splice(0, s.donkeyDeck.length);
  s.setAside = donkeys.splice(0, s.setAside.length);
  s.boxed = donkeys;
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
