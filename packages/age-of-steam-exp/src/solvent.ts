import type { Bot, Seed } from "@rules/core";
import { RULES, type SpecialAction } from "./data.js";
import { actionValue, firstTurnCost, railBot, reserve, SHARES_FOR_A_LINK, thriftyBot, type RailJudgement } from "./bot.js";
import { bestProject, projects, type Project } from "./hex-plan.js";
import { network } from "./network.js";
import { deliveryValue, solventActionValue, waitingFor } from "./solvent-plan.js";
import { incomeReduction } from "./phases.js";
import { scoreAfterShares } from "./solvent-look.js";
import type { Action, State } from "./schema.js";

// The solvent bot's money judgement (base rules: Issue Shares I, Expenses VII, Income Reduction
// VIII, and the score: 3 × income − 3 × shares + track): a share brings $5 now and costs $1 every
// later turn and 3 points at the end, a locomotive level $1 every later turn, and a seat that cannot
// pay its expenses loses income by the shortfall, or the game when the shortfall exceeds its income.

/** The judgement's numbers (tuned by bench/aos-bots.ts and `npm run strength`, not rules). */
export interface SolventKnobs {
  /** Income a seat expects to add each turn while it builds and delivers, for `growthTurns` turns. */
  growth: number;
  growthTurns: number;
  /** The same for a locomotive level, and whether its check lets later turns issue shares. */
  locoGrowth: number;
  locoLater: boolean;
  /** Least value (goods, see hex-plan.ts) of a link worth shares; in the last turn. */
  linkMin: number;
  lastLinkMin: number;
  /** The solvency check of a link's shares lets later turns issue shares for their expenses (up to the most a seat may hold). */
  laterShares: boolean;
  /** When paying only the expenses with shares cannot last either, borrow for the best link instead. */
  rescue: boolean;
  /** At most this many shares for such a link, worth at least `rescueValue` (and, with `rescueNow`, finished this turn). */
  rescueShares: number;
  rescueValue: number;
  rescueNow: boolean;
  /** ... and only while at least this many turns follow. */
  rescueLeft: number;
  /** Shares kept unissued (for later expenses) for each turn left. */
  roomPerTurn: number;
  /** What a cube on the goods display counts for in a link's value (hex-plan.ts; thrifty's 0.3). */
  coming: number;
  /** Count no cube another player already carries away from a link's end. */
  rivals: boolean;
  /** Extra value of a link that extends the bot's own loose end (it lapses unless finished). */
  looseEnd: number;
  /** Turn 1: lay only a link finished in it worth at least this many goods, or one over two turns worth `firstTwoTurnMin` (halved), else keep the money (bot.ts; 0: off). */
  firstLinkMin: number;
  firstTwoTurnMin: number;
  /** Last turn: only links finished in it, and spare cash into track (bot.ts). */
  lastTurnTrack: boolean;
  /** A seat sinking anyway (its expenses unpayable to the end at its present income) may raise its locomotive, if it can pay this turn's expenses with the new level. */
  sinkingLoco: boolean;
  /**
   * While its income lags the game's pace (below the map's tax + `laterIncome` + `laterRate` a turn
   * played, as for later shares), a locomotive level only if its expenses stay payable to the end
   * holding at most this many shares (15, the most a seat may hold: no stricter than otherwise).
   */
  locoCap: number;
  /** ... and only for a seat whose income is at least the map's tax plus this, plus `laterRate` for each turn played. */
  laterIncome: number;
  laterRate: number;
  /** In a game of at most `shortTurns` turns: `shortLinkMin` and `shortLaterIncome` instead of `linkMin` and `laterIncome` (fewer turns of expenses to carry each share). */
  shortTurns: number;
  shortLinkMin: number;
  shortLaterIncome: number;
  /**
   * A link's share check expects the income in sight (seenGrowth), `pace` of it, instead of
   * `growth` a turn; when false, `growth` for `growthTurns` turns.
   */
  seen: boolean;
  pace: number;
  /** ... a waiting good a rival can deliver too counting this much of its income. */
  contested: number;
  /** Deliveries: each income given a rival counts this much against (solvent-plan.ts). */
  rivalWeight: number;
  /** Take the Locomotive action when the next level lengthens a waiting delivery (solvent-plan.ts). */
  locoAction: boolean;
  /** Tuning only (0: off): in turns up to `earlyLater`, a link worth at least `earlyLaterMin` lets the share check count later shares whatever the income. */
  earlyLater: number;
  earlyLaterMin: number;
  /**
   * Racing a rival who borrows (0: off): in turns up to `earlyTurns` of a game of at most
   * `shortTurns` turns (every game with `earlyLong`), while a rival holds at least `earlyRace`
   * shares more than the bot and at least `earlyRaceMin` in all, borrow as thrifty does for a link
   * worth `earlyLinkMin` (finished this turn, with `earlyNow`), no solvency check.
   */
  earlyTurns: number;
  earlyLinkMin: number;
  earlyNow: boolean;
  earlyRace: number;
  earlyRaceMin: number;
  earlyLong: boolean;
  /** ... and, in any turn of such a game while a rival so borrows, borrow to finish its own link laid over two turns (it lapses otherwise). */
  finishRace: boolean;
  /** ... and only against a rival whose shares exceed its income by at least `raceDebt` + `raceDebtRate` for each turn played after the first (0: any). */
  raceDebt: number;
  raceDebtRate: number;
  /** ... a rival with income at least `raceIncome` + `raceIncomeRate` for each turn played after the first (one with less borrows for its expenses, not for track). */
  raceIncome: number;
  raceIncomeRate: number;
  /**
   * In a game of more than `shortTurns` turns, in turns up to this (0: off), shares for a link
   * beyond what the check allows only when playing the game out with them scores the seat more than
   * without them, in both of two playouts: rivals as thrifty bots, then as solvent bots (each seat
   * without this look-ahead).
   */
  lookTurns: number;
  /** ... a seat eliminated in a playout scoring this. */
  lookLost: number;
  /** In a game of more than `shortTurns` turns, the turn-1 rule (`firstLinkMin`) holds up to this turn while the seat's income is 0. */
  firstTurns: number;
}

