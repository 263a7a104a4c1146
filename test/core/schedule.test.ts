import { chooseActor, mctsBot, playRecords, seedRng, simulate } from "@rules/core";
import { game as steamPark } from "@rules/steam-park";
import { describe, expect, it } from "vitest";
import { playGame } from "../../packages/cli/src/play.js";
import { grab } from "./fixtures/grab.js";

// Simultaneous steps are scheduled fairly: every driver draws who acts first from its own seeded
// stream (chooseActor), never "the lowest active seat", which hands seat 0 every race.

describe("chooseActor", () => {
  it("returns the only seat without drawing, undefined for none, and each of several seats about equally often", () => {
    const rng = seedRng(1);
    const before = JSON.stringify(rng);
    expect(chooseActor([3], rng)).toBe(3);
    expect(chooseActor([], rng)).toBeUndefined();
    expect(JSON.stringify(rng)).toBe(before);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[chooseActor([0, 1, 2, 3], rng)!]!++;
    for (const c of counts) expect(c).toBeGreaterThan(900);
    expect(chooseActor([5, 7], seedRng(9))).toBe(chooseActor([5, 7], seedRng(9)));
  });
});

describe("the drivers give no seat the races of a simultaneous step", () => {
  const raced = () => (_g: unknown, _seed: unknown) => ({ name: "racer", act: (_s: unknown, _p: number, legal: readonly { type: string }[]) => legal.find((a) => a.type !== "coin") ?? legal[0]! });

  it("simulate and playRecords: each seat wins about half the races, and the same seed gives the same report", () => {
    const r = simulate(grab, { games: 400, seed: 3, bots: [raced()] });
    expect(r.winRateBySeat[0]).toBeGreaterThan(0.4);
    expect(r.winRateBySeat[1]).toBeGreaterThan(0.4);
    expect(simulate(grab, { games: 400, seed: 3, bots: [raced()] })).toEqual(r);
    const wins = playRecords(grab, 0, 400, { seed: 3, bots: [raced()] }).filter((x) => x.outcome!.winners[0] === 1).length;
    expect(wins / 400).toBeCloseTo(r.winRateBySeat[1]!, 10);
  });

  it("the CLI's playGame lets either seat win the race, by its seed", () => {
    const winners = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      const played = playGame(grab, seed, 2, ["random", "random"]);
      const last = played.states[played.states.length - 1];
      if (played.actions.length === 2) winners.add(grab.outcome(last as never)!.winners[0]!);
    }
    expect([...winners].sort()).toEqual([0, 1]);
  });

  it("mctsBot's tree and playouts schedule the race fairly: seat 1 races (wins 1/2) rather than tossing the coin (1/3)", () => {
    const s = grab.initialState(1);
    const legal = grab.legalActions(s, 1);
    for (const seed of [1, 2, 3]) expect(mctsBot(grab, { iterations: 600, seed }).act(s, 1, legal).type).toBe("race");
  });

  it("Steam Park, 2 random players: the dice race no longer gives seat 0 the first Turn Order token (it won 98.5% of 200 games)", () => {
    const r = simulate(steamPark, { games: 200, seed: 1, players: 2 });
    for (const w of r.winRateBySeat) expect(w).toBeGreaterThan(0.38);
  });
});
