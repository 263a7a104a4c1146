/// <reference lib="dom" />
// Steam Donkey's board, drawn from a seat's view: every resort as its twelve attraction spaces
// (park, town and beach by the four icons) with the top card, how many lie under it and the
// visitors on it by colour; each seat's Resort Poster, Kick-on and Character (twisted or not) and
// hand as backs; the station platform, the deck's top back and the discard's top; the viewer's hand.
import { defaultComponents, scoreSeat, type Action, type State, type View } from "@rules/steam-donkey";
import type { Board, BoardInput } from "./types.js";
import { mountBoard, type MountInput } from "./panel.js";
import { fit, label, root, s, wrapWords } from "./svg.js";
import { title } from "./svg-kit.js";

type Components = typeof defaultComponents;
type Card = Components["cards"][number];
type Back = View["platform"][number];
type Colour = "green" | "red" | "yellow";
type Kind = Back["kind"];

const AREAS: ReadonlyArray<{ colour: Colour; name: string }> = [
  { colour: "green", name: "Park" },
  { colour: "red", name: "Town" },
  { colour: "yellow", name: "Beach" },
];
const KINDS: readonly Kind[] = ["amusement", "lodging", "monument", "transport"];
const KIND_NAMES: Record<Kind, string> = { amusement: "Amusement", lodging: "Lodging", monument: "Monument", transport: "Transport" };
const KIND_MARK: Record<Kind, string> = { amusement: "A", lodging: "L", monument: "M", transport: "T" };
const FILL: Record<string, string> = { green: "#74c69d", red: "#e5383b", yellow: "#ffd166", tri: "url(#sd-tri)", any: "#cdb4db" };
const AREA_TINT: Record<Colour, string> = { green: "#e9f7ef", red: "#fdecea", yellow: "#fff8e1" };
const KICK_ONS: Record<string, string> = { feralDonkey: "Feral Donkey", castle: "Castle", bank: "Bank", mechanicalDog: "Mechanical Dog" };
const CHARACTERS: Record<string, string> = { donkeyBoy: "Donkey Boy", lordAdmiral: "Lord Admiral", princessRoyal: "Princess Royal", madameIceCream: "Madame Ice-cream" };
/** What each Kick-on and Character does (Advanced Rules), for their tooltips. */
const KICK_ON_EFFECTS: Record<string, string> = {
  feralDonkey: "When paying for an attraction, one amusement card may stand for a lodging, monument or transport card.",
  castle: "Dealt twelve cards at the start (four extra).",
  bank: "Hand limit fifteen cards instead of twelve.",
  mechanicalDog: "Before moving visitors, may draft three extra cards onto the platform.",
};
const CHARACTER_EFFECTS: Record<string, string> = {
  donkeyBoy: "Take the top card of the discard pile into the hand, before, during or after any action.",
  lordAdmiral: "Build attractions of two colours in one Build action.",
  princessRoyal: "Pay one card fewer per attraction when building.",
  madameIceCream: "Choose two visitor colours when moving visitors from the station.",
};
/** The hand limit (Add visitors to your hand: twelve; the Bank Kick-on: fifteen). */
const handLimit = (view: View, seat: number) => (view.kickOns[seat] === "bank" ? 15 : 12);

const STAGES: Record<View["stage"], string> = {
  poster: "choosing Resort Poster sides",
  kickOn: "choosing Kick-ons",
  choose: "choose a main action",
  build: "building attractions",
  pay: "paying for an attraction",
  afterDog: "after the Mechanical Dog's draft",
  move: "moving visitors",
  return: "returning visitors over the hand limit",
  after: "after the main action",
  over: "game over",
};

const CELL_W = 96;
const CELL_H = 74;
const RESORT_W = 60 + 4 * CELL_W + 8;
const GRID_Y = 110;
const RESORT_H = GRID_Y + 3 * CELL_H + 4;
const TOP_H = 150;

const spaceIndex = (colour: Colour, kind: Kind) => AREAS.findIndex((a) => a.colour === colour) * 4 + KINDS.indexOf(kind);
const componentsOf = (view: View): Components => (view.components as Components | null) ?? defaultComponents;

/** A face-down card: its visitor colour and icon (all a back shows). */
function back(x: number, y: number, b: Back | null, w: number, h: number, attrs: Record<string, string | number> = {}): SVGElement {
  const g = s("g", { transform: `translate(${x},${y})`, ...attrs });
  g.append(s("rect", { width: w, height: h, rx: 4, fill: b ? FILL[b.colour] : "#ccc", stroke: "#333" }));
  if (b) g.append(label(w / 2, h / 2 + 5, KIND_MARK[b.kind], { "text-anchor": "middle", "font-weight": 700, "font-size": 13 }));
  return g;
}

