import { chooseActor, cloneJson, deriveSeed, mctsBot, rankRewards, seedRng, simulate, type Bot, type BotFactory, type Game } from "@rules/core";
import { game } from "@rules/donkey-valley";

// A bot is { name, act(state, seat, legal) }: it returns one of `legal` and draws chance only on its
// own RNG. This one plays each legal action a few times to the end at random and keeps the best.
function flatMonteCarlo(g: Game, seed: number | string, playouts = 4): Bot {
  const rng = seedRng(seed);
  return {
    name: "flat-mc",
    act(state, seat, legal) {
      let best = legal[0]!;
      let bestReward = -1;
      for (const action of legal) {
        let reward = 0;
        for (let i = 0; i < playouts; i++) {
          // A world the seat cannot tell from the real one (hidden cards resampled), which we own:
          const world = g.determinize ? g.determinize(state, seat, deriveSeed(rng)) : cloneJson(state);
          g.applyInPlace(world, action); // the fast path: no checks, no copies
          for (let steps = 0; !g.isTerminal(world) && steps < 10_000; steps++) {
            // Several seats may act at once (a simultaneous step): draw who goes first, never seat order.
            const actor = chooseActor(g.activePlayers(world), rng)!;
            const options = g.legalActions(world, actor);
            g.applyInPlace(world, options[deriveSeed(rng) % options.length]!);
          }
          reward += g.isTerminal(world) ? rankRewards(g.outcome(world)!)[seat]! : 0;
        }
        if (reward > bestReward) [best, bestReward] = [action, reward];
      }
      return best;
    },
  };
}

// Pit it against random players and against the built-in ISMCTS, on the fast path.
const flat: BotFactory = (g, seed) => flatMonteCarlo(g, seed);
const mcts: BotFactory = (g, seed) => mctsBot(g, seed, { iterations: 30 });
for (const bots of [[flat, "random", "random"], [flat, mcts, "random"]]) {
  const report = simulate(game, { games: 4, players: 3, seed: 1, bots });
  console.log(report.bots.join(" vs "), "win rates", report.winRateBySeat, "illegal actions", report.illegalActions);
}
