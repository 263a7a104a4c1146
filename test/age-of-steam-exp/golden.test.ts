import { game } from "@rules/age-of-steam-exp";
import { testGolden } from "../harness/index.js";

testGolden(game, new URL("./golden.json", import.meta.url).pathname);
