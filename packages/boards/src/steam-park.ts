/// <reference lib="dom" />
// Steam Park's board, drawn from a seat's View: each park's square grid (starting and additional
// ground, rides joined by colour with their seats and seated visitors, stands, the Dump's Dirt),
// each seat's dice on the table and on the Pig board, turn order tokens, the bag and the pool, the
// ride and stand supply, money, and the own bonus cards.
import { defaultComponents, turnsOf, type Action, type Components, type View } from "@rules/steam-park";

/** The view's component set: `null` in the view while the game plays the default set. */
const comps = (view: View): Components => view.components ?? defaultComponents;
import type { Board, BoardInput } from "./types.js";
import { mountBoard, type MountInput } from "./panel.js";
import { s, seatColour, seatLetter, svgRoot, text, title } from "./svg-kit.js";
import { fit } from "./svg.js";

type SeatView = View["seats"][number];
type Face = Components["dieSides"][number]["face"];
type Size = "small" | "medium" | "big";

const CELL = 24;
const PANEL_W = 360;
const SIZES: readonly Size[] = ["small", "medium", "big"];
const TOKEN_TEXT: Record<string, string> = { first: "1st", second: "2nd", third: "3rd", last: "Last" };
/** The Dirt phase bonus or penalty of each turn order token. */
const TOKEN_EFFECT: Record<string, string> = { first: "discard 4 Dirt", second: "discard 2 Dirt", third: "no Dirt change", last: "take 2 Dirt" };
const CSS_COLOURS: Record<string, string> = { black: "#1f2937", green: "#16a34a", blue: "#2563eb", pink: "#ec4899", red: "#dc2626", purple: "#9333ea" };
const FALLBACK = ["#1f2937", "#16a34a", "#2563eb", "#ec4899", "#dc2626", "#9333ea", "#f59e0b", "#0d9488", "#78350f", "#64748b", "#84cc16", "#f43f5e"];

/** The drawn colour of visitor / ride colour `i`. */
function hue(c: Components, i: number): string {
  return CSS_COLOURS[c.colours[i] ?? ""] ?? FALLBACK[i % FALLBACK.length]!;
}

/** The first (top-left) square a `place` covers: the square its target names. */
function placeCells(view: View, a: Extract<Action, { type: "place" }>): Array<[number, number]> {
  const c = comps(view);
  const p = view.step?.pending;
  if (!p) return [];
  const shape = p.kind === "ride" ? c.rides[p.size].shape : p.kind === "stand" ? c.standShape : c.additionalGround.shape;
  const turn = turnsOf(shape, c.piecesRotate)[a.rotation] ?? [];
  return turn.map(([dx, dy]): [number, number] => [a.x + dx, a.y + dy]);
}

/** Every key the action targets (see the playground README for the keys). */
export function steamParkTargets(a: Action, view: View): string[] {
  const me = view.seats[a.player];
  switch (a.type) {
    case "keepCard":
    case "playBonus":
      return [`card:${a.card}`];
    case "lock":
      return (me?.rolled ?? []).flatMap((side, i) => (side === a.side ? [`die:${a.player}:${i}`] : []));
    case "expand": {
      const sides = comps(view).dieSides;
      return (me?.locked ?? []).flatMap((side, i) => (sides[side]?.face === a.face ? [`pig:${a.player}:${i}`] : []));
    }
    case "buildRide":
      return [`ride:${a.colour}:${a.size}`];
    case "buildStand":
      return [`stand:${a.stand}`];
    case "place": {
      const first = placeCells(view, a)[0];
      return first ? [`square:${a.player}:${first[1]},${first[0]}`] : [];
    }
    case "attract":
      return [`pool:${a.colour}`];
    case "drawVisitors":
      return ["bag"];
    case "clean":
      return [`dump:${a.player}`];
    case "reroll":
      // Picking the dice up from the table to roll them again.
      return [`table:${a.player}`];
    case "lockAll":
      // Moving every die left on the table onto the Pig board.
      return [`pigboard:${a.player}`];
    default:
      return [];
  }
}

function pieceName(view: View): string {
  const c = comps(view);
  const p = view.step?.pending;
  if (!p) return "piece";
  if (p.kind === "ride") return `${p.size} ${c.colours[p.colour]} ride`;
  if (p.kind === "stand") return `${c.stands[p.type]?.name ?? "stand"} stand`;
  return "ground tile";
}

