import { oppositeEdge } from "@rules/core";
import { RULES } from "./data.js";
import type { MapRules } from "./hooks.js";
import type { Oriented } from "./map.js";
import type { Network } from "./network.js";
import type { State } from "./schema.js";
import type { Kind } from "./build.js";

// The parts of a Build Track judgement (build.ts): what each path end of a placement meets on the
// neighbouring hex, the new paths and town exits judged against it, what one judging shares, and
// every refusal in a player's words.

/** What a path end meets on the neighbouring hex (numbers, so judging allocates nothing). */
export type End = 0 | 1 | 2 | 3 | 4;
export const CLOSED = 0;
export const BLOCKED = 1;
export const OPEN = 2;
export const CITY = 3;
/** The loose end of an incomplete link (its id: `net.looseFacing[hex * 6 + edge] - 1`). */
export const LINK = 4;

/** What the path end through `edge` of `hex` meets. */
export function classify(net: Network, hex: number, edge: number): End {
  if (!net.map.open[hex * 6 + edge]) return CLOSED;
  const n = net.map.grid.neighbors[hex]![edge]!;
  if (net.stop[n] === 1) return CITY;
  if (net.looseFacing[hex * 6 + edge]! > 0) return LINK;
  if (net.pathAt[n * 6 + oppositeEdge(edge)] !== 0) return BLOCKED;
  return OPEN;
}

/**
 * Why a placement is refused, as a number worded by {@link wording} only when someone reads it:
 * the legal-action list judges hundreds of placements per call and keeps none of the refusals.
 */
export const W = {
  offMap: 1, side: 2, others: 3, unanchored: 4, loop: 5, exitOffMap: 6, exitSide: 7, exitOthers: 8, noHex: 9, limit: 10,
  twice: 11, cityHex: 12, water: 13, notTownTile: 14, townTile: 15, townRebuild: 16, noTile: 17, disks: 18, townOnly: 19,
  notLooseEnd: 20, notYours: 21, redirectEntry: 22, same: 23, redirectOthers: 24, neither: 25, markers: 26, cost: 27,
} as const;
/** 0: legal; else a refusal of {@link W}. */
export type Why = number;

/** A refusal that names a track's owner. */
export function refuseOwner(ctx: BuildContext, why: Why, owner: number | null): Why {
  ctx.owner = owner;
  return why;
}

/** A refusal that names a stop. */
export function refuseAt(ctx: BuildContext, why: Why, at: number): Why {
  ctx.at = at;
  return why;
}

/** A refusal in a player's words. */
export function wording(why: Why, state: State, player: number, hex: number, o: Oriented, ctx: BuildContext): string {
  const name = (h: number): string => ctx.net.map.hexName(h);
  const owner = ownerName(ctx.owner);
  switch (why) {
    case W.offMap: return `track on ${name(hex)} would run off the map or into water`;
    case W.side: return `track on ${name(hex)} would run into the side of other track`;
    case W.others: return `that would extend or connect to ${owner}'s track: you may never build onto another player's track`;
    case W.unanchored: return `new track must start at a city or town, or extend your own (or unowned) incomplete track`;
    case W.loop: return `that link would loop back to ${name(ctx.at)}, where it starts`;
    case W.exitOffMap: return `a town exit on ${name(hex)} would run off the map or into water`;
    case W.exitSide: return `a town exit on ${name(hex)} would run into the side of other track`;
    case W.exitOthers: return `that town exit would connect to ${owner}'s track: you may never build onto another player's track`;
    case W.noHex: return `there is no hex ${hex} on ${state.map.name}`;
    case W.limit: return state.selected[player] === "engineer" ? `you have made your 4 placements this turn` : `you have made your 3 placements this turn (a 4th needs the Engineer)`;
    case W.twice: return `you already built on ${name(hex)} this turn: one placement per hex per turn`;
    case W.cityHex: return `${name(hex)} is a city: track is never placed on a city hex`;
    case W.water: return `${name(hex)} is water`;
    case W.notTownTile: return `that tile cannot make a town`;
    case W.townTile: return `a town with those exits is built with the ${ctx.rep?.tile} tile at rotation ${ctx.rep?.rot}`;
    case W.townRebuild: return `a rebuilt town must keep all its exits and add at least one`;
    case W.noTile: return `no ${o.tile} tile is left in the supply`;
    case W.disks: return `all ${RULES.townDisks} town disks are on the board`;
    case W.townOnly: return `a town tile goes only on a town hex`;
    case W.notLooseEnd: return `only the loose end of an incomplete link can be redirected, and ${name(hex)} is not one`;
    case W.notYours: return `that loose end is ${owner}'s: you may redirect only your own incomplete track`;
    case W.redirectEntry: return `a redirect must keep the track's entry edge and turn only its loose end`;
    case W.same: return `that is the same track`;
    case W.redirectOthers: return `that would connect to ${owner}'s track: you may never build onto another player's track`;
    case W.neither: return `that tile neither keeps the track on ${name(hex)} (an upgrade) nor turns the loose end of your own track (a redirect)`;
    case W.markers: return `you have no ownership marker left (${RULES.markersPerPlayer} per player)`;
    default: return `that costs $${ctx.cost} and you have $${state.cash[player]}: each placement is paid in cash`;
  }
}

function ownerName(p: number | null): string {
  return p === null ? "nobody" : `seat ${p}`;
}

/** The stop the path end through `edge` of `hex` leads back to (a city, or a link's start), or -1. */
function stopOf(net: Network, hex: number, edge: number, k: End): number {
  if (k === CITY) return net.map.grid.neighbors[hex]![edge]!;
  if (k === LINK) return net.links[net.looseFacing[hex * 6 + edge]! - 1]!.from;
  return -1;
}

