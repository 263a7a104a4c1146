import { RulesError, cloneJson } from "@rules/core";
import {
  MapSchema,
  OptionsSchema,
  RUST_BELT,
  apply,
  game,
  initialState,
  legalActions,
  outcome,
  playerView,
  type Action,
  type State,
} from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { advanceTurn, incomeReduction, beginMove, collectIncomeAndExpenses, goodsGrowth } from "../../packages/age-of-steam-exp/src/phases.js";
import { network } from "../../packages/age-of-steam-exp/src/network.js";
import { stateProblems } from "../../packages/age-of-steam-exp/src/problems.js";
import { LINE, OE_LINE, atBuild, atMove, builtLine, fresh, freshOE, lay, ln, oe, rb, refused, run } from "./helpers.js";
import { freeNewCities } from "../../packages/age-of-steam-exp/src/urbanize.js";
import { compileMap } from "../../packages/age-of-steam-exp/src/map.js";
import { defaultComponents } from "@rules/age-of-steam-exp";

const build = (player: number, hex: number, tile: string, rot: number): Action => ({ type: "build", player, hex, tile, rot }) as Action;
const done = (player: number): Action => ({ type: "done", player });
const ownerAt = (s: State, hex: number): Array<number | null> => s.track.find((t) => t.hex === hex)!.paths.map((p) => p.owner);

describe("Setup", () => {
  it("gives each player $10, 2 shares, income 0 and locomotive 1, in a random first player order", () => {
    const s = initialState(7, { players: 5 });
    expect(s.cash).toEqual([10, 10, 10, 10, 10]);
    expect(s.shares).toEqual([2, 2, 2, 2, 2]);
    expect(s.income).toEqual([0, 0, 0, 0, 0]);
    expect(s.loco).toEqual([1, 1, 1, 1, 1]);
    expect([...s.order].sort()).toEqual([0, 1, 2, 3, 4]);
    const orders = new Set(Array.from({ length: 12 }, (_, i) => initialState(i, { players: 5 }).order.join()));
    expect(orders.size).toBeGreaterThan(1);
    expect(s.phase).toBe("shares");
    expect(game.activePlayers(s)).toEqual([s.order[0]]);
  });

  it("fills the goods display (12 × 3 plus A–H × 2) and Rust Belt's cities (2 each, 3 at Pittsburgh and Wheeling) from the bag of 96", () => {
    const s = initialState(3, { players: 4 });
    expect(s.cubeCounts).toEqual([20, 20, 20, 20, 16]);
    expect(s.display.map((c) => c.length)).toEqual([...Array(12).fill(3), ...Array(8).fill(2)]);
    expect(s.display.flat().every((c) => c !== null)).toBe(true);
    const byName = Object.fromEntries(RUST_BELT.cities.map((c, i) => [c.name, s.goods[i]!.length]));
    expect(byName).toMatchObject({ Pittsburgh: 3, Wheeling: 3, Chicago: 2, Toronto: 2, "Kansas City": 2 });
    const onMap = s.goods.flat().length;
    expect(onMap).toBe(26);
    expect(s.bag.reduce((a, b) => a + b, 0)).toBe(96 - 52 - 26);
    expect(stateProblems(s)).toEqual([]);
  });

  it("lasts 10, 8, 7 or 6 turns for 3, 4, 5 or 6 players on Rust Belt", () => {
    expect([3, 4, 5, 6].map((players) => initialState(1, { players }).lastTurn)).toEqual([10, 8, 7, 6]);
  });

  it("plays only black goods to black new cities: Rust Belt has no black city", () => {
    const s = builtLine();
    s.goods[0] = ["black"];
    atMove(s, 0);
    s.loco[0] = 6;
    expect(legalActions(s).filter((a) => a.type === "move")).toEqual([]);
    // Urbanize Tee with new city C (black): now Alpha's black cube has a destination.
    s.urbanized.push({ hex: ln(2), letter: "C" });
    const t = s.track.findIndex((x) => x.hex === ln(2));
    s.supply[s.track[t]!.tile as "gentle"] += 1;
    s.track.splice(t, 1);
    expect(legalActions(s).filter((a) => a.type === "move")).toEqual([{ type: "move", player: 0, from: ln(0), color: "black", route: [[ln(0), 2]] }]);
  });
});

describe("I. Issue shares", () => {
  it("gives $5 per share, at most 15 shares counting the starting 2, with no buy-back", () => {
    let s = initialState(1, { players: 3 });
    const p = s.order[0]!;
    s = apply(s, { type: "issueShare", player: p });
    expect(s.cash[p]).toBe(15);
    expect(s.shares[p]).toBe(3);
    const t = cloneJson(s);
    t.shares[p] = 15;
    expect(legalActions(t)).toEqual([{ type: "done", player: p }]);
    refused(t, { type: "issueShare", player: p }, /15/);
    s = apply(s, done(p));
    expect(game.activePlayers(s)).toEqual([s.order[1]]);
  });
});

