import type { GameEncoding, PlayerId } from "@rules/core";
import { attractions, legalTransports, parkMap, souvenirOpen, usable, walkTransport } from "./amusement.js";
import { COLORS, LETTERS, PARK_ACTIONS, type Color } from "./data.js";
import { legalActions } from "./legal.js";
import { PhaseSchema, type Action, type State, type TransportAction } from "./schema.js";
import { playerView } from "./view.js";

// Numbers for learning agents on the Amusement Park (a graph map): sizes are fixed by the park,
// A attractions and L planned links. The layout is in docs/games/age-of-steam-exp.md ("Numeric
// encoding, Amusement Park").

const SIMPLE = ["issueShare", "done", "raiseLoco", "pass"] as const;
/** Transports of one visitor colour from one attraction to one attraction: the first V in the rules' order get an index. */
export const TRANSPORT_VARIANTS = 16;
const PHASES = PhaseSchema.options;
const DIFFICULTIES = ["easy", "normal", "hard"] as const;
const RESULTS = ["cleared", "bankrupt", "turnLimit", "unwinnable"] as const;

function layout(s: State) {
  const g = s.map.park!;
  const attractionCount = g.attractions.length;
  const select = SIMPLE.length;
  const lay = select + PARK_ACTIONS.length;
  const urbanize = lay + g.links.length;
  const transport = urbanize + attractionCount * LETTERS.length;
  const count = transport + attractionCount * COLORS.length * attractionCount * TRANSPORT_VARIANTS;
  return { attractions: attractionCount, select, lay, urbanize, transport, count };
}

const groupKey = (attractionCount: number, from: number, color: Color, to: number): number => (from * COLORS.length + COLORS.indexOf(color)) * attractionCount + to;

/** The legal transports grouped by (origin, colour, destination), each group in the rules' order. */
function transportGroups(s: State, player: PlayerId): Map<number, TransportAction[]> {
  const groups = new Map<number, TransportAction[]>();
  if (player !== 0 || s.phase !== "move") return groups;
  const n = layout(s).attractions;
  for (const t of legalTransports(s)) {
    const stops = walkTransport(s, t).stops;
    const key = groupKey(n, t.from, t.color, stops[stops.length - 1]!);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(t);
  }
  return groups;
}

function encodeAction(s: State, a: Action): number {
  const l = layout(s);
  const out = (what: string): never => {
    throw new RangeError(`${a.type}: ${what} is outside the Amusement Park encoding's range`);
  };
  switch (a.type) {
    case "issueShare":
    case "done":
    case "raiseLoco":
    case "pass":
      return SIMPLE.indexOf(a.type);
    case "select": {
      const i = (PARK_ACTIONS as readonly string[]).indexOf(a.action);
      return i >= 0 ? l.select + i : out("a special action of the hex maps");
    }
    case "lay":
      return a.link < l.urbanize - l.lay ? l.lay + a.link : out("the link");
    case "urbanize":
      return a.hex < l.attractions ? l.urbanize + a.hex * LETTERS.length + LETTERS.indexOf(a.letter) : out("the attraction");
    case "transport": {
      const w = walkTransport(s, a);
      if (w.why !== undefined || a.from >= l.attractions) return out(`a transport that is no route${w.why ? ` (${w.why})` : ""}`);
      const key = groupKey(l.attractions, a.from, a.color, w.stops[w.stops.length - 1]!);
      const same = (t: TransportAction) => t.from === a.from && t.color === a.color && t.links.length === a.links.length && t.links.every((x, i) => x === a.links[i]);
      const v = (transportGroups(s, a.player).get(key) ?? []).findIndex(same);
      if (v < 0 || v >= TRANSPORT_VARIANTS) return out(v < 0 ? "a transport that is not legal now (transports are indexed among the legal ones)" : `transport variant ${v}`);
      return l.transport + key * TRANSPORT_VARIANTS + v;
    }
    default:
      return out("an action of the hex maps");
  }
}

