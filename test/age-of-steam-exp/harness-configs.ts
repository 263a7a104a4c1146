// The testGame calls of properties.test.ts and park.properties.test.ts, also swept by
// bench/trust-sweep.ts.
import type { AnyGame } from "../harness/index.js";
import { harnessConfigs as byFile } from "../harness-configs.js";

// The definition allows 1 seat (the Amusement Park); the hex maps are for 3–6, so their runs see
// the definition with the base minimum of 3 seats.
const hexGame = (game: AnyGame): AnyGame => ({ ...game, minPlayers: 3 });
// The Amusement Park is for exactly one seat.
const solo = (game: AnyGame): AnyGame => ({ ...game, minPlayers: 1, maxPlayers: 1 });

// Structural sharing: the harness allows this game no exception (no entry sets sharingExceptions);
// docs/games/age-of-steam-exp.md, "Structural sharing".
export const harnessConfigs = byFile({
  "properties.test.ts": [
    // The whole contract (DESIGN.md §2, §5) on Rust Belt at every player count 3..6; loadState's
    // stateProblems checks that cubes and tiles add up, the track could have been built and the
    // phase agrees with who has acted. A build state has hundreds of legal placements, each of
    // which the harness applies three ways, so views and every-action checks run on every 6th
    // state (one in four of those at the default depth) and the written count is 5 games per
    // player count.
    { definition: hexGame, viewEvery: 6, runs: 5 },
    // The other reading of each unsettled rule at once.
    {
      definition: hexGame,
      label: "alternative rule readings",
      runs: 3,
      playerCounts: [3, 5],
      viewEvery: 8,
      options: { rules: { coexistingUpgradeCost: 3, deliveredGoods: "out", urbanizeTiming: "first", passWithTwoBidders: true } },
    },
    // Orient Express (4–6 players): the contract under random play.
    { label: "Orient Express", playerCounts: [4, 5, 6], viewEvery: 6, options: { map: "orient-express" }, runs: 3 },
  ],
  // The Amusement Park (solo), once per difficulty, in a file of its own so CI's two workers share
  // the package's long suites.
  "park.properties.test.ts": (["easy", "normal", "hard"] as const).map((difficulty) => ({
    definition: solo,
    label: `Amusement Park, ${difficulty}`,
    playerCounts: [1],
    viewEvery: 2,
    options: { map: "amusement-park", difficulty },
    runs: 8,
  })),
});
