import { cloneJson, isRulesError, randomInt, seedRng, type RulesErrorCode } from "@rules/core";
import {
  ComponentsSchema,
  apply,
  defaultComponents,
  game,
  initialState,
  isTerminal,
  legalActions,
  outcome,
  playerView,
  scoreSeat,
  toJSONSchema,
  type Action,
  type Components,
  type State,
} from "@rules/steam-donkey";
import { describe, expect, it } from "vitest";

// ---------------------------------------------------------------------------------------------
// Helpers: a game past its setup, then hand-made zones. Every hand-made state goes through
// game.loadState, so it is one that stateProblems accepts.

type Opts = Parameters<typeof initialState>[1];

/** A game after the setup choices: every seat plays side `side` (advanced: Kick-ons in `kickOns` order of choosing). */
function started(players = 2, opts: Opts = {}, kickOns: string[] = ["feralDonkey", "castle", "bank", "mechanicalDog"]): State {
  let s = initialState(1, { players, ...opts });
  for (let p = 0; p < players; p++) s = apply(s, { type: "choosePoster", player: p, side: 0 });
  let k = 0;
  while (s.stage === "kickOn") s = apply(s, { type: "chooseKickOn", player: s.kickOnQueue[0]!, kickOn: kickOns[k++] as never });
  return s;
}

/** Ids of the cards named `name` (and of back `back`), in id order. */
function ids(s: State, name: string, back?: string): number[] {
  return (s.components ?? defaultComponents).cards.flatMap((c, i) => (c.name === name && (back === undefined || c.back === back) ? [i] : []));
}
function id(s: State, name: string, back?: string, nth = 0): number {
  const found = ids(s, name, back)[nth];
  if (found === undefined) throw new Error(`no card ${name} ${back ?? ""} #${nth}`);
  return found;
}

const SPACE = (colour: string, kind: string) => ["green", "red", "yellow"].indexOf(colour) * 4 + ["amusement", "lodging", "monument", "transport"].indexOf(kind);

/** Remove card `c` from wherever it is. */
function lift(s: State, c: number): void {
  for (const pile of [s.deck, s.discard, s.platform, ...s.hands, ...s.resorts.flatMap((r) => [...r.spaces, ...r.visitors])]) {
    const i = pile.indexOf(c);
    if (i >= 0) pile.splice(i, 1);
  }
}

interface Layout {
  hands?: Record<number, number[]>;
  platform?: number[];
  /** Cards on top of the deck, the last one on top. */
  deckTop?: number[];
  discardTop?: number[];
  /** Attractions per seat: [card, colour] stacks bottom first. */
  built?: Record<number, Array<[number, string]>>;
  visitors?: Record<number, Array<[string, string, number[]]>>;
}

/** Arrange the given cards; everything else unchanged (hands not named keep their cards). Returns the state as loadState accepts it. */
function arrange(base: State, l: Layout): State {
  const s = cloneJson(base);
  const all = [
    ...Object.values(l.hands ?? {}).flat(),
    ...(l.platform ?? []),
    ...(l.deckTop ?? []),
    ...(l.discardTop ?? []),
    ...Object.values(l.built ?? {}).flatMap((b) => b.map(([c]) => c)),
    ...Object.values(l.visitors ?? {}).flatMap((v) => v.flatMap(([, , cs]) => cs)),
  ];
  for (const c of all) lift(s, c);
  for (const [p, h] of Object.entries(l.hands ?? {})) {
    const hand = s.hands[Number(p)]!;
    s.deck.unshift(...hand.splice(0)); // the old hand goes to the bottom of the deck
    hand.push(...[...h].sort((a, b) => a - b));
  }
  if (l.platform) {
    s.deck.unshift(...s.platform.splice(0));
    s.platform.push(...l.platform);
  }
  while (s.platform.length < 4 && s.deck.length > 1) s.platform.push(s.deck.shift()!); // keep the station whole
  if (l.deckTop) s.deck.push(...l.deckTop);
  if (l.discardTop) s.discard.push(...l.discardTop);
  for (const [p, b] of Object.entries(l.built ?? {})) for (const [c, colour] of b) s.resorts[Number(p)]!.spaces[SPACE(colour, (s.components ?? defaultComponents).cards[c]!.kind)]!.push(c);
  for (const [p, v] of Object.entries(l.visitors ?? {})) for (const [colour, kind, cs] of v) s.resorts[Number(p)]!.visitors[SPACE(colour, kind)]!.push(...cs);
  return game.loadState(JSON.parse(JSON.stringify(s)));
}

function run(s: State, ...actions: Action[]): State {
  return actions.reduce((st, a) => apply(st, a), s);
}

function expectRefused(f: () => unknown, code: RulesErrorCode, words?: RegExp): void {
  try {
    f();
  } catch (e) {
    expect(isRulesError(e, code)).toBe(true);
    if (words) expect((e as Error).message).toMatch(words);
    return;
  }
  throw new Error("expected a refusal");
}

const has = (s: State, a: Action) => legalActions(s).some((x) => JSON.stringify(x) === JSON.stringify(a));
const handOf = (s: State, p: number) => s.hands[p]!;

// A hand of filler cards that play no part: Paddle Steamers and Pier Railways (transports).
function filler(s: State, n: number, skip: number[] = []): number[] {
  const pool = [...ids(s, "Tram"), ...ids(s, "Horse Omnibus"), ...ids(s, "Park Railway")].filter((x) => !skip.includes(x));
  return pool.slice(0, n);
}

// ---------------------------------------------------------------------------------------------

describe("Components", () => {
  it("has 104 playing cards as two identical 52-card packs, 8 posters and the four Kick-on/Character cards", () => {
    expect(defaultComponents.cards).toHaveLength(104);
    expect(defaultComponents.cards.slice(0, 52)).toEqual(defaultComponents.cards.slice(52));
    expect(defaultComponents.posters).toHaveLength(8);
    expect(defaultComponents.pairings.find((p) => p.kickOn === "feralDonkey")!.character).toBe("donkeyBoy");
    const pier = defaultComponents.cards.find((c) => c.name === "Pier")!;
    expect(pier).toMatchObject({ kind: "monument", cost: 4 });
    expect(defaultComponents.cards.find((c) => c.name === "Bandstand")).toMatchObject({ colour: "green", capacity: 2 });
    expect(defaultComponents.cards.find((c) => c.name === "Hotel")).toMatchObject({ colour: "green", kind: "lodging", capacity: 3 });
    expect(defaultComponents.posters[0]![0]).toMatchObject({ name: "Brighton", spaces: 10, bonus: { per: "kind", kind: "monument", points: 3 } });
  });
});

describe("Setup", () => {
  it("deals one poster of a different design to each seat; each chooses a side (an action, in any order) before any card is dealt", () => {
    const s = initialState(5, { players: 4 });
    expect(s.stage).toBe("poster");
    expect(new Set(s.posters.map((p) => JSON.stringify((s.components ?? defaultComponents).posters[p.card]))).size).toBe(4);
    expect(s.hands.flat()).toHaveLength(0);
    expect(game.activePlayers(s)).toEqual([0, 1, 2, 3]);
    const t = run(s, { type: "choosePoster", player: 2, side: 1 });
    expect(t.posters[2]!.side).toBe(1);
    expect(game.activePlayers(t)).toEqual([0, 1, 3]);
    expectRefused(() => apply(t, { type: "choosePoster", player: 2, side: 0 }), "NOT_YOUR_TURN");
  });

  it("basic: then eight cards each, the deck's top card turned up as the discard, four visitors face down on the platform, seat 0 starts", () => {
    const s = started(3);
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8]);
    expect(s.discard).toHaveLength(1);
    expect(s.platform).toHaveLength(4);
    expect(s.deck).toHaveLength(104 - 24 - 1 - 4);
    expect(s.stage).toBe("choose");
    expect(game.activePlayers(s)).toEqual([0]);
    expect(s.kickOns).toEqual([null, null, null]);
  });

  it("advanced: Kick-ons are chosen in reverse turn order, starting right of the first player, each with its Character twisted; Castle deals twelve", () => {
    let s = initialState(2, { players: 3, advanced: true });
    for (let p = 0; p < 3; p++) s = apply(s, { type: "choosePoster", player: p, side: 0 });
    expect(s.stage).toBe("kickOn");
    expect(game.activePlayers(s)).toEqual([2]);
    s = apply(s, { type: "chooseKickOn", player: 2, kickOn: "castle" });
    expect(s.characters[2]).toEqual({ name: "princessRoyal", twisted: true });
    expect(legalActions(s).map((a) => (a as { kickOn: string }).kickOn)).toEqual(["feralDonkey", "mechanicalDog", "bank"]);
    expectRefused(() => apply(s, { type: "chooseKickOn", player: 1, kickOn: "castle" }), "ILLEGAL_ACTION", /never exchanged/);
    s = run(s, { type: "chooseKickOn", player: 1, kickOn: "feralDonkey" }, { type: "chooseKickOn", player: 0, kickOn: "bank" });
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 12]);
    expect(s.characters[1]!.name).toBe("donkeyBoy");
    // Seat 0's turn has begun: its Character untwists; the others stay twisted.
    expect(s.characters.map((c) => c!.twisted)).toEqual([false, true, true]);
  });
});

