import { cloneJson, logistic, nextActor, randomBot } from "@rules/core";
import { apply, defaultComponents, game, heuristic, initialState, outcome, scoreSeat, type State } from "@rules/steam-donkey";
import { describe, expect, it } from "vitest";

// The playout cut-off value for MCTS (score.ts `heuristic`): the score each resort would make now,
// compared seat against seat with a lead of 3 points worth about 0.66 (logistic(1)).

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
    const lead = scoreSeat(s, 0).total - scoreSeat(s, 1).total;
    expect(lead).toBe(2); // Guesthouse 1 point, and one missing space fewer
    const h = heuristic(s);
    expect(h[0]).toBeCloseTo(logistic(lead / 3), 12);
    expect(h[1]).toBeCloseTo((logistic(-lead / 3) + 0.5) / 2, 12);
    expect(h[2]).toBe(h[1]);
  });

  it("at the end of a game it ranks the seats as the outcome does", () => {
    const s = game.initialStateInPlace!(5, { players: 3 });
    const bots = [randomBot(1), randomBot(2), randomBot(3)];
    while (!game.isTerminal(s)) {
      const p = nextActor(game, s)!;
      game.applyInPlace(s, bots[p]!.act(s, p, game.legalActions(s, p)));
    }
    const o = outcome(s)!;
    const h = heuristic(s);
    for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) if (o.scores[p]! > o.scores[q]!) expect(h[p]).toBeGreaterThan(h[q]!);
  });

  it("is the game's heuristic hook, the value mctsBot gives a cut-off playout", () => {
    const s = withGuesthouse(started(2), 1);
    expect(game.heuristic!(s)).toEqual(heuristic(s));
    expect(heuristic(s)[1]).toBeGreaterThan(0.5);
  });
});
