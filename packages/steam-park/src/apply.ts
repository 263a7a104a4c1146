import { rollDice } from "@rules/core";
import { STAND_COST } from "./data.js";
import { afterKeep, afterRaceMove, drawVisitors, endActor } from "./flow.js";
import { cellsAt, shapeOf, turnsOf } from "./park.js";
import { bonusValue, cleanDirt, diceShowing, spendDice } from "./rules.js";
import { comps, type Action, type ActionKind, type State, type Step } from "./schema.js";

// The rules as a recipe: one small function per action, each followed by the automatic steps it
// makes due (flow.ts). Works on any plain state object.

type Act<T extends Action["type"]> = Extract<Action, { type: T }>;

/** Setup 13 / Income: keep one of the drawn bonus cards. */
function keepCard(s: State, a: Act<"keepCard">): void {
  const seat = s.seats[a.player]!;
  seat.offer.splice(seat.offer.indexOf(a.card), 1);
  seat.hand.push(a.card);
  afterKeep(s, a.player);
}

/** Roll: "place any of your dice on your Pig board to save them". */
function lockDie(s: State, a: Act<"lock">): void {
  const seat = s.seats[a.player]!;
  seat.rolled.splice(seat.rolled.indexOf(a.side), 1);
  seat.locked.push(a.side);
  afterRaceMove(s, a.player);
}

/** Roll: accept the dice on the table as they lie (stopping early). */
function lockAll(s: State, a: Act<"lockAll">): void {
  const seat = s.seats[a.player]!;
  seat.locked.push(...seat.rolled.splice(0, seat.rolled.length));
  afterRaceMove(s, a.player);
}

/**
 * Roll: "When you re-roll, you must always re-roll all of your dice that are not on the Pig board".
 * The last seat still rolling has three final rolls; after the third its dice lock as they lie.
 */
function reroll(s: State, a: Act<"reroll">): void {
  const seat = s.seats[a.player]!;
  const rolled = rollDice(s.rng, seat.rolled.length, comps(s).dieSides.length);
  for (let i = 0; i < rolled.length; i++) rolled[i]! -= 1;
  seat.rolled = rolled;
  if (s.finalRerolls !== null) {
    s.finalRerolls -= 1;
    if (s.finalRerolls === 0) seat.locked.push(...seat.rolled.splice(0, seat.rolled.length));
  }
  afterRaceMove(s, a.player);
}

/** Taking action `kind`: it becomes the open action; any other open action is over for this turn. */
function take(step: Step, kind: ActionKind): void {
  if (step.open === kind) return;
  step.open = kind;
  if (!step.used.includes(kind)) step.used.push(kind);
}

/** Build rides: "Each Ride costs 1 [Rides die] for each Visitor Space it has"; one ride of each size per turn. */
function buildRide(s: State, a: Act<"buildRide">): void {
  const step = s.step!;
  take(step, "rides");
  spendDice(s, s.seats[a.player]!, "rides", comps(s).rides[a.size].seats);
  step.rideSizes.push(a.size);
  step.pending = { kind: "ride", colour: a.colour, size: a.size };
}

/** Build stands: one Stands die per stand; one stand of each type per turn. */
function buildStand(s: State, a: Act<"buildStand">): void {
  const step = s.step!;
  take(step, "stands");
  spendDice(s, s.seats[a.player]!, "stands", STAND_COST);
  step.standTypes.push(a.stand);
  step.pending = { kind: "stand", type: a.stand };
}

/** Expand the park: one additional ground per die of any non-blank face, at most two per turn. */
function expand(s: State, a: Act<"expand">): void {
  const step = s.step!;
  take(step, "expand");
  spendDice(s, s.seats[a.player]!, a.face, 1);
  step.grounds += 1;
  step.pending = { kind: "ground" };
}