describe("The Turn", () => {
  it("one action per turn, and the same action may be taken in consecutive turns", () => {
    let s = started(2);
    s = apply(s, { type: "build", player: 0, colour: "green" });
    // "In each turn, you will usually carry out one of three actions": no second action after choosing one.
    expectRefused(() => apply(s, { type: "moveVisitors", player: 0, colour: "green" }), "ILLEGAL_ACTION", /one action per turn/);
    expectRefused(() => apply(s, { type: "takeDiscard", player: 0 }), "ILLEGAL_ACTION", /one action per turn/);
    s = run(s, { type: "done", player: 0 }, { type: "moveVisitors", player: 1, colour: "red" }, { type: "done", player: 1 });
    // "Note: You can do the same action in consecutive turns."
    expect(s.current).toBe(0);
    expect(has(s, { type: "build", player: 0, colour: "green" })).toBe(true);
    s = run(s, { type: "build", player: 0, colour: "green" }, { type: "done", player: 0 }, { type: "moveVisitors", player: 1, colour: "red" });
    expect(s.stage).toBe("move");
    expect(s.turn.colours).toEqual(["red"]);
  });
});

describe("Build new attractions in your resort", () => {
  it("the Pier costs four cards showing the monument icon, of any colour; the attraction goes in its colour's area, in its icon's space", () => {
    const base = started(2);
    const pier = id(base, "Pier");
    const monuments = [id(base, "Fountain"), id(base, "Statue"), id(base, "Lighthouse"), id(base, "Clock Tower")];
    let s = arrange(base, { hands: { 0: [pier, ...monuments] } });
    s = run(s, { type: "build", player: 0, colour: "yellow" }, { type: "buildAttraction", player: 0, card: pier, colour: "yellow" });
    expect(s.stage).toBe("pay");
    expect(s.resorts[0]!.spaces[SPACE("yellow", "monument")]).toEqual([pier]);
    for (const m of monuments) s = apply(s, { type: "pay", player: 0, card: m });
    expect(s.stage).toBe("build");
    expect(handOf(s, 0)).toEqual([]);
    // Cards paid go on the discard pile in the order chosen: the last one paid is on top.
    expect(s.discard.slice(-4)).toEqual(monuments);
  });

  it("cannot start an attraction it cannot pay for, and pays only with cards of its icon", () => {
    const base = started(2);
    const pier = id(base, "Pier");
    const three = [id(base, "Fountain"), id(base, "Statue"), id(base, "Lighthouse")];
    const hotel = id(base, "Hotel");
    let s = arrange(base, { hands: { 0: [pier, ...three, hotel] } });
    s = apply(s, { type: "build", player: 0, colour: "yellow" });
    expect(has(s, { type: "buildAttraction", player: 0, card: pier, colour: "yellow" })).toBe(false);
    expectRefused(() => apply(s, { type: "buildAttraction", player: 0, card: pier, colour: "yellow" }), "ILLEGAL_ACTION", /cannot pay for the Pier: it costs 4/);
    const lodges = [id(base, "Inn"), id(base, "Grand Hotel")].sort((a, b) => a - b);
    s = arrange(base, { hands: { 0: [hotel, ...lodges, ...three] } });
    s = run(s, { type: "build", player: 0, colour: "green" }, { type: "buildAttraction", player: 0, card: hotel, colour: "green" });
    expect(legalActions(s)).toEqual(lodges.map((card) => ({ type: "pay", player: 0, card })));
    expectRefused(() => apply(s, { type: "pay", player: 0, card: three[0]! }), "ILLEGAL_ACTION", /lodging icon/);
  });

  it("only attractions of the turn's build colour; any number of them; a free amusement costs nothing", () => {
    const base = started(2);
    const lawn = id(base, "Croquet Lawn");
    const arcade = id(base, "Penny Arcade");
    const guest = id(base, "Guesthouse", "green");
    const guest2 = id(base, "Boarding House", "red");
    let s = arrange(base, { hands: { 0: [lawn, arcade, guest, guest2] } });
    s = apply(s, { type: "build", player: 0, colour: "green" });
    expect(legalActions(s).filter((a) => a.type === "buildAttraction").map((a) => (a as { card: number }).card).sort()).toEqual([lawn, guest].sort());
    expectRefused(() => apply(s, { type: "buildAttraction", player: 0, card: arcade, colour: "red" }), "ILLEGAL_ACTION", /build green attractions, not red/);
    s = apply(s, { type: "buildAttraction", player: 0, card: lawn, colour: "green" });
    expect(s.stage).toBe("build");
    s = run(s, { type: "buildAttraction", player: 0, card: guest, colour: "green" }, { type: "pay", player: 0, card: guest2 }, { type: "done", player: 0 });
    expect(s.resorts[0]!.spaces[SPACE("green", "amusement")]).toEqual([lawn]);
    expect(s.resorts[0]!.spaces[SPACE("green", "lodging")]).toEqual([guest]);
    expect(s.current).toBe(1);
  });

  it("a second attraction in a space covers the first, which holds no visitors; never build on an attraction with visitors on it", () => {
    const base = started(2);
    const [g1, g2] = ids(base, "Guesthouse");
    const pay = [id(base, "Boarding House", undefined, 0), id(base, "Boarding House", undefined, 1)];
    const v = id(base, "Croquet Lawn");
    let s = arrange(base, { hands: { 0: [g2!, ...pay] }, built: { 0: [[g1!, "green"]] }, visitors: { 0: [["green", "lodging", [v]]] } });
    s = apply(s, { type: "build", player: 0, colour: "green" });
    expect(has(s, { type: "buildAttraction", player: 0, card: g2!, colour: "green" })).toBe(false);
    expectRefused(() => apply(s, { type: "buildAttraction", player: 0, card: g2!, colour: "green" }), "ILLEGAL_ACTION", /never build on top of an attraction that has got visitors/);
    s = arrange(base, { hands: { 0: [g2!, ...pay] }, built: { 0: [[g1!, "green"]] } });
    s = run(s, { type: "build", player: 0, colour: "green" }, { type: "buildAttraction", player: 0, card: g2!, colour: "green" }, { type: "pay", player: 0, card: pay[0]! });
    expect(s.resorts[0]!.spaces[SPACE("green", "lodging")]).toEqual([g1, g2]);
  });

  it("a covered attraction plays no further part: visitors fit the top card's icons only (a green Hotel of 3 covered by a Guesthouse of 2 takes 2)", () => {
    const base = started(2);
    const hotel = id(base, "Hotel");
    const guest = id(base, "Guesthouse", "green");
    const greens = [...ids(base, "Croquet Lawn"), ...ids(base, "Boating Lake")]; // green backs
    let s = arrange(base, { built: { 0: [[hotel, "green"], [guest, "green"]] }, platform: greens });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "green" });
    s = run(s, { type: "placeVisitor", player: 0, from: 0, colour: "green", kind: "lodging" }, { type: "placeVisitor", player: 0, from: 0, colour: "green", kind: "lodging" });
    expect(s.resorts[0]!.visitors[SPACE("green", "lodging")]).toEqual(greens.slice(0, 2));
    expect(legalActions(s).filter((a) => a.type === "placeVisitor")).toEqual([]);
    expectRefused(() => apply(s, { type: "placeVisitor", player: 0, from: 0, colour: "green", kind: "lodging" }), "ILLEGAL_ACTION", /no free visitor icon \(covered cards/);
    // The covered Hotel still scores its points at the end.
    expect(scoreSeat(s, 0).attractions).toBe(defaultComponents.cards[hotel]!.points + defaultComponents.cards[guest]!.points);
  });

  it("the Funicular Railway takes the turn's build colour, goes in that area's transport space and stays that colour's transport", () => {
    const base = started(2);
    const fun = id(base, "Funicular Railway");
    const pay = ids(base, "Tram").slice(0, 3);
    let s = arrange(base, { hands: { 0: [fun, ...pay] } });
    s = apply(s, { type: "build", player: 0, colour: "red" });
    expect(legalActions(s).filter((a) => a.type === "buildAttraction" && a.card === fun)).toEqual([{ type: "buildAttraction", player: 0, card: fun, colour: "red" }]);
    s = run(s, { type: "buildAttraction", player: 0, card: fun, colour: "red" }, ...pay.map((card) => ({ type: "pay" as const, player: 0, card })), { type: "done", player: 0 }, { type: "moveVisitors", player: 1, colour: "green" }, { type: "done", player: 1 });
    expect(s.resorts[0]!.spaces[SPACE("red", "transport")]).toEqual([fun]);
    s = apply(s, { type: "moveVisitors", player: 0, colour: "red" });
    expect(legalActions(s).some((a) => a.type === "fetchVisitor" && a.colour === "red")).toBe(true);
  });
});

