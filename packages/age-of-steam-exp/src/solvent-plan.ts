import { RULES, type SpecialAction } from "./data.js";
import { actionValue, ownGain } from "./bot.js";
import { legalDeliveries, walkDelivery } from "./move.js";
import { network } from "./network.js";
import type { Action } from "./schema.js";
import type { State } from "./schema.js";

// What the solvent bot reads off the board in any phase (base rules, Move Goods V: a good moves
// over at most as many links as the mover's locomotive, each of the mover's links raising its
// income by 1; Special Actions III: Locomotive raises the locomotive by 1 at once, without
// spending a Move Goods round on it).

/** What waits for `p` on the board now: per good (city and colour), the most income one delivery earns it, with locomotive `loco`. */
export interface Waiting {
  /** The best single delivery. */
  best: number;
  /** The sum over goods of each good's best delivery. */
  total: number;
  /** Goods that earn `p` something. */
  goods: number;
}

/**
 * The deliveries waiting for `p` with locomotive `loco`, in any phase (legal actions list moves
 * only in Move Goods); a good some rival can deliver too counts `contested` of its income (the
 * rival may move it first).
 */
export function waitingFor(s: State, p: number, loco = s.loco[p]!, contested = 1): Waiting {
  const t = loco === s.loco[p] ? s : { ...s, loco: s.loco.map((l, q) => (q === p ? loco : l)) };
  const byGood = new Map<string, number>();
  for (const d of legalDeliveries(t, p)) {
    const g = ownGain(t, p, { type: "move", player: p, ...d });
    const key = `${d.from}:${d.color}`;
    if (g > (byGood.get(key) ?? 0)) byGood.set(key, g);
  }
  if (contested < 1 && byGood.size > 0) {
    const rival = new Set<string>();
    for (let q = 0; q < s.cash.length; q++) if (q !== p && !s.eliminated[q]) for (const d of legalDeliveries(s, q)) rival.add(`${d.from}:${d.color}`);
    for (const [key, g] of byGood) if (rival.has(key)) byGood.set(key, g * contested);
  }
  let best = 0;
  let total = 0;
  for (const g of byGood.values()) (best = Math.max(best, g)), (total += g);
  return { best, total, goods: byGood.size };
}

/** The solvent bot's wish for special action `a`: Locomotive when the next level makes a waiting delivery longer (and the money allows it), else as thrifty. */
export function solventActionValue(s: State, p: number, a: SpecialAction, locoOk: boolean): number {
  if (a !== "locomotive") return actionValue(s, p, a);
  if (!locoOk || s.loco[p]! >= RULES.maxLoco) return 0;
  const now = waitingFor(s, p);
  const more = waitingFor(s, p, s.loco[p]! + 1);
  return more.best > now.best || more.total > now.total + 1 ? 4 : 0.3;
}

/**
 * What a delivery is worth to `p` against its rivals (Move Goods V: each link's owner gains 1
 * income): its own links on the route (and an Orient Express fee), less `rivalWeight` for each
 * income it gives another player (it lifts a rival's score as much as its own links lift p's).
 */
export function deliveryValue(s: State, p: number, a: Extract<Action, { type: "move" }>, rivalWeight: number): number {
  const net = network(s);
  const w = walkDelivery(s, net, a);
  if ("why" in w) return -1;
  let own = w.fee;
  let theirs = 0;
  for (const id of w.links) {
    const o = net.links[id]!.owner;
    if (o === p) own++;
    else if (o !== null) theirs++;
  }
  return own <= 0 ? 0 : own - rivalWeight * theirs;
}
