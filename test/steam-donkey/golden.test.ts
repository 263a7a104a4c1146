import { game } from "@rules/steam-donkey";
import { testGolden } from "../harness/index.js";

testGolden(game, new URL("./golden.json", import.meta.url).pathname);
testGolden(game, new URL("./golden-advanced.json", import.meta.url).pathname, { options: { advanced: true } });
