import { RULES } from "./data.js";
import type { State } from "./schema.js";

// What a seat's locomotive, income and cash can have reached by this point of the game (base
// rules, docs/games/age-of-steam.md "What a state can show"): loadState refuses more.

/** The turn's Move Goods phase has begun (or is over: Production, the end). */
const moveBegun = (s: State): boolean => s.phase === "move" || s.phase === "production" || s.phase === "over";

/**
 * Locomotive: 1 at setup (Setup), +1 for the Locomotive action (Select Actions: "raise locomotive
 * by 1 at once"), +1 instead of moving a good at most once per Move Goods phase. So at most 2 a
 * finished turn, and this turn's action and raise.
 */
export function locoBound(s: State, p: number): number {
  const thisTurn = (s.selected[p] === "locomotive" ? 1 : 0) + (moveBegun(s) && s.move.locoRaised[p] ? 1 : 0);
  return Math.min(RULES.maxLoco, RULES.startLoco + 2 * (s.turn - 1) + thisTurn);
}

/**
 * Income: 0 at setup; it rises only in Move Goods, by 1 for each link of a delivery a seat owns,
 * and for the mover by the Orient Express fee. Each round every seat moves at most one good over
 * at most its locomotive's links (at most 2t + r - 1 in round r of turn t, see {@link locoBound}).
 * Income reduction, expenses and taxes only lower it, so the sum of those gains bounds it.
 */
function incomeGains(s: State, rounds: number): number {
  const fee = Math.max(0, ...s.map.virtualLines.map((l) => (l.cities.length - 1) * l.feePerCityEntered));
  let total = 0;
  for (let k = 0; k < rounds; k++) {
    const t = Math.floor(k / 2) + 1;
    const links = Math.min(RULES.maxLoco, 2 * t + (k % 2));
    total += s.players * links + fee;
  }
  return Math.min(RULES.maxIncome, total);
}

/** Move rounds begun so far: two a finished turn, and this turn's. */
function moveRounds(s: State): number {
  const now = s.phase === "move" ? s.move.round : moveBegun(s) ? 2 : 0;
  return 2 * (s.turn - 1) + now;
}

/**
 * Cash: $10 and 2 shares at setup; each share issued since brought $5 (Issue Shares), and Collect
 * Income paid at most the income then; everything else (bids, track, fees, expenses) costs cash.
 */
function cashBound(s: State, p: number): number {
  const collections = s.turn - 1 + (s.phase === "production" || s.phase === "over" ? 1 : 0);
  let total = RULES.startCash + RULES.shareValue * (s.shares[p]! - RULES.startShares);
  for (let t = 1; t <= collections; t++) total += incomeGains(s, 2 * t);
  return Math.min(RULES.maxCash, total);
}

/** One line for each seat whose locomotive, income or cash no play reaches by now. */
export function economyProblems(s: State): string[] {
  const out: string[] = [];
  const income = incomeGains(s, moveRounds(s));
  for (let p = 0; p < s.players; p++) {
    const where = `on turn ${s.turn} (${s.phase})`;
    if (s.loco[p]! > locoBound(s, p)) out.push(`seat ${p}'s locomotive ${s.loco[p]} is higher than play reaches ${where} (at most ${locoBound(s, p)})`);
    if (s.income[p]! > income) out.push(`seat ${p}'s income ${s.income[p]} is higher than play reaches ${where} (at most ${income})`);
    const cash = cashBound(s, p);
    if (s.cash[p]! > cash) out.push(`seat ${p} has $${s.cash[p]}, more than ${s.shares[p]} shares and the income collected give ${where} (at most $${cash})`);
  }
  return out;
}
