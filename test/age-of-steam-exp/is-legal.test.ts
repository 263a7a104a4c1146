import { randomInt, seedRng, type Bot } from "@rules/core";
import { game, thriftyBot, type Action, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { scaledCount } from "../harness/index.js";
import { ACTIONS, COLORS, LETTERS, TILE_IDS } from "../../packages/age-of-steam-exp/src/data.js";
import { isLegal } from "../../packages/age-of-steam-exp/src/is-legal.js";
import { compileMap } from "../../packages/age-of-steam-exp/src/map.js";

// `isLegal` lets the checked `apply` skip listing every placement and delivery; it must say yes
// exactly to the actions `legalActions` lists. Candidates: every simple action shape over small
// ranges, every tile and rotation on the hexes around the legal placements (and a spread of
// others), and the legal deliveries with their routes, colours and rides changed.
function candidates(s: State): Action[] {
  const out: Action[] = [];
  const legal = game.legalActions(s);
  const map = compileMap(s.map);
  for (let player = 0; player < s.players; player++) {
    out.push({ type: "issueShare", player }, { type: "done", player }, { type: "dropOut", player }, { type: "pass", player }, { type: "raiseLoco", player });
    for (let amount = 1; amount <= Math.max(...s.cash) + 2; amount++) out.push({ type: "bid", player, amount });
    for (const action of ACTIONS) out.push({ type: "select", player, action });
    for (let column = 0; column < 20; column++) out.push({ type: "produce", player, column });
    if (s.phase === "build") {
      for (const hex of map.townHex) for (const letter of LETTERS) out.push({ type: "urbanize", player, hex, letter });
      const hexes = new Set<number>();
      for (const a of legal) if (a.type === "build") for (const n of [a.hex, ...map.grid.neighbors[a.hex]!]) if (n >= 0) hexes.add(n);
      for (let h = 0; h < map.grid.cells.length; h += 17) hexes.add(h);
      for (const t of s.track) hexes.add(t.hex);
      for (const hex of hexes) for (const tile of TILE_IDS) for (let rot = 0; rot < 6; rot++) out.push({ type: "build", player, hex, tile, rot });
    }
  }
  for (const a of legal) {
    if (a.type !== "move") continue;
    for (const color of COLORS) out.push({ ...a, color });
    if (a.route.length > 1) out.push({ ...a, route: a.route.slice(0, -1) }, { ...a, route: a.route.slice(1) });
    out.push({ ...a, player: (a.player + 1) % s.players });
    if (a.rides) {
      const { rides: _, ...plain } = a;
      out.push(plain, { ...a, rides: [...a.rides, ...a.rides] });
      for (const h of map.cityHex) out.push({ ...a, rides: [{ after: a.rides[0]!.after, to: h }] });
    } else {
      for (let after = 0; after <= a.route.length; after++) for (const h of map.cityHex) out.push({ ...a, rides: [{ after, to: h }] });
    }
  }
  return out;
}

function check(players: number, seed: number, map: string, bots: (seed: number) => Bot<State, Action>, steps: number): number {
  const rng = seedRng(seed);
  const seats = Array.from({ length: players }, (_, p) => bots(seed * 10 + p));
  let s = game.initialState(seed, { players, map });
  let checked = 0;
  for (let step = 0; step < steps && !game.isTerminal(s); step++) {
    const legal = new Set(game.legalActions(s).map((a) => JSON.stringify(a)));
    if (step % 3 === 0 || s.phase === "move") {
      for (const a of candidates(s)) {
        if (isLegal(s, a) !== legal.has(JSON.stringify(a))) expect.fail(`isLegal disagrees on ${JSON.stringify(a)} (phase ${s.phase})`);
        checked++;
      }
    }
    const p = game.activePlayers(s)[0]!;
    const own = game.legalActions(s, p);
    s = game.apply(s, randomInt(rng, 0, 9) === 0 ? own[randomInt(rng, 0, own.length - 1)]! : seats[p]!.act(s, p, own));
  }
  return checked;
}

describe("Age of Steam isLegal", () => {
  it("agrees with legalActions on every candidate action of random and thrifty games (Rust Belt)", () => {
    // Two seeds per table from HARNESS_RUNS=8 on, one by default (CONTRIBUTING.md, "How deep the tests go").
    const seeds = scaledCount(2, 1);
    let checked = 0;
    for (const players of [3, 6]) for (let seed = 1; seed <= seeds; seed++) checked += check(players, seed, "rust-belt", thriftyBot, 400);
    expect(checked).toBeGreaterThan(20_000);
  });

  it("agrees with legalActions on the Orient Express, rides included", () => {
    const seeds = scaledCount(3, 1);
    let checked = 0;
    for (let seed = 1; seed <= seeds; seed++) checked += check(4, seed, "orient-express", thriftyBot, 400);
    expect(checked).toBeGreaterThan(10_000);
  });
});
