import { canonicalJson } from "@rules/core";
import { isPark, legalPark } from "./amusement.js";
import { ACTIONS, RULES } from "./data.js";
import { checkPlacement } from "./build.js";
import { activePlayers, highBid, mayPassAuction } from "./legal.js";
import { whyNotDelivery } from "./move.js";
import { network } from "./network.js";
import type { Action, State } from "./schema.js";
import { freeNewCities, whyNotUrbanize } from "./urbanize.js";
import { whyNotClaim } from "./connections.js";

// A direct answer to "is this action among legalActions(state)?", so the checked `apply` judges
// one action instead of listing every placement or delivery. It asks the same judges the legal
// list is built from (checkPlacement, whyNotUrbanize, whyNotDelivery); is-legal.test.ts checks that
// the two agree on every candidate action of random games.

/** True exactly when `action` is in `legalActions(state)`. */
export function isLegal(state: State, action: Action): boolean {
  const p = action.player;
  if (activePlayers(state)[0] !== p) return false;
  // The Amusement Park lists a few dozen actions at most: compare with them.
  if (isPark(state)) {
    const key = canonicalJson(action);
    return legalPark(state).some((a) => canonicalJson(a) === key);
  }
  switch (action.type) {
    case "issueShare":
      return state.phase === "shares" && state.shares[p]! < RULES.maxShares;
    case "done":
      return state.phase === "shares" || state.phase === "build" || state.phase === "production";
    case "bid":
      return state.phase === "auction" && action.amount > highBid(state) && action.amount <= state.cash[p]!;
    case "pass":
      return state.phase === "move" || (state.phase === "auction" && mayPassAuction(state, p));
    case "dropOut":
      return state.phase === "auction";
    case "select":
      return state.phase === "select" && (ACTIONS as readonly string[]).includes(action.action) && !state.selected.includes(action.action);
    case "build":
      return state.phase === "build" && checkPlacement(state, p, action.hex, action.tile, action.rot).ok;
    case "claim":
      return state.phase === "build" && whyNotClaim(state, p, action.connection) === undefined;
    case "urbanize": {
      if (state.phase !== "build" || state.selected[p] !== "urbanization") return false;
      const net = network(state);
      if (action.hex >= net.map.grid.cells.length || net.map.townAt[action.hex]! < 0) return false;
      return freeNewCities(state).includes(action.letter) && whyNotUrbanize(state, p, action.hex, action.letter, net) === undefined;
    }
    case "move":
      return state.phase === "move" && whyNotDelivery(state, p, action) === undefined;
    case "raiseLoco":
      return state.phase === "move" && !state.move.locoRaised[p] && state.loco[p]! < RULES.maxLoco;
    case "produce":
      return state.phase === "production" && action.column >= 0 && action.column < state.display.length && state.display[action.column]!.some((c) => c === null);
    case "lay":
    case "transport":
      return false;
  }
}
