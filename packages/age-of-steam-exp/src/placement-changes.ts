import { changedTrack, type Network } from "./network.js";

// Which hexes a listing of placements must look at again (placements.ts). A listing checks each
// candidate hex's signature against the one its kept verdicts were judged under. When the same
// state object is listed again (a game played in place: list, build, list; the next builder's
// turn), only the hexes whose signature a change of track or of builder can reach are checked;
// every other hex keeps the signature the last listing checked. The change is read from the two
// networks' inputs, not from the recipe, so a state changed by hand between two listings is
// followed as exactly.
//
// What a hex's signature reads, and why the marked hexes cover every change of it: the hex's own
// track (a changed hex is marked), what each of its edges meets on the neighbour (the neighbour's
// track: the neighbours of a changed hex are marked; a city: only urbanizing makes one, and then
// nothing is told), and the incomplete links ending on it or facing it, with their owners, starts
// and ends (a link with a path or its facing hex on a changed hex is marked along its whole length
// and at the hex it faces, in the network before and after). A builder reads a link's owner as
// nobody, themself or another player: for a new builder, the links of the last and the new one are
// marked the same way.

/** The last listing on one map: the state object, builder and network it was of, and which hexes it checked. */
export interface LastListing {
  state: object | null;
  player: number;
  net: Network | null;
  /** The listing's serial number, and per hex the serial of the last listing that checked its signature (or took it unchanged). */
  serial: number;
  checkedIn: Int32Array;
}

/** A new record of no listing, for a map of `cells` hexes. */
export function noListing(cells: number): LastListing {
  return { state: null, player: -1, net: null, serial: 0, checkedIn: new Int32Array(cells).fill(-1) };
}

/** Scratch of {@link changedHexes}: stamps (`marks[h] === stamp` marks hex h). */
let marks = new Uint32Array(0);
let inChanged = new Uint32Array(0);
let stamp = 0;

/**
 * Marks the hexes whose signature may differ from the last listing's, for a listing of `state` by
 * `player` on `net`: returns the stamp `s` (then hex h must be checked again when
 * `changedMarks()[h] === s`, or when the last listing did not check it), or 0 when every hex must be
 * checked (another state object or map, or a change the track does not tell).
 */
export function changedHexes(last: LastListing, state: object, player: number, net: Network): number {
  if (last.state !== state || last.net === null) return 0;
  const before = last.net;
  const cells = net.map.grid.cells.length;
  if (before.map !== net.map) return 0;
  if (marks.length < cells) {
    marks = new Uint32Array(cells);
    inChanged = new Uint32Array(cells);
  }
  if (++stamp === 0xffffffff) {
    marks.fill(0);
    inChanged.fill(0);
    stamp = 1;
  }
  const s = stamp;
  // Another builder sees the links of the last builder and their own otherwise (a link's owner is
  // read as nobody, the builder, or another player): their links are marked.
  if (last.player !== player) {
    markOwnedLinks(before, last.player, player, s);
    markOwnedLinks(net, last.player, player, s);
  }
  if (before === net) return s;
  const changed: number[] = [];
  if (!changedTrack(before, net, changed)) return 0;
  const nb = net.map.grid.neighbors;
  for (const h of changed) {
    if (h < 0 || h >= cells) return 0;
    inChanged[h] = s;
    marks[h] = s;
    for (const n of nb[h]!) if (n >= 0) marks[n] = s;
  }
  markTouchedLinks(before, s);
  markTouchedLinks(net, s);
  return s;
}

/** The stamps of {@link changedHexes}. */
export function changedMarks(): Uint32Array {
  return marks;
}

/** Marks, along its whole length and at the hex it faces, every link of `net` owned by seat `p` or `q`. */
function markOwnedLinks(net: Network, p: number, q: number, s: number): void {
  const nb = net.map.grid.neighbors;
  for (const l of net.links) if (l.owner === p || l.owner === q) markLink(l, net.trackHexes(), nb, s);
}

/** Marks a link along its whole length and at the hex it faces. */
function markLink(l: Network["links"][number], trackHex: Int32Array, nb: Network["map"]["grid"]["neighbors"], s: number): void {
  for (const seg of l.segments) marks[trackHex[seg >> 3]!] = s;
  const facing = l.to < 0 && l.endHex >= 0 ? (nb[l.endHex]?.[l.endEdge] ?? -1) : -1;
  if (facing >= 0) marks[facing] = s;
}

/** Marks, along its whole length and at the hex it faces, every link of `net` with a path on a changed hex or facing one. */
function markTouchedLinks(net: Network, s: number): void {
  const nb = net.map.grid.neighbors;
  const trackHex = net.trackHexes();
  for (const l of net.links) {
    const facing = l.to < 0 && l.endHex >= 0 ? (nb[l.endHex]?.[l.endEdge] ?? -1) : -1;
    let touched = facing >= 0 && inChanged[facing] === s;
    for (let i = 0; !touched && i < l.segments.length; i++) if (inChanged[trackHex[l.segments[i]! >> 3]!] === s) touched = true;
    if (touched) markLink(l, trackHex, nb, s);
  }
}
