import { randomInt, seedRng } from "@rules/core";
import { game, type Action, type State } from "@rules/steam-donkey";
import { describe, expect, it } from "vitest";
import { isLegal } from "../../packages/steam-donkey/src/legal.js";

// `isLegal` lets the checked `apply` skip listing the legal actions; it must say yes exactly to the
// actions `legalActions` lists. Candidates: every action shape over the fields' ranges near the state
// (cards in the hands, platform positions one past the end, every colour, icon, slot and seat).
const COLOURS = ["green", "red", "yellow"] as const;
const KINDS = ["amusement", "lodging", "monument", "transport"] as const;
const KICK_ONS = ["feralDonkey", "castle", "bank", "mechanicalDog"] as const;

function candidates(s: State): Action[] {
  const out: Action[] = [];
  const cardIds = [...new Set([...s.hands.flat(), ...s.discard.slice(-2), s.deck[0] ?? 0])];
  const froms: Array<number | "deck"> = ["deck"];
  for (let i = 0; i <= s.platform.length; i++) froms.push(i);
  for (let player = 0; player < s.players; player++) {
    for (const type of ["collectVisitors", "takeDiscard", "draftExtra", "done"] as const) out.push({ type, player });
    for (const side of [0, 1] as const) out.push({ type: "choosePoster", player, side });
    for (const kickOn of KICK_ONS) out.push({ type: "chooseKickOn", player, kickOn });
    out.push({ type: "useCharacter", player });
    for (let seat = 0; seat < 4; seat++) out.push({ type: "swapCharacter", player, seat });
    for (const colour of COLOURS) {
      out.push({ type: "build", player, colour }, { type: "moveVisitors", player, colour }, { type: "useCharacter", player, colour });
      for (let seat = 0; seat < 4; seat++) out.push({ type: "swapCharacter", player, seat, colour });
      for (const card of cardIds) out.push({ type: "buildAttraction", player, card, colour });
      for (const from of froms) {
        out.push({ type: "fetchVisitor", player, from, colour });
        for (const kind of KINDS) out.push({ type: "placeVisitor", player, from, colour, kind });
      }
      for (const kind of KINDS) for (let slot = 0; slot < 5; slot++) out.push({ type: "returnVisitor", player, colour, kind, slot });
    }
    for (const card of cardIds) out.push({ type: "pay", player, card });
  }
  return out;
}

describe("Steam Donkey isLegal", () => {
  for (const options of [{ players: 2 }, { players: 3, advanced: true }, { players: 4, advanced: true, feralDonkeyPerTurn: true }]) {
    it(`agrees with legalActions on every candidate action of the states of random games (${JSON.stringify(options)})`, () => {
      let checked = 0;
      for (let seed = 1; seed <= 2; seed++) {
        const rng = seedRng(seed);
        let s = game.initialState(seed, options);
        while (!game.isTerminal(s)) {
          const active = new Set(game.activePlayers(s));
          const legal = new Set(game.legalActions(s).map((a) => JSON.stringify(a)));
          for (const a of candidates(s)) {
            if (!active.has(a.player)) continue;
            if (isLegal(s, a) !== legal.has(JSON.stringify(a))) expect.fail(`isLegal disagrees on ${JSON.stringify(a)} (stage ${s.stage})`);
            checked++;
          }
          const own = game.legalActions(s, game.activePlayers(s)[0]);
          s = game.apply(s, own[randomInt(rng, 0, own.length - 1)]!);
        }
      }
      expect(checked).toBeGreaterThan(100_000);
    });
  }
});
