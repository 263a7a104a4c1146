import { RulesError, cloneJson } from "@rules/core";
import { expect } from "vitest";
import { RUST_BELT, apply, defaultComponents, initialState, type Action, type MapData, type State } from "@rules/age-of-steam-exp";
import type { SpecialAction, TileId } from "../../packages/age-of-steam-exp/src/data.js";
import { compileMap, oriented } from "../../packages/age-of-steam-exp/src/map.js";

// Hand-made tables for the rules scenarios: a fresh game put straight into a phase, track laid by
// hand, and a small line-shaped test map where every route is easy to read.

/**
 * A one-row test map: on a flat-topped odd-q grid a single row zig-zags, so hex (c,0) touches
 * (c-1,0) and (c+1,0). Alpha red, Tee a town, Beta blue, Gamma red, Delta blue; plain between.
 */
export const LINE: MapData = {
  id: "line",
  name: "Test Line",
  source: "ASSUMED: a test map",
  layout: "flat-odd-q",
  rows: ["C.t.C.C.C"],
  cities: [
    { name: "Alpha", hex: [0, 0], colors: ["red"], growth: [{ group: "light", face: 1 }], goods: 0 },
    { name: "Beta", hex: [4, 0], colors: ["blue"], growth: [{ group: "light", face: 2 }], goods: 0 },
    { name: "Gamma", hex: [6, 0], colors: ["red"], growth: [{ group: "dark", face: 1 }], goods: 0 },
    { name: "Delta", hex: [8, 0], colors: ["blue"], growth: [{ group: "dark", face: 2 }], goods: 0 },
  ],
  towns: [{ name: "Tee", hex: [2, 0] }],
  impassable: [],
  turns: [3, 4, 5, 6].map((players) => ({ players, turns: 2 })),
  removedNewCities: [],
  incomeTax: 0,
  rules: "base",
  topology: "hex",
  sameCity: [],
  connections: [],
  virtualLines: [],
};

export const RB = compileMap(RUST_BELT);
export const LN = compileMap(LINE);
/** Hex index on Rust Belt. */
export const rb = (c: number, r: number): number => RB.grid.indexOf(c, r);
/** Hex index on the test line. */
export const ln = (c: number): number => LN.grid.indexOf(c, 0);

/** A fresh, mutable game (Rust Belt unless `map: "line"`). */
export function fresh(players = 4, extra: Record<string, unknown> = {}, seed = 1): State {
  const components = { ...cloneJson(defaultComponents), maps: [RUST_BELT, LINE] };
  return cloneJson(initialState(seed, { players, components, ...extra }));
}

/** Player order 0..n-1 and every seat a distinct action, `mine` for `player`. */
function assignActions(s: State, player: number, mine: SpecialAction | null): void {
  const rest: SpecialAction[] = ["turnOrder", "production", "locomotive", "firstBuild", "firstMove", "engineer", "urbanization"].filter((a) => a !== mine) as SpecialAction[];
  s.order = s.cash.map((_, i) => i);
  s.selected = s.cash.map((_, p) => (p === player && mine ? mine : rest.shift()!));
}

/** `player` is about to build (holding `action`, if given), the others after them. */
export function atBuild(s: State, player: number, action: SpecialAction | null = null): State {
  assignActions(s, player, action);
  s.phase = "build";
  s.queue = [player, ...s.order.filter((p) => p !== player)];
  s.build = { count: 0, hexes: [], urbanized: false };
  return s;
}

/** `player` is about to move goods in round `round`. */
export function atMove(s: State, player: number, round: 1 | 2 = 1): State {
  assignActions(s, player, null);
  s.phase = "move";
  s.move = { round, locoRaised: s.cash.map(() => false) };
  s.queue = [player, ...s.order.filter((p) => p !== player)];
  return s;
}

