import { game } from "@rules/donkey-valley";
import { testGolden } from "../harness/index.js";

testGolden(game, new URL("./golden.json", import.meta.url).pathname);
