// The harness must fail on broken games: each mutant below breaks one clause of the contract, and
// the harness has to notice. (A check that cannot fail protects nothing.)
import { cloneJson, type Game } from "@rules/core";
import { describe, expect, it } from "vitest";
import { checkRandomGame } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

type HC = typeof highCard;

// Rebuild the fixture with one part replaced. The fixture's definition is reachable through the
// bundle's methods, so each mutant wraps them.
function mutant(patch: Partial<Record<keyof HC, unknown>>): Game {
  return { ...highCard, ...patch } as Game;
}

const run = (g: Game) => checkRandomGame(g, { seed: 5, botSeed: 9, players: 3 });

describe("the harness catches broken games", () => {
  it("passes the correct fixture", () => {
    expect(() => run(highCard)).not.toThrow();
  });

  it("a view that leaks the RNG", () => {
    expect(() => run(mutant({ playerView: (s: any, v: any) => ({ ...highCard.playerView(s, v), hand: s.rng }) }))).toThrow();
  });

  it("a view that shows another seat's face-down card", () => {
    const leaky = (s: any, v: any) => ({ ...highCard.playerView(s, v), ownPlay: s.played[((v ?? 0) + 1) % s.played.length] });
    expect(() => run(mutant({ playerView: leaky }))).toThrow();
  });

  it("an apply that mutates its input", () => {
    const mutating = (s: any, a: any) => {
      const next = highCard.apply(s, a);
      s.round += 0; // frozen input: any write throws
      (s.points as number[])[0] = 99;
      return next;
    };
    expect(() => run(mutant({ apply: mutating }))).toThrow();
  });

  it("a fast path that differs from apply", () => {
    const off = (s: any, a: any) => {
      const n = highCard.applyUnchecked(s, a);
      n.points[0]! += 1;
      return n;
    };
    expect(() => run(mutant({ applyUnchecked: off }))).toThrow();
  });

  it("legal actions that list a duplicate", () => {
    expect(() => run(mutant({ legalActions: (s: any, p?: number) => [...highCard.legalActions(s, p), ...highCard.legalActions(s, p).slice(0, 1)] }))).toThrow();
  });

  it("legal actions that are not empty at the end", () => {
    const never = (s: any, p?: number) => (highCard.isTerminal(s) ? [{ type: "play", player: 0, card: 1 }] : highCard.legalActions(s, p));
    expect(() => run(mutant({ legalActions: never }))).toThrow();
  });

  it("an outcome with a wrong winner", () => {
    const wrong = (s: any) => {
      const o = highCard.outcome(s);
      return o && { ...o, winners: [(o.winners[0]! + 1) % o.scores.length] };
    };
    expect(() => run(mutant({ outcome: wrong }))).toThrow();
  });

  it("a determinize that changes what the viewer sees", () => {
    const bad = (s: any, v: number, seed: number) => {
      const d = highCard.determinize!(s, v, seed);
      const c = cloneJson(d);
      c.points[v]! += 1;
      return c;
    };
    expect(() => run(mutant({ determinize: bad }))).toThrow();
  });

  it("a state that is not plain JSON", () => {
    const withUndefined = (seed: any, o: any) => ({ ...highCard.initialState(seed, o), extra: undefined });
    expect(() => run(mutant({ initialState: withUndefined }))).toThrow();
  });

  it("an apply that throws a plain Error on bad input", () => {
    const plain = (s: any, a: any) => {
      if (typeof a !== "object" || a === null) throw new Error("bad");
      return highCard.apply(s, a);
    };
    expect(() => run(mutant({ apply: plain }))).toThrow();
  });

  it("a game that never ends", () => {
    expect(() => checkRandomGame(mutant({ isTerminal: () => false, legalActions: (s: any, p?: number) => (highCard.isTerminal(s) ? [] : highCard.legalActions(s, p)) }), { seed: 1, botSeed: 1, players: 2, maxSteps: 50 })).toThrow();
  });
});
