/// <reference lib="dom" />
// SteamRollers' board, drawn from a seat's view: the shown seat's sheet large (hexes, regions,
// cities and towns, walls, tracks), the other sheets small, the supply board's goods by colour,
// the white dice (taken or free) and the black die, the action tiles (upright, sideways, held),
// the order tiles, each seat's engine boxes and points; in solo, Olive's sheet of crosses and score.
import { defaultComponents, type Action, type View } from "@rules/steamrollers";
import type { Board, BoardInput } from "./types.js";
import { mountBoard, type MountInput } from "./panel.js";
import { GOOD_FILL, REGION_DARK, sheetSvg } from "./steamrollers-map.js";
import { fit, label, root, s, wrapWords } from "./svg.js";
import { seatLetter, title } from "./svg-kit.js";

type Components = NonNullable<View["components"]>;

const GOODS = ["yellow", "red", "green", "blue", "grey", "black"];
const TILE_TEXT: Record<string, string> = {
  "1a": "die to any value", "1b": "die to any value", "2a": "two white dice", "2b": "claim a chosen die",
  "3a": "deliver to the die's city", "3b": "delivery +1 or +2", "4a": "one delivery, any distance", "4b": "engine +1 while held",
  "5a": "die +1 or −1", "5b": "re-roll or flip the die", "6a": "any track type", "6b": "any track type",
  solo2a: "re-roll Olive's die", solo2b: "stop Olive's removal",
};
const STAGES: Record<string, string> = {
  power: "choosing starting powers", powerRail: "starting power: draw a rail", powerGood: "starting power: place your good",
  pick: "pick a white die", claim: "tile 2b: claim the die just chosen?", act: "an action with the die", end: "end of the turn",
  beforeOlive: "before Olive's turn (solo tile 2a)", olive4: "Olive's step 4 (solo tile 2b)",
};
const SEAT_FILL = ["#e76f51", "#2a9d8f", "#e9c46a", "#8338ec", "#3a86ff"];

const comps = (view: View): Components => view.components ?? (defaultComponents as Components);
const mainSeat = (view: View) => view.viewer ?? 0;

