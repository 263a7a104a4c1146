import { canonicalJson } from "@rules/core";
import { checkPlacement } from "./build.js";
import { compileMap } from "./map.js";
import { network } from "./network.js";
import { walkDelivery } from "./move.js";
import type { Action, State } from "./schema.js";
import { scoreBreakdown } from "./score.js";
import { describeParkAction, describeParkEvents } from "./amusement-text.js";

// One line per action, and the automatic steps (auction result, income and expenses, goods
// growth, a new turn, the final scores) as log lines, for `npx rules play age-of-steam-exp`.

const ACTION_NAMES: Record<string, string> = {
  firstMove: "First Move",
  firstBuild: "First Build",
  engineer: "Engineer",
  locomotive: "Locomotive",
  urbanization: "Urbanization",
  production: "Production",
  turnOrder: "Turn Order",
  souvenir: "Souvenir",
};

const COLUMN_NAMES = [...[1, 2, 3, 4, 5, 6].map((f) => `light ${f}`), ...[1, 2, 3, 4, 5, 6].map((f) => `dark ${f}`), ..."ABCDEFGH".split("").map((l) => `new city ${l}`)];

const TILE_NAMES: Record<string, string> = {
  straight: "straight", gentle: "gentle curve", tight: "tight curve", x: "X crossing", bow: "bow-and-arrow crossing",
  crossedGentles: "crossed gentle curves", straightTight: "straight-and-tight complex", twoGentles: "two-gentle complex",
  gentleTight1: "gentle-and-tight complex", gentleTight2: "gentle-and-tight complex", town1: "one-exit town", townY: "Y town",
  townLeft: "three-exit town", townRight: "three-exit town", townAdjacent: "three-exit town",
};

export function describeAction(state: State, action: Action): string {
  if (state.park !== undefined) return describeParkAction(state, action);
  const who = `Seat ${action.player}`;
  const map = compileMap(state.map);
  switch (action.type) {
    case "issueShare":
      return `${who} issues a share for $5 (${state.shares[action.player]! + 1} shares)`;
    case "done":
      if (state.phase === "shares") return `${who} issues no more shares`;
      if (state.phase === "build") return `${who} ends their build (${state.build.count} placement${state.build.count === 1 ? "" : "s"})`;
      return `${who} leaves the remaining Production cubes in the bag`;
    case "bid":
      return `${who} bids $${action.amount} for player order`;
    case "pass":
      return state.phase === "auction" ? `${who} uses the Turn Order pass` : `${who} moves no good this round`;
    case "dropOut":
      return `${who} drops out of the auction (bid $${state.auction?.bids[action.player] ?? 0})`;
    case "select":
      return `${who} takes ${ACTION_NAMES[action.action]}`;
    case "build": {
      const r = checkPlacement(state, action.player, action.hex, action.tile, action.rot);
      const what = TILE_NAMES[action.tile] ?? action.tile;
      const where = map.hexName(action.hex);
      if (!r.ok) return `${who} places a ${what} on ${where}`;
      const verb = { new: `lays a ${what} on ${where}`, upgrade: `upgrades ${where} to a ${what}`, town: `builds ${where} as a town with ${r.o.exits.length} exit${r.o.exits.length === 1 ? "" : "s"}`, townRebuild: `rebuilds ${where} with ${r.o.exits.length} exit${r.o.exits.length === 1 ? "" : "s"}`, redirect: `redirects the loose end on ${where}` }[r.kind];
      return `${who} ${verb} (rotation ${action.rot}) for $${r.cost}`;
    }
    case "claim": {
      const x = state.map.connections[action.connection];
      if (!x) return `${who} claims printed connection ${action.connection}`;
      return `${who} claims the ${x.id} (${x.ends.join("–")}) for $${x.cost}${x.countsAsBuild ? ", counting as a placement" : ""}: a complete link they own`;
    }
    case "urbanize": {
      const c = state.newCities.find((n) => n.letter === action.letter)!;
      return `${who} urbanizes ${map.hexName(action.hex)} with new city ${action.letter} (${c.color})`;
    }
    case "move": {
      const net = network(state);
      const w = walkDelivery(state, net, action);
      if ("why" in w) return `${who} moves a ${action.color} good from ${map.hexName(action.from)}`;
      const pay = new Map<string, number>();
      for (const id of w.links) {
        const o = net.links[id]!.owner;
        const k = o === null ? "nobody" : `seat ${o}`;
        pay.set(k, (pay.get(k) ?? 0) + 1);
      }
      if (w.fee > 0) pay.set(`seat ${action.player}`, (pay.get(`seat ${action.player}`) ?? 0) + w.fee);
      const income = [...pay].map(([k, n]) => (k === "nobody" ? `${n} unowned` : `+${n} income to ${k}`)).join(", ");
      const ride = w.fee > 0 ? `, riding the ${state.map.virtualLines[0]!.name} for $${w.fee}` : "";
      return `${who} moves a ${action.color} good ${w.stops.map((h) => map.hexName(h)).join(" → ")} (${w.links.length} link${w.links.length === 1 ? "" : "s"}${ride}: ${income})`;
    }
    case "raiseLoco":
      return `${who} raises their locomotive to ${state.loco[action.player]! + 1} instead of moving`;
    case "lay":
    case "transport":
      return `${who} ${action.type}s`;
    case "produce":
      return `${who} puts a ${state.production[0]} cube on the display (${COLUMN_NAMES[action.column]})`;
  }
}

