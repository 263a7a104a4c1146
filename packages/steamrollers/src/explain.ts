import { mapGrid, comps } from "./data.js";
import { freeDice } from "./flow.js";
import { allowedTypes, canTakeTile, deliveries } from "./legal.js";
import { cityGraph, connections, routeDistances, sheetNetwork, trackType } from "./network.js";
import { canUseTile, currentDie, destinationsOf, engineStrength, holds } from "./rules.js";
import type { Action, Stage, State } from "./schema.js";

const STAGE_TEXT: Record<Stage, string> = {
  power: "players are choosing their starting powers",
  powerRail: "the Rail starting power is drawing its track",
  powerGood: "the personal good is being placed on city 3 or 4",
  pick: "the player is choosing a white die",
  claim: "the holder of tile 2b decides whether to claim the die just chosen",
  act: "the player is acting with her white die",
  end: "the player may trade for an order tile (or use tile 2a) before her turn ends",
  beforeOlive: "you may re-roll Olive's die with solo tile 2a before she plays",
  olive4: "you may stop Olive's removal with solo tile 2b",
};

const GOOD_NAMES = ["yellow", "red", "green", "blue", "grey", "black"];

/** Why a well-formed action by the active seat is not legal now, in a player's words. */
export function explainIllegal(s: State, a: Action): string | undefined {
  const turn = s.turn;
  if (!turn) return undefined;
  const now = `Not now: ${STAGE_TEXT[turn.stage]}.`;
  const g = mapGrid(comps(s).map);
  switch (a.type) {
    case "powerEngine":
    case "powerRail":
    case "powerPoints":
    case "powerTile":
    case "powerDelivery": {
      if (turn.stage !== "power") return `${now} Starting powers are chosen before the first round.`;
      const power = { powerEngine: "engine", powerRail: "rail", powerPoints: "points", powerTile: "tile", powerDelivery: "delivery" }[a.type];
      if (!s.powers!.left.includes(power as never)) return `The ${power} starting power has already been taken by another player`;
      if (a.type === "powerRail") {
        const h = g.hex.indexOf(a.col, a.row);
        if (h < 0) return `There is no hex [${a.col}, ${a.row}] on the sheet`;
        if (g.cityOf[h]! >= 0) return "Cities cannot be drawn in";
      }
      if (a.type === "powerTile") return `Action tile ${a.tile} is not in the centre`;
      if (a.type === "powerDelivery") return "The bag holds no non-grey good to draw";
      return undefined;
    }
    case "placeGood":
      return turn.stage !== "powerGood" ? now : "The personal good goes on a grey city (3 or 4) of your sheet";
    case "pickDie":
    case "secondDie": {
      if (a.type === "pickDie" && turn.stage !== "pick") return `${now} You pick one white die at the start of your turn.`;
      if (a.type === "secondDie" && turn.stage !== "end") return `${now} Tile 2a takes a second die after your first action.`;
      const d = s.white[a.die];
      if (!d) return `There is no white die number ${a.die}`;
      if (d.user !== null) return `That white die is already taken${d.user === a.player ? " (by you)" : ` by seat ${d.user}`}: choose another`;
      if (a.type === "secondDie") return canUseTile(s, a.player, 2, "a") ? "No white die is left over for a second action" : "Only an upright tile 2a lets you take a second die";
      if (!freeDice(s).includes(a.die)) return "That die cannot be taken";
      return "Two dice showing the same value are the same choice: take the first of them";
    }
    case "claimDie":
      return `${now} Tile 2b is played right after another player chooses a die, before you pick yours.`;
    case "setDie":
    case "nudgeDie":
    case "rerollDie":
    case "flipDie": {
      if (turn.stage !== "act") return `${now} A tile changes your white die after you take it.`;
      const n = a.type === "setDie" ? 1 : 5;
      const side = a.type === "nudgeDie" ? "a" : a.type === "setDie" ? undefined : "b";
      if (!holds(s, a.player, n, side)) return `You need action tile ${n}${side ?? ""} to change your die like that`;
      if (s.tiles[n - 1]!.sideways) return `Action tile ${n} is sideways: you can use it from your next pick on`;
      if (!canUseTile(s, a.player, n, side)) return `Action tile ${n} has already been used on this die${s.players === 1 ? " (or this turn: a permanent tile serves one action per turn in solo play)" : ""}`;
      if (a.type === "nudgeDie") return "Tile 5a changes the die by one, and 7 and 0 are not allowed (6 does not wrap to 1)";
      return "Setting the die to the value it already shows changes nothing";
    }
    case "build":
      return whyNotBuild(s, a);
    case "improveEngine":
      if (turn.stage !== "act") return now;
      return `Engine box ${currentDie(s)} is already ticked: each die value improves the engine once`;
    case "deliver":
      return whyNotDeliver(s, a);
    case "takeTile": {
      if (turn.stage !== "act") return now;
      const v = currentDie(s);
      const t = s.tiles[v - 1]!;
      if (!canTakeTile(s, a.player, v)) return `Action tile ${v} is turned sideways${t.holder === a.player ? " in front of you" : ` in front of seat ${t.holder}`}: it cannot be taken until its holder straightens it`;
      return undefined;
    }
    case "pass":
      return turn.stage === "act" ? "You can still act with this die: passing is only allowed when no action is possible" : now;
    case "fulfilOrder": {
      if (turn.stage !== "end" || !s.settings.orders) return s.settings.orders ? `${now} Orders are traded once per turn, after your action.` : "This game is played without order tiles";
      if (turn.traded) return "You already traded for an order tile this turn (once per turn)";
      const o = s.orders[a.order];
      if (!o) return `There is no order tile ${a.order}`;
      if (o.holder !== null) return `Order tile ${a.order + 1} has already been fulfilled by seat ${o.holder}: first come, first served`;
      return "You have not kept the goods this order asks for (one black coal may stand in for one of them)";
    }
    case "rerollOlive":
      return turn.stage === "beforeOlive" ? undefined : `${now} Solo tile 2a re-rolls Olive's die just before her turn.`;
    case "blockOlive":
      return turn.stage === "olive4" ? undefined : `${now} Solo tile 2b is played when Olive is about to remove a good.`;
    case "done":
      return `${now} There is no optional step to end here.`;
  }
}

