import { game } from "@rules/steam-donkey";
import { testGame } from "../harness/index.js";
import { harnessConfigs } from "./harness-configs.js";

// The contract harness once per configuration of harness-configs.ts (the one list, which
// bench/trust-sweep.ts sweeps too): the basic game, the advanced rules and two sets of rule options.
for (const { definition, ...opts } of harnessConfigs["properties.test.ts"]) testGame(definition ? definition(game) : game, opts);
