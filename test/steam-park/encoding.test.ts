import { RulesError, cloneJson, randomInt, seedRng } from "@rules/core";
import { defaultComponents, game, loadState, playerView, type Action, type State } from "@rules/steam-park";
import { describe, expect, it } from "vitest";
import { scaledCount } from "../harness/index.js";
import { createServer } from "../../packages/cli/src/serve.js";
import { games } from "../../packages/cli/src/games.js";
import { parkBox } from "../../packages/steam-park/src/encode.js";
import { atActions } from "./helpers.js";

const e = game.encoding!;

/** Random legal play from `seed`, calling `visit` on every state before its action. */
function playRandom(seed: number, options: Record<string, unknown>, visit: (s: State, p: number, legal: Action[]) => void): void {
  const rng = seedRng(seed);
  let s: State = game.initialState(seed, options);
  while (!game.isTerminal(s)) {
    const p = game.activePlayers(s)[randomInt(rng, 0, game.activePlayers(s).length - 1)]!;
    const legal = game.legalActions(s, p);
    visit(s, p, legal);
    s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
  }
}

describe("Steam Park numeric encoding", () => {
  it("has the documented sizes (10,937 actions, 32,857 numbers with the default components)", () => {
    const s = game.initialState(1, { players: 4 });
    expect(parkBox(defaultComponents)).toEqual({ lo: -24, hi: 27, side: 52 });
    expect(e.actionCount(s)).toBe(10_937);
    expect(e.observationSize(s)).toBe(32_857);
    // The same sizes at every table size: laid out for 4 seats.
    const two = game.initialState(1, { players: 2 });
    expect(e.actionCount(two)).toBe(10_937);
    expect(e.encodeObservation(two, 1)).toHaveLength(32_857);
  });

  it("sizes follow the component set", () => {
    const components = cloneJson(defaultComponents);
    components.colours.push("gold");
    components.piecesRotate = false;
    components.additionalGround.count = 3;
    const s = game.initialState(1, { players: 3, components });
    // Box: 3 tiles of side 2 on either side of the 4×4 start: -6..9, side 16.
    expect(parkBox(components)).toEqual({ lo: -6, hi: 9, side: 16 });
    expect(e.actionCount(s)).toBe(34 + 6 + 1 + 1 + 7 * 3 + 5 + 6 + 16 * 16 + 7 + 1 + 6 + 34 + 2 + 1);
    expect(e.encodeObservation(s, 0)).toHaveLength(e.observationSize(s));
  });

  it("indices round-trip, the mask is exactly the legal actions, observations have a fixed length and depend only on the view", () => {
    let states = 0;
    // Two seeds per table from HARNESS_RUNS=8 on, one by default (CONTRIBUTING.md, "How deep the tests go").
    const seeds = scaledCount(2, 1);
    for (const [players, options] of [
      [2, {}],
      [3, { optionalSeating: true }],
      [4, {}],
      [3, { beginner: true }],
    ] as const) {
      for (let seed = 1; seed <= seeds; seed++) {
        const rng = seedRng(100 + seed);
        const s0 = game.initialState(seed, { players, ...options });
        const n = e.actionCount(s0);
        const size = e.observationSize(s0);
        const wrong: number[] = [];
        for (let i = 0; i < n; i += 7) if (e.encodeAction(s0, e.decodeAction(s0, 1, i)) !== i) wrong.push(i);
        expect(wrong).toEqual([]);
        playRandom(seed, { players, ...options }, (s, p, legal) => {
          states++;
          const mask = e.legalActionMask(s, p);
          expect(mask).toHaveLength(n);
          const indices = legal.map((a) => e.encodeAction(s, a));
          expect(new Set(indices).size).toBe(legal.length);
          expect(legal.filter((a, k) => JSON.stringify(e.decodeAction(s, p, indices[k]!)) !== JSON.stringify(a))).toEqual([]);
          expect(mask.flatMap((m, i) => (m === 1 ? [i] : []))).toEqual([...indices].sort((a, b) => a - b));
          if (states % 5 !== 0) return;
          const obs = e.encodeObservation(s, p);
          expect(obs).toHaveLength(size);
          expect(obs.every(Number.isFinite)).toBe(true);
          // Hidden information (the deck, other hands and offers, the generator) never changes the vector.
          const other = game.determinize!(s, p, randomInt(rng, 0, 1_000_000));
          expect(playerView(other, p)).toEqual(playerView(s, p));
          expect(e.encodeObservation(other, p)).toEqual(obs);
        });
      }
    }
    expect(states).toBeGreaterThan(500 * seeds);
  });

  it("an observation shows the viewer's own hand and only the size of the others'", () => {
    const before = atActions();
    const swapped = cloneJson(before);
    const [a, b] = [swapped.seats[1]!.hand[0]!, swapped.deck[0]!];
    swapped.seats[1]!.hand[0] = b;
    swapped.deck[0] = a;
    expect(e.encodeObservation(loadState(swapped), 0)).toEqual(e.encodeObservation(before, 0));
    expect(e.encodeObservation(loadState(swapped), 1)).not.toEqual(e.encodeObservation(before, 1));
  });

  it("refuses an index or an action outside its range", () => {
    const s = game.initialState(1, { players: 4 });
    expect(() => e.decodeAction(s, 0, 10_937)).toThrow(RulesError);
    expect(() => e.decodeAction(s, 0, -1)).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "place", player: 0, x: 40, y: 0, rotation: 0 })).toThrow(RulesError);
    expect(() => e.encodeAction(s, { type: "keepCard", player: 0, card: 34 })).toThrow(RulesError);
  });

  it("rules serve gives observations, masks and decoded actions for Steam Park", () => {
    const reply = createServer(games);
    const call = (req: unknown): { ok: boolean; result?: any } => JSON.parse(reply(JSON.stringify(req)));
    const g = call({ cmd: "games" }).result.find((x: { id: string }) => x.id === "steam-park");
    expect(g.encoding).toBe(true);
    const s = call({ cmd: "new", game: "steam-park", seed: 4, options: { players: 2 } }).result;
    const enc = call({ cmd: "encode", session: s.session, player: 0 }).result;
    expect(enc.observation).toHaveLength(32_857);
    expect(enc.mask).toHaveLength(10_937);
    const index = enc.mask.indexOf(1);
    const action = call({ cmd: "decode", session: s.session, player: 0, index }).result.action;
    expect(call({ cmd: "apply", session: s.session, action }).ok).toBe(true);
  });
});