export const SOLVENT_KNOBS: SolventKnobs = {
  growth: 1,
  growthTurns: 3,
  locoGrowth: 0,
  locoLater: true,
  linkMin: 1.5,
  lastLinkMin: 3,
  laterShares: true,
  laterIncome: 1,
  laterRate: 0.3,
  shortTurns: 8,
  shortLinkMin: 1,
  shortLaterIncome: 0,
  seen: true,
  pace: 0.7,
  contested: 0.5,
  rescue: true,
  rescueShares: 3,
  rescueValue: 2,
  rescueNow: true,
  rescueLeft: 3,
  roomPerTurn: 1,
  coming: 0.3,
  rivals: true,
  looseEnd: 3,
  firstLinkMin: 1,
  firstTwoTurnMin: 2,
  lastTurnTrack: true,
  locoAction: true,
  sinkingLoco: true,
  locoCap: 10,
  rivalWeight: 0.3,
  earlyLater: 0,
  earlyLaterMin: 0,
  earlyTurns: 3,
  earlyLinkMin: 2,
  earlyNow: false,
  earlyRace: 1,
  earlyRaceMin: 4,
  earlyLong: false,
  finishRace: true,
  raceDebt: 0,
  raceDebtRate: 0,
  raceIncome: 0,
  raceIncomeRate: 0,
  firstTurns: 2,
  lookTurns: 5,
  lookLost: -60,
};

/**
 * True when `p`, after issuing `shares` more shares, raising its locomotive `loco` more levels and
 * spending `spend` dollars this turn, pays every Expenses phase (VII: $1 a share and a locomotive
 * level) to the end of the game in full, its income rising by `growth` a turn (for at most
 * `turns` turns; or by `growth[k]` after the k-th turn from now) and falling by the Income Reduction (VIII) and the map's tax as the rules take them;
 * with `later`, later turns may issue shares for their expenses while it holds fewer than `most`.
 *
 * @example
 * ```ts
 * import { initialState, staysSolvent } from "@rules/age-of-steam-exp";
 *
 * const s = initialState(1, { players: 3 });
 * console.log(staysSolvent(s, 0, 3, 0, 12)); // can seat 0 issue 3 more shares and spend $12 now?
 * ```
 */
