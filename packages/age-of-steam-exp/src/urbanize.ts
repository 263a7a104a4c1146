import { LETTERS, type Letter, type TileId } from "./data.js";
import { mapRules } from "./hooks.js";
import { network, type Network } from "./network.js";
import type { State } from "./schema.js";

// Urbanization (action, used in Build Track): the holder may once per turn place a new-city tile
// on a town; it is not one of their placements.

/** New-city tiles still available: not on the board and not removed by the map. */
export function freeNewCities(state: State): Letter[] {
  return LETTERS.filter((l) => !state.urbanized.some((u) => u.letter === l) && !state.map.removedNewCities.includes(l) && mapRules(state.map).mayUrbanizeWith?.(state, l) !== false);
}

/** Why `player` may not urbanize `hex` with `letter` now (undefined: they may). */
export function whyNotUrbanize(state: State, player: number, hex: number, letter: Letter, net: Network = network(state)): string | undefined {
  if (state.selected[player] !== "urbanization") return `only the player who took Urbanization may place a new city`;
  if (state.build.urbanized) return `you have already urbanized this turn (once per turn)`;
  if (state.rules.urbanizeTiming === "first" && state.build.count > 0) return `urbanize before your first placement (rule option urbanizeTiming: "first")`;
  if (hex >= net.map.grid.cells.length || net.map.townAt[hex]! < 0) return `a new city goes only on a town hex`;
  if (net.stop[hex] === 1) return `${net.map.hexName(hex)} is already a city`;
  return whyTileUnavailable(state, letter, net);
}

/**
 * Why new-city tile `letter` cannot be placed (undefined: it is free): it is printed on the map or
 * removed by it (Orient Express: "Remove new city E from the game (new city E is already drawn on
 * the map)"), already on the board, or forbidden by the map's rules ("You cannot urbanize a yellow
 * new city"). Agrees with {@link freeNewCities}.
 */
export function whyTileUnavailable(state: State, letter: Letter, net: Network = network(state)): string | undefined {
  if (state.map.removedNewCities.includes(letter)) {
    const printed = state.map.cities.find((c) => c.printedNewCity === letter);
    return printed ? `new city ${letter} is already printed on the map (${printed.name}), so its tile is out of the game` : `new city ${letter} is removed from the game on ${state.map.name}`;
  }
  const placed = state.urbanized.find((u) => u.letter === letter);
  if (placed) return `new city ${letter} is already on the board, at ${net.map.hexName(placed.hex)}`;
  const rules = mapRules(state.map);
  if (rules.mayUrbanizeWith?.(state, letter) === false) {
    const color = state.newCities.find((n) => n.letter === letter)?.color;
    return `new city ${letter} is ${color}, and ${rules.urbanizeRefusal ?? `the ${state.map.name} rules do not allow it`}`;
  }
  return undefined;
}

/**
 * Urbanize: the town becomes a new city. Its town tile (and disk) go back; the track that met the
 * town now ends at the city, and an unowned incomplete link pointing into it goes to the urbanizer.
 */
export function applyUrbanize(draft: State, player: number, hex: number, letter: Letter): void {
  const net = network(draft);
  for (let e = 0; e < 6; e++) {
    const lf = net.looseFacing[hex * 6 + e]!;
    if (lf === 0) continue;
    const l = net.links[lf - 1]!;
    if (l.owner !== null) continue;
    for (const s of l.segments) draft.track[s >> 3]!.paths[s & 7]!.owner = player;
  }
  const ti = net.trackAt[hex]!;
  if (ti >= 0) {
    draft.supply[draft.track[ti]!.tile as TileId] += 1;
    draft.track.splice(ti, 1);
  }
  draft.urbanized.push({ hex, letter });
  draft.urbanized.sort((a, b) => a.hex - b.hex);
  draft.build.urbanized = true;
}
