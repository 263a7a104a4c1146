import { comps } from "./data.js";
import { rollDice, rollDie } from "@rules/core";
import { startOlive } from "./olive.js";
import { canUseTile, deadlocked, emptyCities, isSolo } from "./rules.js";
import type { State } from "./schema.js";

// The automatic steps of "The Game Round": rolling, turn order, the end of a round and of the game.

/** "The start player rolls all the dice": players + 1 white dice (solo: three) and the black die. */
export function startRound(s: State): void {
  s.round++;
  const whites = isSolo(s) ? 3 : s.players + 1;
  s.white = rollDice(s.rng, whites).map((value) => ({ value, user: null, spent: false }));
  s.black = rollDie(s.rng);
  s.queue = [];
  for (let i = 1; i < s.players; i++) s.queue.push((s.startPlayer + i) % s.players);
  beginTurn(s, s.startPlayer);
}

/** "right before she drafts a white die, she must turn the tile upright". */
export function straighten(s: State, seat: number): void {
  for (const t of s.tiles) if (t.holder === seat) t.sideways = false;
}

/** A seat's turn begins: straighten her tiles, then pick a die (or act with the die she claimed with 2b). */
export function beginTurn(s: State, seat: number): void {
  straighten(s, seat);
  const reserved = s.white.findIndex((d) => d.user === seat && !d.spent);
  s.turn = { player: seat, stage: reserved >= 0 ? "act" : "pick", die: reserved >= 0 ? reserved : null, actions: 0, used: [], dieUsed: [], traded: false };
}

/** White dice nobody has taken. */
export function freeDice(s: State): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.white.length; i++) if (s.white[i]!.user === null) out.push(i);
  return out;
}

/** How many white dice nobody has taken. */
function freeCount(s: State): number {
  let n = 0;
  for (const d of s.white) if (d.user === null) n++;
  return n;
}

/** True when seat `p` has taken (or claimed) a white die this round. */
function hasDie(s: State, p: number): boolean {
  for (const d of s.white) if (d.user === p) return true;
  return false;
}

/** How many seats still to play this round have no die yet, not counting `except`. */
function seatsWithoutDie(s: State, except = -1): number {
  let n = 0;
  for (const p of s.queue) if (p !== except && !hasDie(s, p)) n++;
  return n;
}

/**
 * Tile 2b: "Play this tile right after another player chooses a die ... Must be played before you
 * pick a die for the turn." The holder of 2b who has not drafted this round may claim it, if the
 * chooser can still choose another die.
 */
export function claimant(s: State): number | null {
  if (isSolo(s) || !s.turn) return null;
  const t = s.tiles[1]!;
  const h = t.holder;
  if (t.side !== "b" || h === null || h === s.turn.player) return null;
  if (!s.queue.includes(h) || hasDie(s, h)) return null;
  return freeCount(s) >= seatsWithoutDie(s, h) + 1 ? h : null;
}

/** Right after the turn player took a die: the 2b holder may claim it, else she acts with it. */
export function afterPick(s: State): void {
  const turn = s.turn!;
  const h = claimant(s);
  if (h !== null) {
    s.claim = { seat: h, die: turn.die! };
    turn.stage = "claim";
  } else {
    turn.stage = "act";
  }
}

/** Tile 2a: a second white die is free beyond those the seats still to play need. */
export function canTakeSecondDie(s: State): boolean {
  const turn = s.turn!;
  if (isSolo(s) || turn.actions !== 1 || !canUseTile(s, turn.player, 2, "a")) return false;
  return freeCount(s) > seatsWithoutDie(s);
}

/** The action with the current die is done. */
export function afterAction(s: State): void {
  const turn = s.turn!;
  s.white[turn.die!]!.spent = true;
  turn.die = null;
  turn.dieUsed = [];
  turn.actions++;
  if (isSolo(s)) {
    if (turn.actions < 2) turn.stage = "pick";
    else startOlive(s);
    return;
  }
  toEndStage(s);
}

/** Order tiles the turn player may fulfil now (multiplayer with the module). */
export function orderChoicesExist(s: State): boolean {
  const turn = s.turn!;
  if (!s.settings.orders || turn.traded) return false;
  const kept = s.sheets[turn.player]!.kept;
  return s.orders.some((o, i) => o.holder === null && fulfilments(s, i, kept).length > 0);
}

/**
 * Ways to fulfil order `i` from kept goods: `null` with the exact goods, or a colour that one black
 * coal good replaces ("only one black coal good can be used for each order tile").
 */
export function fulfilments(s: State, i: number, kept: readonly number[]): Array<string | null> {
  const o = s.orders[i]!;
  const need = [0, 0, 0, 0, 0, 0];
  for (const g of comps(s).orderTiles[i]![o.side].goods) need[["yellow", "red", "green", "blue", "grey"].indexOf(g)]!++;
  const out: Array<string | null> = [];
  const short = need.map((n, c) => Math.max(0, n - kept[c]!));
  const missing = short.reduce((a, b) => a + b, 0);
  if (missing === 0) out.push(null);
  if (kept[5]! >= 1) {
    ["yellow", "red", "green", "blue", "grey"].forEach((name, c) => {
      if (need[c]! > 0 && missing - short[c]! === 0 && short[c]! <= 1) out.push(name);
    });
  }
  return out;
}

/** After an action: the turn may offer an order trade or tile 2a's second die before it ends. */
export function toEndStage(s: State): void {
  if (orderChoicesExist(s) || canTakeSecondDie(s)) s.turn!.stage = "end";
  else endTurn(s);
}

/** The turn passes clockwise; after the last seat the round ends. */
export function endTurn(s: State): void {
  const next = s.queue.shift();
  if (next !== undefined) {
    beginTurn(s, next);
    return;
  }
  endRound(s);
}

/**
 * "If at the end of a game round three or more cities on the supply board are empty, the game is
 * over. Otherwise the start player marker is passed to the left." (Also ends a stuck game.)
 */
export function endRound(s: State): void {
  if (emptyCities(s) >= 3 || (!isSolo(s) && deadlocked(s))) {
    finish(s);
    return;
  }
  if (!isSolo(s)) s.startPlayer = (s.startPlayer + 1) % s.players;
  startRound(s);
}

/** The game is over. */
export function finish(s: State): void {
  s.over = true;
  s.turn = null;
  s.claim = null;
  s.queue = [];
}
