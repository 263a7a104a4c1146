import { COSTS, RULES, TILE_KINDS, TRACK_COST, type TileId } from "./data.js";
import { mapRules } from "./hooks.js";
import { ORIENTED, oriented, type Oriented } from "./map.js";
import { markersUsed, network, townDisksUsed } from "./network.js";
import type { State } from "./schema.js";
import { BLOCKED, CITY, CLOSED, LINK, W, classify, judgeExit, judgePath, refuseAt, refuseOwner, wording, type BuildContext, type Why } from "./build-parts.js";

export { CITY, LINK, classify, type BuildContext } from "./build-parts.js";

// Phase IV, Build Track: one placement per action (a new tile, an upgrade, a town, a redirect),
// each paid in cash, 3 per turn (4 with the Engineer), never twice on one hex in a turn; the
// Urbanization holder may also place one new-city tile, which is not a build. Legal placements
// are enumerated from the map and the tile mix; `checkPlacement` is the one judge of a placement
// for the legal list, the refusal message and the effect.

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

/** The base cost of a new tile of each kind (TILE_KINDS index) on plain, river and mountain. */
const BASE_COST: ReadonlyArray<readonly [number, number, number]> = TILE_KINDS.map((k) => {
  const f = k.family as "simple" | "coexisting" | "crossing";
  return k.family === "town" ? [0, 0, 0] : [TRACK_COST.plain[f], TRACK_COST.river[f], TRACK_COST.mountain[f]];
});

function trackCost(ctx: BuildContext, state: State, hex: number, o: Oriented): number {
  const terrain = ctx.net.map.terrain[hex]!;
  const base = BASE_COST[o.kind]![terrain === "river" ? 1 : terrain === "mountain" ? 2 : 0]!;
  const hook = ctx.rules.newTrackCost;
  return hook ? hook(state, hex, o, base) : base;
}

/** Placements left to `player` this turn: 3, or 4 with the Engineer. */
export function buildLimit(state: State, player: number): number {
  return state.selected[player] === "engineer" ? RULES.engineerBuilds : RULES.builds;
}

/** An empty table: the supply until {@link readMeans} reads it, the path memo until the legal list lends its own. */
const NO_INTS = new Int32Array(0);

/** The context for judging `player`'s placements on `state`, the builder's means read. */
export function context(state: State, player: number): BuildContext {
  return readMeans(boardContext(state), state, player);
}

/** A context with the board only: {@link readMeans} fills in the supply, markers and disks. */
function boardContext(state: State): BuildContext {
  return {
    net: network(state),
    rules: mapRules(state.map),
    supply: NO_INTS,
    markersLeft: 0,
    disks: 0,
    kind: NEW,
    back: -1,
    cost: 0,
    claims: [],
    delta: 0,
    owner: null,
    at: -1,
    rep: undefined,
    memoHex: -1,
    pathWhy: NO_INTS,
    pathDelta: NO_INTS,
    pathClaims: NO_INTS,
    pathOwner: NO_INTS,
    pathAt: NO_INTS,
  };
}

/** Reads into `ctx` what {@link judgeMeans} asks: the tiles in the supply, `player`'s markers left and the town disks used. */
function readMeans(ctx: BuildContext, state: State, player: number): BuildContext {
  const supply = new Int32Array(TILE_KINDS.length);
  for (let k = 0; k < TILE_KINDS.length; k++) supply[k] = state.supply[TILE_KINDS[k]!.id];
  ctx.supply = supply;
  ctx.markersLeft = RULES.markersPerPlayer - markersUsed(ctx.net, player);
  ctx.disks = townDisksUsed(state, ctx.net.map);
  return ctx;
}

/** Is a tile of kind `kind` (TILE_KINDS index) in the supply, counting the tile (kind `back`, -1: none) that the placement returns? */
export function supplyOk(ctx: BuildContext, kind: number, back: number): boolean {
  return ctx.supply[kind]! + (back === kind ? 1 : 0) > 0;
}

/** Judge placing `tile` at `rot` on `hex` for `player` now (every rule but whose turn it is). */
export function checkPlacement(state: State, player: number, hex: number, tile: TileId, rot: number): Placement {
  const o = oriented(tile, rot);
  if (!o || o.rot !== rot) return { ok: false, why: `rotation ${rot} of the ${tile} tile repeats a smaller rotation: name the smallest` };
  // Most placements fail on the site or the track around it: the means are read only for the rest.
  const ctx = boardContext(state);
  const why = judgeSite(state, player, hex, ctx) || judgeLocal(state, player, hex, o, ctx) || judgeMeans(state, player, hex, o, readMeans(ctx, state, player));
  return verdict(why, state, player, hex, o, ctx);
}

/** The verdict of {@link judgeInto} as a {@link Placement}. */
function judge(state: State, player: number, hex: number, o: Oriented, ctx: BuildContext): Placement {
  return verdict(judgeInto(state, player, hex, o, ctx), state, player, hex, o, ctx);
}

