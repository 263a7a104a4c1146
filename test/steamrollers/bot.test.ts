import { cloneJson, isRulesError, mctsBot, randomBot, type Bot } from "@rules/core";
import { game, plannerBot, turnPlanner, type Action, type State } from "@rules/steamrollers";
import { describe, expect, it } from "vitest";
import { games } from "../../packages/cli/src/games.js";
import { resolveBots } from "../../packages/cli/src/play.js";
import { createServer } from "../../packages/cli/src/serve.js";

/** Plays a game to its end with one bot per seat, checking every move is among the seat's legal actions. */
function play(seed: number, bots: Array<Bot<State, Action>>, options: Record<string, unknown> = {}): { state: State; actions: number } {
  const s = cloneJson(game.initialState(seed, { players: bots.length, ...options }));
  let actions = 0;
  while (!game.isTerminal(s)) {
    const p = game.activePlayers(s)[0]!;
    const legal = game.legalActions(s, p);
    const a = bots[p]!.act(s, p, legal);
    const key = JSON.stringify(a);
    expect(legal.some((l) => JSON.stringify(l) === key)).toBe(true);
    game.applyInPlace(s, a);
    actions++;
  }
  return { state: s, actions };
}

const score = (s: State, seat: number): number => game.outcome(s)!.scores[seat]!;

describe("plannerBot", () => {
  it("plays a solo game to its end with legal moves only, and the same seed gives the same game", () => {
    const a = play(11, [plannerBot(5)]);
    expect(a.state.over).toBe(true);
    expect(play(11, [plannerBot(5)]).state).toEqual(a.state);
  });

  it("plays every seat of a multiplayer game to its end", () => {
    const { state } = play(4, [plannerBot(1), plannerBot(2), plannerBot(3)]);
    expect(state.over).toBe(true);
    for (let p = 0; p < 3; p++) expect(score(state, p)).toBeGreaterThan(15);
  });

  it("beats random play by a clear margin: solo at Clerk and against a random seat (fixed seeds)", () => {
    for (const seed of [1, 2, 3]) {
      const planner = score(play(seed, [plannerBot(seed)], { difficulty: "clerk" }).state, 0);
      const random = score(play(seed, [randomBot(seed) as Bot<State, Action>], { difficulty: "clerk" }).state, 0);
      expect(planner).toBeGreaterThan(random + 15);
      const duel = play(seed, [plannerBot(seed), randomBot(seed) as Bot<State, Action>]).state;
      expect(score(duel, 0)).toBeGreaterThan(score(duel, 1) + 15);
    }
  });

  it("refuses knobs out of range with a RulesError", () => {
    for (const options of [{ beam: 0 }, { beam: 1.5 }, { chainDiscount: 2 }, { chainDiscount: Number.NaN }]) {
      let error: unknown;
      try {
        plannerBot(1, options);
      } catch (e) {
        error = e;
      }
      expect(isRulesError(error) && error.code).toBe("INVALID_OPTIONS");
    }
  });

  it("is the CLI's `planner` for steamrollers (play, simulate, serve)", () => {
    expect(resolveBots("planner", 1, game)).toEqual(["planner"]);
    expect(resolveBots("planner,random", 2, game, { timeBudgets: false })).toEqual(["planner", "random"]);
    expect(() => resolveBots("planner", 2, games["donkey-valley"])).toThrow(/planner/);
    const reply = createServer(games);
    const call = (req: unknown): any => JSON.parse(reply(JSON.stringify(req)));
    const { session } = call({ cmd: "new", game: "steamrollers", seed: 2, options: { players: 1 } }).result;
    const r = call({ cmd: "bot", session, player: 0, bot: "planner", seed: 1 });
    expect(r.ok).toBe(true);
    expect(r.result.bot).toBe("planner");
    expect(call({ cmd: "apply", session, action: r.result.action }).ok).toBe(true);
  });

  it("mcts+planner is the CLI's search over the planner's turns (play and serve; simulate with iterations only)", () => {
    expect(resolveBots("mcts+planner:2", 1, game, { timeBudgets: false })).toEqual(["mcts+planner:2"]);
    expect(resolveBots("mcts+planner:1s", 1, game)).toEqual(["mcts+planner:1s"]);
    expect(() => resolveBots("mcts+planner:1s", 1, game, { timeBudgets: false })).toThrow(/time budget/);
    expect(() => resolveBots("mcts+planner:2", 1, games["donkey-valley"])).toThrow(/no bot to play the playouts/);
    const reply = createServer(games);
    const call = (req: unknown): any => JSON.parse(reply(JSON.stringify(req)));
    const { session } = call({ cmd: "new", game: "steamrollers", seed: 2, options: { players: 1 } }).result;
    const r = call({ cmd: "bot", session, player: 0, bot: "mcts+planner:2", seed: 1 });
    expect(r.ok).toBe(true);
    expect(call({ cmd: "apply", session, action: r.result.action }).ok).toBe(true);
  });
});

describe("turnPlanner", () => {
  it("offers whole turns from the state given, best first, each starting with a distinct first step where it can", () => {
    const s = game.initialState(5, { players: 1 });
    const plans = turnPlanner(2, { plans: 4 })(s, 0);
    expect(plans.length).toBe(4);
    for (const plan of plans) {
      const c = cloneJson(s);
      for (const a of plan) {
        expect(game.legalActions(c, 0).map((l) => JSON.stringify(l))).toContain(JSON.stringify(a));
        game.applyInPlace(c, a);
      }
      expect(c.round).toBe(s.round + 1); // the plan is the whole turn (Olive has played after it)
    }
    expect(new Set(plans.map((p) => JSON.stringify(p[0]))).size).toBeGreaterThan(1);
    // The best plan starts with the step plannerBot plays, from the same seed.
    expect(plans[0]![0]).toEqual(plannerBot(2).act(s, 0, game.legalActions(s, 0)));
    expect(() => turnPlanner(1, { plans: 0 })).toThrow(/plans/);
  });

  it("as mctsBot's plans: one search decides the turn, and the bot plays the plan's later steps without searching", () => {
    let calls = 0;
    const planner = turnPlanner(3);
    const plans = (st: State, seat: number): Action[][] => (calls++, planner(st, seat));
    // One iteration visits the first plan only, so the bot plays exactly that plan.
    const bot = mctsBot(game, { iterations: 1, seed: 1, plans, maxPlayoutSteps: 0 });
    const s = cloneJson(game.initialState(8, { players: 1 }));
    const expected = turnPlanner(3)(s, 0)[0]!;
    const played: Action[] = [];
    while (s.round === 1) {
      const a = bot.act(s, 0, game.legalActions(s, 0)) as Action;
      played.push(a);
      game.applyInPlace(s, a);
    }
    expect(played).toEqual(expected);
    expect(calls).toBe(1);
    // A state the plan did not foresee (another game) makes it search again.
    const other = game.initialState(9, { players: 1 });
    bot.act(other, 0, game.legalActions(other, 0));
    expect(calls).toBe(2);
  });
});
