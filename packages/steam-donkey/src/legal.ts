import type { PlayerId } from "@rules/core";
import { AREA_NAMES, CHARACTER_NAMES, COLOURS, KICK_ON_NAMES, KINDS, type Character, type Colour, type Kind } from "./data.js";
import type { Action, State } from "./schema.js";
import {
  backOf,
  card,
  discardTakeable,
  effectiveCost,
  feralAvailable,
  fetchColours,
  handLimit,
  handRoom,
  spaceColour,
  spaceIndex,
  spaceKind,
  topCard,
  visitorMatches,
  visitorRoom,
  componentsOf,
} from "./rules.js";
import { characterActions, usesNow } from "./turn.js";

const HOLDERS: readonly Kind[] = ["amusement", "lodging", "monument"];
const STAGES_WITH_CHARACTERS: ReadonlySet<State["stage"]> = new Set(["choose", "build", "afterDog", "move", "after"]);

// Hot helpers (random playouts and MCTS call them on every step) loop and push into one result
// array: no seat lists, no filter/flatMap chains, no copy of the hand per card.

/** Who may act: every seat still choosing a poster side; the head of the Kick-on queue; else the seat whose turn it is. */
export function activePlayers(s: State): PlayerId[] {
  switch (s.stage) {
    case "over":
      return [];
    case "poster": {
      const out: PlayerId[] = [];
      for (let seat = 0; seat < s.posters.length; seat++) if (s.posters[seat]!.side === null) out.push(seat);
      return out;
    }
    case "kickOn":
      return s.kickOnQueue.length > 0 ? [s.kickOnQueue[0]!] : [];
    default:
      return [s.current];
  }
}

/** Every legal action of the active seats (or of `player` only), in a stable order, no duplicates. */
export function legalActions(s: State, player?: PlayerId): Action[] {
  const out: Action[] = [];
  if (s.stage === "poster") {
    for (let p = 0; p < s.posters.length; p++) if (s.posters[p]!.side === null && (player === undefined || p === player)) actionsOf(s, p, out);
    return out;
  }
  const active = s.stage === "over" ? undefined : s.stage === "kickOn" ? s.kickOnQueue[0] : s.current;
  if (active !== undefined && (player === undefined || player === active)) actionsOf(s, active, out);
  return out;
}

/** The card on platform position `from` or the deck's top; undefined when there is none. */
function sourceCard(s: State, from: number | "deck"): number | undefined {
  return from === "deck" ? s.deck[s.deck.length - 1] : Number.isInteger(from) ? s.platform[from] : undefined;
}

function sourceBack(s: State, from: number | "deck") {
  const id = sourceCard(s, from);
  return id === undefined ? undefined : backOf(s, id);
}

/** The turn's first choice: the four actions (and the Mechanical Dog's draft, and Donkey Boy). */
function chooseActions(s: State, player: number, out: Action[]): void {
  for (const colour of COLOURS) out.push({ type: "build", player, colour });
  for (const colour of COLOURS) out.push({ type: "moveVisitors", player, colour });
  if (hasVisitors(s, player)) out.push({ type: "collectVisitors", player });
  if (handRoom(s, player) > 0 && discardTakeable(s)) out.push({ type: "takeDiscard", player });
  if (mayDraftExtra(s, player)) out.push({ type: "draftExtra", player });
}

function hasVisitors(s: State, player: number): boolean {
  for (const v of s.resorts[player]!.visitors) if (v.length > 0) return true;
  return false;
}

/** Mechanical Dog: "before you start Moving visitors from the station you may draft THREE extra cards". */
export function mayDraftExtra(s: State, player: number): boolean {
  return s.rules.advanced && s.kickOns[player] === "mechanicalDog" && !s.turn.dogUsed && s.deck.length > 0;
}

/** Cards of each icon in a hand, in the order of KINDS. */
function kindCounts(s: State, hand: readonly number[]): [number, number, number, number] {
  const n: [number, number, number, number] = [0, 0, 0, 0];
  for (const id of hand) n[KINDS.indexOf(card(s, id).kind)]!++;
  return n;
}

/**
 * Can the rest of the hand (without one card of icon `without`) pay `owed` cards showing `kind`,
 * with at most one amusement standing in when `feral`? The same sum as `canPay`, from the counts.
 */
