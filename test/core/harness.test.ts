import { testGame, testGolden } from "../harness/index.js";
import { highCard } from "./fixtures/high-card.js";

// The harness on the fixture game: proves the harness itself runs every check end to end.
testGame(highCard, {
  invariants: (s) => {
    // The 12 cards are always all somewhere: deck, hands, face-down plays, or already played.
    const inPlay = s.deck.length + s.hands.flat().length + s.played.filter((c: number | null) => c !== null).length;
    if (inPlay + s.round * s.hands.length !== 12) throw new Error(`cards not conserved: ${inPlay}`);
  },
});
testGolden(highCard, new URL("./high-card.golden.json", import.meta.url).pathname);
