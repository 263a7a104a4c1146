import type { FavorKind } from "./data.js";
import { favorKindOf } from "./rules.js";
import type { Action, State } from "./schema.js";

const FAVOR_TEXT: Record<FavorKind, string> = {
  decideLast: "to call after everyone else",
  changeLoad: "to change a load card after the calls",
  adjustCapacity: "to change the capacity by two after the calls",
  exchangeOrPick: "to exchange or pick a load card if the call is right",
  checkHalf: "to check half of the load cards before the call",
};

/** One line a player understands, e.g. "Seat 2 calls the donkey overloaded (denies the contract)". */
export function describeAction(state: State, action: Action): string {
  const who = `Seat ${action.player}`;
  switch (action.type) {
    case "playLoad":
      return `${who} plays a load card face down`;
    case "useFavor": {
      const kind = favorKindOf(state.components, action.value);
      return `${who} plays the ${action.value} face up for a favor${kind ? " " + FAVOR_TEXT[kind] : ""}`;
    }
    case "pass":
      return state.round?.stage === "favor" ? `${who} uses no (more) favors this round` : `${who} keeps their load card`;
    case "peek":
      return `${who} checks seat ${action.seat}'s face-down load card${action.slot > 0 ? ` (card ${action.slot + 1})` : ""}`;
    case "call":
      return action.verdict === "deny"
        ? `${who} calls the donkey overloaded (denies the contract)`
        : `${who} calls the donkey within capacity (approves the contract)`;
    case "swapLoad":
      return `${who} changes a face-down load card for another from hand`;
    case "adjustCapacity":
      return `${who} ${action.direction === "increase" ? "raises" : "lowers"} the ${state.round?.effect === "precision" ? "allowed spread" : "capacity"} by ${state.components.favorCapacityStep}`;
    case "exchangeLoad":
      return `${who} exchanges their load card with seat ${action.seat}'s`;
    case "pickLoad": {
      const card = state.round?.plays[action.seat]?.[action.slot];
      return `${who} picks ${card ? `the ${card.value}` : "a load card"} of seat ${action.seat} before the others draw`;
    }
  }
}