describe("II. Determine player order (auction)", () => {
  const auction = (): State => {
    const s = fresh(4);
    s.order = [0, 1, 2, 3];
    s.cash = [20, 20, 20, 20];
    s.phase = "shares";
    s.queue = [3];
    return apply(s, done(3));
  };

  it("starts with the current first player, and bids are at least $1 more and never above cash", () => {
    const s = auction();
    expect(game.activePlayers(s)).toEqual([0]);
    const bids = legalActions(s).filter((a) => a.type === "bid").map((a) => (a as { amount: number }).amount);
    expect(bids[0]).toBe(1);
    expect(bids[bids.length - 1]).toBe(20);
    const t = apply(s, { type: "bid", player: 0, amount: 4 });
    refused(t, { type: "bid", player: 1, amount: 4 }, /at least \$1/);
    refused(t, { type: "bid", player: 1, amount: 21 }, /cash/);
  });

  it("fills seats from the back with drop-outs; 1st and 2nd pay in full, middle seats half rounded up, the first to drop out nothing", () => {
    let s = auction();
    s = run(
      s,
      { type: "bid", player: 0, amount: 1 },
      { type: "bid", player: 1, amount: 3 },
      { type: "dropOut", player: 2 },
      { type: "bid", player: 3, amount: 5 },
      { type: "dropOut", player: 0 },
      { type: "bid", player: 1, amount: 6 },
      { type: "dropOut", player: 3 },
    );
    expect(s.order).toEqual([1, 3, 0, 2]);
    expect(s.cash).toEqual([20 - 1, 20 - 6, 20, 20 - 5]);
    expect(s.phase).toBe("select");
  });

  it("skips the high bidder, so nobody bids against themselves", () => {
    let s = auction();
    s = run(s, { type: "bid", player: 0, amount: 2 }, { type: "dropOut", player: 1 }, { type: "dropOut", player: 2 });
    expect(game.activePlayers(s)).toEqual([3]);
  });

  it("lets last turn's Turn Order holder pass once, and not when only two bidders remain (option passWithTwoBidders)", () => {
    let s = auction();
    s = cloneJson(s);
    s.turnOrderPass = 1;
    s = apply(s, { type: "bid", player: 0, amount: 1 });
    expect(legalActions(s)).toContainEqual({ type: "pass", player: 1 });
    s = apply(s, { type: "pass", player: 1 });
    expect(s.cash[1]).toBe(20);
    s = run(s, { type: "bid", player: 2, amount: 2 }, { type: "bid", player: 3, amount: 3 }, { type: "bid", player: 0, amount: 4 });
    refused(s, { type: "pass", player: 1 }, /once per auction/);
    let two = cloneJson(auction());
    two.turnOrderPass = 1;
    two = run(two, { type: "dropOut", player: 0 }, { type: "bid", player: 1, amount: 1 }, { type: "dropOut", player: 2 }, { type: "bid", player: 3, amount: 2 });
    refused(two, { type: "pass", player: 1 }, /two bidders/);
    two = cloneJson(two);
    two.rules.passWithTwoBidders = true;
    expect(legalActions(two)).toContainEqual({ type: "pass", player: 1 });
  });
});

describe("III. Select actions", () => {
  it("gives each player one action, each action to one player per turn; Locomotive raises the engine at once, to at most 6", () => {
    let s = fresh(3);
    s.phase = "select";
    s.order = [0, 1, 2];
    s.queue = [0, 1, 2];
    s = apply(s, { type: "select", player: 0, action: "locomotive" });
    expect(s.loco[0]).toBe(2);
    expect(legalActions(s).map((a) => (a as { action: string }).action)).toEqual(["firstMove", "firstBuild", "engineer", "urbanization", "production", "turnOrder"]);
    refused(s, { type: "select", player: 1, action: "locomotive" }, /already taken/);
    const top = cloneJson(s);
    top.loco[1] = 6;
    top.selected[0] = "engineer";
    expect(apply(top, { type: "select", player: 1, action: "locomotive" }).loco[1]).toBe(6);
    s = run(s, { type: "select", player: 1, action: "firstBuild" }, { type: "select", player: 2, action: "engineer" });
    expect(s.phase).toBe("build");
    expect(s.queue).toEqual([1, 0, 2]);
  });
});

