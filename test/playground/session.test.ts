// The playground's game session without a browser: bots fill the other seats, undo takes back the
// person's move with the bot moves after it (only where core's undo rule allows), and an exported log
// imports to the same game.
import { describe, expect, it } from "vitest";
import { defaultPlayers, stateHash } from "@rules/core";
import { games, parseSeed, Session } from "../../apps/playground/src/session.js";

describe("playground session", () => {
  it("reads seeds as the CLI does", () => {
    expect(parseSeed(" 42 ")).toBe(42);
    expect(parseSeed("-3")).toBe(-3);
    expect(parseSeed("abc")).toBe("abc");
  });

  for (const game of Object.values(games)) {
    it(`${game.name}: bots play to the person's turn, undo and import keep the contract`, () => {
      const s = Session.start({ game: game.id, players: defaultPlayers(game), seed: 3, seat: 0, bot: "random" });
      let undone = 0;
      for (let step = 0; step < 100_000 && !s.isOver(); step++) {
        if (s.botStep()) continue;
        expect(s.awaitsPerson()).toBe(true);
        const legal = s.personActions();
        expect(legal).toEqual(game.legalActions(s.state, 0));
        const before = s.log.actions.length;
        s.play(legal[step % legal.length]!);
        if (undone < 3 && s.undoProblem() === undefined) {
          const hash = stateHash(s.states[before]);
          // Let the bots answer, then take it all back.
          while (s.botStep()) if (s.undoProblem() !== undefined) break;
          if (s.undoProblem() === undefined) {
            s.undo();
            undone++;
            expect(s.log.actions.length).toBe(before);
            expect(stateHash(s.state)).toBe(hash);
            expect(s.entries.length).toBe(before + 1);
          }
        }
      }
      expect(s.isOver()).toBe(true);
      console.log(`${game.name}: ${s.log.actions.length} actions, ${undone} undone`);
      const again = Session.fromLog(JSON.parse(s.exportLog()), 0, "random");
      expect(stateHash(again.state)).toBe(stateHash(s.state));
      expect(again.entries.map((e) => e.text)).toEqual(s.entries.map((e) => e.text));
    });
  }

  it("refuses a log of a game it does not know", () => {
    expect(() => Session.fromLog({ game: "chess", rulesVersion: 1, seed: 1, options: {}, actions: [] }, 0, "random")).toThrow(/No game "chess"/);
  });
});