/** An attraction's face: name, icon, cost, capacity and points. */
function face(x: number, y: number, c: Card, w: number, h: number, attrs: Record<string, string | number> = {}): SVGElement {
  const g = s("g", { transform: `translate(${x},${y})`, ...attrs });
  g.append(s("rect", { width: w, height: h, rx: 5, fill: "#fff", stroke: "#333" }));
  g.append(s("rect", { width: w, height: 14, rx: 5, fill: FILL[c.colour] }));
  g.append(fit(label(4, 11, `${KIND_MARK[c.kind]} · cost ${c.cost}`, { "font-size": 10, "font-weight": 700 }), w - 8));
  // The whole name, on two lines where one is too short for it.
  const lines = h >= 56 && c.name.length * 6.6 > w - 14 ? wrapWords(c.name, Math.floor((w - 14) / 6)).slice(0, 2) : [c.name];
  lines.forEach((line, k) => g.append(fit(label(4, 28 + k * 12, line, { "font-size": 11 }), w - 16)));
  g.append(fit(label(4, h - 6, `${c.kind === "transport" ? "+1" : `holds ${c.capacity}`} · ${c.points} pt`, { "font-size": 10, fill: "#444" }), w - 8));
  g.append(s("rect", { x: w - 10, y: 18, width: 7, height: 7, fill: FILL[c.back], stroke: "#333", "stroke-width": 0.5 }));
  return g;
}

