import { cloneJson, randomBot } from "@rules/core";
import { game, plannerBot, thriftyBot, type Action, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { COLORS } from "../../packages/age-of-steam-exp/src/data.js";
import { copySim, parkBoard, parkSim, playTurn, type Move, type ParkBoard, type TurnPlan } from "../../packages/age-of-steam-exp/src/park-model.js";
import { resolveBots } from "../../packages/cli/src/play.js";

type Bot = { act(s: State, p: number, legal: Action[]): Action };

/** The turn the engine just played, as the planner's model writes it (undefined if it urbanized: the model never does). */
function asPlan(board: ParkBoard, actions: readonly Action[]): TurnPlan | undefined {
  const plan: TurnPlan = { shares: 0, action: "firstMove", discs: [], moves: [] };
  for (const a of actions) {
    if (a.type === "issueShare") plan.shares++;
    else if (a.type === "select") plan.action = a.action === "locomotive" || a.action === "engineer" || a.action === "souvenir" ? a.action : "firstMove";
    else if (a.type === "lay") plan.discs.push(a.link);
    else if (a.type === "urbanize") return undefined;
    else if (a.type === "raiseLoco") plan.moves.push("raise");
    else if (a.type === "pass") plan.moves.push("pass");
    else if (a.type === "transport") {
      const r = board.routes[a.from * 5 + COLORS.indexOf(a.color)]!.find((x) => x.links.join() === a.links.join());
      if (!r) throw new Error(`no model route for ${JSON.stringify(a)}`);
      plan.moves.push(r as Move);
    }
  }
  return plan;
}

/** Play a park with `bot`; at every turn's end the model, given the turn's actions, must match the engine. */
function checkModel(seed: number, difficulty: "easy" | "normal" | "hard", bot: Bot): { turns: number; result: string | null } {
  let s = game.initialState(seed, { players: 1, map: "amusement-park", difficulty });
  const board = parkBoard(s);
  let turns = 0;
  while (!game.isTerminal(s)) {
    const start = parkSim(s, board);
    const turn = s.turn;
    const played: Action[] = [];
    while (!game.isTerminal(s) && s.turn === turn) {
      const a = bot.act(s, 0, game.legalActions(s, 0));
      played.push(a);
      s = game.apply(s, a);
    }
    const plan = asPlan(board, played);
    if (!plan) break;
    const model = copySim(start);
    expect(playTurn(model, board, plan)).toBe(true);
    const engine = parkSim(s, board);
    expect({ ...model, over: model.over ?? null }).toEqual(engine);
    turns++;
  }
  return { turns, result: s.park!.result };
}

describe("the Amusement Park planner", () => {
  it("models the solo turn as the engine plays it: cash, income, shares, locomotive, discs, visitors, served, the end", () => {
    let turns = 0;
    const endings = new Set<string | null>();
    for (const difficulty of ["easy", "normal", "hard"] as const) {
      for (const seed of [1, 2]) {
        const r = checkModel(seed, difficulty, plannerBot(seed));
        turns += r.turns;
        endings.add(r.result);
      }
      // Uniform random play: shares, Urbanization skipped, bankruptcy.
      for (const seed of [3, 4, 5]) endings.add(checkModel(seed, difficulty, randomBot(seed) as Bot).result);
    }
    expect(turns).toBeGreaterThan(40);
    expect(endings).toContain("cleared");
    expect(endings).toContain("bankrupt");
  });

  it("clears most parks at normal difficulty (random play clears none), with legal actions only and the same game from the same state", () => {
    let cleared = 0;
    for (let seed = 1; seed <= 8; seed++) {
      let s = game.initialState(seed, { players: 1, map: "amusement-park" });
      const bot = plannerBot(seed);
      const log: Action[] = [];
      while (!game.isTerminal(s)) {
        const legal = game.legalActions(s, 0);
        const a = bot.act(s, 0, legal);
        expect(legal).toContainEqual(a);
        log.push(a);
        s = game.apply(s, a);
      }
      if (s.park!.result === "cleared") cleared++;
      if (seed === 1) {
        // A fresh planner on the same seed plays the same game.
        let t = game.initialState(seed, { players: 1, map: "amusement-park" });
        const again = plannerBot(99);
        for (const a of log) {
          expect(again.act(t, 0, game.legalActions(t, 0))).toEqual(a);
          t = game.apply(t, a);
        }
      }
    }
    expect(cleared).toBeGreaterThanOrEqual(6);
  });

  it("plans from any state, so a fresh planner for each move (as `rules serve` makes one) still clears the park", () => {
    for (const seed of [1, 2]) {
      let s = game.initialState(seed, { players: 1, map: "amusement-park" });
      while (!game.isTerminal(s)) s = game.apply(s, plannerBot(seed, { budget: 2000 }).act(s, 0, game.legalActions(s, 0)));
      expect(s.park!.result).toBe("cleared");
    }
  });

  it("plays the hex maps as thrifty", () => {
    const hex = game.initialState(2, { players: 3 });
    const p = hex.order[0]!;
    expect(plannerBot(5).act(cloneJson(hex), p, game.legalActions(hex))).toEqual(thriftyBot(5).act(cloneJson(hex), p, game.legalActions(hex)));
  });

  it("is `--bots planner` in the CLI", () => {
    expect(resolveBots("planner", 1, game)).toEqual(["planner"]);
  });
});
