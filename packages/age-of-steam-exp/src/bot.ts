import { cloneJson, randomInt, seedRng, type Bot, type Seed } from "@rules/core";
import { isPark, whyUnclearable } from "./amusement.js";
import { RULES, TRACK_COST, type SpecialAction } from "./data.js";
import { bestProject, placementFor, projects, type Project } from "./hex-plan.js";
import { walkDelivery } from "./move.js";
import { network } from "./network.js";
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
export function reserve(s: State, p: number): number {
  return Math.max(0, s.shares[p]! + s.loco[p]! - s.income[p]!);
}

/**
 * Income `p` earns from a delivery: 1 per link it owns on the route, plus the Orient Express fee
 * (paid in cash, returned as income: "Your income rises by the same amount you pay").
 */
export function ownGain(s: State, p: number, a: Extract<Action, { type: "move" }>): number {
  const net = network(s);
  const w = walkDelivery(s, net, a);
  if ("why" in w) return -1;
  let gain = w.fee;
  for (const id of w.links) if (net.links[id]!.owner === p) gain++;
  return gain;
}

/** The most income one delivery can earn `p` now, with locomotive `loco` (its own links on the route). */
export function bestGainWith(s: State, p: number, loco: number): number {
  const t = loco === s.loco[p] ? s : { ...s, loco: s.loco.map((l, q) => (q === p ? loco : l)) };
  let best = 0;
  for (const a of legalActions(t, p)) if (a.type === "move") best = Math.max(best, ownGain(t, p, a));
  return best;
}

/** The link `p` would build this turn with `tiles` placements and `cash` dollars. */
export function plan(s: State, p: number, tiles: number, cash: number): Project | undefined {
  return bestProject(projects(s, network(s), p, tiles, cash));
}

/** The most shares `p` issues in one turn for a link (each costs $1 every later turn and 3 points at the end). */
export const SHARES_FOR_A_LINK = 3;

/** How a rail bot judges: the thrifty bot's judgement here, the solvent bot's in solvent.ts. */
export interface RailJudgement {
  name: string;
  /** Shares `p` wants to issue now (phase I). */
  shares(s: State, p: number): number;
  /** How much `p` wants special action `a` now (phase III). */
  actionValue(s: State, p: number, a: SpecialAction): number;
  /** May `p` raise its locomotive instead of moving a good (Move Goods)? */
  mayRaise(s: State, p: number): boolean;
  /** Extra value of a link that extends the bot's own loose end (it lapses unless finished). */
  looseEnd: number;
  /** What a cube on the goods display counts for in a link's value (hex-plan.ts). */
  coming?: number;
  /** Count no cube another player already carries away from a link's end (hex-plan.ts). */
  rivals?: boolean;
  /**
   * In the last turn, lay only links finished this turn and, with the cash its expenses leave,
   * links that carry nothing too: cash left at the end scores nothing, a track path in a complete
   * link 1 point, incomplete track nothing (§1.4).
   */
  lastTurnTrack?: boolean;
  /**
   * In turn 1, where every seat has only its starting $10 and no income, lay only a link finished
   * this turn worth at least `firstLinkMin` goods, or one laid over two turns worth at least
   * `firstTwoTurnMin` (its value halved, as projects count it), else keep the money for turn 2.
   */
  firstLinkMin?: number;
  firstTwoTurnMin?: number;
  /** ... and so in later turns, up to the one this returns, while its income is still 0. */
  firstTurns?(s: State): number;
  /** How much `p` wants delivery `a` (0 or less: not at all); thrifty's is its own income gain. */
  moveValue?(s: State, p: number, a: Extract<Action, { type: "move" }>): number;
}