describe("Move visitors from the station", () => {
  it("rulebook example: a green Bandstand (2 icons) and a green Hotel (3 icons) take up to five green visitors; extras stay in the station", () => {
    const base = started(2);
    const band = id(base, "Bandstand", "red");
    const hotel = id(base, "Hotel");
    const greens = ids(base, "Croquet Lawn").concat(ids(base, "Guesthouse", "green"), ids(base, "Boating Lake")); // green backs
    const six = greens.slice(0, 6);
    let s = arrange(base, { built: { 0: [[band, "green"], [hotel, "green"]] }, platform: six });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "green" });
    for (let i = 0; i < 5; i++) {
      const a = legalActions(s).find((x) => x.type === "placeVisitor" && x.from !== "deck")!;
      s = apply(s, a);
    }
    expect(legalActions(s).filter((a) => a.type === "placeVisitor")).toEqual([]);
    expect(s.resorts[0]!.visitors[SPACE("green", "amusement")]).toHaveLength(2);
    expect(s.resorts[0]!.visitors[SPACE("green", "lodging")]).toHaveLength(3);
    expect(s.platform).toHaveLength(1);
    s = apply(s, { type: "done", player: 0 });
    // "at least four visitors on the platform" at the end of the move.
    expect(s.platform).toHaveLength(4);
  });

  it("visitors of the chosen colour only, onto attractions of that colour (never transports); capacity counts visitors left from earlier turns", () => {
    const base = started(2);
    const inn = id(base, "Inn");
    const redBack = id(base, "Statue", "red", 0);
    const yellowBack = id(base, "Statue", "yellow", 0);
    const old = [id(base, "Tower", "red", 0), id(base, "Tower", "red", 1)];
    let s = arrange(base, { built: { 0: [[inn, "red"]] }, visitors: { 0: [["red", "lodging", old]] }, platform: [yellowBack, redBack, ...ids(base, "Pier Railway", "yellow")], deckTop: [id(base, "Marine Hotel")] });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "red" });
    expect(legalActions(s).filter((a) => a.type === "placeVisitor")).toEqual([{ type: "placeVisitor", player: 0, from: 1, colour: "red", kind: "lodging" }]);
    expectRefused(() => apply(s, { type: "placeVisitor", player: 0, from: 0, colour: "red", kind: "lodging" }), "ILLEGAL_ACTION", /That visitor is yellow, not red/);
    expectRefused(() => apply(s, { type: "placeVisitor", player: 0, from: 1, colour: "red", kind: "transport" }), "ILLEGAL_ACTION", /never placed on transport/);
    s = apply(s, { type: "placeVisitor", player: 0, from: 1, colour: "red", kind: "lodging" });
    expect(s.resorts[0]!.visitors[SPACE("red", "lodging")]).toHaveLength(3);
    expect(legalActions(s).filter((a) => a.type === "placeVisitor")).toEqual([]);
  });

  it("from the top of the deck, again and again while the next card underneath has that colour", () => {
    const base = started(2);
    const lake = id(base, "Grand Hotel");
    const reds = [id(base, "Theatre", "red", 0), id(base, "Theatre", "red", 1)];
    const green = id(base, "Winter Gardens", "green", 0);
    let s = arrange(base, { built: { 0: [[lake, "red"]] }, deckTop: [green, ...reds], platform: filler(base, 4).slice(0, 0).concat(ids(base, "Pier Railway", "yellow").slice(0, 2), ids(base, "Marine Hotel").slice(0, 2)) });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "red" });
    s = apply(s, { type: "placeVisitor", player: 0, from: "deck", colour: "red", kind: "lodging" });
    expect(has(s, { type: "placeVisitor", player: 0, from: "deck", colour: "red", kind: "lodging" })).toBe(true);
    s = apply(s, { type: "placeVisitor", player: 0, from: "deck", colour: "red", kind: "lodging" });
    // The next card is green: the good fortune ends.
    expect(legalActions(s).filter((a) => a.type === "placeVisitor")).toEqual([]);
    expect(playerView(s, 1).deckTop).toEqual({ kind: "monument", colour: "green" });
  });

  it("special visitors (three colours) count as the chosen colour", () => {
    const base = started(2);
    const hotel = id(base, "Seafront Hotel");
    const tri = id(base, "Pavilion");
    let s = arrange(base, { built: { 0: [[hotel, "yellow"]] }, platform: [tri, ...ids(base, "Tram").slice(0, 3)] });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "yellow" });
    expect(has(s, { type: "placeVisitor", player: 0, from: 0, colour: "yellow", kind: "lodging" })).toBe(true);
  });

  it("a matching transport fetches ONE visitor of any colour from the platform or the deck top, straight to hand; a covered transport fetches nothing more", () => {
    const base = started(2);
    const [t1, t2] = ids(base, "Tram");
    const yellow = id(base, "Pier", "yellow", 0);
    let s = arrange(base, { built: { 0: [[t1!, "red"], [t2!, "red"]] }, platform: [yellow, ...ids(base, "Marine Hotel"), id(base, "Hotel", undefined, 0)] });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "red" });
    const fetches = legalActions(s).filter((a) => a.type === "fetchVisitor");
    expect(fetches.map((a) => (a as { from: unknown }).from)).toEqual([0, 1, 2, 3, "deck"]);
    const before = handOf(s, 0).length;
    s = apply(s, { type: "fetchVisitor", player: 0, from: 0, colour: "red" });
    expect(handOf(s, 0)).toContain(yellow);
    expect(handOf(s, 0)).toHaveLength(before + 1);
    expect(legalActions(s).filter((a) => a.type === "fetchVisitor")).toEqual([]);
    expectRefused(() => apply(s, { type: "fetchVisitor", player: 0, from: 0, colour: "red" }), "ILLEGAL_ACTION", /already fetched its ONE visitor/);
  });

  it("the hand limit binds fetches: with twelve cards in hand a transport fetches nothing", () => {
    const base = started(2);
    const tram = id(base, "Tram");
    const twelve = base.components ? [] : [...ids(base, "Fountain"), ...ids(base, "Statue"), ...ids(base, "Lighthouse"), ...ids(base, "Observatory"), ...ids(base, "Clock Tower"), ...ids(base, "Pavilion")].slice(0, 12);
    let s = arrange(base, { hands: { 0: twelve }, built: { 0: [[tram, "red"]] } });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "red" });
    expect(legalActions(s).filter((a) => a.type === "fetchVisitor")).toEqual([]);
    expectRefused(() => apply(s, { type: "fetchVisitor", player: 0, from: 0, colour: "red" }), "ILLEGAL_ACTION", /hand is at its limit/);
  });
});

describe("Add visitors to your hand", () => {
  it("rulebook example: seven cards in hand and eight visitors: five go to hand, three chosen ones go back to the platform face down", () => {
    const base = started(2);
    const [grand, theatre, tower] = [id(base, "Grand Hotel", "red"), id(base, "Theatre", "red"), id(base, "Tower", "red")];
    const visitors = [...ids(base, "Statue"), ...ids(base, "Clock Tower"), ...ids(base, "Lighthouse")].slice(0, 8);
    const seven = [...ids(base, "Fountain"), ...ids(base, "Observatory"), ...ids(base, "Pier")].slice(0, 7);
    let s = arrange(base, {
      hands: { 0: seven },
      built: { 0: [[grand, "red"], [theatre, "red"], [tower, "red"]] },
      visitors: { 0: [["red", "lodging", visitors.slice(0, 4)], ["red", "amusement", visitors.slice(4, 7)], ["red", "monument", visitors.slice(7)]] },
    });
    s = apply(s, { type: "collectVisitors", player: 0 });
    expect(s.stage).toBe("return");
    expect(s.turn.returnsOwed).toBe(3);
    expect(handOf(s, 0)).toHaveLength(7); // "Do not look at any card face until this has been done"
    const platformBefore = s.platform.length;
    s = run(
      s,
      { type: "returnVisitor", player: 0, colour: "red", kind: "monument", slot: 0 },
      { type: "returnVisitor", player: 0, colour: "red", kind: "lodging", slot: 3 },
      { type: "returnVisitor", player: 0, colour: "red", kind: "lodging", slot: 2 },
    );
    expect(handOf(s, 0)).toHaveLength(12);
    expect(handOf(s, 0)).toEqual([...seven, ...visitors.slice(0, 2), ...visitors.slice(4, 7)].sort((a, b) => a - b));
    expect(s.platform.length).toBe(platformBefore + 3); // may leave more than four visitors on the platform
    expect(s.resorts[0]!.visitors.flat()).toEqual([]);
    expect(s.current).toBe(1);
  });
});