/**
 * Orient Express ("Advancing the Round Marker"): the map's extra income tax comes after the income
 * reduction, when the turn marker moves; said with the income it changes (or, when Production
 * comes between, that it is still to come).
 */
function taxNote(after: State): string {
  const tax = after.map.incomeTax;
  if (tax === 0 || after.order.length <= 1) return "";
  return after.phase === "production"
    ? ` after the income reduction (the ${after.map.name} tax of ${tax} follows Production)`
    : ` after the income reduction and the ${after.map.name} tax of ${tax}`;
}

function seats(list: readonly number[]): string {
  return list.map((p) => `seat ${p}`).join(", ");
}

export function describeEvents(before: State | null, _action: Action | null, after: State): string[] {
  if (after.park !== undefined) return describeParkEvents(before, after);
  const out: string[] = [];
  if (before === null) {
    out.push(`${after.map.name}, ${after.lastTurn} turns; player order ${seats(after.order)}; each player has $10, 2 shares, income 0, locomotive 1`);
    const goods = after.map.cities.map((c, i) => `${c.name} ${after.goods[i]!.join("/")}`).join("; ");
    out.push(`Starting goods: ${goods}`);
    return out;
  }
  if (before.auction && !after.auction) {
    const paid = after.order.map((p) => `seat ${p} pays $${before.cash[p]! - after.cash[p]!}`).join(", ");
    out.push(`New player order: ${seats(after.order)} (${paid})`);
  }
  if (before.phase === "build" && (after.phase !== "build" || canonicalJson(before.queue) !== canonicalJson(after.queue))) {
    const lost = before.track.reduce((n, t, i) => n + t.paths.filter((p, j) => p.owner !== null && after.track[i]?.paths[j]?.owner === null).length, 0);
    if (lost > 0) out.push(`Seat ${before.queue[0]}'s incomplete track not extended since their last build loses its owner (${lost} piece${lost === 1 ? "" : "s"})`);
  }
  if (before.phase === "move" && after.phase !== "move") {
    for (const p of before.order) {
      if (after.eliminated[p]) out.push(`Seat ${p} cannot pay expenses of $${before.shares[p]! + before.loco[p]!} and is eliminated: their ownership markers leave the board`);
      else out.push(`Seat ${p}: income $${before.income[p]} collected, expenses $${before.shares[p]! + before.loco[p]!} (shares + locomotive), cash $${after.cash[p]}, income now ${after.income[p]}${taxNote(after)}`);
    }
  }
  if (before.phase === "production" && after.phase !== "production" && after.map.incomeTax > 0) {
    out.push(`${after.map.name} tax: every player's income falls by ${after.map.incomeTax} more (not below 0): ${after.order.map((p) => `seat ${p} ${after.income[p]}`).join(", ")}`);
  }
  if (after.phase === "production" && before.phase !== "production") {
    out.push(`Seat ${after.queue[0]} (Production) draws ${after.production.join(" and ")} from the bag`);
  }
  if (after.lastRoll && canonicalJson(after.lastRoll) !== canonicalJson(before.lastRoll)) {
    out.push(`Goods growth: light dice ${after.lastRoll.light.join(" ")}, dark dice ${after.lastRoll.dark.join(" ")}`);
  }
  if (after.turn !== before.turn) out.push(`Turn ${after.turn} of ${after.lastTurn} begins`);
  if (after.phase === "over" && before.phase !== "over") {
    out.push(`The game is over${after.order.length <= 1 ? " (at most one player is left)" : ""}. Scores (3 × income − 3 × shares + track in complete links):`);
    scoreBreakdown(after).forEach((b, p) => {
      out.push(b.eliminated ? `Seat ${p}: eliminated, does not score` : `Seat ${p}: ${b.income} (income ${after.income[p]}) ${b.shares} (${after.shares[p]} shares) + ${b.track} track = ${b.total}`);
    });
  }
  return out;
}
