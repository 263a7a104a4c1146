// The testGame calls of properties.test.ts and solo.properties.test.ts, also swept by
// bench/trust-sweep.ts.
import { harnessConfigs as byFile } from "../harness-configs.js";

// Random play is slow to finish a SteamRollers game (random track rarely links two cities, so most
// games run until every sheet is full and nothing can be delivered: 300-1000 actions), so each
// configuration plays a few games, and views, determinize and every legal action are checked at
// every 7th state; every other state gets one random action checked through all three paths (from
// HARNESS_RUNS=8 on; the default depth samples one in four of those states, CONTRIBUTING.md).
const viewEvery = 7;
const multi = [2, 3, 4, 5];

// Structural sharing: the harness allows this game no exception (no entry sets sharingExceptions);
// docs/games/steamrollers.md, "Structural sharing".
export const harnessConfigs = byFile({
  // The whole contract (DESIGN.md §2, §5) on random seeds at 2..5 players.
  "properties.test.ts": [
    { label: "base game", playerCounts: multi, runs: 3, viewEvery },
    {
      label: "every module: Coal, Order tiles, Starting powers, Hard walls",
      playerCounts: multi,
      runs: 3,
      viewEvery,
      options: { coal: true, orders: true, startingPowers: true, walls: "hard" },
      corruptionExamples: [{ seed: 7, botSeed: -23, players: 2 }],
    },
    { label: "Medium walls", playerCounts: multi, runs: 2, viewEvery, options: { walls: "medium" } },
  ],
  // Solo against Olive (a file of its own, so the two halves run side by side): every difficulty,
  // with and without the Medium/Hard module.
  "solo.properties.test.ts": [
    ...["clerk", "conductor", "machinist", "engineer", "investor", "railBaron"].map((difficulty) => ({ label: `solo, ${difficulty}`, playerCounts: [1], runs: 3, viewEvery, options: { difficulty } })),
    { label: "solo, Medium walls", playerCounts: [1], runs: 3, viewEvery, options: { walls: "medium", difficulty: "machinist" } },
    { label: "solo, Hard walls", playerCounts: [1], runs: 3, viewEvery, options: { walls: "hard", difficulty: "railBaron" } },
  ],
});
