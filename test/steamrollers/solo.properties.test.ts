import { game } from "@rules/steamrollers";
import { testGame } from "../harness/index.js";

// bench/trust-sweep.ts (npm run trust-sweep) mirrors the testGame calls of this file: keep it in step.

// The whole contract on solo games against Olive (the multiplayer runs are in properties.test.ts,
// which explains the small run counts and viewEvery).
const runs = (n: number): number => Math.min(n, Number(process.env["HARNESS_RUNS"] ?? n));
const viewEvery = 7;

// Solo against Olive: every difficulty, with and without the Medium/Hard module.
for (const difficulty of ["clerk", "conductor", "machinist", "engineer", "investor", "railBaron"]) {
  testGame(game, { label: `solo, ${difficulty}`, playerCounts: [1], runs: runs(3), viewEvery, options: { difficulty } });
}
testGame(game, { label: "solo, Medium walls", playerCounts: [1], runs: runs(3), viewEvery, options: { walls: "medium", difficulty: "machinist" } });
testGame(game, { label: "solo, Hard walls", playerCounts: [1], runs: runs(3), viewEvery, options: { walls: "hard", difficulty: "railBaron" } });