/** The piece just paid for goes into the park, where it stays "for the rest of the game". */
function place(s: State, a: Act<"place">): void {
  const step = s.step!;
  const piece = step.pending!;
  const park = s.seats[a.player]!.park;
  const turn = turnsOf(shapeOf(comps(s), piece), comps(s).piecesRotate)[a.rotation]!;
  const cells = cellsAt(turn, a.x, a.y);
  if (piece.kind === "ride") park.rides.push({ colour: piece.colour, size: piece.size, cells });
  else if (piece.kind === "stand") park.stands.push({ type: piece.type, cells });
  else park.grounds.push(cells);
  step.pending = null;
  afterSpend(s);
}

/** Attract visitors: "For each [Attract die] you spend, take 1 Visitor of your choice from the pool and place it into the Bag". */
function attract(s: State, a: Act<"attract">): void {
  const step = s.step!;
  const seat = s.seats[a.player]!;
  take(step, "attract");
  spendDice(s, seat, "attract", 1);
  s.pool[a.colour] = s.pool[a.colour]! - 1;
  s.bag[a.colour] = s.bag[a.colour]! + 1;
  step.attracting += 1;
  // With no Attract die or no visitor left to put in, the draw follows at once.
  if (diceShowing(s, seat, "attract") === 0 || s.pool.every((n) => n === 0)) {
    drawVisitors(s, a.player);
    afterSpend(s);
  }
}

/** Attract visitors: draw as many as were put in; the bag holds its six again. */
function draw(s: State, a: Act<"drawVisitors">): void {
  drawVisitors(s, a.player);
  afterSpend(s);
}

/** Option optionalSeating: "you can place him" on a free space of your ride of his colour, or let him go back to the pool. */
function seatVisitor(s: State, a: Act<"seatVisitor">): void {
  const step = s.step!;
  const c = step.toSeat.shift()!;
  const park = s.seats[a.player]!.park;
  if (a.accept) park.seated[c] = park.seated[c]! + 1;
  else s.pool[c] = s.pool[c]! + 1;
  if (step.toSeat.length === 0) {
    step.open = null;
    afterSpend(s);
  }
}

/** Clean dirt: 2 Dirt per Clean die spent, never below 0. */
function clean(s: State, a: Act<"clean">): void {
  const step = s.step!;
  const seat = s.seats[a.player]!;
  take(step, "clean");
  spendDice(s, seat, "clean", a.dice);
  cleanDirt(seat, a.dice);
  step.open = null;
  afterSpend(s);
}

/** Play bonus cards: one card per Bonus die, money "immediately after you play the card". */
function playBonus(s: State, a: Act<"playBonus">): void {
  const step = s.step!;
  const seat = s.seats[a.player]!;
  take(step, "bonus");
  spendDice(s, seat, "bonus", 1);
  seat.money += bonusValue(s, seat, a.card);
  seat.hand.splice(seat.hand.indexOf(a.card), 1);
  s.discard.push(a.card);
  step.played.push(a.card);
  afterSpend(s);
}

/** After a die is spent: a seat with no dice left and nothing in hand to finish is done. */
function afterSpend(s: State): void {
  const step = s.step!;
  const seat = s.seats[s.actor!]!;
  if (seat.locked.length === 0 && step.pending === null && step.attracting === 0 && step.toSeat.length === 0) endActor(s);
}

/** The recipe run by `apply`, `applyUnchecked` and `applyInPlace`: `action` must be legal. */
export function reduce(draft: State, action: Action): void {
  switch (action.type) {
    case "keepCard":
      return keepCard(draft, action);
    case "lock":
      return lockDie(draft, action);
    case "lockAll":
      return lockAll(draft, action);
    case "reroll":
      return reroll(draft, action);
    case "buildRide":
      return buildRide(draft, action);
    case "buildStand":
      return buildStand(draft, action);
    case "expand":
      return expand(draft, action);
    case "place":
      return place(draft, action);
    case "attract":
      return attract(draft, action);
    case "drawVisitors":
      return draw(draft, action);
    case "clean":
      return clean(draft, action);
    case "playBonus":
      return playBonus(draft, action);
    case "seatVisitor":
      return seatVisitor(draft, action);
    case "endActions":
      return endActor(draft);
  }
}