describe("A last resort: the top card of the discard pile", () => {
  it("goes straight to hand; the turn ends", () => {
    const base = started(2);
    const pier = id(base, "Pier");
    let s = arrange(base, { discardTop: [pier] });
    s = apply(s, { type: "takeDiscard", player: 0 });
    expect(handOf(s, 0)).toContain(pier);
    expect(s.current).toBe(1);
  });

  it("is refused over the hand limit", () => {
    const base = started(2);
    const twelve = [...ids(base, "Fountain"), ...ids(base, "Statue"), ...ids(base, "Lighthouse"), ...ids(base, "Observatory"), ...ids(base, "Clock Tower"), ...ids(base, "Pavilion")].slice(0, 12);
    const s = arrange(base, { hands: { 0: twelve } });
    expect(has(s, { type: "takeDiscard", player: 0 })).toBe(false);
    expectRefused(() => apply(s, { type: "takeDiscard", player: 0 }), "ILLEGAL_ACTION", /never contain more than 12 cards/);
  });
});

describe("The deck and the discard pile", () => {
  it("there must always be a card on the discard pile: taking the last one turns the deck's top card up", () => {
    const base = started(2);
    let s = cloneJson(base);
    s.deck.push(...s.discard.splice(0, s.discard.length - 1));
    s = game.loadState(s);
    expect(s.discard).toHaveLength(1);
    const next = s.deck[s.deck.length - 1]!;
    s = apply(s, { type: "takeDiscard", player: 0 });
    expect(s.discard).toEqual([next]);
  });

  it("an empty deck reshuffles the discard pile and turns its top card to start a new discard pile", () => {
    const base = started(2);
    const hotel = id(base, "Grand Hotel", "red");
    const last = id(base, "Tower", "red");
    const s0 = cloneJson(arrange(base, { built: { 0: [[hotel, "red"]] } }));
    // Every deck card but one goes onto the discard pile; the last deck card is a red visitor.
    lift(s0, last);
    s0.discard.push(...s0.deck.splice(0));
    s0.deck.push(last);
    const s = game.loadState(s0);
    const pile = [...s.discard];
    let t = apply(s, { type: "moveVisitors", player: 0, colour: "red" });
    t = apply(t, { type: "placeVisitor", player: 0, from: "deck", colour: "red", kind: "lodging" });
    expect(t.resorts[0]!.visitors[SPACE("red", "lodging")]).toEqual([last]);
    expect(t.discard).toHaveLength(1);
    expect(t.deck).toHaveLength(pile.length - 1);
    expect([...t.deck, ...t.discard].sort((x, y) => x - y)).toEqual([...pile].sort((x, y) => x - y));
    expect(t.deck).not.toEqual(pile.slice(0, -1)); // shuffled with the game's generator
  });

  it("deck and discard both run out: the deck stays empty and the lone discard card cannot be taken", () => {
    const base = started(2);
    const s0 = cloneJson(base);
    // Everything except one discard card goes into seat 1's resort as attractions would not fit; put them in hands and on the platform instead.
    s0.platform.push(...s0.deck.splice(0));
    s0.platform.push(...s0.discard.splice(1));
    const s = game.loadState(s0);
    expect(s.deck).toEqual([]);
    expect(has(s, { type: "takeDiscard", player: 0 })).toBe(false);
    expectRefused(() => apply(s, { type: "takeDiscard", player: 0 }), "ILLEGAL_ACTION", /discard pile must always hold a card/);
    // The turn still goes on: moving visitors is always possible.
    expect(has(s, { type: "moveVisitors", player: 0, colour: "green" })).toBe(true);
  });
});

