import { game } from "@rules/steamrollers";
import { testGame } from "../harness/index.js";

// bench/trust-sweep.ts (npm run trust-sweep) mirrors the testGame calls of this file: keep it in step.

// The whole contract (DESIGN.md §2, §5) on random seeds. Random play is slow to finish a
// SteamRollers game (random track rarely links two cities, so most games run until every sheet is
// full and nothing can be delivered: 300-1000 actions), so each configuration plays a few games
// (HARNESS_RUNS lowers it further), and views, determinize and every legal action are checked at
// every 7th state; every other state gets one random action checked through all three paths.
const runs = (n: number): number => Math.min(n, Number(process.env["HARNESS_RUNS"] ?? n));
const viewEvery = 7;
const multi = [2, 3, 4, 5];

testGame(game, { label: "base game", playerCounts: multi, runs: runs(3), viewEvery });
testGame(game, {
  label: "every module: Coal, Order tiles, Starting powers, Hard walls",
  playerCounts: multi,
  runs: runs(3),
  viewEvery,
  options: { coal: true, orders: true, startingPowers: true, walls: "hard" },
});
testGame(game, { label: "Medium walls", playerCounts: multi, runs: runs(2), viewEvery, options: { walls: "medium" } });

// Solo against Olive: test/steamrollers/solo.properties.test.ts (a file of its own, so the two
// halves run side by side).