function resort(view: View, seat: number, x: number, y: number, legal: readonly Action[]): SVGElement {
  const comps = componentsOf(view);
  const r = view.resorts[seat]!;
  const current = view.current === seat && view.stage !== "over";
  const g = s("g", { transform: `translate(${x},${y})`, "data-resort": seat });
  g.append(s("rect", { width: RESORT_W, height: RESORT_H, rx: 8, fill: "#fffdf7", stroke: current ? "#e76f51" : "#999", "stroke-width": current ? 4 : 1 }));
  // The seat's name: while it may end its turn ("done"), a click on it does.
  const ends = legal.some((a) => a.type === "done" && a.player === seat);
  const nameEl = s("g", { "data-seat-name": seat, "data-target": ends ? `seat:${seat}` : undefined });
  if (ends) nameEl.append(s("rect", { x: 4, y: 4, width: 116, height: 22, rx: 4, fill: "#fff", stroke: "#457b9d" }), title("End your turn (done)"));
  nameEl.append(fit(label(10, 20, `Seat ${seat}${seat === view.viewer ? " (you)" : ""}${ends ? " ✓ done" : ""}`, { "font-weight": 700, "font-size": ends ? 12 : 15 }), 106));
  g.append(nameEl);
  // The running score (the final score once the game is over): scoreSeat reads only the public
  // parts of a state (rules, components, resorts, posters), which the view carries alike.
  const score = scoreSeat(view as unknown as State, seat);
  const spaces = view.posters[seat]!.side === null ? null : comps.posters[view.posters[seat]!.card]![view.posters[seat]!.side!]!.spaces;
  const scoreEl = label(10, 38, `${score.total} points${view.stage === "over" ? "" : " now"}${spaces === null ? "" : ` · ${score.filled} of ${spaces} spaces filled`}`, { "font-size": 12, "font-weight": 700, "data-score": score.total });
  scoreEl.append(s("title", {}, `attractions ${score.attractions} + poster bonus ${score.bonus} − ${score.missing} for missing spaces (${score.filled} filled)`));
  g.append(scoreEl);
  const poster = view.posters[seat]!;
  const sides = comps.posters[poster.card]!;
  const side = poster.side === null ? null : sides[poster.side];
  const bonus = (b: (typeof sides)[0]["bonus"]) => (b.per === "kind" ? `+${b.points} per ${b.kind}` : b.per === "area" ? `+${b.points} per ${b.colour} attraction` : `+${b.points} per complete area`);
  if (side) g.append(fit(label(130, 20, `Poster: ${side.name}, ${side.spaces} spaces, ${bonus(side.bonus)}`, { "font-size": 12 }), RESORT_W - 140));
  else {
    sides.forEach((sd, i) => {
      const p = s("g", { transform: `translate(${130 + i * 156},4)`, "data-poster": `${seat},${i}`, "data-target": `poster:${seat}:${i}` });
      p.append(s("rect", { width: 150, height: 34, rx: 4, fill: "#f1faee", stroke: "#457b9d" }));
      p.append(fit(label(6, 14, `${sd.name}: ${sd.spaces} spaces`, { "font-size": 11, "font-weight": 700 }), 138));
      p.append(fit(label(6, 28, bonus(sd.bonus), { "font-size": 11 }), 138));
      g.append(p);
    });
  }
  const kick = view.kickOns[seat];
  const ch = view.characters[seat];
  // Kick-ons and Characters belong to the advanced game: a Character card lies twisted once used.
  if (ch) {
    const chEl = s("g", { transform: "translate(10,46)", "data-character": seat, "data-target": `character:${seat}`, "data-twisted": String(ch.twisted) });
    chEl.append(s("rect", { width: 150, height: 22, rx: 4, fill: ch.twisted ? "#adb5bd" : "#e0c3fc", stroke: "#333", transform: ch.twisted ? "rotate(-6 75 11)" : undefined }));
    chEl.append(label(6, 16, `${CHARACTERS[ch.name]}${ch.twisted ? " (twisted)" : ""}`, { "font-size": 11 }), title(`${CHARACTERS[ch.name]}: ${CHARACTER_EFFECTS[ch.name] ?? ""}${ch.twisted ? " Twisted: used this turn, or not yet straightened." : ""}`));
    g.append(chEl);
  }
  // The Kick-on cards this seat may choose, laid out beside its Character; else the one it has.
  const offered = legal.flatMap((a) => (a.type === "chooseKickOn" && a.player === seat ? [a.kickOn] : []));
  if (offered.length > 0) {
    offered.forEach((k, i) => {
      const kg = s("g", { transform: `translate(${168 + (i % 2) * 124},${44 + Math.floor(i / 2) * 26})`, "data-kick-on-offer": k, "data-target": `kickon:${seat}:${k}` });
      kg.append(s("rect", { width: 120, height: 22, rx: 4, fill: "#fde68a", stroke: "#92400e" }), fit(label(6, 15, `Kick-on: ${KICK_ONS[k] ?? k}`, { "font-size": 11 }), 108), title(`${KICK_ONS[k] ?? k}: ${KICK_ON_EFFECTS[k] ?? ""}`));
      g.append(kg);
    });
  } else if (kick || view.rules.advanced) {
    const kickEl = label(168, 62, kick ? `Kick-on: ${KICK_ONS[kick]}` : "no Kick-on yet", { "font-size": 11, "data-kick-on": kick ?? "none" });
    if (kick) kickEl.append(title(`${KICK_ONS[kick]}: ${KICK_ON_EFFECTS[kick] ?? ""}`));
    g.append(kickEl);
  }
  const backs = view.handBacks[seat];
  // The hand count; while the visitors in the resort may be added to the hand, a click here does it.
  const collect = legal.some((a) => a.type === "collectVisitors" && a.player === seat);
  const handText = `hand: ${view.handCounts[seat]} of ${handLimit(view, seat)}${backs ? "" : `${seat === view.viewer ? " (below)" : ""}${collect ? " ← add visitors" : ""}`}`;
  const handEl = s("g", { "data-hand-count": seat, "data-target": collect ? `hand:${seat}` : undefined });
  const handW = Math.min(backs ? 88 : 180, handText.length * 6 + 10);
  if (collect) handEl.append(s("rect", { x: 5, y: 76, width: handW, height: 16, rx: 3, fill: "#fff", stroke: "#457b9d" }), title("Add the visitors in your resort to your hand"));
  handEl.append(collect ? fit(label(10, 88, handText, { "font-size": 11 }), handW - 8) : label(10, 88, handText, { "font-size": 11 }));
  g.append(handEl);
  const step = Math.min(18, (RESORT_W - 110) / Math.max(1, backs?.length ?? 1));
  (backs ?? []).forEach((b, i) => g.append(back(100 + i * step, 74, b, Math.min(16, step - 1), 20, { "data-hand-back": `${seat},${i}` })));
  KINDS.forEach((k, i) => g.append(label(60 + i * CELL_W + CELL_W / 2, GRID_Y - 4, KIND_NAMES[k], { "text-anchor": "middle", "font-size": 11, fill: "#555" })));
  AREAS.forEach((a, row) => {
    const area = s("g", { "data-area": `${seat},${a.colour}`, "data-target": `area:${seat}:${a.colour}` });
    area.append(s("rect", { x: 6, y: GRID_Y + row * CELL_H, width: 50, height: CELL_H - 4, rx: 4, fill: FILL[a.colour] }));
    area.append(label(31, GRID_Y + row * CELL_H + CELL_H / 2 + 2, a.name, { "text-anchor": "middle", "font-size": 12, "font-weight": 700 }));
    g.append(area);
    KINDS.forEach((k, col) => {
      const i = spaceIndex(a.colour, k);
      const pile = r.spaces[i]!;
      const cx = 60 + col * CELL_W;
      const cy = GRID_Y + row * CELL_H;
      const cell = s("g", { "data-space": `${seat},${i}`, "data-target": `space:${seat}:${i}` });
      cell.append(s("rect", { x: cx, y: cy, width: CELL_W - 4, height: CELL_H - 4, rx: 4, fill: AREA_TINT[a.colour], stroke: "#bbb", "stroke-dasharray": pile.length ? undefined : "4 3" }));
      const top = pile[pile.length - 1];
      if (top !== undefined) cell.append(face(cx + 2, cy + 2, comps.cards[top]!, CELL_W - 8, 48, { "pointer-events": "none" }));
      if (pile.length > 1) cell.append(label(cx + CELL_W - 8, cy + 63, `+${pile.length - 1} under`, { "text-anchor": "end", "font-size": 10, fill: "#555" }));
      r.visitors[i]!.forEach((v, slot) => {
        const vis = s("circle", { cx: cx + 9 + slot * 13, cy: cy + 60, r: 6, fill: FILL[v.colour], stroke: "#333", "data-visitor": `${seat},${i},${slot}`, "data-target": `visitor:${seat}:${i}:${slot}` });
        cell.append(vis);
      });
      g.append(cell);
    });
  });
  return g;
}

