import { cloneJson } from "@rules/core";
import { describe, expect, it } from "vitest";
import { initialState } from "@rules/age-of-steam-exp";
import { compileMap } from "../../packages/age-of-steam-exp/src/map.js";

// A state copied any way (cloneJson, structuredClone, a loaded file) brings a new map object: it
// must find the map compiled before by its contents, and a map whose contents differ must not.
describe("compiled maps are shared by contents, never by a map that differs", () => {
  it("a copy of a map gets the compiled form of the original; an edited copy gets its own", () => {
    for (const map of ["rust-belt", "orient-express", "amusement-park"] as const) {
      const s = initialState(1, { map });
      const original = compileMap(s.map);
      expect(compileMap(cloneJson(s.map))).toBe(original);
      expect(compileMap(structuredClone(s.map))).toBe(original);
      const edited = cloneJson(s.map) as { name: string };
      edited.name = `${edited.name} (edited)`;
      const other = compileMap(edited as typeof s.map);
      expect(other).not.toBe(original);
      expect(other.data).toBe(edited);
    }
  });

  it("a map in play is found by its copies even after many other variants of its id were compiled", () => {
    const s = initialState(3, { map: "rust-belt", players: 3 });
    const original = compileMap(s.map);
    for (let i = 0; i < 40; i++) {
      const variant = cloneJson(s.map) as { name: string };
      variant.name = `variant ${i}`;
      compileMap(variant as typeof s.map);
    }
    // A copy compiled while the original was not listed gets a compiled form of its own...
    expect(compileMap(cloneJson(s.map))).not.toBe(original);
    // ...and once the original is met again, copies find the original's.
    expect(compileMap(s.map)).toBe(original);
    expect(compileMap(cloneJson(s.map))).toBe(original);
  });

  it("a map edited in place after it was compiled does not change what an equal fresh copy finds", () => {
    // An id no other test compiles: the cache is module-level and test files share a worker, so
    // this test's lists must not depend on what ran before it.
    const s = initialState(2, { map: "rust-belt", players: 3 });
    const original = { ...cloneJson(s.map), id: "map-cache-edited-in-place" } as typeof s.map;
    const owned = cloneJson(original) as { name: string };
    const compiled = compileMap(owned as typeof s.map);
    owned.name = "Changed in place";
    expect(compileMap(cloneJson(owned) as typeof s.map)).not.toBe(compiled);
    expect(compileMap(cloneJson(original))).toBe(compiled);
  });
});