function restPays(counts: readonly number[], without: Kind, kind: Kind, owed: number, feral: boolean): boolean {
  const k = KINDS.indexOf(kind);
  const matching = counts[k]! - (without === kind ? 1 : 0);
  const amusements = kind === "amusement" ? 0 : counts[0]! - (without === "amusement" ? 1 : 0);
  return matching + (feral && amusements > 0 ? 1 : 0) >= owed;
}

/** May `player` start building card `id` in the area of `colour` now: a build colour, payable, not covering visitors. */
function mayBuild(s: State, player: number, id: number, colour: Colour, counts: readonly number[]): boolean {
  const c = card(s, id);
  if ((c.colour !== "any" && c.colour !== colour) || !s.turn.colours.includes(colour)) return false;
  if (s.resorts[player]!.visitors[spaceIndex(colour, c.kind)]!.length > 0) return false;
  return restPays(counts, c.kind, c.kind, effectiveCost(s, id), feralAvailable(s, player, c.kind, false));
}

/** The attractions `player` may build now: of a build colour, payable, not covering visitors. */
export function buildActions(s: State, player: number, out: Action[] = []): Action[] {
  const hand = s.hands[player]!;
  const counts = kindCounts(s, hand);
  for (const id of hand) {
    const own = card(s, id).colour;
    if (own !== "any") {
      if (mayBuild(s, player, id, own, counts)) out.push({ type: "buildAttraction", player, card: id, colour: own });
      continue;
    }
    for (const colour of COLOURS) if (mayBuild(s, player, id, colour, counts)) out.push({ type: "buildAttraction", player, card: id, colour });
  }
  return out;
}

/** May `player` pay card `id` next: of the attraction's icon, or the Feral Donkey's amusement, keeping the rest payable. */
function mayPay(s: State, player: number, id: number, counts: readonly number[]): boolean {
  const paying = s.turn.paying!;
  const kind = spaceKind(paying.space);
  const feral = feralAvailable(s, player, kind, paying.feral);
  const k = card(s, id).kind;
  if (k === kind) return restPays(counts, k, kind, paying.owed - 1, feral);
  return k === "amusement" && feral && restPays(counts, k, kind, paying.owed - 1, false);
}

/** The cards `player` may pay next: of the attraction's icon, or the Feral Donkey's amusement, keeping the rest payable. */
export function payActions(s: State, player: number, out: Action[] = []): Action[] {
  const hand = s.hands[player]!;
  const counts = kindCounts(s, hand);
  for (const id of hand) if (mayPay(s, player, id, counts)) out.push({ type: "pay", player, card: id });
  return out;
}

/** Sources of visitors, in order: each platform position, then the top of the deck. */
function sourceCount(s: State): number {
  return s.platform.length + (s.deck.length > 0 ? 1 : 0);
}
const sourceAt = (s: State, i: number): number | "deck" => (i < s.platform.length ? i : "deck");

/** Visitors of a chosen colour onto matching attractions; transports fetching one visitor of any colour to hand. */
export function moveActions(s: State, player: number, out: Action[] = []): Action[] {
  const n = sourceCount(s);
  // Which (chosen colour, icon) attractions have a free visitor icon: the same for every source.
  let open = 0;
  for (let c = 0; c < COLOURS.length; c++) {
    if (!s.turn.colours.includes(COLOURS[c]!)) continue;
    for (let k = 0; k < HOLDERS.length; k++) if (visitorRoom(s, player, spaceIndex(COLOURS[c]!, HOLDERS[k]!)) > 0) open |= 1 << (c * 3 + k);
  }
  if (open !== 0) {
    for (let i = 0; i < n; i++) {
      const from = sourceAt(s, i);
      const back = card(s, sourceCard(s, from)!).back;
      for (let c = 0; c < COLOURS.length; c++) {
        if (!visitorMatches(back, COLOURS[c]!)) continue;
        for (let k = 0; k < HOLDERS.length; k++) if (open & (1 << (c * 3 + k))) out.push({ type: "placeVisitor", player, from, colour: COLOURS[c]!, kind: HOLDERS[k]! });
      }
    }
  }
  if (handRoom(s, player) > 0) {
    for (const colour of fetchColours(s, player)) for (let i = 0; i < n; i++) out.push({ type: "fetchVisitor", player, from: sourceAt(s, i), colour });
  }
  return out;
}

function returnActions(s: State, player: number, out: Action[]): void {
  const visitors = s.resorts[player]!.visitors;
  for (let space = 0; space < visitors.length; space++) {
    for (let slot = 0; slot < visitors[space]!.length; slot++) out.push({ type: "returnVisitor", player, colour: spaceColour(space), kind: spaceKind(space), slot });
  }
}

