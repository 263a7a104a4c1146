// `npx tsx bench/steamrollers-routes.ts`: the cost of SteamRollers' `legalActions` when the
// delivery route search is at its largest. A report, never a test.
//
// Random play rarely links two cities, so the large networks are grown on purpose: a hill climb
// redraws one hex at a time on a full sheet and keeps the change when the sheet has at least as
// many city-to-city connections. Each grown sheet is measured in the most expensive act stage:
// engine 6 with tile 4b, tiles 3a (any source city), 3b (+1/+2) and 4a (any distance) upright,
// coal on every city and goods of every colour everywhere.
import { defaultComponents, game } from "@rules/steamrollers";
import { mapGrid } from "../packages/steamrollers/src/data.js";
import { cityGraph, connections } from "../packages/steamrollers/src/network.js";
import { grownTracks, heavyState } from "../test/steamrollers/heavy.js";

const G = mapGrid(defaultComponents.map);

const samples: Array<{ conns: number; edges: number; micros: number; actions: number }> = [];
for (let seed = 1; seed <= 12; seed++) {
  const tracks = grownTracks(seed, 4000);
  const conns = connections(G, tracks, new Set());
  const edges = cityGraph(conns).reduce((n, l) => n + l.length, 0) / 2;
  for (let die = 1; die <= 6; die++) {
    // 3a needs the die's city as destination, so every city is a source: the widest search.
    const s = heavyState(tracks, die, { t3: "a", t4: "a" });
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
