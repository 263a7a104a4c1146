// MCTS iterations per CPU second on Donkey Valley at 5 players: `mctsBot` with its default
// options and 50 iterations per decision, over the decisions of three random games (the states
// with more than one legal action), timed on this process's CPU clock. A report, never a test.
//
//   npx esbuild bench/mcts-iterations.ts --bundle --platform=node --format=esm \
//     --tsconfig=tsconfig.json --outfile=/tmp/mcts-now.mjs && node /tmp/mcts-now.mjs 5
//
// The first argument is the measuring time in seconds; `floor` as the second measures only what
// every iteration must do whatever the search (determinize, a random playout on the fast path,
// the outcome) over the same decisions, with no tree: the most a faster search loop could reach.
// The driver uses only the `mctsBot(game, seed, { iterations })` form, so the same file bundled
// from older code measures that code.
import { game } from "@rules/donkey-valley";
import { chooseActor, deriveSeed, mctsBot, randomInt, seedRng, type PlayerId } from "@rules/core";

type State = ReturnType<typeof game.initialState>;
const secs = Number(process.argv[2] ?? 5);
const floor = process.argv[3] === "floor";
const players = 5;
const iterations = 50;

const states: State[] = [];
const rng = seedRng(1);
for (let g = 0; g < 3; g++) {
  let s = game.initialState(1 + g, { players });
  while (!game.isTerminal(s)) {
    const p = chooseActor(game.activePlayers(s), rng)!;
    const l = game.legalActions(s, p);
    if (l.length > 1) states.push(s);
    s = game.apply(s, l[randomInt(rng, 0, l.length - 1)]!);
  }
}

const bot = mctsBot(game, 1, { iterations });
const playoutRng = seedRng(5);
let sink = 0;
/** The iterations of one decision without a tree: a sampled world, a random playout, its outcome. */
function floorDecision(st: State, p: PlayerId): void {
  for (let it = 0; it < iterations; it++) {
    const s = game.determinize!(st, p, deriveSeed(playoutRng));
    // The same scheduling as mctsBot's playouts (chooseActor over the active seats).
    for (let q = chooseActor(game.activePlayers(s), playoutRng); q !== undefined; q = chooseActor(game.activePlayers(s), playoutRng)) {
      const acts = game.legalActions(s, q);
      game.applyInPlace(s, acts[randomInt(playoutRng, 0, acts.length - 1)]!);
    }
    sink += game.outcome(s)!.ranks[0]!;
  }
}
const run = (i: number): void => {
  const st = states[(i * 7) % states.length]!;
  const p = game.activePlayers(st)[0]!;
  if (floor) floorDecision(st, p);
  else bot.act(st, p, game.legalActions(st, p));
};

for (let i = 0; i < 300; i++) run(i);
const c0 = process.cpuUsage();
const t0 = performance.now();
let i = 0;
while (performance.now() - t0 < secs * 1000) run(i++);
const cu = process.cpuUsage(c0);
const cpu = (cu.user + cu.system) / 1e6;
const wall = (performance.now() - t0) / 1000;
console.log(`${floor ? "floor" : "mcts"}: ${((i * iterations) / cpu).toFixed(0)} iterations per CPU s (wall ${((i * iterations) / wall).toFixed(0)}/s)`);
