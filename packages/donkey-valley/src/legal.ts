import type { PlayerId } from "@rules/core";
import { favorBlock, favorKindOf, hasLooked, loadsPerSeat, repeatsPrevious, usedFavorThisRound, whyNotFavor } from "./rules.js";
import * as act from "./actions.js";
import type { Action, Round, State } from "./schema.js";

// Hot code: bots and playouts call these after every action, so they loop and push into one result
// array instead of chaining array methods.

/** True when `seat` still owes a load card in step 1. */
function owesLoad(r: Round, seat: number): boolean {
  return r.plays[seat]!.length < loadsPerSeat(r.effect);
}

// activePlayers answers with shared frozen lists, one per set of seats (seats as bits), built once.
const SEAT_SETS: (PlayerId[] | null)[] = [];
for (let bits = 0; bits < 1 << 7; bits++) SEAT_SETS.push(null); // dense: seven seats at most

function seatSet(bits: number): PlayerId[] {
  let set = SEAT_SETS[bits];
  if (set == null) {
    const seats: PlayerId[] = [];
    for (let p = 0; 1 << p <= bits; p++) if (bits & (1 << p)) seats.push(p);
    set = SEAT_SETS[bits] = Object.freeze(seats) as PlayerId[];
  }
  return set;
}

/** The seats that may act now: everyone still owing a load card in step 1, else the head of the queue. */
export function activePlayers(state: State): PlayerId[] {
  const r = state.round;
  if (!r) return seatSet(0);
  if (r.stage !== "load") return r.queue[0] ? seatSet(1 << r.queue[0].seat) : seatSet(0);
  const need = loadsPerSeat(r.effect);
  let bits = 0;
  for (let p = 0; p < r.plays.length; p++) if (r.plays[p]!.length < need) bits |= 1 << p;
  return seatSet(bits);
}

/** The lowest seat that may act now (`activePlayers(state)[0]`), without building the list. */
export function firstActivePlayer(state: State): PlayerId | undefined {
  const r = state.round;
  if (!r) return undefined;
  if (r.stage !== "load") return r.queue[0]?.seat;
  const need = loadsPerSeat(r.effect);
  for (let p = 0; p < r.plays.length; p++) if (r.plays[p]!.length < need) return p;
  return undefined;
}

/** Every legal action of the active seats (or of `player` only), in seat order, no duplicates. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  const r = state.round;
  if (!r) return [];
  if (r.stage === "call") {
    // Step 3 is a third of all actions: two of them, in an array made at its size.
    const head = r.queue[0];
    return head && (player === undefined || player === head.seat) ? [act.call(head.seat, "approve"), act.call(head.seat, "deny")] : [];
  }
  listed = 0;
  if (r.stage !== "load") {
    const head = r.queue[0];
    if (head && (player === undefined || player === head.seat)) listActionsOf(state, r, head.seat);
  } else if (player !== undefined) {
    if (player >= 0 && player < r.plays.length && owesLoad(r, player)) listActionsOf(state, r, player);
  } else {
    for (let p = 0; p < r.plays.length; p++) if (owesLoad(r, p)) listActionsOf(state, r, p);
  }
  return scratch.slice(0, listed);
}

// The actions are written into one reused array and handed out as an exact-size copy: growing a
// new array push by push was the largest single cost of listing them, and emptying the reused one
// (popping, or setting its length) cost more than counting what this call wrote. Entries past
// `listed` are left from earlier calls and never read.
const scratch: Action[] = [];
let listed = 0;

function put(a: Action): void {
  scratch[listed++] = a;
}

/** True when `action` is legal in `state`: the same answer as finding it in {@link legalActions}, without listing them. */
export function isLegal(state: State, action: Action): boolean {
  const r = state.round;
  if (!r) return false;
  const p = action.player;
  if (r.stage === "load" ? !(p < r.plays.length && owesLoad(r, p)) : r.queue[0]?.seat !== p) return false;
  const hand = state.hands[p] ?? [];
  const own = r.plays[p] ?? [];
  switch (action.type) {
    case "playLoad":
      return r.stage === "load" && hand.includes(action.value);
    case "useFavor":
      return r.stage === "favor" && favorBlock(state, p, action.value) === null;
    case "pass":
      return r.stage === "favor" || r.stage === "swap" || r.stage === "exchange";
    case "peek":
      return r.stage === "peek" && action.seat !== p && r.plays[action.seat]?.[action.slot] !== undefined && !hasLooked(r, p, action.seat, action.slot);
    case "call":
      return r.stage === "call";
    case "swapLoad":
      return r.stage === "swap" && own[action.slot] !== undefined && own[action.slot]!.value !== action.value && hand.includes(action.value);
    case "adjustCapacity":
      return r.stage === "adjust";
    case "exchangeLoad":
      return r.stage === "exchange" && own[action.slot] !== undefined && action.seat !== p && r.plays[action.seat]?.[action.targetSlot] !== undefined;
    case "pickLoad":
      return r.stage === "pick" && r.plays[action.seat]?.[action.slot] !== undefined;
  }
}

