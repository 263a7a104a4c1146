import { describe, expect, it } from "vitest";
import { ANCHOR_FLOORS, anchorRegressions, type AnchorResult } from "../../packages/cli/src/bench.js";

// `npm run bench --anchor` treats Donkey Valley's fast path below 0.07× the hand-written simulator
// as a regression (printed, exit status 1); other games and paths have no floor.
const at = (game: string, path: AnchorResult["path"], ours: number, anchor: number): AnchorResult => ({ game, players: 5, path, ours, anchor, command: "sim" });

describe("bench: anchor floors", () => {
  it("holds Donkey Valley's fast path at 0.07× the anchor", () => {
    expect(ANCHOR_FLOORS["donkey-valley"]?.inPlace).toBe(0.07);
    expect(anchorRegressions([at("donkey-valley", "inPlace", 41_999, 600_000)])).toHaveLength(1);
    expect(anchorRegressions([at("donkey-valley", "inPlace", 42_000, 600_000)])).toEqual([]);
    expect(anchorRegressions([at("donkey-valley", "inPlace", 45_000, 600_000)])).toEqual([]);
    expect(anchorRegressions([at("donkey-valley", "inPlace", Number.NaN, 600_000)])).toHaveLength(1);
  });
  it("has no floor for other paths and games", () => {
    expect(anchorRegressions([at("donkey-valley", "checked", 1, 600_000), at("steam-park", "inPlace", 1, 600_000)])).toEqual([]);
  });
});
