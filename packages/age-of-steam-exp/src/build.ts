import { oppositeEdge } from "@rules/core";
import { COSTS, RULES, TRACK_COST, type TileId } from "./data.js";
import { mapRules } from "./hooks.js";
import { ORIENTED, oriented, type Oriented } from "./map.js";
import { markersUsed, network, townDisksUsed, type Network } from "./network.js";
import type { State } from "./schema.js";

// Phase IV, Build Track: one placement per action (a new tile, an upgrade, a town, a redirect),
// each paid in cash, 3 per turn (4 with the Engineer), never twice on one hex in a turn; the
// Urbanization holder may also place one new-city tile, which is not a build. Legal placements
// are enumerated from the map and the tile mix; `checkPlacement` is the one judge of a placement
// for the legal list, the refusal message and the effect.

/** What a path end meets on the neighbouring hex. */
type End =
  | { k: "closed" }
  | { k: "blocked" }
  | { k: "open" }
  | { k: "city"; stop: number }
  | { k: "link"; link: number };

function classify(net: Network, hex: number, edge: number): End {
  if (!net.map.open[hex * 6 + edge]) return { k: "closed" };
  const n = net.map.grid.neighbors[hex]![edge]!;
  if (net.stop[n] === 1) return { k: "city", stop: n };
  const lf = net.looseFacing[hex * 6 + edge]!;
  if (lf > 0) return { k: "link", link: lf - 1 };
  if (net.pathAt[n * 6 + oppositeEdge(edge)] !== 0) return { k: "blocked" };
  return { k: "open" };
}

/** A judged placement. */
export type Placement =
  | {
      ok: true;
      kind: "new" | "upgrade" | "town" | "townRebuild" | "redirect";
      cost: number;
      o: Oriented;
      /** Links taken over by the builder (unowned links extended, or own links joined). */
      claims: number[];
      markerDelta: number;
    }
  | { ok: false; why: string };

const refuse = (why: string): Placement => ({ ok: false, why });

function ownerName(p: number | null): string {
  return p === null ? "nobody" : `seat ${p}`;
}

/** The stop a path end leads back to, when it has one. */
function stopOf(net: Network, end: End): number | null {
  if (end.k === "city") return end.stop;
  if (end.k === "link") return net.links[end.link]!.from;
  return null;
}

/**
 * Judge the new track path [e1, e2] on hex `hex` for `player` (rulebook, Build Track: a new tile
 * starts a link at a city or town or extends the builder's own track, or an unowned loose end;
 * never another player's track; no loop back to the link's own start).
 */
function judgePath(net: Network, player: number, hex: number, e1: number, e2: number): { why?: string; claims: number[]; delta: number; anchored: boolean } {
  const ends = [classify(net, hex, e1), classify(net, hex, e2)];
  const claims: number[] = [];
  let delta = 1;
  let anchored = false;
  for (const end of ends) {
    if (end.k === "closed") return { why: `track on ${net.map.hexName(hex)} would run off the map or into water`, claims, delta, anchored };
    if (end.k === "blocked") return { why: `track on ${net.map.hexName(hex)} would run into the side of other track`, claims, delta, anchored };
    if (end.k === "city") anchored = true;
    if (end.k === "link") {
      const l = net.links[end.link]!;
      if (l.owner !== null && l.owner !== player) return { why: `that would extend or connect to ${ownerName(l.owner)}'s track: you may never build onto another player's track`, claims, delta, anchored };
      anchored = true;
      claims.push(end.link);
      if (l.owner === player) delta -= 1;
    }
  }
  if (!anchored) return { why: `new track must start at a city or town, or extend your own (or unowned) incomplete track`, claims, delta, anchored };
  const s1 = stopOf(net, ends[0]!);
  const s2 = stopOf(net, ends[1]!);
  if (s1 !== null && s2 !== null && s1 === s2) return { why: `that link would loop back to ${net.map.hexName(s1)}, where it starts`, claims, delta, anchored };
  return { claims, delta, anchored };
}

