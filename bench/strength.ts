// `npm run strength`: how much stronger the ISMCTS bot is than random play, per game and player
// count. A report, never a test. For each count, N seeded games (default 1000) with one MCTS seat
// (rotating: game g puts it in seat g mod players) against random bots; prints its win rate with a
// 95% Wilson interval next to a random seat's fair share (1/players).
//
//   npm run strength -- [game ...] [--games N] [--iterations K] [--players 3,5] [--seed S]
import { mctsBot, nextActor, randomBot, seedRng, deriveSeed, type Bot } from "@rules/core";
import { games } from "../packages/cli/src/games.js";

const args = process.argv.slice(2);
const wanted: string[] = [];
let count = 1000;
let iterations = 200;
let seed = 1;
let playerList: number[] | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === "--games") count = Number(args[++i]);
  else if (a === "--iterations") iterations = Number(args[++i]);
  else if (a === "--seed") seed = Number(args[++i]);
  else if (a === "--players") playerList = String(args[++i]).split(",").map(Number);
  else wanted.push(a);
}

/** Wilson score interval at 95% for `wins` successes in `n` trials. */
function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
console.log(`# MCTS (${iterations} iterations per decision) against random bots\n`);
console.log("| game | players | games | MCTS win rate | 95% interval | fair share | × share |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const game of Object.values(games).filter((g) => wanted.length === 0 || wanted.includes(g.id))) {
  const counts = playerList ?? Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  for (const players of counts) {
    const master = seedRng(`${seed}/${game.id}/${players}`);
    let wins = 0;
    const t0 = performance.now();
    for (let g = 0; g < count; g++) {
      const gameSeed = deriveSeed(master);
      const mctsSeat = g % players;
      const bots: Bot[] = [];
      for (let p = 0; p < players; p++) bots.push(p === mctsSeat ? mctsBot(game, { iterations, seed: deriveSeed(master) }) : randomBot(deriveSeed(master)));
      const state = game.initialStateInPlace!(gameSeed, { players });
      while (!game.isTerminal(state)) {
        const p = nextActor(game, state)!;
        game.applyInPlace(state, bots[p]!.act(state, p, game.legalActions(state, p)));
      }
      const o = game.outcome(state)!;
      if (o.winners.includes(mctsSeat)) wins += 1 / o.winners.length;
      if (process.stderr.isTTY) process.stderr.write(`\r${game.id} ${players}p: ${g + 1}/${count}`);
    }
    const [lo, hi] = wilson(wins, count);
    if (process.stderr.isTTY) process.stderr.write("\r" + " ".repeat(40) + "\r");
    console.log(`| ${game.id} | ${players} | ${count} | ${pct(wins / count)} | ${pct(lo)}–${pct(hi)} | ${pct(1 / players)} | ${((wins / count) * players).toFixed(2)} |`);
    process.stderr.write(`${game.id} ${players}p: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  }
}