function topStrip(view: View): SVGElement {
  const comps = componentsOf(view);
  const g = s("g", { transform: "translate(10,10)" });
  g.append(fit(label(0, 14, `Deck (${view.deckCount})`, { "font-weight": 700 }), 72));
  g.append(back(0, 22, view.deckTop, 56, 80, { "data-deck": view.deckCount, "data-target": "deck" }));
  g.append(label(76, 14, `Discard (${view.discard.length})`, { "font-weight": 700 }));
  const top = view.discard[view.discard.length - 1];
  const discard = s("g", { "data-discard": top ?? "none", "data-target": "discard" });
  discard.append(s("rect", { x: 76, y: 22, width: 110, height: 80, rx: 5, fill: "#f8f9fa", stroke: "#999", "stroke-dasharray": "4 3" }));
  if (top !== undefined) discard.append(face(76, 22, comps.cards[top]!, 110, 80));
  g.append(discard);
  g.append(label(210, 14, "Station platform", { "font-weight": 700 }));
  view.platform.forEach((b, i) => g.append(back(210 + i * 62, 22, b, 56, 80, { "data-platform": i, "data-target": `platform:${i}` })));
  // Whose turn and its step; the play order (The Turn: seat 0 begins, then clockwise); the end (a completed resort).
  const order = view.resorts.map((_, p) => `Seat ${p}`).join(" → ");
  const info = [
    view.stage === "over" ? "Game over" : `Turn ${view.turns + 1}: Seat ${view.current}, ${STAGES[view.stage]}`,
    `Play order: ${order} (Seat 0 began)`,
    view.endTriggeredBy !== null ? `End triggered by Seat ${view.endTriggeredBy}: ${view.finalTurnsLeft} turns left` : "",
  ];
  info.filter(Boolean).forEach((t, i) => g.append(fit(label(480, 30 + i * 18, t, { "font-size": i === 0 ? 13 : 12, "font-weight": i === 0 ? 700 : 400 }), 2 * RESORT_W + 10 - 480)));
  g.append(label(480, 96, "Visitors: ", { "font-size": 11, fill: "#555" }));
  ["green", "red", "yellow", "tri"].forEach((c, i) => {
    g.append(s("circle", { cx: 540 + i * 60, cy: 92, r: 6, fill: FILL[c], stroke: "#333" }));
    g.append(label(550 + i * 60, 96, c === "tri" ? "special" : c, { "font-size": 11, fill: "#555" }));
  });
  return g;
}

function hand(view: View, y: number): SVGElement {
  const comps = componentsOf(view);
  const g = s("g", { transform: `translate(10,${y})`, "data-hand": view.viewer ?? "none" });
  if (view.hand === null) {
    g.append(label(0, 20, "A spectator sees no hand.", { fill: "#555" }));
    return g;
  }
  g.append(label(0, 14, `Your hand (${view.hand.length})`, { "font-weight": 700 }));
  view.hand.forEach((id, i) => g.append(face((i % 12) * 72, 22 + Math.floor(i / 12) * 78, comps.cards[id]!, 68, 72, { "data-card": id, "data-target": `card:${id}` })));
  return g;
}

