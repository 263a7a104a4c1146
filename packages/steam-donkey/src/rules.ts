import { reshuffleDiscard } from "@rules/core";
import {
  BANK_HAND_LIMIT,
  COLOURS,
  HAND_LIMIT,
  KINDS,
  type BackColour,
  type Card,
  type Character,
  type Colour,
  type Kind,
  type Components,
  defaultComponents,
} from "./data.js";
import type { Back, State } from "./schema.js";

// Small pure rules shared by legal.ts, apply.ts and score.ts, each named for the clause it enforces.

/** The space of the resort grid: rows park/town/beach, columns amusement/lodging/monument/transport. */
export function spaceIndex(colour: Colour, kind: Kind): number {
  return COLOUR_INDEX[colour] * 4 + KIND_INDEX[kind];
}
const COLOUR_INDEX: Record<Colour, number> = { green: 0, red: 1, yellow: 2 };
const KIND_INDEX: Record<Kind, number> = { amusement: 0, lodging: 1, monument: 2, transport: 3 };

export function spaceColour(space: number): Colour {
  return COLOURS[Math.floor(space / 4)]!;
}

export function spaceKind(space: number): Kind {
  return KINDS[space % 4]!;
}

/** The component set of a game: `null` in the state stands for {@link defaultComponents}. */
export function componentsOf(s: Pick<State, "components">): Components {
  return s.components ?? defaultComponents;
}

export function card(s: State, id: number): Card {
  return componentsOf(s).cards[id]!;
}

/** A face-down card's back: "the same attraction icon" plus its suitcases. */
export function backOf(s: State, id: number): Back {
  const c = card(s, id);
  return { kind: c.kind, colour: c.back };
}

export function backKey(b: Back): string {
  return `${b.kind}/${b.colour}`;
}

/** The top (uncovered) card of a space, or undefined when empty. */
export function topCard(s: State, seat: number, space: number): number | undefined {
  const stack = s.resorts[seat]!.spaces[space]!;
  return stack[stack.length - 1];
}

/** "Your hand may never contain more than TWELVE cards" (FIFTEEN with the Bank). */
export function handLimit(s: State, seat: number): number {
  return s.kickOns[seat] === "bank" ? BANK_HAND_LIMIT : HAND_LIMIT;
}

export function handRoom(s: State, seat: number): number {
  return handLimit(s, seat) - s.hands[seat]!.length;
}

/** Filled spaces: a space counts once however many cards cover it. */
export function filledSpaces(s: State, seat: number): number {
  return s.resorts[seat]!.spaces.filter((st) => st.length > 0).length;
}

export function posterSide(s: State, seat: number) {
  const p = s.posters[seat]!;
  return p.side === null ? undefined : componentsOf(s).posters[p.card]![p.side];
}

/** "Your Resort Poster shows how many attraction spaces you need to fill in order to complete your resort." */
export function resortComplete(s: State, seat: number): boolean {
  const side = posterSide(s, seat);
  return side !== undefined && filledSpaces(s, seat) >= side.spaces;
}

/** A visitor of back colour `back` may be moved as one of `colours` ("Special visitors" are all three). */
export function visitorMatches(back: BackColour, colour: Colour): boolean {
  return back === "tri" || back === colour;
}

/** Room for visitors on a space: only top cards of amusements, lodgings and monuments hold visitors. */
export function visitorRoom(s: State, seat: number, space: number): number {
  if (spaceKind(space) === "transport") return 0;
  const top = topCard(s, seat, space);
  if (top === undefined) return 0;
  return card(s, top).capacity - s.resorts[seat]!.visitors[space]!.length;
}

/** The cost of an attraction this turn: Princess Royal pays "one card fewer per attraction" (never below 0). */
export function effectiveCost(s: State, id: number): number {
  return Math.max(0, card(s, id).cost - (s.turn.discount ? 1 : 0));
}

/** Feral Donkey: may an amusement still stand in for another icon while paying? */
export function feralAvailable(s: State, seat: number, kind: Kind, alreadyThisAttraction: boolean): boolean {
  if (s.kickOns[seat] !== "feralDonkey" || kind === "amusement") return false;
  return s.rules.feralDonkeyPerTurn ? !s.turn.feralUsed : !alreadyThisAttraction;
}

