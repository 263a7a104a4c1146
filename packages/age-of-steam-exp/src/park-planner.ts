import { RULES } from "./data.js";
import {
  canCarry,
  copySim,
  discCost,
  discLimit,
  layDisc,
  playTurn,
  TURN_START,
  reachableAll,
  waitingCount,
  type Move,
  type ParkBoard,
  type ParkRoute,
  type ParkSim,
  type PlanAction,
  type TurnPlan,
  type TurnStage,
} from "./park-model.js";

// The turn planner of the Amusement Park: a greedy turn (build the cheapest route that meets its
// destination's sides, take the action that route needs, carry the longest visitors) and a search
// that tries every action with every set of discs for this turn, finishes each game with greedy
// turns on the model, and keeps the plan whose game ends best: cleared soonest, else most visitors
// carried and attractions served (the clear conditions, rulebook "Clear Conditions").

/** Discs still missing on each link of a route. */
function missing(s: ParkSim, board: ParkBoard, r: ParkRoute): number {
  let m = 0;
  for (const l of r.links) m += board.icons[l]! - s.discs[l]!;
  return m;
}

/** Every route of a waiting visitor, with the callback told its missing discs. */
function forWaiting(s: ParkSim, board: ParkBoard, visit: (r: ParkRoute) => void): void {
  for (let i = 0; i < s.waiting.length; i++) if (s.waiting[i]! > 0) for (const r of board.routes[i]!) visit(r);
}

/**
 * The route to build next: one that meets its destination's sides, fewest discs missing first,
 * then an unserved destination, then the longest (more income).
 */
export function targetRoute(s: ParkSim, board: ParkBoard): { route: ParkRoute; missing: number } | undefined {
  let best: ParkRoute | undefined;
  let bestKey = Infinity;
  let bestMissing = 0;
  forWaiting(s, board, (r) => {
    if (r.links.length < board.sides[r.dest]!) return;
    const m = missing(s, board, r);
    if (m === 0 && r.links.length <= s.loco) return;
    const key = m * 100 + (s.served[r.dest] ? 10 : 0) - r.links.length;
    if (key < bestKey) {
      bestKey = key;
      best = r;
      bestMissing = m;
    }
  });
  return best ? { route: best, missing: bestMissing } : undefined;
}

/** The discs of a turn: the target route's missing icons in route order, then the next target's, up to `limit`. */
function greedyDiscs(s: ParkSim, board: ParkBoard, limit: number): number[] {
  const t = copySim(s);
  const out: number[] = [];
  while (out.length < limit) {
    const goal = targetRoute(t, board);
    if (!goal || goal.missing === 0) break;
    for (const l of goal.route.links) {
      while (out.length < limit && t.discs[l]! < board.icons[l]!) {
        layDisc(t, board, l);
        out.push(l);
      }
    }
  }
  return out;
}

/** How much a move is worth to the greedy: its income, more for a destination not yet served. */
function moveValue(s: ParkSim, r: ParkRoute): number {
  return r.links.length + (s.served[r.dest] ? 0 : 2);
}

/** Would carrying along `r` take the last visitor able to reach an unserved attraction (a park lost at the turn's end)? */
function strands(s: ParkSim, board: ParkBoard, r: ParkRoute): boolean {
  const i = r.from * 5 + r.color;
  const served = s.served[r.dest]!;
  s.waiting[i]! -= 1;
  s.served[r.dest] = true;
  const ok = reachableAll(s, board);
  s.waiting[i]! += 1;
  s.served[r.dest] = served;
  return !ok;
}

/** The best route the visitor can take now (`souvenir`: the sides minimum still waivable). */
function bestCarry(s: ParkSim, board: ParkBoard, souvenir: boolean): ParkRoute | undefined {
  let best: ParkRoute | undefined;
  let bestV = -1;
  forWaiting(s, board, (r) => {
    if (!canCarry(s, board, r, souvenir)) return;
    // A waived minimum is best spent on the hardest visitor: a short route to a many-sided attraction.
    const v = moveValue(s, r) + (r.links.length < board.sides[r.dest]! ? board.sides[r.dest]! - 2 : 0);
    if (v > bestV && !strands(s, board, r)) {
      bestV = v;
      best = r;
    }
  });
  return best;
}

