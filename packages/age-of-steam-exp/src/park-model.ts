import { attractions, forEachRoute } from "./amusement.js";
import { COLORS, RULES, type Color } from "./data.js";
import { incomeReduction } from "./phases.js";
import type { State } from "./schema.js";

// The planner's model of the Amusement Park (expansion rulebook, "Amusement Park"): the solo turn
// on small arrays, so a search can play thousands of turns a decision. It reads the park's routes
// from the rules (`forEachRoute`, the same walk `legalTransports` makes) once per game and keeps
// only numbers: cash, income, shares, locomotive, discs per link, visitors per attraction and
// colour, served attractions. It never urbanizes (each urbanization adds a 6-sided attraction to
// serve). `test/age-of-steam-exp/park-planner.test.ts` holds it to the engine turn by turn.

/** A full-board route: a visitor of `color` from attraction `from` to `dest` over `links`. */
export interface ParkRoute {
  readonly from: number;
  readonly color: number;
  readonly dest: number;
  readonly links: readonly number[];
  /** Bit l set for each link l of the route. */
  readonly mask: number;
}

/** What the planner knows of the board: fixed for the game while nothing is urbanized. */
export interface ParkBoard {
  readonly icons: readonly number[];
  readonly sides: readonly number[];
  readonly large: readonly boolean[];
  /** `routes[from * 5 + color]`: every route of at most 6 links on the fully built board. */
  readonly routes: ReadonlyArray<readonly ParkRoute[]>;
  /** `reach[from * 5 + color]`: bit a set for each attraction a one of those routes ends at. */
  readonly reach: readonly number[];
  /** Bit a set for each large attraction. */
  readonly largeMask: number;
  readonly iconCost: number;
  readonly discsPerTurn: number;
  readonly engineerFree: number;
  readonly lastTurn: number;
  readonly incomeTax: number;
}

/** The state between two turns, or inside one, as plain numbers. */
export interface ParkSim {
  cash: number;
  income: number;
  shares: number;
  loco: number;
  turn: number;
  discs: number[];
  /** Bit l set when link l has a disc on every icon. */
  usable: number;
  /** `waiting[a * 5 + c]`: visitors of colour c on attraction a. */
  waiting: number[];
  served: boolean[];
  over: "cleared" | "bankrupt" | "turnLimit" | "unwinnable" | null;
}

/** The board of a park state (no urbanized attraction). */
export function parkBoard(state: State): ParkBoard {
  const g = state.map.park!;
  const kinds = attractions(state);
  const routes: ParkRoute[][] = [];
  for (let from = 0; from < g.attractions.length; from++) {
    for (let color = 0; color < 5; color++) {
      const list: ParkRoute[] = [];
      forEachRoute(state, from, COLORS[color]!, RULES.maxLoco, () => true, (dest, links) => {
        list.push({ from, color, dest, links: [...links], mask: links.reduce((m, l) => m | (1 << l), 0) });
      });
      routes.push(list);
    }
  }
  return {
    icons: g.links.map((l) => l.icons),
    sides: kinds.map((k) => k.sides),
    large: kinds.map((k) => k.large),
    routes,
    reach: routes.map((list) => list.reduce((m, r) => m | (1 << r.dest), 0)),
    largeMask: kinds.reduce((m, k, a) => (k.large ? m | (1 << a) : m), 0),
    iconCost: g.iconCost,
    discsPerTurn: g.discsPerTurn,
    engineerFree: g.engineerFreeDiscs,
    lastTurn: state.lastTurn,
    incomeTax: state.map.incomeTax,
  };
}

/** The model of a park state. */
export function parkSim(state: State, board: ParkBoard): ParkSim {
  const p = state.park!;
  const waiting = new Array<number>(p.visitors.length * 5).fill(0);
  p.visitors.forEach((vs, a) => vs.forEach((c: Color) => (waiting[a * 5 + COLORS.indexOf(c)]! += 1)));
  return {
    cash: state.cash[0]!,
    income: state.income[0]!,
    shares: state.shares[0]!,
    loco: state.loco[0]!,
    turn: state.turn,
    discs: [...p.discs],
    usable: p.discs.reduce((m, d, l) => (d === board.icons[l] ? m | (1 << l) : m), 0),
    waiting,
    served: [...p.served],
    over: p.result,
  };
}

