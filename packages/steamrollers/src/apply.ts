import { drawFromBag, rollDie } from "@rules/core";
import { BLACK, GOODS, GREY, mapGrid, comps } from "./data.js";
import { afterAction, afterPick, endTurn, startRound, straighten, toEndStage } from "./flow.js";
import { trackType } from "./network.js";
import { cross, endOliveTurn, removeGood, runOlive } from "./olive.js";
import { currentDie, engineStrength, useTile } from "./rules.js";
import type { Action, State } from "./schema.js";

// The rules as a recipe: one small function per action, each followed by the automatic steps it
// makes due (flow.ts, olive.ts). Works on any plain state object.

type Act<T extends Action["type"]> = Extract<Action, { type: T }>;

const hexOf = (s: State, col: number, row: number): number => mapGrid(comps(s).map).hex.indexOf(col, row);

/** The next seat picks a starting power, or round one begins. */
function nextPower(s: State): void {
  const p = s.powers!;
  p.queue.shift();
  p.hex = null;
  p.good = null;
  const next = p.queue[0];
  if (next === undefined) {
    // "The tiles are then placed back in the box and are not used during the game."
    s.powers = null;
    s.turn = null;
    startRound(s);
    return;
  }
  s.turn = { player: next, stage: "power", die: null, actions: 0, used: [], dieUsed: [], traded: false };
}

function takePower(s: State, player: number, power: State["sheets"][number]["power"] & string): void {
  s.sheets[player]!.power = power;
  const left = s.powers!.left;
  left.splice(left.indexOf(power), 1);
}

/** Engine: "check one of her engine boxes before the start of the game". */
function powerEngine(s: State, a: Act<"powerEngine">): void {
  takePower(s, a.player, "engine");
  s.sheets[a.player]!.engine[a.box - 1] = true;
  nextPower(s);
}

/** Rail: "draw a rail on one of her individual sheet's hexes" (any hex, any of the three types). */
function powerRail(s: State, a: Act<"powerRail">): void {
  takePower(s, a.player, "rail");
  s.powers!.hex = hexOf(s, a.col, a.row);
  s.turn!.stage = "powerRail";
}

/** +2: "two points ... She writes +2 on her individual sheet's scoring box". */
function powerPoints(s: State, a: Act<"powerPoints">): void {
  takePower(s, a.player, "points");
  s.sheets[a.player]!.bonus = 2;
  nextPower(s);
}

/** Action tile: "starts the game with one of the action tiles, turned sideways". */
function powerTile(s: State, a: Act<"powerTile">): void {
  takePower(s, a.player, "tile");
  const t = s.tiles[a.tile - 1]!;
  t.holder = a.player;
  t.sideways = true;
  nextPower(s);
}

/** Personal delivery: "draws a non-grey good from the bag" (drawn among the non-grey goods). */
function powerDelivery(s: State, a: Act<"powerDelivery">): void {
  takePower(s, a.player, "delivery");
  const candidates = s.bag.map((n, c) => (c === GREY || c === BLACK ? 0 : n));
  const good = drawFromBag(s.rng, candidates);
  s.bag[good]!--;
  s.powers!.good = GOODS[good]!;
  s.turn!.stage = "powerGood";
}

/** "... and places it on city 3 or 4 on her individual sheet." */
function placeGood(s: State, a: Act<"placeGood">): void {
  s.sheets[a.player]!.personal = { good: s.powers!.good!, city: a.city };
  nextPower(s);
}

/** Build Track (or the Rail starting power): one track in one empty hex. */
function build(s: State, a: Act<"build">): void {
  const h = hexOf(s, a.col, a.row);
  s.sheets[a.player]!.tracks[h] = [a.edges[0], a.edges[1]];
  if (s.turn!.stage === "powerRail") {
    nextPower(s);
    return;
  }
  if (!comps(s).blackDie[s.black - 1]!.includes(trackType(a.edges[0], a.edges[1]))) useTile(s, 6);
  afterAction(s);
}

function pickDie(s: State, a: Act<"pickDie"> | Act<"secondDie">): void {
  const turn = s.turn!;
  s.white[a.die]!.user = a.player;
  turn.die = a.die;
  turn.dieUsed = [];
  afterPick(s);
}

/** Tile 2a: "take two white dice and perform one action with each". */
function secondDie(s: State, a: Act<"secondDie">): void {
  useTile(s, 2);
  pickDie(s, a);
}

/** Tile 2b: "She must give you that die and choose another one." */
function claimDie(s: State, a: Act<"claimDie">): void {
  const claim = s.claim!;
  const turn = s.turn!;
  straighten(s, a.player);
  s.white[claim.die]!.user = a.player;
  s.claim = null;
  turn.die = null;
  turn.stage = "pick";
  const t = s.tiles[1]!;
  if (comps(s).actionTiles[1]!.b.kind === "oneShot") {
    t.holder = null;
    t.sideways = false;
  }
}

/** Tile 1: "change her white die to any value". */
function setDie(s: State, a: Act<"setDie">): void {
  s.white[s.turn!.die!]!.value = a.value;
  useTile(s, 1);
}