/** Judge the new town exit `edge` of town hex `hex`. */
function judgeExit(net: Network, player: number, hex: number, edge: number): { why?: string; claims: number[]; delta: number } {
  const end = classify(net, hex, edge);
  if (end.k === "closed") return { why: `a town exit on ${net.map.hexName(hex)} would run off the map or into water`, claims: [], delta: 0 };
  if (end.k === "blocked") return { why: `a town exit on ${net.map.hexName(hex)} would run into the side of other track`, claims: [], delta: 0 };
  if (end.k === "link") {
    const l = net.links[end.link]!;
    if (l.owner !== null && l.owner !== player) return { why: `that town exit would connect to ${ownerName(l.owner)}'s track: you may never build onto another player's track`, claims: [], delta: 0 };
    if (l.from === hex) return { why: `that link would loop back to ${net.map.hexName(hex)}, where it starts`, claims: [], delta: 0 };
    return { claims: [end.link], delta: l.owner === player ? 0 : 1 };
  }
  return { claims: [], delta: 1 };
}

function trackCost(state: State, net: Network, hex: number, o: Oriented): number {
  const terrain = net.map.terrain[hex]!;
  const t = terrain === "river" || terrain === "mountain" ? terrain : "plain";
  const base = TRACK_COST[t][o.family as "simple" | "coexisting" | "crossing"];
  return mapRules(state.map).newTrackCost?.(state, hex, o, base) ?? base;
}

/** Placements left to `player` this turn: 3, or 4 with the Engineer. */
export function buildLimit(state: State, player: number): number {
  return state.selected[player] === "engineer" ? RULES.engineerBuilds : RULES.builds;
}

/** What a build turn's judgements share: the network, markers and town disks in use. */
interface BuildContext {
  net: Network;
  markersLeft: number;
  disks: number;
}

function context(state: State, player: number): BuildContext {
  const net = network(state);
  return { net, markersLeft: RULES.markersPerPlayer - markersUsed(net, player), disks: townDisksUsed(state, net.map) };
}

/** Is a tile of kind `t` in the supply, counting the tile `back` that the placement returns? */
function supplyOk(state: State, t: TileId, back?: TileId): boolean {
  return state.supply[t] + (back === t ? 1 : 0) > 0;
}

/** Judge placing `tile` at `rot` on `hex` for `player` now (every rule but whose turn it is). */
export function checkPlacement(state: State, player: number, hex: number, tile: TileId, rot: number): Placement {
  const o = oriented(tile, rot);
  if (!o || o.rot !== rot) return refuse(`rotation ${rot} of the ${tile} tile repeats a smaller rotation: name the smallest`);
  return judge(state, player, hex, o, context(state, player));
}

