import { randomInt, seedRng } from "@rules/core";
import { game, type Action, type Options, type State } from "@rules/steamrollers";
import { describe, expect, it } from "vitest";
import { scaledCount } from "../harness/index.js";
import { mapGrid, comps } from "../../packages/steamrollers/src/data.js";
import { isLegal } from "../../packages/steamrollers/src/legal.js";
import { grownTracks, heavyState } from "./heavy.js";

// `isLegal` lets the checked `apply` skip listing the legal actions; it must say yes exactly to the
// actions `legalActions` lists. Candidates: every action shape of the active seat over the ranges
// that matter (all hexes of the sheet for tracks, every route distance up to 12 for deliveries).
const WILDS = [null, "yellow", "red", "green", "blue", "grey"] as const;

function candidates(s: State, player: number): Action[] {
  const out: Action[] = [];
  const single = ["done", "pass", "improveEngine", "takeTile", "claimDie", "rerollDie", "flipDie", "powerPoints", "powerDelivery", "rerollOlive", "blockOlive"] as const;
  for (const type of single) out.push({ type, player } as Action);
  for (let k = 1; k <= 6; k++) {
    out.push({ type: "powerEngine", player, box: k }, { type: "powerTile", player, tile: k }, { type: "placeGood", player, city: k }, { type: "setDie", player, value: k });
    out.push({ type: "pickDie", player, die: k - 1 }, { type: "secondDie", player, die: k - 1 });
  }
  out.push({ type: "nudgeDie", player, delta: -1 }, { type: "nudgeDie", player, delta: 1 });
  for (let order = 0; order < 7; order++) for (const wild of WILDS) out.push({ type: "fulfilOrder", player, order, wild });
  const cells = mapGrid(comps(s).map).hex.cells;
  for (const [col, row] of [...cells, [40, 40] as [number, number]]) {
    out.push({ type: "powerRail", player, col, row });
    for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) if (a !== b) out.push({ type: "build", player, col, row, edges: [a, b] });
  }
  for (let from = 1; from <= 6; from++) {
    for (let to = 1; to <= 6; to++) {
      for (let slot = -1; slot < 7; slot++) {
        for (let distance = 1; distance <= 12; distance++) for (let boost = 0; boost <= 2; boost++) out.push({ type: "deliver", player, from, slot, to, distance, boost });
      }
    }
  }
  return out;
}

function check(s: State): number {
  const active = game.activePlayers(s);
  if (active.length === 0) return 0;
  const player = active[0]!;
  const legal = new Set(game.legalActions(s).map((a) => JSON.stringify(a)));
  let n = 0;
  for (const a of candidates(s, player)) {
    if (isLegal(s, a) !== legal.has(JSON.stringify(a))) expect.fail(`isLegal disagrees on ${JSON.stringify(a)} (stage ${s.turn?.stage}), legal: ${legal.has(JSON.stringify(a))}`);
    n++;
  }
  // Another seat's action is never legal.
  for (const a of game.legalActions(s)) if (isLegal(s, { ...a, player: (player + 1) % 5 })) expect.fail(`isLegal accepts another seat's ${JSON.stringify(a)}`);
  return n;
}

describe("SteamRollers isLegal", () => {
  it("agrees with legalActions on every candidate action of the states of random games (every module, solo)", () => {
    const configs: Array<Partial<Options>> = [
      { players: 1, difficulty: "engineer", walls: "hard" },
      { players: 2, coal: true, orders: true, startingPowers: true, walls: "hard" },
      { players: 3, startingPowers: true },
      { players: 5, coal: true, orders: true, walls: "medium" },
    ];
    // Two seeds per configuration from HARNESS_RUNS=8 on, one by default (CONTRIBUTING.md, "How deep the tests go").
    const seeds = scaledCount(2, 1);
    let checked = 0;
    for (const options of configs) {
      for (let seed = 1; seed <= seeds; seed++) {
        const rng = seedRng(seed);
        let s = game.initialState(seed, options);
        for (let step = 0; !game.isTerminal(s); step++) {
          if (step % 20 === 0 || (s.turn?.stage !== "act" && step % 3 === 0)) checked += check(s);
          const legal = game.legalActions(s);
          s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it("agrees on the widest deliveries: grown networks with tiles 3a, 3b, 4a and 4b", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const tracks = grownTracks(seed, 3000);
      for (const sides of [{ t3: "a", t4: "a" }, { t3: "b", t4: "b" }] as const) for (let die = 1; die <= 6; die++) check(heavyState(tracks, die, sides));
    }
  });
});
