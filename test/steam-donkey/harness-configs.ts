// The testGame calls of properties.test.ts, also swept by bench/trust-sweep.ts.
import { harnessConfigs as byFile } from "../harness-configs.js";

// Random play makes long games here (400-900 actions: random seats rarely build), and the harness
// checks every state of them, so these suites use fewer runs than the harness default, check views
// and determinize on every second state, and try fewer corruptions in the variant suites.

// Structural sharing: the harness allows this game no exception (no entry sets sharingExceptions);
// docs/games/steam-donkey.md, "Structural sharing".
export const harnessConfigs = byFile({
  "properties.test.ts": [
    // The whole contract (DESIGN.md §2, §5) at 2, 3 and 4 players; loadState's stateProblems
    // accepts every reachable state (every card in exactly one place, the stage agreeing with the turn).
    { runs: 4, viewEvery: 2 },
    // The advanced rules: Kick-ons chosen in reverse turn order, Characters used and swapped.
    { label: "advanced", runs: 4, viewEvery: 2, options: { advanced: true } },
    // Hand backs hidden (determinize may then swap an unseen hand card for any unseen deck card),
    // Feral Donkey once per turn, identical attractions scoring once in the basic game.
    {
      label: "hand backs hidden, Feral Donkey once per turn",
      runs: 2,
      viewEvery: 2,
      corruptions: 60,
      options: { advanced: true, handBacksPublic: false, feralDonkeyPerTurn: true },
    },
    { label: "basic, identical attractions score once", runs: 2, viewEvery: 3, corruptions: 40, options: { identicalScoreOnce: true, posterBonusCountsCovered: true, distinctPosters: false } },
  ],
});
