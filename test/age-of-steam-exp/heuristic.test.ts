import { cloneJson, logistic } from "@rules/core";
import { game, heuristic, initialState, parkProgress, promisedScore, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { fresh } from "./helpers.js";

// The playout cut-off value for MCTS (score.ts `heuristic`): on the base maps the score each seat
// would make now (3 × income − 3 × shares + track in complete links; an eliminated seat last) plus
// 0.3 per dollar, minus 10 when cash and income will not cover the next expenses, compared seat
// against seat with a lead of 5 points worth about 0.73 (logistic(1)); on the solo Amusement Park,
// the progress toward a clear.

describe("Age of Steam heuristic", () => {
  it("at the start every seat is equal: 0.5 each", () => {
    expect(heuristic(fresh(3))).toEqual([0.5, 0.5, 0.5]);
  });

  it("income is worth 3 points a step (rulebook §1.4): 3 income ahead is logistic(9/5) against each other seat", () => {
    const s = fresh(3);
    s.income[0] = 3;
    const h = heuristic(s);
    expect(h[0]).toBeCloseTo(logistic(9 / 5), 12);
    expect(h[1]).toBeCloseTo((logistic(-9 / 5) + 0.5) / 2, 12);
    expect(game.heuristic!(s)).toEqual(h);
  });

  it("a share issued costs 3 points; an eliminated seat ranks below everyone", () => {
    const s = fresh(3);
    s.shares[1]! += 1;
    expect(heuristic(s)[1]).toBeCloseTo(logistic(-3 / 5), 12);
    s.eliminated[2] = true;
    expect(heuristic(s)[2]).toBeLessThan(1e-9);
  });
});

describe("Age of Steam heuristic: cash and the next expenses", () => {
  it("a dollar counts 0.3: $10 more is a lead of 3 points", () => {
    const s = fresh(3);
    s.cash[2]! += 10;
    expect(promisedScore(s)[2]! - promisedScore(s)[0]!).toBeCloseTo(3, 12);
    expect(heuristic(s)[2]).toBeCloseTo(logistic(3 / 5), 12);
  });

  it("cash and income short of the next expenses ($1 per share and per locomotive level, phase VII) cost 10 points", () => {
    const s = fresh(3);
    const before = promisedScore(s)[1]!;
    s.cash[1] = s.shares[1]! + s.loco[1]! - 1;
    s.income[1] = 0;
    expect(promisedScore(s)[1]).toBeCloseTo(before - 0.3 * (fresh(3).cash[1]! - s.cash[1]!) - 10, 12);
    s.income[1] = 1; // now it is covered exactly
    expect(promisedScore(s)[1]).toBeCloseTo(before + 3 - 0.3 * (fresh(3).cash[1]! - s.cash[1]!), 12);
  });
});

describe("Amusement Park progress (the solo heuristic)", () => {
  const park = (): State => cloneJson(initialState(1, { players: 1, map: "amusement-park" }));

  it("nothing carried and nothing served: 0", () => {
    expect(parkProgress(park())).toBe(0);
    expect(heuristic(park())).toEqual([0]);
  });

  it("one visitor carried to a large attraction of its colour: 0.6 × 1/visitors + 0.4 × 1/large attractions", () => {
    const s = park();
    const from = s.park!.visitors.findIndex((v) => v.length > 0);
    const colour = s.park!.visitors[from]!.pop()!;
    const dest = s.map.park!.attractions.findIndex((a, i) => i !== from && a.kind === "large" && a.color === colour);
    s.outOfPlay[["red", "blue", "purple", "yellow", "black"].indexOf(colour)]! += 1;
    s.park!.served[dest] = true;
    const visitors = s.park!.visitors.flat().length + 1;
    const large = s.map.park!.attractions.filter((a) => a.kind === "large").length;
    expect(parkProgress(s)).toBeCloseTo(0.6 / visitors + 0.4 / large, 12);
  });

  it("every visitor carried and every large attraction served (the clear conditions): 1", () => {
    const s = park();
    for (const vs of s.park!.visitors) {
      for (const c of vs.splice(0)) s.outOfPlay[["red", "blue", "purple", "yellow", "black"].indexOf(c)]! += 1;
    }
    s.park!.served = s.park!.served.map(() => true);
    expect(parkProgress(s)).toBe(1);
  });
});
