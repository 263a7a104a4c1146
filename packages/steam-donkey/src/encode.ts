import type { GameEncoding, PlayerId } from "@rules/core";
import { BackColourSchema, COLOURS, CharacterSchema, KINDS, KickOnSchema, type Bonus, type Colour, type Kind } from "./data.js";
import { legalActions } from "./legal.js";
import { componentsOf } from "./rules.js";
import { StageSchema, type Action, type Back, type State, type View } from "./schema.js";
import { playerView } from "./view.js";

// Numbers for learning agents. Sizes depend only on N, the number of cards of the component set
// (104 by default), and are laid out for the largest table (4 seats): 159 + 19N action indices
// (2,135 by default) and 907 + 17N observation numbers (2,675 by default). The layout is documented
// in docs/games/steam-donkey.md ("Numeric encoding").

const SEATS = 4;
/** `returnVisitor.slot` is 0..8 (nine visitor icons at most). */
const SLOTS = 9;
const KICK_ONS = KickOnSchema.options;
const CHARACTERS = CharacterSchema.options;
const BACK_COLOURS = BackColourSchema.options;
const STAGES = StageSchema.options;
const MAINS = ["build", "move", "collect", "discard"] as const;

// Action indices: fixed-size blocks first, then the blocks that grow with N.
const DONE = 0;
const COLLECT = 1;
const TAKE_DISCARD = 2;
const DRAFT_EXTRA = 3;
const CHOOSE_POSTER = 4;
const CHOOSE_KICK_ON = CHOOSE_POSTER + 2;
const BUILD = CHOOSE_KICK_ON + KICK_ONS.length;
const MOVE = BUILD + COLOURS.length;
const USE_CHARACTER = MOVE + COLOURS.length;
const SWAP_CHARACTER = USE_CHARACTER + 1 + COLOURS.length;
const RETURN_VISITOR = SWAP_CHARACTER + SEATS * (1 + COLOURS.length);
const BUILD_ATTRACTION = RETURN_VISITOR + COLOURS.length * KINDS.length * SLOTS;

function cardCount(s: Pick<State, "components">): number {
  return componentsOf(s).cards.length;
}

/** Where the blocks that depend on the number of cards `n` start. */
function layout(n: number) {
  const pay = BUILD_ATTRACTION + n * COLOURS.length;
  const placeVisitor = pay + n;
  const fetchVisitor = placeVisitor + (n + 1) * COLOURS.length * KINDS.length;
  return { pay, placeVisitor, fetchVisitor, count: fetchVisitor + (n + 1) * COLOURS.length };
}

/** `colour` optional: 0 for none, else 1 + its index. */
const optionalColour = (c: Colour | undefined): number => (c === undefined ? 0 : 1 + COLOURS.indexOf(c));
const colourAt = (i: number): Colour => COLOURS[i]!;
const kindAt = (i: number): Kind => KINDS[i]!;

function encodeAction(s: State, a: Action): number {
  const n = cardCount(s);
  const l = layout(n);
  const inRange = (x: number, size: number): number => {
    if (!Number.isInteger(x) || x < 0 || x >= size) throw new RangeError(`${a.type}: a field is out of the encoding's range`);
    return x;
  };
  /** A platform position 0..n-1, or the deck as n. */
  const source = (from: number | "deck"): number => (from === "deck" ? n : inRange(from, n));
  switch (a.type) {
    case "done":
      return DONE;
    case "collectVisitors":
      return COLLECT;
    case "takeDiscard":
      return TAKE_DISCARD;
    case "draftExtra":
      return DRAFT_EXTRA;
    case "choosePoster":
      return CHOOSE_POSTER + a.side;
    case "chooseKickOn":
      return CHOOSE_KICK_ON + KICK_ONS.indexOf(a.kickOn);
    case "build":
      return BUILD + COLOURS.indexOf(a.colour);
    case "moveVisitors":
      return MOVE + COLOURS.indexOf(a.colour);
    case "useCharacter":
      return USE_CHARACTER + optionalColour(a.colour);
    case "swapCharacter":
      return SWAP_CHARACTER + inRange(a.seat, SEATS) * (1 + COLOURS.length) + optionalColour(a.colour);
    case "returnVisitor":
      return RETURN_VISITOR + (COLOURS.indexOf(a.colour) * KINDS.length + KINDS.indexOf(a.kind)) * SLOTS + inRange(a.slot, SLOTS);
    case "buildAttraction":
      return BUILD_ATTRACTION + inRange(a.card, n) * COLOURS.length + COLOURS.indexOf(a.colour);
    case "pay":
      return l.pay + inRange(a.card, n);
    case "placeVisitor":
      return l.placeVisitor + (source(a.from) * COLOURS.length + COLOURS.indexOf(a.colour)) * KINDS.length + KINDS.indexOf(a.kind);
    case "fetchVisitor":
      return l.fetchVisitor + source(a.from) * COLOURS.length + COLOURS.indexOf(a.colour);
  }
}

