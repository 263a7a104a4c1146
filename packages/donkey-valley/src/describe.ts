import type { DonkeyType, FavorKind } from "./data.js";
import { favorKindOf } from "./rules.js";
import type { Action, Card, State } from "./schema.js";

type Result = NonNullable<State["lastResult"]>;

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

/** Donkey names as a player says them. */
export const DONKEY_NAMES: Record<DonkeyType, string> = {
  normal: "Normal",
  giant: "Giant",
  extraSmall: "Extra small",
  precision: "Precision",
  hastily: "Hastily",
  holes: "Holes",
  attacked: "Attacked",
  lost: "Lost",
  double: "Double",
  stubborn: "Stubborn",
};

/** "the 7", "the 3 and the 5". */
function cardsText(cards: readonly Card[]): string {
  return cards.map((c) => `the ${c.value}`).join(" and ");
}

/** The announcement when a donkey is turned: "its maximum capacity and any special effects". */
function announceDonkey(s: State): string {
  const r = s.round!;
  const n = s.roundNumber + 1;
  if (r.lostResume) return `Donkey ${n}: the Lost donkey returns; its loads are dealt with from step 2 (capacity ${r.limit})`;
  const name = `the ${DONKEY_NAMES[r.donkey]} donkey`;
  if (r.effect === "precision") return `Donkey ${n}: ${name}: no capacity, but overloaded if the loads differ by more than ${r.limit}`;
  const effect: Partial<Record<DonkeyType, string>> = {
    hastily: "; no favors this round",
    holes: "; each player checks one load card before the call",
    attacked: "; the highest load card(s) will be removed",
    lost: "; the loads will be set aside until the end",
    double: "; two load cards each, and one donkey leaves the deck unseen",
    stubborn: "; if more than half deny, the loads leave the game",
  };
  const last = r.donkey === "double" && r.effect !== "double" ? " (the last donkey, so it acts as a Normal one)" : "";
  return `Donkey ${n}: ${name}${last}, capacity ${r.limit}${effect[r.effect] ?? ""}`;
}

/** Step 4 as the table sees it, from the public record of the round: loads, removal, check. */
function describeCheck(res: Result, players: number): string[] {
  if (res.overloaded === null) {
    const denials = res.calls.filter((c) => c === "deny").length;
    return [`${denials} of ${players} players denied: the Stubborn donkey refuses, and the loads leave the game unseen`];
  }
  const all = res.loads.flat();
  const lines = [`Loads revealed: ${res.loads.map((cards, p) => `seat ${p} ${cards.map((c) => c.value).join("+")}`).join(", ")}`];
  let counted = all;
  if (res.effect === "attacked") {
    const high = Math.max(...all.map((c) => c.value));
    counted = all.filter((c) => c.value !== high);
    const hit = res.loads.flatMap((cards, p) => (cards.some((c) => c.value === high) ? [p] : []));
    lines.push(`The Attacked donkey removes every ${high}: seat ${hit.join(", seat ")} cannot score`);
  }
  const values = counted.map((c) => c.value);
  const verdict = res.overloaded ? "overloaded" : "not overloaded";
  if (res.effect === "precision") {
    const spread = values.length > 0 ? Math.max(...values) - Math.min(...values) : 0;
    lines.push(`Spread ${spread}, allowed ${res.limit}: ${verdict}`);
  } else {
    lines.push(`Total ${values.reduce((a, b) => a + b, 0)}, capacity ${res.limit}: ${verdict}`);
  }
  return lines;
}

/**
 * What happened by itself after an action: the loads revealed and checked, the cards won, the first
 * player card moving, the next donkey turned, the end of the game. Public facts only.
 */
export function describeEvents(before: State | null, _action: Action | null, after: State): string[] {
  if (before === null) return [`Seat ${after.firstPlayer} holds the first player card`, announceDonkey(after)];
  const lines: string[] = [];
  const b = before.round;
  const ended = after.roundNumber !== before.roundNumber;
  const revealedNow = !ended && after.round?.revealed === true && b?.revealed === false;
  if (b && !b.revealed && (ended || revealedNow)) {
    if (b.effect === "lost") lines.push("The loads go under the Lost donkey, set aside until all other donkeys are done");
    else if (after.lastResult) lines.push(...describeCheck(after.lastResult, after.players));
  }
  if (ended) {
    const won = after.scorePiles.map((pile, p) => pile.slice(before.scorePiles[p]!.length));
    won.forEach((cards, p) => cards.length > 0 && lines.push(`Seat ${p} wins ${cardsText(cards)}`));
    if (b?.effect !== "lost" && after.lastResult?.overloaded !== null && won.every((c) => c.length === 0)) lines.push("Nobody wins a card");
    if (after.round) {
      lines.push(`Seat ${after.firstPlayer} takes the first player card`, announceDonkey(after));
    } else {
      lines.push("The last donkey is done: the game is over");
    }
  }
  return lines;
}
