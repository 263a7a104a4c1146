import { RulesError, randomInt, seedRng } from "@rules/core";
import { game, type Options, type State } from "@rules/steamrollers";
import { describe, expect, it } from "vitest";
import { grownTracks, heavyState } from "./heavy.js";

const e = game.encoding!;

/** Check the encoding on one state: mask = legal set, round trips, fixed length, view-only observation. */
function checkState(s: State, rng: ReturnType<typeof seedRng>): number {
  const n = e.actionCount(s);
  let checked = 0;
  for (let p = 0; p < s.players; p++) {
    const legal = game.legalActions(s, p);
    const mask = e.legalActionMask(s, p);
    expect(mask).toHaveLength(n);
    const fromMask = mask.flatMap((m, i) => (m === 1 ? [JSON.stringify(e.decodeAction(s, p, i))] : []));
    expect(fromMask.sort()).toEqual(legal.map((a) => JSON.stringify(a)).sort());
    expect(legal.filter((a) => JSON.stringify(e.decodeAction(s, p, e.encodeAction(s, a))) !== JSON.stringify(a))).toEqual([]);
    checked += legal.length;
    const obs = e.encodeObservation(s, p);
    expect(obs).toHaveLength(e.observationSize(s));
    expect(obs.every(Number.isFinite)).toBe(true);
    expect(e.encodeObservation(game.determinize!(s, p, randomInt(rng, 0, 1000)), p)).toEqual(obs);
  }
  return checked;
}

describe("SteamRollers numeric encoding", () => {
  it("has the documented sizes", () => {
    const sizes = [1, 2, 3, 4, 5].map((players) => {
      const s = game.initialState(1, { players });
      return [e.actionCount(s), e.observationSize(s)];
    });
    expect(sizes).toEqual([
      [4909, 2616],
      [5899, 2652],
      [6889, 2688],
      [7879, 2724],
      [8869, 2760],
    ]);
    const withModules = game.initialState(1, { players: 3, coal: true, orders: true, startingPowers: true, walls: "hard" });
    expect([e.actionCount(withModules), e.observationSize(withModules)]).toEqual([6889, 2688]);
  });

  it("every index round-trips through decodeAction and encodeAction", () => {
    for (const players of [1, 3, 5]) {
      const s = game.initialState(1, { players, ...(players > 1 ? { orders: true } : {}) });
      const n = e.actionCount(s);
      const wrong: number[] = [];
      for (let i = 0; i < n; i++) if (e.encodeAction(s, e.decodeAction(s, 0, i)) !== i) wrong.push(i);
      expect(wrong).toEqual([]);
    }
  });

  it("on random games of every player count and module: the mask is exactly the legal actions, indices round-trip, observations have a fixed length and depend only on the view", () => {
    const configs: Array<Partial<Options>> = [
      { players: 1, difficulty: "railBaron", walls: "hard" },
      { players: 2, coal: true, orders: true, startingPowers: true, walls: "hard" },
      { players: 3 },
      { players: 4, orders: true, startingPowers: true, walls: "medium" },
      { players: 5, coal: true, orders: true, startingPowers: true },
    ];
    let checked = 0;
    for (const options of configs) {
      const rng = seedRng(options.players!);
      let s = game.initialState(options.players!, options);
      for (let step = 0; !game.isTerminal(s); step++) {
        if (step % 8 === 0) checked += checkState(s, rng);
        const legal = game.legalActions(s);
        s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
      }
      checked += checkState(s, rng);
      expect(e.legalActionMask(s, 0).every((m) => m === 0)).toBe(true);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("covers the widest deliveries: grown networks with tiles 3a, 3b, 4a and 4b", () => {
    const rng = seedRng(9);
    let deliveries = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const tracks = grownTracks(seed, 3000);
      for (const sides of [{ t3: "a", t4: "a" }, { t3: "b", t4: "b" }] as const) {
        for (let die = 1; die <= 6; die++) {
          const s = heavyState(tracks, die, sides);
          checkState(s, rng);
          deliveries += game.legalActions(s).filter((a) => a.type === "deliver").length;
        }
      }
    }
    expect(deliveries).toBeGreaterThan(100);
  });

  it("refuses an index or an action outside its range", () => {
    const s = game.initialState(1, { players: 3 });
    expect(() => e.decodeAction(s, 0, 6889)).toThrow(RulesError);
    expect(() => e.decodeAction(s, 0, -1)).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "build", player: 0, col: 40, row: 40, edges: [0, 1] })).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "deliver", player: 0, from: 1, slot: 5, to: 2, distance: 1, boost: 0 })).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "deliver", player: 0, from: 1, slot: 0, to: 1, distance: 1, boost: 0 })).toThrow(RulesError);
  });

  it("encodes only what the view shows: a state with another generator encodes the same", () => {
    const s = game.initialState(5, { players: 3 });
    const other = { ...s, rng: game.initialState(6, { players: 3 }).rng };
    expect(e.encodeObservation(other, 1)).toEqual(e.encodeObservation(s, 1));
  });
});
