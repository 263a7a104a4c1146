import { game } from "@rules/donkey-valley";
import { testGame } from "../harness/index.js";
import { harnessConfigs } from "./harness-configs.js";

// The contract harness once per configuration of harness-configs.ts (the one list, which
// bench/trust-sweep.ts sweeps too): the default game and the two-of-each donkey box.
for (const { definition, ...opts } of harnessConfigs["properties.test.ts"]) testGame(definition ? definition(game) : game, opts);
