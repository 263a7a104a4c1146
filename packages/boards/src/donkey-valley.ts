/// <reference lib="dom" />
// Donkey Valley's board, drawn from a seat's view: the donkey of the round with its capacity and
// effect, each seat's load cards on it (backs while face down, faces once turned up or known to the
// viewer), favors used, calls, points and hands as counts, the first player card, and the viewer's
// own hand and contract cards, which are what a click plays.
import { defaultComponents, type Action, type Components, type View } from "@rules/donkey-valley";
import type { Board, BoardInput } from "./types.js";
import { seatLetter } from "./svg-kit.js";
import { mountBoard, type MountInput } from "./panel.js";
import { card, label, paint, root, s, tint } from "./svg.js";

/** The view's component set: `null` in the view while the game plays the default set. */
const comps = (view: View): Components => view.components ?? defaultComponents;

type Round = NonNullable<View["round"]>;
type Donkey = Round["donkey"];

const W = 960;
const H = 676;

/** The donkey cards' names and effects, as the rulebook's Donkey overview words them. */
const DONKEYS: Record<Donkey, { name: string; effect: string }> = {
  normal: { name: "Normal", effect: "No effect." },
  giant: { name: "Giant", effect: "Capacity six times the player total." },
  extraSmall: { name: "Extra small", effect: "Capacity four times the player total." },
  precision: { name: "Precision", effect: "No capacity: overloaded when highest minus lowest load is more than the spread." },
  hastily: { name: "Hastily", effect: "No favors this round." },
  holes: { name: "Holes", effect: "Each player checks one played load card before the call." },
  attacked: { name: "Attacked", effect: "The highest load card(s) are removed: their players cannot score." },
  lost: { name: "Lost", effect: "Loads go under it, set aside; it is played again from step 2 after the last donkey." },
  double: { name: "Double", effect: "Counts as two: capacity ten times the player total, two loads each." },
  stubborn: { name: "Stubborn", effect: "If more than half deny, the loads are removed unchecked." },
};

/** The stages of a round, as the rulebook's steps name them. */
const STAGES: Record<Round["stage"], string> = {
  load: "Step 1: everyone plays a load card face down",
  favor: "Step 2: favors of employees",
  peek: "Step 3: checking load cards before the call",
  call: "Step 3: approve or deny the contract",
  swap: "Favor 4: change a load card",
  adjust: "Favor 6: change the capacity",
  exchange: "Favor 8: exchange a load card",
  pick: "Favor 8: pick a load card",
};

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}

const points = (view: View, seat: number) => (view.scorePiles[seat] ?? []).reduce((n, c) => n + c.value, 0);

/** "Winner: Seat 2 (14 points)": most points, then most load cards won; a tie that stands is shared (Game end). */
function winnersText(view: View): string {
  const seats = view.scorePiles.map((_, p) => p);
  const key = (p: number) => [points(view, p), view.scorePiles[p]?.length ?? 0] as const;
  const best = seats.reduce((a, p) => {
    const [x, y] = key(p);
    const [bx, by] = key(a);
    return x > bx || (x === bx && y > by) ? p : a;
  }, 0);
  const winners = seats.filter((p) => key(p)[0] === key(best)[0] && key(p)[1] === key(best)[1]);
  return `${winners.length > 1 ? "Shared victory" : "Winner"}: ${winners.map((p) => `Seat ${p}`).join(", ")} (${plural(key(best)[0], "point")})`;
}