/** A placement judged `why` (0: legal, the verdict in `ctx`). */
function verdict(why: Why, state: State, player: number, hex: number, o: Oriented, ctx: BuildContext): Placement {
  if (why) return { ok: false, why: wording(why, state, player, hex, o, ctx) };
  return { ok: true, kind: KINDS[ctx.kind]!, cost: ctx.cost, o, claims: ctx.claims.slice(), markerDelta: ctx.delta };
}

/** The oriented tiles touching each set of edges (bit mask), in ORIENTED order. */
const BY_MASK: ReadonlyArray<readonly Oriented[]> = Array.from({ length: 64 }, (_, m) => ORIENTED.filter((x) => x.mask === m));

/** Does track path [a, b] (a < b) lie among `paths` (each [a, b] with a < b)? */
function hasPath(paths: ReadonlyArray<readonly [number, number]>, a: number, b: number): boolean {
  for (const p of paths) if (p[0] === a && p[1] === b) return true;
  return false;
}

/** The kinds of placement, by number (a {@link Kind}). */
const KINDS = ["new", "upgrade", "town", "townRebuild", "redirect"] as const;
/** A kind of placement, as its index in {@link KINDS}. */
export type Kind = 0 | 1 | 2 | 3 | 4;
const NEW = 0;
const UPGRADE = 1;
const TOWN = 2;
const TOWN_REBUILD = 3;
const REDIRECT = 4;
/** The TILE_KINDS index of each tile. */
const KIND_OF = new Map<string, number>(TILE_KINDS.map((t, i) => [t.id, i]));
/** The TILE_KINDS index of tile `tile` (-1: not a tile). */
export function kindOf(tile: string): number {
  return KIND_OF.get(tile) ?? -1;
}

/**
 * Judge a placement: 0 when legal (the verdict is in `ctx`), else why not. Allocates nothing on
 * the way to a yes. Three parts, each asked alone where that is all that can have changed: the
 * site ({@link judgeSite}), the track around it ({@link judgeLocal}) and the builder's means
 * ({@link judgeMeans}).
 */
export function judgeInto(state: State, player: number, hex: number, o: Oriented, ctx: BuildContext): Why {
  return judgeSite(state, player, hex, ctx) || judgeLocal(state, player, hex, o, ctx) || judgeMeans(state, player, hex, o, ctx);
}

/** The hex and the turn: on the map, a placement left, not built on this turn, neither a city nor water. */
function judgeSite(state: State, player: number, hex: number, ctx: BuildContext): Why {
  const map = ctx.net.map;
  if (hex >= map.grid.cells.length) return W.noHex;
  if (state.build.count >= buildLimit(state, player)) return W.limit;
  if (state.build.hexes.includes(hex)) return W.twice;
  if (ctx.net.stop[hex] === 1) return W.cityHex;
  if (map.terrain[hex] === "water") return W.water;
  return 0;
}

/**
 * The rules that read only the board on and next to `hex` (its track, and the stops, track and
 * incomplete links its edges meet): which tile may go there and what it claims. Sets `ctx.kind`,
 * `ctx.back` (the tile the placement returns to the supply), `ctx.delta` and `ctx.claims`.
 */
