import { GOODS, mapGrid, comps } from "./data.js";
import { trackType } from "./network.js";
import { currentDie, isSolo, tileFace } from "./rules.js";
import { breakdown, oliveBreakdown } from "./score.js";
import type { Action, State } from "./schema.js";

const TILE_TEXT: Record<string, string> = {
  "1a": "change the white die to any value",
  "1b": "change the white die to any value",
  "2a": "take two white dice, one action with each",
  "2b": "claim the die another player has just chosen",
  "3a": "deliver to the die's city instead of from it",
  "3b": "a delivery counts 1 or 2 more",
  "4a": "one delivery of any distance",
  "4b": "engine strength +1 while held",
  "5a": "white die +1 or -1",
  "5b": "re-roll or flip the white die",
  "6a": "draw any track type",
  "6b": "draw any track type",
  "solo2a": "re-roll Olive's die before her turn",
  "solo2b": "stop Olive's removal: she crosses a hex instead",
};

/** "tile 3b (a delivery counts 1 or 2 more; permanent, -2)". */
export function tileName(s: State, n: number): string {
  const side = s.tiles[n - 1]!.side;
  const key = n === 2 && isSolo(s) ? `solo2${side}` : `${n}${side}`;
  const face = tileFace(s, n);
  return `tile ${n}${side} (${TILE_TEXT[key]}; ${face.kind === "oneShot" ? "one-shot" : "permanent"}, ${face.points >= 0 ? "+" : ""}${face.points})`;
}

const who = (_s: State, p: number): string => `Seat ${p}`;
const goodName = (g: number): string => GOODS[g]!;
const EDGE = ["NE", "E", "SE", "SW", "W", "NW"];

/** One line a player understands, e.g. "Seat 1 builds a gentle curve (NE-SE) in hex [4,2] of region 3". */
export function describeAction(s: State, a: Action): string {
  const w = who(s, a.player);
  const g = mapGrid(comps(s).map);
  switch (a.type) {
    case "powerEngine":
      return `${w} takes the Engine starting power and ticks engine box ${a.box}`;
    case "powerRail":
      return `${w} takes the Rail starting power, to draw a track in hex [${a.col},${a.row}]`;
    case "powerPoints":
      return `${w} takes the +2 starting power`;
    case "powerTile":
      return `${w} takes the Action tile starting power: starts with ${tileName(s, a.tile)}, sideways`;
    case "powerDelivery":
      return `${w} takes the Personal delivery starting power and draws a non-grey good`;
    case "placeGood":
      return `${w} places the personal ${s.powers?.good ?? ""} good on city ${a.city} of her sheet`;
    case "build": {
      const h = g.hex.indexOf(a.col, a.row);
      const town = g.isTown[h] ? " (through the town)" : "";
      return `${w} builds a ${trackType(a.edges[0], a.edges[1])} track (${EDGE[a.edges[0]]}-${EDGE[a.edges[1]]}) in hex [${a.col},${a.row}] of region ${g.regionOf[h]! + 1}${town}`;
    }
    case "pickDie":
      return `${w} takes the white ${s.white[a.die]?.value ?? "?"}`;
    case "secondDie":
      return `${w} uses tile 2a to take a second white die, the ${s.white[a.die]?.value ?? "?"}`;
    case "claimDie":
      return `${w} plays tile 2b and claims the white ${s.claim ? s.white[s.claim.die]?.value : "?"} from seat ${s.turn?.player}`;
    case "setDie":
      return `${w} uses tile 1 to turn the white die to ${a.value}`;
    case "nudgeDie":
      return `${w} uses tile 5a to turn the white die to ${currentDie(s) + a.delta}`;
    case "rerollDie":
      return `${w} uses tile 5b to re-roll the white die`;
    case "flipDie":
      return `${w} uses tile 5b to flip the white die to ${7 - currentDie(s)}`;
    case "improveEngine":
      return `${w} improves the engine: box ${currentDie(s)} ticked`;
    case "deliver": {
      const good = a.slot < 0 ? `personal ${s.sheets[a.player]?.personal?.good ?? ""}` : goodName(s.cities[a.from - 1]?.[a.slot] ?? 0);
      const boost = a.boost > 0 ? ` + ${a.boost} (tile 3b)` : "";
      return `${w} delivers a ${good} good from city ${a.from} to city ${a.to}, distance ${a.distance}${boost}: ${a.distance + a.boost} point${a.distance + a.boost === 1 ? "" : "s"}`;
    }
    case "takeTile": {
      const n = currentDie(s);
      const t = s.tiles[n - 1]!;
      const from = t.holder === null ? "from the centre" : t.holder === a.player ? "of her own, turning it sideways" : `from seat ${t.holder}`;
      return `${w} takes ${tileName(s, n)} ${from}`;
    }
    case "pass":
      return `${w} can do nothing with the white ${currentDie(s)} and lets it go`;
    case "fulfilOrder": {
      const o = s.orders[a.order]!;
      const order = comps(s).orderTiles[a.order]![o.side];
      return `${w} trades ${order.goods.join(", ")}${a.wild ? ` (black coal for a ${a.wild})` : ""} for order tile ${a.order + 1}${o.side} (${order.points} point${order.points === 1 ? "" : "s"})`;
    }
    case "rerollOlive":
      return `${w} uses solo tile 2a to re-roll Olive's die`;
    case "blockOlive":
      return `${w} uses solo tile 2b: Olive does not remove a good`;
    case "done": {
      const stage = s.turn?.stage;
      if (stage === "claim") return `${w} lets seat ${s.turn?.player} keep the die`;
      if (stage === "beforeOlive" || stage === "olive4") return `${w} lets Olive play on`;
      return `${w} ends the turn`;
    }
  }
}