/** The two moves the greedy makes on `s` after its build (`s` is changed as they are). */
export function greedyMoves(s: ParkSim, board: ParkBoard, souvenirTaken: boolean, stage: TurnStage = TURN_START): Move[] {
  const moves: Move[] = [];
  let souvenir = souvenirTaken && stage.souvenirLeft;
  let raised = stage.raised;
  for (let round = stage.round - 1; round < 2; round++) {
    const now = bestCarry(s, board, souvenir);
    let raise = false;
    if (!raised && s.loco < RULES.maxLoco) {
      s.loco += 1;
      const after = bestCarry(s, board, souvenir);
      s.loco -= 1;
      // Raise when nothing can go now, or (first round) when the raise opens a longer carry.
      raise = !now || (round === 0 && after !== undefined && after.links.length > now.links.length && after.links.length >= board.sides[after.dest]!);
    }
    if (raise) {
      raised = true;
      s.loco += 1;
      moves.push("raise");
      continue;
    }
    if (!now) {
      moves.push("pass");
      continue;
    }
    if (now.links.length < board.sides[now.dest]!) souvenir = false;
    s.waiting[now.from * 5 + now.color]! -= 1;
    s.served[now.dest] = true;
    s.income += now.links.length;
    moves.push(now);
  }
  return moves;
}

/** Shares to issue so the discs are paid and the turn's expenses met: each share is $5 now and $1 every turn. */
function sharesFor(s: ParkSim, board: ParkBoard, discs: number, income: number, loco: number): number {
  const cost = discCost(board, discs);
  const due = s.shares + loco;
  const k = Math.max(0, Math.ceil((cost - s.cash) / RULES.shareValue), Math.ceil((due + cost - s.cash - income) / (RULES.shareValue - 1)));
  return Math.min(k, RULES.maxShares - s.shares);
}

/** Complete a turn plan from an action and its discs: the greedy moves and the shares they need. */
export function planWith(s: ParkSim, board: ParkBoard, action: PlanAction, discs: number[], stage: TurnStage = TURN_START): TurnPlan {
  const t = copySim(s);
  if (action === "locomotive" && stage.action === null) t.loco = Math.min(RULES.maxLoco, t.loco + 1);
  for (const l of discs) layDisc(t, board, l);
  const moves = greedyMoves(t, board, action === "souvenir", stage);
  const paid = Math.max(0, Math.min(discs.length, board.discsPerTurn - (stage.discsLaid === Infinity ? board.discsPerTurn : stage.discsLaid)));
  return { shares: stage.sharesDone ? 0 : sharesFor(s, board, paid, t.income, t.loco), action, discs, moves };
}

/** The greedy turn: the action the target route needs, its discs, the best moves. */
export function greedyTurn(s: ParkSim, board: ParkBoard): TurnPlan {
  const goal = targetRoute(s, board);
  const proper = bestCarry(s, board, false);
  let action: PlanAction;
  if (goal && goal.missing === 0 && goal.route.links.length > s.loco && !proper) action = "locomotive";
  else if (goal && goal.missing >= 3) action = "engineer";
  else if (!proper && bestCarry(s, board, true)) action = "souvenir";
  else if (goal && goal.route.links.length > s.loco) action = "locomotive";
  else if (goal && goal.missing > 0) action = "engineer";
  else action = "souvenir";
  return planWith(s, board, action, greedyDiscs(s, board, discLimit(board, action)));
}

/** How a finished (or abandoned) model game ranks: cleared soonest first, then visitors carried, then attractions served. */
export function gameValue(s: ParkSim, board: ParkBoard, total: number): number {
  if (s.over === "cleared") return 10_000 + (board.lastTurn - s.turn) * 10 + s.cash / 1000;
  const served = s.served.filter((v, i) => v && board.large[i]).length;
  return (total - waitingCount(s)) * 100 + served * 20 + s.income;
}

