import { cloneJson, seedRng, shuffle, type PlayerId, type RngState, type Seed } from "@rules/core";
import type { Back, State, View } from "./schema.js";
import { backKey, backOf, canPay, componentsOf, feralAvailable, spaceKind } from "./rules.js";

// What a seat may know at the table. Public: the faces of the attractions in every resort, the
// discard pile (face up), the posters, Kick-ons and Characters, the turn, and the BACK (icon and
// visitor colour) of every face-down card in sight: the platform, the visitors in the resorts, the
// deck's top card, and (option `handBacksPublic`, default on) the cards held in other hands.
// Hidden: the faces of all of those, the deck below its top card, the generator.

function sortedBacks(s: State, ids: readonly number[]): Back[] {
  const keyed = ids.map((id) => ({ back: backOf(s, id), key: backKey(backOf(s, id)) }));
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((x) => x.back);
}

/** What seat `viewer` (or a spectator, `null`) sees. */
export function playerView(s: State, viewer: PlayerId | null): View {
  const top = s.deck[s.deck.length - 1];
  return {
    viewer,
    players: s.players,
    rules: { ...s.rules },
    components: cloneJson(s.components),
    hand: viewer === null ? null : [...(s.hands[viewer] ?? [])],
    handCounts: s.hands.map((h) => h.length),
    handBacks: s.hands.map((h, p) => (p === viewer || !s.rules.handBacksPublic ? null : sortedBacks(s, h))),
    deckCount: s.deck.length,
    deckTop: top === undefined ? null : backOf(s, top),
    discard: [...s.discard],
    platform: s.platform.map((id) => backOf(s, id)),
    resorts: s.resorts.map((r) => ({ spaces: cloneJson(r.spaces), visitors: r.visitors.map((v) => v.map((id) => backOf(s, id))) })),
    posters: cloneJson(s.posters),
    kickOns: [...s.kickOns],
    characters: cloneJson(s.characters),
    stage: s.stage,
    current: s.current,
    kickOnQueue: [...s.kickOnQueue],
    turn: cloneJson(s.turn),
    endTriggeredBy: s.endTriggeredBy,
    finalTurnsLeft: s.finalTurnsLeft,
    turns: s.turns,
  };
}

/** A face-down position: its card, a setter, and the back it must keep (null: its back is not seen either). */
interface Slot {
  id: number;
  set(id: number): void;
  back: string | null;
}

function slotsOf(keys: readonly string[], pile: number[], publicBack: (i: number) => boolean): Slot[] {
  return pile.map((id, i) => ({ id, set: (x: number) => void (pile[i] = x), back: publicBack(i) ? keys[id]! : null }));
}

/**
 * A full state `viewer` cannot tell from `state`: every face `viewer` has not seen is resampled
 * among the unseen cards, keeping each public back (a card on the platform, a visitor, the deck's
 * top card, a card in another hand when hand backs are public keeps its icon and visitor colour).
 * All chance comes from `seed`, and the generator is reseeded.
 */
export function determinize(state: State, viewer: PlayerId, seed: Seed): State {
  const rng = seedRng(seed);
  // A seat in the middle of paying for an attraction holds the cards it will pay with ("Building":
  // the cost is paid with cards of the attraction's type), so a world whose hand could not pay is
  // impossible. Resample until the hand can pay; after a few tries keep that one hand as it is.
  for (let attempt = 0; attempt < PAYABLE_TRIES; attempt++) {
    const s = resample(state, viewer, rng, -1);
    if (payerCanPay(s)) return s;
  }
  return resample(state, viewer, rng, state.turn.paying ? state.current : -1);
}

/** Tries at a world where the paying seat can still pay, before its hand is kept as it is. */
const PAYABLE_TRIES = 16;

/** True unless the seat whose turn it is is paying for an attraction its hand cannot pay for. */
function payerCanPay(s: State): boolean {
  const paying = s.turn.paying;
  if (!paying) return true;
  const kind = spaceKind(paying.space);
  return canPay(s, s.hands[s.current]!, kind, paying.owed, feralAvailable(s, s.current, kind, paying.feral));
}

/** One sampled world: every card `viewer` cannot see dealt anew, except the hand of seat `keep`. */
function resample(state: State, viewer: PlayerId, rng: RngState, keep: PlayerId): State {
  const s = cloneJson(state);
  const keys = componentsOf(s).cards.map((c) => `${c.kind}/${c.back}`);
  const slots: Slot[] = [
    ...slotsOf(keys, s.deck, (i) => i === s.deck.length - 1),
    ...slotsOf(keys, s.platform, () => true),
    ...s.resorts.flatMap((r) => r.visitors.flatMap((v) => slotsOf(keys, v, () => true))),
    ...s.hands.flatMap((h, p) => (p === viewer || p === keep ? [] : slotsOf(keys, h, () => s.rules.handBacksPublic))),
  ];
  const pool = shuffle(
    rng,
    slots.map((x) => x.id),
  );
  const constrained = slots.filter((x) => x.back !== null);
  for (const slot of constrained) {
    const i = pool.findIndex((id) => keys[id] === slot.back);
    slot.set(pool.splice(i, 1)[0]!);
  }
  slots.filter((x) => x.back === null).forEach((slot, i) => slot.set(pool[i]!));
  s.hands.forEach((h, p) => {
    if (p !== viewer) h.sort((a, b) => a - b);
  });
  s.rng = rng;
  return s;
}

/**
 * True when `action` shows someone a face or back that was hidden: the deck moves (a new top back,
 * a card turned, drafted or dealt), a hand takes in an unseen card (a fetch, collected visitors), or
 * the game ends (hands and visitors are discarded face up).
 */
export function revealsInformation(before: State, after: State): boolean {
  if (after.deck.length !== before.deck.length) return true;
  if (after.stage === "over" && before.stage !== "over") return true;
  return after.hands.some((h, p) => h.some((id) => !before.hands[p]!.includes(id) && !before.discard.includes(id)));
}
