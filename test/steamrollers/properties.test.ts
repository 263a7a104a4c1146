import { game } from "@rules/steamrollers";
import { testGame } from "../harness/index.js";
import { harnessConfigs } from "./harness-configs.js";

// The contract harness once per multiplayer configuration of harness-configs.ts (the one list,
// which bench/trust-sweep.ts sweeps too): the base game, every module, Medium walls. Solo against
// Olive: solo.properties.test.ts.
for (const { definition, ...opts } of harnessConfigs["properties.test.ts"]) testGame(definition ? definition(game) : game, opts);
