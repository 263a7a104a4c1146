import { game } from "@rules/steamrollers";
import { testGolden } from "../harness/index.js";

// Recorded games (solo and multiplayer) that must replay to the same final state, byte for byte.
testGolden(game, new URL("./golden.json", import.meta.url).pathname, { playerCounts: [1, 3] });
testGolden(game, new URL("./golden-modules.json", import.meta.url).pathname, {
  playerCounts: [4],
  options: { coal: true, orders: true, startingPowers: true, walls: "hard" },
});
testGolden(game, new URL("./golden-solo-hard.json", import.meta.url).pathname, {
  playerCounts: [1],
  options: { walls: "hard", difficulty: "railBaron" },
});