function scoreLine(s: State, p: number): string {
  const b = breakdown(s, p);
  return `${who(s, p)}: ${b.total} point${b.total === 1 ? "" : "s"} (deliveries ${b.deliveries}, network ${b.network}, engine ${b.engine}, tiles ${b.tiles}, orders ${b.orders}, starting power ${b.startingPower})`;
}

/** What happened by itself: dice rolled, goods set out, tiles returned, Olive's turn, the end and the scores. */
export function describeEvents(before: State | null, _action: Action | null, after: State): string[] {
  const lines: string[] = [];
  if (before === null) {
    lines.push(`Goods on the cities: ${after.cities.map((line, c) => `${c + 1}: ${line.map(goodName).join(" ") || "none"}`).join("; ")}`);
    lines.push(`Action tiles: ${after.tiles.map((_, i) => tileName(after, i + 1)).join(", ")}`);
    if (after.orders.length > 0) lines.push(`Order tiles: ${after.orders.map((o, i) => `${i + 1}${o.side}: ${comps(after).orderTiles[i]![o.side].goods.join("+")} for ${comps(after).orderTiles[i]![o.side].points}`).join("; ")}`);
    if (after.wallRoll !== null) lines.push(`${after.settings.walls === "hard" ? "Hard" : "Medium"} game: roll ${after.wallRoll}, ${after.walls.length} borders walled off`);
    if (after.olive) lines.push(`Olive starts with crosses ${after.olive.crosses.map((k, i) => `${i + 1}:${k}`).join(" ")}`);
  } else {
    if (before.olive && after.olive) oliveEvents(before, after, lines);
    if (before.powers?.good === null && after.powers?.good) lines.push(`The personal good drawn is ${after.powers.good}`);
    if (after.sheets.some((sh, p) => sh.personal && !before.sheets[p]!.personal) && !after.powers) lines.push("Starting powers are done");
  }
  if (after.round !== (before?.round ?? 0) && !after.over) {
    const types = comps(after).blackDie[after.black - 1]!;
    lines.push(`${isSolo(after) ? `Turn ${after.round}` : `Round ${after.round}, seat ${after.startPlayer} starts`}: white dice ${after.white.map((d) => d.value).join(" ")}; black die: ${types[0]} or ${types[1]}`);
  }
  if (after.over && before && !before.over) {
    const empty = after.cities.filter((c) => c.length === 0).length;
    lines.push(after.olive?.won ? "Olive must cross a hex in a full region: she wins at once" : empty >= 3 ? `${empty} cities are empty: the game is over` : "No good can ever be delivered again: the game is over");
    for (let p = 0; p < after.players; p++) lines.push(scoreLine(after, p));
    if (after.olive) {
      const o = oliveBreakdown(after);
      lines.push(`Olive: ${o.total} point${o.total === 1 ? "" : "s"} (deliveries ${o.deliveries}, engine ${o.engine}, network ${o.network}, tiles ${o.tiles})`);
      const mine = breakdown(after, 0).total!;
      lines.push(!after.olive.won && mine > o.total! ? "Seat 0 beats Olive!" : "Olive wins (a tie is a loss for the player)");
    }
  }
  return lines;
}

function oliveEvents(before: State, after: State, lines: string[]): void {
  const b = before.olive!;
  const o = after.olive!;
  const crossed = o.crosses.flatMap((k, i) => (k > b.crosses[i]! ? [`${k - b.crosses[i]!} in region ${i + 1}`] : []));
  if (crossed.length > 0) lines.push(`Olive crosses ${crossed.join(", ")} (now ${o.crosses.join(" ")})`);
  before.tiles.forEach((t, i) => {
    const hers = o.crosses[i]! > b.crosses[i]!;
    if (hers && t.holder === 0 && !t.sideways && after.tiles[i]!.holder === null) lines.push(`Olive sends tile ${i + 1} back to the board`);
  });
  const removed = o.removed.flatMap((k, i) => (k > b.removed[i]! ? [goodName(i)] : []));
  if (removed.length > 0) lines.push(`Olive removes the ${removed.join(", ")} good and scores ${o.points - b.points}`);
  if (o.die !== null && b.die === null) lines.push(`Olive is about to remove the rightmost good of city ${o.die}`);
}
