// The search tree of mctsBot and the rewards it backs up: how a listed action (or plan) finds its
// child across sampled worlds, and how a playout's end is scored per seat.
import type { BaseAction, Outcome } from "./types.js";

export interface Node {
  visits: number;
  /** How often this node's action was available when its parent was visited (ISMCTS). */
  avail: number;
  /** Sum of rewards per seat. */
  reward: Float64Array;
  /** The children, in the order they were first expanded; null until the node is first expanded from. */
  kids: Node[] | null;
  /** The action each child stands for, as first listed (actions match when their JSON is equal). */
  acts: BaseAction[] | null;
  /** The own keys of each child's action, in order (for {@link sameJson}). */
  names: string[][] | null;
  /**
   * For each position of the actions listed at this node's latest visit, the index of its child
   * (-1: none yet). Listings rarely change order between sampled worlds, so it is also the first
   * guess when the next visit matches its listing to the children.
   */
  at: number[] | null;
  /** With plans: the index of each child by its plan's JSON text (null until first expanded from). */
  keyed: Map<string, number> | null;
  /** Whether the node has asked its prior bot for the move to expand first (progressive widening). */
  asked: boolean;
}

/** A value whose JSON text is the same as another such value's exactly when the two are `===`. */
function isSimple(v: unknown): boolean {
  const t = typeof v;
  return t === "string" || t === "boolean" || v === null || (t === "number" && Number.isFinite(v));
}

/**
 * 1 when the plain JSON data `x` and `y` have the same `JSON.stringify` text, 0 when not, -1 when
 * this quick walk cannot tell (undefined or non-finite values, keys in another order or number):
 * the caller then compares the texts. `names` are `x`'s own keys when it is an object.
 */
function quickSameJson(x: unknown, y: unknown, names?: readonly string[]): 1 | 0 | -1 {
  if (x === y) return 1;
  if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return isSimple(x) && isSimple(y) ? 0 : -1;
  if (Array.isArray(x) !== Array.isArray(y)) return -1;
  if (Array.isArray(x)) {
    const ya = y as unknown[];
    if (x.length !== ya.length) return 0;
    for (let i = 0; i < x.length; i++) {
      const r = quickSameJson(x[i], ya[i]);
      if (r !== 1) return r;
    }
    return 1;
  }
  const xs = names ?? Object.keys(x);
  const xo = x as Record<string, unknown>;
  const yo = y as Record<string, unknown>;
  let i = 0;
  for (const k in yo) {
    if (i >= xs.length || k !== xs[i]) return -1;
    const a = xo[k];
    const b = yo[k];
    // Same keys in the same order so far, so a differing value makes the texts differ.
    if (a !== b) {
      if (typeof a !== "object" || typeof b !== "object") return isSimple(a) && isSimple(b) ? 0 : -1;
      const r = quickSameJson(a, b);
      if (r !== 1) return r;
    }
    i++;
  }
  return i === xs.length ? 1 : -1;
}

/**
 * `JSON.stringify(x) === JSON.stringify(y)` for actions (plain JSON), mostly without building either
 * text; `names` are `Object.keys(x)`. How the search tells whether an action listed in one sampled
 * world is a child it already has (exported for its test only, not from the package).
 */
export function sameJson(x: BaseAction, y: BaseAction, names: readonly string[]): boolean {
  if (x === y) return true;
  const r = quickSameJson(x, y, names);
  return r === -1 ? JSON.stringify(x) === JSON.stringify(y) : r === 1;
}

/** The index of the child of `node` whose action has the same JSON as `a` (`hint` tried first), or -1. */
export function childOf(node: Node, a: BaseAction, hint: number): number {
  const acts = node.acts!;
  const names = node.names!;
  if (hint >= 0 && hint < acts.length && sameJson(acts[hint]!, a, names[hint]!)) return hint;
  for (let j = 0; j < acts.length; j++) if (j !== hint && sameJson(acts[j]!, a, names[j]!)) return j;
  return -1;
}

/** A heuristic value made safe to add: clamped to [0, 1], anything not a number counts as 0.5. */
export function unit(x: number | undefined): number {
  return x === undefined || Number.isNaN(x) ? 0.5 : Math.min(1, Math.max(0, x));
}

/**
 * Reward of each seat in [0, 1] into `gain`: 1 for rank 1, 0 for last, linear in between. Solo: 1
 * for a win; a loss scores 0, or half the heuristic (`soloLoss`) when the game has one, so losses
 * are graded and stay strictly below a win. Seats the outcome does not rank get 0.
 */
export function rankRewards(o: Outcome, gain: Float64Array, soloLoss: number): void {
  gain.fill(0);
  const n = o.ranks.length;
  // Solo: a cleared game has a winner, a game lost to the game itself has none (see Outcome).
  if (n <= 1) {
    if (gain.length > 0) gain[0] = o.winners.length > 0 ? 1 : soloLoss;
    return;
  }
  for (let p = 0; p < n && p < gain.length; p++) gain[p] = (n - o.ranks[p]!) / (n - 1);
}

/** Reward of a playout cut off before the end into `gain`: the game's heuristic per seat, else 0.5 each. */
export function cutOffRewards(h: readonly number[] | undefined, gain: Float64Array): void {
  for (let p = 0; p < gain.length; p++) gain[p] = h ? (p < h.length ? unit(h[p]) : 0) : 0.5;
}