function actionsOf(s: State, player: number, out: Action[]): void {
  switch (s.stage) {
    case "poster":
      out.push({ type: "choosePoster", player, side: 0 }, { type: "choosePoster", player, side: 1 });
      return;
    case "kickOn":
      for (const p of componentsOf(s).pairings) if (!s.kickOns.includes(p.kickOn)) out.push({ type: "chooseKickOn", player, kickOn: p.kickOn });
      return;
    case "choose":
      chooseActions(s, player, out);
      return characterActionsInto(s, player, out);
    case "build":
      buildActions(s, player, out);
      characterActionsInto(s, player, out);
      out.push({ type: "done", player });
      return;
    case "pay":
      payActions(s, player, out);
      return;
    case "afterDog":
      for (const colour of COLOURS) out.push({ type: "moveVisitors", player, colour });
      return characterActionsInto(s, player, out);
    case "move":
      moveActions(s, player, out);
      characterActionsInto(s, player, out);
      out.push({ type: "done", player });
      return;
    case "return":
      return returnActions(s, player, out);
    case "after":
      characterActionsInto(s, player, out);
      out.push({ type: "done", player });
      return;
    case "over":
      return;
  }
}

function characterActionsInto(s: State, player: number, out: Action[]): void {
  if (!s.rules.advanced) return;
  for (const a of characterActions(s, player)) out.push(a);
}

/** A Character's use with this colour choice is possible now. */
function usable(s: State, name: Character, colour: Colour | undefined): boolean {
  return usesNow(s, name).includes(colour);
}

/**
 * True exactly when `a` (well formed, by an active seat) is among `legalActions(s, a.player)`,
 * checked directly from the same rule helpers (the checked `apply` calls it instead of listing the
 * legal actions; test/steam-donkey/is-legal.test.ts holds the two together).
 */
export function isLegal(s: State, a: Action): boolean {
  const p = a.player;
  const turnOf = s.stage !== "poster" && s.stage !== "kickOn" && s.stage !== "over" && p === s.current;
  switch (a.type) {
    case "choosePoster":
      return s.stage === "poster" && s.posters[p]?.side === null;
    case "chooseKickOn":
      return s.stage === "kickOn" && s.kickOnQueue[0] === p && !s.kickOns.includes(a.kickOn) && componentsOf(s).pairings.some((x) => x.kickOn === a.kickOn);
    case "build":
      return turnOf && s.stage === "choose";
    case "moveVisitors":
      return turnOf && (s.stage === "choose" || s.stage === "afterDog");
    case "collectVisitors":
      return turnOf && s.stage === "choose" && hasVisitors(s, p);
    case "takeDiscard":
      return turnOf && s.stage === "choose" && handRoom(s, p) > 0 && discardTakeable(s);
    case "draftExtra":
      return turnOf && s.stage === "choose" && mayDraftExtra(s, p);
    case "buildAttraction": {
      const hand = s.hands[p]!;
      return turnOf && s.stage === "build" && hand.includes(a.card) && mayBuild(s, p, a.card, a.colour, kindCounts(s, hand));
    }
    case "pay": {
      const hand = s.hands[p]!;
      return turnOf && s.stage === "pay" && hand.includes(a.card) && mayPay(s, p, a.card, kindCounts(s, hand));
    }
    case "placeVisitor": {
      if (!turnOf || s.stage !== "move") return false;
      const back = sourceBack(s, a.from);
      if (!back || !s.turn.colours.includes(a.colour) || !visitorMatches(back.colour, a.colour) || !HOLDERS.includes(a.kind)) return false;
      return visitorRoom(s, p, spaceIndex(a.colour, a.kind)) > 0;
    }
    case "fetchVisitor":
      return turnOf && s.stage === "move" && handRoom(s, p) > 0 && sourceCard(s, a.from) !== undefined && fetchColours(s, p).includes(a.colour);
    case "returnVisitor":
      return turnOf && s.stage === "return" && a.slot < s.resorts[p]!.visitors[spaceIndex(a.colour, a.kind)]!.length;
    case "useCharacter":
    case "swapCharacter": {
      if (!turnOf || !s.rules.advanced || !STAGES_WITH_CHARACTERS.has(s.stage) || s.turn.characterDone) return false;
      const own = s.characters[p];
      if (!own || own.twisted) return false;
      if (a.type === "useCharacter") return usable(s, own.name, a.colour);
      const other = a.seat < s.players && a.seat !== p ? s.characters[a.seat] : null;
      return !!other && !other.twisted && usable(s, other.name, a.colour);
    }
    case "done":
      return turnOf && (s.stage === "build" || s.stage === "move" || s.stage === "after");
  }
}

