import type { PlayerId } from "@rules/core";
import { ACTIONS, RULES } from "./data.js";
import { checkPlacement } from "./build.js";
import { writeLegalPlacements } from "./placements.js";
import { freeNewCities, whyNotUrbanize } from "./urbanize.js";
import { network } from "./network.js";
import { legalDeliveries, whyNotDelivery } from "./move.js";
import { openColumns } from "./phases.js";
import { legalClaims, whyNotClaim } from "./connections.js";
import { explainPark, isPark, legalPark } from "./amusement.js";
import type { Action, State } from "./schema.js";

// Who acts and what they may do, phase by phase. Every list is in a stable order with no
// duplicates; `explainIllegal` gives the rule a refused action breaks.

/** The seats that may act now: one at a time in every phase; none once the game is over. */
export function activePlayers(state: State): PlayerId[] {
  if (state.phase === "over") return [];
  if (state.phase === "auction") return state.auction ? [state.auction.turn] : [];
  return state.queue.length > 0 ? [state.queue[0]!] : [];
}

/** The highest bid so far ($0 before the first bid). */
export function highBid(state: State): number {
  const a = state.auction;
  return a && a.high !== null ? a.bids[a.high]! : 0;
}

/** May `p` use the Turn Order pass now? Once per auction, by last turn's Turn Order holder. */
export function mayPassAuction(state: State, p: number): boolean {
  const a = state.auction;
  if (!a || state.turnOrderPass !== p || a.passUsed) return false;
  return a.active.length > 2 || state.rules.passWithTwoBidders;
}

// Frozen states cannot change, so their legal actions are computed once (core's checked apply
// asks for them again).
const memo = new WeakMap<object, Map<number, Action[]>>();

/** Every legal action of the active seat (or of `player` only), in a stable order. */
export function legalActions(state: State, player?: PlayerId): Action[] {
  const active = activePlayers(state);
  const p = active[0];
  if (p === undefined || (player !== undefined && player !== p)) return [];
  if (isPark(state)) return legalPark(state);
  if (!Object.isFrozen(state) || !Object.isFrozen(state.track)) return compute(state, p);
  let m = memo.get(state);
  if (!m) memo.set(state, (m = new Map()));
  let list = m.get(p);
  if (!list) m.set(p, (list = compute(state, p)));
  // Copies, so a caller that edits an action cannot change the memo.
  return list.map((a) => (a.type === "move" ? { ...a, route: a.route.map(([h, e]) => [h, e] as [number, number]), ...(a.rides ? { rides: a.rides.map((r) => ({ ...r })) } : {}) } : { ...a }));
}

/** The build lists' scratch (never handed out: each list is copied from it). */
const buildScratch: Action[] = [];

function compute(state: State, player: number): Action[] {
  const out: Action[] = [];
  switch (state.phase) {
    case "shares":
      if (state.shares[player]! < RULES.maxShares) out.push({ type: "issueShare", player });
      out.push({ type: "done", player });
      break;
    case "auction": {
      for (let amount = highBid(state) + 1; amount <= state.cash[player]!; amount++) out.push({ type: "bid", player, amount });
      if (mayPassAuction(state, player)) out.push({ type: "pass", player });
      out.push({ type: "dropOut", player });
      break;
    }
    case "select":
      for (const action of ACTIONS) if (!state.selected.includes(action)) out.push({ type: "select", player, action });
      break;
    case "build": {
      // Written to a kept scratch list and copied once at its length: a build list has hundreds of
      // placements, and growing a new list to that size allocates it several times over.
      const list = buildScratch;
      let n = writeLegalPlacements(state, player, list as Array<Extract<Action, { type: "build" }>>, 0);
      for (const connection of legalClaims(state, player)) list[n++] = { type: "claim", player, connection };
      if (state.selected[player] === "urbanization") {
        const net = network(state);
        const letters = freeNewCities(state);
        for (const hex of net.map.townHex) {
          for (const letter of letters) if (whyNotUrbanize(state, player, hex, letter, net) === undefined) list[n++] = { type: "urbanize", player, hex, letter };
        }
      }
      list[n++] = { type: "done", player };
      return list.slice(0, n);
    }
    case "move":
      for (const d of legalDeliveries(state, player)) out.push({ type: "move", player, from: d.from, color: d.color, route: d.route, ...(d.rides ? { rides: d.rides } : {}) });
      if (!state.move.locoRaised[player] && state.loco[player]! < RULES.maxLoco) out.push({ type: "raiseLoco", player });
      out.push({ type: "pass", player });
      break;
    case "production":
      for (const column of openColumns(state)) out.push({ type: "produce", player, column });
      out.push({ type: "done", player });
      break;
    default:
      break;
  }
  return out;
}

/** Why a well-formed action by the active seat is not legal, in a player's words. */
export function explainIllegal(state: State, action: Action): string | undefined {
  if (isPark(state)) return explainPark(state, action);
  const p = action.player;
  const phase = state.phase;
  const wrongPhase = (what: string): string => `${what} is not possible now: it is the ${phase} phase`;
  switch (action.type) {
    case "issueShare":
      if (phase !== "shares") return wrongPhase("issuing shares");
      return `you have issued ${state.shares[p]} shares, the most a player may (${RULES.maxShares}, the starting 2 included); shares are never bought back`;
    case "bid":
      if (phase !== "auction") return wrongPhase("bidding");
      if (action.amount <= highBid(state)) return `a bid must beat the high bid of $${highBid(state)} by at least $1`;
      return `you cannot bid more than your $${state.cash[p]} cash`;
    case "dropOut":
      return wrongPhase("dropping out of the auction");
    case "pass":
      if (phase === "auction") return state.turnOrderPass !== p ? `only last turn's Turn Order holder may pass in the auction` : state.auction?.passUsed ? `the Turn Order pass may be used once per auction` : `the Turn Order pass is not allowed when only two bidders remain (rule option passWithTwoBidders)`;
      return wrongPhase("passing");
    case "done":
      return wrongPhase("that");
    case "select":
      if (phase !== "select") return wrongPhase("selecting an action");
      if (action.action === "souvenir") return `Souvenir (Priority Transport) is an action of the Amusement Park map only`;
      return `${action.action} was already taken this turn: each action goes to one player per turn`;
    case "build": {
      if (phase !== "build") return wrongPhase("building track");
      const r = checkPlacement(state, p, action.hex, action.tile, action.rot);
      return r.ok ? `that placement is not among the legal ones` : r.why;
    }
    case "claim":
      if (phase !== "build") return wrongPhase("claiming a printed connection");
      return whyNotClaim(state, p, action.connection) ?? `that connection cannot be claimed now`;
    case "urbanize":
      if (phase !== "build") return wrongPhase("urbanizing");
      return whyNotUrbanize(state, p, action.hex, action.letter) ?? `that town cannot be urbanized now`;
    case "move":
      if (phase !== "move") return wrongPhase("moving goods");
      return whyNotDelivery(state, p, action) ?? `that delivery is not legal`;
    case "lay":
    case "transport":
      return `${action.type === "lay" ? "laying discs on locomotive icons" : "transporting visitors"} belongs to the Amusement Park map`;
    case "raiseLoco":
      if (phase !== "move") return wrongPhase("raising the locomotive");
      return state.loco[p]! >= RULES.maxLoco ? `your locomotive is already at ${RULES.maxLoco}, the top` : `you may raise your locomotive only once per Move Goods phase`;
    case "produce":
      if (phase !== "production") return wrongPhase("placing Production cubes");
      return `that display column has no empty space`;
  }
  return undefined;
}