describe("Ending the game and winning", () => {
  /** Seat `p`'s resort filled with the first `n` spaces (green amusement onward) from copies found in the deck. */
  function withSpaces(s: State, p: number, n: number): State {
    const t = cloneJson(s);
    const want: Array<[string, string]> = [];
    for (const colour of ["green", "red", "yellow"]) for (const kind of ["amusement", "lodging", "monument", "transport"]) want.push([colour, kind]);
    for (const [colour, kind] of want.slice(0, n)) {
      const cards = (t.components ?? defaultComponents).cards;
      const c = t.deck.find((x) => cards[x]!.colour === colour && cards[x]!.kind === kind)!;
      lift(t, c);
      t.resorts[p]!.spaces[SPACE(colour, kind)]!.push(c);
    }
    return t;
  }

  it("as soon as one player completes their resort every other player gets one final turn; then hands and visitors are discarded and the game ends", () => {
    let s = started(3);
    const need = s.posters.map((p) => (s.components ?? defaultComponents).posters[p.card]![p.side!].spaces);
    s = game.loadState(withSpaces(s, 1, need[1]! - 1));
    s = run(s, { type: "moveVisitors", player: 0, colour: "green" }, { type: "done", player: 0 });
    // Seat 1 fills its last space with a free amusement if it has one; otherwise place it directly.
    const t = cloneJson(s);
    const yellowTransport = t.deck.find((x) => (t.components ?? defaultComponents).cards[x]!.kind === "transport" && (t.components ?? defaultComponents).cards[x]!.colour === "yellow")!;
    lift(t, yellowTransport);
    t.resorts[1]!.spaces[SPACE("yellow", "transport")]!.push(yellowTransport);
    // Filling during seat 1's turn: the end is checked when the turn ends.
    s = game.loadState(t);
    s = run(s, { type: "moveVisitors", player: 1, colour: "red" }, { type: "done", player: 1 });
    expect(s.endTriggeredBy).toBe(1);
    expect(s.finalTurnsLeft).toBe(2);
    s = run(s, { type: "moveVisitors", player: 2, colour: "red" }, { type: "done", player: 2 });
    expect(isTerminal(s)).toBe(false);
    expect(s.current).toBe(0);
    s = run(s, { type: "moveVisitors", player: 0, colour: "red" }, { type: "done", player: 0 });
    expect(isTerminal(s)).toBe(true);
    expect(legalActions(s)).toEqual([]);
    expect(s.hands.flat()).toEqual([]);
    expectRefused(() => apply(s, { type: "done", player: 1 }), "GAME_OVER");
  });

  it("rulebook example: Weymouth (11 spaces) with ten filled loses one point; covered cards score; the poster bonus counts top cards", () => {
    let s = started(2);
    const t = cloneJson(s);
    t.posters[0] = { card: 0, side: 1 }; // Weymouth: 11 spaces, +3 per beach attraction
    t.posters[1] = { card: 1, side: 0 };
    s = withSpaces(game.loadState(t), 0, 10);
    const b = scoreSeat(s, 0);
    const cards = (s.components ?? defaultComponents).cards;
    const points = s.resorts[0]!.spaces.flat().reduce((n, c) => n + cards[c]!.points, 0);
    expect(b).toMatchObject({ filled: 10, missing: 1, attractions: points, bonus: 3 * 2 });
    expect(b.total).toBe(points + 6 - 1);
    // A covered card adds its points but no space and no bonus.
    const u = cloneJson(s);
    const extra = u.deck.find((x) => cards[x]!.colour === "yellow" && cards[x]!.kind === "amusement")!;
    lift(u, extra);
    u.resorts[0]!.spaces[SPACE("yellow", "amusement")]!.push(extra);
    expect(scoreSeat(u, 0)).toMatchObject({ filled: 10, attractions: points + cards[extra]!.points, bonus: 6 });
  });

  it("rulebook example exactly: building Weymouth (11 spaces) with neither a red transport nor a yellow monument fills ten spaces and deducts one point", () => {
    const t = cloneJson(started(2));
    t.posters[0] = { card: 0, side: 1 }; // Weymouth: 11 spaces, +3 per beach attraction
    t.posters[1] = { card: 1, side: 0 };
    const cards = defaultComponents.cards;
    let points = 0;
    for (const colour of ["green", "red", "yellow"]) {
      for (const kind of ["amusement", "lodging", "monument", "transport"]) {
        if ((colour === "red" && kind === "transport") || (colour === "yellow" && kind === "monument")) continue;
        const c = t.deck.find((x) => cards[x]!.colour === colour && cards[x]!.kind === kind)!;
        lift(t, c);
        t.resorts[0]!.spaces[SPACE(colour, kind)]!.push(c);
        points += cards[c]!.points;
      }
    }
    const s = game.loadState(t);
    // Beach (yellow) attractions: amusement, lodging, transport = 3 × 3 bonus points.
    expect(scoreSeat(s, 0)).toEqual({ attractions: points, bonus: 9, missing: 1, total: points + 9 - 1, filled: 10 });
  });

  it("a resort filled beyond its poster scores every attraction and deducts nothing (Brighton needs 10; all 12 filled)", () => {
    const t = cloneJson(started(2));
    t.posters[0] = { card: 0, side: 0 }; // Brighton: 10 spaces, +3 per monument
    t.posters[1] = { card: 1, side: 0 };
    const cards = defaultComponents.cards;
    let points = 0;
    for (const colour of ["green", "red", "yellow"]) {
      for (const kind of ["amusement", "lodging", "monument", "transport"]) {
        const c = t.deck.find((x) => cards[x]!.colour === colour && cards[x]!.kind === kind)!;
        lift(t, c);
        t.resorts[0]!.spaces[SPACE(colour, kind)]!.push(c);
        points += cards[c]!.points;
      }
    }
    let s = game.loadState(t);
    s = run(s, { type: "moveVisitors", player: 0, colour: "green" }, { type: "done", player: 0 });
    expect(s.endTriggeredBy).toBe(0);
    s = run(s, { type: "moveVisitors", player: 1, colour: "green" }, { type: "done", player: 1 });
    expect(isTerminal(s)).toBe(true);
    expect(outcome(s)!.scores[0]).toBe(points + 3 * 3);
    expect(scoreSeat(s, 0)).toMatchObject({ filled: 12, missing: 0, bonus: 9 });
  });

  it("a tie remains a tie: every seat tied on the top score wins", () => {
    const t = cloneJson(started(3));
    t.posters = [
      { card: 0, side: 0 }, // Brighton, 10 spaces
      { card: 1, side: 0 }, // Scarborough, 10 spaces
      { card: 2, side: 1 }, // Llandudno, 11 spaces
    ];
    t.stage = "over";
    const o = outcome(t)!;
    expect(o.scores).toEqual([-10, -10, -11]);
    expect(o.winners).toEqual([0, 1]);
    expect(o.ranks).toEqual([1, 1, 3]);
  });

  it("identical attractions in the same space score once: an advanced rule, an option for the basic game", () => {
    const base = started(2);
    const [g1, g2] = ids(base, "Guesthouse");
    const s = arrange(base, { built: { 0: [[g1!, "green"], [g2!, "green"]] } });
    expect(scoreSeat(s, 0).attractions).toBe(2);
    const t = cloneJson(s);
    t.rules.identicalScoreOnce = true;
    expect(scoreSeat(t, 0).attractions).toBe(1);
    expect(started(2, { advanced: true }).rules.identicalScoreOnce).toBe(true);
    expect(started(2, { advanced: true, identicalScoreOnce: false }).rules.identicalScoreOnce).toBe(false);
  });
  it("a stalemate (reading 19: empty station, no visitors, nobody able to build) ends the game when the turn ends, with no completed resort", () => {
    const t = cloneJson(started(2));
    const cards = defaultComponents.cards;
    const fountain = id(t, "Fountain"); // a monument costing 2: a hand of one cannot pay
    const guesthouse = id(t, "Guesthouse"); // a lodging costing 1
    const last = id(t, "Croquet Lawn");
    const rest = [...t.deck, ...t.discard, ...t.platform, ...t.hands.flat()].filter((c) => ![fountain, guesthouse, last].includes(c));
    t.deck = [];
    t.platform = [];
    t.discard = [last];
    t.hands = [[fountain], [guesthouse]];
    // Seat 0 holds the amusements and lodgings, seat 1 the monuments and transports: six spaces each, no resort complete.
    for (const c of rest) {
      const card = cards[c]!;
      const seat = card.kind === "amusement" || card.kind === "lodging" ? 0 : 1;
      t.resorts[seat]!.spaces[SPACE(card.colour === "any" ? "green" : card.colour, card.kind)]!.push(c);
    }
    expectRefused(() => game.loadState(t), "INVALID_STATE", /stalemate/);
    const built = apply(t, { type: "build", player: 0, colour: "green" });
    expect(legalActions(built)).toEqual([{ type: "done", player: 0 }]);
    const end = apply(built, { type: "done", player: 0 });
    expect(isTerminal(end)).toBe(true);
    expect(end.endTriggeredBy).toBeNull();
    expect(outcome(end)!.scores).toEqual([scoreSeat(end, 0).total, scoreSeat(end, 1).total]);
    expect(game.describeEvents!(built, { type: "done", player: 0 }, end).join("\n")).toMatch(/Stalemate/);
    expect(game.loadState(JSON.parse(JSON.stringify(end)))).toEqual(end);
    // One buildable card anywhere (a free Croquet Lawn in seat 1's hand) and play goes on.
    const u = cloneJson(t);
    u.discard = [id(t, "Penny Arcade")];
    u.resorts.forEach((r) => r.spaces.forEach((st) => st.includes(u.discard[0]!) && st.splice(st.indexOf(u.discard[0]!), 1)));
    u.hands[1] = [last, guesthouse].sort((a, b) => a - b);
    const going = run(u, { type: "build", player: 0, colour: "green" }, { type: "done", player: 0 });
    expect(isTerminal(going)).toBe(false);
  });
});

