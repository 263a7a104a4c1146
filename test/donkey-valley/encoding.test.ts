import { RulesError, randomInt, seedRng } from "@rules/core";
import { game, type State } from "@rules/donkey-valley";
import { describe, expect, it } from "vitest";

const e = game.encoding!;

describe("Donkey Valley numeric encoding", () => {
  it("has the documented sizes (101 actions, 209 numbers with the default components)", () => {
    const s = game.initialState(1, { players: 4 });
    expect(e.actionCount(s)).toBe(101);
    expect(e.observationSize(s)).toBe(209);
  });

  it("indices round-trip, the mask is exactly the legal actions, observations have a fixed length and depend only on the view", () => {
    for (const players of [3, 5, 7]) {
      for (let seed = 1; seed <= 3; seed++) {
        const rng = seedRng(seed);
        let s: State = game.initialState(seed, { players });
        const n = e.actionCount(s);
        const wrong: number[] = [];
        for (let i = 0; i < n; i++) if (e.encodeAction(s, e.decodeAction(s, 0, i)) !== i) wrong.push(i);
        expect(wrong).toEqual([]);
        while (!game.isTerminal(s)) {
          const p = game.activePlayers(s)[0]!;
          const legal = game.legalActions(s, p);
          const mask = e.legalActionMask(s, p);
          expect(mask).toHaveLength(n);
          const fromMask = mask.flatMap((m, i) => (m === 1 ? [JSON.stringify(e.decodeAction(s, p, i))] : []));
          expect(fromMask.sort()).toEqual(legal.map((a) => JSON.stringify(a)).sort());
          expect(legal.filter((a) => mask[e.encodeAction(s, a)] !== 1)).toEqual([]);
          const obs = e.encodeObservation(s, p);
          expect(obs).toHaveLength(e.observationSize(s));
          expect(obs.every(Number.isFinite)).toBe(true);
          expect(e.encodeObservation(game.determinize!(s, p, randomInt(rng, 0, 1000)), p)).toEqual(obs);
          s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
        }
      }
    }
  });

  it("refuses an index or an action outside its range", () => {
    const s = game.initialState(1, { players: 4 });
    expect(() => e.decodeAction(s, 0, 101)).toThrow(RulesError);
    expect(() => e.decodeAction(s, 0, -1)).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "playLoad", player: 0, value: 11 })).toThrow(RulesError);
  });
});
