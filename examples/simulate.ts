import { mctsBot, newLog, randomInt, replay, seedRng, simulate, stateHash } from "@rules/core";
import { game } from "@rules/donkey-valley";

// Many bot games on the fast path: seat 0 plays information-set MCTS, the others play at random.
const mcts = (g: typeof game, seed: number | string) => mctsBot(g, seed, { iterations: 30 });
const report = simulate(game, { games: 10, players: 4, seed: 1, bots: [mcts, "random", "random", "random"] });
console.log(report.winRateBySeat.map((w) => `${Math.round(w * 100)}%`).join(" "), "mean length", report.length.mean);

// Record a game as an action log, store it as JSON, and replay it to the same bytes.
let state = game.initialState(42, { players: 3 });
const log = newLog(game, 42, { players: 3 });
const rng = seedRng("my bot"); // bots draw on their own RNG, never the game's
while (!game.isTerminal(state)) {
  const legal = game.legalActions(state);
  const action = legal[randomInt(rng, 0, legal.length - 1)]!;
  state = game.apply(state, action);
  log.actions.push(action);
}
const stored = JSON.stringify({ ...log, finalHash: stateHash(state) });
console.log(game.outcome(state)?.winners, stateHash(replay(game, JSON.parse(stored))) === stateHash(state)); // [ ... ] true