function judge(state: State, player: number, hex: number, o: Oriented, ctx: BuildContext): Placement {
  const net = ctx.net;
  const map = net.map;
  if (hex >= map.grid.cells.length) return refuse(`there is no hex ${hex} on ${state.map.name}`);
  if (state.build.count >= buildLimit(state, player)) {
    return refuse(state.selected[player] === "engineer" ? `you have made your 4 placements this turn` : `you have made your 3 placements this turn (a 4th needs the Engineer)`);
  }
  if (state.build.hexes.includes(hex)) return refuse(`you already built on ${map.hexName(hex)} this turn: one placement per hex per turn`);
  if (net.stop[hex] === 1) return refuse(`${map.hexName(hex)} is a city: track is never placed on a city hex`);
  if (map.terrain[hex] === "water") return refuse(`${map.hexName(hex)} is water`);
  const ti = net.trackAt[hex]!;
  const existing = ti >= 0 ? state.track[ti]! : null;
  const isTown = map.townAt[hex]! >= 0;
  const markersLeft = ctx.markersLeft;

  let result: Placement;
  if (isTown) {
    if (o.family !== "town" && o.exits.length !== 2 && o.exits.length !== 4) return refuse(`that tile cannot make a town`);
    const rep = ORIENTED.find((x) => x.mask === o.mask && supplyOk(state, x.tile, existing?.tile as TileId | undefined));
    if (rep && (rep.tile !== o.tile || rep.rot !== o.rot)) return refuse(`a town with those exits is built with the ${rep.tile} tile at rotation ${rep.rot}`);
    const oldMask = existing ? existing.paths.reduce((m, p) => m | (1 << p.b), 0) : 0;
    if (existing && ((o.mask & oldMask) !== oldMask || o.mask === oldMask)) return refuse(`a rebuilt town must keep all its exits and add at least one`);
    if (!supplyOk(state, o.tile, existing?.tile as TileId | undefined)) return refuse(`no ${o.tile} tile is left in the supply`);
    const disksAfter = ctx.disks - (existing && !existing.tile.startsWith("town") ? 1 : 0) + (o.family !== "town" ? 1 : 0);
    if (disksAfter > RULES.townDisks) return refuse(`all ${RULES.townDisks} town disks are on the board`);
    const claims: number[] = [];
    let delta = 0;
    for (const e of o.exits) {
      if (oldMask & (1 << e)) continue;
      const j = judgeExit(net, player, hex, e);
      if (j.why) return refuse(j.why);
      claims.push(...j.claims);
      delta += j.delta;
    }
    result = { ok: true, kind: existing ? "townRebuild" : "town", cost: existing ? COSTS.townRebuild : COSTS.townBase + COSTS.townPerExit * o.exits.length, o, claims, markerDelta: delta };
  } else if (o.family === "town") {
    return refuse(`a town tile goes only on a town hex`);
  } else if (!existing) {
    if (!supplyOk(state, o.tile)) return refuse(`no ${o.tile} tile is left in the supply`);
    const claims: number[] = [];
    let delta = 0;
    for (const [a, b] of o.paths) {
      const j = judgePath(net, player, hex, a, b);
      if (j.why) return refuse(j.why);
      claims.push(...j.claims);
      delta += j.delta;
    }
    result = { ok: true, kind: "new", cost: trackCost(state, net, hex, o), o, claims, markerDelta: delta };
  } else {
    const old = existing.paths.map((p) => [Math.min(p.a, p.b), Math.max(p.a, p.b)].join("-"));
    const mine = o.paths.map(([a, b]) => `${a}-${b}`);
    const keeps = old.every((k) => mine.includes(k));
    if (keeps && o.paths.length > existing.paths.length) {
      // Upgrade: the existing track stays as it is (and stays its owners'); new paths are judged as new track.
      if (!supplyOk(state, o.tile, existing.tile)) return refuse(`no ${o.tile} tile is left in the supply`);
      const claims: number[] = [];
      let delta = 0;
      for (const [a, b] of o.paths) {
        if (old.includes(`${a}-${b}`)) continue;
        const j = judgePath(net, player, hex, a, b);
        if (j.why) return refuse(j.why);
        claims.push(...j.claims);
        delta += j.delta;
      }
      const cost = o.family === "crossing" ? COSTS.upgradeToCrossing : state.rules.coexistingUpgradeCost;
      result = { ok: true, kind: "upgrade", cost, o, claims, markerDelta: delta };
    } else if (existing.paths.length === 1 && o.paths.length === 1 && o.family === "simple") {
      // Redirect: the loose end of the builder's own incomplete link turns to another edge.
      const p = existing.paths[0]!;
      const link = net.links[net.linkOf.get(ti * 8) ?? -1];
      if (!link || link.to >= 0 || link.endHex !== hex) return refuse(`only the loose end of an incomplete link can be redirected, and ${map.hexName(hex)} is not one`);
      if (link.owner !== player) return refuse(`that loose end is ${ownerName(link.owner)}'s: you may redirect only your own incomplete track`);
      const y = link.endEdge;
      const x = p.a === y ? p.b : p.a;
      const [a, b] = o.paths[0]!;
      if (a !== x && b !== x) return refuse(`a redirect must keep the track's entry edge and turn only its loose end`);
      const z = a === x ? b : a;
      if (z === y) return refuse(`that is the same track`);
      if (!supplyOk(state, o.tile, existing.tile)) return refuse(`no ${o.tile} tile is left in the supply`);
      const end = classify(net, hex, z);
      if (end.k === "closed") return refuse(`track on ${map.hexName(hex)} would run off the map or into water`);
      if (end.k === "blocked") return refuse(`track on ${map.hexName(hex)} would run into the side of other track`);
      const claims: number[] = [];
      let delta = 0;
      if (end.k === "link") {
        const l = net.links[end.link]!;
        if (l.owner !== null && l.owner !== player) return refuse(`that would connect to ${ownerName(l.owner)}'s track: you may never build onto another player's track`);
        if (l.from === link.from) return refuse(`that link would loop back to ${map.hexName(link.from)}, where it starts`);
        claims.push(end.link);
        delta = l.owner === player ? -1 : 0;
      }
      if (end.k === "city" && end.stop === link.from) return refuse(`that link would loop back to ${map.hexName(link.from)}, where it starts`);
      result = { ok: true, kind: "redirect", cost: COSTS.redirect, o, claims, markerDelta: delta };
    } else {
      return refuse(`that tile neither keeps the track on ${map.hexName(hex)} (an upgrade) nor turns the loose end of your own track (a redirect)`);
    }
  }
  if (result.markerDelta > markersLeft) return refuse(`you have no ownership marker left (${RULES.markersPerPlayer} per player)`);
  if (result.cost > state.cash[player]!) return refuse(`that costs $${result.cost} and you have $${state.cash[player]}: each placement is paid in cash`);
  return result;
}