/** Play greedy turns to the end of the game; the plans made. */
export function rollout(s: ParkSim, board: ParkBoard, plans: TurnPlan[] = []): TurnPlan[] {
  while (!s.over) {
    const plan = greedyTurn(s, board);
    const before = copySim(s);
    if (!playTurn(s, board, plan)) {
      // A greedy plan the model refuses (cash short of a disc): the same turn without discs.
      Object.assign(s, before);
      const bare = planWith(before, board, plan.action, []);
      if (!playTurn(s, board, bare)) {
        Object.assign(s, before);
        const nothing: TurnPlan = { shares: 0, action: "souvenir", discs: [], moves: ["pass", "pass"] };
        playTurn(s, board, nothing);
        plans.push(nothing);
        continue;
      }
      plans.push(bare);
      continue;
    }
    plans.push(plan);
  }
  return plans;
}

/** Every multiset of at most `limit` discs over links with icons left, each link at most its missing icons. */
export function discSets(s: ParkSim, board: ParkBoard, limit: number): number[][] {
  const out: number[][] = [[]];
  const open: number[] = [];
  for (let l = 0; l < board.icons.length; l++) if (s.discs[l]! < board.icons[l]!) open.push(l);
  const grow = (start: number, set: number[]): void => {
    if (set.length === limit) return;
    for (let i = start; i < open.length; i++) {
      const l = open[i]!;
      const used = set.filter((x) => x === l).length;
      if (s.discs[l]! + used >= board.icons[l]!) continue;
      const next = [...set, l];
      out.push(next);
      grow(i, next);
    }
  };
  grow(0, []);
  return out;
}

export interface Search {
  /** The plan for this turn and the greedy turns after it that scored `value`. */
  plans: TurnPlan[];
  value: number;
  /** Model turns played. */
  turns: number;
}

/**
 * Search this turn's plans: every action with every set of discs (greedy moves, the shares they
 * need), each game finished with greedy turns; `keep` (the rest of an earlier best game) competes
 * too, so the value never falls from turn to turn. `budget` caps the model turns played (the
 * search stops trying sets of discs once it is spent).
 */
export function searchTurn(s: ParkSim, board: ParkBoard, total: number, keep?: TurnPlan[], budget = Infinity, stage: TurnStage = TURN_START): Search {
  let best: Search = { plans: [], value: -Infinity, turns: 0 };
  let turns = 0;
  const tryPlans = (first: TurnPlan[]): void => {
    const t = copySim(s);
    const done: TurnPlan[] = [];
    for (const [i, p] of first.entries()) {
      if (t.over) break;
      if (!playTurn(t, board, p, i === 0 ? stage : TURN_START)) return;
      done.push(p);
      turns++;
    }
    const rest = rollout(t, board);
    turns += rest.length;
    const value = gameValue(t, board, total);
    if (value > best.value) best = { plans: [...done, ...rest], value, turns: 0 };
  };
  if (keep && keep.length > 0) tryPlans(keep);
  if (stage === TURN_START) tryPlans([greedyTurn(s, board)]);
  // The actions in turn, each set of discs at a time, so a budget cut-off leaves every action tried.
  const actions = stage.action === null ? (["souvenir", "locomotive", "engineer"] as const) : [stage.action];
  const discsLeft = (action: PlanAction): number => (stage.discsLaid === Infinity ? 0 : Math.max(0, discLimit(board, action) - stage.discsLaid));
  const sets = actions.map((action) => ({ action, sets: discSets(s, board, discsLeft(action)) }));
  const longest = Math.max(...sets.map((x) => x.sets.length));
  for (let i = 0; i < longest && turns < budget; i++) {
    for (const { action, sets: list } of sets) if (i < list.length) tryPlans([planWith(s, board, action, list[i]!, stage)]);
  }
  best.turns = turns;
  return best;
}
