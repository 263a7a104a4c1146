import {
  axialToOffset,
  bfsDistances,
  buildHexGrid,
  connectedComponents,
  forEachSimplePath,
  hexDistance,
  hexNeighbor,
  offsetToAxial,
  oppositeEdge,
  rollDice,
  rotateEdge,
  seedRng,
  takeRandom,
  type GraphStep,
  type HexLayout,
} from "@rules/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const LAYOUTS: HexLayout[] = ["flat-odd-q", "flat-even-q", "pointy-odd-r", "pointy-even-r"];

describe("hex grids", () => {
  it("flat-topped odd-q neighbours match a printed Age of Steam style map (N, NE, SE, S, SW, NW)", () => {
    // even column: (0,-1) (+1,-1) (+1,0) (0,+1) (-1,0) (-1,-1); odd column: (0,-1) (+1,0) (+1,+1) (0,+1) (-1,+1) (-1,0)
    const even = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 0], [-1, -1]];
    const odd = [[0, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]];
    for (let e = 0; e < 6; e++) {
      expect(hexNeighbor("flat-odd-q", 4, 5, e)).toEqual([4 + even[e]![0]!, 5 + even[e]![1]!]);
      expect(hexNeighbor("flat-odd-q", 3, 5, e)).toEqual([3 + odd[e]![0]!, 5 + odd[e]![1]!]);
    }
  });

  it("pointy-topped odd-r neighbours (NE, E, SE, SW, W, NW): odd rows sit half a hex right", () => {
    expect([0, 1, 2, 3, 4, 5].map((e) => hexNeighbor("pointy-odd-r", 2, 2, e))).toEqual([[2, 1], [3, 2], [2, 3], [1, 3], [1, 2], [1, 1]]);
    expect([0, 1, 2, 3, 4, 5].map((e) => hexNeighbor("pointy-odd-r", 2, 1, e))).toEqual([[3, 0], [3, 1], [3, 2], [2, 2], [1, 1], [2, 0]]);
  });

  it("offset and axial coordinates convert both ways, and crossing an edge then its opposite comes back", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LAYOUTS), fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 5 }), (layout, c, r, e) => {
        const [q, ar] = offsetToAxial(layout, c, r);
        expect(axialToOffset(layout, q, ar)).toEqual([c, r]);
        const [nc, nr] = hexNeighbor(layout, c, r, e);
        expect(hexNeighbor(layout, nc, nr, oppositeEdge(e))).toEqual([c, r]);
        expect(hexDistance(layout, [c, r], [nc, nr])).toBe(1);
      }),
    );
  });

  it("edges rotate and oppose modulo six", () => {
    expect(oppositeEdge(0)).toBe(3);
    expect(oppositeEdge(5)).toBe(2);
    expect(rotateEdge(5, 2)).toBe(1);
    expect(rotateEdge(0, -1)).toBe(5);
  });

  it("a grid indexes its cells and knows which neighbours exist", () => {
    const g = buildHexGrid("pointy-odd-r", [[0, 0], [1, 0], [0, 1], [1, 1]]);
    expect(g.indexOf(1, 1)).toBe(3);
    expect(g.indexOf(5, 5)).toBe(-1);
    expect(g.neighbors[0]).toEqual([-1, 1, 2, -1, -1, -1]);
    expect(g.edgeBetween(0, 2)).toBe(2);
    expect(g.edgeBetween(2, 0)).toBe(5);
    expect(g.edgeBetween(0, 3)).toBe(-1);
    expect(hexDistance("pointy-odd-r", [0, 0], [1, 1])).toBe(2);
    expect(() => buildHexGrid("flat-odd-q", [[0, 0], [0, 0]])).toThrow(/listed twice/);
    expect(() => buildHexGrid("flat-odd-q", [[0.5, 0]])).toThrow(/integers/);
  });
});

describe("graph search", () => {
  // 0 - 1 - 2 - 3, and 0 - 2 directly
  const edges: Record<number, GraphStep<string>[]> = {
    0: [{ to: 1, edge: "a" }, { to: 2, edge: "d" }],
    1: [{ to: 0, edge: "a" }, { to: 2, edge: "b" }],
    2: [{ to: 1, edge: "b" }, { to: 3, edge: "c" }, { to: 0, edge: "d" }],
    3: [{ to: 2, edge: "c" }],
  };
  const steps = (n: number) => edges[n] ?? [];

  it("visits every simple path up to the edge limit, never a node twice", () => {
    const seen: string[] = [];
    forEachSimplePath(0, steps, 3, (p) => {
      seen.push(p.edges.join(""));
    });
    expect(seen).toEqual(["a", "ab", "abc", "d", "db", "dc"]);
    const short: string[] = [];
    forEachSimplePath(0, steps, 1, (p) => {
      short.push(`${p.nodes.join(">")}`);
    });
    expect(short).toEqual(["0>1", "0>2"]);
  });

  it("stops extending a path when the visitor says so", () => {
    const seen: string[] = [];
    forEachSimplePath(0, steps, 5, (p) => {
      seen.push(p.edges.join(""));
      return p.nodes[p.nodes.length - 1] !== 2; // a good stops at node 2
    });
    expect(seen).toEqual(["a", "ab", "d"]);
  });

  it("measures breadth-first distances and labels connected parts", () => {
    const nb = (n: number) => steps(n).map((s) => s.to);
    expect([...bfsDistances(3, nb).entries()].sort()).toEqual([[0, 2], [1, 2], [2, 1], [3, 0]]);
    const split = (n: number) => ({ 0: [1], 1: [0], 2: [], 3: [4], 4: [3] })[n] ?? [];
    expect(connectedComponents(5, split)).toEqual([0, 0, 2, 3, 3]);
  });
});

describe("dice and bags of items", () => {
  it("rolls dice in range, deterministically from the seed", () => {
    const a = rollDice(seedRng(7), 20);
    expect(a).toEqual(rollDice(seedRng(7), 20));
    expect(a.every((d) => d >= 1 && d <= 6)).toBe(true);
    expect(new Set(a).size).toBeGreaterThan(3);
    expect(rollDice(seedRng(7), 5, 2).every((d) => d === 1 || d === 2)).toBe(true);
  });

  it("takes every item of a bag exactly once, then nothing", () => {
    const rng = seedRng("bag");
    const bag = ["r", "g", "b", "y"];
    const out: string[] = [];
    for (let i = 0; i < 4; i++) out.push(takeRandom(rng, bag)!);
    expect(out.sort()).toEqual(["b", "g", "r", "y"]);
    const before = [...rng];
    expect(takeRandom(rng, bag)).toBeUndefined();
    expect(rng).toEqual(before);
  });
});
