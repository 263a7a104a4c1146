import { randomInt, seedRng } from "@rules/core";
import { game, type Action, type State } from "@rules/steam-park";
import { describe, expect, it } from "vitest";
import { comps } from "../../packages/steam-park/src/schema.js";
import { FACES, SIZES } from "../../packages/steam-park/src/data.js";
import { groundCells } from "../../packages/steam-park/src/park.js";
import { isLegal } from "../../packages/steam-park/src/legal.js";

// `isLegal` lets the checked `apply` skip listing the legal actions; it must say yes exactly to the
// actions `legalActions` lists. Candidates: every action shape over the ranges of every field (and
// one past them), every position around the park while a piece waits to be placed.
function candidates(s: State): Action[] {
  const c = comps(s);
  const out: Action[] = [];
  for (let player = 0; player < 4; player++) {
    for (let card = 0; card <= Math.min(c.bonusCards.length, 79); card++) out.push({ type: "keepCard", player, card }, { type: "playBonus", player, card });
    for (let side = 0; side <= Math.min(c.dieSides.length, 11); side++) out.push({ type: "lock", player, side });
    out.push({ type: "lockAll", player }, { type: "reroll", player }, { type: "drawVisitors", player }, { type: "endActions", player });
    out.push({ type: "seatVisitor", player, accept: true }, { type: "seatVisitor", player, accept: false });
    for (let colour = 0; colour <= c.colours.length; colour++) {
      out.push({ type: "attract", player, colour });
      for (const size of SIZES) out.push({ type: "buildRide", player, colour, size });
    }
    for (let stand = 0; stand <= Math.min(c.stands.length, 9); stand++) out.push({ type: "buildStand", player, stand });
    for (const face of FACES) out.push({ type: "expand", player, face });
    for (let dice = 1; dice <= 6; dice++) out.push({ type: "clean", player, dice });
    const seat = s.seats[player];
    if (seat && s.actor === player && s.step?.pending) {
      const cells = groundCells(seat.park, c);
      const xs = cells.map((q) => q[0]);
      const ys = cells.map((q) => q[1]);
      for (let x = Math.min(...xs) - 4; x <= Math.max(...xs) + 4; x++) {
        for (let y = Math.min(...ys) - 4; y <= Math.max(...ys) + 4; y++) {
          for (let rotation = 0; rotation < 4; rotation++) out.push({ type: "place", player, x, y, rotation });
        }
      }
    } else out.push({ type: "place", player, x: 0, y: 0, rotation: 0 }, { type: "place", player, x: -2, y: 1, rotation: 1 });
  }
  return out;
}

describe("Steam Park isLegal", () => {
  it("agrees with legalActions on every candidate action of the states of random games", () => {
    let checked = 0;
    const tables: Array<[number, Record<string, unknown>]> = [
      [2, {}],
      [3, {}],
      [4, {}],
      [3, { mustSpendDice: true }],
      [3, { optionalSeating: true }],
      [2, { beginner: true }],
      [2, { gentleTwoPlayer: true }],
    ];
    for (const [players, options] of tables) {
      for (let seed = 1; seed <= 2; seed++) {
        const rng = seedRng(seed);
        let s = game.initialState(seed, { players, ...options });
        while (!game.isTerminal(s)) {
          const legal = new Set(game.legalActions(s).map((a) => JSON.stringify(a)));
          for (const a of candidates(s)) {
            if (isLegal(s, a) !== legal.has(JSON.stringify(a))) expect.fail(`isLegal disagrees on ${JSON.stringify(a)} (phase ${s.phase}, step ${JSON.stringify(s.step)})`);
            checked++;
          }
          const active = game.activePlayers(s);
          const own = game.legalActions(s, active[randomInt(rng, 0, active.length - 1)]);
          s = game.apply(s, own[randomInt(rng, 0, own.length - 1)]!);
        }
      }
    }
    expect(checked).toBeGreaterThan(500_000);
  });
});