export function copySim(s: ParkSim): ParkSim {
  return { ...s, discs: s.discs.slice(), waiting: s.waiting.slice(), served: s.served.slice() };
}

/** The action of a turn the planner takes: Urbanization is never taken, First Build stands for "none". */
export type PlanAction = "locomotive" | "engineer" | "souvenir" | "firstMove";

/** One transport slot: a route, the locomotive raise, or nothing. */
export type Move = ParkRoute | "raise" | "pass";

/** A whole turn: shares issued, the action, the discs laid (by link, in order), the two moves. */
export interface TurnPlan {
  shares: number;
  action: PlanAction;
  discs: number[];
  moves: Move[];
}

/**
 * How far into its turn a state is: the planner plans the rest of a turn met midway (a client that
 * asks a fresh bot for each move). `TURN_START` is the shares step before any share.
 */
export interface TurnStage {
  /** Past the shares step (no more shares this turn). */
  sharesDone: boolean;
  /** The action taken, once past the select step. */
  action: PlanAction | null;
  /** Discs laid this turn; `Infinity` once past the build step. */
  discsLaid: number;
  /** The transport round to come (1 or 2), the raise used, the Souvenir still to spend. */
  round: number;
  raised: boolean;
  souvenirLeft: boolean;
}

export const TURN_START: TurnStage = { sharesDone: false, action: null, discsLaid: 0, round: 1, raised: false, souvenirLeft: true };

/** The stage of an engine state. Urbanization, First Move and First Build are the model's "firstMove" (no effect here). */
export function stageOf(state: State): TurnStage {
  const sel = state.selected[0];
  const action: PlanAction | null = sel === null || sel === undefined ? null : sel === "locomotive" || sel === "engineer" || sel === "souvenir" ? sel : "firstMove";
  switch (state.phase) {
    case "select":
      return { ...TURN_START, sharesDone: true };
    case "build":
      return { ...TURN_START, sharesDone: true, action, discsLaid: state.build.count };
    case "move":
      return { sharesDone: true, action, discsLaid: Infinity, round: state.move.round, raised: state.move.locoRaised[0]!, souvenirLeft: !state.park!.souvenirUsed };
    default:
      return TURN_START;
  }
}

/** Discs the turn may lay: 2, a 3rd (free) with the Engineer ("Engineer: You may lay a 3rd player disc for free"). */
export function discLimit(board: ParkBoard, action: PlanAction): number {
  return board.discsPerTurn + (action === "engineer" ? board.engineerFree : 0);
}

/** What the turn's discs cost: $4 each, the Engineer's extra one free. */
export function discCost(board: ParkBoard, n: number): number {
  return Math.min(n, board.discsPerTurn) * board.iconCost;
}

/** Lay one disc on `link` (the caller keeps the limits). */
export function layDisc(s: ParkSim, board: ParkBoard, link: number): void {
  s.discs[link]! += 1;
  if (s.discs[link] === board.icons[link]) s.usable |= 1 << link;
}

/** May the route carry a visitor now: every link laid, within the locomotive, and the sides met or waived. */
export function canCarry(s: ParkSim, board: ParkBoard, r: ParkRoute, souvenir: boolean): boolean {
  return (s.usable & r.mask) === r.mask && r.links.length <= s.loco && s.waiting[r.from * 5 + r.color]! > 0 && (souvenir || r.links.length >= board.sides[r.dest]!);
}

/** Carry one visitor along `r` ("income rises based on the links passed"); true when the park is cleared. */
export function carry(s: ParkSim, board: ParkBoard, r: ParkRoute): boolean {
  s.waiting[r.from * 5 + r.color]! -= 1;
  s.served[r.dest] = true;
  s.income = Math.min(RULES.maxIncome, s.income + r.links.length);
  if (isCleared(s, board)) {
    s.over = "cleared";
    return true;
  }
  return false;
}

