import { testGame } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

// The harness on the fixture game: proves the harness itself runs every check end to end.
testGame(highCard, { golden: new URL("./high-card.golden.json", import.meta.url).pathname });