function decodeAction(s: State, player: PlayerId, index: number): Action {
  const l = layout(s);
  if (!Number.isInteger(index) || index < 0 || index >= l.count) throw new RangeError(`action index ${index} is outside 0..${l.count - 1}`);
  if (index < l.select) return { type: SIMPLE[index]!, player };
  if (index < l.lay) return { type: "select", player, action: PARK_ACTIONS[index - l.select]! };
  if (index < l.urbanize) return { type: "lay", player, link: index - l.lay };
  if (index < l.transport) {
    const i = index - l.urbanize;
    return { type: "urbanize", player, hex: Math.floor(i / LETTERS.length), letter: LETTERS[i % LETTERS.length]! };
  }
  const i = index - l.transport;
  const key = Math.floor(i / TRANSPORT_VARIANTS);
  const t = transportGroups(s, player).get(key)?.[i % TRANSPORT_VARIANTS];
  if (t) return { ...t, links: [...t.links] };
  // No such transport now: one the rules refuse (a visitor of that colour over the first link of
  // its origin, which cannot be a legal route when no legal transport has this index).
  const from = Math.floor(key / l.attractions / COLORS.length);
  const color = COLORS[Math.floor(key / l.attractions) % COLORS.length]!;
  return { type: "transport", player, from, color, links: [parkMap(s.map).adj[from]?.[0]?.[0] ?? 0] };
}

function legalActionMask(s: State, player: PlayerId): number[] {
  const mask = new Array<number>(layout(s).count).fill(0);
  for (const a of legalActions(s, player)) {
    try {
      mask[encodeAction(s, a)] = 1;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return mask;
}

function observationSize(s: State): number {
  const g = s.map.park!;
  return 2 + PHASES.length + 4 + PARK_ACTIONS.length + 6 + DIFFICULTIES.length + RESULTS.length + COLORS.length + LETTERS.length * 2 + g.links.length * 3 + g.attractions.length * 10;
}

const colorCode = (c: Color | null | undefined): number => (c ? COLORS.indexOf(c) + 1 : 0);

/** The solo player's view as numbers (from `playerView`: only the generator is hidden). */
function encodeObservation(s: State, player: PlayerId): number[] {
  const v = playerView(s, player) as unknown as State;
  const park = v.park!;
  const g = v.map.park!;
  const out: number[] = [v.turn, v.lastTurn];
  for (const ph of PHASES) out.push(v.phase === ph ? 1 : 0);
  out.push(v.cash[0]!, v.income[0]!, v.shares[0]!, v.loco[0]!);
  for (const x of PARK_ACTIONS) out.push(v.selected[0] === x ? 1 : 0);
  out.push(v.build.count, v.build.urbanized ? 1 : 0, v.move.round, v.move.locoRaised[0] ? 1 : 0, park.souvenirUsed ? 1 : 0, souvenirOpen(v) ? 1 : 0);
  for (const d of DIFFICULTIES) out.push(park.difficulty === d ? 1 : 0);
  for (const r of RESULTS) out.push(park.result === r ? 1 : 0);
  out.push(...v.outOfPlay);
  for (const letter of LETTERS) {
    out.push(colorCode(v.newCities.find((n) => n.letter === letter)?.color), park.newCity.includes(letter) ? 1 : 0);
  }
  g.links.forEach((link, i) => out.push(park.discs[i] ?? 0, link.icons, usable(v, i) ? 1 : 0));
  attractions(v).forEach((a, i) => {
    const letter = park.newCity[i] ?? null;
    out.push(a.large ? 1 : 0, colorCode(a.color), a.sides, park.served[i] ? 1 : 0, letter === null ? 0 : LETTERS.indexOf(letter) + 1);
    for (const c of COLORS) out.push((park.visitors[i] ?? []).filter((x) => x === c).length);
  });
  return out;
}

/**
 * The Amusement Park's numeric encoding (the default park: 13,651 actions, 234 numbers); `encode.ts`
 * dispatches to it for a graph map.
 */
export const parkEncoding: GameEncoding<State, Action> = {
  observationSize,
  actionCount: (s) => layout(s).count,
  encodeObservation,
  encodeAction,
  decodeAction,
  legalActionMask,
};
