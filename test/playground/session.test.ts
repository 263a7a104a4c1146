// The playground's game session without a browser: bots fill the other seats, undo takes back the
// person's move with the bot moves after it (only where core's undo rule allows), and an exported log
// imports to the same game.
import { describe, expect, it, vi } from "vitest";
import { defaultPlayers, newLog, stateHash, type ActionLog } from "@rules/core";
import { configFromQuery, games, MAX_IMPORT_ACTIONS, parseSeed, Session } from "../../apps/playground/src/session.js";

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

  it("refuses a log whose game is a name every object has", () => {
    for (const id of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(() => Session.fromLog({ game: id, rulesVersion: 1, seed: 1, options: {}, actions: [] }, 0, "random")).toThrow(/No game/);
    }
  });

  describe("the page's address", () => {
    it("reads a good address as it is written", () => {
      const { config, problems } = configFromQuery("?game=steam-park&players=3&seed=9&seat=2&bot=mcts&map=x&options=%7B%22a%22%3A1%7D");
      expect(problems).toEqual([]);
      expect(config).toEqual({ game: "steam-park", players: 3, seed: 9, seat: 2, bot: "mcts", options: { a: 1, map: "x" } });
      expect(configFromQuery("?seat=none").config.seat).toBe(null);
      expect(configFromQuery("").problems).toEqual([]);
    });

    // Each bad value becomes its default with a message, and the game it names then starts.
    const bad: Array<[string, RegExp]> = [
      ["?game=constructor", /No game "constructor"/],
      ["?game=__proto__", /No game "__proto__"/],
      ["?game=chess", /No game "chess"/],
      ["?seat=-1", /Seat "-1"/],
      ["?seat=1.5", /Seat "1.5"/],
      ["?seat=99", /Seat "99"/],
      ["?seat=constructor", /Seat "constructor"/],
      ["?bot=toString", /No bot "toString"/],
      ["?bot=constructor", /No bot "constructor"/],
      ["?players=-1", /not "-1"/],
      ["?players=1e9", /not "1e9"/],
      ["?options=%7Bnot", /not JSON/],
      ["?options=%5B1%5D", /must be a JSON object/],
    ];
    for (const [search, why] of bad) {
      it(`${search} gives a message and a game that plays`, () => {
        const { config, problems } = configFromQuery(search);
        expect(problems.join(" ")).toMatch(why);
        const s = Session.start(config);
        expect(s.config.seat === null || (s.config.seat >= 0 && s.config.seat < s.players)).toBe(true);
        for (let i = 0; i < 20 && s.botStep(); i++);
        expect(s.log.actions.length).toBeGreaterThan(0);
      });
    }
  });

  describe("importing a long log (Steam Donkey, the first legal action each time)", () => {
    const game = games["steam-donkey"]!;
    function longLog(n: number): ActionLog {
      const log = newLog(game, 1, { players: 2 });
      let state = game.initialState(1, { players: 2 });
      for (let i = 0; i < n; i++) {
        const a = game.legalActions(state)[0]!;
        state = game.apply(state, a);
        log.actions.push(a);
      }
      return log;
    }

    it("applies and describes each action once: the work grows linearly", () => {
      const log = JSON.parse(JSON.stringify(longLog(3000))) as ActionLog;
      const apply = vi.spyOn(game, "apply");
      const describe = vi.spyOn(game, "describeAction");
      try {
        const s = Session.fromLog(log, 0, "random");
        expect(s.entries.length).toBe(3001);
        expect(apply.mock.calls.length).toBe(3000);
        expect(describe.mock.calls.length).toBe(3000);
      } finally {
        apply.mockRestore();
        describe.mockRestore();
      }
    });

    it(`refuses more than ${MAX_IMPORT_ACTIONS} actions before applying any, and says where to replay it`, () => {
      const log = longLog(10);
      const over = { ...log, actions: Array.from({ length: MAX_IMPORT_ACTIONS + 1 }, (_, i) => log.actions[i % 10]!) };
      const apply = vi.spyOn(game, "apply");
      try {
        expect(() => Session.fromLog(over, 0, "random")).toThrow(/20,001 actions; the playground imports at most 20,000.*rules replay/);
        expect(apply).not.toHaveBeenCalled();
      } finally {
        apply.mockRestore();
      }
    });
  });
});
