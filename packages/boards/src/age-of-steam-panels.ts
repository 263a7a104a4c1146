/// <reference lib="dom" />
// Age of Steam's panels beside the map, drawn from the View: turn and phase, who acts, each
// player's cash, income, shares, locomotive and special action, the special action tiles, the
// auction, and the goods display with the Production holder's drawn cubes.
import { scores, type State, type View } from "@rules/age-of-steam-exp";
import { s, seatColour, seatDash, seatLetter, text, title } from "./svg-kit.js";
import { CUBE } from "./age-of-steam-hex.js";
import { fit } from "./svg.js";

const ACTION_TEXT: Record<string, string> = {
  firstMove: "First Move", firstBuild: "First Build", engineer: "Engineer", locomotive: "Locomotive",
  urbanization: "Urbanization", production: "Production", turnOrder: "Turn Order", souvenir: "Souvenir",
};
const BASE_ACTIONS = ["firstMove", "firstBuild", "engineer", "locomotive", "urbanization", "production", "turnOrder"];
const PARK_ACTIONS = ["locomotive", "engineer", "urbanization", "souvenir", "firstMove", "firstBuild"];
const PHASE_TEXT: Record<string, string> = {
  shares: "I. Issue shares", auction: "II. Auction for player order", select: "III. Select actions", build: "IV. Build track",
  move: "V. Move goods", production: "IX. Production", over: "Game over",
};

/** The name of a special action. */
export function actionName(a: string): string {
  return ACTION_TEXT[a] ?? a;
}

/** The turn, phase and step in words, for the shell's status line. */
export function phaseText(view: View): string {
  const step = view.phase === "build" ? `, ${view.build.count} placement${view.build.count === 1 ? "" : "s"} made` : "";
  return `turn ${view.turn} of ${view.lastTurn}, ${PHASE_TEXT[view.phase] ?? view.phase}${step}${view.phase === "over" ? "" : ` (${actorText(view)})`}`;
}

/** Who acts now, in words. */
function actorText(view: View): string {
  if (view.phase === "over") return view.park?.result ? `park ${view.park.result}` : "game over";
  if (view.phase === "auction" && view.auction) return `seat ${view.auction.turn} bids`;
  const head = view.queue[0];
  if (view.phase === "move" && head !== undefined) return `seat ${head} moves (round ${view.move.round})`;
  return head === undefined ? "" : `seat ${head} acts`;
}