describe("IV. Build track", () => {
  it("costs $2 / $3 / $4 for a simple tile on plain / river / mountain", () => {
    const s = atBuild(fresh(4), 0);
    expect(apply(s, build(0, rb(7, 4), "straight", 0)).cash[0]).toBe(8);
    expect(apply(s, build(0, rb(5, 8), "straight", 0)).cash[0]).toBe(7);
    expect(apply(s, build(0, rb(17, 4), "straight", 0)).cash[0]).toBe(6);
  });

  it("costs a town $1 + $1 per exit, whatever the terrain", () => {
    const s = atBuild(fresh(4), 0);
    const one = apply(s, build(0, rb(7, 3), "town1", 3));
    expect(one.cash[0]).toBe(8);
    expect(one.track[0]!.paths).toEqual([{ a: -1, b: 3, owner: 0, turn: 1 }]);
    expect(legalActions(s)).toContainEqual(build(0, rb(5, 6), "townY", 0));
    expect(apply(s, build(0, rb(5, 6), "townY", 0)).cash[0]).toBe(6);
    expect(apply(s, build(0, rb(5, 6), "x", 0)).cash[0]).toBe(5);
  });

  it("lays a new link from a city, owned by the builder, and a town tile completes it", () => {
    let s = atBuild(fresh(4), 0);
    s = run(s, build(0, rb(7, 4), "straight", 0), build(0, rb(7, 3), "town1", 3));
    const net = network(s);
    expect(net.links).toHaveLength(1);
    expect([net.links[0]!.from, net.links[0]!.to].sort()).toEqual([rb(7, 3), rb(7, 5)].sort());
    expect(net.links[0]!.owner).toBe(0);
  });

  /** Seat 0's stub from Milwaukee: town spur SW into (6,4), then (6,4) NE–S pointing into (6,5); Chicago–(6,5)–(5,4) straight. */
  const upgradeTable = (owner: number | null = 0): State => {
    const s = atBuild(fresh(4), 0);
    lay(s, rb(7, 3), "town1", 4, owner);
    lay(s, rb(6, 4), "gentle", 3, owner);
    lay(s, rb(6, 5), "straight", 2, 1);
    return s;
  };

  it("upgrades a simple tile to a crossing tile for $3 and to a coexisting tile for $2 ($3 with coexistingUpgradeCost: 3), keeping the existing track and its owner", () => {
    const s = upgradeTable();
    const bow = apply(s, build(0, rb(6, 5), "bow", 2));
    expect(bow.cash[0]).toBe(7);
    expect(ownerAt(bow, rb(6, 5))).toEqual([0, 1]);
    expect(bow.track.find((t) => t.hex === rb(6, 5))!.paths.map((p) => [p.a, p.b])).toEqual([[0, 4], [2, 5]]);
    expect(bow.supply.straight).toBe(s.supply.straight + 1);
    expect(apply(s, build(0, rb(6, 5), "straightTight", 2)).cash[0]).toBe(8);
    const three = cloneJson(s);
    three.rules.coexistingUpgradeCost = 3;
    expect(apply(three, build(0, rb(6, 5), "straightTight", 2)).cash[0]).toBe(7);
  });

  it("redirects the loose end of the builder's own incomplete link for $2", () => {
    const s = upgradeTable();
    const r = apply(s, build(0, rb(6, 4), "straight", 1));
    expect(r.cash[0]).toBe(8);
    expect(r.track.find((t) => t.hex === rb(6, 4))!.paths).toEqual([{ a: 1, b: 4, owner: 0, turn: 1 }]);
    refused(upgradeTable(2), build(0, rb(6, 4), "straight", 1), /redirect only your own|seat 2/);
  });

  it("never extends or connects to another player's track, but an unowned stub may be extended and becomes the builder's", () => {
    refused(upgradeTable(2), build(0, rb(6, 5), "bow", 2), /seat 2's track/);
    const s = upgradeTable(null);
    const t = apply(s, build(0, rb(6, 5), "bow", 2));
    expect(ownerAt(t, rb(7, 3))).toEqual([0]);
    expect(ownerAt(t, rb(6, 4))).toEqual([0]);
  });

  it("refuses a tile that runs off the map, track on a city hex, and a link looping back to its own start", () => {
    const s = atBuild(fresh(4), 0);
    refused(s, build(0, rb(0, 9), "gentle", 5), /off the map/);
    refused(s, build(0, rb(7, 5), "straight", 0), /city/);
    lay(s, rb(6, 5), "tight", 3, 0);
    refused(s, build(0, rb(6, 6), "tight", 1), /loop back to Chicago/);
  });

  it("allows 3 placements, 4 with the Engineer, and never two on one hex in a turn", () => {
    let s = atBuild(fresh(4), 0);
    s.cash[0] = 50;
    s = run(s, build(0, rb(7, 4), "straight", 0), build(0, rb(7, 3), "town1", 3), build(0, rb(5, 8), "straight", 0));
    refused(s, build(0, rb(17, 4), "straight", 0), /3 placements.*Engineer/);
    expect(legalActions(s).filter((a) => a.type === "build")).toEqual([]);
    let e = atBuild(fresh(4), 0, "engineer");
    e.cash[0] = 50;
    e = run(e, build(0, rb(7, 4), "straight", 0), build(0, rb(7, 3), "town1", 3), build(0, rb(5, 8), "straight", 0), build(0, rb(17, 4), "straight", 0));
    expect(e.build.count).toBe(4);
    const once = apply(atBuild(fresh(4), 0), build(0, rb(7, 3), "town1", 3));
    refused(once, build(0, rb(7, 3), "townY", 0), /already built on Milwaukee/);
  });

  it("pays each placement in cash", () => {
    const s = atBuild(fresh(4), 0);
    s.cash[0] = 3;
    refused(s, build(0, rb(17, 4), "straight", 0), /costs \$4 and you have \$3/);
  });

  it("keeps to the tile mix, the 8 town disks and the 20 ownership markers", () => {
    const s = atBuild(fresh(4), 0);
    s.supply.straight = 0;
    refused(s, build(0, rb(7, 4), "straight", 0), /no straight tile/);
    const disks = atBuild(fresh(4), 0);
    const towns = RUST_BELT.towns.map((t) => rb(t.hex[0], t.hex[1]));
    for (const h of towns.slice(0, 8)) lay(disks, h, "straight", 0, null);
    refused(disks, build(0, towns[9]!, "straight", 0), /town disks/);
    expect(apply(disks, build(0, towns[9]!, "town1", 0)).track).toHaveLength(9);
    const markers = atBuild(fresh(4), 0);
    let laid = 0;
    for (const [c, r] of RUST_BELT.cities.map((x) => x.hex)) {
      const h = rb(c, r);
      for (let e = 0; e < 6 && laid < 20; e++) {
        const n = network(markers).map.grid.neighbors[h]![e]!;
        if (n < 0 || network(markers).map.terrain[n] !== "plain" || markers.track.some((t) => t.hex === n)) continue;
        lay(markers, n, "straight", (e + 3) % 3, 0);
        laid++;
      }
    }
    expect(network(markers).links.filter((l) => l.owner === 0)).toHaveLength(20);
    refused(markers, build(0, rb(5, 6), "town1", 0), /no ownership marker left/);
  });

  it("loses ownership of an incomplete link not extended by the end of the owner's next build", () => {
    const s = atBuild(fresh(4), 0);
    lay(s, rb(7, 4), "straight", 0, 0, 1);
    lay(s, rb(17, 4), "straight", 0, 0, 2);
    s.turn = 2;
    const t = apply(s, done(0));
    expect(ownerAt(t, rb(7, 4))).toEqual([null]);
    expect(ownerAt(t, rb(17, 4))).toEqual([0]);
    expect(game.describeEvents!(s, done(0), t).join()).toMatch(/loses its owner/);
  });

  it("urbanizes once per turn with a new-city tile, not counting as a build; an unowned stub into the town goes to the urbanizer", () => {
    const s = atBuild(fresh(4), 0, "urbanization");
    lay(s, rb(7, 4), "straight", 0, null);
    const u = apply(s, { type: "urbanize", player: 0, hex: rb(7, 3), letter: "B" });
    expect(u.build.count).toBe(0);
    expect(u.urbanized).toEqual([{ hex: rb(7, 3), letter: "B" }]);
    expect(network(u).links[0]).toMatchObject({ from: rb(7, 3), to: rb(7, 5), owner: 0 });
    refused(u, { type: "urbanize", player: 0, hex: rb(9, 5), letter: "A" }, /once per turn/);
    refused(atBuild(fresh(4), 1), { type: "urbanize", player: 1, hex: rb(7, 3), letter: "B" }, /Urbanization/);
    const first = atBuild(fresh(4, { rules: { urbanizeTiming: "first" } }), 0, "urbanization");
    const afterBuild = apply(first, build(0, rb(17, 4), "straight", 0));
    refused(afterBuild, { type: "urbanize", player: 0, hex: rb(7, 3), letter: "B" }, /before your first placement/);
  });
});

describe("V. Move goods", () => {
  it("moves along complete links up to the locomotive level, paying each link's owner 1 income (unowned links pay nobody)", () => {
    const s = builtLine();
    s.goods[1] = ["red"];
    atMove(s, 3);
    s.loco[3] = 2;
    const moves = legalActions(s).filter((a) => a.type === "move");
    expect(moves).toEqual([
      { type: "move", player: 3, from: ln(4), color: "red", route: [[ln(4), 2]] },
      { type: "move", player: 3, from: ln(4), color: "red", route: [[ln(4), 4], [ln(2), 4]] },
    ]);
    const t = apply(s, moves[1]!);
    expect(t.income).toEqual([1, 1, 0, 0]);
    expect(t.goods[1]).toEqual([]);
    expect(t.bag[0]).toBe(s.bag[0]! + 1);
    expect(apply(s, moves[0]!).income).toEqual([0, 0, 0, 0]);
    const weak = cloneJson(s);
    weak.loco[3] = 1;
    refused(weak, moves[1]!, /locomotive pulls 1/);
  });

  it("stops a good at the first city of its colour, never in a town, never twice through a stop", () => {
    const s = builtLine();
    s.goods[3] = ["red"];
    atMove(s, 0);
    s.loco[0] = 6;
    const moves = legalActions(s).filter((a) => a.type === "move");
    expect(moves).toEqual([{ type: "move", player: 0, from: ln(8), color: "red", route: [[ln(8), 4]] }]);
    refused(s, { type: "move", player: 0, from: ln(8), color: "red", route: [[ln(8), 4], [ln(6), 4], [ln(4), 4]] }, /first red city it reaches \(Gamma\)/);
    s.goods[1] = ["yellow"];
    refused(s, { type: "move", player: 0, from: ln(4), color: "yellow", route: [[ln(4), 4]] }, /town is never a destination/);
  });

  it("uses complete links only", () => {
    const s = builtLine();
    s.track = s.track.filter((t) => t.hex !== ln(7));
    s.supply.gentle += 1;
    s.goods[1] = ["blue"];
    atMove(s, 0);
    s.loco[0] = 2;
    expect(legalActions(s).filter((a) => a.type === "move")).toEqual([]);
    refused(s, { type: "move", player: 0, from: ln(4), color: "blue", route: [[ln(4), 2], [ln(6), 2]] }, /complete links/);
  });

  it("lets a player raise the locomotive by 1 instead of moving, once per Move Goods phase, to at most 6", () => {
    let s = atMove(builtLine(), 0);
    s = cloneJson(apply(s, { type: "raiseLoco", player: 0 }));
    expect(s.loco[0]).toBe(2);
    s.queue = [0];
    s.move.round = 2;
    refused(s, { type: "raiseLoco", player: 0 }, /once per Move Goods/);
    const top = atMove(builtLine(), 0);
    top.loco[0] = 6;
    expect(legalActions(top).map((a) => a.type)).toEqual(["pass"]);
  });

  it("gives First Move the first move in both rounds", () => {
    const s = fresh(4);
    s.order = [0, 1, 2, 3];
    s.selected = ["engineer", "locomotive", "firstMove", "production"];
    beginMove(s, 1);
    expect(s.queue).toEqual([2, 0, 1, 3]);
    beginMove(s, 2);
    expect(s.queue).toEqual([2, 0, 1, 3]);
  });
});

describe("VI–VIII. Income, expenses, income reduction", () => {
  it("pays income, then $1 per share and per locomotive level; a shortfall comes off income; below 0 eliminates", () => {
    const s = builtLine();
    s.order = [0, 1, 2, 3];
    s.selected = ["engineer", "locomotive", "firstMove", "firstBuild"];
    s.cash = [10, 0, 0, 1];
    s.income = [5, 2, 12, 0];
    s.shares = [2, 4, 3, 2];
    s.loco = [1, 1, 2, 1];
    collectIncomeAndExpenses(s);
    expect(s.cash).toEqual([12, 0, 7, 0]);
    expect(s.eliminated).toEqual([false, true, false, true]);
    // seat 2: income 12 → reduction 2 → 10; seat 3: $1 + 0 income against $3 due: short 2 > income 0 → out
    expect(s.order).toEqual([0, 2]);
    expect(s.income).toEqual([5, 0, 10, 0]);
    expect(ownerAt(s, ln(3))).toEqual([null]);
  });

  it("loses 0/2/4/6/8/10 income at 0–10, 11–20, 21–30, 31–40, 41–49, 50+", () => {
    expect([0, 10, 11, 20, 21, 30, 31, 40, 41, 49, 50, 99].map(incomeReduction)).toEqual([0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10]);
  });

  it("ends the game when at most one player is left", () => {
    const s = builtLine(3);
    s.order = [0, 1, 2];
    s.selected = ["engineer", "locomotive", "firstMove"];
    s.cash = [0, 0, 10];
    collectIncomeAndExpenses(s);
    expect(s.phase).toBe("over");
    const o = outcome(s)!;
    expect(o.winners).toEqual([2]);
    expect(o.scores[0]).toBe(-1000);
  });
});

describe("IX. Goods growth and Production", () => {
  it("rolls one die per starting player for the light cities, then the dark; a face rolled k times moves k cubes; an empty column gives nothing", () => {
    const s = fresh(5);
    s.display[0] = ["red", null, "blue"];
    const before = cloneJson(s);
    goodsGrowth(s);
    expect(s.lastRoll!.light).toHaveLength(5);
    expect(s.lastRoll!.dark).toHaveLength(5);
    RUST_BELT.cities.forEach((city, i) => {
      const g = city.growth[0]!;
      const k = (g.group === "light" ? s.lastRoll!.light : s.lastRoll!.dark).filter((f) => f === g.face).length;
      const col = (g.group === "light" ? 0 : 6) + g.face - 1;
      const had = before.display[col]!.filter((c) => c !== null).length;
      expect(s.goods[i]!.length - before.goods[i]!.length).toBe(Math.min(k, had));
    });
  });

  it("grows an urbanized new city from its own A–H column", () => {
    const s = fresh(6, {}, 11);
    s.urbanized = [{ hex: rb(7, 3), letter: "E" }];
    for (let i = 0; i < 40; i++) {
      const t = cloneJson(s);
      goodsGrowth(t);
      const ones = t.lastRoll!.dark.filter((f) => f === 1).length;
      if (ones > 0) {
        expect(t.newCityGoods[4]).toHaveLength(Math.min(ones, 2));
        return;
      }
      s.rng = t.rng;
    }
    throw new Error("no dark 1 in 40 rolls");
  });

  it("lets the Production holder put 2 cubes from the bag on empty display spaces before the dice", () => {
    const s = builtLine();
    s.order = [0, 1, 2, 3];
    s.selected = ["production", "locomotive", "firstMove", "firstBuild"];
    s.cash = [20, 20, 20, 20];
    s.display[0] = [null, null, "red"];
    collectIncomeAndExpenses(s);
    expect(s.phase).toBe("production");
    expect(s.production).toHaveLength(2);
    expect(legalActions(s).map((a) => (a.type === "produce" ? a.column : a.type))).toEqual([0, "done"]);
    const [c1, c2] = s.production;
    const t = run(s, { type: "produce", player: 0, column: 0 }, { type: "produce", player: 0, column: 0 });
    expect(t.phase).toBe("shares");
    expect(t.turn).toBe(2);
    void c1;
    void c2;
  });
});

describe("X. Turn marker and scoring", () => {
  it("ends after the last turn and scores 3 × income − 3 × shares + 1 per owned piece of track in complete links", () => {
    const s = builtLine();
    s.income = [4, 2, 0, 1];
    s.shares = [3, 2, 2, 5];
    lay(s, ln(5), "gentle", 1, 3);
    s.track = s.track.filter((t, i, all) => all.findIndex((x) => x.hex === t.hex) === i);
    s.phase = "over";
    s.queue = [];
    const o = outcome(s)!;
    // seat 0: Alpha–Tee (2 pieces); seat 1: Tee–Beta (2); seat 2: Gamma–Delta (1); Beta–Gamma unowned.
    expect(o.scores).toEqual([12 - 9 + 2, 6 - 6 + 2, 0 - 6 + 1, 3 - 15]);
    expect(o.ranks).toEqual([1, 2, 3, 4]);
    expect(o.breakdown![0]).toEqual({ income: 12, shares: -9, track: 2, eliminated: 0, total: 5 });
  });

  it("counts no incomplete track, and ties share a rank", () => {
    const s = builtLine();
    s.track = s.track.filter((t) => t.hex !== ln(3));
    s.supply.gentle += 1;
    s.phase = "over";
    s.queue = [];
    const o = outcome(s)!;
    expect(o.scores).toEqual([-6 + 2, -6, -6 + 1, -6]);
    expect(o.ranks).toEqual([1, 3, 2, 3]);
  });
});

describe("Maps as data", () => {
  it("refuses a map row a megabyte long at once, naming the bound, with one problem (issue 20)", () => {
    const row = "m".repeat(1_000_000);
    const maps = [{ ...cloneJson(RUST_BELT), rows: [row, ...RUST_BELT.rows.slice(1)] }];
    const refusal = (f: () => unknown): RulesError => {
      try {
        f();
      } catch (e) {
        if (e instanceof RulesError) return e;
        throw e;
      }
      throw new Error("accepted");
    };
    const byOptions = refusal(() => initialState(1, { players: 3, components: { ...defaultComponents, maps } }));
    expect(byOptions.code).toBe("INVALID_OPTIONS");
    expect(byOptions.message).toBe("Invalid options for Age of Steam: components.maps.0.rows.0: a map row is at most 40 hexes (it is 1000000 characters long, at most 40 allowed).");
    const s = JSON.parse(JSON.stringify(initialState(1, { players: 3 })));
    s.map.rows[0] = row;
    const byState = refusal(() => game.loadState(s));
    expect(byState.code).toBe("INVALID_STATE");
    expect(byState.message).toBe("Not a valid Age of Steam state: map.rows.0: a map row is at most 40 hexes (it is 1000000 characters long, at most 40 allowed).");
    // Just past the bound, the schema names the rule, and the map's own checks (one per hex) do not run.
    const r = MapSchema.safeParse({ ...cloneJson(RUST_BELT), rows: ["m".repeat(41), ...RUST_BELT.rows.slice(1)] });
    expect(r.error?.issues.map((i) => i.message)).toEqual(["a map row is at most 40 hexes"]);
  });
  it("refuses a map with a city off the board, an unnamed town hex or an impassable edge on a missing hex, naming it", () => {
    const bad = cloneJson(RUST_BELT);
    bad.cities[0]!.hex = [30, 30];
    expect(MapSchema.safeParse(bad).error?.message).toMatch(/Chicago at \(30,30\) is off the board/);
    const town = cloneJson(RUST_BELT);
    town.towns.pop();
    expect(MapSchema.safeParse(town).error?.message).toMatch(/town hex \(13,9\) has no name/);
    const edge = cloneJson(RUST_BELT);
    edge.impassable.push({ hex: [1, 10], edge: 0 });
    expect(MapSchema.safeParse(edge).error?.message).toMatch(/\(1,10\), a hex that does not exist/);
    expect(() => initialState(1, { players: 3, map: "nowhere" })).toThrow(/no map "nowhere"/);
  });

  it("validates the expansion-map fields (connections, virtual lines, multi-hex cities); a map's printed connections are played", () => {
    const m = cloneJson(RUST_BELT);
    m.connections = [{ id: "lake", ends: ["Chicago", "Atlantis"], cost: 6, countsAsBuild: true }];
    m.virtualLines = [{ name: "Lake Express", cities: ["Chicago", "Green Bay"], feePerCityEntered: 1, excludedColors: ["yellow"] }];
    m.sameCity = [{ city: "Chicago", hex: [6, 5] }];
    const msg = MapSchema.safeParse(m).error?.message ?? "";
    expect(msg).toMatch(/connection lake links to Atlantis, which is not a place on the map/);
    expect(msg).toMatch(/runs through Green Bay, which is not a city of the map/);
    expect(msg).toMatch(/a hex of Chicago at \(6,5\) is off the board or not a city hex/);
    const ok = cloneJson(RUST_BELT);
    ok.id = "rust-belt-ferry";
    ok.connections = [{ id: "lake", ends: ["Chicago", "Detroit"], cost: 6, countsAsBuild: true }];
    expect(MapSchema.safeParse(ok).success).toBe(true);
    expect(initialState(1, { players: 3, map: "rust-belt-ferry", components: { ...cloneJson(game.schemas.options.parse({}).components), maps: [ok] } }).connections).toEqual([null]);
  });

  it("applies a map's income tax after income reduction (floored at 0) and leaves out its removed new cities", () => {
    const taxed = { ...cloneJson(LINE), id: "taxed", incomeTax: 2, removedNewCities: ["E" as const] };
    const components = { ...cloneJson(game.schemas.options.parse({}).components), maps: [taxed] };
    const s = cloneJson(initialState(1, { players: 4, map: "taxed", components }));
    s.order = [0, 1, 2, 3];
    s.selected = ["engineer", "locomotive", "firstMove", "firstBuild"];
    s.cash = [20, 20, 20, 20];
    s.income = [15, 1, 0, 4];
    collectIncomeAndExpenses(s);
    expect(s.income).toEqual([15 - 2 - 2, 0, 0, 2]);
    atBuild(s, 0, "urbanization");
    const letters = legalActions(s).filter((a) => a.type === "urbanize").map((a) => (a as { letter: string }).letter);
    expect(letters).toEqual(["A", "B", "C", "D", "F", "G", "H"]);
  });

  it("plays on a map given in the options, storing a -0 in it as 0", () => {
    const zero = { ...cloneJson(LINE), incomeTax: -0, cities: LINE.cities.map((c) => ({ ...c, goods: -0 })) };
    const z = initialState(1, { players: 3, map: "line", components: { ...cloneJson(game.schemas.options.parse({}).components), maps: [zero] } });
    expect(Object.is(z.map.incomeTax, 0)).toBe(true);
    expect(Object.is(z.map.cities[0]!.goods, 0)).toBe(true);
    const s = fresh(3, { map: "line" });
    expect(s.map.name).toBe("Test Line");
    expect(s.lastTurn).toBe(2);
    expect(OptionsSchema.parse({}).map).toBeUndefined();
    expect(initialState(1).map.id).toBe("rust-belt");
  });
});

describe("Views", () => {
  it("shows everything but the generator", () => {
    const s = initialState(2, { players: 4 });
    const v = playerView(s, 1);
    expect("rng" in v).toBe(false);
    expect(v.goods).toEqual(s.goods);
    expect(v.viewer).toBe(1);
  });

  it("marks the loose end of every incomplete link with its owner (rulebook, incomplete links)", () => {
    const s = fresh(4, { map: "line" });
    lay(s, ln(1), "gentle", 1, 0);
    // Alpha's track runs into (1,0) and points out of its north-east edge at the town with no tile.
    expect(playerView(s, 2).looseEnds).toEqual([{ hex: ln(1), edge: 1, owner: 0 }]);
    expect(playerView(builtLine(), null).looseEnds).toEqual([]);
  });
});

describe("Turn flow", () => {
  it("gives last turn's Turn Order holder the pass in the next auction, and loses Production's cubes when the display is full", () => {
    const s = builtLine();
    s.order = [0, 1, 2, 3];
    s.selected = ["turnOrder", "production", "firstMove", "firstBuild"];
    s.cash = [20, 20, 20, 20];
    const bag = s.bag.reduce((a, b) => a + b, 0);
    collectIncomeAndExpenses(s);
    expect(s.phase).toBe("shares");
    expect(s.turn).toBe(2);
    expect(s.turnOrderPass).toBe(0);
    expect(s.production).toEqual([]);
    // The display was full: the two cubes went back; growth then took cubes off the display.
    expect(s.bag.reduce((a, b) => a + b, 0)).toBe(bag);
    expect(stateProblems(s)).toEqual([]);
  });
});

describe("Consistency of loaded states", () => {
  const base = (): State => cloneJson(initialState(4, { players: 4 }));
  const problems = (edit: (s: State) => void): string[] => {
    const s = base();
    edit(s);
    return stateProblems(s);
  };

  it("accepts a fresh game and refuses cubes or tiles that do not add up", () => {
    expect(stateProblems(base())).toEqual([]);
    expect(problems((s) => (s.bag[0] += 1)).join()).toMatch(/red cubes are in play, the box has 20/);
    expect(problems((s) => (s.supply.straight -= 1)).join()).toMatch(/straight tiles are accounted for/);
  });

  it("refuses track that could not have been built", () => {
    expect(problems((s) => lay(s, rb(7, 5), "straight", 0, 0)).join()).toMatch(/where no track can be/);
    expect(problems((s) => lay(s, rb(4, 4), "straight", 0, 0)).join()).toMatch(/not connected to any city or town/);
    expect(problems((s) => lay(s, rb(7, 4), "straight", 0, 7 as never)).join()).toMatch(/not in the game/);
  });

  it("refuses a phase that disagrees with who has acted", () => {
    expect(problems((s) => (s.queue = [])).join()).toMatch(/nobody is to act/);
    expect(problems((s) => {
      s.phase = "build";
      s.selected = ["locomotive", "engineer", "firstMove", "firstBuild"];
      s.queue = [0];
      s.build = { count: 4, hexes: [1, 2, 3, 4], urbanized: false };
    }).join()).toMatch(/more placements than the builder may make/);
    expect(problems((s) => (s.lastTurn = 12)).join()).toMatch(/lasts 8 turns/);
  });

  it("refuses a locomotive, income or cash no play reaches by the turn (issue 30)", () => {
    // The audit's start: locomotive 6, income 10 and $500 on turn 1, before anyone has acted.
    const e = (() => {
      try {
        game.loadState({ ...base(), loco: [6, 1, 1, 1], income: [10, 0, 0, 0], cash: [500, 10, 10, 10] });
      } catch (err) {
        return err as RulesError;
      }
    })();
    expect(e?.code).toBe("INVALID_STATE");
    expect(e?.message).toMatch(/seat 0's locomotive 6 is higher than play reaches on turn 1 \(shares\) \(at most 1\)/);
    expect(e?.message).toMatch(/seat 0's income 10 is higher than play reaches on turn 1 \(shares\) \(at most 0\)/);
    expect(e?.message).toMatch(/seat 0 has \$500, more than 2 shares and the income collected give on turn 1 \(shares\) \(at most \$10\)/);
    // Shares bring $5 each: 13 more shares, $75 at most on turn 1.
    expect(problems((s) => ((s.shares[1] = 15), (s.cash[1] = 75)))).toEqual([]);
    expect(problems((s) => ((s.shares[1] = 15), (s.cash[1] = 76))).join()).toMatch(/seat 1 has \$76/);
    // The Locomotive action raises it at once, a raise in Move Goods once more: 3 in turn 1's move.
    const moving = (s: State): void => {
      s.phase = "move";
      s.selected = ["locomotive", "engineer", "firstMove", "firstBuild"];
      s.queue = [...s.order];
    };
    expect(problems((s) => (moving(s), (s.loco[0] = 3), (s.move.locoRaised[0] = true)))).toEqual([]);
    expect(problems((s) => (moving(s), (s.loco[0] = 3))).join()).toMatch(/seat 0's locomotive 3 .*at most 2/);
    expect(problems((s) => (moving(s), (s.loco[1] = 2), (s.move.locoRaised[1] = true), (s.turn = 2))).join()).not.toMatch(/locomotive/);
    // Turn 1's first move round: 4 seats over at most 2 links each.
    expect(problems((s) => (moving(s), (s.income[2] = 8)))).toEqual([]);
    expect(problems((s) => (moving(s), (s.income[2] = 9))).join()).toMatch(/seat 2's income 9 .*at most 8/);
  });

  it("is what loadState runs", () => {
    const s = base();
    s.bag[1] = 0;
    expect(() => game.loadState(JSON.parse(JSON.stringify(s)))).toThrow(/blue cubes/);
  });
});

describe("Game log", () => {
  it("describes placements, deliveries and the final scores in a player's words", () => {
    const s = atBuild(fresh(4), 0);
    expect(game.describeAction(s, build(0, rb(17, 4), "straight", 0))).toBe("Seat 0 lays a straight on hex (17,4) near Pittsburgh (rotation 0) for $4"); // the nearest city, to find it on the board
    expect(game.describeAction(s, build(0, rb(5, 6), "townY", 0))).toBe("Seat 0 builds Rock Island as a town with 3 exits (rotation 0) for $4");
    const m = builtLine();
    m.goods[1] = ["red"];
    atMove(m, 3);
    m.loco[3] = 2;
    expect(game.describeAction(m, { type: "move", player: 3, from: ln(4), color: "red", route: [[ln(4), 4], [ln(2), 4]] })).toBe(
      "Seat 3 moves a red good Beta → Tee → Alpha (2 links: +1 income to seat 1, +1 income to seat 0)",
    );
    const over = builtLine();
    over.phase = "over";
    over.queue = [];
    const before = cloneJson(over);
    before.phase = "move";
    before.queue = [0];
    const lines = game.describeEvents!(before, { type: "pass", player: 0 }, over);
    expect(lines.join("\n")).toMatch(/Seat 0: 0 \(income 0\) -6 \(2 shares\) \+ 2 track = -4/);
  });
});

describe("Orient Express (expansion rulebook, \"Orient Express\")", () => {
  // On the test row: Berlin 0, Strasbourg 2, London 4, Paris 6, Vienna 8, Budapest 10, Bucharest 12, Sofia 14, Constantinople 16, Athens 18.
  const link = (s: State, c: number, owner: number | null): void => lay(s, oe(c), "gentle", 1, owner);

  it("worked example: Berlin → Strasbourg (1 link), the line to Constantinople ($4), → Athens (1 link): income +6", () => {
    const s = freshOE();
    link(s, 1, 0);
    link(s, 17, 0);
    s.goods[0] = ["red"];
    atMove(s, 0);
    s.loco[0] = 2;
    const moves = legalActions(s).filter((a) => a.type === "move");
    expect(moves).toEqual([{ type: "move", player: 0, from: oe(0), color: "red", route: [[oe(0), 2], [oe(16), 2]], rides: [{ after: 1, to: oe(16) }] }]);
    const t = apply(s, moves[0]!);
    expect(t.income[0]).toBe(s.income[0]! + 6);
    expect(t.cash[0]).toBe(s.cash[0]! - 4);
    expect(t.goods[0]).toEqual([]);
    expect(game.describeAction!(s, moves[0]!)).toMatch(/Berlin → Strasbourg → Vienna → Budapest → Bucharest → Constantinople → Athens \(2 links, riding the Orient Express for \$4/);
  });

  it("worked example: Strasbourg → Bucharest enters Vienna, Budapest and Bucharest, costing $3 and raising income by 3; links at both ends pay their owners", () => {
    const s = freshOE();
    link(s, 13, 1);
    s.goods[1] = ["blue"];
    atMove(s, 0);
    const moves = legalActions(s).filter((a) => a.type === "move");
    // Boarding where the good starts is allowed (our reading): no player link before the ride.
    expect(moves).toEqual([{ type: "move", player: 0, from: oe(2), color: "blue", route: [[oe(12), 2]], rides: [{ after: 0, to: oe(12) }] }]);
    const t = apply(s, moves[0]!);
    expect(t.cash[0]).toBe(s.cash[0]! - 3);
    expect(t.income.slice(0, 2)).toEqual([s.income[0]! + 3, s.income[1]! + 1]);
  });

  it("the ride uses no locomotive level, goes either way, never revisits a city, and needs the fee in cash", () => {
    const s = freshOE();
    link(s, 1, 0);
    link(s, 13, 0);
    s.goods[7] = ["blue"]; // at Sofia; the only blue city beyond the line is Berlin
    atMove(s, 0);
    s.loco[0] = 2;
    // Sofia → Bucharest, the line back to Strasbourg (Budapest, Vienna, Strasbourg: $3), → Berlin.
    const ride: Action = { type: "move", player: 0, from: oe(14), color: "blue", route: [[oe(14), 4], [oe(2), 4]], rides: [{ after: 1, to: oe(2) }] };
    expect(legalActions(s)).toContainEqual(ride);
    expect(apply(s, ride).income[0]).toBe(s.income[0]! + 5);
    const poor = cloneJson(s);
    poor.cash[0] = 2;
    expect(legalActions(poor)).not.toContainEqual(ride);
    refused(poor, ride, /\$3, paid in cash, and you have \$2/);
    const one = cloneJson(s);
    one.loco[0] = 1;
    refused(one, ride, /locomotive pulls 1/);
  });

  it("refuses a ride for a yellow good, a second ride in one transport, and a ride off the line", () => {
    const s = freshOE();
    link(s, 1, 0);
    link(s, 13, 0);
    link(s, 17, 0);
    s.goods[0] = ["yellow"];
    s.goods[9] = ["blue"];
    atMove(s, 0);
    s.loco[0] = 3;
    refused(s, { type: "move", player: 0, from: oe(0), color: "yellow", route: [[oe(0), 2]], rides: [{ after: 1, to: oe(8) }] }, /yellow goods may not ride the Orient Express/);
    expect(legalActions(s).filter((a) => a.type === "move" && a.color === "yellow")).toEqual([{ type: "move", player: 0, from: oe(0), color: "yellow", route: [[oe(0), 2]] }]);
    refused(
      s,
      { type: "move", player: 0, from: oe(18), color: "blue", route: [[oe(18), 4], [oe(12), 2]], rides: [{ after: 1, to: oe(8) }, { after: 1, to: oe(12) }] },
      /only once per transport/,
    );
    refused(s, { type: "move", player: 0, from: oe(18), color: "blue", route: [[oe(14), 4], [oe(2), 4]], rides: [{ after: 0, to: oe(2) }] }, /stops only at London/);
  });

  it("sets up 2 goods on each purple, red and blue city and 1 on each yellow city, without new city E, for 4–6 players over 8/7/6 turns", () => {
    for (const [players, turns] of [[4, 8], [5, 7], [6, 6]] as const) {
      const s = initialState(players, { players, map: "orient-express" });
      expect(s.lastTurn).toBe(turns);
      s.map.cities.forEach((c, i) => expect(s.goods[i]).toHaveLength(c.colors.includes("yellow") ? 1 : 2));
      expect(s.map.removedNewCities).toEqual(["E"]);
    }
    expect(() => initialState(1, { players: 3, map: "orient-express" })).toThrow(/no game length for 3 players/);
  });

  it("forbids urbanizing with a yellow new city", () => {
    const components = { ...cloneJson(defaultComponents), maps: [OE_LINE] };
    components.newCities[5] = { ...components.newCities[5]!, color: "yellow" };
    expect(freeNewCities(cloneJson(initialState(1, { players: 4, map: "oe-line", components })))).not.toContain("F");
    expect(freeNewCities(freshOE())).toEqual(["A", "B", "C", "D", "F", "G", "H"]);
    // On the real map, each refusal names its rule: the yellow tile, and E (printed as Constantinople, out of the game).
    const real = { ...cloneJson(defaultComponents) };
    real.newCities[5] = { ...real.newCities[5]!, color: "yellow" };
    const s = atBuild(cloneJson(initialState(1, { players: 4, map: "orient-express", components: real })), 0, "urbanization");
    const calais = compileMap(s.map).grid.indexOf(3, 3);
    refused(s, { type: "urbanize", player: 0, hex: calais, letter: "F" }, /new city F is yellow, and on the Orient Express you cannot urbanize a yellow new city/);
    refused(s, { type: "urbanize", player: 0, hex: calais, letter: "E" }, /new city E is already printed on the map \(Constantinople\), so its tile is out of the game/);
    const placed = cloneJson(run(s, { type: "urbanize", player: 0, hex: calais, letter: "A" }));
    placed.build.urbanized = false;
    refused(placed, { type: "urbanize", player: 0, hex: compileMap(s.map).grid.indexOf(5, 3), letter: "A" }, /new city A is already on the board, at Calais/);
  });

  it("a player may still lay track between yellow cities: a $2 link of their own, over which goods move as usual (a yellow good ends there, with no fee)", () => {
    // Strasbourg (2) and London (4) are line cities next to each other on the test row.
    const s = atBuild(freshOE(), 0);
    const builds = legalActions(s).filter((a) => a.type === "build" && a.hex === oe(3));
    expect(builds).toEqual([build(0, oe(3), "gentle", 1)]);
    const built = apply(s, builds[0]!);
    expect(built.cash[0]).toBe(s.cash[0]! - 2);
    expect(network(built).links.map((l) => [l.owner, [l.from, l.to].sort((a, b) => a - b)])).toEqual([[0, [oe(2), oe(4)]]]);
    const m = atMove(cloneJson(built), 1);
    m.goods[2] = ["yellow"];
    const moves = legalActions(m).filter((a) => a.type === "move");
    expect(moves).toEqual([{ type: "move", player: 1, from: oe(4), color: "yellow", route: [[oe(4), 4]] }]);
    const t = apply(m, moves[0]!);
    expect([t.goods[2], t.goods[1]]).toEqual([[], []]);
    expect(t.cash).toEqual(m.cash);
    expect(t.income.slice(0, 2)).toEqual([m.income[0]! + 1, m.income[1]!]);
  });

  it("takes 2 more income from every player after income reduction, in the last turn too, stopping at 0", () => {
    const s = freshOE();
    s.income = [12, 1, 0, 5];
    s.turn = s.lastTurn;
    advanceTurn(s);
    expect(s.income).toEqual([10, 0, 0, 3]);
    expect(s.phase).toBe("over");
  });

  it("Advancing the round marker: every player's income is reduced by 2 on top of the normal income reduction, whether or not they used the line", () => {
    const s = cloneJson(initialState(1, { players: 4, map: "orient-express" }));
    s.order = [0, 1, 2, 3];
    s.selected = ["engineer", "locomotive", "firstMove", "firstBuild"];
    s.cash = [20, 20, 20, 20];
    s.income = [15, 25, 3, 0];
    collectIncomeAndExpenses(s);
    // 15 − 2 (11–20) − 2, 25 − 4 (21–30) − 2, 3 − 0 − 2, 0 stays 0.
    expect(s.income).toEqual([11, 19, 1, 0]);
    expect([s.turn, s.phase]).toEqual([2, "shares"]);
    // The game log says so: in the income line, or after Production when that comes between.
    const m = atMove(cloneJson(initialState(1, { players: 4, map: "orient-express" })), 3, 2);
    m.queue = [3];
    m.selected = ["engineer", "locomotive", "firstMove", "firstBuild"];
    m.cash = [20, 20, 20, 20];
    m.income = [15, 25, 3, 0];
    const lines = game.describeEvents!(m, { type: "pass", player: 3 }, apply(m, { type: "pass", player: 3 }));
    expect(lines[0]).toBe("Seat 0: income $15 collected, expenses $3 (shares + locomotive), cash $32, income now 11 after the income reduction and the Orient Express tax of 2");
    const p = cloneJson(m);
    p.selected[3] = "production";
    p.bag[["red", "blue", "purple", "yellow", "black"].indexOf(p.display[0]![0]!)]! += 1;
    p.display[0]![0] = null;
    const producing = apply(p, { type: "pass", player: 3 });
    expect(game.describeEvents!(p, { type: "pass", player: 3 }, producing)[0]).toMatch(/income now 13 after the income reduction \(the Orient Express tax of 2 follows Production\)$/);
    const done = apply(producing, { type: "done", player: 3 });
    expect(game.describeEvents!(producing, { type: "done", player: 3 }, done)).toContain("Orient Express tax: every player's income falls by 2 more (not below 0): seat 0 11, seat 1 19, seat 2 1, seat 3 0");
  });

  it("costs $2 on plain and $1 + $1 per track on a town (the base costs)", () => {
    const s = initialState(1, { players: 4, map: "orient-express" });
    const b = cloneJson(s);
    atBuild(b, 0);
    const plain = legalActions(b).find((a) => a.type === "build" && a.tile === "straight")!;
    expect(game.describeAction!(b, plain)).toMatch(/for \$2$/);
    const town = legalActions(b).find((a) => a.type === "build" && a.tile === "townY")!;
    expect(game.describeAction!(b, town)).toMatch(/for \$4$/);
  });
});