const STAGE_TEXT: Record<State["stage"], string> = {
  poster: "players are choosing the side of their Resort Poster",
  kickOn: "players are choosing Kick-ons in reverse turn order",
  choose: "the turn's action (build, move visitors, add visitors to hand, or take the discard) is being chosen",
  build: "attractions are being built",
  pay: "an attraction is being paid for",
  afterDog: "the Mechanical Dog has drafted: visitors must now be moved",
  move: "visitors are being moved from the station",
  return: "visitors over the hand limit are going back to the platform",
  after: "the action is over; only Donkey Boy may still act before the turn ends",
  over: "the game is over",
};

/** When a Character acts ("Characters" in the Advanced Rules), and why not now, in a player's words. */
function whenCharacterActs(s: State, name: Character): string {
  switch (name) {
    case "lordAdmiral":
      return "he adds a second colour only while you are building attractions (not in the middle of paying for one)";
    case "princessRoyal":
      return "she takes one card off each attraction only while you are building attractions (not in the middle of paying for one)";
    case "madameIceCream":
      return "she adds a second visitor colour only while you are moving visitors from the station";
    case "donkeyBoy":
      if (handRoom(s, s.current) <= 0) return `your hand may never contain more than ${handLimit(s, s.current)} cards`;
      if (!discardTakeable(s)) return "the discard pile must always hold a card, and the deck is empty: its last card cannot be taken";
      return "he takes the discard's top card before, during or after an action, but not in the middle of paying for an attraction or of putting visitors back";
  }
}

/** The steps of a turn (the setup choices, the Mechanical Dog and the Characters explain themselves). */
const TURN_STEPS: ReadonlySet<Action["type"]> = new Set(["build", "moveVisitors", "collectVisitors", "takeDiscard", "buildAttraction", "pay", "placeVisitor", "fetchVisitor", "returnVisitor", "done"]);

