// One default player count per game, shared by initialState, simulate and the CLI.
import { defaultPlayers, simulate, type Game } from "@rules/core";
import { game as donkeyValley } from "@rules/donkey-valley";
import { game as ageOfSteam } from "@rules/age-of-steam-exp";
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

describe("defaultPlayers with options", () => {
  it("is the nearest count the options accept when they refuse the default: a solo map gives 1 seat", () => {
    expect(defaultPlayers(ageOfSteam)).toBe(4);
    expect(defaultPlayers(ageOfSteam, { map: "amusement-park" })).toBe(1);
    expect(defaultPlayers(ageOfSteam, { map: "orient-express" })).toBe(4);
    expect(defaultPlayers(ageOfSteam, { map: "nowhere" })).toBe(4); // no count fits: initialState names the map
    expect(simulate(ageOfSteam, { games: 1, seed: 1, options: { map: "amusement-park" }, maxSteps: 5 }).players).toBe(1);
  });
});
