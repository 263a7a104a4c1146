// The engine's own learning loop in Node, the yardstick of bench/python-throughput/bench.py: at every
// step the mask of legal actions and the observation of the seat to act (the game's encoding), a
// random legal index, decode and the checked `apply`; a new game when one ends. Prints one JSON line:
// steps per CPU-second of this process, measured after WARMUP CPU-seconds played unmeasured (as
// bench.py warms up the Python side). A report, not a test.
// Run: node --import tsx bench/python-throughput/node-loop.ts GAME OPTIONS_JSON CPU_SECONDS [WARMUP]
import { randomInt, seedRng, type Game } from "@rules/core";
import { games } from "../../packages/cli/src/games.js";

const [id, optionsJson, seconds, warmupSeconds] = process.argv.slice(2);
const game: Game = games[id!]!;
const enc = game.encoding!;
const options = JSON.parse(optionsJson ?? "{}");
const budget = Number(seconds ?? "3") * 1e6;
const warmup = Number(warmupSeconds ?? "0") * 1e6;
const rng = seedRng(1); // mutable: randomInt advances it
const draw = (n: number): number => randomInt(rng, 0, n - 1);

let seed = 1;
let state = game.initialState(seed, options);
let steps = 0;
let games_ = 0;
let start = process.cpuUsage();
let measuring = warmup <= 0;
const used = () => {
  const u = process.cpuUsage(start);
  return u.user + u.system;
};
while (!measuring || used() < budget) {
  if (!measuring && used() >= warmup) {
    measuring = true;
    start = process.cpuUsage();
    steps = 0;
    games_ = 0;
  }
  for (let k = 0; k < 50; k++) {
    if (game.isTerminal(state)) {
      state = game.initialState(++seed, options);
      games_++;
    }
    const active = game.activePlayers(state);
    const p = active[draw(active.length)]!;
    const mask = enc.legalActionMask(state, p);
    enc.encodeObservation(state, p);
    const legal: number[] = [];
    for (let i = 0; i < mask.length; i++) if (mask[i]) legal.push(i);
    state = game.apply(state, enc.decodeAction(state, p, legal[draw(legal.length)]!));
    steps++;
  }
}
const cpu = used() / 1e6;
console.log(JSON.stringify({ game: id, options, steps, games: games_, cpuSeconds: cpu, stepsPerCpuSecond: steps / cpu }));
