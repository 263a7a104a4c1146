import { cloneJson, nextActor, randomInt, seedRng } from "@rules/core";
import { defaultComponents, game, type State } from "@rules/steam-park";
import { describe, expect, it } from "vitest";
import { fitsSomewhere, parkFacts } from "../../packages/steam-park/src/fit.js";
import { parkGrid, type ParkGrid } from "../../packages/steam-park/src/grid.js";
import { placements } from "../../packages/steam-park/src/park.js";
import { comps, type Pending } from "../../packages/steam-park/src/schema.js";

// parkFacts keeps each park's grid while the park is unchanged and puts grounds, rides and stands
// added in place on it: on every state of random games played in place (the recipe changing the
// very park objects the cache is keyed on), after edits by hand and on copies, the kept grid must
// say what a fresh one says of every square (its box may be larger), and every answer of the
// fits memo and every placement list must be those of a fresh grid.

/** What a grid says of the squares around both boxes, and the ground's bounds (not the box, which the cache makes roomier). */
const meaning = (g: ParkGrid, around: ParkGrid): unknown => {
  const x0 = Math.min(g.x0, around.x0) - 1;
  const y0 = Math.min(g.y0, around.y0) - 1;
  const x1 = Math.max(g.x0 + g.w, around.x0 + around.w);
  const y1 = Math.max(g.y0 + g.h, around.y0 + around.h);
  const squares: number[][] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = x - g.x0;
      const j = y - g.y0;
      const inside = i >= 0 && j >= 0 && i < g.w && j < g.h;
      squares.push(inside ? [g.at[j * g.w + i]!, g.blocked[j * g.w + i]!, g.shore[j * g.w + i]!] : [-1, 0, 0]);
    }
  }
  return { bounds: [g.minX, g.minY, g.maxX, g.maxY], squares };
};

/** Every piece a park may be asked about: each ride, each stand type, a ground. */
const pieces = (s: State): Pending[] => {
  const c = comps(s);
  const out: Pending[] = [{ kind: "ground" }];
  for (let colour = 0; colour < c.colours.length; colour++) for (const size of ["small", "medium", "big"] as const) out.push({ kind: "ride", colour, size });
  for (let type = 0; type < c.stands.length; type++) out.push({ kind: "stand", type });
  return out;
};

const expectFresh = (s: State): void => {
  const c = comps(s);
  for (const seat of s.seats) {
    const kept = parkFacts(seat.park, c);
    const fresh = parkGrid(seat.park, c);
    expect(meaning(kept.grid, fresh)).toEqual(meaning(fresh, kept.grid));
    for (const piece of pieces(s)) {
      expect(fitsSomewhere(seat.park, c, piece, kept)).toBe(placements(seat.park, c, piece, true, fresh).length > 0);
    }
  }
  const pending = s.step?.pending;
  if (pending && s.actor !== null) {
    const park = s.seats[s.actor]!.park;
    expect(placements(park, c, pending, false, parkFacts(park, c).grid)).toEqual(placements(park, c, pending, false, parkGrid(park, c)));
  }
};
const gridOf = (s: State, p: number): unknown => meaning(parkFacts(s.seats[p]!.park, comps(s)).grid, parkGrid(s.seats[p]!.park, comps(s)));

describe("Steam Park: the park grid cache", () => {
  it("equals a fresh grid on every state of random games played in place", () => {
    const rng = seedRng("park-facts");
    // Fixed pieces, an L-shaped big ride and a 3-square ground tile: other footprints, turns and margins.
    const other = cloneJson(defaultComponents);
    other.piecesRotate = false;
    other.rides.big.shape = [[0, 0], [1, 0], [0, 1]];
    other.additionalGround.shape = [[0, 0], [1, 0], [2, 0]];
    const tables: Array<Record<string, unknown>> = [
      { players: 2 },
      { players: 3 },
      { players: 4 },
      { players: 3, mustSpendDice: true },
      { players: 2, beginner: true },
      { players: 3, components: other },
    ];
    let placed = 0;
    for (let g = 0; g < tables.length; g++) {
      const s = game.initialStateInPlace!(g + 1, tables[g]!);
      while (!game.isTerminal(s)) {
        const legal = game.legalActions(s, nextActor(game, s, rng)!);
        expectFresh(s);
        const a = legal[randomInt(rng, 0, legal.length - 1)]!;
        if (a.type === "place") placed++;
        game.applyInPlace(s, a);
      }
      expectFresh(s);
    }
    expect(placed).toBeGreaterThan(100);
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
    const cell = (park.rides[0] ?? park.stands[0])!.cells[0]!;
    cell[0] += 1;
    expectFresh(s);
  });

  it("asks again where a piece found no place once the park gains one it may join", () => {
    const s = game.initialStateInPlace!(6, { players: 2 });
    const c = comps(s);
    const park = s.seats[0]!.park;
    // Found by search over random games: no big ride of colour 4 can join the small one, until the medium one is built.
    park.grounds = [[[4, 2], [5, 2], [4, 3], [5, 3]]];
    park.rides = [{ colour: 4, size: "small", cells: [[0, 2]] }];
    park.stands = [{ type: 3, cells: [[2, 2]] }, { type: 1, cells: [[4, 3]] }];
    expect(fitsSomewhere(park, c, { kind: "ride", colour: 4, size: "big" })).toBe(false);
    park.rides.push({ colour: 4, size: "medium", cells: [[0, 0], [0, 1]] });
    expectFresh(s);
    expect(fitsSomewhere(park, c, { kind: "ride", colour: 4, size: "big" })).toBe(true);
    // A stand of type 0 hemmed in by rides, until another one is built in the open.
    park.grounds = [];
    park.rides = [{ colour: 0, size: "small", cells: [[2, 0]] }, { colour: 1, size: "small", cells: [[1, 2]] }];
    park.stands = [{ type: 0, cells: [[0, 0]] }];
    expect(fitsSomewhere(park, c, { kind: "stand", type: 0 })).toBe(false);
    park.stands.push({ type: 0, cells: [[3, 3]] });
    expectFresh(s);
    expect(fitsSomewhere(park, c, { kind: "stand", type: 0 })).toBe(true);
  });

  it("follows grounds added by hand: beside the park, far outside its box, and under a piece", () => {
    const s = game.initialStateInPlace!(5, { players: 2 });
    const park = s.seats[0]!.park;
    expectFresh(s);
    park.grounds.push([[4, 0], [5, 0], [4, 1], [5, 1]]);
    expectFresh(s);
    park.grounds.push([[30, 30], [31, 30], [30, 31], [31, 31]]);
    expectFresh(s);
    park.rides.push({ colour: 0, size: "small", cells: [[-1, 0]] });
    expectFresh(s);
    park.grounds.push([[-2, 0], [-1, 0], [-2, 1], [-1, 1]]);
    expectFresh(s);
    park.grounds.splice(0, 1);
    expectFresh(s);
  });
});
