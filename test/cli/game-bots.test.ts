import { describeBot } from "@rules/core";
import { describe, expect, it } from "vitest";
import { gameBots } from "../../packages/cli/src/game-bots.js";
import { games } from "../../packages/cli/src/games.js";
import { checkBotRepeats } from "../harness/index.js";

// Every bot a game package ships (the CLI's --bots names): each move it makes is among the legal
// actions it was given, and the same seeds give the same moves. Age of Steam's games are cut after
// 600 actions (a whole game per map is its own test's business, test/age-of-steam-exp/bot.test.ts).
const seatCounts: Record<string, number[]> = { "age-of-steam-exp": [3], "donkey-valley": [3, 7], "steam-donkey": [2, 4], "steam-park": [2, 4], steamrollers: [2, 5] };
const boards: Record<string, Array<Record<string, unknown>>> = {
  "age-of-steam-exp": [{ map: "rust-belt" }, { map: "orient-express", players: 4 }, { map: "amusement-park", players: 1 }],
};

describe("the bots games ship", () => {
  for (const [id, bots] of Object.entries(gameBots)) {
    const game = games[id]!;
    for (const name of Object.keys(bots.factories)) {
      for (const options of boards[id] ?? [{}]) {
        const counts = typeof options.players === "number" ? [options.players] : seatCounts[id]!;
        for (const players of counts) {
          it(`${id} ${JSON.stringify(options)} ${players} seats: ${name} plays only legal moves and repeats itself from the same seeds`, () => {
            const steps = checkBotRepeats(game, bots.factories[name]!, { seed: 11, botSeed: 5, players, options, maxSteps: id === "age-of-steam-exp" ? 600 : 20_000 });
            expect(steps).toBeGreaterThan(0);
          });
        }
      }
    }
  }
});

describe("mcts+heuristic", () => {
  for (const [id, bots] of Object.entries(gameBots)) {
    it(`${id}: every game names a heuristic bot, and a search it guides plays a legal move`, () => {
      const game = games[id]!;
      expect(Object.keys(bots.factories)).toContain("heuristic");
      // The search starts every node from the heuristic's move (progressive widening), not a random one.
      expect(bots.policies?.heuristic?.widening).toBeGreaterThan(0);
      const spec = describeBot("mcts+heuristic:3", { factories: bots.factories, ...(bots.policies ? { policies: bots.policies } : {}) });
      expect(spec.problem).toBeUndefined();
      const s = game.initialState(2, { ...(boards[id]?.[0] ?? {}), players: seatCounts[id]![0]! });
      const p = game.activePlayers(s)[0]!;
      const legal = game.legalActions(s, p);
      const a = spec.factory!(game, 9).act(s, p, legal);
      expect(legal.map((x) => JSON.stringify(x))).toContain(JSON.stringify(a));
    });
  }
});
