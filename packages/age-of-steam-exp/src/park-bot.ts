import { type Bot, type Seed } from "@rules/core";
import { isPark } from "./amusement.js";
import { thriftyBot } from "./bot.js";
import { copySim, parkBoard, parkSim, waitingCount, type ParkBoard, type ParkSim, type TurnPlan } from "./park-model.js";
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
  /** The turn the plans start at, and the model state they start from. */
  turn: number;
  start: ParkSim;
  plans: TurnPlan[];
  total: number;
}

/** What identifies a park's board and setup for the planner (the board never changes unless urbanized). */
function boardKey(s: State): string {
  return JSON.stringify([s.map.park, s.park!.newCity, s.lastTurn, s.map.incomeTax]);
}

function sameStart(a: ParkSim, b: ParkSim): boolean {
  return a.cash === b.cash && a.income === b.income && a.shares === b.shares && a.loco === b.loco && a.turn === b.turn && a.discs.join() === b.discs.join() && a.waiting.join() === b.waiting.join() && a.served.join() === b.served.join();
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
 * Deterministic: `seed` only seeds the hex-map play. About 50–300 ms a turn on the park (the first
 * decision of each turn; the rest follow the plan).
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

  /** The plans for this turn from its first decision (the shares step), made or kept. */
  const plansAt = (state: State): Memo => {
    const key = boardKey(state);
    const board = memo && memo.boardKey === key ? memo.board : parkBoard(state);
    const start = parkSim(state, board);
    if (memo && memo.boardKey === key && memo.turn === state.turn && sameStart(memo.start, start)) return memo;
    const total = memo && memo.boardKey === key ? memo.total : waitingCount(start) + state.outOfPlay.reduce((a, b) => a + b, 0);
    // The rest of the game planned at the previous turn, if this is the turn it expected.
    const keep = memo && memo.boardKey === key && memo.turn === state.turn - 1 ? memo.plans.slice(1) : undefined;
    const plans = search ? searchTurn(start, board, total, keep, budget).plans : rollout(copySim(start), board);
    memo = { board, boardKey: key, turn: state.turn, start: copySim(start), plans, total };
    return memo;
  };

  return {
    name: "planner",
    act(state, player, legal) {
      if (!isPark(state)) return hex.act(state, player, legal);
      const fallback = (): Action => legal.find((a) => a.type === "done") ?? legal.find((a) => a.type === "pass") ?? legal[0]!;
      // The turn's first decision plans it; a share issued by the plan keeps it.
      const issuing = memo !== undefined && memo.turn === state.turn && state.shares[0]! > memo.start.shares;
      if (state.phase === "shares" && !issuing) plansAt(state);
      const plan = memo && memo.turn === state.turn ? memo.plans[0] : undefined;
      if (!plan) return greedyMove(state, legal) ?? fallback();
      switch (state.phase) {
        case "shares":
          return state.shares[0]! < memo!.start.shares + plan.shares ? pick(legal, { type: "issueShare" }) ?? fallback() : fallback();
        case "select":
          return pick(legal, { type: "select", action: plan.action }) ?? fallback();
        case "build": {
          const next = plan.discs[state.build.count];
          return next === undefined ? fallback() : pick(legal, { type: "lay", link: next }) ?? fallback();
        }
        case "move": {
          const m = plan.moves[state.move.round - 1];
          if (m === undefined || m === "pass") return pick(legal, { type: "pass" }) ?? fallback();
          if (m === "raise") return pick(legal, { type: "raiseLoco" }) ?? fallback();
          const colors = ["red", "blue", "purple", "yellow", "black"] as const;
          return pick(legal, { type: "transport", from: m.from, color: colors[m.color]!, links: [...m.links] } as Partial<Action>) ?? greedyMove(state, legal) ?? fallback();
        }
        default:
          return fallback();
      }
    },
  };
}

/** Without a plan (a state met mid-turn): the longest transport, else the raise, else done or pass. */
function greedyMove(state: State, legal: readonly Action[]): Action | undefined {
  if (state.phase !== "move") return undefined;
  let best: Action | undefined;
  for (const a of legal) if (a.type === "transport" && (!best || (best.type === "transport" && a.links.length > best.links.length))) best = a;
  return best ?? legal.find((a) => a.type === "raiseLoco");
}
