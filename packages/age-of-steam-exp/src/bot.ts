import { cloneJson, randomInt, seedRng, type Bot, type Seed } from "@rules/core";
import { isPark, whyUnclearable } from "./amusement.js";
import { RULES, TRACK_COST, type SpecialAction } from "./data.js";
import { bestProject, placementFor, projects, type Project } from "./hex-plan.js";
import { walkDelivery } from "./move.js";
import { network } from "./network.js";
import { incomeReduction } from "./phases.js";
import type { Action, State } from "./schema.js";
import { reduce } from "./apply.js";
import { legalActions } from "./legal.js";

// A heuristic player of the base game (Age of Steam, phases I–X) that stays solvent and earns:
// it plans one link a turn toward a city that takes the goods at its other end (hex-plan.ts),
// issues shares only for this turn's expenses and that link's cost, keeps out of auctions unless
// first pick is cheap, takes the action its plan needs (Locomotive when a longer delivery waits,
// Engineer when the best link needs a 4th tile), lays the link, and delivers the good that earns
// itself the most income, raising its locomotive when that opens a better delivery.

/** Cash `p` must keep for the coming Expenses phase (VII: $1 a share and a locomotive level, less income). */
function reserve(s: State, p: number): number {
  return Math.max(0, s.shares[p]! + s.loco[p]! - s.income[p]!);
}

/**
 * Income `p` earns from a delivery: 1 per link it owns on the route, plus the Orient Express fee
 * (paid in cash, returned as income: "Your income rises by the same amount you pay").
 */
function ownGain(s: State, p: number, a: Extract<Action, { type: "move" }>): number {
  const net = network(s);
  const w = walkDelivery(s, net, a);
  if ("why" in w) return -1;
  let gain = w.fee;
  for (const id of w.links) if (net.links[id]!.owner === p) gain++;
  return gain;
}

/** The most income one delivery can earn `p` now, with locomotive `loco` (its own links on the route). */
function bestGainWith(s: State, p: number, loco: number): number {
  const t = loco === s.loco[p] ? s : { ...s, loco: s.loco.map((l, q) => (q === p ? loco : l)) };
  let best = 0;
  for (const a of legalActions(t, p)) if (a.type === "move") best = Math.max(best, ownGain(t, p, a));
  return best;
}

/** The link `p` would build this turn with `tiles` placements and `cash` dollars. */
function plan(s: State, p: number, tiles: number, cash: number): Project | undefined {
  return bestProject(projects(s, network(s), p, tiles, cash));
}

/** The most shares `p` issues in one turn for a link (each costs $1 every later turn and 3 points at the end). */
const SHARES_FOR_A_LINK = 3;

/** How a rail bot plays: the thrifty bot's first judgement, or the solvent bot's. */
interface Tuning {
  name: string;
  /** Issue a share for a link, or take or raise a locomotive level, only when every Expenses phase to the end stays paid ({@link staysSolvent}). */
  solvent: boolean;
  /** Extra value of a link that extends the bot's own loose end (it lapses unless finished). */
  looseEnd: number;
}

const THRIFTY: Tuning = { name: "thrifty", solvent: false, looseEnd: 0 };
const SOLVENT: Tuning = { name: "solvent", solvent: true, looseEnd: 3 };

/** Income a seat expects to add each turn while it builds and delivers (a guess tuned by bench/aos-bots.ts, not a rule). */
const INCOME_GROWTH = 1;

/**
 * True when `p`, after issuing `shares` more shares, raising its locomotive `loco` more levels and
 * spending `spend` dollars this turn, pays every Expenses phase (VII: $1 a share and a locomotive
 * level) to the end of the game in full, its income rising by `growth` a turn (for at most three
 * turns) and falling by the Income Reduction (VIII) and the map's tax as the rules take them.
 *
 * @example
 * ```ts
 * import { initialState, staysSolvent } from "@rules/age-of-steam-exp";
 *
 * const s = initialState(1, { players: 3 });
 * console.log(staysSolvent(s, 0, 3, 0, 12)); // can seat 0 issue 3 more shares and spend $12 now?
 * ```
 */
export function staysSolvent(s: State, p: number, shares: number, loco: number, spend: number, growth = INCOME_GROWTH): boolean {
  let cash = s.cash[p]! + shares * RULES.shareValue - spend;
  let income = s.income[p]!;
  const due = s.shares[p]! + shares + s.loco[p]! + loco;
  for (let t = s.turn, k = 0; t <= s.lastTurn; t++, k++) {
    cash = Math.min(RULES.maxCash, cash + income);
    if (cash < due) return false;
    cash -= due;
    income -= incomeReduction(income);
    income = Math.max(0, income - s.map.incomeTax);
    if (k < 3) income += growth;
  }
  return true;
}