function donkeyCard(view: View, round: Round | null): SVGElement {
  const g = s("g", { transform: "translate(16,14)", "data-donkey": round?.donkey ?? "none" });
  g.append(s("rect", { width: 250, height: 160, rx: 10, fill: "#f4e9cd", stroke: "#7f5539", "stroke-width": 2 }));
  if (!round) {
    g.append(label(125, 85, "No donkey: the game is over", { "text-anchor": "middle" }));
    return g;
  }
  const d = DONKEYS[round.effect];
  g.append(label(14, 30, `${DONKEYS[round.donkey].name} donkey`, { "font-size": 20, "font-weight": 700 }));
  if (round.effect !== round.donkey) g.append(label(14, 48, `(acts as ${d.name}${round.lostResume ? ", resumed" : ""})`, { "font-size": 12 }));
  const cap = round.effect === "precision" ? `spread ≤ ${round.limit}` : `capacity ${round.limit}`;
  g.append(label(14, 76, cap, { "font-size": 22, "font-weight": 700, fill: "#7f5539", "data-capacity": round.limit }));
  wrap(d.effect, 34).forEach((line, i) => g.append(label(14, 102 + i * 16, line, { "font-size": 13 })));
  if (round.overloaded !== null) {
    g.append(label(236, 150, round.overloaded ? "OVERLOADED" : "within capacity", { "text-anchor": "end", "font-size": 12, "font-weight": 700, fill: round.overloaded ? "#9b2226" : "#2d6a4f" }));
  }
  return g;
}

/** Favor 6's two directions, as buttons beside the capacity. */
function capacityButtons(): SVGElement {
  const g = s("g", { transform: "translate(274,48)" });
  for (const [i, dir, sign] of [[0, "increase", "+2"], [1, "decrease", "−2"]] as const) {
    const b = s("g", { transform: `translate(0,${i * 40})`, "data-target": `capacity:${dir}`, "data-capacity-change": dir });
    b.append(s("rect", { width: 44, height: 32, rx: 6, fill: "#fff", stroke: "#7f5539" }));
    b.append(label(22, 22, sign, { "text-anchor": "middle", "font-weight": 700, "font-size": 16 }));
    g.append(b);
  }
  return g;
}

/** What each favor does (the rulebook's "Favor overview"), by its kind. */
const FAVOR_EFFECTS: Record<string, string> = {
  decideLast: "call approve or deny after every other player",
  changeLoad: "change your load card after the calls",
  adjustCapacity: "raise or lower the capacity by 2 after the calls",
  exchangeOrPick: "right call: swap load cards with a player, or pick yours first",
  checkHalf: "look at half the load cards before your call",
};