describe("Advanced rules: Kick-ons", () => {
  // started(2, advanced) with the default order: seat 1 takes feralDonkey, seat 0 castle.
  it("Feral Donkey: ONE amusement card may stand in for a lodging, monument or transport card, once per attraction", () => {
    const base = started(2, { advanced: true }, ["castle", "feralDonkey"]);
    expect(base.kickOns).toEqual(["feralDonkey", "castle"]);
    const hotel = id(base, "Hotel");
    const inn = id(base, "Inn");
    const [a1, a2] = ids(base, "Carousel");
    let s = arrange(base, { hands: { 0: [hotel, inn, a1!, a2!] } });
    s = run(s, { type: "build", player: 0, colour: "green" }, { type: "buildAttraction", player: 0, card: hotel, colour: "green" });
    expect(legalActions(s).filter((a) => a.type === "pay").map((a) => (a as { card: number }).card).sort()).toEqual([inn, a1, a2].sort());
    s = apply(s, { type: "pay", player: 0, card: a1! });
    // one stand-in only: now the Inn must pay the rest
    expect(legalActions(s).filter((a) => a.type === "pay")).toEqual([{ type: "pay", player: 0, card: inn }]);
    // Without the Feral Donkey one lodging is not enough for the Hotel.
    const other = arrange(base, { hands: { 0: [hotel, inn, a1!, a2!] } });
    const t = cloneJson(other);
    t.kickOns = ["castle", "feralDonkey"];
    [t.characters[0], t.characters[1]] = [{ name: "princessRoyal", twisted: false }, { name: "donkeyBoy", twisted: true }];
    const u = apply(game.loadState(t), { type: "build", player: 0, colour: "green" });
    expect(legalActions(u).some((a) => a.type === "buildAttraction" && a.card === hotel)).toBe(false);
  });

  it("Feral Donkey once per turn (option): the second attraction of the turn gets no stand-in", () => {
    const base = started(2, { advanced: true, feralDonkeyPerTurn: true }, ["castle", "feralDonkey"]);
    const [g1, g2] = ids(base, "Guesthouse", "green");
    const hotel = id(base, "Hotel");
    const [a1, a2] = ids(base, "Carousel");
    let s = arrange(base, { hands: { 0: [g1!, hotel, a1!, a2!, id(base, "Inn")] } });
    s = run(s, { type: "build", player: 0, colour: "green" }, { type: "buildAttraction", player: 0, card: g1!, colour: "green" }, { type: "pay", player: 0, card: a1! });
    expect(s.turn.feralUsed).toBe(true);
    expect(legalActions(s).some((a) => a.type === "buildAttraction" && a.card === hotel)).toBe(false);
    void g2;
    void a2;
  });

  it("Castle: twelve cards at the start; Bank: a hand limit of fifteen", () => {
    const s = started(2, { advanced: true }, ["bank", "castle"]);
    expect(s.kickOns).toEqual(["castle", "bank"]);
    expect(playerView(s, 1).kickOns).toEqual(["castle", "bank"]); // "keeps their Kick-on face up in front of themself"
    expect(s.hands.map((h) => h.length)).toEqual([12, 8]);
    const t = cloneJson(s);
    t.hands[1]!.push(...t.deck.splice(0, 7));
    t.hands[1]!.sort((a, b) => a - b);
    expect(() => game.loadState(t)).not.toThrow(); // 15 cards with the Bank
    t.hands[0]!.push(t.deck.shift()!);
    t.hands[0]!.sort((a, b) => a - b);
    expectRefused(() => game.loadState(t), "INVALID_STATE", /over the hand limit of 12/);
  });

  it("Bank: with twelve cards its owner may still take the discard, and adds visitors up to fifteen without putting any back", () => {
    const base = started(2, { advanced: true }, ["castle", "bank"]);
    expect(base.kickOns).toEqual(["bank", "castle"]);
    const twelve = [...ids(base, "Fountain"), ...ids(base, "Statue"), ...ids(base, "Lighthouse"), ...ids(base, "Observatory")];
    expect(twelve).toHaveLength(12);
    const hotel = id(base, "Hydropathic Hotel");
    const three = ids(base, "Bathing Machine").slice(0, 3);
    const s = arrange(base, { hands: { 0: twelve }, built: { 0: [[hotel, "green"]] }, visitors: { 0: [["green", "lodging", three]] } });
    expect(has(s, { type: "takeDiscard", player: 0 })).toBe(true);
    const t = apply(s, { type: "collectVisitors", player: 0 });
    expect(handOf(t, 0)).toEqual([...twelve, ...three].sort((a, b) => a - b));
    expect(t.platform).toEqual(s.platform);
    expect(t.current).toBe(1);
    // Without the Bank the same collect puts all three back.
    const u = cloneJson(s);
    u.kickOns = ["castle", "bank"];
    [u.characters[0], u.characters[1]] = [{ name: "princessRoyal", twisted: false }, { name: "lordAdmiral", twisted: true }];
    const v = apply(game.loadState(u), { type: "collectVisitors", player: 0 });
    expect(v.turn.returnsOwed).toBe(3);
  });

  it("Mechanical Dog: before moving visitors, MAY draft three extra cards onto the platform; the move follows", () => {
    const s = started(2, { advanced: true }, ["castle", "mechanicalDog"]);
    expect(s.kickOns[0]).toBe("mechanicalDog");
    expect(has(s, { type: "draftExtra", player: 0 })).toBe(true);
    const t = apply(s, { type: "draftExtra", player: 0 });
    expect(t.platform).toHaveLength(s.platform.length + 3);
    expect(t.stage).toBe("afterDog");
    expect(legalActions(t).filter((a) => a.type !== "useCharacter" && a.type !== "swapCharacter").map((a) => a.type)).toEqual(["moveVisitors", "moveVisitors", "moveVisitors"]);
    expectRefused(() => apply(t, { type: "build", player: 0, colour: "red" }), "ILLEGAL_ACTION", /must move visitors/);
  });
});

