import type { TileId } from "./data.js";
import { RULES } from "./data.js";
import { CITY, LINK, buildLimit, classify, context, judgeAfford, judgeLocal, judgeSupply, kindOf, placementCost, supplyOk, type BuildContext, type Kind } from "./build.js";
import { ORIENTED, type CompiledMap } from "./map.js";
import type { Network } from "./network.js";
import { changedHexes, changedMarks, noListing, type LastListing } from "./placement-changes.js";
import { SEATS, actionsAt, actionsFor, buildAction, buildableShapes, candidateHexes, shapesFor, type BuildAction, type Shape } from "./placement-sites.js";
import type { State } from "./schema.js";

// The legal placements of a build state (Build Track), listed from a placement index: for each
// hex, the verdicts of build.ts's `judgeLocal` on every tile worth judging there, kept with the
// numbers those verdicts read (the hex's track and what each of its edges meets: a stop, track,
// an incomplete link and its owner and start). A build changes those numbers only on and next
// to the hex it builds on (and where the links it takes over end), so the next list judges again
// only there, and a list that follows the last one of the same state object reads the numbers
// only where a change can reach (placement-changes.ts); the supply and disks (`judgeSupply`) are asked of a hex's verdicts again only when
// they changed, and the builder's cash and markers (`judgeAfford`) of every kept verdict each time.
// The index is a pure cache of `judgeLocal` and `judgeSupply`, one per compiled map, valid
// for any state of that map and any builder: each hex's verdicts are reused only where its numbers
// (owners as the builder sees them) are equal, however the state was made or changed.

/** Numbers per hex in a {@link signature}. */
const SIG = 11;

/**
 * The numbers `judgeLocal` and the quick filters read on `hex` for `player`, written to `out`:
 * the hex's stop, tile and paths; per edge, what it meets (build.ts `classify`) and, at an
 * incomplete link's loose end, that link's owner and start; for a single path, its link's ends and
 * owner, and whether it is a loose end of the builder's. False where the hex's track is not one
 * the numbers can hold (a state no game reaches): that hex is judged afresh.
 */
function signature(state: State, net: Network, player: number, hex: number, out: Int32Array): boolean {
  const ti = net.trackAt[hex]!;
  const t = ti >= 0 ? state.track[ti] : undefined;
  let paths0 = 0;
  let paths1 = 0;
  if (t) {
    const kind = kindOf(t.tile);
    if (kind < 0 || t.paths.length > 6) return false;
    for (let j = 0; j < t.paths.length; j++) {
      const p = t.paths[j]!;
      if (!(p.a >= -1 && p.a < 6 && p.b >= 0 && p.b < 6)) return false;
      const code = (p.a + 1) * 8 + p.b;
      if (j < 4) paths0 |= code << (6 * j);
      else paths1 |= code << (6 * (j - 4));
    }
    out[0] = net.stop[hex]! | ((kind + 1) << 2) | (t.paths.length << 8);
  } else out[0] = net.stop[hex]!;
  out[1] = paths0;
  out[2] = paths1;
  for (let e = 0; e < 6; e++) {
    const k = classify(net, hex, e);
    let v: number = k;
    if (k === LINK) {
      const l = net.links[net.looseFacing[hex * 6 + e]! - 1]!;
      v |= (relation(l.owner, player) << 3) | ((l.from + 1) << 7);
    }
    out[3 + e] = v;
  }
  let link = 0;
  let mine = 0;
  if (t && t.paths.length === 1) {
    const l = net.links[net.linkOf.get(ti * 8) ?? -1];
    if (l) link = 1 | (l.to >= 0 ? 2 : 0) | (l.endHex === hex ? 4 : 0) | (relation(l.owner, player) << 3) | ((l.endEdge + 1) << 7) | ((l.from + 1) << 11);
    for (const x of net.links) if (x.owner === player && x.to < 0 && x.endHex === hex) mine = 1;
  }
  out[9] = link;
  out[10] = mine;
  return true;
}