/** Hexes where `player` might place something now: next to cities and loose ends, towns, and track. */
function candidateHexes(state: State, net: Network): number[] {
  const cells = net.map.grid.cells.length;
  const mark = new Uint8Array(cells);
  const nb = net.map.grid.neighbors;
  for (let h = 0; h < cells; h++) {
    if (net.stop[h] === 1) for (const n of nb[h]!) if (n >= 0) mark[n] = 1;
    if (net.map.townAt[h]! >= 0 && net.stop[h] !== 1) mark[h] = 1;
  }
  for (let i = 0; i < net.looseFacing.length; i++) if (net.looseFacing[i]! > 0) mark[(i / 6) | 0] = 1;
  for (const t of state.track) mark[t.hex] = 1;
  const out: number[] = [];
  for (let h = 0; h < cells; h++) if (mark[h] && !state.build.hexes.includes(h) && net.stop[h] !== 1 && net.map.terrain[h] !== "water") out.push(h);
  return out;
}

/** Every legal placement of `player` now, by hex, then tile kind, then rotation. */
export function legalPlacements(state: State, player: number): Array<{ hex: number; tile: TileId; rot: number }> {
  if (state.build.count >= buildLimit(state, player)) return [];
  const ctx = context(state, player);
  const net = ctx.net;
  const out: Array<{ hex: number; tile: TileId; rot: number }> = [];
  const nb = net.map.grid.neighbors;
  const seenMasks = new Uint8Array(64);
  for (const hex of candidateHexes(state, net)) {
    const isTown = net.map.townAt[hex]! >= 0;
    const existing = net.trackAt[hex]! >= 0;
    seenMasks.fill(0);
    // Quick filters (the judge decides): track leaves only by open edges, and new track on an
    // empty hex needs a city or a loose end next to it.
    let openMask = 0;
    let anchorMask = 0;
    for (let e = 0; e < 6; e++) {
      if (!net.map.open[hex * 6 + e]) continue;
      openMask |= 1 << e;
      const n = nb[hex]![e]!;
      if (net.stop[n] === 1 || net.looseFacing[hex * 6 + e]! > 0) anchorMask |= 1 << e;
    }
    const t = existing ? state.track[net.trackAt[hex]!]! : null;
    const oldMask = t ? t.paths.reduce((m, p) => m | (1 << p.b) | (p.a >= 0 ? 1 << p.a : 0), 0) : 0;
    const myLooseEnd = !!t && t.paths.length === 1 && net.links.some((l) => l.owner === player && l.to < 0 && l.endHex === hex);
    for (const o of ORIENTED) {
      if ((o.mask & ~openMask) !== 0) continue;
      if (!isTown) {
        if (o.family === "town") continue;
        // Every new path needs an anchored end; an upgrade keeps the old track; a redirect is simple.
        if (!existing && o.paths.some(([a, b]) => ((anchorMask >> a) & 1) === 0 && ((anchorMask >> b) & 1) === 0)) continue;
        if (existing && o.family === "simple" && !myLooseEnd) continue;
        if (existing && o.family !== "simple" && (o.mask & oldMask) !== oldMask) continue;
      }
      if (isTown) {
        if (o.family !== "town" && o.exits.length !== 2 && o.exits.length !== 4) continue;
        if (seenMasks[o.mask]) continue;
      }
      if (isTown) {
        const back = existing ? state.track[net.trackAt[hex]!]!.tile : undefined;
        if (state.supply[o.tile] + (back === o.tile ? 1 : 0) <= 0) continue;
        seenMasks[o.mask] = 1;
      }
      const p = judge(state, player, hex, o, ctx);
      if (p.ok) out.push({ hex, tile: o.tile, rot: o.rot });
    }
  }
  return out;
}

