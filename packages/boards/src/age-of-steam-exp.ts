/// <reference lib="dom" />
// Age of Steam's boards, one per map: Rust Belt and the Orient Express on hexes, the Amusement
// Park as a graph. Each draws the map, the players' table, the special action tiles and the goods
// display from a seat's View, and names the board element each action targets.
import { HEX_EDGE_NAMES } from "@rules/core";
import { TILE_KINDS, type Action, type View } from "@rules/age-of-steam-exp";
import type { Board, BoardInput } from "./types.js";
import { mountBoard, type MountInput } from "./panel.js";
import { s, svgRoot, text } from "./svg-kit.js";
import { drawHexMap, hexLayout } from "./age-of-steam-hex.js";
import { drawParkMap } from "./age-of-steam-park.js";
import { actionName, drawActionTiles, drawGoodsDisplay, drawPlayers, phaseText } from "./age-of-steam-panels.js";

const TILE_TEXT: Record<string, string> = {
  straight: "straight", gentle: "gentle curve", tight: "tight curve", x: "X crossing", bow: "bow crossing", crossedGentles: "crossed gentles",
  straightTight: "straight + tight", twoGentles: "two gentles", gentleTight1: "gentle + tight", gentleTight2: "gentle + tight (2)",
  town1: "town, 1 exit", townY: "town Y", townLeft: "town, left", townRight: "town, right", townAdjacent: "town, 3 adjacent",
};

/** `hex:<col>,<row>` of dense hex index `h` on the view's map. */
function hexKey(view: View, h: number): string {
  const cell = hexLayout(view.map).cells[h];
  return cell ? `hex:${cell[0]},${cell[1]}` : `hex:?${h}`;
}

/** The board element keys an action targets (see the playground README). */
export function ageOfSteamTargets(a: Action, view: View): string[] {
  const graph = view.map.topology === "graph";
  switch (a.type) {
    case "build":
      return [hexKey(view, a.hex)];
    case "urbanize":
      return [graph ? `attraction:${a.hex}` : hexKey(view, a.hex)];
    case "move":
      return [hexKey(view, a.from)];
    case "transport":
      return [`attraction:${a.from}`];
    case "lay":
      return [`link:${a.link}`];
    case "claim":
      return [`connection:${a.connection}`];
    case "produce":
      return [`display:${a.column}`];
    case "select":
      return [`action:${a.action}`];
    case "raiseLoco":
      return [`loco:${a.player}`];
    case "issueShare":
      return [`shares:${a.player}`];
    case "bid":
    case "dropOut":
      // The seat's place on the auction (its bid cell): the chooser lists the bids, the pass and dropping out.
      return [`bid:${a.player}`];
    case "pass":
      // In the auction, the Turn Order pass on the bid cell; in Move Goods, passing a round beside raising the locomotive.
      return view.phase === "auction" ? [`bid:${a.player}`] : [`loco:${a.player}`];
    case "done":
      // Ending a step of one's own: no more shares on the shares cell, else the seat's name in its row.
      return view.phase === "shares" ? [`shares:${a.player}`] : [`seat:${a.player}`];
    default:
      return [];
  }
}

/** The edges of `tile` turned `rot`, by name ("N–SW, NW–SE"). */
function tileExits(tile: string, rot: number): string {
  const kind = TILE_KINDS.find((t) => t.id === tile);
  if (!kind) return "";
  const name = (e: number): string => HEX_EDGE_NAMES.flat[(e + rot) % 6]!;
  return "paths" in kind ? kind.paths.map(([a, b]) => `${name(a)}–${name(b)}`).join(", ") : `exits ${kind.exits.map(name).join(" ")}`;
}

function placeName(view: View, h: number): string {
  const cell = hexLayout(view.map).cells[h];
  if (!cell) return `hex ${h}`;
  const city = view.map.cities.find((c) => c.hex[0] === cell[0] && c.hex[1] === cell[1]);
  const town = view.map.towns.find((t) => t.hex[0] === cell[0] && t.hex[1] === cell[1]);
  return city?.name ?? town?.name ?? `(${cell[0]},${cell[1]})`;
}