/**
 * A link's owner as the builder sees it: 1 nobody, 2 the builder, 3 another player (judgeLocal
 * asks no more of an owner when it accepts), so one verdict serves every builder who sees the same.
 */
function relation(owner: number | null, player: number): number {
  return owner === null ? 1 : owner === player ? 2 : 3;
}

/**
 * The kept verdicts on one map, two sets per hex (slot `hex * 2 + way`): the last judged and the
 * one before, since the board around a hex often returns to what it was (the next builder sees
 * the owners as before, a new game starts from the empty board).
 */
interface Verdicts {
  /** Per hex, the way (0 or 1) of its slot that the last listing used. */
  way: Uint8Array;
  /** Per slot, the {@link signature} its verdicts were judged under (`SIG` numbers; -1: none kept). */
  sig: Int32Array;
  /**
   * Per slot, the tiles `judgeLocal` accepts there, in the order the legal list gives them, each
   * as `ORIENTED index | kind << 8 | (markers it adds + 8) << 12`; `count[hex]` of them.
   */
  accepted: Array<Int32Array | undefined>;
  count: Int32Array;
  /** Per slot, the tile kinds (TILE_KINDS index bits) whose supply `judgeSupply` reads for those verdicts. */
  kinds: Int32Array;
  /**
   * Per slot, the supply and disks its last list was judged under (`MEANS` numbers, see
   * {@link meansKey}; -1: none kept), and that list: the verdicts `judgeSupply` accepts, each as
   * its index in `accepted` and its cost (`judgeAfford` asks each of them the builder's means),
   * `listed[hex]` of them.
   */
  means: Int32Array;
  kept: Array<Int32Array | undefined>;
  listed: Int32Array;
  /** Per slot, the dearest cost and the most markers added among its last list (a builder who affords those affords every one). */
  dearest: Int32Array;
  most: Int32Array;
  /** Per slot, the tile kind (TILE_KINDS index) of the hex's track, which a placement there returns to the supply (-1: none). */
  back: Int32Array;
  /**
   * Per slot, the version of its kept list (a new one each time a list is made), and per hex and
   * seat (`hex * SEATS + seat`) the actions of a list for the seat and the version they are of.
   */
  listVersion: Int32Array;
  versions: number;
  ready: Array<BuildAction[] | undefined>;
  readyVersion: Int32Array;
  /** The last listing on this map (which signatures it checked, for a listing of the same state after it). */
  last: LastListing;
}

/** Numbers per hex in a {@link meansKey}. */
const MEANS = 3;

const verdictsByMap = new WeakMap<CompiledMap, Verdicts>();

function verdictsFor(map: CompiledMap): Verdicts {
  let v = verdictsByMap.get(map);
  if (!v) {
    const cells = map.grid.cells.length;
    const slots = 2 * cells;
    verdictsByMap.set(map, (v = {
      way: new Uint8Array(cells),
      sig: new Int32Array(slots * SIG).fill(-1),
      accepted: new Array<Int32Array | undefined>(slots).fill(undefined),
      count: new Int32Array(slots),
      kinds: new Int32Array(slots),
      means: new Int32Array(slots * MEANS).fill(-1),
      kept: new Array<Int32Array | undefined>(slots).fill(undefined),
      listed: new Int32Array(slots),
      dearest: new Int32Array(slots),
      most: new Int32Array(slots),
      back: new Int32Array(slots).fill(-1),
      listVersion: new Int32Array(slots),
      versions: 0,
      ready: new Array<BuildAction[] | undefined>(cells * SEATS).fill(undefined),
      readyVersion: new Int32Array(cells * SEATS).fill(-1),
      last: noListing(cells),
    }));
  }
  return v;
}

/** The tile kinds (TILE_KINDS index bits) of the oriented tiles of each edge mask: those a town with those exits may be built with. */
const KINDS_BY_MASK: readonly number[] = Array.from({ length: 64 }, (_, m) => ORIENTED.reduce((bits, o) => (o.mask === m ? bits | (1 << o.kind) : bits), 0));