/** The effect of the favor a load value carries, or undefined. */
function favorEffect(view: View, value: number): string | undefined {
  const kind = Object.entries(comps(view).favors).find(([, v]) => v === value)?.[0];
  return kind === undefined ? undefined : FAVOR_EFFECTS[kind];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The favor overview card: each favor's value and effect (every player holds one). */
function favorOverview(view: View, x: number, y: number): SVGElement {
  const g = s("g", { transform: `translate(${x},${y})`, "data-favor-overview": "" });
  g.append(label(0, 0, "Favors (play the card face up, at most 2 a game):", { "font-size": 12, "font-weight": 700 }));
  Object.entries(comps(view).favors)
    .sort(([, a], [, b]) => a - b)
    .forEach(([kind, value], i) => g.append(label(0, 16 + i * 15, `${value}: ${FAVOR_EFFECTS[kind] ?? kind}`, { "font-size": 11.5 })));
  return g;
}

function deckAndTurn(view: View): SVGElement {
  const g = s("g", { transform: "translate(340,14)" });
  for (let i = Math.min(view.deckCount, 6) - 1; i >= 0; i--) g.append(card(i * 3, i * 3, 70, 100, undefined, { "pointer-events": "none" }));
  g.append(label(0, 124, `Donkey deck: ${view.deckCount} left`, { "font-size": 13 }));
  const over = view.round === null && view.deckCount === 0 && view.lostPending.length === 0;
  const roundText = over ? `Game over after ${plural(view.roundNumber, "round")}` : `Round ${Math.min(view.roundNumber + 1, 99)}`;
  g.append(label(0, 142, `${roundText}${view.lostPending.length > 0 ? ` · ${view.lostPending.length} Lost donkey waiting` : ""}`, { "font-size": 13, "font-weight": 700 }));
  // The step of the round (Gameplay, steps 1 to 4), or at the end who won (Game end: most points, then most cards).
  const step = view.round ? STAGES[view.round.stage] : over ? winnersText(view) : "";
  if (step) g.append(label(0, 160, step, { "font-size": 12, "data-step": "" }));
  const done = view.donkeysDone.map((d) => DONKEYS[d].name).join(", ");
  wrap(`Done: ${done || "none yet"}`, 44).forEach((line, i) => g.append(label(100, 20 + i * 16, line, { "font-size": 12, fill: "#555" })));
  const last = view.lastResult;
  if (last) {
    const loads = last.loads.flat().map((c) => c.value);
    const verdict = last.overloaded === null ? "stopped (Stubborn)" : last.overloaded ? "overloaded" : "within capacity";
    wrap(`Last round: ${DONKEYS[last.donkey].name}, loads ${loads.join("+") || "none"} = ${loads.reduce((a, b) => a + b, 0)}, ${last.effect === "precision" ? "spread" : "capacity"} ${last.limit}: ${verdict}`, 44).forEach((line, i) =>
      g.append(label(100, 76 + i * 16, line, { "font-size": 12 })),
    );
  }
  return g;
}

function seatPanel(view: View, round: Round | null, seat: number, x: number, w: number): SVGElement {
  const colour = comps(view).colours[seat];
  const acting = round?.queue[0]?.seat === seat && round.stage !== "load";
  const g = s("g", { transform: `translate(${x},196)`, "data-seat": seat });
  g.append(s("rect", { width: w - 8, height: 220, rx: 8, fill: tint(colour), stroke: acting ? "#e76f51" : "#999", "stroke-width": acting ? 4 : 1 }));
  g.append(s("circle", { cx: 16, cy: 18, r: 8, fill: paint(colour), stroke: "#333" }), label(16, 22, seatLetter(seat), { "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: colour === "yellow" || colour === "white" ? "#111" : "#fff" }));
  g.append(label(30, 23, `Seat ${seat}${seat === view.viewer ? " (you)" : ""}`, { "font-weight": 700 }));
  if (view.firstPlayer === seat) {
    g.append(s("rect", { x: w - 46, y: 6, width: 32, height: 22, rx: 3, fill: "#ffd166", stroke: "#333", "data-first-player": seat }));
    g.append(label(w - 30, 22, "1st", { "text-anchor": "middle", "font-size": 12, "font-weight": 700 }));
  }
  g.append(label(10, 46, `${plural(points(view, seat), "point")} · ${plural(view.scorePiles[seat]?.length ?? 0, "card")} won`, { "font-size": 12 }));
  g.append(label(10, 62, `hand: ${plural(view.handCounts[seat] ?? 0, "card")}`, { "font-size": 12 }));
  const favors = view.favorsUsed[seat] ?? [];
  g.append(label(10, 80, `favors used: ${favors.length} of ${comps(view).maxFavorsPerGame}`, { "font-size": 12 }));
  favors.forEach((v, i) => {
    const used = card(10 + i * 30, 86, 26, 34, String(v), { "data-favor": v }, "#fff8e1");
    used.append(s("title", {}, `Favor ${v}: ${favorEffect(view, v) ?? ""}`));
    g.append(used);
  });
  const call = round?.calls[seat];
  if (call) {
    g.append(s("rect", { x: w - 46, y: 88, width: 32, height: 32, rx: 4, fill: call === "approve" ? "#2d6a4f" : "#9b2226" }));
    g.append(label(w - 30, 111, call === "approve" ? "✓" : "✗", { "text-anchor": "middle", fill: "#fff", "font-size": 20, "font-weight": 700 }));
  }
  if (round) {
    g.append(label(10, 140, "on the donkey:", { "font-size": 12, fill: "#555" }));
    const pile = round.plays[seat]!;
    for (let slot = 0; slot < pile.count; slot++) {
      const known = pile.own?.[slot]?.value ?? round.peeks.find((p) => p.seat === seat && p.slot === slot)?.value;
      const face = known === undefined ? undefined : String(known);
      const c = card(10 + slot * 52, 148, 46, 64, face, { "data-play": `${seat},${slot}`, "data-target": `play:${seat}:${slot}`, "data-face": round.revealed ? "up" : "down" }, round.revealed ? "#fff" : "#e9f5db");
      g.append(c);
    }
  }
  return g;
}

function hand(view: View): SVGElement {
  const g = s("g", { transform: "translate(16,432)", "data-hand": view.viewer ?? "none" });
  if (view.hand === null) {
    g.append(label(0, 20, "A spectator sees no hand.", { fill: "#555" }));
    return g;
  }
  g.append(label(0, 14, "Your hand", { "font-weight": 700 }));
  view.hand.forEach((v, i) => {
    const favor = Object.values(comps(view).favors).includes(v);
    const c = card(i * 66, 24, 60, 88, String(v), { "data-card": v, "data-target": `card:${v}` });
    if (favor) {
      c.append(label(30, 80, "favor", { "text-anchor": "middle", "font-size": 11, fill: "#7f5539" }));
      c.append(s("title", {}, `Load ${v}, or the favor: ${favorEffect(view, v) ?? ""}`));
    }
    g.append(c);
  });
  // The two contract cards every player holds: approve (green check) and deny (red cross).
  const calls = s("g", { transform: `translate(${Math.max(10, view.hand.length) * 66 + 20},24)` });
  for (const [i, verdict, mark, fill] of [[0, "approve", "✓ approve", "#2d6a4f"], [1, "deny", "✗ deny", "#9b2226"]] as const) {
    const c = s("g", { transform: `translate(${i * 104},0)`, "data-call": verdict, "data-target": `call:${verdict}` });
    c.append(s("rect", { width: 96, height: 88, rx: 8, fill }));
    c.append(label(48, 50, mark, { "text-anchor": "middle", fill: "#fff", "font-size": 16, "font-weight": 700 }));
    calls.append(c);
  }
  g.append(calls);
  return g;
}

function draw({ view }: BoardInput<View, Action>): Element {
  const svg = root(W, H, { "data-board": "donkey-valley" });
  svg.append(s("rect", { width: W, height: H, fill: "#fdf8ef" }));
  const round = view.round;
  svg.append(donkeyCard(view, round));
  if (round?.stage === "adjust") svg.append(capacityButtons());
  svg.append(deckAndTurn(view));
  const w = (W - 16) / view.players;
  for (let p = 0; p < view.players; p++) svg.append(seatPanel(view, round, p, 16 + p * w, w));
  svg.append(hand(view));
  svg.append(favorOverview(view, 16, 588));
  return svg;
}

function targets(action: Action, _view: View): string[] {
  switch (action.type) {
    case "playLoad":
    case "useFavor":
      return [`card:${action.value}`];
    case "peek":
      return [`play:${action.seat}:${action.slot}`];
    case "call":
      return [`call:${action.verdict}`];
    case "swapLoad":
      return [`play:${action.player}:${action.slot}`, `card:${action.value}`];
    case "adjustCapacity":
      return [`capacity:${action.direction}`];
    case "exchangeLoad":
      return [`play:${action.player}:${action.slot}`, `play:${action.seat}:${action.targetSlot}`];
    case "pickLoad":
      return [`play:${action.seat}:${action.slot}`];
    case "pass":
      return [];
  }
}

function label_(action: Action): string {
  switch (action.type) {
    case "swapLoad":
      return `put the ${action.value} in place of load card ${action.slot + 1}`;
    case "exchangeLoad":
      return `exchange with seat ${action.seat}'s card ${action.targetSlot + 1}`;
    case "useFavor":
      return `use the ${action.value} for its favor`;
    case "playLoad":
      return `play the ${action.value} face down`;
    default:
      return action.type;
  }
}

/** Donkey Valley's board. */
export const donkeyValleyBoard: Board<View, Action> = {
  game: "donkey-valley",
  draw,
  targets,
  label: label_,
  phase: (view) => (view.round ? `Round ${view.roundNumber + 1}, ${DONKEYS[view.round.donkey].name} donkey: ${STAGES[view.round.stage]}` : "Game over"),
};

/**
 * Draws Donkey Valley from a seat's view and legal actions into `container` and reports the action the
 * person clicks through `input.onAction`. Call it again with the new view after every move.
 */
export function drawDonkeyValley(container: Element, input: MountInput<View, Action>): HTMLElement {
  return mountBoard(container, donkeyValleyBoard, input);
}

export { mountBoard, boardShare, boardStyles, installStyles } from "./index.js";
export type { Board, BoardInput, MountInput } from "./index.js";
