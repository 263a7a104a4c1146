import { RULES } from "./data.js";
import { buildLimit } from "./build.js";
import { markersUsed, network, placeHex, type Network } from "./network.js";
import type { State } from "./schema.js";

// Printed connections (the Orient Express reconstruction's London–Calais Channel: 1 link, $6,
// counting as one build; ASSUMED, see the guide). In Build Track a player claims an unowned
// connection for its cost; it becomes a complete link they own, with no track tiles. The reading
// of "track must connect" (base rulebook, Build Track: new track must extend from a city or from
// the player's own track): at least one end is a city (printed or urbanized), or a town the
// player's own track already reaches.

/** Placements the current builder has spent this turn on connections that count as a build. */
export function claimsThisBuild(state: State): number {
  if (state.phase !== "build" || state.queue.length === 0) return 0;
  const p = state.queue[0]!;
  let n = 0;
  state.connections.forEach((c, k) => {
    if (c && c.owner === p && c.turn === state.turn && state.map.connections[k]?.countsAsBuild) n++;
  });
  return n;
}

/** Does `player` reach the end at hex `h`: a city, or a town with a link of theirs touching it? */
function reachesEnd(net: Network, player: number, h: number): boolean {
  if (h < 0) return false;
  if (net.stop[h] === 1) return true;
  return net.links.some((l) => l.owner === player && l.connection === undefined && (l.from === h || l.to === h));
}

/** Why a claim is refused, as a number (0: it is legal), worded by {@link whyNotClaim} only when someone reads it. */
const NO_SUCH = 1;
const TAKEN = 2;
const LIMIT = 3;
const UNCONNECTED = 4;
const MARKERS = 5;
const CASH = 6;

/** The rules of claiming connection `k` for `player` now (phase and turn aside): 0 when they may, else which one refuses it. */
function claimFault(state: State, player: number, k: number, net: Network): number {
  const x = state.map.connections[k];
  if (!x) return NO_SUCH;
  if (state.connections[k]) return TAKEN;
  if (x.countsAsBuild && state.build.count >= buildLimit(state, player)) return LIMIT;
  if (!x.ends.some((end) => reachesEnd(net, player, placeHex(net.map, end)))) return UNCONNECTED;
  if (markersUsed(net, player) >= RULES.markersPerPlayer) return MARKERS;
  if (state.cash[player]! < x.cost) return CASH;
  return 0;
}

/** Why `player` may not claim connection `k` now (phase and turn aside), or undefined. */
export function whyNotClaim(state: State, player: number, k: number, net: Network = network(state)): string | undefined {
  const fault = claimFault(state, player, k, net);
  if (fault === 0) return undefined;
  const x = state.map.connections[k];
  if (!x) return `${state.map.name} has ${state.map.connections.length === 0 ? "no printed connections" : `printed connections 0 to ${state.map.connections.length - 1} only`}`;
  switch (fault) {
    case TAKEN:
      return `the ${x.id} (${x.ends.join("–")}) is already claimed by seat ${state.connections[k]!.owner}: a link has one owner`;
    case LIMIT:
      return `claiming the ${x.id} counts as a build, and you have made all ${buildLimit(state, player)} of your placements this turn`;
    case UNCONNECTED:
      return `the ${x.id} must connect: one of its ends (${x.ends.join(", ")}) must be a city or a town your own track reaches`;
    case MARKERS:
      return `you have no ownership marker left for the ${x.id} (${RULES.markersPerPlayer} links at most)`;
    default:
      return `the ${x.id} costs $${x.cost}, paid in cash, and you have $${state.cash[player]}`;
  }
}

/** The connections `player` may claim now, in map order. */
export function legalClaims(state: State, player: number): number[] {
  const out: number[] = [];
  if (state.map.connections.length === 0) return out;
  const net = network(state);
  for (let k = 0; k < state.map.connections.length; k++) if (claimFault(state, player, k, net) === 0) out.push(k);
  return out;
}

/** Claim connection `k`: pay its cost, own it, and count one placement when it counts as a build. */
export function applyClaim(draft: State, player: number, k: number): void {
  const x = draft.map.connections[k]!;
  draft.cash[player]! -= x.cost;
  draft.connections[k] = { owner: player, turn: draft.turn };
  if (x.countsAsBuild) draft.build.count += 1;
}