function whyNotBuild(s: State, a: Extract<Action, { type: "build" }>): string | undefined {
  const turn = s.turn!;
  const g = mapGrid(comps(s).map);
  if (turn.stage !== "act" && turn.stage !== "powerRail") return `${STAGE_TEXT[turn.stage]}: building is an action with a white die`;
  const h = g.hex.indexOf(a.col, a.row);
  if (h < 0) return `There is no hex [${a.col}, ${a.row}] on the sheet`;
  if (a.edges[0] >= a.edges[1]) return "Name a track by its two different edges, smaller first (0..5 clockwise from north-east)";
  if (turn.stage === "powerRail") return "The Rail starting power draws its track in the hex you chose";
  if (g.cityOf[h]! >= 0) return "Cities (numbered 1-6) cannot be drawn in; a track bordering a city connects to it";
  const v = currentDie(s);
  if (g.regionOf[h] !== v - 1) return `Your white die shows ${v}: build in region ${v}`;
  if (s.sheets[a.player]!.tracks[h] !== null) return "That hex already holds a track: each hex is drawn in once (no crossings or junctions)";
  const type = trackType(a.edges[0], a.edges[1]);
  const allowed = allowedTypes(s, a.player);
  if (!allowed.includes(type)) return `The black die allows a ${allowed.join(" or a ")} track, not a ${type} one (tile 6 lets you draw any)`;
  return undefined;
}

function whyNotDeliver(s: State, a: Extract<Action, { type: "deliver" }>): string | undefined {
  const turn = s.turn!;
  if (turn.stage !== "act") return `${STAGE_TEXT[turn.stage]}: delivering is an action with a white die`;
  const v = currentDie(s);
  const p = a.player;
  if (a.from !== v && !(a.to === v && canUseTile(s, p, 3, "a"))) return `Your white die shows ${v}: deliver from city ${v} (tile 3a: or to it)`;
  let good: number | undefined;
  if (a.slot < 0) {
    const own = s.sheets[p]!.personal;
    if (!own || own.city !== a.from) return `You have no personal good on city ${a.from}`;
    good = GOOD_NAMES.indexOf(own.good);
  } else {
    good = s.cities[a.from - 1]![a.slot];
    if (good === undefined) return `City ${a.from} has no good in place ${a.slot}`;
  }
  if (!destinationsOf(s, good, a.from - 1).includes(a.to - 1)) {
    return good === 4 ? "A grey good goes to city 3 or 4" : `A ${GOOD_NAMES[good]} good goes to the ${GOOD_NAMES[good]} city`;
  }
  const { grid, graph } = sheetNetwork(s, p);
  const masks = routeDistances(graph, a.from - 1, 30);
  if ((masks[a.to - 1]! & (1 << a.distance)) === 0) {
    const open = routeDistances(cityGraph(connections(grid, s.sheets[p]!.tracks, new Set())), a.from - 1, 30);
    if ((open[a.to - 1]! & (1 << a.distance)) !== 0) return "A wall blocks that route: no transport across a wall";
    if (masks[a.to - 1] === 0) return `Your own track does not connect city ${a.from} to city ${a.to}`;
    return `No route of yours from city ${a.from} to city ${a.to} reaches exactly ${a.distance} cities and towns without passing a city twice`;
  }
  if (a.boost > 0 && !canUseTile(s, p, 3, "b")) return "Only an upright tile 3b adds 1 or 2 to a delivery";
  const strength = engineStrength(s, p);
  if (a.distance + a.boost > strength && !canUseTile(s, p, 4, "a")) {
    return `Your engine (strength ${strength}) cannot carry a good ${a.distance + a.boost} cities/towns (tile 4a allows any distance)`;
  }
  if (a.slot >= 0 && s.players > 1 && s.cities[a.from - 1]!.indexOf(good) !== a.slot) return "Goods of one colour are alike: deliver the first of them";
  return deliveries(s, p, v).length === 0 ? "No delivery is possible" : undefined;
}
