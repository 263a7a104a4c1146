import { cloneJson, type Bot, type Seed } from "@rules/core";
import { reduce } from "./apply.js";
import { COLORS } from "./data.js";
import { isPark } from "./amusement.js";
import { thriftyBot } from "./bot.js";
import { copySim, parkBoard, parkSim, stageOf, waitingCount, type ParkBoard, type TurnPlan } from "./park-model.js";
import { rollout, searchTurn } from "./park-planner.js";
import type { Action, State } from "./schema.js";

/**
 * Options of {@link plannerBot}.
 *
 * @example
 * ```ts
 * import { game, plannerBot, type PlannerOptions } from "@rules/age-of-steam-exp";
 *
 * const greedy: PlannerOptions = { search: false }; // the greedy turns alone, a yardstick
 * const bot = plannerBot(1, greedy);
 * const s = game.initialState(3, { players: 1, map: "amusement-park" });
 * console.log(bot.act(s, 0, game.legalActions(s, 0)));
 * ```
 */
export interface PlannerOptions {
  /**
   * Search each turn (default true). `false` plays the greedy turn alone: the same plans without
   * trying the others, a yardstick for what the search adds.
   */
  search?: boolean;
  /**
   * Model turns the search may play per turn planned (default 20,000, about 0.2–0.5 s of one core;
   * a whole turn of the model takes some 20–40 µs). Smaller plays faster and a little weaker.
   */
  budget?: number;
}

interface Memo {
  board: ParkBoard;
  boardKey: string;
  /** The turn `plans[0]` is for, and the stage it was planned from (shares, discs laid, round then). */
  turn: number;
  shares: number;
  discs: number;
  round: number;
  plans: TurnPlan[];
  /** The fingerprint of the state the last move leads to: a state that differs is planned anew. */
  expect: string;
}

/** What identifies a park's board and setup for the planner (the board never changes unless urbanized). */
function boardKey(s: State): string {
  return JSON.stringify([s.map.park, s.park!.newCity, s.lastTurn, s.map.incomeTax]);
}

/** Everything of a park state the planner reads, as a string. */
function fingerprint(s: State): string {
  return JSON.stringify([s.turn, s.phase, s.cash, s.income, s.shares, s.loco, s.selected, s.build, s.move, s.park, s.outOfPlay]);
}

/** The first legal action of `legal` equal to `want` (by type and fields). */
function pick(legal: readonly Action[], want: Partial<Action>): Action | undefined {
  const keys = Object.keys(want) as Array<keyof Action>;
  return legal.find((a) => keys.every((k) => JSON.stringify(a[k]) === JSON.stringify(want[k])));
}

/**
 * The planner: on the Amusement Park (solo) a search over each turn's plan — the action, the discs
 * and the two transports — that plays every candidate game out with greedy turns on a model of the
 * park and keeps the best (cleared soonest, else most visitors carried), remembering the best game
 * found so a later turn never plans worse. On the hex maps it plays as {@link thriftyBot}.
 * Deterministic: `seed` only seeds the hex-map play. The search runs at the first decision of
 * each turn (at most about 0.5 s of one core on the default board, bounded by `budget`); the other
 * decisions follow the plan. It clears 94% of Normal parks (the package guide, "Bots").
 *
 * @example
 * ```ts
 * import { game, plannerBot } from "@rules/age-of-steam-exp";
 *
 * const bot = plannerBot(1);
 * let s = game.initialState(3, { players: 1, map: "amusement-park", difficulty: "easy" });
 * while (!game.isTerminal(s)) s = game.apply(s, bot.act(s, 0, game.legalActions(s, 0)));
 * console.log(s.park!.result, game.outcome(s)!.breakdown![0]!.transported);
 * ```
 */
export function plannerBot(seed: Seed = 0, options: PlannerOptions = {}): Bot<State, Action> {
  const hex = thriftyBot(seed);
  let memo: Memo | undefined;
  const search = options.search ?? true;
  const budget = options.budget ?? 20_000;

  /** Plan the rest of this turn (and, as a guess, the game) from `state`. */
  const plan = (state: State, followed: boolean): Memo => {
    const key = boardKey(state);
    const same = memo !== undefined && memo.boardKey === key;
    const board = same ? memo!.board : parkBoard(state);
    const start = parkSim(state, board);
    const stage = stageOf(state);
    const total = waitingCount(start) + state.outOfPlay.reduce((a, b) => a + b, 0);
    // The rest of the game found last turn competes, so the plan never gets worse while followed.
    const keep = followed && memo!.turn === state.turn - 1 ? memo!.plans.slice(1) : undefined;
    const plans = search ? searchTurn(start, board, total, keep, budget, stage).plans : rollout(copySim(start), board);
    return { board, boardKey: key, turn: state.turn, shares: state.shares[0]!, discs: state.build.count, round: state.move.round, plans, expect: "" };
  };

  const choose = (state: State, legal: readonly Action[], m: Memo): Action => {
    const fallback = (): Action => legal.find((a) => a.type === "done") ?? legal.find((a) => a.type === "pass") ?? legal[0]!;
    const p = m.plans[0];
    if (!p) return greedyMove(state, legal) ?? fallback();
    switch (state.phase) {
      case "shares":
        return state.shares[0]! < m.shares + p.shares ? pick(legal, { type: "issueShare" }) ?? fallback() : fallback();
      case "select":
        return pick(legal, { type: "select", action: p.action }) ?? fallback();
      case "build": {
        const next = p.discs[state.build.count - m.discs];
        return next === undefined ? fallback() : pick(legal, { type: "lay", link: next }) ?? fallback();
      }
      case "move": {
        const move = p.moves[state.move.round - m.round];
        if (move === undefined || move === "pass") return pick(legal, { type: "pass" }) ?? fallback();
        if (move === "raise") return pick(legal, { type: "raiseLoco" }) ?? fallback();
        return pick(legal, { type: "transport", from: move.from, color: COLORS[move.color]!, links: [...move.links] } as Partial<Action>) ?? greedyMove(state, legal) ?? fallback();
      }
      default:
        return fallback();
    }
  };

  return {
    name: "planner",
    act(state, player, legal) {
      if (!isPark(state)) return hex.act(state, player, legal);
      const followed = memo !== undefined && memo.expect === fingerprint(state);
      // Each turn is searched at its first decision; a state off the plan is searched where it stands.
      if (!followed || memo!.turn !== state.turn) memo = plan(state, followed);
      const a = choose(state, legal, memo!);
      const next = cloneJson(state);
      reduce(next, a);
      memo!.expect = fingerprint(next);
      return a;
    },
  };
}

/** Without a plan (none found): the longest transport, else the raise, else done or pass. */
function greedyMove(state: State, legal: readonly Action[]): Action | undefined {
  if (state.phase !== "move") return undefined;
  let best: Action | undefined;
  for (const a of legal) if (a.type === "transport" && (!best || (best.type === "transport" && a.links.length > best.links.length))) best = a;
  return best ?? legal.find((a) => a.type === "raiseLoco");
}