describe("Advanced rules: Characters", () => {
  it("start twisted, untwist at the start of their holder's turn; used only by their owner in their own turn", () => {
    const s = started(2, { advanced: true }, ["bank", "castle"]);
    // seat 0 (Castle → Princess Royal) is untwisted at its turn start; seat 1 (Bank → Lord Admiral) twisted
    expect(s.characters).toEqual([{ name: "princessRoyal", twisted: false }, { name: "lordAdmiral", twisted: true }]);
    expect(legalActions(s).some((a) => a.type === "swapCharacter")).toBe(false); // a twisted Character cannot be swapped
    const t = run(s, { type: "moveVisitors", player: 0, colour: "green" }, { type: "done", player: 0 });
    expect(t.characters[1]!.twisted).toBe(false);
    // Seat 0 did not use the Princess: it stays untwisted, and seat 1 may swap for it.
    const u = apply(t, { type: "build", player: 1, colour: "red" });
    expect(has(u, { type: "swapCharacter", player: 1, seat: 0 })).toBe(true);
  });

  it("Lord Admiral: a second build colour; Princess Royal: one card fewer per attraction (never below zero)", () => {
    const base = started(2, { advanced: true }, ["castle", "bank"]);
    expect(base.characters[0]!.name).toBe("lordAdmiral");
    const lawn = id(base, "Croquet Lawn");
    const arcade = id(base, "Penny Arcade");
    let s = arrange(base, { hands: { 0: [lawn, arcade] } });
    s = apply(s, { type: "build", player: 0, colour: "green" });
    expect(legalActions(s).filter((a) => a.type === "useCharacter")).toEqual([
      { type: "useCharacter", player: 0, colour: "red" },
      { type: "useCharacter", player: 0, colour: "yellow" },
    ]);
    s = apply(s, { type: "useCharacter", player: 0, colour: "red" });
    expect(s.turn.colours).toEqual(["green", "red"]);
    expect(s.characters[0]!.twisted).toBe(true);
    expect(has(s, { type: "buildAttraction", player: 0, card: arcade, colour: "red" })).toBe(true);

    const pr = started(2, { advanced: true }, ["bank", "castle"]);
    expect(pr.characters[0]!.name).toBe("princessRoyal");
    const pier = id(pr, "Pier");
    const three = [id(pr, "Fountain"), id(pr, "Statue"), id(pr, "Lighthouse")];
    let p = arrange(pr, { hands: { 0: [pier, ...three, lawn] } });
    p = apply(p, { type: "build", player: 0, colour: "yellow" });
    expect(has(p, { type: "buildAttraction", player: 0, card: pier, colour: "yellow" })).toBe(false);
    p = apply(p, { type: "useCharacter", player: 0 });
    p = apply(p, { type: "buildAttraction", player: 0, card: pier, colour: "yellow" });
    expect(p.turn.paying!.owed).toBe(3);
    // never below zero: a free amusement stays free
    const free = arrange(pr, { hands: { 0: [id(pr, "Punch and Judy")] } });
    const f = run(free, { type: "build", player: 0, colour: "yellow" }, { type: "useCharacter", player: 0 }, { type: "buildAttraction", player: 0, card: id(pr, "Punch and Judy"), colour: "yellow" });
    expect(f.stage).toBe("build");
    expect(f.discard).toEqual(free.discard);
  });

  it("Madame Ice-cream: two visitor colours when moving visitors", () => {
    const base = started(2, { advanced: true }, ["castle", "mechanicalDog"]);
    expect(base.characters[0]!.name).toBe("madameIceCream");
    let s = apply(base, { type: "moveVisitors", player: 0, colour: "green" });
    s = apply(s, { type: "useCharacter", player: 0, colour: "yellow" });
    expect(s.turn.colours).toEqual(["green", "yellow"]);
  });

  it("Madame Ice-cream: visitors of both colours move, a three-colour visitor counts as either, and a transport of each colour fetches its ONE visitor", () => {
    const base = started(2, { advanced: true }, ["castle", "mechanicalDog"]);
    const [gLodge, yLodge, gTram, yTram] = [id(base, "Hydropathic Hotel"), id(base, "Marine Hotel"), id(base, "Park Railway"), id(base, "Pier Railway")];
    const [green, yellow, red, tri] = [id(base, "Fountain", "green"), id(base, "Bathing Machine", "yellow"), id(base, "Statue", "red"), id(base, "Pavilion")];
    let s = arrange(base, {
      built: { 0: [[gLodge, "green"], [yLodge, "yellow"], [gTram, "green"], [yTram, "yellow"]] },
      platform: [green, yellow, red, tri],
    });
    s = apply(s, { type: "moveVisitors", player: 0, colour: "green" });
    expect(has(s, { type: "placeVisitor", player: 0, from: 1, colour: "yellow", kind: "lodging" })).toBe(false);
    expect(legalActions(s).filter((a) => a.type === "fetchVisitor" && a.colour === "yellow")).toEqual([]);
    s = apply(s, { type: "useCharacter", player: 0, colour: "yellow" });
    s = run(s, { type: "placeVisitor", player: 0, from: 1, colour: "yellow", kind: "lodging" }, { type: "placeVisitor", player: 0, from: 0, colour: "green", kind: "lodging" });
    expect(s.resorts[0]!.visitors[SPACE("yellow", "lodging")]).toEqual([yellow]);
    expect(s.resorts[0]!.visitors[SPACE("green", "lodging")]).toEqual([green]);
    expect(s.platform).toEqual([red, tri]);
    expect(legalActions(s).filter((a) => a.type === "placeVisitor" && a.from === 1)).toEqual([
      { type: "placeVisitor", player: 0, from: 1, colour: "green", kind: "lodging" },
      { type: "placeVisitor", player: 0, from: 1, colour: "yellow", kind: "lodging" },
    ]);
    s = run(s, { type: "fetchVisitor", player: 0, from: 0, colour: "green" }, { type: "fetchVisitor", player: 0, from: 0, colour: "yellow" });
    expect(handOf(s, 0)).toEqual(expect.arrayContaining([red, tri]));
    expect(legalActions(s).filter((a) => a.type === "fetchVisitor")).toEqual([]);
  });

  it("Donkey Boy: takes the discard's top card before, during or after any action, within the hand limit", () => {
    const base = started(2, { advanced: true }, ["castle", "feralDonkey"]);
    expect(base.characters[0]!.name).toBe("donkeyBoy");
    const top = base.discard[base.discard.length - 1]!;
    // before
    const before = apply(base, { type: "useCharacter", player: 0 });
    expect(handOf(before, 0)).toContain(top);
    expect(before.stage).toBe("choose");
    // after: a `done` move leaves the `after` stage open for him
    const after = run(base, { type: "moveVisitors", player: 0, colour: "green" }, { type: "done", player: 0 });
    expect(after.stage).toBe("after");
    expect(legalActions(after)).toEqual([{ type: "useCharacter", player: 0 }, { type: "done", player: 0 }]);
    const ended = apply(after, { type: "useCharacter", player: 0 });
    expect(ended.current).toBe(1);
    // during a build
    const during = run(base, { type: "build", player: 0, colour: "red" }, { type: "useCharacter", player: 0 });
    expect(handOf(during, 0)).toContain(top);
    expect(during.stage).toBe("build");
    // within the hand limit
    const twelve = [...ids(base, "Fountain"), ...ids(base, "Statue"), ...ids(base, "Lighthouse"), ...ids(base, "Observatory"), ...ids(base, "Clock Tower"), ...ids(base, "Pavilion")].slice(0, 12);
    const full = arrange(base, { hands: { 0: twelve } });
    expect(legalActions(full).some((a) => a.type === "useCharacter")).toBe(false);
  });

  it("Donkey Boy: also during a move; not in the middle of paying; refusals say which rule stops him", () => {
    const base = started(2, { advanced: true }, ["castle", "feralDonkey"]);
    const top = base.discard[base.discard.length - 1]!;
    const during = run(base, { type: "moveVisitors", player: 0, colour: "green" }, { type: "useCharacter", player: 0 });
    expect(handOf(during, 0)).toContain(top);
    expect(during.stage).toBe("move");
    const hotel = id(base, "Hotel");
    const lodges = [id(base, "Inn"), id(base, "Grand Hotel")];
    let s = arrange(base, { hands: { 0: [hotel, ...lodges] } });
    s = run(s, { type: "build", player: 0, colour: "green" }, { type: "buildAttraction", player: 0, card: hotel, colour: "green" });
    expect(s.stage).toBe("pay");
    expectRefused(() => apply(s, { type: "useCharacter", player: 0 }), "ILLEGAL_ACTION", /Donkey Boy cannot be used now: .*not in the middle of paying/);
    const twelve = [...ids(base, "Fountain"), ...ids(base, "Statue"), ...ids(base, "Lighthouse"), ...ids(base, "Observatory")];
    const full = arrange(base, { hands: { 0: twelve } });
    expectRefused(() => apply(full, { type: "useCharacter", player: 0 }), "ILLEGAL_ACTION", /Donkey Boy cannot be used now: your hand may never contain more than 12 cards/);
    expectRefused(() => apply(base, { type: "useCharacter", player: 0, colour: "red" }), "ILLEGAL_ACTION", /Donkey Boy takes no colour/);
  });

  it("Characters used at the wrong moment name when they act", () => {
    const pr = started(2, { advanced: true }, ["bank", "castle"]); // seat 0: Princess Royal
    expectRefused(() => apply(pr, { type: "useCharacter", player: 0 }), "ILLEGAL_ACTION", /Princess Royal cannot be used now: she takes one card off each attraction only while you are building/);
    const mi = started(2, { advanced: true }, ["castle", "mechanicalDog"]); // seat 0: Madame Ice-cream
    const building = apply(mi, { type: "build", player: 0, colour: "red" });
    expectRefused(() => apply(building, { type: "useCharacter", player: 0, colour: "green" }), "ILLEGAL_ACTION", /Madame Ice-cream cannot be used now: she adds a second visitor colour only while you are moving visitors/);
  });

  it("swap with another player's untwisted Character, then MUST use the new one (one action); one Character action per turn", () => {
    let s = started(2, { advanced: true }, ["castle", "bank"]);
    // seat 0: Lord Admiral (Bank); seat 1: Princess Royal (Castle). Seat 0 leaves his unused.
    s = run(s, { type: "moveVisitors", player: 0, colour: "green" }, { type: "done", player: 0 });
    s = apply(s, { type: "build", player: 1, colour: "red" });
    expect(legalActions(s).filter((a) => a.type === "swapCharacter")).toEqual([
      { type: "swapCharacter", player: 1, seat: 0, colour: "green" },
      { type: "swapCharacter", player: 1, seat: 0, colour: "yellow" },
    ]);
    const kickOns = [...s.kickOns];
    s = apply(s, { type: "swapCharacter", player: 1, seat: 0, colour: "yellow" });
    expect(s.characters).toEqual([{ name: "princessRoyal", twisted: false }, { name: "lordAdmiral", twisted: true }]);
    expect(s.kickOns).toEqual(kickOns); // "Kick-ons ... are never exchanged"
    expect(s.turn.colours).toEqual(["red", "yellow"]);
    expect(legalActions(s).some((a) => a.type === "useCharacter" || a.type === "swapCharacter")).toBe(false);
    expectRefused(() => apply(s, { type: "useCharacter", player: 1, colour: "green" }), "ILLEGAL_ACTION", /already used or swapped a Character this turn/);
  });

  it("a swap is offered only when the new Character can be used now", () => {
    let s = started(2, { advanced: true }, ["castle", "bank"]);
    s = run(s, { type: "moveVisitors", player: 0, colour: "green" }, { type: "done", player: 0 });
    // Seat 1 moves visitors: the Lord Admiral (a build Character) cannot be used, so no swap.
    s = apply(s, { type: "moveVisitors", player: 1, colour: "red" });
    expect(legalActions(s).some((a) => a.type === "swapCharacter")).toBe(false);
    expectRefused(() => apply(s, { type: "swapCharacter", player: 1, seat: 0, colour: "green" }), "ILLEGAL_ACTION", /Lord Admiral cannot be used now: he adds a second colour only while you are building/);
  });
});