export function staysSolvent(s: State, p: number, shares: number, loco: number, spend: number, growth: number | readonly number[] = SOLVENT_KNOBS.growth, turns = SOLVENT_KNOBS.growthTurns, later = false, most: number = RULES.maxShares): boolean {
  let cash = s.cash[p]! + shares * RULES.shareValue - spend;
  let income = s.income[p]!;
  let held = s.shares[p]! + shares;
  let due = held + s.loco[p]! + loco;
  for (let t = s.turn, k = 0; t <= s.lastTurn; t++, k++) {
    // Issue Shares (I) comes before Collect Income (VI): a later turn may cover its expenses so.
    if (later && k > 0) {
      while (cash + income < due && held < most) (held++, due++, (cash += RULES.shareValue));
    }
    cash = Math.min(RULES.maxCash, cash + income);
    if (cash < due) return false;
    cash -= due;
    income -= incomeReduction(income);
    income = Math.max(0, income - s.map.incomeTax);
    if (typeof growth !== "number") income += growth[k] ?? 0;
    else if (k < turns) income += growth;
  }
  return true;
}

/** Shares to cover `short` dollars, each netting $4 this turn (its first expense included). */
function sharesFor(s: State, p: number, short: number): number {
  return short <= 0 ? 0 : Math.min(RULES.maxShares - s.shares[p]!, Math.ceil(short / (RULES.shareValue - 1)));
}

/**
 * The income growth `p` can count on, turn by turn: the goods waiting on its network now (each
 * good's best delivery, two a turn: Move Goods has two rounds) and, after this turn, the goods of
 * the link it builds (`linkGoods`, one income each), `pace` of each.
 */
function seenGrowth(s: State, p: number, linkGoods: number, pace: number, contested: number): number[] {
  const w = waitingFor(s, p, s.loco[p]!, contested);
  const per = w.goods > 0 ? w.total / w.goods : 1;
  const out: number[] = [];
  let goods = w.goods;
  let extra = linkGoods;
  for (let t = s.turn; t <= s.lastTurn; t++) {
    let g = 0;
    let rounds = 2;
    for (; rounds > 0 && goods > 0; rounds--, goods--) g += per;
    if (t > s.turn) for (; rounds > 0 && extra > 0; rounds--) (g += Math.min(1, extra)), (extra -= Math.min(1, extra));
    out.push(pace * g);
  }
  return out;
}

/** True when `p`'s income keeps pace with the game: the map's tax + `laterIncome` + `laterRate` for each turn played (in a short game `shortLaterIncome`). */
function keepsPace(s: State, p: number, k: SolventKnobs): boolean {
  return s.income[p]! >= s.map.incomeTax + (s.lastTurn <= k.shortTurns ? k.shortLaterIncome : k.laterIncome) + k.laterRate * (s.turn - 1);
}

/**
 * May `p` raise its locomotive a level (the Locomotive action, or a raise in Move Goods)? Each level
 * costs $1 in every later Expenses phase (VII), so only while those stay payable to the end with
 * later shares (while its income lags the game, holding at most `locoCap` of them); a seat that
 * cannot last anyway loses nothing by a level that lengthens its deliveries, unless it cannot pay
 * this turn's expenses with it: a shortfall above its income ends its game (VIII) at once.
 */
export function locomotiveOk(s: State, p: number, k: SolventKnobs = SOLVENT_KNOBS): boolean {
  if (staysSolvent(s, p, 0, 1, 0, k.locoGrowth, k.growthTurns, k.locoLater, keepsPace(s, p, k) ? RULES.maxShares : k.locoCap)) return true;
  return k.sinkingLoco && !staysSolvent(s, p, 0, 0, 0, 0, 0, true) && s.cash[p]! + s.income[p]! >= s.shares[p]! + s.loco[p]! + 1;
}

/** True when some rival still in the game holds at least `margin` shares more than `p`, and at least `least` in all. */
function rivalsBorrow(s: State, p: number, margin: number, least: number, debt = 0, income = 0): boolean {
  for (let q = 0; q < s.shares.length; q++) if (q !== p && !s.eliminated[q] && s.shares[q]! >= Math.max(least, s.shares[p]! + margin) && s.shares[q]! - s.income[q]! >= debt && s.income[q]! >= income) return true;
  return false;
}

/** True when project `pr` extends one of `p`'s own incomplete links (which lapses unless extended this turn). */
function extendsLooseEnd(s: State, p: number, pr: Project): boolean {
  const net = network(s);
  for (const l of net.links) if (l.owner === p && l.to < 0 && net.map.grid.neighbors[l.endHex]![l.endEdge] === pr.steps[0]!.hex) return true;
  return false;
}