function listActionsOf(s: State, r: Round, player: number): void {
  const hand = s.hands[player] ?? [];
  const own = r.plays[player] ?? [];
  switch (r.stage) {
    case "load":
      for (let i = 0; i < hand.length; i++) if (!repeatsPrevious(hand, i)) put(act.playLoad(player, hand[i]!));
      return;
    case "favor":
      // The favor cards in hand (distinct values, ascending), as eligibleFavorValues lists them.
      // (favorBlock answers null for each of them; the checks that do not depend on the card come first.)
      if (r.effect !== "hastily" && (s.favorsUsed[player]?.length ?? 0) < s.components.maxFavorsPerGame) {
        for (let i = 0; i < hand.length; i++) {
          if (repeatsPrevious(hand, i)) continue;
          const kind = favorKindOf(s.components, hand[i]!);
          if (kind !== null && !usedFavorThisRound(s, r, player, kind)) put(act.useFavor(player, hand[i]!));
        }
      }
      put(act.pass(player));
      return;
    case "peek":
      // The other seats' cards not looked at yet, as peekTargets lists them.
      for (let seat = 0; seat < r.plays.length; seat++) {
        if (seat === player) continue;
        for (let slot = 0; slot < r.plays[seat]!.length; slot++) if (!hasLooked(r, player, seat, slot)) put(act.peek(player, seat, slot));
      }
      return;
    case "call":
      put(act.call(player, "approve"));
      put(act.call(player, "deny"));
      return;
    case "swap":
      for (let slot = 0; slot < own.length; slot++) {
        for (let i = 0; i < hand.length; i++) {
          const value = hand[i]!;
          if (!repeatsPrevious(hand, i) && value !== own[slot]!.value) put(act.swapLoad(player, slot, value));
        }
      }
      put(act.pass(player));
      return;
    case "adjust":
      put(act.adjustCapacity(player, "increase"));
      put(act.adjustCapacity(player, "decrease"));
      return;
    case "exchange":
      for (let slot = 0; slot < own.length; slot++) {
        for (let seat = 0; seat < r.plays.length; seat++) {
          if (seat === player) continue;
          for (let targetSlot = 0; targetSlot < r.plays[seat]!.length; targetSlot++) {
            put(act.exchangeLoad(player, slot, seat, targetSlot));
          }
        }
      }
      put(act.pass(player));
      return;
    case "pick":
      for (let seat = 0; seat < r.plays.length; seat++) {
        for (let slot = 0; slot < r.plays[seat]!.length; slot++) put(act.pickLoad(player, seat, slot));
      }
      return;
  }
}

const STAGE_TEXT: Record<Round["stage"], string> = {
  load: "everyone is playing a load card face down (step 1)",
  favor: "favors are being announced (step 2)",
  peek: "the caller is checking face-down load cards before the call",
  call: "players are making their calls (step 3)",
  swap: "a player who used the 4 favor is changing a load card",
  adjust: "a player who used the 6 favor is changing the capacity",
  exchange: "a player who used the 8 favor may exchange a load card",
  pick: "a player who used the 8 favor is picking a load card",
};

/** Why a well-formed action by an active seat is not legal now, in a player's words. */
export function explainIllegal(state: State, action: Action): string | undefined {
  const r = state.round;
  if (!r) return undefined;
  const now = `Not now: ${STAGE_TEXT[r.stage]}.`;
  const p = action.player;
  switch (action.type) {
    case "playLoad":
      if (r.stage !== "load") return now;
      if (!(state.hands[p] ?? []).includes(action.value)) return `You do not hold the ${action.value} load card`;
      return undefined;
    case "useFavor":
      return whyNotFavor(state, p, action.value) ?? (r.stage === "favor" ? undefined : `${now} Favors are announced in step 2.`);
    case "pass":
      return `${now} There is nothing to pass on.`;
    case "peek": {
      if (r.stage !== "peek") return r.stage === "call" ? "You have no more load cards to check: make your call" : now;
      if (action.seat === p) return "You already know your own load card: check another player's card";
      if (r.plays[action.seat]?.[action.slot] === undefined) return `Seat ${action.seat} has no load card in slot ${action.slot}`;
      return "You have already checked that load card";
    }
    case "call":
      if (r.stage === "peek") return `Check ${r.peeksLeft} more load card${r.peeksLeft === 1 ? "" : "s"} before making your call`;
      return now;
    case "swapLoad":
      if (r.stage !== "swap") return `${now} Only the 4 favor changes a load card, after all calls.`;
      if (!(state.hands[p] ?? []).includes(action.value)) return `You do not hold the ${action.value} load card`;
      if (r.plays[p]?.[action.slot] === undefined) return `You have no load card in slot ${action.slot}`;
      return "Changing a card for one of the same value changes nothing: pass instead";
    case "adjustCapacity":
      return `${now} Only the 6 favor changes the capacity, after all calls.`;
    case "exchangeLoad":
      if (r.stage !== "exchange") return `${now} Only a correct approver who used the 8 favor may exchange a load card.`;
      if (action.seat === p) return "Exchange with another player's load card, not your own";
      return "There is no such load card to exchange";
    case "pickLoad":
      if (r.stage !== "pick") return `${now} Only a correct denier who used the 8 favor picks a load card.`;
      return `Seat ${action.seat} has no load card in slot ${action.slot}`;
  }
}
