import { DOG_DRAFT } from "./data.js";
import { dealCards } from "./setup.js";
import type { Action, State } from "./schema.js";
import {
  card,
  draftToPlatform,
  effectiveCost,
  handRoom,
  insertSorted,
  removeFromHand,
  spaceIndex,
  spaceKind,
  takeDeckTop,
  takeDiscardTop,
  upkeepStation,
  componentsOf,
} from "./rules.js";
import { endTurn, finishMainAction, useCharacter } from "./turn.js";

// The rules as a recipe: one small function per action. Works on any plain state
// object; `action` must be legal.

type Act<T extends Action["type"]> = Extract<Action, { type: T }>;

/** "Each player decides which Resort to play"; once all have, Kick-ons (advanced) or the deal follow. */
function choosePoster(s: State, a: Act<"choosePoster">): void {
  s.posters[a.player]!.side = a.side;
  if (s.posters.some((p) => p.side === null)) return;
  if (s.rules.advanced) {
    s.stage = "kickOn";
    // "In reverse turn order (i.e. beginning with the player to the right of the oldest player)"
    s.kickOnQueue = Array.from({ length: s.players }, (_, i) => s.players - 1 - i);
  } else {
    dealCards(s);
  }
}

/** "each player chooses one Kick-on ... takes the duplicate of the reverse ... This is their initial Character", twisted. */
function chooseKickOn(s: State, a: Act<"chooseKickOn">): void {
  s.kickOns[a.player] = a.kickOn;
  const character = componentsOf(s).pairings.find((p) => p.kickOn === a.kickOn)!.character;
  s.characters[a.player] = { name: character, twisted: true };
  s.kickOnQueue.shift();
  if (s.kickOnQueue.length === 0) dealCards(s);
}

/** "Choose an attraction colour for that turn". */
function startBuild(s: State, a: Act<"build">): void {
  s.turn.main = "build";
  s.turn.colours = [a.colour];
  s.stage = "build";
}

/** "Choose a colour of visitor for that turn". */
function startMove(s: State, a: Act<"moveVisitors">): void {
  s.turn.main = "move";
  s.turn.colours = [a.colour];
  s.stage = "move";
}

/** "add ALL the visitors that are in your resort ... to your hand"; the excess must go back to the platform first. */
function collectVisitors(s: State, a: Act<"collectVisitors">): void {
  s.turn.main = "collect";
  const total = s.resorts[a.player]!.visitors.reduce((n, v) => n + v.length, 0);
  const excess = total - Math.max(0, handRoom(s, a.player));
  if (excess > 0) {
    s.turn.returnsOwed = excess;
    s.stage = "return";
    return;
  }
  visitorsToHand(s, a.player);
}

function visitorsToHand(s: State, player: number): void {
  for (const v of s.resorts[player]!.visitors) for (const id of v.splice(0)) insertSorted(s.hands[player]!, id);
  finishMainAction(s);
}

/** "put the excess visitors back on the platform ... (keeping them face down)". */
function returnVisitor(s: State, a: Act<"returnVisitor">): void {
  const [id] = s.resorts[a.player]!.visitors[spaceIndex(a.colour, a.kind)]!.splice(a.slot, 1);
  s.platform.push(id!);
  s.turn.returnsOwed--;
  if (s.turn.returnsOwed === 0) visitorsToHand(s, a.player);
}

/** "A last resort - is to take the top card from the discard pile directly to your hand". */
function takeDiscard(s: State, a: Act<"takeDiscard">): void {
  s.turn.main = "discard";
  insertSorted(s.hands[a.player]!, takeDiscardTop(s)!);
  finishMainAction(s);
}

/** Mechanical Dog: three extra cards onto the platform; the move action follows. */
function draftExtra(s: State): void {
  s.turn.dogUsed = true;
  draftToPlatform(s, DOG_DRAFT);
  s.stage = "afterDog";
}

/**
 * Build: the card goes on its space (covering any card there; the Funicular Railway in the area of
 * the colour named), then its cost is paid card by card.
 */
function buildAttraction(s: State, a: Act<"buildAttraction">): void {
  const c = card(s, a.card);
  const space = spaceIndex(a.colour, c.kind);
  removeFromHand(s.hands[a.player]!, a.card);
  s.resorts[a.player]!.spaces[space]!.push(a.card);
  const owed = effectiveCost(s, a.card);
  if (owed > 0) {
    s.turn.paying = { space, owed, feral: false };
    s.stage = "pay";
  }
}

/** "Cards which have been used to pay for an attraction may be placed on the discard pile in any order": one by one. */
function pay(s: State, a: Act<"pay">): void {
  const paying = s.turn.paying!;
  if (card(s, a.card).kind !== spaceKind(paying.space)) {
    paying.feral = true;
    s.turn.feralUsed = true;
  }
  removeFromHand(s.hands[a.player]!, a.card);
  s.discard.push(a.card);
  upkeepStation(s);
  paying.owed--;
  if (paying.owed === 0) {
    s.turn.paying = null;
    s.stage = "build";
  }
}

function takeFrom(s: State, from: number | "deck"): number {
  return from === "deck" ? takeDeckTop(s)! : s.platform.splice(from, 1)[0]!;
}

/** "Move any number of visitors of that colour from the station to your resort". */
function placeVisitor(s: State, a: Act<"placeVisitor">): void {
  const id = takeFrom(s, a.from);
  s.resorts[a.player]!.visitors[spaceIndex(a.colour, a.kind)]!.push(id);
}

/** "you may take ONE visitor from the platform or the top of the deck ... added directly to your hand". */
function fetchVisitor(s: State, a: Act<"fetchVisitor">): void {
  insertSorted(s.hands[a.player]!, takeFrom(s, a.from));
  s.turn.fetched.push(a.colour);
}

function useOwnCharacter(s: State, a: Act<"useCharacter">): void {
  useCharacter(s, s.characters[a.player]!.name, a.colour);
}

/** "Swap it with an un-twisted Character belonging to another player; then you MUST use ... your new Character." */
function swapCharacter(s: State, a: Act<"swapCharacter">): void {
  const mine = s.characters[a.player]!;
  s.characters[a.player] = s.characters[a.seat]!;
  s.characters[a.seat] = mine;
  useCharacter(s, s.characters[a.player]!.name, a.colour);
}

/** Stop building or moving visitors (then Donkey Boy may still act); in the `after` stage, end the turn. */
function done(s: State): void {
  if (s.stage === "after") endTurn(s);
  else finishMainAction(s);
}

/** The recipe run by `apply`, `applyUnchecked` and `applyInPlace`. */
export function reduce(s: State, a: Action): void {
  switch (a.type) {
    case "choosePoster":
      return choosePoster(s, a);
    case "chooseKickOn":
      return chooseKickOn(s, a);
    case "build":
      return startBuild(s, a);
    case "moveVisitors":
      return startMove(s, a);
    case "collectVisitors":
      return collectVisitors(s, a);
    case "takeDiscard":
      return takeDiscard(s, a);
    case "draftExtra":
      return draftExtra(s);
    case "buildAttraction":
      return buildAttraction(s, a);
    case "pay":
      return pay(s, a);
    case "placeVisitor":
      return placeVisitor(s, a);
    case "fetchVisitor":
      return fetchVisitor(s, a);
    case "returnVisitor":
      return returnVisitor(s, a);
    case "useCharacter":
      return useOwnCharacter(s, a);
    case "swapCharacter":
      return swapCharacter(s, a);
    case "done":
      return done(s);
  }
}