/** Tile 5a: "+ or - one (7 and 0 are not allowed, values don't wrap)". */
function nudgeDie(s: State, a: Act<"nudgeDie">): void {
  s.white[s.turn!.die!]!.value += a.delta;
  useTile(s, 5);
}

/** Tile 5b: "re-roll the white die or flip it to its opposite side. She must then use the new result." */
function rerollDie(s: State): void {
  s.white[s.turn!.die!]!.value = rollDie(s.rng);
  useTile(s, 5);
}

function flipDie(s: State): void {
  const d = s.white[s.turn!.die!]!;
  d.value = 7 - d.value;
  useTile(s, 5);
}

/** Improve Engine: tick the box of the white die. */
function improveEngine(s: State, a: Act<"improveEngine">): void {
  s.sheets[a.player]!.engine[currentDie(s) - 1] = true;
  afterAction(s);
}

/**
 * Deliver Goods: the good leaves its city (or the seat's sheet), scores its distance (+ tile 3b),
 * and goes back into the bag, or is kept for order tiles.
 */
function deliver(s: State, a: Act<"deliver">): void {
  const sheet = s.sheets[a.player]!;
  const v = currentDie(s);
  const strength = engineStrength(s, a.player);
  let good: number;
  if (a.slot < 0) {
    good = GOODS.indexOf(sheet.personal!.good);
    sheet.personal = null;
  } else {
    good = s.cities[a.from - 1]!.splice(a.slot, 1)[0]!;
  }
  if (a.from !== v) useTile(s, 3);
  if (a.boost > 0) useTile(s, 3);
  if (a.distance + a.boost > strength) useTile(s, 4);
  sheet.delivered += a.distance + a.boost;
  if (s.settings.orders) sheet.kept[good]!++;
  else s.bag[good]!++;
  afterAction(s);
}

/** Take Action Tile: the tile of the die's number, turned sideways. */
function takeTile(s: State, a: Act<"takeTile">): void {
  const t = s.tiles[currentDie(s) - 1]!;
  t.holder = a.player;
  t.sideways = true;
  afterAction(s);
}

/** Trade kept goods for an order tile; the goods go back to the bag. */
function fulfilOrder(s: State, a: Act<"fulfilOrder">): void {
  const kept = s.sheets[a.player]!.kept;
  const o = s.orders[a.order]!;
  const wanted = comps(s).orderTiles[a.order]![o.side].goods.map((g) => GOODS.indexOf(g));
  if (a.wild !== null) {
    wanted.splice(wanted.indexOf(GOODS.indexOf(a.wild)), 1, BLACK);
  }
  for (const g of wanted) {
    kept[g]!--;
    s.bag[g]!++;
  }
  o.holder = a.player;
  s.turn!.traded = true;
  toEndStage(s);
}

function done(s: State): void {
  const turn = s.turn!;
  switch (turn.stage) {
    case "claim":
      s.claim = null;
      turn.stage = "act";
      return;
    case "end":
      endTurn(s);
      return;
    case "beforeOlive":
      runOlive(s);
      return;
    case "olive4":
      removeGood(s, s.olive!.die! - 1);
      endOliveTurn(s);
      return;
    default:
      return;
  }
}

/** Solo tile 2a: "Re-roll Olive's white dice before phase 1 of her turn." */
function rerollOlive(s: State): void {
  const i = s.white.findIndex((d) => d.user === null);
  s.white[i]!.value = rollDie(s.rng);
  useTile(s, 2);
  runOlive(s);
}

/** Solo tile 2b: "Prevent Olive from removing a cube during phase 4. Instead, she crosses off an empty hex in that region." */
function blockOlive(s: State): void {
  useTile(s, 2);
  if (!cross(s, s.olive!.die! - 1)) {
    // The region was full: Olive has won at once (step 1's rule), and waits at step 4 no more.
    s.olive!.die = null;
    return;
  }
  endOliveTurn(s);
}

/** The recipe run by `apply`, `applyUnchecked` and `applyInPlace`: `action` must be legal. */
export function reduce(draft: State, action: Action): void {
  switch (action.type) {
    case "powerEngine":
      return powerEngine(draft, action);
    case "powerRail":
      return powerRail(draft, action);
    case "powerPoints":
      return powerPoints(draft, action);
    case "powerTile":
      return powerTile(draft, action);
    case "powerDelivery":
      return powerDelivery(draft, action);
    case "placeGood":
      return placeGood(draft, action);
    case "build":
      return build(draft, action);
    case "pickDie":
      return pickDie(draft, action);
    case "secondDie":
      return secondDie(draft, action);
    case "claimDie":
      return claimDie(draft, action);
    case "setDie":
      return setDie(draft, action);
    case "nudgeDie":
      return nudgeDie(draft, action);
    case "rerollDie":
      return rerollDie(draft);
    case "flipDie":
      return flipDie(draft);
    case "improveEngine":
      return improveEngine(draft, action);
    case "deliver":
      return deliver(draft, action);
    case "takeTile":
      return takeTile(draft, action);
    case "pass":
      return afterAction(draft);
    case "fulfilOrder":
      return fulfilOrder(draft, action);
    case "rerollOlive":
      return rerollOlive(draft);
    case "blockOlive":
      return blockOlive(draft);
    case "done":
      return done(draft);
  }
}