/** The header line and the players' table; returns its height. */
export function drawPlayers(view: View, seat: number | null, targets: Set<string>, x0: number, y0: number, width: number): { g: SVGElement; h: number } {
  const g = s("g", { "data-panel": "players" });
  const actor = actorText(view);
  g.append(text(x0, y0 + 10, `Turn ${view.turn} of ${view.lastTurn} · ${PHASE_TEXT[view.phase] ?? view.phase}${actor === "game over" ? "" : ` · ${actor}`}`, { "text-anchor": "start", "font-size": 14, "font-weight": 700, "data-turn": String(view.turn), "data-phase": view.phase }));
  // The rows follow the player order the auction set (the turn order of the phases after it).
  const cols = ["Turn order", "Cash", "Income", "Shares", view.park ? "" : "Score", "Loco", "Action", "Bid"];
  const xs = [0, 90, 128, 170, 210, 252, 292, 370].map((v) => x0 + v);
  let y = y0 + 34;
  cols.forEach((c, i) => g.append(text(xs[i]!, y, c, { "text-anchor": "start", "font-size": 10, fill: "#555" })));
  const score = view.park ? undefined : scores(view as unknown as State);
  const order = [...view.order, ...view.cash.map((_, p) => p).filter((p) => !view.order.includes(p))];
  const acting = view.phase === "auction" ? view.auction?.turn : view.queue[0];
  for (const p of order) {
    y += 20;
    const row = s("g", { "data-player": String(p), "data-cash": String(view.cash[p]), "data-income": String(view.income[p]), "data-shares": String(view.shares[p]), "data-loco": String(view.loco[p]) });
    if (p === acting && view.phase !== "over") row.append(s("rect", { x: x0 - 4, y: y - 10, width: width - 8, height: 19, fill: "#fef9c3", rx: 3 }));
    row.append(
      s("rect", { x: xs[0]!, y: y - 6, width: 12, height: 12, fill: seatColour(p), rx: 2 }),
      text(xs[0]! + 6, y, seatLetter(p), { "font-size": 8, "font-weight": 700, fill: "#fff" }),
      title(`seat ${p} (${seatLetter(p)}): track drawn ${seatDash(p) === undefined ? "solid" : `dashed ${seatDash(p)}`}`),
    );
    const seatKey = `seat:${p}`;
    const seatCell = s("g", { "data-seat-cell": String(p), "data-target": targets.has(seatKey) ? seatKey : undefined });
    if (targets.has(seatKey)) seatCell.append(s("rect", { x: xs[0]! + 13, y: y - 8, width: 72, height: 16, fill: "#fff", rx: 3 }), title("Your seat: end this step (done)"));
    const seatWords = text(xs[0]! + 16, y, `${p}${p === seat ? " (you)" : ""}${view.eliminated[p] ? " out" : ""}${targets.has(seatKey) ? " ✓ done" : ""}`, { "text-anchor": "start", "font-size": 11, "font-weight": 700 });
    seatCell.append(targets.has(seatKey) ? fit(seatWords, 66) : seatWords);
    row.append(seatCell);
    row.append(text(xs[1]!, y, `$${view.cash[p]}`, { "text-anchor": "start", "font-size": 11 }));
    // Expenses (each share and each locomotive link cost $1 a turn) and the score's income and share parts.
    const expenses = view.shares[p]! + view.loco[p]!;
    row.append(s("g", { "data-income-cell": String(p) }, text(xs[2]!, y, String(view.income[p]), { "text-anchor": "start", "font-size": 11 }),
      title(`income $${view.income[p]} a turn, expenses $${expenses} (${view.shares[p]} shares + locomotive ${view.loco[p]})${taxText(view)}`)));
    const sharesKey = `shares:${p}`;
    row.append(s("g", { "data-target": targets.has(sharesKey) ? sharesKey : undefined }, s("rect", { x: xs[3]! - 2, y: y - 8, width: 40, height: 16, fill: targets.has(sharesKey) ? "#fff" : "none", rx: 3 }), text(xs[3]!, y, `${view.shares[p]}`, { "text-anchor": "start", "font-size": 11 }), title(`${view.shares[p]} shares issued`)));
    if (score) row.append(scoreCell(view, p, score[p]!, xs[4]!, y));
    const locoKey = `loco:${p}`;
    const loco = s("g", { "data-target": targets.has(locoKey) ? locoKey : undefined });
    loco.append(s("rect", { x: xs[5]! - 2, y: y - 8, width: 36, height: 16, fill: targets.has(locoKey) ? "#fff" : "none", rx: 3 }));
    loco.append(locoIcon(xs[5]! + 6, y, "#111"), text(xs[5]! + 22, y, String(view.loco[p]), { "text-anchor": "start", "font-size": 11, "font-weight": 700 }), title(`locomotive ${view.loco[p]}`));
    row.append(loco);
    row.append(text(xs[6]!, y, view.selected[p] ? actionName(view.selected[p]!) : "—", { "text-anchor": "start", "font-size": 11 }));
    const bid = view.auction ? (view.auction.dropped.includes(p) ? "out" : `$${view.auction.bids[p] ?? 0}${view.auction.high === p ? " high" : ""}`) : "";
    const bidKey = `bid:${p}`;
    const bidCell = s("g", { "data-bid": String(p), "data-target": targets.has(bidKey) ? bidKey : undefined });
    if (targets.has(bidKey)) bidCell.append(s("rect", { x: xs[7]! - 3, y: y - 8, width: 52, height: 16, fill: "#fff", rx: 3 }), title("Your place in the auction: bid, pass or drop out"));
    bidCell.append(text(xs[7]!, y, targets.has(bidKey) ? `${bid} ▸ bid` : bid, { "text-anchor": "start", "font-size": 11 }));
    row.append(bidCell);
    g.append(row);
  }
  if (view.map.incomeTax > 0 && !view.park) {
    y += 20;
    g.append(s("g", { "data-income-tax": String(view.map.incomeTax) }, text(x0, y, `${view.map.name} tax: every income −${view.map.incomeTax} more each turn, after the income reduction`, { "text-anchor": "start", "font-size": 10 }), title(`${view.map.name} (Advancing the Round Marker): after the usual income reduction, each player's income is reduced by ${view.map.incomeTax} more, whether or not they used the line (not below 0)`)));
  }
  return { g, h: y - y0 + 16 };
}

/** The map's extra income tax, for the income tooltip (Orient Express: "Advancing the Round Marker"). */
function taxText(view: View): string {
  return view.map.incomeTax > 0 && !view.park ? `; then the ${view.map.name} tax: income −${view.map.incomeTax} more each turn, after the income reduction (not below 0)` : "";
}

/**
 * A seat's score if the game ended now (§1.4: 3 × income − 3 × shares + 1 per track tile in
 * complete links; after the end, the final score), with its parts in the tooltip.
 */
function scoreCell(view: View, p: number, total: number, x: number, y: number): SVGElement {
  const over = view.phase === "over";
  if (view.eliminated[p]) return s("g", { "data-score": String(total) }, text(x, y, "out", { "text-anchor": "start", "font-size": 11 }), title(`seat ${p} went bankrupt: out of the game, no score (ranks last)`));
  const income = 3 * view.income[p]!;
  const shares = 3 * view.shares[p]!;
  const track = total - income + shares;
  return s("g", { "data-score": String(total) },
    text(x, y, String(total), { "text-anchor": "start", "font-size": 11, "font-weight": 700 }),
    title(`${over ? "final score" : "score if the game ended now"}: 3 × income ${view.income[p]} = ${income}, − 3 × shares ${view.shares[p]} = −${shares}, + ${track} track tile${track === 1 ? "" : "s"} in complete links = ${total}`));
}

