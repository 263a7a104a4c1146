import { RulesError, canonicalJson, cloneJson } from "@rules/core";
import {
  AMUSEMENT_PARK,
  apply,
  defaultComponents,
  game,
  initialState,
  legalActions,
  outcome,
  playerView,
  type Action,
  type MapData,
  type State,
} from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { stateProblems } from "../../packages/age-of-steam-exp/src/problems.js";
import { whyUnclearable } from "../../packages/age-of-steam-exp/src/amusement.js";
import type { Color } from "../../packages/age-of-steam-exp/src/data.js";
import { refused, run } from "./helpers.js";

// One scenario per clause of the expansion rulebook's "Amusement Park" section, on hand-made
// states; the rulebook's two worked examples (the red square) first. Attractions and planned
// links are numbered in map order: on the default board L1..L7 are 0..6, S1..S6 are 7..12, and
// P1..P17 are links 0..16.

const L = (n: number): number => n - 1;
const S = (n: number): number => 6 + n;
const P = (n: number): number => n - 1;


/** A copy of `s` changed by `patch` (a hand-made state). */
function at(s: State, patch: (t: State) => void): State {
  const t = cloneJson(s) as State;
  patch(t);
  return t;
}

const park = (difficulty: "easy" | "normal" | "hard" = "normal", seed = 1): State => initialState(seed, { players: 1, map: "amusement-park", difficulty });

/** Every link laid, the given visitors, in the move step with `action` taken and locomotive `loco`. */
function moving(s: State, visitors: Record<number, Color[]>, loco: number, action: "firstMove" | "souvenir" = "firstMove"): State {
  return at(s, (t) => {
    const p = t.park!;
    const all = p.visitors.flat();
    p.visitors = p.visitors.map(() => []);
    for (const [i, v] of Object.entries(visitors)) p.visitors[Number(i)] = [...v];
    const kept = p.visitors.flat();
    // Visitors taken off the board count as carried, so the cubes still add up.
    for (const c of all) t.outOfPlay[["red", "blue", "purple", "yellow", "black"].indexOf(c)]! += 1;
    for (const c of kept) t.outOfPlay[["red", "blue", "purple", "yellow", "black"].indexOf(c)]! -= 1;
    p.discs = t.map.park!.links.map((l) => l.icons);
    t.loco = [loco];
    // A locomotive rises at most 2 a turn (the Locomotive action and one raise in Move Goods).
    t.turn = Math.max(t.turn, Math.ceil((loco - 1) / 2) + 1);
    t.selected = [action];
    t.phase = "move";
  });
}

/**
 * A test park for the worked examples: a blue attraction X one link from the red square R, with a
 * 4-link way round (X–a–b–c–R) and a 5-link one (X–d–e–f–g–R); a–g are small attractions. One
 * visitor on each of R and X.
 */
const SQUARE: MapData = {
  ...cloneJson(AMUSEMENT_PARK),
  id: "square",
  name: "Square Test Park",
  source: "ASSUMED: a test map",
  turns: [{ players: 1, turns: 5 }],
  park: {
    ...cloneJson(AMUSEMENT_PARK.park!),
    attractions: [
      { id: "R", name: "Red Square", kind: "large", color: "red", sides: 4, pos: [0, 0] },
      { id: "X", name: "Blue Triangle", kind: "large", color: "blue", sides: 3, pos: [1, 0] },
      ..."abcdefg".split("").map((id) => ({ id, name: `Stand ${id}`, kind: "small" as const, color: null, sides: null, pos: [0, 1] as [number, number] })),
    ],
    links: [
      { id: "XR", ends: ["X", "R"], icons: 1 },
      { id: "Xa", ends: ["X", "a"], icons: 1 },
      { id: "ab", ends: ["a", "b"], icons: 1 },
      { id: "bc", ends: ["b", "c"], icons: 1 },
      { id: "cR", ends: ["c", "R"], icons: 1 },
      { id: "Xd", ends: ["X", "d"], icons: 1 },
      { id: "de", ends: ["d", "e"], icons: 1 },
      { id: "ef", ends: ["e", "f"], icons: 1 },
      { id: "fg", ends: ["f", "g"], icons: 1 },
      { id: "gR", ends: ["g", "R"], icons: 1 },
    ],
    visitors: [
      { color: "red", easy: 1, normal: 1, hard: 1 },
      { color: "blue", easy: 1, normal: 1, hard: 1 },
    ],
  },
};
const squareOptions = { players: 1, map: "square", components: { ...cloneJson(defaultComponents), maps: [SQUARE] } };
const square = (): State => initialState(7, squareOptions);
const carry = (links: number[]): Action => ({ type: "transport", player: 0, from: 1, color: "red", links });

