import { cloneJson, logistic } from "@rules/core";
import { apply, defaultComponents, game, heuristic, initialState, outcome, scoreSeat, type State } from "@rules/steam-donkey";
import { describe, expect, it } from "vitest";
import { playout } from "../harness/index.js";

// The playout cut-off value for MCTS (score.ts `heuristic`): the score each resort would make now
// plus 0.3 per card in hand (the cards that pay for attractions), compared seat against seat with
// a lead of 3 points worth about 0.73 (logistic(1)).

/** The points the heuristic compares: resort score now plus 0.3 per card in hand. */
const promised = (s: State, p: number): number => scoreSeat(s, p).total + 0.3 * s.hands[p]!.length;

/** A game after every seat chose side 0 of its poster (no resort built yet). */
function started(players: number): State {
  let s = initialState(1, { players });
  for (let p = 0; p < players; p++) s = apply(s, { type: "choosePoster", player: p, side: 0 });
  return s;
}

/** Builds a Guesthouse (a green lodging worth 1) in `seat`'s resort, taken from wherever it is. */
function withGuesthouse(s: State, seat: number, nth = 0): State {
  const t = cloneJson(s);
  const c = defaultComponents.cards.flatMap((card, i) => (card.name === "Guesthouse" ? [i] : []))[nth]!;
  for (const pile of [t.deck, t.discard, t.platform, ...t.hands]) {
    const i = pile.indexOf(c);
    if (i >= 0) pile.splice(i, 1);
  }
  t.resorts[seat]!.spaces[1]!.push(c); // green lodging
  return game.loadState(t);
}

describe("Steam Donkey heuristic", () => {
  it("before anything is built every seat is equal: 0.5 each", () => {
    expect(heuristic(started(3))).toEqual([0.5, 0.5, 0.5]);
  });

  it("an attraction scores its points and fills a space (one missing-space point less): the builder leads", () => {
    const s = withGuesthouse(started(3), 0);
    expect(scoreSeat(s, 0).total - scoreSeat(s, 1).total).toBe(2); // Guesthouse 1 point, and one missing space fewer
    expect(s.hands.map((h) => h.length)).toEqual([s.hands[1]!.length, s.hands[1]!.length, s.hands[1]!.length]);
    const lead = promised(s, 0) - promised(s, 1);
    expect(lead).toBe(2);
    const h = heuristic(s);
    expect(h[0]).toBeCloseTo(logistic(lead / 3), 12);
    expect(h[1]).toBeCloseTo((logistic(-lead / 3) + 0.5) / 2, 12);
    expect(h[2]).toBe(h[1]);
  });

  it("a card in hand counts 0.3 (it pays for an attraction later): one card more is a lead of 0.3", () => {
    const t = cloneJson(started(2));
    t.hands[1]!.push(t.deck.pop()!);
    t.hands[1]!.sort((a, b) => a - b);
    const h = heuristic(game.loadState(t));
    expect(h[1]).toBeCloseTo(logistic(0.3 / 3), 12);
    expect(h[0]! + h[1]!).toBeCloseTo(1, 12);
  });

  it("at the end of a game it ranks the seats as the outcome does", () => {
    const s = playout(game, 5, 1, 3, {}, 20_000).states.at(-1);
    const o = outcome(s)!;
    const h = heuristic(s);
    // Cards left in hand count a little; a lead of a full point or more keeps its order.
    for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) if (promised(s, p) > promised(s, q)) expect(h[p]).toBeGreaterThan(h[q]!);
    expect(o.scores).toEqual([0, 1, 2].map((p) => scoreSeat(s, p).total));
  });

  it("is the game's heuristic hook, the value mctsBot gives a cut-off playout", () => {
    const s = withGuesthouse(started(2), 1);
    expect(game.heuristic!(s)).toEqual(heuristic(s));
    expect(heuristic(s)[1]).toBeGreaterThan(0.5);
  });
});
