import { nextActor, seedRng } from "@rules/core";
import { game, thriftyBot } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import type { Color } from "../../packages/age-of-steam-exp/src/data.js";
import { resolveBots } from "../../packages/cli/src/play.js";

function playThrifty(players: number, seed: number, map?: string): ReturnType<typeof game.initialState> {
  const bots = Array.from({ length: players }, (_, p) => thriftyBot(seed * 10 + p));
  let s = game.initialState(seed, { players, ...(map ? { map } : {}) });
  const schedule = seedRng(seed);
  while (!game.isTerminal(s)) {
    const p = nextActor(game, s, schedule)!;
    s = game.apply(s, bots[p]!.act(s, p, game.legalActions(s, p)));
  }
  return s;
}

describe("thriftyBot", () => {
  it("plays legal actions only, is reproducible from its seed, and lasts the game (uniform random play goes bankrupt in turn 1 or 2)", () => {
    const s = playThrifty(6, 3);
    expect(playThrifty(6, 3)).toEqual(s);
    expect(s.turn).toBe(s.lastTurn);
    expect(s.eliminated.filter(Boolean).length).toBeLessThan(6);
  });

  it("keeps most seats solvent to the last turn on Rust Belt and the Orient Express (the bot before issue 23 took most seats to bankruptcy)", () => {
    for (const [map, players] of [["rust-belt", 3], ["orient-express", 4]] as const) {
      let solvent = 0;
      let incomeAtEnd = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const s = playThrifty(players, seed, map);
        expect(s.turn).toBe(s.lastTurn);
        s.eliminated.forEach((out, p) => {
          if (out) return;
          solvent++;
          incomeAtEnd += s.income[p]!;
        });
      }
      expect(solvent / (6 * players)).toBeGreaterThanOrEqual(0.75);
      // Survivors earn: deliveries over their own links, not only a cash hoard.
      expect(incomeAtEnd / solvent).toBeGreaterThan(3);
    }
  });

  it("on the Amusement Park never urbanizes with a tile that makes the park unclearable (a colour no waiting visitor has)", () => {
    const s = game.initialState(1, { players: 1, map: "amusement-park" });
    const building = game.apply(game.apply(s, { type: "done", player: 0 }), { type: "select", player: 0, action: "urbanization" });
    const legal = game.legalActions(building, 0);
    const waiting = new Set(building.park!.visitors.flat());
    const colourOf = (letter: string): Color => building.newCities.find((n) => n.letter === letter)!.color;
    expect(legal.some((a) => a.type === "urbanize" && !waiting.has(colourOf(a.letter)))).toBe(true);
    let urbanized = 0;
    for (let seed = 0; seed < 200; seed++) {
      const a = thriftyBot(seed).act(building, 0, legal);
      expect(legal).toContainEqual(a);
      if (a.type !== "urbanize") continue;
      urbanized++;
      expect(waiting.has(colourOf(a.letter))).toBe(true);
    }
    expect(urbanized).toBeGreaterThan(50);
  });

  it("is what `rules play age-of-steam-exp` seats by default, and can be named with --bots", () => {
    expect(resolveBots(undefined, 4, game)).toEqual(["thrifty", "thrifty", "thrifty", "thrifty"]);
    expect(resolveBots("random,thrifty", 4, game)).toEqual(["random", "thrifty", "random", "thrifty"]);
    expect(() => resolveBots("thrifty", 4)).toThrow(/unknown bot/);
  });
});
