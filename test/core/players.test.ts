// One default player count per game, shared by initialState, simulate and the CLI.
import { defaultPlayers, simulate, type Game } from "@rules/core";
import { game as donkeyValley } from "@rules/donkey-valley";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { highCard } from "./fixtures/high-card.js";

describe("defaultPlayers", () => {
  it("is the players default of the game's OptionsSchema, the count initialState(seed) starts", () => {
    expect(defaultPlayers(donkeyValley)).toBe(4);
    expect(donkeyValley.initialState(1).players).toBe(4);
    expect(defaultPlayers(highCard)).toBe(2);
  });

  it("falls back to minPlayers when the schema has no default", () => {
    const noDefault = { minPlayers: 3, schemas: { options: z.object({ players: z.number() }) } } as unknown as Game;
    expect(defaultPlayers(noDefault)).toBe(3);
  });

  it("is what simulate plays when neither players nor options.players is given", () => {
    expect(simulate(donkeyValley, { games: 1, seed: 1 }).players).toBe(4);
    expect(simulate(donkeyValley, { games: 1, seed: 1, options: { players: 5 } }).players).toBe(5);
  });
});