/** The clear conditions: every visitor carried, every large attraction served. */
export function isCleared(s: ParkSim, board: ParkBoard): boolean {
  return waitingCount(s) === 0 && s.served.every((v, i) => v || !board.large[i]);
}

export function waitingCount(s: ParkSim): number {
  let n = 0;
  for (const w of s.waiting) n += w;
  return n;
}

/** Is there, for every unserved large attraction, a waiting visitor with a full-board route there (the engine's end-of-turn check)? */
export function reachableAll(s: ParkSim, board: ParkBoard): boolean {
  let need = board.largeMask;
  for (let a = 0; a < s.served.length; a++) if (s.served[a]) need &= ~(1 << a);
  for (let i = 0; i < s.waiting.length && need !== 0; i++) if (s.waiting[i]! > 0) need &= ~board.reach[i]!;
  return need === 0;
}

/** VI–VIII for the solo player, then the turn marker and the end checks (as `endTurn` in amusement.ts). */
export function endOfTurn(s: ParkSim, board: ParkBoard): void {
  s.cash = Math.min(RULES.maxCash, s.cash + s.income);
  const due = s.shares + s.loco;
  if (s.cash >= due) s.cash -= due;
  else {
    const short = due - s.cash;
    s.cash = 0;
    if (short > s.income) {
      s.income = 0;
      s.over = "bankrupt";
      return;
    }
    s.income -= short;
  }
  s.income -= incomeReduction(s.income);
  s.income = Math.max(0, s.income - board.incomeTax);
  if (s.turn >= board.lastTurn) {
    s.over = "turnLimit";
    return;
  }
  s.turn += 1;
  if (!reachableAll(s, board) || waitingCount(s) > 2 * (board.lastTurn - s.turn + 1)) s.over = "unwinnable";
}

/**
 * Play the rest of a turn plan from `stage` on the model; false (and `s` spoiled) when the plan is
 * not legal there. The Souvenir is spent by the first move shorter than its destination's sides,
 * as the engine spends it.
 */
export function playTurn(s: ParkSim, board: ParkBoard, plan: TurnPlan, stage: TurnStage = TURN_START): boolean {
  if (s.over) return false;
  if (stage.sharesDone ? plan.shares > 0 : s.shares + plan.shares > RULES.maxShares) return false;
  s.shares += plan.shares;
  s.cash = Math.min(RULES.maxCash, s.cash + plan.shares * RULES.shareValue);
  if (stage.action === null) {
    if (plan.action === "locomotive") s.loco = Math.min(RULES.maxLoco, s.loco + 1);
  } else if (stage.action !== plan.action) return false;
  const laid = stage.discsLaid === Infinity ? 0 : stage.discsLaid;
  if (plan.discs.length > 0 && (stage.discsLaid === Infinity || laid + plan.discs.length > discLimit(board, plan.action))) return false;
  for (const [i, l] of plan.discs.entries()) {
    const cost = laid + i >= board.discsPerTurn ? 0 : board.iconCost;
    if (s.discs[l]! >= board.icons[l]! || s.cash < cost) return false;
    s.cash -= cost;
    layDisc(s, board, l);
  }
  if (plan.moves.length > 3 - stage.round) return false;
  let souvenir = plan.action === "souvenir" && stage.souvenirLeft;
  let raised = stage.raised;
  for (const m of plan.moves) {
    if (m === "pass") continue;
    if (m === "raise") {
      if (raised || s.loco >= RULES.maxLoco) return false;
      raised = true;
      s.loco += 1;
      continue;
    }
    if (!canCarry(s, board, m, souvenir)) return false;
    if (m.links.length < board.sides[m.dest]!) souvenir = false;
    if (carry(s, board, m)) return true;
  }
  endOfTurn(s, board);
  return true;
}