function decodeAction(s: State, player: PlayerId, index: number): Action {
  const n = cardCount(s);
  const l = layout(n);
  if (!Number.isInteger(index) || index < 0 || index >= l.count) throw new RangeError(`action index ${index} is outside 0..${l.count - 1}`);
  const withColour = (i: number): { colour?: Colour } => (i === 0 ? {} : { colour: colourAt(i - 1) });
  const source = (i: number): number | "deck" => (i === n ? "deck" : i);
  if (index === DONE) return { type: "done", player };
  if (index === COLLECT) return { type: "collectVisitors", player };
  if (index === TAKE_DISCARD) return { type: "takeDiscard", player };
  if (index === DRAFT_EXTRA) return { type: "draftExtra", player };
  if (index < CHOOSE_KICK_ON) return { type: "choosePoster", player, side: index === CHOOSE_POSTER ? 0 : 1 };
  if (index < BUILD) return { type: "chooseKickOn", player, kickOn: KICK_ONS[index - CHOOSE_KICK_ON]! };
  if (index < MOVE) return { type: "build", player, colour: colourAt(index - BUILD) };
  if (index < USE_CHARACTER) return { type: "moveVisitors", player, colour: colourAt(index - MOVE) };
  if (index < SWAP_CHARACTER) return { type: "useCharacter", player, ...withColour(index - USE_CHARACTER) };
  if (index < RETURN_VISITOR) {
    const i = index - SWAP_CHARACTER;
    return { type: "swapCharacter", player, seat: Math.floor(i / (1 + COLOURS.length)), ...withColour(i % (1 + COLOURS.length)) };
  }
  if (index < BUILD_ATTRACTION) {
    const i = index - RETURN_VISITOR;
    const space = Math.floor(i / SLOTS);
    return { type: "returnVisitor", player, colour: colourAt(Math.floor(space / KINDS.length)), kind: kindAt(space % KINDS.length), slot: i % SLOTS };
  }
  if (index < l.pay) {
    const i = index - BUILD_ATTRACTION;
    return { type: "buildAttraction", player, card: Math.floor(i / COLOURS.length), colour: colourAt(i % COLOURS.length) };
  }
  if (index < l.placeVisitor) return { type: "pay", player, card: index - l.pay };
  if (index < l.fetchVisitor) {
    const i = index - l.placeVisitor;
    const k = i % KINDS.length;
    const rest = Math.floor(i / KINDS.length);
    return { type: "placeVisitor", player, from: source(Math.floor(rest / COLOURS.length)), colour: colourAt(rest % COLOURS.length), kind: kindAt(k) };
  }
  const i = index - l.fetchVisitor;
  return { type: "fetchVisitor", player, from: source(Math.floor(i / COLOURS.length)), colour: colourAt(i % COLOURS.length) };
}

/** 1 at the index of each of `legalActions(state, player)`. */
function legalActionMask(s: State, player: PlayerId): number[] {
  const mask = new Array<number>(layout(cardCount(s)).count).fill(0);
  for (const a of legalActions(s, player)) mask[encodeAction(s, a)] = 1;
  return mask;
}

const PER_SEAT = 53;
const PER_SPACE = 13;
const PER_CARD = 9;

function observationSize(s: State): number {
  const n = cardCount(s);
  return 28 + SEATS * PER_SEAT + SEATS * 12 * PER_SPACE + 9 + 2 + 8 * n + 30 + 2 + PER_CARD * n;
}

/**
 * Seat `player`'s view as numbers (built from `playerView`, so nothing hidden changes them); the
 * order of the blocks is documented in docs/games/steam-donkey.md ("Numeric encoding").
 */