/** The chooser's words for one action. */
export function ageOfSteamLabel(a: Action, view: View): string {
  switch (a.type) {
    case "build":
      return `${TILE_TEXT[a.tile] ?? a.tile}: ${tileExits(a.tile, a.rot)}`;
    case "urbanize":
      return `New city ${a.letter} (${view.newCities.find((c) => c.letter === a.letter)?.color ?? ""})`;
    case "move": {
      const via = a.route.slice(1).map(([h]) => placeName(view, h));
      const from = placeName(view, a.from);
      const to = via.pop();
      return `Move a ${a.color} cube from ${from} to ${to ?? "?"}: ${a.route.length} link${a.route.length === 1 ? "" : "s"}${via.length > 0 ? ` via ${via.join(", ")}` : ""}${a.rides ? ", riding the line" : ""}`;
    }
    case "transport": {
      // By the attractions' printed names: from `a.from`, each link leads to its other end.
      const graph = view.map.park;
      const names = [graph?.attractions[a.from]?.name ?? `attraction ${a.from}`];
      let here = graph?.attractions[a.from]?.id;
      for (const l of a.links) {
        const link = graph?.links[l];
        if (!link) break;
        here = link.ends[0] === here ? link.ends[1] : link.ends[0];
        names.push(graph!.attractions.find((x) => x.id === here)?.name ?? here);
      }
      return `${a.color} visitor: ${names.join(" → ")}`;
    }
    case "select":
      return actionName(a.action);
    case "produce":
      return `Put the cube on display column ${a.column + 1}`;
    case "bid":
      return `Bid $${a.amount}`;
    case "dropOut":
      return "Drop out of the auction";
    case "pass":
      return view.phase === "auction" ? "Pass this bid (Turn Order)" : "Pass this round (move no goods)";
    case "done":
      return view.phase === "shares" ? "No more shares" : view.phase === "production" ? "Done producing" : "Done building";
    case "issueShare":
      return "Issue a share (+$5)";
    case "raiseLoco":
      return "Raise the locomotive by 1";
    default:
      return a.type;
  }
}

function draw(input: BoardInput<View, Action>): Element {
  const { view, legal, seat } = input;
  const targets = new Set(legal.flatMap((a) => ageOfSteamTargets(a, view)));
  const map = view.map.topology === "graph" ? drawParkMap(view, targets) : drawHexMap(view, targets);
  // The map on top at full size; below it the players (left), the action tiles and the goods display (right).
  const col = 430;
  const width = Math.max(map.width, 2 * col + 10);
  const root = svgRoot(width, 10, { "data-board": "age-of-steam-exp", "data-map": view.map.id, class: "board" });
  root.append(map.g);
  const top = map.height + 10;
  const players = drawPlayers(view, seat, targets, 8, top, col);
  root.append(players.g);
  const x1 = col + 18;
  let y = top;
  root.append(text(x1, y + 6, "Special actions", { "text-anchor": "start", "font-size": 10, fill: "#555" }));
  const tiles = drawActionTiles(view, targets, x1, y + 14);
  root.append(tiles.g);
  y += tiles.h + 24;
  if (view.map.topology !== "graph") {
    const goods = drawGoodsDisplay(view, targets, x1, y);
    root.append(goods.g);
    y += goods.h + 12;
    const tilesLeft = Object.entries(view.supply).filter(([, n]) => n > 0).map(([t, n]) => `${TILE_TEXT[t] ?? t} ${n}`);
    const lines = wrap(tilesLeft.join(" · "), 72);
    root.append(s("g", { "data-panel": "supply" }, text(x1, y, "Tiles left", { "text-anchor": "start", "font-size": 10, fill: "#555" }), ...lines.map((line, k) => text(x1, y + 14 + k * 12, line, { "text-anchor": "start", "font-size": 9 }))));
    y += 14 + lines.length * 12;
  }
  root.setAttribute("viewBox", `0 0 ${Math.ceil(width)} ${Math.ceil(Math.max(top + players.h, y) + 6)}`);
  root.setAttribute("width", String(Math.ceil(width)));
  return root;
}

function wrap(words: string, n: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const w of words.split(" ")) {
    if (line.length + w.length + 1 > n) {
      out.push(line);
      line = w;
    } else line = line === "" ? w : `${line} ${w}`;
  }
  if (line !== "") out.push(line);
  return out;
}

function mapBoard(map: string): Board<View, Action> {
  return { game: "age-of-steam-exp", map, draw, targets: ageOfSteamTargets, label: ageOfSteamLabel, phase: phaseText };
}

/** Rust Belt, the base game's map. */
export const rustBeltBoard = mapBoard("rust-belt");
/** The Orient Express: its line and the Channel drawn on the map. */
export const orientExpressBoard = mapBoard("orient-express");
/** The Amusement Park, the solo map: attractions and planned links. */
export const amusementParkBoard = mapBoard("amusement-park");

/** The board of the map a view is on (`view.map.id`). */
export function ageOfSteamBoard(view: View): Board<View, Action> {
  const id = view.map.id;
  return id === "orient-express" ? orientExpressBoard : id === "amusement-park" ? amusementParkBoard : rustBeltBoard;
}

/**
 * Draws Age of Steam (whichever map the view is on: Rust Belt, Orient Express or Amusement Park)
 * from a seat's view and legal actions into `container` and reports the action the person clicks
 * through `input.onAction`. Call it again with the new view after every move.
 */
export function drawAgeOfSteam(container: Element, input: MountInput<View, Action>): HTMLElement {
  return mountBoard(container, ageOfSteamBoard(input.view), input);
}

export { mountBoard, boardShare, boardStyles, installStyles } from "./index.js";
export type { Board, BoardInput, MountInput } from "./index.js";