/** Scratch space of one listing (the signature being compared, the means key, the town exit sets seen). */
const scratchSig = new Int32Array(SIG);
const scratchMasks = new Uint8Array(64);
const scratchMeans = new Int32Array(MEANS);
/** The per-edge-pair path verdicts `judgePath` keeps while one hex is judged (build.ts `BuildContext`), reused by every listing. */
const PATH_MEMO = { why: new Int32Array(36), delta: new Int32Array(36), claims: new Int32Array(72), owner: new Int32Array(36), at: new Int32Array(36) };

/** Judge the tiles worth judging on `hex` (build.ts `judgeLocal`) and keep those it accepts in `v`, in slot `slot`. */
function judgeHex(v: Verdicts, state: State, player: number, hex: number, slot: number, ctx: BuildContext, shapes: ReadonlyArray<readonly Shape[]>): void {
  const net = ctx.net;
  const map = net.map;
  const ti = net.trackAt[hex]!;
  const t = ti >= 0 ? state.track[ti]! : null;
  let list: readonly Shape[];
  if (map.townAt[hex]! >= 0) list = shapes[hex]!;
  else {
    // Quick filters (the judge decides): new track on an empty hex needs a city or a loose end
    // next to it.
    let anchorMask = 0;
    for (let e = 0; e < 6; e++) {
      const k = classify(net, hex, e);
      if (k === CITY || k === LINK) anchorMask |= 1 << e;
    }
    let oldMask = 0;
    if (t) for (const p of t.paths) oldMask |= (1 << p.b) | (p.a >= 0 ? 1 << p.a : 0);
    let myLooseEnd = false;
    if (t && t.paths.length === 1) for (const l of net.links) if (l.owner === player && l.to < 0 && l.endHex === hex) myLooseEnd = true;
    list = !t && anchorMask === 0 ? [] : buildableShapes(map, shapes, hex, t !== null, anchorMask, oldMask, myLooseEnd);
  }
  let accepted = v.accepted[slot];
  if (!accepted || accepted.length < list.length) accepted = v.accepted[slot] = new Int32Array(Math.max(list.length, 8));
  ctx.memoHex = hex;
  ctx.pathWhy.fill(-1);
  let n = 0;
  let kinds = 0;
  const isTown = map.townAt[hex]! >= 0;
  for (let i = 0; i < list.length; i++) {
    const shape = list[i]!;
    const o = shape.o;
    if (judgeLocal(state, player, hex, o, ctx) === 0) {
      accepted[n++] = shape.index | (ctx.kind << 8) | ((ctx.delta + 8) << 12);
      kinds |= isTown ? KINDS_BY_MASK[o.mask]! : 1 << o.kind;
    }
  }
  v.count[slot] = n;
  v.kinds[slot] = kinds;
  v.back[slot] = t ? kindOf(t.tile) : -1;
  v.means[slot * MEANS] = -1;
}

/**
 * The numbers `judgeSupply` reads for the kept verdicts of `hex`, written to `out`: which of the
 * tile kinds it reads there the supply has (counting the one a placement there returns), the town
 * disks used on a town hex (any count two or more below the box's gives the same verdicts: a
 * placement uses at most one more), and the coexisting-upgrade cost. False when a map hook prices
 * new track (its price may read anything): that hex's list is judged afresh.
 */
function meansKey(v: Verdicts, state: State, hex: number, slot: number, ctx: BuildContext, supplied: number, back: number, out: Int32Array): boolean {
  if (ctx.rules.newTrackCost) return false;
  const withBack = back < 0 ? supplied : (supplied & ~(1 << back)) | (supplyOk(ctx, back, back) ? 1 << back : 0);
  out[0] = withBack & v.kinds[slot]!;
  out[1] = ctx.net.map.townAt[hex]! >= 0 ? Math.max(ctx.disks, RULES.townDisks - 2) : 0;
  out[2] = state.rules.coexistingUpgradeCost;
  return true;
}

/**
 * Every legal placement of `player` now, by hex, then tile kind, then rotation, each written as a
 * build action to `out` from index `from` on; returns the index after the last. They are the tiles
 * the index keeps as accepted by `judgeLocal` (judged again on hexes whose signature changed),
 * kept as `judgeSupply` accepts them, each then asked `judgeAfford`.
 */
