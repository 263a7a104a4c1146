import { cloneJson, nextActor, randomInt, seedRng } from "@rules/core";
import { game, type Action, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { scaledRuns } from "../harness/index.js";
import { checkPlacement } from "../../packages/age-of-steam-exp/src/build.js";
import { ORIENTED, compileMap, oriented } from "../../packages/age-of-steam-exp/src/map.js";
import { legalPlacements } from "../../packages/age-of-steam-exp/src/placements.js";
import { RUST_BELT } from "@rules/age-of-steam-exp";
import { atBuild, fresh, lay, rb } from "./helpers.js";

// The legal placements come from an index of verdicts kept per map and builder and judged again
// only on hexes whose surroundings changed, looked for only where a change can reach when the
// listing follows the last one of the same state object. On every build state of random games
// (played in place, one at a time so each listing follows the last, and several interleaved on one
// map so the index meets states it did not follow, and through the checked path), the list must
// equal the definition: every hex and every tile in every
// rotation judged afresh by checkPlacement, in hex, then tile kind, then rotation order.

/** The legal placements by definition: checkPlacement on every hex and oriented tile. */
function byDefinition(s: State, player: number): string[] {
  const out: string[] = [];
  const cells = compileMap(s.map).grid.cells.length;
  for (let hex = 0; hex < cells; hex++) {
    for (const o of ORIENTED) if (checkPlacement(s, player, hex, o.tile, o.rot).ok) out.push(`${hex}:${o.tile}:${o.rot}`);
  }
  return out;
}

const listed = (s: State, player: number): string[] => legalPlacements(s, player).map((p) => `${p.hex}:${p.tile}:${p.rot}`);

function expectDefinition(s: State): void {
  if (s.phase !== "build" || s.queue.length === 0) return;
  const p = s.queue[0]!;
  expect(listed(s, p)).toEqual(byDefinition(s, p));
}

/** Plays `games` random games at once, one action of each in turn, in place; checks every build state. */
function interleaved(seed: string, games: number, options: Record<string, unknown>): number {
  const rng = seedRng(seed);
  const states = Array.from({ length: games }, (_, g) => game.initialStateInPlace!(g + 1, options));
  let checked = 0;
  while (states.some((s) => !game.isTerminal(s))) {
    for (const s of states) {
      if (game.isTerminal(s)) continue;
      const legal = game.legalActions(s, nextActor(game, s, rng)!);
      if (s.phase === "build") {
        expectDefinition(s);
        checked++;
      }
      game.applyInPlace(s, legal[randomInt(rng, 0, legal.length - 1)]!);
    }
  }
  return checked;
}

/** The seat other than `p` with the most links (so a change of builder meets owned track), or the next seat. */
function otherSeat(s: State, p: number): number {
  let best = (p + 1) % s.players;
  let most = -1;
  for (let q = 0; q < s.players; q++) {
    if (q === p) continue;
    const owned = s.track.filter((t) => t.paths.some((x) => x.owner === q)).length;
    if (owned > most) (most = owned), (best = q);
  }
  return best;
}

/**
 * Plays one game in place, listing the same state object after every action (so each listing
 * follows the last: only the hexes a change can reach are looked at again), and on every build
 * state also lists it for another seat and back, and checks a copy listed before and after each of
 * several edits by hand. Returns the build states checked.
 */
function followed(seed: string, options: Record<string, unknown>): number {
  const rng = seedRng(seed);
  const s = game.initialStateInPlace!(randomInt(rng, 1, 1_000_000), options);
  let checked = 0;
  while (!game.isTerminal(s)) {
    const legal = game.legalActions(s, nextActor(game, s, rng)!);
    if (s.phase === "build" && s.queue.length > 0) {
      const p = s.queue[0]!;
      const q = otherSeat(s, p);
      expect(listed(s, p)).toEqual(byDefinition(s, p));
      expect(listed(s, q)).toEqual(byDefinition(s, q));
      expect(listed(s, p)).toEqual(byDefinition(s, p));
      if (checked % 3 === 0) editsByHand(cloneJson(s) as State, p, rng);
      checked++;
    }
    game.applyInPlace(s, legal[randomInt(rng, 0, legal.length - 1)]!);
  }
  return checked;
}

/** Lists `s` for `p`, edits it by hand one way after another, and lists it again after each. */
function editsByHand(s: State, p: number, rng: ReturnType<typeof seedRng>): void {
  const again = (): void => expect(listed(s, p)).toEqual(byDefinition(s, p));
  again();
  const pick = <T>(list: readonly T[]): T | undefined => (list.length === 0 ? undefined : list[randomInt(rng, 0, list.length - 1)]);
  const path = pick(s.track.flatMap((t) => t.paths));
  if (path) {
    path.owner = path.owner === p ? null : p;
    again();
    path.turn = s.turn - 1;
    again();
  }
  const tile = pick(s.track);
  if (tile) {
    // Another tile's name on the same paths: a placement there would return that tile instead.
    tile.tile = tile.tile === "straight" ? "gentle" : "straight";
    again();
  }
  s.cash[p] = Math.max(0, s.cash[p]! - 4);
  again();
  if (s.track.length > 0) {
    s.track.splice(randomInt(rng, 0, s.track.length - 1), 1);
    again();
  }
  if (s.track.length > 1) {
    s.track.reverse();
    again();
    s.track.reverse();
    again();
  }
}

describe("Age of Steam: the placement index", () => {
  for (const [label, options] of [
    ["Rust Belt, 3 players", { players: 3 }],
    ["Rust Belt, 5 players", { players: 5 }],
    ["Orient Express, 4 players", { players: 4, map: "orient-express" }],
  ] as const) {
    it(`lists exactly the placements checkPlacement accepts when each listing follows the last on one state played in place, for another seat, and after edits by hand (${label})`, () => {
      let checked = 0;
      for (let g = 0; g < scaledRuns(4); g++) checked += followed(`placement-follow-${label}-${g}`, options);
      expect(checked).toBeGreaterThan(scaledRuns(4) * 4);
    });
  }

  for (const [label, options] of [
    ["Rust Belt, 4 players", { players: 4 }],
    ["Rust Belt, 6 players", { players: 6 }],
    ["Orient Express, 5 players", { players: 5, map: "orient-express" }],
  ] as const) {
    it(`lists exactly the placements checkPlacement accepts, on every build state of interleaved games played in place (${label})`, () => {
      const checked = interleaved(`placement-index-${label}`, scaledRuns(16), options);
      expect(checked).toBeGreaterThan(scaledRuns(16) * 4);
    });
  }

  it("follows the markers, disks and cash running out, one placement at a time", () => {
    // Seat 0's track laid by hand as a game could lay it (every exit through an open side): town
    // disks until all 8 are used, then single straights next to the cities, one link each, until
    // its 20 markers are; then its cash falls a dollar at a time.
    const s = atBuild(fresh(4), 0);
    const map = compileMap(s.map);
    const openRot = (h: number): number | undefined => [0, 1, 2].find((r) => oriented("straight", r)!.exits.every((e) => map.open[h * 6 + e]));
    let disks = 0;
    for (const t of RUST_BELT.towns) {
      const h = rb(t.hex[0], t.hex[1]);
      const r = openRot(h);
      if (r === undefined || disks >= 8) continue;
      lay(s, h, "straight", r, null);
      disks++;
      if (disks >= 7) expectDefinition(s);
    }
    expect(disks).toBe(8);
    let laid = 0;
    for (const [c, r] of RUST_BELT.cities.map((x) => x.hex)) {
      const h = rb(c, r);
      for (let e = 0; e < 6 && laid < 21; e++) {
        const n = map.grid.neighbors[h]![e]!;
        const rot = (e + 3) % 3;
        if (n < 0 || map.terrain[n] !== "plain" || map.townAt[n]! >= 0 || s.track.some((t) => t.hex === n)) continue;
        if (!oriented("straight", rot)!.exits.every((x) => map.open[n * 6 + x])) continue;
        lay(s, n, "straight", rot, 0);
        laid++;
        if (laid >= 17) expectDefinition(s);
      }
    }
    expect(laid).toBeGreaterThanOrEqual(20);
    for (let cash = 8; cash >= 0; cash--) {
      s.cash[0] = cash;
      expectDefinition(s);
    }
  });

  it("lists the same on states of the checked path, on copies, and after edits by hand", () => {
    const rng = seedRng("placement-index-checked");
    let s = game.initialState(7, { players: 4 });
    let checked = 0;
    while (!game.isTerminal(s) && checked < scaledRuns(40)) {
      const legal = game.legalActions(s);
      if (s.phase === "build") {
        expectDefinition(s);
        const copy = cloneJson(s) as State;
        expectDefinition(copy);
        // Edits by hand: the builder's cash, a tile's owner and the supply.
        const p = copy.queue[0]!;
        copy.cash[p] = Math.max(0, copy.cash[p]! - 3);
        expectDefinition(copy);
        const path = copy.track[0]?.paths[0];
        if (path) path.owner = path.owner === p ? null : p;
        expectDefinition(copy);
        copy.supply.straight = 0;
        copy.supply.gentle = 1;
        expectDefinition(copy);
        if (copy.track.length > 0) copy.track.splice(randomInt(rng, 0, copy.track.length - 1), 1);
        expectDefinition(copy);
        checked++;
      }
      s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]! as Action);
    }
    expect(checked).toBeGreaterThan(0);
  });
});