function die(x: number, y: number, value: number | string, attrs: Record<string, string | number>, fill = "#fff", dim = false): SVGElement {
  const g = s("g", { transform: `translate(${x},${y})`, ...attrs });
  g.append(s("rect", { width: 36, height: 36, rx: 6, fill, stroke: "#222", "stroke-width": 1.5, opacity: dim ? 0.35 : 1 }));
  g.append(label(18, 25, String(value), { "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: fill === "#222" ? "#fff" : "#222", opacity: dim ? 0.5 : 1 }));
  return g;
}

function supply(view: View, x: number, y: number): SVGElement {
  const map = comps(view).map;
  const g = s("g", { transform: `translate(${x},${y})` });
  g.append(label(0, 0, "Supply board", { "font-weight": 700 }));
  const regions = [...map.regions].sort((a, b) => a.die - b.die);
  regions.forEach((r, i) => {
    const row = s("g", { transform: `translate(0,${10 + i * 30})`, "data-supply-city": r.die, "data-target": `city:${r.die}` });
    row.append(s("rect", { width: 26, height: 26, rx: 4, fill: REGION_DARK[r.colour] }));
    row.append(label(13, 18, String(r.die), { "text-anchor": "middle", fill: "#fff", "font-weight": 700 }));
    view.cities[i]!.forEach((good, slot) => {
      const attrs = { cx: 40 + slot * 18, cy: 13, r: 7, fill: GOOD_FILL[good], stroke: "#222", "data-good": `${r.die},${slot}`, "data-colour": GOODS[good], "data-target": `good:${r.die}:${slot}` };
      row.append(s("circle", attrs));
    });
    g.append(row);
  });
  const bag = view.bag.map((n, i) => `${n} ${GOODS[i]}`).filter((t) => !t.startsWith("0 ")).join(", ");
  // Game End: the game ends after the round in which three or more cities are empty.
  const empty = view.cities.filter((goods) => goods.length === 0).length;
  const bagEl = label(0, 200, `Bag: ${bag || "empty"} · empty cities: ${empty} (the end at 3)`, { "font-size": 11, fill: "#555", "data-empty-cities": empty });
  bagEl.append(title(`${empty} of the six cities have no goods left; the game ends after the round in which three or more are empty`));
  g.append(bagEl);
  return g;
}

function diceAndTiles(view: View, x: number, y: number): SVGElement {
  const c = comps(view);
  const solo = view.players === 1;
  const g = s("g", { transform: `translate(${x},${y})` });
  g.append(label(0, 0, "White dice", { "font-weight": 700 }));
  view.white.forEach((d, i) => {
    const taken = d.user !== null;
    const el = die(i * 42, 8, d.value, { "data-die": `white,${i}`, "data-target": `die:white:${i}`, "data-taken": taken ? String(d.user) : "free" }, taken ? SEAT_FILL[d.user!]! : "#fff", d.spent);
    g.append(el);
    if (taken) g.append(label(i * 42 + 18, 58, `seat ${d.user}`, { "text-anchor": "middle", "font-size": 10 }));
  });
  const pair = c.blackDie[view.black - 1];
  g.append(label(262, 0, "Black die", { "font-weight": 700 }));
  g.append(die(262, 8, view.black, { "data-die": "black" }, "#222"));
  g.append(label(304, 30, pair ? pair.join(" / ") : "", { "font-size": 11 }));
  g.append(label(-200, 224, "Action tiles (upright, sideways or held)", { "font-weight": 700 }));
  const tilesX = -200;
  view.tiles.forEach((t, i) => {
    const n = i + 1;
    const key = n === 2 && solo ? `solo2${t.side}` : `${n}${t.side}`;
    const face = n === 2 && solo ? c.soloTile[t.side] : c.actionTiles[i]![t.side];
    const tx = tilesX + i * 72;
    const tile = s("g", { transform: `translate(${tx},232)`, "data-tile": n, "data-target": `tile:${n}`, "data-sideways": String(t.sideways), "data-holder": t.holder === null ? "none" : String(t.holder) });
    const held = t.holder !== null;
    // A sideways tile (used, rule 4.2) keeps its size, so its words stay readable: a dashed edge marks it.
    tile.append(s("rect", { width: 64, height: 64, rx: 6, fill: held ? SEAT_FILL[t.holder!] : "#f1f1f1", stroke: "#333", "stroke-dasharray": t.sideways ? "5 3" : undefined }));
    tile.append(fit(label(5, 14, `${n}${t.side} ${face.kind === "oneShot" ? "⚡" : "∞"} ${face.points >= 0 ? "+" : ""}${face.points}`, { "font-size": 11, "font-weight": 700 }), 54));
    wrapWords(TILE_TEXT[key] ?? "", 12).slice(0, 3).forEach((line, k) => tile.append(fit(label(5, 26 + k * 10, line, { "font-size": 9 }), 54)));
    tile.append(fit(label(5, 59, held ? `seat ${t.holder}${t.sideways ? ", sideways" : ""}` : "free", { "font-size": 9, "font-weight": held ? 700 : 400 }), 54));
    tile.append(title(`Tile ${n}${t.side}: ${TILE_TEXT[key] ?? ""}; ${face.kind === "oneShot" ? "one-shot" : "lasting"}, ${face.points} points at the end; ${held ? `held by seat ${t.holder}${t.sideways ? ", used (sideways)" : ""}` : "free"}`));
    g.append(tile);
  });
  if (view.orders.length > 0) {
    g.append(label(0, 84, "Order tiles", { "font-weight": 700 }));
    view.orders.forEach((o, i) => {
      const face = c.orderTiles[i]![o.side];
      const og = s("g", { transform: `translate(${(i % 5) * 70},${92 + Math.floor(i / 5) * 46})`, "data-order": i, "data-target": `order:${i}`, "data-holder": o.holder === null ? "none" : String(o.holder) });
      og.append(s("rect", { width: 64, height: 40, rx: 5, fill: o.holder === null ? "#fff" : SEAT_FILL[o.holder]!, stroke: "#333" }));
      face.goods.forEach((good, k) => og.append(s("circle", { cx: 9 + k * 11, cy: 12, r: 5, fill: GOOD_FILL[GOODS.indexOf(good)], stroke: "#222" })));
      og.append(label(6, 34, `${face.points} pts${o.holder !== null ? ` · seat ${o.holder}` : ""}`, { "font-size": 10 }));
      g.append(og);
    });
  }
  return g;
}

/** A seat's engine boxes (ticked or not), points and kept goods. */
function seatBox(view: View, seat: number, x: number, y: number, w: number): SVGElement {
  const sheet = view.sheets[seat]!;
  const acting = view.turn?.player === seat && !view.over;
  const g = s("g", { transform: `translate(${x},${y})`, "data-seat": seat });
  g.append(s("rect", { width: w, height: 92, rx: 6, fill: "#fff", stroke: acting ? "#e76f51" : "#999", "stroke-width": acting ? 4 : 1 }));
  g.append(s("circle", { cx: 14, cy: 16, r: 8, fill: SEAT_FILL[seat] }), label(14, 20, seatLetter(seat), { "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#111" }));
  if (view.players > 1 && view.startPlayer === seat) {
    // The start player marker (rule: the round begins with this seat and goes clockwise).
    const mark = s("g", { "data-start-player": seat }, s("rect", { x: w - 44, y: 5, width: 36, height: 20, rx: 3, fill: "#ffd166", stroke: "#333" }), label(w - 26, 19, "1st", { "text-anchor": "middle", "font-size": 12, "font-weight": 700 }));
    mark.append(title("Start player: the round begins with this seat"));
    g.append(mark);
  }
  const pts = view.points[seat]!;
  g.append(label(26, 21, `Seat ${seat}${seat === view.viewer ? " (you)" : ""}: ${pts.total} points`, { "font-weight": 700 }));
  g.append(label(10, 40, `deliveries ${pts.deliveries} · network ${pts.network} · engine ${pts.engine} · tiles ${pts.tiles}${pts.orders ? ` · orders ${pts.orders}` : ""}`, { "font-size": 11 }));
  g.append(label(10, 62, "engine", { "font-size": 11 }));
  sheet.engine.forEach((ticked, b) => {
    const box = s("g", { "data-engine": `${seat},${b + 1}`, "data-target": `engine:${seat}:${b + 1}` });
    box.append(s("rect", { x: 52 + b * 22, y: 50, width: 18, height: 18, fill: ticked ? "#264653" : "#fff", stroke: "#264653" }));
    box.append(label(61 + b * 22, 63, String(b + 1), { "text-anchor": "middle", "font-size": 10, fill: ticked ? "#fff" : "#264653" }));
    g.append(box);
  });
  const kept = sheet.kept.flatMap((n, good) => Array.from({ length: n }, () => good));
  kept.slice(0, 16).forEach((good, k) => g.append(s("circle", { cx: 14 + k * 13, cy: 80, r: 5, fill: GOOD_FILL[good], stroke: "#222" })));
  if (sheet.personal) g.append(label(w - 8, 62, `own ${sheet.personal.good} → ${sheet.personal.city}`, { "text-anchor": "end", "font-size": 11 }));
  if (sheet.power) g.append(label(w - 8, 80, `power: ${sheet.power}`, { "text-anchor": "end", "font-size": 11 }));
  return g;
}

function draw({ view }: BoardInput<View, Action>): Element {
  const c = comps(view);
  const me = mainSeat(view);
  const big = sheetSvg(c.map, view.sheets[me]!, view.walls, { size: 30, targets: true });
  const solo = view.players === 1;
  const others = view.sheets.map((_, p) => p).filter((p) => p !== me);
  const seatsY = Math.max(big.height + 40, 330);
  const seatW = 320;
  const seatRows = Math.ceil(view.players / 3);
  const extrasY = seatsY + seatRows * 100 + 10;
  const small = others.map((p) => ({ p, ...sheetSvg(c.map, view.sheets[p]!, view.walls, { size: view.players > 3 ? 14 : 18, targets: false }) }));
  const olive = solo && view.olive ? sheetSvg(c.map, { ...view.sheets[0]!, tracks: view.sheets[0]!.tracks.map(() => null) }, view.walls, { size: 13, targets: false, crosses: view.olive.crosses }) : null;
  const height = extrasY + (small.length > 0 || olive ? Math.max(...small.map((x) => x.height), olive?.height ?? 0) + 40 : 0) + 10;
  const right = Math.max(big.width + 30, 420);
  const W = Math.max(right + 600, small.reduce((x, o) => x + o.width + 20, 10));
  // The phase line has a row of its own across the board (squeezed beside the sheet's title it was unreadable once scaled down).
  const head = 24;
  const outer = root(W, height + head, { "data-board": "steamrollers" });
  outer.append(s("rect", { width: W, height: height + head, fill: "#faf7f0" }));
  outer.append(fit(label(10, 18, phase(view), { "font-size": 14, "font-weight": 700, "data-phase": "" }), W - 20));
  const svg = s("g", { transform: `translate(0,${head})` });
  outer.append(svg);
  svg.append(label(10, 18, `Seat ${me}'s sheet${me === view.viewer ? " (yours)" : ""}`, { "font-weight": 700 }));
  svg.append(s("g", { transform: "translate(10,26)", "data-sheet": me }, big.g));
  svg.append(supply(view, right, 18));
  svg.append(diceAndTiles(view, right + 190, 18));
  view.sheets.forEach((_, p) => svg.append(seatBox(view, p, 10 + (p % 3) * (seatW + 10), seatsY + Math.floor(p / 3) * 100, seatW)));
  let x = 10;
  for (const o of small) {
    svg.append(label(x, extrasY + 14, `Seat ${o.p}'s sheet`, { "font-size": 12, "font-weight": 700 }));
    svg.append(s("g", { transform: `translate(${x},${extrasY + 20})`, "data-sheet": o.p }, o.g));
    x += o.width + 20;
  }
  if (olive && view.olive && view.olivePoints) {
    const oy = solo ? seatsY : extrasY;
    const ox = 10 + seatW + 20;
    svg.append(label(ox, oy + 14, `Olive: ${view.olivePoints.total} points${view.over ? "" : " if it ended now"} (deliveries ${view.olive.points}${view.olive.won ? ", a full region: she won" : ""})`, { "font-weight": 700, "data-olive": view.olivePoints.total }));
    svg.append(label(ox, oy + 30, `crosses per region: ${view.olive.crosses.map((n, i) => `${i + 1}:${n}`).join("  ")}${view.olive.die !== null ? ` · her die ${view.olive.die}` : ""}`, { "font-size": 12 }));
    const rolls = view.olive.rolls;
    if (rolls.length > 0) svg.append(label(ox + 330, oy + 30, `her last turn: rolled ${rolls[0]}${rolls.length > 1 ? `, re-rolled ${rolls.slice(1).join(", ")}` : ""}`, { "font-size": 12, "data-olive-rolls": rolls.join(",") }));
    svg.append(s("g", { transform: `translate(${ox},${oy + 38})`, "data-sheet": "olive", "data-target": "olive" }, olive.g));
  }
  return outer;
}

function tileOfCurrentDie(view: View): string[] {
  const i = view.turn?.die;
  const d = i === null || i === undefined ? undefined : view.white[i];
  return d ? [`tile:${d.value}`] : [];
}

function targets(a: Action, view: View): string[] {
  switch (a.type) {
    case "pickDie":
      return [`die:white:${a.die}`];
    case "secondDie":
      return [`tile:2`, `die:white:${a.die}`];
    case "claimDie":
    case "rerollOlive":
    case "blockOlive":
      return ["tile:2"];
    case "setDie":
      return ["tile:1"];
    case "nudgeDie":
    case "rerollDie":
    case "flipDie":
      return ["tile:5"];
    case "build":
    case "powerRail":
      return [`hex:${a.col},${a.row}`];
    case "improveEngine": {
      const next = view.sheets[a.player]!.engine.indexOf(false);
      return next < 0 ? [] : [`engine:${a.player}:${next + 1}`];
    }
    case "powerEngine":
      return [`engine:${a.player}:${a.box}`];
    case "deliver":
      return [`good:${a.from}:${a.slot}`, `city:${a.to}`];
    case "placeGood":
      return [`city:${a.city}`];
    case "takeTile":
      return tileOfCurrentDie(view);
    case "powerTile":
      return [`tile:${a.tile}`];
    case "fulfilOrder":
      return [`order:${a.order}`];
    default:
      return [];
  }
}

const EDGES = ["NE", "E", "SE", "SW", "W", "NW"];

function chooserLabel(a: Action): string {
  switch (a.type) {
    case "build":
      return `track ${EDGES[a.edges[0]]}–${EDGES[a.edges[1]]}`;
    case "deliver":
      return `deliver from city ${a.from} to city ${a.to} (${a.distance} links${a.boost ? `, +${a.boost}` : ""})`;
    case "setDie":
      return `set the die to ${a.value}`;
    case "nudgeDie":
      return `die ${a.delta > 0 ? "+1" : "−1"}`;
    case "fulfilOrder":
      return `fulfil order ${a.order + 1}${a.wild ? ` (wild ${a.wild})` : ""}`;
    default:
      return a.type;
  }
}

/** SteamRollers' board. */
export const steamrollersBoard: Board<View, Action> = {
  game: "steamrollers",
  draw,
  targets,
  label: chooserLabel,
  phase,
};

/** The round (solo: turn), whose turn, its step and the seats still to play this round. */
function phase(view: View): string {
  if (view.over) return "Game over";
  const stage = view.powers ? "choosing starting powers" : view.turn ? STAGES[view.turn.stage] ?? view.turn.stage : "";
  const d = view.turn?.die;
  const dieText = d !== null && d !== undefined ? `, white die ${view.white[d]?.value}` : "";
  // Solo: two white dice a turn, one action each; multiplayer: one action with the die (tile 2a may add a second die).
  const done = view.turn && view.turn.stage === "act" && view.players === 1 ? ` (${view.turn.actions} of 2 dice used)` : "";
  const order = view.players > 1 && view.queue.length > 0 ? `; then ${view.queue.map((p) => `seat ${p}`).join(", ")}` : "";
  return `${view.players === 1 ? "Turn" : "Round"} ${view.round}${view.turn ? `, seat ${view.turn.player}` : ""}: ${stage}${dieText}${done}${order}`;
}

/**
 * Draws SteamRollers (multiplayer and solo) from a seat's view and legal actions into `container` and reports the action the
 * person clicks through `input.onAction`. Call it again with the new view after every move.
 */
export function drawSteamrollers(container: Element, input: MountInput<View, Action>): HTMLElement {
  return mountBoard(container, steamrollersBoard, input);
}

export { mountBoard, boardShare, boardStyles, installStyles } from "./index.js";
export type { Board, BoardInput, MountInput } from "./index.js";
