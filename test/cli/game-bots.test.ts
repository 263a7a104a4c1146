import { cloneJson, deriveSeed, describeBot, nextActor, seedRng, type Bot, type Game, type Seed } from "@rules/core";
import { solventBot, type Action, type State } from "@rules/age-of-steam-exp";
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
      // Donkey Valley's and Age of Steam's searches expect the others to play the heuristic (an
      // opponent model); the rest search the others' moves too.
      expect(bots.policies?.heuristic?.opponents).toBe(id === "donkey-valley" || id === "age-of-steam-exp" ? "policy" : undefined);
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

describe("mcts+heuristic on Age of Steam's hex maps", () => {
  const bots = gameBots["age-of-steam-exp"]!;
  const game = games["age-of-steam-exp"]! as Game<State, Action>;
  const allowed = bots.policies!.heuristic!.allowed!;

  it("may spend no more than the solvent bot (without its look-ahead, as in the playouts): no share, bid or Locomotive it refuses; its track and deliveries", () => {
    const s = cloneJson(game.initialState(4, { map: "rust-belt", players: 3 }));
    const seat = [solventBot(1), solventBot(2), solventBot(3)];
    const schedule = seedRng(5);
    const seen = new Set<string>();
    for (let step = 0; step < 400 && !game.isTerminal(s); step++) {
      const p = nextActor(game, s, schedule)!;
      const legal = game.legalActions(s, p);
      const own = solventBot(0, { lookAhead: false }).act(s, p, legal);
      const may = allowed(s, p, legal) as Action[];
      expect(may).toContainEqual(own);
      for (const a of may) {
        expect(legal).toContainEqual(a);
        if (a.type === "issueShare") expect(own.type).toBe("issueShare");
        if (a.type === "bid") expect(own.type === "bid" && a.amount <= own.amount).toBe(true);
        if (a.type === "select" && a.action === "locomotive") expect(own).toEqual(a);
      }
      if (s.phase === "build" || s.phase === "move") expect(may).toEqual([own]);
      if (may.length < legal.length) seen.add(s.phase);
      game.applyInPlace(s, seat[p]!.act(s, p, legal));
    }
    expect([...seen].sort()).toEqual(["auction", "build", "move", "select", "shares"]);
  });

  it("stays solvent in a Rust Belt game where it went bankrupt (game 12 of the strength bench's seeds, 50 iterations)", () => {
    // The strength bench's seeds for `--players 3` on the Rust Belt (bench/strength.ts planRow).
    const master = seedRng("1/age-of-steam-exp/3");
    let gameSeed: Seed = 0;
    let seatSeeds: Seed[] = [];
    for (let g = 0; g <= 12; g++) (gameSeed = deriveSeed(master)), (seatSeeds = [0, 1, 2].map(() => deriveSeed(master)));
    const guided = describeBot("mcts+heuristic:50", { factories: bots.factories, policies: bots.policies! }).factory!(game, seatSeeds[0]!);
    const players: Bot[] = [guided, bots.factories.heuristic!(game, seatSeeds[1]!), bots.factories.heuristic!(game, seatSeeds[2]!)];
    const s = game.initialStateInPlace!(gameSeed, { map: "rust-belt", players: 3 });
    const schedule = seedRng("1/age-of-steam-exp/3/schedule/12");
    while (!game.isTerminal(s)) {
      const p = nextActor(game, s, schedule)!;
      game.applyInPlace(s, players[p]!.act(s, p, game.legalActions(s, p)));
    }
    expect(s.eliminated).toEqual([false, false, false]);
  });
});
