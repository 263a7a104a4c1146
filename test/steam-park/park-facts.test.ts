import { cloneJson, nextActor, randomInt, seedRng } from "@rules/core";
import { game, type State } from "@rules/steam-park";
import { describe, expect, it } from "vitest";
import { parkFacts } from "../../packages/steam-park/src/fit.js";
import { parkGrid } from "../../packages/steam-park/src/park.js";
import { comps } from "../../packages/steam-park/src/schema.js";

// parkFacts keeps each park's grid while the park is unchanged and puts rides and stands added in
// place on it: on every state of random games played in place (the recipe changing the very park
// objects the cache is keyed on), after edits by hand and on copies, the kept grid must equal a
// fresh one.

const gridOf = (s: State, p: number): unknown => {
  const g = parkFacts(s.seats[p]!.park, comps(s)).grid;
  return { ...g, at: [...g.at], blocked: [...g.blocked], shore: [...g.shore] };
};
const freshGrid = (s: State, p: number): unknown => {
  const g = parkGrid(s.seats[p]!.park, comps(s));
  return { ...g, at: [...g.at], blocked: [...g.blocked], shore: [...g.shore] };
};
const expectFresh = (s: State): void => {
  for (let p = 0; p < s.seats.length; p++) expect(gridOf(s, p)).toEqual(freshGrid(s, p));
};

describe("Steam Park: the park grid cache", () => {
  it("equals a fresh grid on every state of random games played in place", () => {
    const rng = seedRng("park-facts");
    let placed = 0;
    for (let g = 0; g < 6; g++) {
      const s = game.initialStateInPlace!(g + 1, { players: 2 + (g % 3) });
      while (!game.isTerminal(s)) {
        const legal = game.legalActions(s, nextActor(game, s, rng)!);
        expectFresh(s);
        const a = legal[randomInt(rng, 0, legal.length - 1)]!;
        if (a.type === "place") placed++;
        game.applyInPlace(s, a);
      }
      expectFresh(s);
    }
    expect(placed).toBeGreaterThan(50);
  });

  it("follows edits made by hand to an owned park, and copies of it", () => {
    const rng = seedRng(4);
    const s = game.initialStateInPlace!(3, { players: 2 });
    while (s.seats.every((x) => x.park.rides.length + x.park.stands.length < 2) && !game.isTerminal(s)) {
      const legal = game.legalActions(s, nextActor(game, s, rng)!);
      game.applyInPlace(s, legal[randomInt(rng, 0, legal.length - 1)]!);
    }
    const p = s.seats.findIndex((x) => x.park.rides.length + x.park.stands.length >= 2);
    expect(p).toBeGreaterThanOrEqual(0);
    const park = s.seats[p]!.park;
    gridOf(s, p);
    const piece = park.rides.length > 0 ? park.rides.pop()! : park.stands.pop()!;
    expectFresh(s);
    if ("colour" in piece) park.rides.push(piece);
    else park.stands.push(piece);
    expectFresh(s);
    const copy = cloneJson(s);
    expect(gridOf(copy, p)).toEqual(gridOf(s, p));
  });
});