/** Shares to issue now: enough for the expenses and this turn's part of the best link, each share netting $4 this turn. */
function sharesWanted(s: State, p: number, tuning: Tuning = THRIFTY): number {
  const due = reserve(s, p);
  const room = Math.min(SHARES_FOR_A_LINK, RULES.maxShares - s.shares[p]!);
  const budget = s.cash[p]! + room * (RULES.shareValue - 1) - due;
  const link = bestProject(projects(s, network(s), p, RULES.builds, budget, 2 * RULES.builds));
  const lastTurn = s.turn >= s.lastTurn;
  // A link is worth shares when it carries goods (more of them in the last turn, where a share costs 3 points).
  const now = link && link.value >= (lastTurn ? 3 : 1.5) ? firstTurnCost(s, link) : 0;
  const short = due + now - s.cash[p]!;
  const wanted = short <= 0 ? 0 : Math.min(RULES.maxShares - s.shares[p]!, Math.ceil(short / (RULES.shareValue - 1)));
  if (!tuning.solvent || wanted === 0) return wanted;
  // The solvent bot issues for the link only as far as the shares stay paid to the end; for this
  // turn's expenses alone it issues what they need (a shortfall would cut its income).
  for (let k = wanted; k > 0; k--) if (staysSolvent(s, p, k, 0, now)) return k;
  const forExpenses = due - s.cash[p]!;
  return forExpenses <= 0 ? 0 : Math.min(RULES.maxShares - s.shares[p]!, Math.ceil(forExpenses / (RULES.shareValue - 1)));
}

/** What this turn's part of a project costs (its first three tiles, simple track on their terrain). */
function firstTurnCost(s: State, pr: Project): number {
  const map = network(s).map;
  return pr.steps.slice(0, RULES.builds).reduce((c, st) => c + TRACK_COST[map.terrain[st.hex] as "plain" | "river" | "mountain"].simple, 0);
}

/** How much `p` wants each special action now (Phase III), by what its plan needs. */
function actionValue(s: State, p: number, a: SpecialAction, tuning: Tuning = THRIFTY): number {
  switch (a) {
    case "locomotive": {
      if (s.loco[p]! >= RULES.maxLoco) return 0;
      if (tuning.solvent && !staysSolvent(s, p, 0, 1, 0, 0)) return 0;
      const now = bestGainWith(s, p, s.loco[p]!);
      const more = bestGainWith(s, p, s.loco[p]! + 1);
      // Each level costs $1 a turn (VII): worth it only for a longer delivery waiting now.
      return more > now ? 4 : 0.3;
    }
    case "engineer": {
      const spare = s.cash[p]! - reserve(s, p);
      const three = plan(s, p, RULES.builds, spare);
      const four = plan(s, p, RULES.engineerBuilds, spare);
      return four && (!three || four.value > three.value) ? 3 : 0.5;
    }
    case "firstBuild":
      return 1;
    case "firstMove":
      return 0.9;
    case "turnOrder":
      return 0.6;
    case "production":
      return 0.4;
    default:
      return 0.1;
  }
}

/** True when urbanization `a` leaves the park unclearable, as the end-of-turn check judges it (money and turns aside). */
function dooms(s: State, a: Extract<Action, { type: "urbanize" }>): boolean {
  const next = cloneJson(s);
  reduce(next, a);
  return whyUnclearable(next, 0) !== undefined;
}

/**
 * The thrifty bot: a seeded heuristic player of the hex maps (Rust Belt, Orient Express) that
 * builds one link a turn toward a city taking the goods at its other end, issues shares only for
 * this turn's expenses and that link, takes the action its plan needs and delivers over its own
 * track; the CLI's default for this game. Most seats last the whole game (the guide's "Bots"
 * gives the rates by map and player count). On the Amusement Park it plays at random, never
 * urbanizing with a tile that makes the park unclearable; `plannerBot` plans the park.
 *
 * @example
 * ```ts
 * import { nextActor, seedRng } from "@rules/core";
 * import { game, thriftyBot } from "@rules/age-of-steam-exp";
 *
 * const bots = [thriftyBot(1), thriftyBot(2), thriftyBot(3)];
 * const schedule = seedRng(4); // who acts first when several seats may (none do in Age of Steam)
 * let state = game.initialState(7, { players: 3 });
 * for (let i = 0; i < 50 && !game.isTerminal(state); i++) {
 *   const p = nextActor(game, state, schedule)!;
 *   state = game.apply(state, bots[p]!.act(state, p, game.legalActions(state, p)));
 * }
 * console.log(state.turn, state.cash);
 * ```
 */
