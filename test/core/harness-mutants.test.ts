// The harness must fail on broken games: each mutant below breaks one clause of the contract, and
// the harness has to notice. (A check that cannot fail protects nothing.)
import { RulesError, cloneJson, freezeJson, type Game } from "@rules/core";
import { describe, expect, it } from "vitest";
import { DEFAULT_HARNESS_RUNS, HARNESS_REFERENCE_RUNS, checkBoundedInput, checkCorruptions, checkRandomGame, deepFreeze } from "../harness/index.js";
import { StateSchema, highCard } from "./fixtures/high-card.js";

type HC = typeof highCard;

// Rebuild the fixture with one part replaced. The fixture's definition is reachable through the
// bundle's methods, so each mutant wraps them.
function mutant(patch: Partial<Record<keyof HC, unknown>>): Game {
  return { ...highCard, ...patch } as Game;
}

/** The stride of the default depth (HARNESS_RUNS unset): one state in 4 gets the costly checks. */
const DEFAULT_STRIDE = Math.round(HARNESS_REFERENCE_RUNS / DEFAULT_HARNESS_RUNS);

/**
 * Runs `check` with every state checked (stride 1) and with the default depth's sampling: a mutant
 * must be caught by both, so `npm test` at its default depth protects what a deep run does.
 * Rethrows the sampled run's error; fails when only one of the two caught it.
 */
function atBothDepths<T>(check: (stride: number) => T): T {
  const caught: unknown[] = [];
  let result: T | undefined;
  for (const stride of [1, DEFAULT_STRIDE]) {
    try {
      result = check(stride);
    } catch (e) {
      caught.push(e);
    }
  }
  if (caught.length === 1) throw new Error(`caught at one depth only: ${String(caught[0])}`, { cause: caught[0] });
  if (caught.length === 2) throw caught[1];
  return result!;
}