/** Can `owed` cards showing `kind` be paid from `hand` (with at most one amusement standing in when `feral`)? */
export function canPay(s: State, hand: readonly number[], kind: Kind, owed: number, feral: boolean): boolean {
  let matching = 0;
  let amusements = 0;
  for (const id of hand) {
    const k = card(s, id).kind;
    if (k === kind) matching++;
    else if (k === "amusement") amusements++;
  }
  return matching + (feral && amusements > 0 ? 1 : 0) >= owed;
}

/** The turn order: clockwise from seat 0. */
export function nextSeat(s: State, seat: number): number {
  return (seat + 1) % s.players;
}

export function insertSorted(hand: number[], id: number): void {
  let i = hand.length;
  while (i > 0 && hand[i - 1]! > id) i--;
  hand.splice(i, 0, id);
}

export function removeFromHand(hand: number[], id: number): void {
  const i = hand.indexOf(id);
  if (i >= 0) hand.splice(i, 1);
}

/**
 * "There must always be at least one card in the discard pile": turn the deck's top card up when it
 * is empty. "If there are no cards left in the deck, reshuffle the discard pile (and then turn the
 * top card to create a new discard pile)". When the deck is empty and the discard holds a single
 * card, nothing can be reshuffled: the station waits (reading: the deck stays empty).
 */
export function upkeepStation(s: State): void {
  if (s.discard.length === 0 && s.deck.length > 0) s.discard.push(s.deck.pop()!);
  if (s.deck.length === 0 && s.discard.length >= 2) reshuffleDiscard(s.rng, s.deck, s.discard, 1);
}

/** Take the deck's top card (then keep the station in order). */
export function takeDeckTop(s: State): number | undefined {
  const id = s.deck.pop();
  upkeepStation(s);
  return id;
}

/** Take the discard's top card (then keep the station in order). */
export function takeDiscardTop(s: State): number | undefined {
  const id = s.discard.pop();
  upkeepStation(s);
  return id;
}

/** The last-resort / Donkey Boy take is possible: a card on the discard that can be replaced or is not the last one. */
export function discardTakeable(s: State): boolean {
  return s.discard.length > 1 || (s.discard.length === 1 && s.deck.length > 0);
}

/** Draft cards from the deck onto the platform (face down). Returns how many arrived. */
export function draftToPlatform(s: State, n: number): number {
  let got = 0;
  while (got < n) {
    const id = takeDeckTop(s);
    if (id === undefined) break;
    s.platform.push(id);
    got++;
  }
  return got;
}

export function characterOf(s: State, seat: number): Character | undefined {
  return s.characters[seat]?.name;
}

/** Colours the transports of `seat` may fetch with now: top transports of a chosen colour that have not fetched. */
export function fetchColours(s: State, seat: number): Colour[] {
  return s.turn.colours.filter((c) => !s.turn.fetched.includes(c) && topCard(s, seat, spaceIndex(c, "transport")) !== undefined);
}

/**
 * Could `seat` ever build an attraction from its hand as it stands: some card whose cost the rest
 * of the hand pays (one card fewer if Princess Royal is in the game, one amusement standing in for
 * the Feral Donkey's owner)? Building covers any space, in any colour, when no visitor is in the way.
 */
function couldBuildFromHand(s: State, seat: number): boolean {
  const hand = s.hands[seat]!;
  const discount = s.rules.advanced && s.characters.some((c) => c?.name === "princessRoyal") ? 1 : 0;
  for (let i = 0; i < hand.length; i++) {
    const c = card(s, hand[i]!);
    const owed = Math.max(0, c.cost - discount);
    const feral = s.kickOns[seat] === "feralDonkey" && c.kind !== "amusement";
    let matching = 0;
    let amusements = 0;
    for (let j = 0; j < hand.length; j++) {
      if (j === i) continue;
      const k = card(s, hand[j]!).kind;
      if (k === c.kind) matching++;
      else if (k === "amusement") amusements++;
    }
    if (matching + (feral && amusements > 0 ? 1 : 0) >= owed) return true;
  }
  return false;
}

/**
 * A stalemate (not in the rulebook; reading 19): the station is exhausted (deck and platform empty,
 * the last discard card may not be taken), no resort holds a visitor, and no seat could build
 * anything from its hand. Then no card can ever move again, no resort can be completed, and the
 * game would go on forever.
 */
export function stalemate(s: State): boolean {
  if (s.deck.length > 0 || s.platform.length > 0 || discardTakeable(s)) return false;
  for (let p = 0; p < s.players; p++) {
    for (const v of s.resorts[p]!.visitors) if (v.length > 0) return false;
    if (couldBuildFromHand(s, p)) return false;
  }
  return true;
}
