import { refillRow } from "@rules/core";
import { PLATFORM_SIZE, type Character, type Colour, COLOURS } from "./data.js";
import type { Action, State, Turn } from "./schema.js";
import { discardTakeable, handRoom, insertSorted, nextSeat, resortComplete, stalemate, takeDeckTop, takeDiscardTop } from "./rules.js";

// The flow of a turn: its start (the Character untwists), the end of the main action (Donkey Boy may
// still act "after"), the end of the turn (station upkeep, the end of the game).

/** A turn with nothing chosen yet. */
export function freshTurn(): Turn {
  return { main: null, colours: [], discount: false, paying: null, feralUsed: false, fetched: [], returnsOwed: 0, characterDone: false, dogUsed: false };
}

/** "At the start of each of your turns, you should ensure your Character is twisted to its normal position." */
export function beginTurn(s: State, seat: number): void {
  s.current = seat;
  s.stage = "choose";
  s.turn = freshTurn();
  const c = s.characters[seat];
  if (c) c.twisted = false;
}

/** The colour choices with which `character` can be used now by the seat whose turn it is ([] = not usable). */
export function usesNow(s: State, character: Character): Array<Colour | undefined> {
  switch (character) {
    case "lordAdmiral":
      // "build TWO colours of attraction when Building"
      return s.stage === "build" && s.turn.colours.length === 1 ? COLOURS.filter((c) => !s.turn.colours.includes(c)) : [];
    case "princessRoyal":
      // "pay one card fewer per attraction when Building"
      return s.stage === "build" && !s.turn.discount ? [undefined] : [];
    case "madameIceCream":
      // "choose TWO visitor colours when Moving visitors"
      return s.stage === "move" && s.turn.colours.length === 1 ? COLOURS.filter((c) => !s.turn.colours.includes(c)) : [];
    case "donkeyBoy":
      // "before, during or after ANY action ... provided the hand limit is not exceeded"
      return ["choose", "build", "afterDog", "move", "after"].includes(s.stage) && handRoom(s, s.current) > 0 && discardTakeable(s) ? [undefined] : [];
  }
}

/** Use, or swap for and use, a Character: "Use that Character (and twist it to 90º)", or swap then "MUST use". */
export function characterActions(s: State, seat: number): Action[] {
  if (!s.rules.advanced || seat !== s.current || s.turn.characterDone) return [];
  const own = s.characters[seat];
  if (!own || own.twisted) return [];
  const out: Action[] = usesNow(s, own.name).map((colour) => (colour ? { type: "useCharacter", player: seat, colour } : { type: "useCharacter", player: seat }));
  for (let q = 0; q < s.players; q++) {
    const other = s.characters[q];
    if (q === seat || !other || other.twisted) continue;
    for (const colour of usesNow(s, other.name)) out.push(colour ? { type: "swapCharacter", player: seat, seat: q, colour } : { type: "swapCharacter", player: seat, seat: q });
  }
  return out;
}

/** What using `character` does now. */
export function useCharacter(s: State, character: Character, colour: Colour | undefined): void {
  switch (character) {
    case "lordAdmiral":
    case "madameIceCream":
      s.turn.colours.push(colour!);
      break;
    case "princessRoyal":
      s.turn.discount = true;
      break;
    case "donkeyBoy":
      insertSorted(s.hands[s.current]!, takeDiscardTop(s)!);
      break;
  }
  s.characters[s.current]!.twisted = true;
  s.turn.characterDone = true;
  if (s.stage === "after") endTurn(s);
}

/** After the main action: Donkey Boy may still act "after" it; otherwise the turn ends. */
export function finishMainAction(s: State): void {
  s.turn.paying = null;
  s.stage = "after";
  if (characterActions(s, s.current).length === 0) endTurn(s);
}

/**
 * End of a turn: "At the end of a player's turn there must always be at least four visitors on the
 * platform"; then "As soon as one player has completed their resort, then every other player gets
 * one final turn". A stalemate (reading 19: nothing can ever move again) ends the game at once.
 */
export function endTurn(s: State): void {
  refillRow(s.platform, PLATFORM_SIZE, () => takeDeckTop(s));
  if (s.turns < Number.MAX_SAFE_INTEGER) s.turns++; // a count that stays exact (and loadable) however long the table plays
  const p = s.current;
  if (s.endTriggeredBy === null) {
    if (resortComplete(s, p)) {
      s.endTriggeredBy = p;
      s.finalTurnsLeft = s.players - 1;
    }
  } else {
    s.finalTurnsLeft--;
  }
  if ((s.endTriggeredBy !== null && s.finalTurnsLeft === 0) || (s.endTriggeredBy === null && stalemate(s))) endGame(s);
  else beginTurn(s, nextSeat(s, p));
}

/** "Discard all the cards in your hand and any visitors in your resort", then score. */
function endGame(s: State): void {
  s.stage = "over";
  s.turn = freshTurn();
  for (let p = 0; p < s.players; p++) {
    s.discard.push(...s.hands[p]!.splice(0));
    for (const v of s.resorts[p]!.visitors) s.discard.push(...v.splice(0));
  }
}
