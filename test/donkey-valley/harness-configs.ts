// The testGame calls of properties.test.ts, also swept by bench/trust-sweep.ts.
import { game } from "@rules/donkey-valley";
import { harnessConfigs as byFile } from "../harness-configs.js";

// Structural sharing: the harness allows this game no exception (no entry sets sharingExceptions);
// docs/games/donkey-valley.md, "Structural sharing".
export const harnessConfigs = byFile({
  "properties.test.ts": [
    // The whole contract (DESIGN.md §2, §5) on many seeds at every player count 3..7; StateSchema's
    // refinements check that every load card and every donkey stays in exactly one zone.
    {
      // loadState accepted a 6 favor dropped from the round after it had moved the capacity, while
      // another seat's 6 still waited (consistency.ts now counts only the 6 favors that acted).
      corruptionExamples: [{ seed: -2082623816, botSeed: 66503369, players: 3 }],
    },
    // The same with the two-of-each donkey box, which brings two Lost and two Double donkeys.
    {
      label: "two-of-each donkey box",
      runs: 6,
      options: {
        components: {
          ...game.schemas.options.parse({}).components,
          donkeys: ["normal", "giant", "extraSmall", "precision", "hastily", "holes", "attacked", "lost", "double", "stubborn"].flatMap((d) => [d, d]),
        },
      },
    },
  ],
});
