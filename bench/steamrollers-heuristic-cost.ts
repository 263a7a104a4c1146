// `npx tsx bench/steamrollers-heuristic-cost.ts [games] [players]`: the CPU cost of one call of the
// SteamRollers `heuristic` (MCTS's playout cut-off value), timed over every state of `games` seeded
// random games (default 30, 3 players; 1 = solo). A report, never a test; the figures are in
// docs/games/steamrollers.md, "MCTS strength".
import { randomInt, seedRng } from "@rules/core";
import { game, type State } from "@rules/steamrollers";

const games = Number(process.argv[2] ?? 30);
const players = Number(process.argv[3] ?? 3);
const states: State[] = [];
for (let seed = 1; seed <= games; seed++) {
  const s = game.cloneState!(game.initialState(seed, { players }));
  const rng = seedRng(seed);
  while (!game.isTerminal(s)) {
    states.push(game.cloneState!(s));
    const legal = game.legalActions(s);
    game.applyInPlace(s, legal[randomInt(rng, 0, legal.length - 1)]!);
  }
}
let sink = 0;
for (const s of states) sink += game.heuristic!(s)[0]!; // warm-up
const rounds = 5;
const t0 = process.cpuUsage();
for (let r = 0; r < rounds; r++) for (const s of states) sink += game.heuristic!(s)[0]!;
const cpu = process.cpuUsage(t0);
const us = (cpu.user + cpu.system) / (rounds * states.length);
console.log(`${states.length} states of ${games} random ${players}-player games: ${us.toFixed(2)} µs CPU per heuristic call (checksum ${sink.toFixed(3)})`);
