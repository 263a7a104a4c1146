import { game } from "@rules/steam-park";
import { testGame } from "../harness/index.js";
import { harnessConfigs } from "./harness-configs.js";

// The contract harness once per configuration of harness-configs.ts (the one list, which
// bench/trust-sweep.ts sweeps too): the full game, the beginner variant, the 2-player tip and the
// two disputed readings.
for (const { definition, ...opts } of harnessConfigs["properties.test.ts"]) testGame(definition ? definition(game) : game, opts);