/** The chooser's words for one action. */
export function steamParkLabel(a: Action, view: View): string {
  const c = comps(view);
  switch (a.type) {
    case "place": {
      const cells = placeCells(view, a);
      const wide = new Set(cells.map((x) => x[0])).size;
      const high = new Set(cells.map((x) => x[1])).size;
      const lie = wide === high ? "" : wide > high ? ", lying across" : ", standing down";
      return `${pieceName(view)}${lie}: squares ${cells.map(([x, y]) => `(${x},${y})`).join(" ")}`;
    }
    case "clean":
      return `Clean with ${a.dice} ${a.dice === 1 ? "die" : "dice"}`;
    case "keepCard":
      return `Keep ${c.bonusCards[a.card]?.name ?? `card ${a.card}`}`;
    case "playBonus":
      return `Play ${c.bonusCards[a.card]?.name ?? `card ${a.card}`}`;
    case "lock":
      return `Lock a ${c.dieSides[a.side]?.face} die`;
    case "expand":
      return `Expand, paying a ${a.face} die`;
    case "buildRide":
      return `Build the ${a.size} ${c.colours[a.colour]} ride`;
    case "buildStand":
      return `Build a ${c.stands[a.stand]?.name} stand`;
    case "attract":
      return `Put a ${c.colours[a.colour]} visitor in the bag`;
    default:
      return a.type;
  }
}

// --- Die faces as icons -------------------------------------------------------------------------

function faceIcon(face: Face, x: number, y: number, r: number): SVGElement {
  const g = s("g", { stroke: "#111", "stroke-width": 1.4, fill: "none", "stroke-linecap": "round" });
  switch (face) {
    case "rides": // a wheel with spokes
      g.append(s("circle", { cx: x, cy: y - 1, r: r * 0.6 }));
      for (let k = 0; k < 4; k++) {
        const t = (k * Math.PI) / 4;
        g.append(s("line", { x1: x + Math.cos(t) * r * 0.6, y1: y - 1 + Math.sin(t) * r * 0.6, x2: x - Math.cos(t) * r * 0.6, y2: y - 1 - Math.sin(t) * r * 0.6 }));
      }
      g.append(s("path", { d: `M${x - r * 0.5},${y + r * 0.8} L${x},${y - 1} L${x + r * 0.5},${y + r * 0.8}` }));
      break;
    case "stands": // a striped tent
      g.append(s("path", { d: `M${x - r * 0.75},${y} L${x},${y - r * 0.75} L${x + r * 0.75},${y} Z`, fill: "#fca5a5" }));
      g.append(s("rect", { x: x - r * 0.6, y, width: r * 1.2, height: r * 0.7 }));
      break;
    case "attract": // a visitor
      g.append(s("circle", { cx: x, cy: y - r * 0.45, r: r * 0.28, fill: "#111" }));
      g.append(s("path", { d: `M${x - r * 0.5},${y + r * 0.75} Q${x},${y - r * 0.35} ${x + r * 0.5},${y + r * 0.75} Z`, fill: "#111" }));
      break;
    case "clean": // a broom
      g.append(s("line", { x1: x + r * 0.6, y1: y - r * 0.75, x2: x - r * 0.1, y2: y + r * 0.2 }));
      g.append(s("path", { d: `M${x - r * 0.1},${y + r * 0.05} L${x - r * 0.7},${y + r * 0.7} M${x - r * 0.1},${y + r * 0.2} L${x - r * 0.45},${y + r * 0.8} M${x + 0.05},${y + r * 0.3} L${x - r * 0.15},${y + r * 0.85}` }));
      break;
    case "bonus": { // a star
      const pts: string[] = [];
      for (let k = 0; k < 10; k++) {
        const t = -Math.PI / 2 + (k * Math.PI) / 5;
        const rr = k % 2 === 0 ? r * 0.8 : r * 0.35;
        pts.push(`${x + Math.cos(t) * rr},${y + Math.sin(t) * rr}`);
      }
      g.append(s("polygon", { points: pts.join(" "), fill: "#facc15" }));
      break;
    }
    case "blank":
      break;
  }
  return g;
}