export function writeLegalPlacements(state: State, player: number, out: BuildAction[], from: number): number {
  if (state.build.count >= buildLimit(state, player)) return from;
  const ctx = context(state, player);
  ctx.pathWhy = PATH_MEMO.why;
  ctx.pathDelta = PATH_MEMO.delta;
  ctx.pathClaims = PATH_MEMO.claims;
  ctx.pathOwner = PATH_MEMO.owner;
  ctx.pathAt = PATH_MEMO.at;
  const net = ctx.net;
  const map = net.map;
  const shapes = shapesFor(map);
  const v = verdictsFor(map);
  const actions = actionsFor(map);
  const cur = scratchSig;
  const key = scratchMeans;
  const sig = v.sig;
  // The tiles of each kind the supply has (TILE_KINDS index bits), before any placement returns one.
  let supplied = 0;
  for (let k = 0; k < ctx.supply.length; k++) if (supplyOk(ctx, k, -1)) supplied |= 1 << k;
  // The hexes built on this turn (at most 4: one placement per hex, 4 with the Engineer).
  const built = state.build.hexes;
  const b0 = built.length > 0 ? built[0]! : -1;
  const b1 = built.length > 1 ? built[1]! : -1;
  const b2 = built.length > 2 ? built[2]! : -1;
  const many = built.length > 3;
  const candidates = candidateHexes(net);
  let k = from;
  // A hex the last listing checked, of this same state and builder, keeps its signature unless a
  // change of track since can reach it (placement-changes.ts).
  const last = v.last;
  const since = changedHexes(last, state, player, net);
  const marks = changedMarks();
  const before = last.serial;
  const serial = before + 1;
  last.state = state;
  last.player = player;
  last.net = net;
  last.serial = serial;
  const checkedIn = last.checkedIn;
  for (let c = 0; c < candidates.length; c++) {
    const hex = candidates[c]!;
    if (hex === b0 || hex === b1 || hex === b2 || (many && built.includes(hex))) continue;
    let slot = hex * 2 + v.way[hex]!;
    let same: boolean;
    let kept = true;
    if (since !== 0 && checkedIn[hex] === before && marks[hex] !== since && sig[slot * SIG] !== -1) same = true;
    else {
      kept = signature(state, net, player, hex, cur);
      same = kept && sameSignature(sig, slot, cur);
    }
    checkedIn[hex] = serial;
    if (!same) {
      // The other slot, if it holds these numbers, has the verdicts; else it takes the new ones.
      v.way[hex] = v.way[hex]! ^ 1;
      slot ^= 1;
      if (!(kept && sameSignature(sig, slot, cur))) {
        judgeHex(v, state, player, hex, slot, ctx, shapes);
        if (kept) sig.set(cur, slot * SIG);
        else sig[slot * SIG] = -1;
      }
    }
    const n = v.count[slot]!;
    if (n === 0) continue;
    const accepted = v.accepted[slot]!;
    const back = v.back[slot]!;
    const mb = slot * MEANS;
    const keyed = meansKey(v, state, hex, slot, ctx, supplied, back, key);
    let list = v.kept[slot];
    if (!(keyed && list && v.means[mb] === key[0] && v.means[mb + 1] === key[1] && v.means[mb + 2] === key[2])) {
      if (!list || list.length < 2 * n) list = v.kept[slot] = new Int32Array(2 * accepted.length);
      v.listed[slot] = listSupplied(v, state, player, hex, slot, ctx, accepted, n, back, list, map.townAt[hex]! >= 0);
      if (keyed) v.means.set(key, mb);
      else v.means[mb] = -1;
      v.listVersion[slot] = ++v.versions;
    }
    const m = v.listed[slot]!;
    if (m === 0) continue;
    let ready = v.ready[hex * SEATS + player];
    if (v.readyVersion[hex * SEATS + player] !== v.listVersion[slot] || !ready) ready = readyActions(v, actionsAt(actions, player, hex), player, hex, v.listVersion[slot]!, accepted, list, m);
    // judgeAfford asks no more of a dearer or bigger placement: affording the dearest and the most
    // markers of the list, the builder affords each one.
    if (judgeAfford(state, player, v.dearest[slot]!, v.most[slot]!, ctx) === 0) for (let i = 0; i < m; i++) out[k++] = ready[i]!;
    else {
      for (let i = 0; i < m; i++) {
        if (judgeAfford(state, player, list[2 * i + 1]!, (accepted[list[2 * i]!]! >> 12) - 8, ctx) === 0) out[k++] = ready[i]!;
      }
    }
  }
  return k;
}