/** Why a well-formed action by an active seat is not legal now, in a player's words. */
export function explainIllegal(s: State, a: Action): string | undefined {
  const now = `Not now: ${STAGE_TEXT[s.stage]}`;
  const p = a.player;
  // "Game Setup": no turn is played before every resort (and, advanced, every Kick-on) is chosen.
  if ((s.stage === "poster" || s.stage === "kickOn") && TURN_STEPS.has(a.type)) return now;
  switch (a.type) {
    case "choosePoster":
      return s.stage === "poster" ? "You have already chosen your resort" : now;
    case "chooseKickOn":
      if (s.stage !== "kickOn") return now;
      return `The ${KICK_ON_NAMES[a.kickOn]} is ${s.kickOns.includes(a.kickOn) ? "already taken: Kick-ons are never exchanged" : "not in this game's set of Kick-ons"}`;
    case "build":
    case "moveVisitors":
    case "collectVisitors":
    case "takeDiscard":
      if (s.stage === "afterDog" && a.type !== "moveVisitors") return "After the Mechanical Dog's draft you must move visitors";
      if (s.stage !== "choose") return `${now}. You carry out one action per turn`;
      if (a.type === "collectVisitors") return "There are no visitors in your resort to add to your hand";
      if (a.type === "takeDiscard") {
        if (handRoom(s, p) <= 0) return `Your hand may never contain more than ${handLimit(s, p)} cards`;
        return "The discard pile must always hold a card, and the deck is empty: its last card cannot be taken";
      }
      return undefined;
    case "draftExtra":
      if (!s.rules.advanced || s.kickOns[p] !== "mechanicalDog") return "Only the owner of the Mechanical Dog drafts extra cards";
      if (s.stage !== "choose") return "The Mechanical Dog drafts only before you start moving visitors";
      return s.turn.dogUsed ? "The Mechanical Dog has already drafted this turn" : "The deck is empty: there is nothing to draft";
    case "buildAttraction": {
      if (s.stage !== "build") return s.stage === "pay" ? "Finish paying for the attraction you are building first" : `${now}. Choose the build action first`;
      if (!s.hands[p]!.includes(a.card)) return "You can only build an attraction from your hand";
      const c = card(s, a.card);
      if (c.colour !== "any" && c.colour !== a.colour) return `The ${c.name} is ${c.colour}: it goes in the ${AREA_NAMES[c.colour]} area`;
      if (!s.turn.colours.includes(a.colour)) return `This turn you build ${s.turn.colours.join(" and ")} attractions, not ${a.colour}`;
      if (s.resorts[p]!.visitors[spaceIndex(a.colour, c.kind)]!.length > 0) return "You may never build on top of an attraction that has got visitors on it";
      return `You cannot pay for the ${c.name}: it costs ${effectiveCost(s, a.card)} cards showing the ${c.kind} icon`;
    }
    case "pay": {
      if (s.stage !== "pay") return `${now}. Nothing is being paid for`;
      if (!s.hands[p]!.includes(a.card)) return "You can only pay with cards from your hand";
      const kind = spaceKind(s.turn.paying!.space);
      return `Pay with cards showing the ${kind} icon (the colour of a card is not relevant)${s.kickOns[p] === "feralDonkey" ? "; the Feral Donkey lets ONE amusement stand in" : ""}, keeping enough to finish paying`;
    }
    case "placeVisitor": {
      if (s.stage !== "move") return `${now}. Choose the move visitors action first`;
      const back = sourceBack(s, a.from);
      if (!back) return a.from === "deck" ? "The deck is empty" : `There is no visitor at platform position ${a.from}`;
      if (!s.turn.colours.includes(a.colour)) return `This turn you move ${s.turn.colours.join(" and ")} visitors, not ${a.colour}`;
      if (!visitorMatches(back.colour, a.colour)) return `That visitor is ${back.colour}, not ${a.colour}`;
      if (a.kind === "transport") return "Visitors are never placed on transport attractions";
      if (topCard(s, p, spaceIndex(a.colour, a.kind)) === undefined) return `You have no ${a.colour} ${a.kind} for the visitor to go on`;
      return `Your ${a.colour} ${a.kind} has no free visitor icon (covered cards and empty spaces hold no visitors)`;
    }
    case "fetchVisitor":
      if (s.stage !== "move") return `${now}. Transports fetch only when visitors are moved`;
      if (handRoom(s, p) <= 0) return "Your hand is at its limit: a fetched visitor cannot be added";
      if (!s.turn.colours.includes(a.colour)) return `Only a transport of a chosen visitor colour (${s.turn.colours.join(", ")}) fetches a visitor`;
      if (s.turn.fetched.includes(a.colour)) return "That transport has already fetched its ONE visitor";
      if (sourceBack(s, a.from) === undefined) return "There is no such visitor in the station";
      return `You have no ${a.colour} transport`;
    case "returnVisitor":
      if (s.stage !== "return") return `${now}. Visitors go back to the platform only when your hand would go over its limit`;
      return "There is no visitor there";
    case "useCharacter":
    case "swapCharacter": {
      if (!s.rules.advanced) return "Characters are used only in the advanced game";
      if (s.turn.characterDone) return "You have already used or swapped a Character this turn";
      if (s.stage === "kickOn" || s.stage === "poster") return now;
      const name = a.type === "useCharacter" ? s.characters[p]?.name : s.characters[a.seat]?.name;
      if (a.type === "swapCharacter") {
        if (a.seat === p) return "Swap with another player's Character";
        if (!name) return `Seat ${a.seat} has no Character`;
        if (s.characters[a.seat]!.twisted) return `The ${CHARACTER_NAMES[name]} is twisted: only an un-twisted Character can be swapped`;
      }
      if (!name) return "You have no Character";
      if (a.type === "useCharacter" && s.characters[p]!.twisted) return `Your ${CHARACTER_NAMES[name]} is twisted: it untwists at the start of your next turn`;
      const uses = usesNow(s, name);
      if (uses.length === 0) return `The ${CHARACTER_NAMES[name]} cannot be used now: ${whenCharacterActs(s, name)}${a.type === "swapCharacter" ? " (after a swap you MUST use your new Character)" : ""}`;
      if (uses.includes(undefined)) return `The ${CHARACTER_NAMES[name]} takes no colour: leave the colour out`;
      return `Name one of ${uses.join(", ")} as the ${CHARACTER_NAMES[name]}'s extra colour`;
    }
    case "done":
      if (s.stage === "pay") return "Finish paying for the attraction first";
      if (s.stage === "return") return `Put ${s.turn.returnsOwed} more visitor(s) back on the platform first`;
      if (s.stage === "afterDog") return "After the Mechanical Dog's draft you must move visitors";
      return `${now}. There is nothing to finish`;
  }
}