function die(c: Components, side: number, x: number, y: number, key: string | null, attrs: Record<string, string>): SVGElement {
  const info = c.dieSides[side] ?? { face: "blank" as Face, dirt: 0 };
  const g = s("g", { ...attrs, "data-target": key ?? undefined, "data-face": info.face, class: "die" });
  g.append(s("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 5, fill: "#fffbeb", stroke: "#78350f", "stroke-width": 1.2 }));
  g.append(faceIcon(info.face, x, y, 10));
  for (let k = 0; k < info.dirt; k++) g.append(s("circle", { cx: x + 9 - k * 5, cy: y + 9, r: 2, fill: "#92400e" }));
  g.append(title(`${info.face}${info.dirt > 0 ? `, ${info.dirt} Dirt` : ""}`));
  return g;
}

// --- One park's grid ----------------------------------------------------------------------------

interface Square {
  x: number;
  y: number;
  ground: "start" | "extra" | "none";
  ride?: { colour: number; piece: number };
  stand?: number;
}

function parkSquares(seat: SeatView, c: Components, extra: ReadonlyArray<readonly [number, number]>): Map<string, Square> {
  const at = new Map<string, Square>();
  const get = (x: number, y: number, ground: Square["ground"]): Square => {
    const k = `${x},${y}`;
    let q = at.get(k);
    if (!q) at.set(k, (q = { x, y, ground }));
    return q;
  };
  for (let y = 0; y < c.startingGroundSize; y++) for (let x = 0; x < c.startingGroundSize; x++) get(x, y, "start");
  for (const g of seat.park.grounds) for (const [x, y] of g) get(x, y, "extra");
  seat.park.rides.forEach((r, i) => r.cells.forEach(([x, y]) => (get(x, y, "none").ride = { colour: r.colour, piece: i })));
  seat.park.stands.forEach((st) => st.cells.forEach(([x, y]) => (get(x, y, "none").stand = st.type)));
  for (const [x, y] of extra) get(x, y, "none");
  return at;
}

function drawPark(seat: SeatView, p: number, c: Components, targets: Set<string>, ox: number, oy: number): { g: SVGElement; w: number; h: number } {
  const offGround: Array<[number, number]> = [];
  for (const k of targets) {
    const m = /^square:(\d+):(-?\d+),(-?\d+)$/.exec(k);
    if (m && Number(m[1]) === p) offGround.push([Number(m[3]), Number(m[2])]);
  }
  const squares = parkSquares(seat, c, offGround);
  const xs = [...squares.values()].map((q) => q.x);
  const ys = [...squares.values()].map((q) => q.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const w = (Math.max(...xs) - minX + 1) * CELL;
  const h = (Math.max(...ys) - minY + 1) * CELL;
  const px = (x: number): number => ox + (x - minX) * CELL;
  const py = (y: number): number => oy + (y - minY) * CELL;
  const g = s("g", { "data-park": String(p) });
  const joined = new Map(seat.joinedRides.map((j) => [j.colour, j]));
  for (const q of squares.values()) {
    const key = `square:${p}:${q.y},${q.x}`;
    const fill = q.ride ? hue(c, q.ride.colour) : q.stand !== undefined ? "#e5e7eb" : q.ground === "start" ? "#bbf7d0" : q.ground === "extra" ? "#d9f99d" : "none";
    const attrs = {
      x: px(q.x), y: py(q.y), width: CELL, height: CELL, fill,
      stroke: q.ground === "none" && !q.ride && q.stand === undefined ? "#9ca3af" : "#4d7c0f",
      "stroke-width": 0.6,
      "stroke-dasharray": q.ground === "none" && !q.ride && q.stand === undefined ? "3 2" : undefined,
      "data-square": `${q.y},${q.x}`,
      "data-target": targets.has(key) ? key : undefined,
    };
    const cell = s("rect", attrs);
    const what = q.ride ? `${c.colours[q.ride.colour]} ride` : q.stand !== undefined ? `${c.stands[q.stand]?.name} stand` : q.ground === "none" ? "off the park" : "free ground";
    cell.append(title(`(${q.x},${q.y}) ${what}`));
    g.append(cell);
  }
  // Ride pieces: an outline per joined ride (no line where two of its pieces meet), seats as rings
  // (filled with a visitor when taken), the first `seated` seats of the joined ride filled.
  const filled = new Map<number, number>();
  seat.park.rides.forEach((r, i) => {
    const piece = s("g", { "data-ride": String(i), "data-colour": c.colours[r.colour] ?? String(r.colour), "data-size": r.size });
    const group = new Set(seat.park.rides.filter((o) => o.colour === r.colour).flatMap((o) => o.cells.map(([x, y]) => `${x},${y}`)));
    const own = new Set(r.cells.map(([x, y]) => `${x},${y}`));
    for (const [x, y] of r.cells) {
      // Each side: [neighbour square, the side's ends]. Outside the joined ride a black outline; at
      // the side where two of its pieces join, a dashed white seam.
      const sides: Array<[string, number, number, number, number]> = [
        [`${x},${y - 1}`, x, y, x + 1, y],
        [`${x},${y + 1}`, x, y + 1, x + 1, y + 1],
        [`${x - 1},${y}`, x, y, x, y + 1],
        [`${x + 1},${y}`, x + 1, y, x + 1, y + 1],
      ];
      for (const [n, x1, y1, x2, y2] of sides) {
        if (own.has(n)) continue;
        const seam = group.has(n);
        piece.append(s("line", { x1: px(x1), y1: py(y1), x2: px(x2), y2: py(y2), stroke: seam ? "#fff" : "#111", "stroke-width": seam ? 1.5 : 2, "stroke-dasharray": seam ? "3 2" : undefined, "data-join": seam ? "" : undefined }));
      }
    }
    const seats = c.rides[r.size].seats;
    const j = joined.get(r.colour);
    for (let k = 0; k < seats; k++) {
      const [cx, cy] = r.cells[Math.min(k, r.cells.length - 1)]!;
      const n = filled.get(r.colour) ?? 0;
      const taken = j !== undefined && n < j.seated;
      filled.set(r.colour, n + 1);
      const off = seats > r.cells.length ? (k - (seats - 1) / 2) * 6 : 0;
      const sx = px(cx) + CELL / 2 + off;
      const sy = py(cy) + CELL / 2;
      piece.append(s("circle", { cx: sx, cy: sy, r: 5.5, fill: taken ? "#fff" : "none", stroke: "#fff", "stroke-width": 1.5, "data-seat-taken": String(taken) }));
      if (taken) piece.append(s("circle", { cx: sx, cy: sy, r: 3, fill: hue(c, r.colour), "data-visitor": c.colours[r.colour] ?? "" }));
    }
    piece.append(title(`${r.size} ${c.colours[r.colour]} ride${j ? `, joined ride: ${j.seated}/${j.seats} seats taken` : ""}`));
    g.append(piece);
  });
  seat.park.stands.forEach((st, i) => {
    const [x, y] = st.cells[0]!;
    const name = c.stands[st.type]?.name ?? `stand ${st.type}`;
    const mark = s("g", { "data-stand": String(i), "data-type": name });
    for (const [sx, sy] of st.cells) mark.append(s("rect", { x: px(sx) + 1, y: py(sy) + 1, width: CELL - 2, height: CELL - 2, fill: "none", stroke: "#111", "stroke-width": 1.2 }));
    mark.append(text(px(x) + CELL / 2, py(y) + CELL / 2, name.slice(0, 2), { "font-size": 10, "font-weight": 700 }), title(`${name} stand`));
    g.append(mark);
  });
  return { g, w, h };
}

// --- Panels -------------------------------------------------------------------------------------

function seatPanel(view: View, input: BoardInput<View, Action>, p: number, targets: Set<string>, ox: number, oy: number): { g: SVGElement; h: number } {
  const c = comps(view);
  const seat = view.seats[p]!;
  const g = s("g", { "data-seat-panel": String(p) });
  const acting = view.actor === p || (view.phase === "roll" && seat.token === null);
  const tok = seat.token !== null ? `${TOKEN_TEXT[view.tokens[seat.token] ?? ""] ?? "?"} token` : view.phase === "roll" ? "rolling" : "no token";
  g.append(s("rect", { x: ox, y: oy, width: PANEL_W, height: 10, fill: seatColour(p), rx: 3 }));
  g.append(text(ox + 4, oy + 22, `Seat ${p} (${seatLetter(p)})${p === input.seat ? " (you)" : ""}${view.actor === p ? " · acting" : ""}`, { "text-anchor": "start", "font-size": 13, "font-weight": 700, fill: seatColour(p) }));
  // The Final Dirt track: what the Dump's Dirt costs at the end (the skull: all money lost).
  const skull = seat.dirt >= c.dirtFees.length;
  const fee = skull ? seat.money : c.dirtFees[seat.dirt]!;
  const feeText = view.phase === "over" ? `final $${seat.money - fee} (Dirt fee $${fee}${skull ? ", skull" : ""} paid)` : `Dirt fee now $${fee}${skull ? " (skull)" : ""}`;
  const money = text(ox + PANEL_W - 4, oy + 22, `$${seat.money} · ${tok} · ${feeText}`, { "text-anchor": "end", "font-size": 12, "data-money": String(seat.money), "data-dirt-fee": String(fee) });
  g.append(fit(money, PANEL_W - 150), title(`Money $${seat.money}; ${seat.dirt} Dirt in the Dump: the Final Dirt track takes $${fee} at the end${skull ? " (30 or more Dirt: the skull, all money lost)" : ""}`));
  if (acting && view.phase !== "over") g.append(s("circle", { cx: ox + PANEL_W - 4, cy: oy + 5, r: 3, fill: "#fff" }));
  // Dice: on the table (rolled) and on the Pig board (locked).
  let y = oy + 46;
  const tableKey = `table:${p}`;
  g.append(
    s("g", { "data-table": String(p), "data-target": targets.has(tableKey) ? tableKey : undefined },
      s("rect", { x: ox + 2, y: y - 10, width: 62, height: 20, rx: 4, fill: "#f8fafc", stroke: "#cbd5e1" }),
      text(ox + 6, y, targets.has(tableKey) ? "Table ⟳" : "Table", { "text-anchor": "start", "font-size": 10, fill: "#555" }),
      title(targets.has(tableKey) ? "The table: click to re-roll the dice on it" : "The table: dice rolled and not yet locked")),
  );
  seat.rolled.forEach((side, i) => {
    const key = `die:${p}:${i}`;
    g.append(die(c, side, ox + 74 + i * 30, y, targets.has(key) ? key : null, { "data-die": `${p}:${i}`, "data-where": "table" }));
  });
  y += 30;
  const pigKey = `pigboard:${p}`;
  g.append(
    s("g", { "data-pig-board": String(p), "data-target": targets.has(pigKey) ? pigKey : undefined },
      s("rect", { x: ox + 2, y: y - 10, width: 62, height: 20, rx: 4, fill: "#fce7f3", stroke: "#f9a8d4" }),
      text(ox + 6, y, "Pig board", { "text-anchor": "start", "font-size": 10, fill: "#555" }),
      title(targets.has(pigKey) ? "The Pig board: click to lock every die left on the table" : "The Pig board: locked dice")),
  );
  seat.locked.forEach((side, i) => {
    const key = `pig:${p}:${i}`;
    g.append(die(c, side, ox + 74 + i * 30, y, targets.has(key) ? key : null, { "data-die": `${p}:pig:${i}`, "data-where": "pig" }));
  });
  // The Dump.
  const dumpKey = `dump:${p}`;
  const dump = s("g", { "data-dump": String(p), "data-dirt": String(seat.dirt), "data-target": targets.has(dumpKey) ? dumpKey : undefined });
  dump.append(s("rect", { x: ox + PANEL_W - 70, y: y - 28, width: 66, height: 42, rx: 4, fill: "#fef3c7", stroke: "#92400e" }));
  dump.append(fit(text(ox + PANEL_W - 37, y - 18, `Dump: ${seat.dirt}`, { "font-size": 10 }), 60));
  for (let k = 0; k < Math.min(seat.dirt, 12); k++) dump.append(s("circle", { cx: ox + PANEL_W - 64 + (k % 6) * 10, cy: y - 6 + Math.floor(k / 6) * 9, r: 3.5, fill: "#78350f", stroke: "none" }));
  dump.append(title(`Dump: ${seat.dirt} Dirt`));
  g.append(dump);
  y += 24;
  // Income phase: 3 Danari per visitor in the park, plus the stands' income.
  const seated = seat.park.seated.reduce((a, b) => a + b, 0);
  const standIncome = view.beginner ? seat.park.stands.length : seat.park.stands.reduce((n, st) => { const a = c.stands[st.type]?.ability; return n + (a?.kind === "income" ? a.amount : 0); }, 0);
  const incomeEl = text(ox + 4, y, `${seated} visitor${seated === 1 ? "" : "s"} seated · income $${3 * seated + standIncome} a turn`, { "text-anchor": "start", "font-size": 11, "data-income": String(3 * seated + standIncome) });
  incomeEl.append(title(`Income phase: $3 for each of ${seated} visitors${standIncome ? ` + $${standIncome} from stands` : ""}`));
  g.append(incomeEl);
  y += 12;
  const park = drawPark(seat, p, c, targets, ox + 4, y);
  g.append(park.g);
  y += park.h + 10;
  // Bonus cards: the own hand and offer as faces, other hands as backs.
  const cards = [...(seat.offer ?? []).map((id) => ({ id, offer: true })), ...(seat.hand ?? []).map((id) => ({ id, offer: false }))];
  if (seat.hand === null) {
    for (let k = 0; k < seat.handCount + seat.offerCount; k++) g.append(s("rect", { x: ox + 4 + k * 16, y, width: 14, height: 20, rx: 2, fill: "#7c2d12", stroke: "#fff", "data-card-back": "" }));
    g.append(text(ox + 8 + (seat.handCount + seat.offerCount) * 16, y + 10, `${seat.handCount} bonus card${seat.handCount === 1 ? "" : "s"}${seat.offerCount > 0 ? `, choosing from ${seat.offerCount}` : ""}`, { "text-anchor": "start", "font-size": 10 }));
    y += 26;
  } else {
    cards.forEach(({ id, offer }, k) => {
      const key = `card:${id}`;
      const card = c.bonusCards[id];
      const cx = ox + 4 + (k % 4) * 88;
      const cy = y + Math.floor(k / 4) * 34;
      const box = s("g", { "data-card": String(id), "data-offer": String(offer), "data-target": targets.has(key) ? key : undefined });
      box.append(s("rect", { x: cx, y: cy, width: 84, height: 30, rx: 3, fill: offer ? "#fef9c3" : "#fff", stroke: offer ? "#ca8a04" : "#7c2d12", "stroke-dasharray": offer ? "3 2" : undefined }));
      box.append(fit(text(cx + 42, cy + 10, `${card?.name ?? `card ${id}`}${offer ? " (offered)" : ""}`, { "font-size": 9, "font-weight": 700 }), 78));
      box.append(fit(text(cx + 42, cy + 22, effectText(c, card?.effect), { "font-size": 8 }), 78), title(`${card?.name ?? id}: ${effectText(c, card?.effect)}`));
      g.append(box);
    });
    y += Math.ceil(cards.length / 4) * 34 + (cards.length === 0 ? 0 : 4);
  }
  return { g, h: y - oy };
}

/** A stand's ability in words, per stand in the park. */
function standAbility(a: Components["stands"][number]["ability"]): string {
  switch (a.kind) {
    case "cleanAfterToken":
      return `Dirt phase: discard ${a.amount} more Dirt`;
    case "visitorDirtRelief":
      return `Dirt phase: ${a.amount} Dirt fewer from the visitors`;
    case "income":
      return `Income phase: $${a.amount}`;
    case "redraw":
      return `Attract: ${a.amount} visitor who cannot sit is drawn again`;
    case "bonusMoney":
      return `$${a.amount} more for each bonus card played`;
  }
}

/** A bonus card's condition and pay in words ("$3 per visitor colour seated"). */
function effectText(c: Components, e: Components["bonusCards"][number]["effect"] | undefined): string {
  if (!e) return "";
  const $ = `$${e.amount}`;
  switch (e.kind) {
    case "fans":
      return `${$} per ${c.colours[e.colour]} visitor seated`;
    case "fullHouse":
      return `${$} if a ${c.colours[e.colour]} ride is full`;
    case "crowd":
      return `${$} per visitor seated`;
    case "rainbow":
      return `${$} per visitor colour seated`;
    case "showman":
      return `${$} per ride`;
    case "giant":
      return `${$} per size-${e.size} ride`;
    case "merchant":
      return `${$} per stand`;
    case "variety":
      return `${$} per stand type`;
    case "landowner":
      return `${$} per extra ground tile`;
    case "spotless":
      return `${$} if your Dump is empty`;
  }
}

function topBar(view: View, targets: Set<string>, width: number): { g: SVGElement; h: number } {
  const c = comps(view);
  const g = s("g", { "data-top": "" });
  const phase = view.phase === "over" ? "game over" : `${view.phase} phase`;
  const who = view.actor !== null ? `seat ${view.actor} acts` : view.phase === "roll" ? `rolling: seats ${view.seats.flatMap((x, p) => (x.token === null ? [p] : [])).join(", ")}` : "";
  g.append(text(6, 14, `Turn ${view.turn} of 6 · ${phase}${who ? ` · ${who}` : ""}${view.finalRerolls !== null ? ` · ${view.finalRerolls} final rolls left` : ""}`, { "text-anchor": "start", "font-size": 14, "font-weight": 700, "data-turn": String(view.turn), "data-phase": view.phase }));
  // Turn order tokens: free or held by a seat.
  let x = 6;
  g.append(text(x, 38, "Tokens", { "text-anchor": "start", "font-size": 10, fill: "#555" }));
  x += 44;
  view.tokens.forEach((t, i) => {
    const holder = view.seats.findIndex((seat) => seat.token === i);
    g.append(s("g", { "data-token": t, "data-holder": holder < 0 ? "none" : String(holder) }, s("circle", { cx: x + 14, cy: 38, r: 13, fill: holder < 0 ? "#fff" : seatColour(holder), stroke: "#111" }), text(x + 14, 38, TOKEN_TEXT[t] ?? t, { "font-size": 9, fill: holder < 0 ? "#111" : "#fff", "font-weight": 700 }), title(`${TOKEN_TEXT[t]} turn order token (${TOKEN_EFFECT[t] ?? ""}): ${holder < 0 ? "free" : `seat ${holder}`}`)));
    x += 32;
  });
  // Bag and pool, per colour: the bag's counts are drawn like the pool's, after a "Bag" label.
  x += 12;
  g.append(text(x, 38, "Bag", { "text-anchor": "start", "font-size": 10, fill: "#555" }));
  x += 24;
  const bagKey = "bag";
  const total = view.bag.reduce((a, b) => a + b, 0);
  const bag = s("g", { "data-bag": view.bag.join(","), "data-target": targets.has(bagKey) ? bagKey : undefined });
  bag.append(s("path", { d: `M${x},${30} q12,-10 24,0 l4,20 q-16,8 -32,0 Z`, fill: "#a16207", stroke: "#111" }), text(x + 12, 41, String(total), { fill: "#fff", "font-weight": 700 }), title(`Bag: ${total} visitors (${view.bag.map((n, i) => `${n} ${c.colours[i]}`).join(", ")})`));
  g.append(bag);
  x += 36;
  view.bag.forEach((n, i) => {
    g.append(s("g", { "data-bag-colour": String(i), "data-count": String(n) }, s("circle", { cx: x + 9, cy: 38, r: 9, fill: hue(c, i), stroke: "#111" }), text(x + 9, 38, String(n), { "font-size": 10, fill: "#fff", "font-weight": 700 }), title(`${n} ${c.colours[i]} visitor${n === 1 ? "" : "s"} in the bag`)));
    x += 21;
  });
  x += 16;
  g.append(text(x, 38, "Pool", { "text-anchor": "start", "font-size": 10, fill: "#555" }));
  x += 28;
  view.pool.forEach((n, i) => {
    const key = `pool:${i}`;
    g.append(s("g", { "data-pool": String(i), "data-count": String(n), "data-target": targets.has(key) ? key : undefined }, s("circle", { cx: x + 10, cy: 38, r: 10, fill: hue(c, i), stroke: "#111" }), text(x + 10, 38, String(n), { fill: "#fff", "font-weight": 700 }), title(`${n} ${c.colours[i]} visitors in the pool`)));
    x += 24;
  });
  g.append(text(width - 6, 38, `Bonus deck ${view.deckCount} · discards ${view.discardCount}`, { "text-anchor": "end", "font-size": 10 }));
  // The supply: one ride of each colour and size in the box; stands by type.
  let y = 64;
  g.append(text(6, y + 10, "Rides", { "text-anchor": "start", "font-size": 10, fill: "#555" }));
  const built = new Set(view.seats.flatMap((seat) => seat.park.rides.map((r) => `${r.colour}:${r.size}`)));
  c.colours.forEach((_, col) => {
    SIZES.forEach((size, k) => {
      const key = `ride:${col}:${size}`;
      const len = c.rides[size].shape.length;
      const rx = 44 + col * 86 + [0, 14, 38][k]!;
      const free = !built.has(`${col}:${size}`);
      g.append(s("g", { "data-ride-supply": `${col}:${size}`, "data-free": String(free), "data-target": targets.has(key) ? key : undefined }, s("rect", { x: rx, y, width: len * 10 + 2, height: 12, fill: free ? hue(c, col) : "#f3f4f6", stroke: free ? "#111" : "#d1d5db", "stroke-dasharray": free ? undefined : "2 2" }), title(`${size} ${c.colours[col]} ride${free ? "" : ": built"}`)));
    });
  });
  y += 22;
  g.append(text(6, y + 10, "Stands", { "text-anchor": "start", "font-size": 10, fill: "#555" }));
  c.stands.forEach((st, t) => {
    const key = `stand:${t}`;
    const left = st.copies - view.seats.reduce((n, seat) => n + seat.park.stands.filter((x) => x.type === t).length, 0);
    const sx = 44 + t * 96;
    g.append(s("g", { "data-stand-supply": String(t), "data-left": String(left), "data-target": targets.has(key) ? key : undefined }, s("rect", { x: sx, y, width: 90, height: 16, rx: 3, fill: "#f3f4f6", stroke: "#111" }), text(sx + 45, y + 8, `${st.name} ×${left}`, { "font-size": 9 }), title(`${st.name}: ${left} left${view.beginner ? "" : `; ${standAbility(st.ability)}`}`)));
  });
  return { g, h: y + 26 };
}

/** The turn, phase and step in words, for the shell's status line. */
export function steamParkPhase(view: View): string {
  const step = view.step;
  const doing = step?.pending ? `, placing a ${pieceName(view)}` : step?.open ? `, ${step.open} action open` : "";
  const used = step && step.used.length > 0 ? ` (used ${step.used.join(", ")})` : "";
  const phase = view.phase === "roll" && view.finalRerolls !== null ? `roll phase, ${view.finalRerolls} final rolls left` : `${view.phase} phase`;
  return `turn ${view.turn} of 6, ${view.phase === "over" ? "game over" : phase}${doing}${used}`;
}

function draw(input: BoardInput<View, Action>): Element {
  const { view, legal } = input;
  const targets = new Set(legal.flatMap((a) => steamParkTargets(a, view)));
  const width = PANEL_W * 2 + 24;
  const root = svgRoot(width, 10, { "data-board": "steam-park", class: "board" });
  const top = topBar(view, targets, width);
  root.append(top.g);
  let y = top.h + 8;
  for (let row = 0; row < view.seats.length; row += 2) {
    let rowH = 0;
    for (let k = 0; k < 2 && row + k < view.seats.length; k++) {
      const panel = seatPanel(view, input, row + k, targets, 6 + k * (PANEL_W + 12), y);
      root.append(panel.g);
      rowH = Math.max(rowH, panel.h);
    }
    y += rowH + 14;
  }
  root.setAttribute("viewBox", `0 0 ${width} ${Math.ceil(y)}`);
  return root;
}

/** Steam Park's board. */
export const steamParkBoard: Board<View, Action> = {
  game: "steam-park",
  draw,
  targets: steamParkTargets,
  label: steamParkLabel,
  phase: steamParkPhase,
};


/**
 * Draws Steam Park from a seat's view and legal actions into `container` and reports the action the
 * person clicks through `input.onAction`. Call it again with the new view after every move.
 */
export function drawSteamPark(container: Element, input: MountInput<View, Action>): HTMLElement {
  return mountBoard(container, steamParkBoard, input);
}

export { mountBoard, boardShare, boardStyles, installStyles } from "./index.js";
export type { Board, BoardInput, MountInput } from "./index.js";
