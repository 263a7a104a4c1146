import { game } from "@rules/steamrollers";
import { testGame } from "../harness/index.js";
import { harnessConfigs } from "./harness-configs.js";

// The contract harness once per solo configuration of harness-configs.ts (the one list, which
// bench/trust-sweep.ts sweeps too): every difficulty against Olive, with and without the
// Medium/Hard module. The multiplayer runs are in properties.test.ts.
for (const { definition, ...opts } of harnessConfigs["solo.properties.test.ts"]) testGame(definition ? definition(game) : game, opts);
