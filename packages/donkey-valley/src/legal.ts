import type { PlayerId } from "@rules/core";
import { distinct, eligibleFavorValues, loadsPerSeat, peekTargets, whyNotFavor } from "./rules.js";
import type { Action, Round, State } from "./schema.js";

/** The seats that may act now: everyone still owing a load card in step 1, else the head of the queue. */
export function activePlayers(state: State): PlayerId[] {
  const r = state.round;
  if (!r) return [];
  if (r.stage === "load") return r.plays.flatMap((cards, p) => (cards.length < loadsPerSeat(r.effect) ? [p] : []));
  return r.queue[0] ? [r.queue[0].seat] : [];
}

/** Every legal action of the active seats (or of `player` only), in seat order, no duplicates. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  const r = state.round;
  if (!r) return [];
  return activePlayers(state)
    .filter((p) => player === undefined || p === player)
    .flatMap((p) => actionsOf(state, r, p));
}

function actionsOf(s: State, r: Round, player: number): Action[] {
  const hand = distinct(s.hands[player] ?? []);
  const own = r.plays[player] ?? [];
  switch (r.stage) {
    case "load":
      return hand.map((value) => ({ type: "playLoad", player, value }));
    case "favor":
      return [...eligibleFavorValues(s, player).map((value) => ({ type: "useFavor" as const, player, value })), { type: "pass", player }];
    case "peek":
      return peekTargets(r, player).map(({ seat, slot }) => ({ type: "peek", player, seat, slot }));
    case "call":
      return [
        { type: "call", player, verdict: "approve" },
        { type: "call", player, verdict: "deny" },
      ];
    case "swap":
      return [
        ...own.flatMap((card, slot) =>
          hand.filter((v) => v !== card.value).map((value) => ({ type: "swapLoad" as const, player, slot, value })),
        ),
        { type: "pass", player },
      ];
    case "adjust":
      return [
        { type: "adjustCapacity", player, direction: "increase" },
        { type: "adjustCapacity", player, direction: "decrease" },
      ];
    case "exchange":
      return [
        ...own.flatMap((_, slot) =>
          otherCards(r, player).map(({ seat, slot: targetSlot }) => ({ type: "exchangeLoad" as const, player, slot, seat, targetSlot })),
        ),
        { type: "pass", player },
      ];
    case "pick":
      return r.plays.flatMap((cards, seat) => cards.map((_, slot) => ({ type: "pickLoad" as const, player, seat, slot })));
  }
}

function otherCards(r: Round, player: number): Array<{ seat: number; slot: number }> {
  return r.plays.flatMap((cards, seat) => (seat === player ? [] : cards.map((_, slot) => ({ seat, slot }))));
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