/** True when slot `slot` of `sig` holds the numbers `cur`. */
function sameSignature(sig: Int32Array, slot: number, cur: Int32Array): boolean {
  const base = slot * SIG;
  for (let i = 0; i < SIG; i++) if (sig[base + i] !== cur[i]) return false;
  return true;
}

/** The actions of a kept list of `hex` (`list`, `m` long, of version `version`) for `player`, kept in `v.ready`. */
function readyActions(v: Verdicts, here: Array<BuildAction | undefined>, player: number, hex: number, version: number, accepted: Int32Array, list: Int32Array, m: number): BuildAction[] {
  const r = hex * SEATS + player;
  let ready = v.ready[r];
  if (ready && ready.length === m) for (let i = 0; i < m; i++) ready[i] = buildAction(here, player, hex, accepted[list[2 * i]!]! & 255);
  else {
    v.ready[r] = ready = [];
    for (let i = 0; i < m; i++) ready.push(buildAction(here, player, hex, accepted[list[2 * i]!]! & 255));
  }
  v.readyVersion[r] = version;
  return ready;
}

/**
 * The verdicts of `hex` (in slot `slot`) that `judgeSupply` accepts, written to `list` as pairs (index into
 * `accepted`, cost), with the dearest cost and the most markers added among them; returns how many.
 */
function listSupplied(v: Verdicts, state: State, player: number, hex: number, slot: number, ctx: BuildContext, accepted: Int32Array, n: number, back: number, list: Int32Array, isTown: boolean): number {
  const seenMasks = scratchMasks;
  if (isTown) seenMasks.fill(0);
  let m = 0;
  let dearest = 0;
  let most = -8;
  for (let i = 0; i < n; i++) {
    const a = accepted[i]!;
    const o = ORIENTED[a & 255]!;
    if (isTown) {
      // Quick filter (judgeSupply decides): a town with a set of exits is built with the first
      // tile of those exits left in the supply, so only that one is asked.
      if (seenMasks[o.mask] || !supplyOk(ctx, o.kind, back)) continue;
      seenMasks[o.mask] = 1;
    }
    ctx.kind = ((a >> 8) & 15) as Kind;
    ctx.delta = (a >> 12) - 8;
    ctx.back = back;
    if (judgeSupply(o, ctx) !== 0) continue;
    const cost = placementCost(ctx, state, hex, o);
    list[2 * m] = i;
    list[2 * m + 1] = cost;
    m++;
    dearest = Math.max(dearest, cost);
    most = Math.max(most, ctx.delta);
  }
  v.dearest[slot] = dearest;
  v.most[slot] = most;
  return m;
}

/**
 * The {@link signature} of every hex of `state` for `player` (null where the hex's track is not one
 * it can hold), for tests of what placement-changes.ts marks.
 */
export function signaturesOf(state: State, player: number, net: Network): Array<number[] | null> {
  const out = new Int32Array(SIG);
  return net.map.grid.cells.map((_, hex) => (signature(state, net, player, hex, out) ? [...out] : null));
}

/** Every legal placement of `player` now, by hex, then tile kind, then rotation. */
export function legalPlacements(state: State, player: number): Array<{ hex: number; tile: TileId; rot: number }> {
  const out: BuildAction[] = [];
  out.length = writeLegalPlacements(state, player, out, 0);
  return out.map(({ hex, tile, rot }) => ({ hex, tile, rot }));
}