const run = (g: Game) => atBothDepths((stride) => checkRandomGame(g, { seed: 5, botSeed: 9, players: 3, stride }));

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

  it("a scores hook that agrees with the outcome, and one that does not at the end or misses a seat", () => {
    const scores = (s: any) => [...s.points];
    expect(() => run(mutant({ scores }))).not.toThrow();
    expect(() => run(mutant({ scores: (s: any) => (highCard.isTerminal(s) ? s.points.map((x: number) => x + 1) : scores(s)) }))).toThrow(/outcome's scores/);
    expect(() => run(mutant({ scores: (s: any) => scores(s).slice(1) }))).toThrow(/one per seat/);
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

  it("a state holding -0, which JSON saves as 0 (so it does not load back as it was)", () => {
    const negativeZero = (seed: any, o: any) => {
      const s = highCard.initialState(seed, o) as any;
      return freezeJson({ ...cloneJson(s), points: s.points.map(() => -0) });
    };
    expect(() => run(mutant({ initialState: negativeZero }))).toThrow(/-0/);
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

// The trust boundary (issue 6): each property the harness gained must fail on a game that breaks it.
describe("the harness catches games that trust untrusted input", () => {
  const corrupt = (g: Game) =>
    atBothDepths((stride) => checkCorruptions(g, { seed: 3, botSeed: 4, players: 3, corruptions: 200, ...(stride > 1 ? { stride, playedToEnd: 2 } : {}) }));
  const bounded = (g: Game) => checkBoundedInput(g, { seed: 5, botSeed: 6, players: 2 });

  it("passes the correct fixture", () => {
    const r = corrupt(highCard);
    expect(r.tried).toBeGreaterThan(100);
    expect(() => bounded(highCard)).not.toThrow();
  });

  it("a loadState that checks only the schema (a card moved to another zone deadlocks the game)", () => {
    const schemaOnly = (json: unknown) => {
      const r = StateSchema.safeParse(json);
      if (!r.success) throw new RulesError("INVALID_STATE", "Not a valid High Card state.");
      return deepFreeze(r.data);
    };
    expect(() => corrupt(mutant({ loadState: schemaOnly }))).toThrow(/loadState accepted a state with/);
  });

  it("a loadState whose refusal lists every problem at length", () => {
    const wordy = (json: unknown) => {
      try {
        return highCard.loadState(json);
      } catch (e) {
        throw new RulesError("INVALID_STATE", (e as Error).message.repeat(200));
      }
    };
    expect(() => bounded(mutant({ loadState: wordy }))).toThrow(/character message/);
  });

  it("a loadState that crashes on junk instead of refusing it", () => {
    const crashing = (json: any) => {
      if (json.hands.length > 4) throw new RulesError("INVALID_STATE", "Too many seats in this state.");
      return highCard.loadState(json);
    };
    expect(() => bounded(mutant({ loadState: crashing }))).toThrow(/instead of a RulesError/);
  });

  it("an initialState that crashes on odd options in a log (replay must answer with a RulesError)", () => {
    const fragile = (seed: any, o: any) => {
      if (o && typeof o.players === "string") throw new TypeError("players.toFixed is not a function");
      return highCard.initialState(seed, o);
    };
    expect(() => bounded(mutant({ initialState: fragile }))).toThrow(/instead of a RulesError/);
  });

  it("a loadState that refuses a state the engine made from allowed options", () => {
    const picky = (json: any) => {
      if (json?.rounds === 1) throw new RulesError("INVALID_STATE", "One-round games are not valid states.");
      return highCard.loadState(json);
    };
    expect(() => bounded(mutant({ loadState: picky }))).toThrow(/rounds = 1/);
  });

  it("a playerView that shows something to a seat that does not exist", () => {
    const lenient = (s: any, v: any) => {
      try {
        return highCard.playerView(s, v);
      } catch {
        return highCard.playerView(s, null);
      }
    };
    expect(() => bounded(mutant({ playerView: lenient }))).toThrow(/playerView accepted/);
  });

  it("an action for a seat that does not exist answered with NOT_YOUR_TURN", () => {
    const turnOnly = (s: any, a: any) => {
      let player: unknown;
      try {
        player = a?.player;
      } catch {
        return highCard.apply(s, a);
      }
      if (typeof player === "number" && player >= s.hands.length) throw new RulesError("NOT_YOUR_TURN", `Seat ${player} cannot act now.`);
      return highCard.apply(s, a);
    };
    expect(() => run(mutant({ apply: turnOnly }))).toThrow(/INVALID_ACTION/);
  });

  it("an apply that freezes the caller's unfrozen state", () => {
    const freezing = (s: any, a: any) => highCard.apply(deepFreeze(s), a);
    expect(() => run(mutant({ apply: freezing }))).toThrow(/froze part of the caller's unfrozen state/);
  });

  it("an initialState, apply or loadState that hands out an unfrozen state", () => {
    expect(() => run(mutant({ initialState: (seed: any, o: any) => cloneJson(highCard.initialState(seed, o)) }))).toThrow(/not deeply frozen/);
    expect(() => run(mutant({ apply: (s: any, a: any) => cloneJson(highCard.apply(s, a)) }))).toThrow(/not deeply frozen/);
    expect(() => run(mutant({ loadState: (j: unknown) => cloneJson(highCard.loadState(j)) }))).toThrow(/not deeply frozen/);
  });

  it("an apply that rebuilds parts the action left unchanged (no structural sharing)", () => {
    const copying = (s: any, a: any) => freezeJson(cloneJson(highCard.apply(s, a)));
    expect(() => run(mutant({ apply: copying }))).toThrow(/rebuilt parts it did not change/);
  });

  it("an applyWithPatches whose patches do not lead to its state, or whose inverse does not lead back", () => {
    const dropLast = (s: any, a: any) => {
      const r = highCard.applyWithPatches(s, a);
      return { ...r, patches: r.patches.slice(0, -1) };
    };
    expect(() => run(mutant({ applyWithPatches: dropLast }))).toThrow();
    const noInverse = (s: any, a: any) => ({ ...highCard.applyWithPatches(s, a), inversePatches: [] });
    expect(() => run(mutant({ applyWithPatches: noInverse }))).toThrow();
  });

  it("an applyWithPatches that accepts what apply refuses", () => {
    const lax = (s: any, a: any) => {
      try {
        return highCard.applyWithPatches(s, a);
      } catch {
        return { state: s, patches: [], inversePatches: [] };
      }
    };
    expect(() => run(mutant({ applyWithPatches: lax }))).toThrow();
  });

  it("an applyInPlace that fails with a TypeError on a frozen state", () => {
    const raw = (s: any, a: any) => void Object.assign(s, highCard.applyUnchecked(s, a));
    expect(() => run(mutant({ applyInPlace: raw }))).toThrow(/expected a RulesError/);
  });
});
