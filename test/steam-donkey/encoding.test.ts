import { RulesError, randomInt, seedRng } from "@rules/core";
import { defaultComponents, game, type Action, type State } from "@rules/steam-donkey";
import { describe, expect, it } from "vitest";
import { scaledCount } from "../harness/index.js";
import { createServer } from "../../packages/cli/src/serve.js";
import { games } from "../../packages/cli/src/games.js";

const e = game.encoding!;
const key = (a: Action): string => JSON.stringify(Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1))));

describe("Steam Donkey numeric encoding", () => {
  it("has the documented sizes (2,135 actions and 2,675 numbers with the 104 default cards; 159 + 19N and 907 + 17N)", () => {
    const s = game.initialState(1, { players: 4 });
    expect(e.actionCount(s)).toBe(2135);
    expect(e.observationSize(s)).toBe(2675);
    const small = game.initialState(1, { players: 2, components: { ...defaultComponents, cards: defaultComponents.cards.slice(0, 60) } });
    expect(e.actionCount(small)).toBe(159 + 19 * 60);
    expect(e.observationSize(small)).toBe(907 + 17 * 60);
  });

  it("every index decodes to an action that encodes back to it", () => {
    const s = game.initialState(1, { players: 4 });
    const wrong: number[] = [];
    for (let i = 0; i < e.actionCount(s); i++) if (e.encodeAction(s, e.decodeAction(s, 2, i)) !== i) wrong.push(i);
    expect(wrong).toEqual([]);
  });

  for (const options of [{ players: 2 }, { players: 3, advanced: true }, { players: 4, advanced: true, handBacksPublic: false }]) {
    it(`mask = legal actions, round trips, fixed length, the observation depends only on the view (${JSON.stringify(options)})`, () => {
      // Two seeds per table from HARNESS_RUNS=8 on, one by default (CONTRIBUTING.md, "How deep the tests go").
      for (let seed = 1; seed <= scaledCount(2, 1); seed++) {
        const rng = seedRng(seed);
        let s: State = game.initialState(seed, options);
        const n = e.actionCount(s);
        let step = 0;
        while (!game.isTerminal(s)) {
          const p = game.activePlayers(s)[0]!;
          const legal = game.legalActions(s, p);
          const mask = e.legalActionMask(s, p);
          expect(mask).toHaveLength(n);
          const fromMask = mask.flatMap((m, i) => (m === 1 ? [key(e.decodeAction(s, p, i))] : []));
          expect(fromMask.sort()).toEqual(legal.map(key).sort());
          expect(legal.filter((a) => e.encodeAction(s, a) !== e.encodeAction(s, e.decodeAction(s, p, e.encodeAction(s, a))))).toEqual([]);
          if (step % 3 === 0) {
            for (let viewer = 0; viewer < s.players; viewer++) {
              const obs = e.encodeObservation(s, viewer);
              expect(obs).toHaveLength(e.observationSize(s));
              expect(obs.every(Number.isFinite)).toBe(true);
              // Hidden information never changes the vector: a world the viewer cannot tell apart encodes the same.
              expect(e.encodeObservation(game.determinize!(s, viewer, randomInt(rng, 0, 1000)), viewer)).toEqual(obs);
            }
          }
          s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
          step++;
        }
      }
    });
  }

  it("two states with equal views encode equally; a change the seat can see changes the vector", () => {
    const s = game.initialState(5, { players: 3 });
    let t = s;
    for (const player of [0, 1, 2]) t = game.apply(t, { type: "choosePoster", player, side: 0 });
    // Swap two cards deep in the deck: nobody sees the difference.
    const hidden = structuredClone(t) as State;
    [hidden.deck[0], hidden.deck[1]] = [hidden.deck[1]!, hidden.deck[0]!];
    expect(game.playerView(hidden, 1)).toEqual(game.playerView(t, 1));
    expect(e.encodeObservation(hidden, 1)).toEqual(e.encodeObservation(t, 1));
    // A card of seat 1's own hand traded with one of seat 0's: seat 1 sees its hand change.
    const seen = structuredClone(t) as State;
    const mine = seen.hands[1]![0]!;
    seen.hands[1]![0] = seen.hands[0]![0]!;
    seen.hands[0]![0] = mine;
    seen.hands[0]!.sort((p, q) => p - q);
    seen.hands[1]!.sort((p, q) => p - q);
    expect(e.encodeObservation(seen, 1)).not.toEqual(e.encodeObservation(t, 1));
  });

  it("refuses an index or an action outside its range", () => {
    const s = game.initialState(1, { players: 4 });
    expect(() => e.decodeAction(s, 0, 2135)).toThrow(RulesError);
    expect(() => e.decodeAction(s, 0, -1)).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "pay", player: 0, card: 104 })).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "placeVisitor", player: 0, from: 150, colour: "red", kind: "lodging" })).toThrow(RulesError);
  });

  it("rules serve exposes the encoding for steam-donkey (encode and decode commands)", () => {
    const reply = createServer(games);
    const call = (req: unknown): any => JSON.parse(reply(JSON.stringify(req)));
    expect(call({ cmd: "games" }).result.find((g: { id: string }) => g.id === "steam-donkey").encoding).toBe(true);
    const session = call({ cmd: "new", game: "steam-donkey", seed: 3, options: { players: 2 } }).result.session;
    const enc = call({ cmd: "encode", session, player: 1 }).result;
    expect(enc.actionCount).toBe(2135);
    expect(enc.observation).toHaveLength(enc.observationSize);
    const index = enc.mask.indexOf(1);
    const action = call({ cmd: "decode", session, player: 1, index }).result.action;
    expect(action).toEqual({ type: "choosePoster", player: 1, side: 0 });
    expect(call({ cmd: "apply", session, action }).ok).toBe(true);
  });
});

