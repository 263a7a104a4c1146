import { cloneJson, randomInt, seedRng } from "@rules/core";
import { defaultComponents, game, initialState, type State } from "@rules/steamrollers";
import { mapGrid } from "../../packages/steamrollers/src/data.js";
import { connections } from "../../packages/steamrollers/src/network.js";

// States where the delivery search is widest (as in bench/steamrollers-routes.ts): a full sheet
// grown by a hill climb to many city-to-city connections, engine 6, tiles 3a/3b/4a/4b as given,
// one good of every other colour and a coal on each city. Random play rarely reaches them.

const G = mapGrid(defaultComponents.map);
const PAIRS: Array<[number, number]> = [];
for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) PAIRS.push([a, b]);

/** A full sheet with as many connections as a short hill climb finds. */
export function grownTracks(seed: number, steps: number): State["sheets"][number]["tracks"] {
  const rng = seedRng(seed);
  const tracks: State["sheets"][number]["tracks"] = G.hex.cells.map((_, h) => (G.cityOf[h]! >= 0 ? null : PAIRS[randomInt(rng, 0, 14)]!));
  const score = (t: typeof tracks): number => {
    const conns = connections(G, t, new Set());
    return conns.length * 10 + conns.reduce((s, c) => s + c.towns, 0);
  };
  let best = score(tracks);
  for (let i = 0; i < steps; i++) {
    const h = randomInt(rng, 0, G.hex.cells.length - 1);
    if (G.cityOf[h]! >= 0) continue;
    const old = tracks[h];
    tracks[h] = PAIRS[randomInt(rng, 0, 14)]!;
    const s = score(tracks);
    if (s >= best) best = s;
    else tracks[h] = old!;
  }
  return tracks;
}

/** Seat 0 acting with white die `die` on `tracks`, holding every tile with the given sides. */
export function heavyState(tracks: State["sheets"][number]["tracks"], die: number, sides: { t3: "a" | "b"; t4: "a" | "b" }): State {
  const s = cloneJson(initialState(1, { players: 3, coal: true }));
  s.sheets[0]!.tracks = tracks;
  s.sheets[0]!.engine = [true, true, true, true, true, true];
  s.tiles = s.tiles.map((t, i) => ({ side: i === 2 ? sides.t3 : i === 3 ? sides.t4 : t.side, holder: 0, sideways: false }));
  s.cities = s.cities.map(() => []);
  s.bag = [10, 10, 10, 10, 10, 0];
  s.reserve = 6;
  G.colourOf.forEach((colour, c) => {
    for (const [g, name] of ["yellow", "red", "green", "blue", "grey"].entries()) if (name !== colour) (s.cities[c]!.push(g), s.bag[g]!--);
    s.cities[c]!.push(5);
    s.reserve--;
  });
  s.white = s.white.map((d, i) => ({ ...d, value: i === 0 ? die : d.value, user: i === 0 ? 0 : null }));
  s.turn = { player: 0, stage: "act", die: 0, actions: 0, used: [], dieUsed: [], traded: false };
  return game.loadState(s);
}
