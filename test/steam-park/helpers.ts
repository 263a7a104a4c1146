import { cloneJson, isRulesError, type RulesErrorCode } from "@rules/core";
import { apply, game, initialState, legalActions, type Action, type State } from "@rules/steam-park";
import type { Face } from "../../packages/steam-park/src/data.js";
import { freshStep } from "../../packages/steam-park/src/flow.js";

// Hand-made states for the rules scenarios: every one passes loadState (schema + stateProblems).

/** The default die's side of each face. */
export const SIDE: Record<Face, number> = { rides: 0, stands: 1, attract: 2, clean: 3, bonus: 4, blank: 5 };

export function run(s: State, ...actions: Action[]): State {
  return actions.reduce((st, a) => apply(st, a), s);
}

/** A game past the setup choice (each seat keeps the first cards offered), at the first roll. */
export function atFirstRoll(options: Record<string, unknown> = {}, seed = 1): State {
  let s = initialState(seed, { players: 3, ...options });
  while (s.phase === "draft") s = apply(s, legalActions(s)[0]!);
  return s;
}

export interface ActionsSetup {
  players?: number;
  beginner?: boolean;
  /** Locked dice per seat (6 faces each; missing seats get six blanks). Seat p holds token p. */
  dice?: Face[][];
  dirt?: number[];
  money?: number[];
  /** Change the state before it is validated (parks, bag, hands...). */
  edit?: (s: State) => void;
}

/** A state in the Actions phase of turn 1, seat 0 (1st token) acting, validated through loadState. */
export function atActions(o: ActionsSetup = {}): State {
  const s = cloneJson(atFirstRoll({ players: o.players ?? 3, beginner: o.beginner ?? false }));
  s.seats.forEach((seat, p) => {
    seat.rolled = [];
    seat.locked = (o.dice?.[p] ?? ["blank", "blank", "blank", "blank", "blank", "blank"]).map((f) => SIDE[f]);
    seat.token = p;
    seat.dirt = o.dirt?.[p] ?? 0;
    seat.money = o.money?.[p] ?? 0;
  });
  s.phase = "actions";
  s.finalRerolls = null;
  s.actor = 0;
  s.step = freshStep();
  o.edit?.(s);
  return game.loadState(JSON.parse(JSON.stringify(s)));
}

/** Seat `p`'s `colour` visitors seated (taken from the pool). */
export function seat(s: State, p: number, colour: number, n: number): void {
  s.seats[p]!.park.seated[colour]! += n;
  s.pool[colour]! -= n;
}

export function rulesError(f: () => unknown): { code: RulesErrorCode; message: string } {
  try {
    f();
  } catch (e) {
    if (isRulesError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a RulesError");
}

/** The `place` actions offered now, as "x,y,r" strings. */
export function spots(s: State): string[] {
  return legalActions(s)
    .filter((a) => a.type === "place")
    .map((a) => (a.type === "place" ? `${a.x},${a.y},${a.rotation}` : ""));
}