export function thriftyBot(seed: Seed = 0): Bot<State, Action> {
  return railBot(seed, THRIFTY);
}

/**
 * The solvent bot: the thrifty bot made careful with money, and Age of Steam's heuristic bot
 * (`heuristic` for the CLI). In a player's words: it issues a share for a link only when it can
 * still pay every Expenses phase to the end of the game at the income it has (plus a dollar a turn
 * for the next three turns while it builds), and otherwise only what this turn's expenses need, so
 * it never borrows for a buffer it does not need; it takes the Locomotive action or raises its
 * locomotive only when the extra $1 a turn stays paid to the end too; it finishes a link it has
 * started before starting another (an unfinished link lapses). Otherwise it plays as the thrifty
 * bot. It goes bankrupt far less often than the thrifty bot, and scores much less: the guide's
 * "Bots" gives both.
 *
 * @example
 * ```ts
 * import { nextActor, seedRng } from "@rules/core";
 * import { game, solventBot } from "@rules/age-of-steam-exp";
 *
 * const bots = [solventBot(1), solventBot(2), solventBot(3)];
 * const schedule = seedRng(4);
 * let state = game.initialState(7, { players: 3 });
 * for (let i = 0; i < 50 && !game.isTerminal(state); i++) {
 *   const p = nextActor(game, state, schedule)!;
 *   state = game.apply(state, bots[p]!.act(state, p, game.legalActions(state, p)));
 * }
 * console.log(state.turn, state.shares);
 * ```
 */
export function solventBot(seed: Seed = 0): Bot<State, Action> {
  return railBot(seed, SOLVENT);
}

function railBot(seed: Seed, tuning: Tuning): Bot<State, Action> {
  const rng = seedRng(seed);
  const pickFrom = <T>(xs: readonly T[]): T => xs[randomInt(rng, 0, xs.length - 1)]!;
  return {
    name: tuning.name,
    act(state, player, legal) {
      // Its judgement is about tiles and cubes; on the Amusement Park it plays uniformly at random,
      // except that it never urbanizes with a tile that makes the park unclearable (a sure loss).
      if (isPark(state)) return pickFrom(legal.filter((a) => a.type !== "urbanize" || !dooms(state, a)));
      const find = (type: Action["type"]): Action | undefined => legal.find((a) => a.type === type);
      const done = find("done") ?? find("pass");
      switch (state.phase) {
        case "shares":
          return (sharesWanted(state, player, tuning) > 0 && find("issueShare")) || done || legal[0]!;
        case "auction": {
          // Turn order is worth a little: bid the minimum while it stays within $2 and spare cash.
          if (find("pass")) return find("pass")!;
          const spare = state.cash[player]! - reserve(state, player) - (plan(state, player, RULES.builds, 40)?.cost ?? 0);
          const bid = legal.find((a) => a.type === "bid");
          return bid && bid.type === "bid" && bid.amount <= Math.min(2, spare) ? bid : find("dropOut") ?? legal[0]!;
        }
        case "select": {
          let best = legal[0]!;
          let bestV = -1;
          for (const a of legal) {
            if (a.type !== "select") continue;
            const v = actionValue(state, player, a.action, tuning);
            if (v > bestV) (best = a), (bestV = v);
          }
          return best;
        }
        case "build": {
          const spare = state.cash[player]! - reserve(state, player);
          const tiles = (state.selected[player] === "engineer" ? RULES.engineerBuilds : RULES.builds) - state.build.count;
          const list = projects(state, network(state), player, tiles, spare, tiles + RULES.builds, tuning.looseEnd).sort((a, b) => b.value * 4 - b.cost - (a.value * 4 - a.cost));
          for (const pr of list) {
            const a = placementFor(legal, pr.steps[0]!);
            if (a) return a;
          }
          return done ?? legal[0]!;
        }
        case "move": {
          let best: Action | undefined;
          let bestGain = 0;
          for (const a of legal) {
            if (a.type !== "move") continue;
            const g = ownGain(state, player, a);
            if (g > bestGain) (best = a), (bestGain = g);
          }
          // Raise the locomotive instead when that opens a better delivery next round or turn.
          const raise = find("raiseLoco");
          const affordable = !tuning.solvent || staysSolvent(state, player, 0, 1, 0, 0);
          if (raise && affordable && (state.move.round === 1 || !best) && bestGainWith(state, player, state.loco[player]! + 1) > bestGain) return raise;
          return best ?? find("pass") ?? legal[0]!;
        }
        default:
          return pickFrom(legal);
      }
    },
  };
}
