import type { PlayerId } from "@rules/core";
import { AREA_NAMES, CHARACTER_NAMES, COLOURS, KICK_ON_NAMES, type Colour, type Kind } from "./data.js";
import type { Action, State } from "./schema.js";
import {
  backOf,
  canPay,
  card,
  discardTakeable,
  effectiveCost,
  feralAvailable,
  fetchColours,
  handLimit,
  handRoom,
  spaceIndex,
  spaceKind,
  visitorMatches,
  visitorRoom,
  componentsOf,
} from "./rules.js";
import { characterActions, usesNow } from "./turn.js";

const HOLDERS: Kind[] = ["amusement", "lodging", "monument"];

/** Who may act: every seat still choosing a poster side; the head of the Kick-on queue; else the seat whose turn it is. */
export function activePlayers(s: State): PlayerId[] {
  switch (s.stage) {
    case "over":
      return [];
    case "poster":
      return s.posters.flatMap((p, seat) => (p.side === null ? [seat] : []));
    case "kickOn":
      return s.kickOnQueue.length > 0 ? [s.kickOnQueue[0]!] : [];
    default:
      return [s.current];
  }
}

/** Every legal action of the active seats (or of `player` only), in a stable order, no duplicates. */
export function legalActions(s: State, player?: PlayerId): Action[] {
  return activePlayers(s)
    .filter((p) => player === undefined || p === player)
    .flatMap((p) => actionsOf(s, p));
}

/** Sources of visitors: each platform position, then the top of the deck. */
function sources(s: State): Array<number | "deck"> {
  const out: Array<number | "deck"> = s.platform.map((_, i) => i);
  if (s.deck.length > 0) out.push("deck");
  return out;
}

function sourceBack(s: State, from: number | "deck") {
  const id = from === "deck" ? s.deck[s.deck.length - 1] : s.platform[from];
  return id === undefined ? undefined : backOf(s, id);
}

/** The turn's first choice: the four actions (and the Mechanical Dog's draft, and Donkey Boy). */
function chooseActions(s: State, player: number): Action[] {
  const out: Action[] = [];
  for (const colour of COLOURS) out.push({ type: "build", player, colour });
  for (const colour of COLOURS) out.push({ type: "moveVisitors", player, colour });
  if (s.resorts[player]!.visitors.some((v) => v.length > 0)) out.push({ type: "collectVisitors", player });
  if (handRoom(s, player) > 0 && discardTakeable(s)) out.push({ type: "takeDiscard", player });
  if (mayDraftExtra(s, player)) out.push({ type: "draftExtra", player });
  return out;
}

/** Mechanical Dog: "before you start Moving visitors from the station you may draft THREE extra cards". */
export function mayDraftExtra(s: State, player: number): boolean {
  return s.rules.advanced && s.kickOns[player] === "mechanicalDog" && !s.turn.dogUsed && s.deck.length > 0;
}

/** The attractions `player` may build now: of a build colour, payable, not covering visitors. */
export function buildActions(s: State, player: number): Action[] {
  const out: Action[] = [];
  const hand = s.hands[player]!;
  for (const id of hand) {
    const c = card(s, id);
    const colours: Colour[] = c.colour === "any" ? COLOURS.filter((x) => s.turn.colours.includes(x)) : s.turn.colours.includes(c.colour) ? [c.colour] : [];
    if (colours.length === 0) continue;
    const rest = hand.filter((x) => x !== id);
    const payable = canPay(s, rest, c.kind, effectiveCost(s, id), feralAvailable(s, player, c.kind, false));
    if (!payable) continue;
    for (const colour of colours) {
      const space = spaceIndex(colour, c.kind);
      if (s.resorts[player]!.visitors[space]!.length > 0) continue;
      out.push({ type: "buildAttraction", player, card: id, colour });
    }
  }
  return out;
}

/** The cards `player` may pay next: of the attraction's icon, or the Feral Donkey's amusement, keeping the rest payable. */
export function payActions(s: State, player: number): Action[] {
  const paying = s.turn.paying!;
  const kind = spaceKind(paying.space);
  const hand = s.hands[player]!;
  const feral = feralAvailable(s, player, kind, paying.feral);
  const out: Action[] = [];
  for (const id of hand) {
    const k = card(s, id).kind;
    const rest = hand.filter((x) => x !== id);
    if (k === kind ? canPay(s, rest, kind, paying.owed - 1, feral) : k === "amusement" && feral && canPay(s, rest, kind, paying.owed - 1, false)) {
      out.push({ type: "pay", player, card: id });
    }
  }
  return out;
}

/** Visitors of a chosen colour onto matching attractions; transports fetching one visitor of any colour to hand. */
export function moveActions(s: State, player: number): Action[] {
  const out: Action[] = [];
  const srcs = sources(s);
  for (const from of srcs) {
    const back = sourceBack(s, from)!;
    for (const colour of COLOURS) {
      if (!s.turn.colours.includes(colour) || !visitorMatches(back.colour, colour)) continue;
      for (const kind of HOLDERS) {
        if (visitorRoom(s, player, spaceIndex(colour, kind)) > 0) out.push({ type: "placeVisitor", player, from, colour, kind });
      }
    }
  }
  if (handRoom(s, player) > 0) {
    for (const colour of fetchColours(s, player)) for (const from of srcs) out.push({ type: "fetchVisitor", player, from, colour });
  }
  return out;
}

function returnActions(s: State, player: number): Action[] {
  const resort = s.resorts[player]!;
  return resort.visitors.flatMap((v, space) =>
    v.map((_, slot) => ({ type: "returnVisitor" as const, player, colour: COLOURS[Math.floor(space / 4)]!, kind: spaceKind(space), slot })),
  );
}

function actionsOf(s: State, player: number): Action[] {
  const done: Action = { type: "done", player };
  switch (s.stage) {
    case "poster":
      return [
        { type: "choosePoster", player, side: 0 },
        { type: "choosePoster", player, side: 1 },
      ];
    case "kickOn":
      return componentsOf(s).pairings.filter((p) => !s.kickOns.includes(p.kickOn)).map((p) => ({ type: "chooseKickOn", player, kickOn: p.kickOn }));
    case "choose":
      return [...chooseActions(s, player), ...characterActions(s, player)];
    case "build":
      return [...buildActions(s, player), ...characterActions(s, player), done];
    case "pay":
      return payActions(s, player);
    case "afterDog":
      return [...COLOURS.map((colour) => ({ type: "moveVisitors" as const, player, colour })), ...characterActions(s, player)];
    case "move":
      return [...moveActions(s, player), ...characterActions(s, player), done];
    case "return":
      return returnActions(s, player);
    case "after":
      return [...characterActions(s, player), done];
    case "over":
      return [];
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

/** Why a well-formed action by an active seat is not legal now, in a player's words. */
export function explainIllegal(s: State, a: Action): string | undefined {
  const now = `Not now: ${STAGE_TEXT[s.stage]}`;
  const p = a.player;
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
      if (uses.length === 0) return `The ${CHARACTER_NAMES[name]} cannot be used now${a.type === "swapCharacter" ? " (after a swap you MUST use your new Character)" : ""}`;
      return `Name one of ${uses.join(", ")} as the ${CHARACTER_NAMES[name]}'s extra colour`;
    }
    case "done":
      if (s.stage === "pay") return "Finish paying for the attraction first";
      if (s.stage === "return") return `Put ${s.turn.returnsOwed} more visitor(s) back on the platform first`;
      if (s.stage === "afterDog") return "After the Mechanical Dog's draft you must move visitors";
      return `${now}. There is nothing to finish`;
  }
}
