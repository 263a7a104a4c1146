import { game } from "@rules/age-of-steam-exp";
import { testGolden } from "../harness/index.js";

testGolden(game, new URL("./golden.json", import.meta.url).pathname, { playerCounts: [3, 4, 5, 6] });
testGolden(game, new URL("./golden-orient-express.json", import.meta.url).pathname, { playerCounts: [4, 5, 6], options: { map: "orient-express" } });
testGolden(game, new URL("./golden-amusement-park.json", import.meta.url).pathname, { playerCounts: [1], options: { map: "amusement-park", difficulty: "normal" } });