function encodeObservation(s: State, player: PlayerId): number[] {
  const view: View = playerView(s, player);
  const components = componentsOf(view);
  const cards = components.cards;
  const n = cards.length;
  const out: number[] = [];
  const flag = (b: boolean): void => void out.push(b ? 1 : 0);
  const oneHot = <T>(options: readonly T[], value: T | null | undefined): void => {
    for (const o of options) flag(o === value);
  };
  const back = (b: Back | null | undefined): void => {
    oneHot(KINDS, b?.kind);
    oneHot(BACK_COLOURS, b?.colour);
  };
  const bonus = (b: Bonus): void => {
    oneHot(KINDS, b.per === "kind" ? b.kind : undefined);
    oneHot(COLOURS, b.per === "area" ? b.colour : undefined);
    flag(b.per === "completeArea");
  };
  const seats = Array.from({ length: SEATS }, (_, q) => q);

  // Header (28): seats in play, me, whose turn, stage, the rule readings.
  for (const q of seats) flag(q < view.players);
  for (const q of seats) flag(q === player);
  for (const q of seats) flag(q === view.current && view.stage !== "over");
  oneHot(STAGES, view.stage);
  const r = view.rules;
  for (const b of [r.advanced, r.identicalScoreOnce, r.handBacksPublic, r.feralDonkeyPerTurn, r.posterBonusCountsCovered, r.distinctPosters]) flag(b);

  // Per seat (4 × 53): hand size and its visible backs, poster, Kick-on, Character, the end.
  for (const q of seats) {
    const here = q < view.players;
    out.push(here ? view.handCounts[q]! : 0);
    const backs = here ? view.handBacks[q] : null;
    flag(backs !== null && backs !== undefined);
    for (const k of KINDS) for (const c of BACK_COLOURS) out.push(backs ? backs.filter((b) => b.kind === k && b.colour === c).length : 0);
    const poster = here ? view.posters[q] : undefined;
    oneHot([0, 1], poster?.side);
    for (const side of [0, 1] as const) {
      const p = poster === undefined ? undefined : components.posters[poster.card]?.[side];
      out.push(p?.spaces ?? 0);
      if (p) bonus(p.bonus);
      else out.push(0, 0, 0, 0, 0, 0, 0, 0);
      out.push(p?.bonus.points ?? 0);
    }
    oneHot(KICK_ONS, here ? view.kickOns[q] : null);
    flag(view.kickOnQueue.includes(q));
    flag(view.kickOnQueue[0] === q);
    const ch = here ? view.characters[q] : null;
    oneHot(CHARACTERS, ch?.name);
    flag(ch?.twisted === true);
    flag(view.endTriggeredBy === q);
    out.push(here ? view.resorts[q]!.spaces.filter((st) => st.length > 0).length : 0);
  }

  // Per seat and space (4 × 12 × 13): the stack and its top card, the visitors' backs.
  for (const q of seats) {
    const resort = q < view.players ? view.resorts[q] : undefined;
    for (let space = 0; space < 12; space++) {
      const stack = resort?.spaces[space] ?? [];
      const top = stack.length > 0 ? cards[stack[stack.length - 1]!] : undefined;
      const visitors = resort?.visitors[space] ?? [];
      out.push(stack.length, top?.points ?? 0, top?.capacity ?? 0, top?.cost ?? 0, visitors.length);
      for (const k of KINDS) out.push(visitors.filter((b) => b.kind === k).length);
      for (const c of BACK_COLOURS) out.push(visitors.filter((b) => b.colour === c).length);
    }
  }

  // The station (9 + 2 + 8N): deck size and top back, discard size, the platform's backs by position.
  out.push(view.deckCount);
  back(view.deckTop);
  out.push(view.discard.length, view.platform.length);
  for (let i = 0; i < n; i++) back(view.platform[i]);

  // The turn (30).
  const t = view.turn;
  oneHot(MAINS, t.main);
  for (const c of COLOURS) flag(t.colours.includes(c));
  flag(t.discount);
  flag(t.paying !== null);
  for (let space = 0; space < 12; space++) flag(t.paying?.space === space);
  out.push(t.paying?.owed ?? 0);
  flag(t.paying?.feral === true);
  flag(t.feralUsed);
  for (const c of COLOURS) flag(t.fetched.includes(c));
  out.push(t.returnsOwed);
  flag(t.characterDone);
  flag(t.dogUsed);
  out.push(view.finalTurnsLeft, view.turns);

  // Per card (N × 9): where each face-up card is: my hand, the discard (top, second), a resort (whose; on top).
  const where = new Array<number>(n * PER_CARD).fill(0);
  for (const id of view.hand ?? []) where[id * PER_CARD] = 1;
  view.discard.forEach((id, i) => {
    where[id * PER_CARD + 1] = 1;
    if (i === view.discard.length - 1) where[id * PER_CARD + 2] = 1;
    if (i === view.discard.length - 2) where[id * PER_CARD + 3] = 1;
  });
  view.resorts.forEach((resort, q) => {
    for (const stack of resort.spaces) {
      stack.forEach((id, i) => {
        where[id * PER_CARD + 4 + q] = 1;
        if (i === stack.length - 1) where[id * PER_CARD + 8] = 1;
      });
    }
  });
  for (const x of where) out.push(x);
  return out;
}

/** Steam Donkey's numeric encoding (sizes in the guide: 2,135 actions and 2,675 numbers with the default 104 cards). */
export const encoding: GameEncoding<State, Action> = {
  observationSize,
  actionCount: (s) => layout(cardCount(s)).count,
  encodeObservation,
  encodeAction,
  decodeAction,
  legalActionMask,
};
