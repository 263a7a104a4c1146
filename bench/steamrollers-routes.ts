// `npx tsx bench/steamrollers-routes.ts`: the cost of SteamRollers' `legalActions` when the
// delivery route search is at its largest. A report, never a test.
//
// Random play rarely links two cities, so the large networks are grown on purpose: a hill climb
// redraws one hex at a time on a full sheet and keeps the change when the sheet has at least as
// many city-to-city connections. Each grown sheet is measured in the most expensive act stage:
// engine 6 with tile 4b, tiles 3a (any source city), 3b (+1/+2) and 4a (any distance) upright,
// coal on every city and goods of every colour everywhere.
import { cloneJson, randomInt, seedRng } from "@rules/core";
import { defaultComponents, game, initialState, type State } from "@rules/steamrollers";
import { mapGrid } from "../packages/steamrollers/src/data.js";
import { cityGraph, connections } from "../packages/steamrollers/src/network.js";

const G = mapGrid(defaultComponents.map);
const PAIRS: Array<[number, number]> = [];
for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) PAIRS.push([a, b]);

function grow(seed: number, steps: number): State["sheets"][number]["tracks"] {
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

function heavyState(tracks: State["sheets"][number]["tracks"], die: number): State {
  const s = cloneJson(initialState(1, { players: 3, coal: true }));
  s.sheets[0]!.tracks = tracks;
  s.sheets[0]!.engine = [true, true, true, true, true, true];
  s.tiles = s.tiles.map((t, i) => ({ side: i === 3 ? "a" : i === 2 ? "a" : t.side, holder: 0, sideways: false }));
  // Every city holds one good of each other colour and a coal (goods moved from the bag/box).
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

const samples: Array<{ conns: number; edges: number; micros: number; actions: number }> = [];
for (let seed = 1; seed <= 12; seed++) {
  const tracks = grow(seed, 4000);
  const conns = connections(G, tracks, new Set());
  const edges = cityGraph(conns).reduce((n, l) => n + l.length, 0) / 2;
  for (let die = 1; die <= 6; die++) {
    // 3a needs the die's city as destination, so every city is a source: the widest search.
    const s = heavyState(tracks, die);
    const reps = 200;
    game.legalActions(s);
    const t0 = performance.now();
    let n = 0;
    for (let i = 0; i < reps; i++) n = game.legalActions(s).length;
    samples.push({ conns: conns.length, edges, micros: ((performance.now() - t0) / reps) * 1000, actions: n });
  }
}
const times = samples.map((x) => x.micros).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const worst = samples.reduce((a, b) => (b.micros > a.micros ? b : a));
console.log(`SteamRollers legalActions on grown networks (${samples.length} states, 12 sheets x 6 dice)`);
console.log(`connections per sheet: ${Math.min(...samples.map((x) => x.conns))}-${Math.max(...samples.map((x) => x.conns))}; distinct city-graph edges: ${Math.min(...samples.map((x) => x.edges))}-${Math.max(...samples.map((x) => x.edges))}`);
console.log(`legal actions per state: ${Math.min(...samples.map((x) => x.actions))}-${Math.max(...samples.map((x) => x.actions))}`);
console.log(`legalActions: median ${median.toFixed(0)} µs, worst ${worst.micros.toFixed(0)} µs (${worst.conns} connections, ${worst.actions} actions)`);