describe("Refusals", () => {
  it("malformed actions are INVALID_ACTION, other seats NOT_YOUR_TURN, rule breaches ILLEGAL_ACTION with the rule in words; nothing changes", () => {
    const s = started(2);
    const before = JSON.stringify(s);
    expectRefused(() => apply(s, { type: "build", player: 0, colour: "blue" } as never), "INVALID_ACTION");
    expectRefused(() => apply(s, { type: "build", player: 1, colour: "red" }), "NOT_YOUR_TURN");
    expectRefused(() => apply(s, { type: "pay", player: 0, card: 3 }), "ILLEGAL_ACTION", /Nothing is being paid for/);
    expectRefused(() => apply(s, { type: "draftExtra", player: 0 }), "ILLEGAL_ACTION", /Only the owner of the Mechanical Dog/);
    expectRefused(() => apply(s, { type: "useCharacter", player: 0 }), "ILLEGAL_ACTION", /only in the advanced game/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it("a turn step during the setup says the setup is still going on; a visitor sent to an empty space says there is no attraction there", () => {
    const s = initialState(1, { players: 2, advanced: true });
    expectRefused(() => apply(s, { type: "collectVisitors", player: 0 }), "ILLEGAL_ACTION", /^Not now: players are choosing the side of their Resort Poster$/);
    const k = run(s, { type: "choosePoster", player: 0, side: 0 }, { type: "choosePoster", player: 1, side: 0 });
    expectRefused(() => apply(k, { type: "takeDiscard", player: 1 }), "ILLEGAL_ACTION", /^Not now: players are choosing Kick-ons in reverse turn order$/);
    const base = started(2);
    const m = apply(arrange(base, { platform: ids(base, "Croquet Lawn").concat(ids(base, "Boating Lake")) }), { type: "moveVisitors", player: 0, colour: "green" });
    expectRefused(() => apply(m, { type: "placeVisitor", player: 0, from: 0, colour: "green", kind: "lodging" }), "ILLEGAL_ACTION", /You have no green lodging for the visitor to go on/);
  });

  it("bad options name the broken rule: a poster with no spaces, an unknown icon, a deck too small to deal", () => {
    const c = cloneJson(defaultComponents);
    c.posters[0]![0].spaces = 0;
    expectRefused(() => initialState(1, { players: 2, components: c }), "INVALID_OPTIONS", /at least one attraction space/);
    const d = cloneJson(defaultComponents);
    (d.cards[0] as { kind: string }).kind = "pub";
    expectRefused(() => initialState(1, { players: 2, components: d }), "INVALID_OPTIONS", /unknown attraction icon/);
    // 20 cards that still fill every space: only the deck size is wrong
    const covering = defaultComponents.cards.filter((c, i, all) => all.findIndex((o) => o.colour === c.colour && o.kind === c.kind) === i);
    const e = { ...cloneJson(defaultComponents), cards: [...covering, ...defaultComponents.cards.slice(0, 20 - covering.length)] };
    expectRefused(() => initialState(1, { players: 4, components: e }), "INVALID_OPTIONS", /too small to deal 4 hands.*at least 38/);
    const f = cloneJson(defaultComponents);
    f.pairings[1]!.character = "donkeyBoy";
    expectRefused(() => initialState(1, { players: 2, components: f }), "INVALID_OPTIONS", /each Kick-on and each Character/);
    const g = cloneJson(defaultComponents);
    (g.cards[0] as { colour: string }).colour = "any";
    expectRefused(() => initialState(1, { players: 2, components: g }), "INVALID_OPTIONS", /only a transport/);
    expect(ComponentsSchema.safeParse(defaultComponents).success).toBe(true);
  });

  it("a replacement set is used and kept in the state", () => {
    const c: Components = cloneJson(defaultComponents);
    c.cards = c.cards.slice(0, 52);
    const s = started(2, { components: c });
    expect(s.components!.cards).toHaveLength(52);
    expect(s.deck.length + s.discard.length + s.platform.length + s.hands.flat().length).toBe(52);
  });
});

describe("Hidden information", () => {
  it("a view shows backs, never faces, of the platform, visitors and the deck top; the own hand by id; other hands as sorted backs", () => {
    const s = started(3);
    const v = playerView(s, 1);
    expect(v.hand).toEqual(s.hands[1]);
    expect(v.handBacks[1]).toBeNull();
    expect(v.handBacks[0]).toHaveLength(8);
    expect(v.platform).toHaveLength(4);
    expect(v.platform[0]).toEqual({ kind: expect.any(String), colour: expect.any(String) });
    expect(JSON.stringify(v)).not.toContain(JSON.stringify(s.deck));
    expect(v.deckCount).toBe(s.deck.length);
    const hidden = playerView(started(3, { handBacksPublic: false }), 1);
    expect(hidden.handBacks).toEqual([null, null, null]);
  });

  it("determinize swaps in only faces with the same icon and back, and keeps the viewer's view", () => {
    const s = started(3);
    const d = game.determinize!(s, 0, 99);
    expect(playerView(d, 0)).toEqual(playerView(s, 0));
    expect(d.hands[0]).toEqual(s.hands[0]);
    expect(d.hands[1]).not.toEqual(s.hands[1]);
    const cards = (s.components ?? defaultComponents).cards;
    const backs = (ids: number[]) => ids.map((x) => `${cards[x]!.kind}/${cards[x]!.back}`).sort();
    expect(backs(d.hands[1]!)).toEqual(backs(s.hands[1]!));
    expect(backs(d.platform)).toEqual(backs(s.platform));
  });
});

describe("Loaded states", () => {
  it("refuses a state whose cards do not add up, a visitor on a transport, or a stage that disagrees with the turn", () => {
    const s = started(2);
    const a = cloneJson(s);
    a.deck.push(a.deck[0]!);
    expectRefused(() => game.loadState(a), "INVALID_STATE", /two places at once/);
    const b = cloneJson(s);
    b.stage = "pay";
    expectRefused(() => game.loadState(b), "INVALID_STATE", /payment is in progress only in the pay stage/);
    const c = cloneJson(s);
    const tram = id(s, "Tram");
    lift(c, tram);
    c.resorts[0]!.visitors[SPACE("red", "transport")]!.push(tram);
    expectRefused(() => game.loadState(c), "INVALID_STATE", /never placed on transport/);
    expect(toJSONSchema().state).toBeDefined();
  });
});

describe("No pass, no other end (guide clause 17)", () => {
  it("a table that never builds never ends: the first legal action every time plays on (issue 20: the guide and concepts.md agree)", () => {
    let s = initialState(1, { players: 2 });
    for (let i = 0; i < 3000; i++) s = apply(s, legalActions(s)[0]!);
    expect(isTerminal(s)).toBe(false);
    expect(s.endTriggeredBy).toBeNull();
    expect(s.resorts.every((r) => r.visitors.every((v) => v.length === 0))).toBe(true);
  });

  it("every state of such a table loads, however many turns it has played (issue 30: after 2,000,012 actions loadState refused the engine's own state)", () => {
    // The first legal action every time repeats a cycle in which only the turn count changes...
    let s = initialState(1, { players: 2 });
    const states: State[] = [];
    for (let i = 0; i < 40; i++) states.push((s = apply(s, legalActions(s)[0]!)));
    const apartFromTurns = (x: State): string => JSON.stringify({ ...x, turns: 0 });
    const i = states.findIndex((x, k) => states.slice(k + 1).some((y) => apartFromTurns(y) === apartFromTurns(x)));
    const j = states.findIndex((y, k) => k > i && apartFromTurns(y) === apartFromTurns(states[i]!));
    expect(i).toBeGreaterThanOrEqual(0);
    const actionsPerTurn = (j - i) / (states[j]!.turns - states[i]!.turns);
    // ...so any count of turns is reached: the count after 2,000,012 such actions, and the last exact one.
    const far = states[i]!.turns + Math.floor((2_000_012 - (i + 1)) / actionsPerTurn);
    for (const turns of [far, Number.MAX_SAFE_INTEGER - 1]) {
      const loaded = game.loadState(JSON.parse(JSON.stringify({ ...states[i]!, turns })));
      expect(loaded.turns).toBe(turns);
      let t = loaded;
      for (let k = 0; k < 2 * (j - i); k++) t = apply(t, legalActions(t)[0]!);
      expect(game.loadState(JSON.parse(JSON.stringify(t))).turns).toBe(Math.min(turns + 2 * (states[j]!.turns - states[i]!.turns), Number.MAX_SAFE_INTEGER));
    }
  });
});

describe("Game log", () => {
  it("tells the deal, the refills, the end being triggered and the final scoring breakdown", () => {
    let s = initialState(3, { players: 2 });
    expect(game.describeEvents!(null, null, s)[0]).toMatch(/^Seat 0 is dealt the poster /);
    const before = run(s, { type: "choosePoster", player: 0, side: 0 });
    s = apply(before, { type: "choosePoster", player: 1, side: 1 });
    const lines = game.describeEvents!(before, { type: "choosePoster", player: 1, side: 1 }, s);
    expect(lines[0]).toBe("Cards are dealt: seat 0 8, seat 1 8");
    expect(lines[1]).toMatch(/^The discard pile starts with the .*; 4 visitors go on the platform$/);
    expect(game.describeAction(s, { type: "build", player: 0, colour: "yellow" })).toBe("Seat 0 builds yellow (beach) attractions this turn");
    // play to the end at random; the last events hold the scoring
    const rng = seedRng(4);
    let last: string[] = [];
    while (!isTerminal(s)) {
      const legal = legalActions(s);
      const a = legal[randomInt(rng, 0, legal.length - 1)]!;
      const next = apply(s, a);
      last = game.describeEvents!(s, a, next);
      s = next;
    }
    expect(last).toContain("The game is over: hands and resort visitors are discarded");
    expect(last.some((l) => /^Seat 0 \(.*spaces\): attractions \d+, poster bonus \d+, missing spaces −\d+ = -?\d+$/.test(l))).toBe(true);
  });
});