function judgement(k: SolventKnobs): RailJudgement {
  // The playouts' players: the bot itself without its look-ahead, thrifty bots as bold rivals.
  let plain: Bot<State, Action> | undefined;
  const players = (n: number, p: number, rivals: "thrifty" | "solvent"): Bot<State, Action>[] => {
    plain ??= solventBotWith(0, { ...k, lookTurns: 0 });
    return Array.from({ length: n }, (_, q) => (q === p || rivals === "solvent" ? plain! : thriftyBot(q)));
  };
  /** Do `n` shares now beat `n0` for `p` at the end of the game, against bold rivals and against careful ones? */
  const borrowPays = (s: State, p: number, n: number, n0: number): boolean =>
    (["thrifty", "solvent"] as const).every((rivals) => {
      const bots = players(s.cash.length, p, rivals);
      return scoreAfterShares(s, p, n, bots, k.lookLost) > scoreAfterShares(s, p, n0, bots, k.lookLost);
    });
  const locoOk = (s: State, p: number): boolean => locomotiveOk(s, p, k);
  const shares = (s: State, p: number): number => {
    const due = reserve(s, p);
    const room = Math.min(SHARES_FOR_A_LINK, RULES.maxShares - s.shares[p]!);
    const budget = s.cash[p]! + room * (RULES.shareValue - 1) - due;
    const last = s.turn >= s.lastTurn;
    const link = bestProject(projects(s, network(s), p, RULES.builds, budget, (last && k.lastTurnTrack ? 1 : 2) * RULES.builds, 0, k.coming, k.rivals));
    const short = s.lastTurn <= k.shortTurns;
    const min = last ? k.lastLinkMin : short ? k.shortLinkMin : k.linkMin;
    const now = link && link.value >= min ? firstTurnCost(s, link) : 0;
    // Keep room under the most shares a seat may hold to pay later turns' expenses with shares.
    const cap = RULES.maxShares - Math.ceil(k.roomPerTurn * (s.lastTurn - s.turn)) - s.shares[p]!;
    const wanted = Math.min(sharesFor(s, p, due + now - s.cash[p]!), Math.max(cap, sharesFor(s, p, due - s.cash[p]!)));
    if (wanted === 0) return 0;
    // Racing a rival who borrows: it may claim the cities the bot waits for.
    const racing = k.earlyTurns > 0 && (k.earlyLong || short) && rivalsBorrow(s, p, k.earlyRace, k.earlyRaceMin, k.raceDebt > 0 ? k.raceDebt + k.raceDebtRate * (s.turn - 2) : -Infinity, k.raceIncome + k.raceIncomeRate * (s.turn - 2));
    if (racing && link && now > 0 && ((s.turn <= k.earlyTurns && link.value >= k.earlyLinkMin && (!k.earlyNow || link.steps.length <= RULES.builds)) || (k.finishRace && extendsLooseEnd(s, p, link)))) return wanted;
    const checked = (): number => usual(s, p, link, now, wanted, due);
    // Early in a long game, shares beyond the check only when playing the game out says they pay.
    if (k.lookTurns > 0 && !short && s.turn <= k.lookTurns && s.turn < s.lastTurn && link && now > 0) {
      const n0 = checked();
      return n0 < wanted && borrowPays(s, p, wanted, n0) ? wanted : n0;
    }
    return checked();
  };
  /** Shares for the link only as far as they stay paid to the end; for the expenses what they need. */
  const usual = (s: State, p: number, link: Project | undefined, now: number, wanted: number, due: number): number => {
    const growth = k.seen ? seenGrowth(s, p, link && now > 0 ? link.value : 0, k.pace, k.contested) : k.growth;
    const later = k.laterShares && (keepsPace(s, p, k) || (s.turn <= k.earlyLater && now > 0 && link!.value >= k.earlyLaterMin));
    for (let n = wanted; n > 0; n--) if (typeof growth === "number" ? staysSolvent(s, p, n, 0, now, growth, k.growthTurns, later) : staysSolvent(s, p, n, 0, now, growth, 0, later)) return n;
    const forExpenses = sharesFor(s, p, due - s.cash[p]!);
    // A seat that cannot last by paying its expenses with shares either has one way out: a link that carries goods.
    if (k.rescue && now > 0 && wanted <= k.rescueShares && s.turn <= s.lastTurn - k.rescueLeft && link!.value >= k.rescueValue && (!k.rescueNow || link!.steps.length <= RULES.builds) && !staysSolvent(s, p, forExpenses, 0, 0, 0, 0, true)) return wanted;
    return forExpenses;
  };
  const value = (s: State, p: number, a: SpecialAction): number => {
    if (a === "locomotive" && !locoOk(s, p)) return 0;
    return k.locoAction && a === "locomotive" ? solventActionValue(s, p, a, true) : actionValue(s, p, a);
  };
  return { name: "solvent", shares, actionValue: value, mayRaise: locoOk, looseEnd: k.looseEnd, coming: k.coming, rivals: k.rivals, lastTurnTrack: k.lastTurnTrack, ...(k.firstLinkMin > 0 ? { firstLinkMin: k.firstLinkMin, firstTwoTurnMin: k.firstTwoTurnMin, firstTurns: (s: State) => (s.lastTurn > k.shortTurns ? k.firstTurns : 1) } : {}), ...(k.rivalWeight > 0 ? { moveValue: (s: State, p: number, a: Extract<Action, { type: "move" }>) => deliveryValue(s, p, a, k.rivalWeight) } : {}) };
}