/** Shares to issue now: enough for the expenses and this turn's part of the best link, each share netting $4 this turn. */
function sharesWanted(s: State, p: number): number {
  const due = reserve(s, p);
  const room = Math.min(SHARES_FOR_A_LINK, RULES.maxShares - s.shares[p]!);
  const budget = s.cash[p]! + room * (RULES.shareValue - 1) - due;
  const link = bestProject(projects(s, network(s), p, RULES.builds, budget, 2 * RULES.builds));
  const lastTurn = s.turn >= s.lastTurn;
  // A link is worth shares when it carries goods (more of them in the last turn, where a share costs 3 points).
  const now = link && link.value >= (lastTurn ? 3 : 1.5) ? firstTurnCost(s, link) : 0;
  const short = due + now - s.cash[p]!;
  return short <= 0 ? 0 : Math.min(RULES.maxShares - s.shares[p]!, Math.ceil(short / (RULES.shareValue - 1)));
}

/** What this turn's part of a project costs (its first three tiles, simple track on their terrain). */
export function firstTurnCost(s: State, pr: Project): number {
  const map = network(s).map;
  return pr.steps.slice(0, RULES.builds).reduce((c, st) => c + TRACK_COST[map.terrain[st.hex] as "plain" | "river" | "mountain"].simple, 0);
}

/** How much `p` wants each special action now (Phase III), by what its plan needs. */
export function actionValue(s: State, p: number, a: SpecialAction): number {
  switch (a) {
    case "locomotive": {
      if (s.loco[p]! >= RULES.maxLoco) return 0;
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

const THRIFTY: RailJudgement = { name: "thrifty", shares: sharesWanted, actionValue, mayRaise: () => true, looseEnd: 0 };

/** A seeded rail bot playing judgement `j` on the hex maps (at random on the Amusement Park, never urbanizing into a sure loss). */
export function railBot(seed: Seed, j: RailJudgement): Bot<State, Action> {
  const rng = seedRng(seed);
  const pickFrom = <T>(xs: readonly T[]): T => xs[randomInt(rng, 0, xs.length - 1)]!;
  return {
    name: j.name,
    act(state, player, legal) {
      // Its judgement is about tiles and cubes; on the Amusement Park it plays uniformly at random,
      // except that it never urbanizes with a tile that makes the park unclearable (a sure loss).
      if (isPark(state)) return pickFrom(legal.filter((a) => a.type !== "urbanize" || !dooms(state, a)));
      const find = (type: Action["type"]): Action | undefined => legal.find((a) => a.type === type);
      const done = find("done") ?? find("pass");
      switch (state.phase) {
        case "shares":
          return (j.shares(state, player) > 0 && find("issueShare")) || done || legal[0]!;
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
            const v = j.actionValue(state, player, a.action);
            if (v > bestV) (best = a), (bestV = v);
          }
          return best;
        }
        case "build": {
          const spare = state.cash[player]! - reserve(state, player);
          const tiles = (state.selected[player] === "engineer" ? RULES.engineerBuilds : RULES.builds) - state.build.count;
          const last = j.lastTurnTrack === true && state.turn >= state.lastTurn;
          const key = (pr: Project): number => pr.value * 4 - pr.cost + (last ? 2 * pr.steps.length : 0);
          const first = j.firstLinkMin !== undefined && (state.turn === 1 || (state.income[player] === 0 && state.turn <= (j.firstTurns?.(state) ?? 1)));
          const list = projects(state, network(state), player, tiles, spare, last ? tiles : tiles + RULES.builds, j.looseEnd, j.coming, j.rivals, last)
            .filter((pr) => !first || pr.value >= (pr.steps.length > tiles ? (j.firstTwoTurnMin ?? Infinity) : j.firstLinkMin!))
            .sort((a, b) => key(b) - key(a));
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
            const g = j.moveValue ? j.moveValue(state, player, a) : ownGain(state, player, a);
            if (g > bestGain) (best = a), (bestGain = g);
          }
          if (j.moveValue && best) bestGain = ownGain(state, player, best as Extract<Action, { type: "move" }>);
          // Raise the locomotive instead when that opens a better delivery next round or turn.
          const raise = find("raiseLoco");
          const affordable = j.mayRaise(state, player);
          if (raise && affordable && (state.move.round === 1 || !best) && bestGainWith(state, player, state.loco[player]! + 1) > bestGain) return raise;
          return best ?? find("pass") ?? legal[0]!;
        }
        default:
          return pickFrom(legal);
      }
    },
  };
}
