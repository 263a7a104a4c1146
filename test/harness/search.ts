// The search bot guided by a playout policy and by plans (macro actions), on any game: a property
// of core's mctsBot that every game must support, since the search drives the game's own rules.
import { canonicalJson, chooseActor, mctsBot, randomInt, seedRng, type BaseAction, type Bot, type Game } from "@rules/core";
import { expect } from "vitest";

/**
 * Plays `decisions` decisions of one game with `mctsBot` at every seat, its playouts chosen by a
 * recording policy and its tree's children the plans of a small planner (a legal action and, when
 * the same seat acts again, its first legal follow-up). Checks that the policy is asked at playout
 * steps with exactly the state's legal actions and leaves the state alone, that every move is legal
 * (`apply` checks it), and that a second bot with the same seed makes the same moves.
 */
export function checkGuidedSearch(game: Game, args: { seed: number; players: number; options?: Record<string, unknown>; decisions?: number }): void {
  let asked = 0;
  const policy = (_game: Game, seed: number | string): Bot => {
    const rng = seedRng(seed);
    return {
      name: "recording",
      act(state, player, legal) {
        asked++;
        const before = canonicalJson(state);
        expect(game.activePlayers(state)).toContain(player);
        expect(legal.map(canonicalJson)).toEqual(game.legalActions(state, player).map(canonicalJson));
        const a = legal[randomInt(rng, 0, legal.length - 1)]!;
        expect(canonicalJson(state)).toBe(before);
        return a;
      },
    };
  };
  const plans = (state: unknown, player: number): BaseAction[][] =>
    game.legalActions(state, player).slice(0, 3).map((a) => {
      const s = game.cloneState!(state);
      game.applyInPlace(s, a);
      const next = game.activePlayers(s).includes(player) ? game.legalActions(s, player)[0] : undefined;
      return next ? [a, next] : [a];
    });
  const play = (withPlans: boolean): string[] => {
    const bot = mctsBot(game, { iterations: 6, seed: args.seed, playout: policy, maxPlayoutSteps: 4, ...(withPlans ? { plans } : {}) });
    const rng = seedRng(args.seed);
    let s = game.initialState(args.seed, { ...args.options, players: args.players });
    const moves: string[] = [];
    for (let i = 0; i < (args.decisions ?? 6) && !game.isTerminal(s); i++) {
      const p = chooseActor(game.activePlayers(s), rng)!;
      const a = bot.act(s, p, game.legalActions(s, p));
      s = game.apply(s, a);
      moves.push(canonicalJson(a));
    }
    return moves;
  };
  for (const withPlans of [false, true]) {
    asked = 0;
    const moves = play(withPlans);
    if (moves.length > 0) expect(asked).toBeGreaterThan(0);
    expect(play(withPlans)).toEqual(moves);
  }
}