/**
 * The solvent bot: the thrifty bot made careful with money, and Age of Steam's heuristic bot
 * (`heuristic` for the CLI). In a player's words: it values a link by the goods it can carry over
 * it, not counting goods a rival's track already carries away; it issues a share for a link only
 * while it can still pay every Expenses phase to the end with the income in sight (the goods waiting
 * on its network, half of those a rival could take first, and the new link's goods, at 70%), and
 * lets later turns pay expenses with shares only while its income keeps pace with the game (the
 * map's tax + 1 + 0.3 a turn played; in a game of 8 turns or fewer it borrows for a link worth one
 * good instead of 1.5, and its income need only cover the tax + 0.3 a turn played); it keeps a
 * share of room a turn for later expenses; in turn 1 it keeps its $10 unless a link worth a good
 * can be finished with it (or one laid over two turns worth four), and in the 10-turn game so in
 * turn 2 too while it has no income yet; when paying its expenses with
 * shares cannot last either, it borrows (up to 3 shares) for its best link instead, the only way
 * out, if that link is finished this turn and worth 2 goods; in a game of 8 turns or fewer it races
 * a rival who borrows (one holding 4 shares or more, and more than it): in turns 2 and 3 it borrows
 * as thrifty does for a link worth 2 goods, and it borrows to finish a link it laid over two turns,
 * before the rival claims those cities; in the 10-turn game, in its first five turns, when its best
 * link is worth more shares than that check allows, it plays the game out on copies with and
 * without them (rivals as thrifty bots, then as solvent bots) and borrows only if it scores more
 * both times (up to four playouts a decision; `{ lookAhead: false }` skips them); it takes the Locomotive action, or
 * raises its locomotive, when the next level lengthens a waiting delivery and its later expenses
 * stay payable (counting on at most 10 shares while its income lags the game), or when it is
 * sinking anyway and can still pay this turn's expenses;
 * it delivers the good that earns it most, less 0.3 for each income the route gives a rival; it
 * finishes a link it has started, and in the last turn lays only links it finishes, spare cash
 * included. The guide's "Bots" gives its bankruptcy and head-to-head tables.
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
export function solventBot(seed: Seed = 0, options: SolventOptions = {}): Bot<State, Action> {
  return solventBotWith(seed, options.lookAhead === false ? { ...SOLVENT_KNOBS, lookTurns: 0 } : SOLVENT_KNOBS);
}

/**
 * Options of {@link solventBot}.
 *
 * @example
 * ```ts
 * import { game, solventBot } from "@rules/age-of-steam-exp";
 *
 * const fast = solventBot(1, { lookAhead: false }); // no playouts: microseconds a decision
 * const state = game.initialState(7, { players: 3 });
 * const seat = game.activePlayers(state)[0]!;
 * console.log(fast.act(state, seat, game.legalActions(state, seat)).type); // "done" or "issueShare"
 * ```
 */
export interface SolventOptions {
  /**
   * Judge early links' shares by playing the game out (default true). False skips those playouts:
   * the bot then borrows only as its solvency check allows, and decides in microseconds where a
   * look-ahead takes tens of milliseconds (MCTS plays it so in its playouts).
   */
  lookAhead?: boolean;
}

/** The solvent bot with other numbers (for tuning; not exported from the package). */
export function solventBotWith(seed: Seed, knobs: SolventKnobs): Bot<State, Action> {
  return railBot(seed, judgement(knobs));
}