export function judgeLocal(state: State, player: number, hex: number, o: Oriented, ctx: BuildContext): Why {
  const net = ctx.net;
  const map = net.map;
  while (ctx.claims.length > 0) ctx.claims.pop(); // setting length is a runtime call in V8
  ctx.delta = 0;
  const ti = net.trackAt[hex]!;
  const existing = ti >= 0 ? state.track[ti]! : null;
  ctx.back = existing ? kindOf(existing.tile) : -1;

  if (map.townAt[hex]! >= 0) {
    if (o.family !== "town" && o.exits.length !== 2 && o.exits.length !== 4) return W.notTownTile;
    let oldMask = 0;
    if (existing) for (const p of existing.paths) oldMask |= 1 << p.b;
    if (existing && ((o.mask & oldMask) !== oldMask || o.mask === oldMask)) return W.townRebuild;
    for (const e of o.exits) {
      if (oldMask & (1 << e)) continue;
      const why = judgeExit(ctx, player, hex, e);
      if (why) return why;
    }
    ctx.kind = existing ? TOWN_REBUILD : TOWN;
    return 0;
  }
  if (o.family === "town") return W.townOnly;
  if (!existing) {
    for (const [a, b] of o.paths) {
      const why = judgePath(ctx, player, hex, a, b);
      if (why) return why;
    }
    ctx.kind = NEW;
    return 0;
  }
  let keeps = true;
  for (const p of existing.paths) if (!hasPath(o.paths, Math.min(p.a, p.b), Math.max(p.a, p.b))) keeps = false;
  if (keeps && o.paths.length > existing.paths.length) {
    // Upgrade: the existing track stays as it is (and stays its owners'); new paths are judged as new track.
    for (const [a, b] of o.paths) {
      let old = false;
      for (const p of existing.paths) if (Math.min(p.a, p.b) === a && Math.max(p.a, p.b) === b) old = true;
      if (old) continue;
      const why = judgePath(ctx, player, hex, a, b);
      if (why) return why;
    }
    ctx.kind = UPGRADE;
    return 0;
  }
  if (existing.paths.length === 1 && o.paths.length === 1 && o.family === "simple") {
    // Redirect: the loose end of the builder's own incomplete link turns to another edge.
    const p = existing.paths[0]!;
    const link = net.links[net.linkOf.get(ti * 8) ?? -1];
    if (!link || link.to >= 0 || link.endHex !== hex) return W.notLooseEnd;
    if (link.owner !== player) return refuseOwner(ctx, W.notYours, link.owner);
    const y = link.endEdge;
    const x = p.a === y ? p.b : p.a;
    const [a, b] = o.paths[0]!;
    if (a !== x && b !== x) return W.redirectEntry;
    const z = a === x ? b : a;
    if (z === y) return W.same;
    const k = classify(net, hex, z);
    if (k === CLOSED) return W.offMap;
    if (k === BLOCKED) return W.side;
    if (k === LINK) {
      const id = net.looseFacing[hex * 6 + z]! - 1;
      const l = net.links[id]!;
      if (l.owner !== null && l.owner !== player) return refuseOwner(ctx, W.redirectOthers, l.owner);
      if (l.from === link.from) return refuseAt(ctx, W.loop, link.from);
      ctx.claims.push(id);
      ctx.delta = l.owner === player ? -1 : 0;
    }
    if (k === CITY && map.grid.neighbors[hex]![z] === link.from) return refuseAt(ctx, W.loop, link.from);
    ctx.kind = REDIRECT;
    return 0;
  }
  return W.neither;
}

/**
 * The rules that read the builder's means and the shared supplies, for a placement
 * {@link judgeLocal} accepted (`ctx.kind`, `ctx.back`, `ctx.delta` as it left them): the tile in the
 * supply (a town takes the first tile of its exits the supply has), the town disks, the ownership
 * markers and the cash. Sets `ctx.cost`.
 */
export function judgeMeans(state: State, player: number, hex: number, o: Oriented, ctx: BuildContext): Why {
  const why = judgeSupply(o, ctx);
  if (why) return why;
  ctx.cost = placementCost(ctx, state, hex, o);
  return judgeAfford(state, player, ctx.cost, ctx.delta, ctx);
}

/**
 * The part of {@link judgeMeans} that reads the supply and the town disks (the same for every
 * builder): the tile must be in the supply (a town takes the first tile of its exits left there),
 * and a town disk must be free for an ordinary tile on a town.
 */
export function judgeSupply(o: Oriented, ctx: BuildContext): Why {
  const back = ctx.back;
  if (ctx.kind === TOWN || ctx.kind === TOWN_REBUILD) {
    let rep: Oriented | undefined;
    for (const x of BY_MASK[o.mask]!) {
      if (supplyOk(ctx, x.kind, back)) {
        rep = x;
        break;
      }
    }
    if (rep && (rep.tile !== o.tile || rep.rot !== o.rot)) {
      ctx.rep = rep;
      return W.townTile;
    }
    if (!supplyOk(ctx, o.kind, back)) return W.noTile;
    const disksAfter = ctx.disks - (back >= 0 && TILE_KINDS[back]!.family !== "town" ? 1 : 0) + (o.family !== "town" ? 1 : 0);
    if (disksAfter > RULES.townDisks) return W.disks;
  } else if (!supplyOk(ctx, o.kind, back)) return W.noTile;
  return 0;
}

/** The part of {@link judgeMeans} that reads the builder's means: the markers a placement adds, and its cost in cash. */
export function judgeAfford(state: State, player: number, cost: number, delta: number, ctx: BuildContext): Why {
  if (delta > ctx.markersLeft) return W.markers;
  if (cost > state.cash[player]!) return W.cost;
  return 0;
}

/** What a placement of kind `ctx.kind` costs (rulebook, Build Track: the cost table). */
export function placementCost(ctx: BuildContext, state: State, hex: number, o: Oriented): number {
  switch (ctx.kind) {
    case TOWN:
      return COSTS.townBase + COSTS.townPerExit * o.exits.length;
    case TOWN_REBUILD:
      return COSTS.townRebuild;
    case NEW:
      return trackCost(ctx, state, hex, o);
    case UPGRADE:
      return o.family === "crossing" ? COSTS.upgradeToCrossing : state.rules.coexistingUpgradeCost;
    default:
      return COSTS.redirect;
  }
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

