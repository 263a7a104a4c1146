import { COLORS, LETTERS, RULES, TILE_IDS, type TileId } from "./data.js";
import { buildLimit } from "./build.js";
import { compileMap, oriented, turnsFor } from "./map.js";
import { computeNetwork, markersUsed, townDisksUsed } from "./network.js";
import { holder } from "./phases.js";
import { claimsThisBuild } from "./connections.js";
import { parkProblems } from "./amusement-text.js";
import { economyProblems } from "./economy.js";
import type { State } from "./schema.js";

// Consistency of an untrusted state beyond field shapes (loadState runs this after the schema):
// seats and arrays agree, every cube and tile is somewhere exactly once, the track on the board
// could have been built, and the phase agrees with who has acted. One line per problem.

export function stateProblems(s: State): string[] {
  if (s.map.topology === "graph" || s.park !== undefined) {
    const park = parkProblems(s);
    return park.length > 0 ? park : economyProblems(s);
  }
  const out: string[] = [];
  const n = s.players;
  if (s.selected.includes("souvenir")) out.push(`Souvenir is an action of the Amusement Park map only`);
  const bad = (m: string): void => void out.push(m);
  for (const [k, v] of [["cash", s.cash], ["income", s.income], ["shares", s.shares], ["loco", s.loco], ["eliminated", s.eliminated], ["selected", s.selected], ["move.locoRaised", s.move.locoRaised]] as const) {
    if (v.length !== n) bad(`${k} has ${v.length} entries for ${n} players`);
  }
  if (out.length > 0) return out;
  out.push(...economyProblems(s));
  const seatOk = (p: number): boolean => p >= 0 && p < n;
  const expectedTurns = turnsFor(s.map, n);
  if (expectedTurns === undefined) bad(`${s.map.name} has no game length for ${n} players`);
  else if (s.lastTurn !== expectedTurns) bad(`the game lasts ${expectedTurns} turns on ${s.map.name} with ${n} players, not ${s.lastTurn}`);
  if (s.turn > s.lastTurn) bad(`turn ${s.turn} is past the last turn ${s.lastTurn}`);
  if (s.goods.length !== s.map.cities.length) bad(`goods are listed for ${s.goods.length} cities, the map has ${s.map.cities.length}`);
  s.display.forEach((col, i) => {
    const size = i < 12 ? RULES.columnSize : RULES.newCityColumnSize;
    if (col.length !== size) bad(`display column ${i} has ${col.length} spaces, not ${size}`);
  });
  // Cubes: bag + display + cities + Production + out of play = the box.
  const counted = [0, 0, 0, 0, 0];
  const add = (c: string | null): void => {
    if (c !== null) counted[COLORS.indexOf(c as never)]! += 1;
  };
  s.display.forEach((col) => col.forEach(add));
  s.goods.forEach((g) => g.forEach(add));
  s.newCityGoods.forEach((g) => g.forEach(add));
  s.production.forEach(add);
  COLORS.forEach((c, k) => {
    const total = counted[k]! + s.bag[k]! + s.outOfPlay[k]!;
    if (total !== s.cubeCounts[k]) bad(`${total} ${c} cubes are in play, the box has ${s.cubeCounts[k]}`);
  });
  if (s.rules.deliveredGoods === "bag" && s.outOfPlay.some((x) => x > 0)) bad(`cubes are out of play although delivered goods go back to the bag`);
  // Map and track.
  const map = compileMap(s.map);
  const cells = map.grid.cells.length;
  const onBoard: Record<string, number> = {};
  let prevHex = -1;
  for (const t of s.track) {
    if (t.hex >= cells) {
      bad(`track on hex ${t.hex}, which is not on ${s.map.name}`);
      return out;
    }
    if (t.hex <= prevHex) bad(`track list is not in hex order without repeats at ${map.hexName(t.hex)}`);
    prevHex = t.hex;
    onBoard[t.tile] = (onBoard[t.tile] ?? 0) + 1;
    const terrain = map.terrain[t.hex];
    if (terrain === "water" || terrain === "city" || s.urbanized.some((u) => u.hex === t.hex)) bad(`track on ${map.hexName(t.hex)}, where no track can be`);
    const o = oriented(t.tile as TileId, t.rot);
    if (!o || o.rot !== t.rot) bad(`tile ${t.tile} at rotation ${t.rot} on ${map.hexName(t.hex)} is not a distinct placement of that tile`);
    const isTown = map.townAt[t.hex]! >= 0;
    if (isTown) {
      if (t.paths.some((p) => p.a !== -1)) bad(`a town tile on ${map.hexName(t.hex)} has track not ending at the town`);
      if (o && t.paths.map((p) => p.b).sort().join() !== o.exits.join()) bad(`the exits on ${map.hexName(t.hex)} do not match its tile`);
      if (o && o.family !== "town" && o.exits.length !== 2 && o.exits.length !== 4) bad(`tile ${t.tile} cannot make a town`);
    } else {
      if (o?.family === "town") bad(`a town tile on ${map.hexName(t.hex)}, which is not a town`);
      const shape = t.paths.map((p) => [Math.min(p.a, p.b), Math.max(p.a, p.b)].join("-")).sort().join();
      if (o && shape !== o.paths.map((p) => p.join("-")).sort().join()) bad(`the track on ${map.hexName(t.hex)} does not match its tile`);
    }
    for (const p of t.paths) {
      if (p.owner !== null && (!seatOk(p.owner) || s.eliminated[p.owner])) bad(`track on ${map.hexName(t.hex)} is owned by seat ${p.owner}, who is not in the game`);
      if (p.turn > s.turn) bad(`track on ${map.hexName(t.hex)} was laid in a future turn`);
      for (const e of [p.a, p.b]) if (e >= 0 && !map.open[t.hex * 6 + e]) bad(`track on ${map.hexName(t.hex)} runs off the map or into water`);
    }
  }
  for (const id of TILE_IDS) {
    if ((onBoard[id] ?? 0) + s.supply[id] !== s.tileCounts[id]) bad(`${(onBoard[id] ?? 0) + s.supply[id]} ${id} tiles are accounted for, the box has ${s.tileCounts[id]}`);
  }
  s.newCities.forEach((c, i) => {
    if (c.letter !== LETTERS[i]) bad(`new-city tile ${i + 1} must be lettered ${LETTERS[i]}`);
  });
  const letters = new Set<string>();
  for (const u of s.urbanized) {
    if (u.hex >= cells || map.townAt[u.hex]! < 0) bad(`new city ${u.letter} is not on a town hex`);
    if (letters.has(u.letter)) bad(`new city ${u.letter} is on the board twice`);
    if (s.map.removedNewCities.includes(u.letter)) bad(`new city ${u.letter} is not used on ${s.map.name}`);
    letters.add(u.letter);
  }
  if (new Set(s.urbanized.map((u) => u.hex)).size !== s.urbanized.length) bad(`two new cities on one town`);
  LETTERS.forEach((l, i) => {
    if (!letters.has(l) && s.newCityGoods[i]!.length > 0) bad(`goods on new city ${l}, which is not on the board`);
  });
  if (s.connections.length !== s.map.connections.length) bad(`${s.connections.length} printed connections are listed, ${s.map.name} has ${s.map.connections.length}`);
  s.connections.forEach((c, k) => {
    if (!c) return;
    const x = s.map.connections[k];
    if (!seatOk(c.owner) || s.eliminated[c.owner]) bad(`the ${x?.id ?? `connection ${k}`} is owned by seat ${c.owner}, who is not in the game`);
    if (c.turn > s.turn) bad(`the ${x?.id ?? `connection ${k}`} was claimed in a future turn`);
    const notYetBuilt = s.phase === "shares" || s.phase === "auction" || s.phase === "select" || (s.phase === "build" && s.queue.slice(1).includes(c.owner));
    if (c.turn === s.turn && notYetBuilt) bad(`the ${x?.id ?? `connection ${k}`} was claimed this turn by seat ${c.owner}, who has not built yet`);
  });
  if (out.length > 0) return out;
  const net = computeNetwork(s);
  s.track.forEach((t, i) =>
    t.paths.forEach((_, j) => {
      if (!net.linkOf.has(i * 8 + j)) bad(`track on ${map.hexName(t.hex)} is not connected to any city or town`);
    }),
  );
  for (const l of net.links) {
    if (l.to >= 0 && l.to === l.from) bad(`a link loops back to ${map.hexName(l.from)}`);
    for (const sg of l.segments) if (s.track[sg >> 3]!.paths[sg & 7]!.owner !== l.owner) bad(`a link from ${map.hexName(l.from)} has pieces with different owners`);
  }
  for (let p = 0; p < n; p++) if (markersUsed(net, p) > RULES.markersPerPlayer) bad(`seat ${p} owns more than ${RULES.markersPerPlayer} links`);
  if (townDisksUsed(s) > RULES.townDisks) bad(`more than ${RULES.townDisks} town disks are on the board`);
  // Seats and the phase.
  const alive = s.eliminated.flatMap((e, p) => (e ? [] : [p]));
  if ([...s.order].sort().join() !== alive.join()) bad(`player order ${s.order.join(",")} is not exactly the seats still in the game`);
  for (let p = 0; p < n; p++) if (s.eliminated[p] && (s.cash[p] !== 0 || s.income[p] !== 0)) bad(`eliminated seat ${p} still has cash or income`);
  if (s.phase !== "over" && s.order.length <= 1) bad(`the game should be over: at most one player is left`);
  if (s.turnOrderPass !== null && (!seatOk(s.turnOrderPass) || s.eliminated[s.turnOrderPass])) bad(`the Turn Order pass belongs to a seat not in the game`);
  if (new Set(s.queue).size !== s.queue.length || s.queue.some((p) => !s.order.includes(p))) bad(`the seats to act are not seats in the player order`);
  const picked = s.selected.filter((a) => a !== null);
  if (new Set(picked).size !== picked.length) bad(`an action was taken by two players`);
  if (s.phase !== "auction" && s.auction !== null) bad(`an auction outside the auction phase`);
  if (s.phase !== "production" && s.production.length > 0) bad(`Production cubes outside Production`);
  if (s.phase !== "build" && (s.build.count > 0 || s.build.hexes.length > 0 || s.build.urbanized)) bad(`a build in progress outside Build Track`);
  if (s.build.hexes.length + claimsThisBuild(s) !== s.build.count || new Set(s.build.hexes).size !== s.build.hexes.length) bad(`the placements of this build do not match the hexes built on and connections claimed`);
  switch (s.phase) {
    case "over":
      if (s.queue.length > 0) bad(`seats to act after the end`);
      break;
    case "auction": {
      const a = s.auction;
      if (!a) {
        bad(`the auction phase has no auction`);
        break;
      }
      if (s.queue.length > 0) bad(`a queue during the auction`);
      if (s.selected.some((x) => x !== null)) bad(`actions are selected before the auction is over`);
      if (a.bids.length !== n) bad(`the auction has ${a.bids.length} bids for ${n} players`);
      const all = [...a.active, ...a.dropped];
      if (all.slice().sort().join() !== alive.join() || new Set(all).size !== all.length) bad(`the auction's bidders and drop-outs are not exactly the seats in the game`);
      if (a.active.length < 2) bad(`the auction should be over`);
      if (!a.active.includes(a.turn) || a.turn === a.high) bad(`seat ${a.turn} cannot be the one to bid`);
      if (a.high !== null && !a.active.includes(a.high)) bad(`the high bidder is not bidding`);
      for (const p of all) if (a.bids[p]! > s.cash[p]!) bad(`seat ${p} bid more than their cash`);
      if (a.bids.some((b, p) => b > 0 && !all.includes(p))) bad(`a bid by a seat not in the game`);
      if (a.high !== null && a.active.some((p) => p !== a.high && a.bids[p]! >= a.bids[a.high!]!)) bad(`the high bid is not the highest`);
      break;
    }
    default: {
      if (s.queue.length === 0) bad(`nobody is to act in the ${s.phase} phase`);
      if (s.phase === "shares" && s.selected.some((x) => x !== null)) bad(`actions are selected during Issue Shares (they are cleared when a turn begins)`);
      if (s.phase === "select") {
        for (const p of s.order) {
          const waiting = s.queue.includes(p);
          if (waiting !== (s.selected[p] === null)) bad(`seat ${p} ${waiting ? "has selected but is still to select" : "has not selected but is not to select"}`);
        }
        const eq = s.order.slice(s.order.length - s.queue.length);
        if (eq.join() !== s.queue.join()) bad(`the seats to select are not the rest of the player order`);
      }
      if (s.phase === "build" || s.phase === "move" || s.phase === "production") {
        for (const p of s.order) if (s.selected[p] === null) bad(`seat ${p} has no action in the ${s.phase} phase`);
      }
      if (s.phase === "build" && s.queue.length > 0 && s.build.count > buildLimit(s, s.queue[0]!)) bad(`more placements than the builder may make`);
      if (s.phase === "build" && s.build.urbanized && s.queue.length > 0 && s.selected[s.queue[0]!] !== "urbanization") bad(`an urbanization by a player without the action`);
      if (s.phase === "production") {
        if (s.production.length === 0) bad(`Production with no cubes to place`);
        if (s.queue.length !== 1 || s.queue[0] !== holder(s, "production")) bad(`Production is placed by someone other than its holder`);
        if (!s.display.some((c) => c.includes(null))) bad(`Production with no empty display space`);
      }
      if (s.phase === "move" && s.loco.some((l, p) => s.move.locoRaised[p] && l < 2)) bad(`a raised locomotive below 2`);
      break;
    }
  }
  return out;
}
