import { RulesError, cloneJson, randomInt, seedRng } from "@rules/core";
import { game, thriftyBot, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";

const e = game.encoding!;

describe("Age of Steam numeric encoding (hex maps)", () => {
  it("has the documented sizes", () => {
    const rb = game.initialState(1, { players: 4 });
    expect(e.actionCount(rb)).toBe(SIZES["rust-belt"].actions);
    expect(e.observationSize(rb)).toBe(SIZES["rust-belt"].observation);
    const oe = game.initialState(1, { players: 4, map: "orient-express" });
    expect(e.actionCount(oe)).toBe(SIZES["orient-express"].actions);
    expect(e.observationSize(oe)).toBe(SIZES["orient-express"].observation);
  });

  for (const map of ["rust-belt", "orient-express"]) {
    it(`${map}: indices round-trip, the mask is exactly the legal actions, observations have a fixed length and equal views encode equally`, () => {
      let moves = 0;
      for (const players of [4, 6]) {
        for (const seed of [players]) {
          const rng = seedRng(seed);
          const bots = Array.from({ length: players }, (_, p) => thriftyBot(seed * 10 + p));
          let s: State = game.initialState(seed, { players, map });
          const n = e.actionCount(s);
          for (let step = 0; step < 300 && !game.isTerminal(s); step++) {
            const p = game.activePlayers(s)[0]!;
            const legal = game.legalActions(s, p);
            const mask = e.legalActionMask(s, p);
            expect(mask).toHaveLength(n);
            const fromMask: string[] = [];
            mask.forEach((m, i) => {
              if (m === 1) fromMask.push(JSON.stringify(e.decodeAction(s, p, i)));
            });
            expect(fromMask.sort()).toEqual(legal.map((a) => JSON.stringify(a)).sort());
            // Compared as JSON text, one expect a state (stricter than toEqual: key order too).
            expect(legal.filter((a) => JSON.stringify(e.decodeAction(s, p, e.encodeAction(s, a))) !== JSON.stringify(a))).toEqual([]);
            moves += legal.filter((a) => a.type === "move").length;
            const obs = e.encodeObservation(s, p);
            expect(obs).toHaveLength(e.observationSize(s));
            expect(obs.every(Number.isFinite)).toBe(true);
            expect(JSON.stringify(e.encodeObservation(game.determinize!(s, p, randomInt(rng, 0, 1000)), p))).toBe(JSON.stringify(obs));
            const a = randomInt(rng, 0, 9) === 0 ? legal[randomInt(rng, 0, legal.length - 1)]! : bots[p]!.act(s, p, legal);
            s = game.apply(s, a);
          }
        }
      }
      expect(moves).toBeGreaterThan(10);
    });
  }

  it("decodes every index to an action, and an index with no delivery behind it to one the rules refuse", () => {
    const s = game.initialState(1, { players: 4 });
    const n = e.actionCount(s);
    for (let i = 0; i < n; i += 7) expect(game.schemas.action.safeParse(e.decodeAction(s, 0, i)).success).toBe(true);
    expect(e.legalActionMask(s, 0).reduce((a, b) => a + b, 0)).toBe(game.legalActions(s, 0).length);
  });

  it("refuses an index or an action outside its range, and a map that is not a hex map", () => {
    const s = game.initialState(1, { players: 4 });
    expect(() => e.decodeAction(s, 0, e.actionCount(s))).toThrow(RulesError);
    expect(() => e.decodeAction(s, 0, -1)).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "build", player: 0, hex: 1600, tile: "straight", rot: 0 })).toThrow(RulesError);
    const graph = { ...s, map: { ...s.map, topology: "graph" } } as unknown as State;
    expect(() => e.actionCount(graph)).toThrow(RulesError);
    expect(() => e.encodeObservation(graph, 0)).toThrow(/hex maps only/);
  });
});

describe("Age of Steam numeric encoding (the Amusement Park)", () => {
  it("has the documented sizes", () => {
    const s = game.initialState(1, { players: 1 });
    expect(e.actionCount(s)).toBe(SIZES["amusement-park"].actions);
    expect(e.observationSize(s)).toBe(SIZES["amusement-park"].observation);
  });

  it("indices round-trip, the mask is exactly the legal actions and observations have a fixed length, at every difficulty", () => {
    let transports = 0;
    for (const difficulty of ["easy", "normal", "hard"] as const) {
      for (const seed of [1, 2, 3]) {
        const rng = seedRng(seed);
        // Uniform random play goes bankrupt before it carries anyone: seed 1 plays from the start,
        // seeds 2 and 3 from a park with every link laid and the locomotive at 6 on turn 4 (the
        // first turn whose locomotive may be 6: loadState refuses more).
        const start = cloneJson(game.initialState(seed, { players: 1, difficulty })) as State;
        if (seed > 1) {
          start.park!.discs = start.map.park!.links.map((l) => l.icons);
          start.loco = [6];
          start.turn = 4;
        }
        let s: State = game.loadState(start);
        const n = e.actionCount(s);
        while (!game.isTerminal(s)) {
          const legal = game.legalActions(s, 0);
          const mask = e.legalActionMask(s, 0);
          expect(mask).toHaveLength(n);
          const fromMask: string[] = [];
          mask.forEach((m, i) => {
            if (m === 1) fromMask.push(JSON.stringify(e.decodeAction(s, 0, i)));
          });
          expect(fromMask.sort()).toEqual(legal.map((a) => JSON.stringify(a)).sort());
          expect(legal.filter((a) => JSON.stringify(e.decodeAction(s, 0, e.encodeAction(s, a))) !== JSON.stringify(a))).toEqual([]);
          transports += legal.filter((a) => a.type === "transport").length;
          const obs = e.encodeObservation(s, 0);
          expect(obs).toHaveLength(e.observationSize(s));
          expect(obs.every(Number.isInteger)).toBe(true);
          expect(JSON.stringify(e.encodeObservation(game.determinize!(s, 0, randomInt(rng, 0, 1000)), 0))).toBe(JSON.stringify(obs));
          // Carry more often than a uniform choice would.
          const carry = legal.filter((a) => a.type === "transport");
          const pool = carry.length > 0 && randomInt(rng, 0, 2) > 0 ? carry : legal;
          s = game.apply(s, pool[randomInt(rng, 0, pool.length - 1)]!);
        }
      }
    }
    expect(transports).toBeGreaterThan(10);
  });

  it("decodes an index with no legal action behind it to an action the rules refuse, and refuses indices out of range with a RulesError", () => {
    let s: State = game.initialState(1, { players: 1 });
    s = game.apply(s, { type: "done", player: 0 });
    const mask = e.legalActionMask(s, 0);
    for (let i = 0; i < mask.length; i += 13) {
      const a = e.decodeAction(s, 0, i);
      expect(game.schemas.action.safeParse(a).success).toBe(true);
      if (mask[i] === 0) expect(() => game.apply(s, a)).toThrow(RulesError);
    }
    expect(() => e.decodeAction(s, 0, e.actionCount(s))).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "build", player: 0, hex: 0, tile: "straight", rot: 0 })).toThrow(RulesError);
  });
});

const SIZES = {
  "amusement-park": { actions: 13_651, observation: 234 },
  "rust-belt": { actions: 56_696, observation: 2_066 },
  "orient-express": { actions: 70_056, observation: 3_251 },
};
