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
// only on hexes whose surroundings changed. On every build state of random games (played in place,
// several games interleaved on one map so the index meets states it did not follow, and through
// the checked path), the list must equal the definition: every hex and every tile in every
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

describe("Age of Steam: the placement index", () => {
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