function layout(view: View): { cols: number; width: number; handY: number; height: number } {
  const cols = view.players <= 2 ? 2 : 2;
  const rows = Math.ceil(view.players / cols);
  const width = Math.max(cols * (RESORT_W + 10) + 10, 880);
  const handY = TOP_H + rows * (RESORT_H + 10);
  const handRows = Math.max(1, Math.ceil((view.hand?.length ?? 0) / 12));
  return { cols, width, handY, height: handY + 30 + handRows * 78 };
}

function draw({ view, legal }: BoardInput<View, Action>): Element {
  const { cols, width, handY, height } = layout(view);
  const svg = root(width, height, { "data-board": "steam-donkey" });
  const tri = s("linearGradient", { id: "sd-tri" });
  ["#74c69d", "#e5383b", "#ffd166"].forEach((c, i) => {
    tri.append(s("stop", { offset: `${i * 33}%`, "stop-color": c }), s("stop", { offset: `${(i + 1) * 33}%`, "stop-color": c }));
  });
  svg.append(s("defs", {}, tri), s("rect", { width, height, fill: "#f4f1de" }), topStrip(view));
  for (let p = 0; p < view.players; p++) svg.append(resort(view, p, 10 + (p % cols) * (RESORT_W + 10), TOP_H + Math.floor(p / cols) * (RESORT_H + 10), legal));
  svg.append(hand(view, handY));
  return svg;
}

const from = (f: number | "deck") => (f === "deck" ? "deck" : `platform:${f}`);

function targets(a: Action, view: View): string[] {
  const me = a.player;
  switch (a.type) {
    case "choosePoster":
      return [`poster:${me}:${a.side}`];
    case "build":
    case "moveVisitors":
      return [`area:${me}:${a.colour}`];
    case "takeDiscard":
      return ["discard"];
    case "draftExtra":
      return ["deck"];
    case "buildAttraction": {
      const card = componentsOf(view).cards[a.card];
      return card ? [`card:${a.card}`, `space:${me}:${spaceIndex(a.colour, card.kind)}`] : [`card:${a.card}`];
    }
    case "pay":
      return [`card:${a.card}`];
    case "placeVisitor":
      return [from(a.from), `space:${me}:${spaceIndex(a.colour, a.kind)}`];
    case "fetchVisitor":
      return [from(a.from), `area:${me}:${a.colour}`];
    case "returnVisitor":
      return [`visitor:${me}:${spaceIndex(a.colour, a.kind)}:${a.slot}`];
    case "useCharacter":
      return [`character:${me}`];
    case "chooseKickOn":
      return [`kickon:${me}:${a.kickOn}`];
    case "collectVisitors":
      return [`hand:${me}`];
    case "done":
      return [`seat:${me}`];
    case "swapCharacter":
      return [`character:${a.seat}`];
    default:
      return [];
  }
}

function chooserLabel(a: Action, view: View): string {
  const cards = componentsOf(view).cards;
  switch (a.type) {
    case "build":
      return `build in the ${a.colour} area`;
    case "moveVisitors":
      return `move visitors with the ${a.colour} transport`;
    case "buildAttraction":
      return `build ${cards[a.card]?.name ?? "it"} in the ${a.colour} area`;
    case "placeVisitor":
      return `place it on the ${a.colour} ${a.kind}`;
    case "fetchVisitor":
      return `fetch it to hand with the ${a.colour} transport`;
    case "useCharacter":
      return `use the Character${a.colour ? ` (${a.colour})` : ""}`;
    case "swapCharacter":
      return `swap Characters with seat ${a.seat}${a.colour ? ` (${a.colour})` : ""}`;
    default:
      return a.type;
  }
}

/** Steam Donkey's board. */
export const steamDonkeyBoard: Board<View, Action> = {
  game: "steam-donkey",
  draw,
  targets,
  label: chooserLabel,
  phase: (view) => (view.stage === "over" ? "Game over" : `Turn ${view.turns + 1}, seat ${view.current}: ${STAGES[view.stage]}${view.turn.main ? ` (${view.turn.main}${view.turn.colours.length ? ` ${view.turn.colours.join(", ")}` : ""})` : ""}`),
};

/**
 * Draws Steam Donkey from a seat's view and legal actions into `container` and reports the action the
 * person clicks through `input.onAction`. Call it again with the new view after every move.
 */
export function drawSteamDonkey(container: Element, input: MountInput<View, Action>): HTMLElement {
  return mountBoard(container, steamDonkeyBoard, input);
}

export { mountBoard, boardShare, boardStyles, installStyles } from "./index.js";
export type { Board, BoardInput, MountInput } from "./index.js";
