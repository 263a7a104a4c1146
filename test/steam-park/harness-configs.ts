// The testGame calls of properties.test.ts, also swept by bench/trust-sweep.ts.
import { harnessConfigs as byFile } from "../harness-configs.js";

// Structural sharing: the harness allows this game no exception (no entry sets sharingExceptions);
// docs/games/steam-park.md, "Structural sharing".
export const harnessConfigs = byFile({
  // The whole contract (DESIGN.md §2, §5) on many seeds at 2, 3 and 4 players, in the full game and
  // in the beginner variant; loadState's stateProblems checks every reachable state.
  "properties.test.ts": [
    {},
    {
      label: "beginner variant",
      runs: 6,
      options: { beginner: true },
      // loadState accepted a park's ride recoloured into the ride another seat had paid for and not yet placed.
      corruptionExamples: [{ seed: -1070565118, botSeed: -10, players: 4 }],
    },
    { label: "2-player tip: 2nd and Last tokens", playerCounts: [2], runs: 3, options: { gentleTwoPlayer: true } },
    { label: "option mustSpendDice", playerCounts: [3], runs: 3, options: { mustSpendDice: true } },
    {
      label: "option optionalSeating",
      playerCounts: [3],
      runs: 3,
      options: { optionalSeating: true },
      // loadState accepted a setup choice with 3 cards kept and 3 still offered (keeping a 4th broke the state).
      corruptionExamples: [{ seed: 1770213296, botSeed: 5, players: 3 }],
    },
  ],
});