/** What a build turn's judgements share: the network, markers and town disks in use, and the verdict being built. */
export interface BuildContext {
  net: Network;
  /** The map's rule hooks, and the tiles of each kind (TILE_KINDS index) in the supply, read once per judging. */
  rules: MapRules;
  supply: Int32Array;
  markersLeft: number;
  disks: number;
  /** Set by a judgement that accepts: the kind, the tile it returns, the cost, the links claimed and the change in markers. */
  kind: Kind;
  /** The TILE_KINDS index of the tile the placement returns to the supply, or -1. */
  back: number;
  cost: number;
  claims: number[];
  delta: number;
  /** Details a refusal names: a track's owner, a stop, the tile a town takes. */
  owner: number | null;
  at: number;
  rep: Oriented | undefined;
  /**
   * The hex whose path verdicts {@link judgePath} keeps while the legal list judges every tile on
   * it (-1: none kept). A path's verdict depends only on the state, the builder, the hex and its two
   * edges, so each of a hex's 15 edge pairs is judged once however many tiles share it.
   */
  memoHex: number;
  /** Per edge pair `e1 * 6 + e2`: -1 not judged yet, else the verdict (0: legal). */
  pathWhy: Int32Array;
  /** Per edge pair, for a legal path: the markers it adds, and the links it claims (-1: none). */
  pathDelta: Int32Array;
  pathClaims: Int32Array;
  /** Per edge pair, for a refused path: the owner and the stop its refusal names. */
  pathOwner: Int32Array;
  pathAt: Int32Array;
}

/**
 * Judge the new track path [e1, e2] on hex `hex` for `player` (rulebook, Build Track: a new tile
 * starts a link at a city or town or extends the builder's own track, or an unowned loose end;
 * never another player's track; no loop back to the link's own start). Adds to `ctx.claims` and
 * `ctx.delta`.
 */
function judgePathAfresh(ctx: BuildContext, player: number, hex: number, e1: number, e2: number): Why {
  const net = ctx.net;
  const k1 = classify(net, hex, e1);
  const k2 = classify(net, hex, e2);
  let anchored = false;
  let delta = 1;
  for (let i = 0; i < 2; i++) {
    const k = i === 0 ? k1 : k2;
    const e = i === 0 ? e1 : e2;
    if (k === CLOSED) return W.offMap;
    if (k === BLOCKED) return W.side;
    if (k === CITY) anchored = true;
    if (k === LINK) {
      const id = net.looseFacing[hex * 6 + e]! - 1;
      const l = net.links[id]!;
      if (l.owner !== null && l.owner !== player) return refuseOwner(ctx, W.others, l.owner);
      anchored = true;
      ctx.claims.push(id);
      if (l.owner === player) delta -= 1;
    }
  }
  if (!anchored) return W.unanchored;
  const s1 = stopOf(net, hex, e1, k1);
  const s2 = stopOf(net, hex, e2, k2);
  if (s1 >= 0 && s1 === s2) return refuseAt(ctx, W.loop, s1);
  ctx.delta += delta;
  return 0;
}

/** {@link judgePathAfresh}, kept per edge pair while the legal list judges the tiles of `ctx.memoHex`. */
export function judgePath(ctx: BuildContext, player: number, hex: number, e1: number, e2: number): Why {
  if (ctx.memoHex !== hex) return judgePathAfresh(ctx, player, hex, e1, e2);
  const k = e1 * 6 + e2;
  const known = ctx.pathWhy[k]!;
  if (known < 0) {
    const claimsBefore = ctx.claims.length;
    const deltaBefore = ctx.delta;
    const why = judgePathAfresh(ctx, player, hex, e1, e2);
    ctx.pathWhy[k] = why;
    if (why) {
      ctx.pathOwner[k] = ctx.owner ?? -1;
      ctx.pathAt[k] = ctx.at;
    } else {
      ctx.pathDelta[k] = ctx.delta - deltaBefore;
      ctx.pathClaims[2 * k] = ctx.claims.length > claimsBefore ? ctx.claims[claimsBefore]! : -1;
      ctx.pathClaims[2 * k + 1] = ctx.claims.length > claimsBefore + 1 ? ctx.claims[claimsBefore + 1]! : -1;
    }
    return why;
  }
  if (known) {
    const owner = ctx.pathOwner[k]!;
    ctx.owner = owner < 0 ? null : owner;
    ctx.at = ctx.pathAt[k]!;
    return known;
  }
  const a = ctx.pathClaims[2 * k]!;
  const b = ctx.pathClaims[2 * k + 1]!;
  if (a >= 0) ctx.claims.push(a);
  if (b >= 0) ctx.claims.push(b);
  ctx.delta += ctx.pathDelta[k]!;
  return 0;
}

/** Judge the new town exit `edge` of town hex `hex`. Adds to `ctx.claims` and `ctx.delta`. */
export function judgeExit(ctx: BuildContext, player: number, hex: number, edge: number): Why {
  const net = ctx.net;
  const k = classify(net, hex, edge);
  if (k === CLOSED) return W.exitOffMap;
  if (k === BLOCKED) return W.exitSide;
  if (k === LINK) {
    const id = net.looseFacing[hex * 6 + edge]! - 1;
    const l = net.links[id]!;
    if (l.owner !== null && l.owner !== player) return refuseOwner(ctx, W.exitOthers, l.owner);
    if (l.from === hex) return refuseAt(ctx, W.loop, hex);
    ctx.claims.push(id);
    ctx.delta += l.owner === player ? 0 : 1;
    return 0;
  }
  ctx.delta += 1;
  return 0;
}

