import { game } from "@rules/steam-park";
import { testGolden } from "../harness/index.js";

testGolden(game, new URL("./golden.json", import.meta.url).pathname);
testGolden(game, new URL("./golden-beginner.json", import.meta.url).pathname, { options: { beginner: true } });