/** Lay a tile by hand (no rules checked): a town hex gets spurs to the tile's exits. */
export function lay(s: State, hex: number, tile: TileId, rot: number, owner: number | null, turn = 1): void {
  const map = compileMap(s.map);
  const o = oriented(tile, rot)!;
  const isTown = map.townAt[hex]! >= 0;
  const paths = isTown ? o.exits.map((b) => ({ a: -1, b, owner, turn })) : o.paths.map(([a, b]) => ({ a, b, owner, turn }));
  s.track.push({ hex, tile, rot: o.rot, paths });
  s.track.sort((x, y) => x.hex - y.hex);
  s.supply[tile] -= 1;
}

/** The whole test line built: Alpha–Tee (seat 0), Tee–Beta (seat 1), Beta–Gamma (unowned), Gamma–Delta (seat 2). */
export function builtLine(players = 4): State {
  const s = fresh(players, { map: "line" });
  lay(s, ln(1), "gentle", 1, 0);
  lay(s, ln(2), "gentle", 4, 0);
  s.track.find((t) => t.hex === ln(2))!.paths.find((p) => p.b === 2)!.owner = 1;
  lay(s, ln(3), "gentle", 1, 1);
  lay(s, ln(5), "gentle", 1, null);
  lay(s, ln(7), "gentle", 1, 2);
  s.goods = [[], [], [], []];
  return s;
}

/** Apply actions in turn. */
export function run(s: State, ...actions: Action[]): State {
  return actions.reduce((st, a) => apply(st, a), s);
}

/**
 * An Orient Express test row: ten cities two hexes apart, the seven line cities out of line order
 * so that track and line differ. Berlin blue, Sofia blue, Athens red, the rest yellow.
 */
export const OE_LINE: MapData = {
  id: "oe-line",
  name: "Test Orient Line",
  source: "ASSUMED: a test map",
  layout: "flat-odd-q",
  rows: ["C.C.C.C.C.C.C.C.C.C"],
  cities: [
    ["Berlin", "blue"], ["Strasbourg", "yellow"], ["London", "yellow"], ["Paris", "yellow"], ["Vienna", "yellow"],
    ["Budapest", "yellow"], ["Bucharest", "yellow"], ["Sofia", "blue"], ["Constantinople", "yellow"], ["Athens", "red"],
  ].map(([name, color], i) => ({ name: name!, hex: [2 * i, 0] as [number, number], colors: [color as "red"], growth: [{ group: i < 6 ? "light" : "dark", face: (i % 6) + 1 } as const], goods: 0 })),
  towns: [],
  impassable: [],
  turns: [4, 5, 6].map((players) => ({ players, turns: 2 })),
  removedNewCities: ["E"],
  incomeTax: 2,
  rules: "orient-express",
  topology: "hex",
  sameCity: [],
  connections: [],
  virtualLines: [{ name: "Orient Express", cities: ["London", "Paris", "Strasbourg", "Vienna", "Budapest", "Bucharest", "Constantinople"], feePerCityEntered: 1, excludedColors: ["yellow"] }],
};
export const OE = compileMap(OE_LINE);
/** Hex index on the Orient Express test row. */
export const oe = (c: number): number => OE.grid.indexOf(c, 0);

/** A fresh Orient Express test game, no track, no goods. */
export function freshOE(players = 4): State {
  const components = { ...cloneJson(defaultComponents), maps: [OE_LINE] };
  const s = cloneJson(initialState(1, { players, map: "oe-line", components }));
  s.goods = s.goods.map(() => []);
  return s;
}

/** Asserts that `apply` refuses `action` with an ILLEGAL_ACTION RulesError whose message matches `words`, and leaves the state unchanged. */
export function refused(s: State, action: Action, words: RegExp): void {
  const before = JSON.stringify(s);
  let err: unknown;
  try {
    apply(s, action);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(RulesError);
  expect((err as RulesError).code).toBe("ILLEGAL_ACTION");
  expect((err as RulesError).message).toMatch(words);
  expect(JSON.stringify(s)).toBe(before);
}