/** A small locomotive icon centred on (x, y). */
export function locoIcon(x: number, y: number, fill: string): SVGElement {
  return s("path", { d: `M${x - 7},${y + 3} h14 v-6 h-4 v-3 h-3 v3 h-7 z M${x - 5},${y + 5} a1.6,1.6 0 1,0 0.1,0 M${x + 4},${y + 5} a1.6,1.6 0 1,0 0.1,0`, fill, stroke: fill, "stroke-width": 0.8 });
}

/** The special action tiles: taken ones show the holder's colour. */
export function drawActionTiles(view: View, targets: Set<string>, x0: number, y0: number): { g: SVGElement; h: number } {
  const g = s("g", { "data-panel": "actions" });
  const list = view.map.topology === "graph" ? PARK_ACTIONS : BASE_ACTIONS;
  list.forEach((a, i) => {
    const holder = view.selected.findIndex((x) => x === a);
    const key = `action:${a}`;
    const x = x0 + (i % 4) * 92;
    const y = y0 + Math.floor(i / 4) * 26;
    g.append(s("g", { "data-action": a, "data-holder": holder < 0 ? "none" : String(holder), "data-target": targets.has(key) ? key : undefined }, s("rect", { x, y, width: 88, height: 22, rx: 4, fill: holder < 0 ? "#fff" : seatColour(holder), stroke: "#334155" }), text(x + 44, y + 11, actionName(a), { "font-size": 10, fill: holder < 0 ? "#111" : "#fff", "font-weight": 700 }), title(holder < 0 ? `${actionName(a)}: free` : `${actionName(a)}: seat ${holder}`)));
  });
  return { g, h: Math.ceil(list.length / 4) * 26 };
}

/** The goods display: light 1–6, dark 1–6 (3 spaces), new cities A–H (2 spaces); top space first. */
export function drawGoodsDisplay(view: View, targets: Set<string>, x0: number, y0: number): { g: SVGElement; h: number } {
  const g = s("g", { "data-panel": "goods-display" });
  g.append(text(x0, y0 + 6, `Goods display · bag ${view.bag.reduce((a, b) => a + b, 0)} cubes${view.lastRoll ? ` · last roll light ${view.lastRoll.light.join(" ")}, dark ${view.lastRoll.dark.join(" ")}` : ""}`, { "text-anchor": "start", "font-size": 10, fill: "#555" }));
  const labels = [...[1, 2, 3, 4, 5, 6].map(String), ...[1, 2, 3, 4, 5, 6].map((n) => `${n}`), ..."ABCDEFGH"];
  view.display.forEach((column, i) => {
    const x = x0 + i * 19 + (i >= 6 ? 6 : 0) + (i >= 12 ? 6 : 0);
    const y = y0 + 16;
    const key = `display:${i}`;
    const col = s("g", { "data-display": String(i), "data-cubes": column.map((c) => c ?? "").join(","), "data-target": targets.has(key) ? key : undefined });
    const spaces = i < 12 ? 3 : 2;
    col.append(s("rect", { x: x - 1, y: y - 1, width: 17, height: spaces * 12 + 16, fill: i < 6 ? "#f1f5f9" : i < 12 ? "#cbd5e1" : "#fde68a", rx: 2 }));
    for (let k = 0; k < spaces; k++) {
      const c = column[k] ?? null;
      col.append(s("rect", { x: x + 2, y: y + 2 + k * 12, width: 10, height: 10, fill: c ? CUBE[c] : "none", stroke: c ? "#fff" : "#94a3b8", "stroke-width": 0.7 }));
    }
    col.append(text(x + 7.5, y + spaces * 12 + 8, labels[i]!, { "font-size": 9, "font-weight": 700 }));
    col.append(title(`${i < 6 ? "light" : i < 12 ? "dark" : "new city"} ${labels[i]}: ${column.filter(Boolean).join(", ") || "empty"}`));
    g.append(col);
  });
  // The cubes the Production holder drew, under the display (where the columns they go to are).
  const h = 16 + 3 * 12 + 20;
  if (view.production.length === 0) return { g, h };
  g.append(text(x0, y0 + h + 6, "Production: place these cubes", { "text-anchor": "start", "font-size": 10, "font-weight": 700 }));
  view.production.forEach((c, k) => g.append(s("rect", { x: x0 + 170 + k * 16, y: y0 + h, width: 12, height: 12, fill: CUBE[c], stroke: "#111", "data-production": c }, title(`a ${c} cube to place`))));
  return { g, h: h + 18 };
}