describe("Amusement Park: the rulebook's worked examples (the red square)", () => {
  it("a red visitor one link from the red square needs a route of 4 links or more, and locomotive 4: income +4", () => {
    const s = moving(square(), { 1: ["red"] }, 3);
    refused(s, carry([0]), /Red Square has 4 sides, so a delivery there must pass at least 4 links, not 1/);
    refused(s, carry([1, 2, 3, 4]), /locomotive 3 carries a visitor over at most 3 links/);
    const four = at(s, (t) => (t.loco = [4]));
    const routes = legalActions(four).filter((a) => a.type === "transport");
    expect(routes).toEqual([carry([1, 2, 3, 4])]);
    const after = apply(four, carry([1, 2, 3, 4]));
    expect(after.income[0]).toBe(4);
    expect(after.park!.served[0]).toBe(true);
  });

  it("carried over 5 links to the red square it needs locomotive 5, and income rises by 5", () => {
    const s = moving(square(), { 1: ["red"] }, 5);
    expect(legalActions(s).filter((a) => a.type === "transport")).toEqual([carry([1, 2, 3, 4]), carry([5, 6, 7, 8, 9])]);
    expect(apply(s, carry([5, 6, 7, 8, 9])).income[0]).toBe(5);
  });
});

describe("Amusement Park: setup", () => {
  it("puts 16 / 18 / 20 visitors out: 2 on each blue and red attraction, 3 / 4 / 5 on each purple and yellow one; $10, 2 shares, income 0, locomotive 1", () => {
    for (const [difficulty, total, py] of [["easy", 16, 3], ["normal", 18, 4], ["hard", 20, 5]] as const) {
      const s = park(difficulty);
      const counts = s.park!.visitors.map((v) => v.length);
      expect(counts).toEqual([2, 2, 2, 2, 2, py, py, 0, 0, 0, 0, 0, 0]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
      expect([s.cash, s.shares, s.income, s.loco]).toEqual([[10], [2], [0], [1]]);
      expect(s.park!.visitors.flat()).not.toContain("black");
      expect(s.lastTurn).toBe(15);
      expect(stateProblems(s)).toEqual([]);
    }
  });

  it("draws the visitors' colours from the seed, and redraws from the same generator until every visitor and attraction is in reach", () => {
    expect(canonicalJson(park("hard", 42))).toBe(canonicalJson(park("hard", 42)));
    for (let seed = 0; seed < 30; seed++) expect(whyUnclearable(park("normal", seed), 0)).toBeUndefined();
    // On the test park the lone visitor on the blue triangle must be red and the one on the red
    // square blue: any other colour has nowhere to go, so the draw is repeated until they are.
    for (let seed = 0; seed < 10; seed++) expect(initialState(seed, squareOptions).park!.visitors.slice(0, 2)).toEqual([["blue"], ["red"]]);
  });

  it("refuses a park no draw can clear (an attraction out of every visitor's reach)", () => {
    const cut: MapData = { ...cloneJson(SQUARE), id: "cut", park: { ...cloneJson(SQUARE.park!), links: [{ id: "Xa", ends: ["X", "a"], icons: 1 }] } };
    expect(() => initialState(1, { players: 1, map: "cut", components: { ...cloneJson(defaultComponents), maps: [cut] } })).toThrow(/no draw of visitors/);
  });

  it("is for one player: 1 seat defaults to the park, and difficulty belongs to it (Normal by default)", () => {
    expect(initialState(3, { players: 1 }).map.id).toBe("amusement-park");
    expect(initialState(3, { players: 1 }).park!.difficulty).toBe("normal");
    expect(() => initialState(1, { players: 3, map: "amusement-park" })).toThrow(/no game length for 3 players/);
    expect(() => initialState(1, { players: 1, map: "rust-belt" })).toThrow(/Rust Belt gives no game length for 1 players/);
    expect(() => initialState(1, { players: 4, difficulty: "hard" })).toThrow(/difficulty belongs to the Amusement Park/);
  });

  it("options that name the park and leave the seats out give it its one seat (defaultPlayers)", () => {
    expect(initialState(3, { map: "amusement-park" })).toEqual(initialState(3, { players: 1 }));
    expect(initialState(3, { map: "orient-express" }).players).toBe(4);
    expect(() => initialState(1, { map: "amusement-park", players: 4 })).toThrow(/no game length for 4 players/);
    expect(() => initialState(1, { map: "nowhere" })).toThrow(/no map "nowhere"/);
  });
});

describe("Amusement Park: the solo turn (no auction, no Production, no turn order)", () => {
  it("runs shares, one action of six, discs, two transports, then income and expenses, and the next turn", () => {
    let s = park();
    expect(legalActions(s)).toEqual([{ type: "issueShare", player: 0 }, { type: "done", player: 0 }]);
    s = run(s, { type: "done", player: 0 });
    expect(s.phase).toBe("select");
    expect(legalActions(s).map((a) => (a.type === "select" ? a.action : a.type))).toEqual(["locomotive", "engineer", "urbanization", "souvenir", "firstMove", "firstBuild"]);
    refused(s, { type: "select", player: 0, action: "production" }, /Production and Turn Order are removed/);
    refused(s, { type: "bid", player: 0, amount: 1 }, /no auction/);
    s = run(s, { type: "select", player: 0, action: "firstBuild" }, { type: "done", player: 0 });
    expect(s.phase).toBe("move");
    s = run(s, { type: "pass", player: 0 });
    expect([s.phase, s.move.round]).toEqual(["move", 2]);
    s = run(s, { type: "pass", player: 0 });
    // Expenses: 2 shares + locomotive 1 = $3.
    expect([s.turn, s.phase, s.cash[0], s.selected[0]]).toEqual([2, "shares", 7, null]);
  });

  it("Locomotive raises the locomotive at once; in Move Goods it may instead be raised once, as a transport", () => {
    let s = run(park(), { type: "done", player: 0 }, { type: "select", player: 0, action: "locomotive" });
    expect(s.loco[0]).toBe(2);
    s = run(s, { type: "done", player: 0 }, { type: "raiseLoco", player: 0 });
    expect(s.loco[0]).toBe(3);
    refused(s, { type: "raiseLoco", player: 0 }, /only once per Move Goods/);
  });
});

describe("Amusement Park: track laying (discs on locomotive icons)", () => {
  const building = (action: "firstBuild" | "engineer" | "urbanization", cash = 30): State => at(park(), (t) => {
    t.phase = "build";
    t.selected = [action];
    t.cash = [cash];
  });

  it("costs $4 a disc, paid in cash, at most 2 a turn; a 3rd needs the Engineer", () => {
    const s = run(building("firstBuild"), { type: "lay", player: 0, link: P(1) }, { type: "lay", player: 0, link: P(2) });
    expect(s.cash[0]).toBe(22);
    expect(s.park!.discs.slice(0, 3)).toEqual([1, 1, 0]);
    refused(s, { type: "lay", player: 0, link: P(3) }, /at most 2 discs a turn; a 3rd \(free\) needs the Engineer/);
    expect(legalActions(s)).toEqual([{ type: "done", player: 0 }]);
    refused(building("firstBuild", 3), { type: "lay", player: 0, link: P(1) }, /a disc costs \$4, paid in cash, and you have \$3/);
  });

  it("with the Engineer lays a 3rd disc for free", () => {
    const s = run(building("engineer"), ...[1, 2, 3].map((n): Action => ({ type: "lay", player: 0, link: P(n) })));
    expect(s.cash[0]).toBe(22);
    refused(s, { type: "lay", player: 0, link: P(5) }, /at most 3 discs a turn, the Engineer's free one included/);
  });

  it("takes one disc per icon; a link is usable only when every icon has one, and a part-built link keeps its discs", () => {
    let s = run(building("firstBuild"), { type: "lay", player: 0, link: P(4) });
    expect(s.park!.discs[P(4)]).toBe(1);
    s = run(s, { type: "lay", player: 0, link: P(4) });
    refused(at(s, (t) => (t.build.count = 0)), { type: "lay", player: 0, link: P(4) }, /already has a disc on each of its 2 locomotive icons/);
    const half = at(moving(park(), { [L(4)]: ["purple"] }, 6), (t) => (t.park!.discs[P(4)] = 1));
    refused(half, { type: "transport", player: 0, from: L(4), color: "purple", links: [P(3), P(4)] }, /P4 has 1 of its 2 discs: a visitor travels only on laid track/);
    // Discs stay through the end of the turn (no opponent can take a part-built link over).
    const later = run(at(s, (t) => (t.phase = "move")), { type: "pass", player: 0 }, { type: "pass", player: 0 });
    expect(later.park!.discs[P(4)]).toBe(2);
  });
});

describe("Amusement Park: urbanization", () => {
  const urb = (): State => at(park(), (t) => {
    t.phase = "build";
    t.selected = ["urbanization"];
  });

  it("turns a small attraction into a 6-sided large attraction of the tile's colour, once per turn; it must then receive a visitor", () => {
    const s = run(urb(), { type: "urbanize", player: 0, hex: S(1), letter: "A" });
    expect(s.park!.newCity[S(1)]).toBe("A");
    refused(s, { type: "urbanize", player: 0, hex: S(2), letter: "B" }, /once per turn/);
    // A red visitor now stops at the red Popcorn Stand (6 sides) and may not pass it.
    const m = moving(s, { [L(4)]: ["red"] }, 6);
    refused(m, { type: "transport", player: 0, from: L(4), color: "red", links: [P(2), P(1)] }, /cannot pass through a large attraction of its own colour \(Popcorn Stand\)/);
    refused(m, { type: "transport", player: 0, from: L(4), color: "red", links: [P(2)] }, /Popcorn Stand has 6 sides/);
    // Every large attraction served but the new one: not cleared.
    const nearly = at(moving(s, {}, 6), (t) => (t.park!.served = t.park!.served.map((_, i) => i < 7)));
    expect(whyUnclearable(nearly, 1)).toMatch(/Popcorn Stand \(red\) has not received a visitor/);
  });

  it("needs the Urbanization action, goes on a small attraction only, with a free tile", () => {
    refused(at(urb(), (t) => (t.selected = ["engineer"])), { type: "urbanize", player: 0, hex: S(1), letter: "A" }, /only the Urbanization action/);
    refused(urb(), { type: "urbanize", player: 0, hex: L(1), letter: "A" }, /only a small attraction/);
    const used = at(run(urb(), { type: "urbanize", player: 0, hex: S(1), letter: "A" }), (t) => (t.build.urbanized = false));
    refused(used, { type: "urbanize", player: 0, hex: S(2), letter: "A" }, /new city A is already on the board, on Popcorn Stand/);
  });

  it("takes any free tile, even a colour no waiting visitor has; the park is then unclearable and lost at the end of the turn", () => {
    const s = urb();
    expect(s.park!.visitors.flat()).not.toContain("black");
    // "Place a new city tile on the circle": every free tile A–H on every circle is offered.
    const offered = legalActions(s).filter((a) => a.type === "urbanize");
    expect(offered).toHaveLength(6 * 8);
    expect(offered).toContainEqual({ type: "urbanize", player: 0, hex: S(1), letter: "C" });
    let t = run(s, { type: "urbanize", player: 0, hex: S(1), letter: "C" });
    expect(t.park!.newCity[S(1)]).toBe("C");
    expect(t.phase).toBe("build");
    // The turn goes on; its end-of-turn check finds the black Popcorn Stand unreachable.
    t = run(t, { type: "done", player: 0 }, { type: "pass", player: 0 }, { type: "pass", player: 0 });
    expect(t.phase).toBe("over");
    expect(t.park!.result).toBe("unwinnable");
    expect(whyUnclearable(t, 14)).toMatch(/Popcorn Stand \(black\) has not received a visitor and no waiting visitor can reach it/);
    expect(outcome(t)).toMatchObject({ ranks: [2], winners: [] });
    expect(legalActions(t)).toEqual([]);
  });
});

describe("Amusement Park: goods transport", () => {
  it("stops at the first large attraction of the visitor's colour: never passes one", () => {
    refused(moving(park(), { [L(2)]: ["blue"] }, 6), { type: "transport", player: 0, from: L(2), color: "blue", links: [P(7), P(8), P(17)] }, /cannot pass through a large attraction of its own colour \(Bumper Cars\)/);
  });

  it("never ends at a small attraction", () => {
    refused(moving(park(), { [L(3)]: ["red"] }, 6), { type: "transport", player: 0, from: L(3), color: "red", links: [P(11)] }, /a small attraction \(Petting Zoo\) is never a final destination/);
  });

  it("uses only laid links and at most the locomotive level", () => {
    const s = moving(park(), { [L(3)]: ["red"] }, 2);
    refused(s, { type: "transport", player: 0, from: L(3), color: "red", links: [P(17), P(8), P(7)] }, /locomotive 2 carries a visitor over at most 2 links, not 3/);
    refused(at(s, (t) => ((t.loco = [3]), (t.park!.discs[P(8)] = 0))), { type: "transport", player: 0, from: L(3), color: "red", links: [P(17), P(8), P(7)] }, /P8 has 0 of its 1 discs/);
  });

  it("allows two transports a turn; income rises by the links of each", () => {
    let s = moving(park(), { [L(3)]: ["red", "red"], [L(1)]: ["blue"] }, 3);
    const turn = s.turn;
    const t: Action = { type: "transport", player: 0, from: L(3), color: "red", links: [P(17), P(8), P(7)] };
    s = run(s, t);
    expect([s.income[0], s.move.round]).toEqual([3, 2]);
    s = run(s, t);
    expect(s.turn).toBe(turn + 1);
    // Income 6 collected, then expenses $2 shares + $3 locomotive.
    expect([s.cash[0], s.income[0]]).toEqual([10 + 6 - 5, 6]);
  });

  it("Souvenir: one transport of the turn ignores the sides minimum (links and locomotive still count), not both", () => {
    const s = moving(square(), {}, 1, "souvenir");
    const two = at(s, (t) => (t.park!.visitors[1] = ["red", "red"]));
    const after = run(two, carry([0]));
    expect([after.park!.souvenirUsed, after.income[0]]).toEqual([true, 1]);
    refused(after, carry([0]), /the Souvenir exempts only one of the turn's two transports from the sides minimum, and it is used/);
    refused(two, carry([1, 2, 3, 4]), /locomotive 1 carries a visitor over at most 1 links/);
  });
});

describe("Amusement Park: goods replenishment", () => {
  it("no new visitors enter the map: a turn's end leaves the visitors, the bag and the empty display as they were", () => {
    const s = at(moving(park("hard"), { [L(3)]: ["red"], [L(6)]: ["yellow"], [L(7)]: ["purple"] }, 1), (t) => (t.park!.served = t.park!.served.map((_, i) => i < 7)));
    const next = run(s, { type: "pass", player: 0 }, { type: "pass", player: 0 });
    expect([next.turn, next.phase]).toEqual([2, "shares"]);
    expect(next.park!.visitors).toEqual(s.park!.visitors);
    expect([next.bag, next.outOfPlay]).toEqual([s.bag, s.outOfPlay]);
    expect(next.display.flat()).toEqual([]);
    expect(next.lastRoll).toBeNull();
  });
});

describe("Amusement Park: income, expenses and the end", () => {
  it("takes the income reduction and loses the game on bankruptcy (rank 2, no winner)", () => {
    const s = at(moving(park(), { [L(3)]: ["red"] }, 1), (t) => ((t.cash = [0]), (t.income = [0]), (t.shares = [4])));
    const over = run(s, { type: "pass", player: 0 }, { type: "pass", player: 0 });
    expect([over.phase, over.park!.result, over.eliminated[0]]).toEqual(["over", "bankrupt", true]);
    expect(outcome(over)).toMatchObject({ ranks: [2], winners: [] });
    const rich = at(moving(park(), { [L(3)]: ["red"] }, 1), (t) => ((t.cash = [50]), (t.income = [15])));
    expect(run(rich, { type: "pass", player: 0 }, { type: "pass", player: 0 }).income[0]).toBe(13);
  });

  it("is cleared, and won, when every visitor is carried and every large attraction has received one", () => {
    const s = at(moving(park(), { [L(3)]: ["red"] }, 3), (t) => (t.park!.served = t.park!.served.map((_, i) => i < 7 && i !== L(2))));
    const won = run(s, { type: "transport", player: 0, from: L(3), color: "red", links: [P(17), P(8), P(7)] });
    expect([won.phase, won.park!.result]).toEqual(["over", "cleared"]);
    expect(outcome(won)).toMatchObject({ ranks: [1], winners: [0] });
    expect(legalActions(won)).toEqual([]);
    // "Small attractions (circles) are not relevant": none of the six has received a visitor.
    expect(won.park!.served.slice(S(1))).toEqual([false, false, false, false, false, false]);
  });

  it("is not cleared while a large attraction has received no visitor, even with every visitor carried", () => {
    const s = at(moving(park(), { [L(3)]: ["red"] }, 3), (t) => (t.park!.served = t.park!.served.map((_, i) => i < 6 && i !== L(2))));
    const after = run(s, { type: "transport", player: 0, from: L(3), color: "red", links: [P(17), P(8), P(7)] }, { type: "pass", player: 0 });
    expect([after.phase, after.park!.result]).toEqual(["over", "unwinnable"]);
    expect(outcome(after)).toMatchObject({ ranks: [2], winners: [] });
  });

  it("is lost after the last turn (15, ASSUMED), and as soon as more visitors wait than two transports a turn can carry", () => {
    const last = at(moving(park(), { [L(3)]: ["red"] }, 3), (t) => (t.turn = 15));
    expect(run(last, { type: "pass", player: 0 }, { type: "pass", player: 0 }).park!.result).toBe("turnLimit");
    const late = at(park(), (t) => ((t.turn = 7), (t.phase = "move"), (t.selected = ["firstMove"])));
    // 18 visitors, and turns 8..15 carry at most 16.
    expect(run(late, { type: "pass", player: 0 }, { type: "pass", player: 0 }).park!.result).toBe("unwinnable");
  });
});

describe("Amusement Park: views, log and loaded states", () => {
  it("a saved state loads back byte for byte (the map's park key kept in place: issue 20)", () => {
    let s = initialState(3, { players: 1, map: "amusement-park" });
    for (let i = 0; i < 12 && legalActions(s).length > 0; i++) {
      const saved = JSON.stringify(s);
      expect(JSON.stringify(game.loadState(JSON.parse(saved)))).toBe(saved);
      s = apply(s, legalActions(s)[0]!);
    }
  });
  it("hides nothing but the generator (visitors are drawn face up at setup)", () => {
    const s = park();
    const v = playerView(s, 0);
    expect("rng" in v).toBe(false);
    expect(v.park).toEqual(s.park);
    expect(canonicalJson(playerView(game.determinize!(s, 0, 9), 0))).toBe(canonicalJson(v));
  });

  it("describes setup, discs, transports and the end in a person's words", () => {
    const s = moving(park(), { [L(3)]: ["red"] }, 3);
    expect(game.describeEvents!(null, null, park())[0]).toMatch(/Amusement Park \(normal\), solo, at most 15 turns/);
    expect(game.describeAction!(s, { type: "transport", player: 0, from: L(3), color: "red", links: [P(17), P(8), P(7)] })).toBe(
      "You carry a red visitor Log Flume → Bumper Cars → Ice Cream Kiosk → Drop Tower (3 links: income +3)",
    );
    const b = at(park(), (t) => ((t.phase = "build"), (t.selected = ["engineer"]), (t.build.count = 2)));
    expect(game.describeAction!(b, { type: "lay", player: 0, link: P(4) })).toBe("You lay a disc on P4 (Photo Booth – Haunted Mansion) for free (Engineer): 1 of 2 icons");
  });

  it("refuses loaded states that could not arise", () => {
    const s = moving(park(), { [L(3)]: ["red"] }, 3);
    expect(stateProblems(s)).toEqual([]);
    const bad = (patch: (t: State) => void, words: RegExp): void => {
      const t = at(s, patch);
      expect(stateProblems(t).join("; ")).toMatch(words);
      expect(() => game.loadState(JSON.parse(JSON.stringify(t)))).toThrow(RulesError);
    };
    bad((t) => (t.park!.discs[P(1)] = 2), /P1 has 2 discs on 1 icons/);
    bad((t) => t.park!.visitors[L(1)]!.push("red"), /red cubes/);
    bad((t) => (t.park!.served[S(1)] = true), /never a destination/);
    bad((t) => (t.park!.result = "cleared"), /a result \(cleared\) before the end/);
    bad((t) => (t.selected = ["production"]), /production is not an Amusement Park action/);
    bad((t) => (t.players = 2), /for 1 player/);
  });

  it("validates park maps with errors that name what is wrong, and plays a park given in the options", () => {
    const broken: MapData = { ...cloneJson(SQUARE), id: "broken", park: { ...cloneJson(SQUARE.park!), links: [{ id: "XZ", ends: ["X", "Z"], icons: 1 }] } };
    expect(() => initialState(1, { players: 1, map: "broken", components: { ...cloneJson(defaultComponents), maps: [broken] } })).toThrow(/planned link XZ runs to Z, which is not an attraction of the park/);
    const noSides = cloneJson(SQUARE);
    noSides.park!.attractions[0]!.sides = null;
    expect(() => initialState(1, { players: 1, map: "square", components: { ...cloneJson(defaultComponents), maps: [noSides] } })).toThrow(/large attraction Red Square needs a colour and a number of sides/);
    expect(square().map.name).toBe("Square Test Park");
  });
});