/** Place a judged tile (the recipe: pay, lay the paths, take over the links it extends). */
export function applyPlacement(draft: State, player: number, hex: number, tile: TileId, rot: number): void {
  const ctx = context(draft, player);
  const p = judge(draft, player, hex, oriented(tile, rot)!, ctx);
  if (!p.ok) throw new Error(`applyPlacement: ${p.why}`);
  const net = ctx.net;
  const turn = draft.turn;
  for (const id of p.claims) {
    for (const s of net.links[id]!.segments) draft.track[s >> 3]!.paths[s & 7]!.owner = player;
  }
  const ti = net.trackAt[hex]!;
  const o = p.o;
  draft.cash[player]! -= p.cost;
  draft.supply[o.tile] -= 1;
  if (p.kind === "new") {
    const entry = { hex, tile: o.tile, rot: o.rot, paths: o.paths.map(([a, b]) => ({ a, b, owner: player as number | null, turn })) };
    const at = draft.track.findIndex((t) => t.hex > hex);
    if (at < 0) draft.track.push(entry);
    else draft.track.splice(at, 0, entry);
  } else if (p.kind === "town") {
    const entry = { hex, tile: o.tile, rot: o.rot, paths: o.exits.map((b) => ({ a: -1, b, owner: player as number | null, turn })) };
    const at = draft.track.findIndex((t) => t.hex > hex);
    if (at < 0) draft.track.push(entry);
    else draft.track.splice(at, 0, entry);
  } else {
    const t = draft.track[ti]!;
    draft.supply[t.tile as TileId] += 1;
    t.tile = o.tile;
    t.rot = o.rot;
    if (p.kind === "townRebuild") {
      const had = new Set(t.paths.map((x) => x.b));
      for (const b of o.exits) if (!had.has(b)) t.paths.push({ a: -1, b, owner: player, turn });
      t.paths.sort((x, y) => x.b - y.b);
    } else if (p.kind === "upgrade") {
      const had = new Set(t.paths.map((x) => `${Math.min(x.a, x.b)}-${Math.max(x.a, x.b)}`));
      for (const [a, b] of o.paths) if (!had.has(`${a}-${b}`)) t.paths.push({ a, b, owner: player, turn });
      t.paths.sort((x, y) => Math.min(x.a, x.b) - Math.min(y.a, y.b));
    } else {
      const path = t.paths[0]!;
      const [a, b] = o.paths[0]!;
      path.a = a;
      path.b = b;
      path.turn = turn;
    }
  }
  draft.build.count += 1;
  draft.build.hexes.push(hex);
}

/**
 * End of a build turn (rulebook, incomplete links): an incomplete link stays its owner's until the
 * end of their next build turn; one they did not extend this turn loses its owner.
 */
export function abandonStaleLinks(draft: State, player: number): void {
  const net = network(draft);
  for (const l of net.links) {
    if (l.to >= 0 || l.owner !== player || l.endTurn >= draft.turn) continue;
    for (const s of l.segments) draft.track[s >> 3]!.paths[s & 7]!.owner = null;
  }
}

