import { nextActor, randomInt, seedRng } from "@rules/core";
import { defaultComponents, game, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { attractions, forEachRoute, legalTransports, parkMap, souvenirOpen, usable, whyUnclearable } from "../../packages/age-of-steam-exp/src/amusement.js";
import { RULES } from "../../packages/age-of-steam-exp/src/data.js";

// The Amusement Park keeps, per board and urbanized colours, what each attraction is and where a
// visitor could go on the fully built board (the end-of-turn check reads them every turn), and its
// compiled graph per board. On every state of random games played in place, several games and
// difficulties interleaved so the kept tables meet boards and urbanizations they did not follow,
// the check and the transport list must equal the definitions below, computed afresh.

/** The end-of-turn check by definition: every route searched afresh on the state as it is. */
function freshWhy(s: State, turnsLeft: number): string | undefined {
  const p = s.park!;
  const g = s.map.park!;
  const kinds = attractions(s);
  const reachable = new Set<number>();
  let waiting = 0;
  for (const [from, vs] of p.visitors.entries()) {
    for (const color of new Set(vs)) {
      const found = new Set<number>();
      forEachRoute(s, from, color, RULES.maxLoco, () => true, (dest) => void found.add(dest), attractions(s));
      if (found.size === 0) return `a ${color} visitor on ${g.attractions[from]!.name} has no route to a ${color} large attraction`;
      for (const d of found) reachable.add(d);
    }
    waiting += vs.length;
  }
  for (const [i, k] of kinds.entries()) {
    if (k.large && !p.served[i] && !reachable.has(i)) return `${g.attractions[i]!.name} (${k.color}) has not received a visitor and no waiting visitor can reach it`;
  }
  if (turnsLeft > 0 && waiting > 2 * turnsLeft) return `${waiting} visitors wait and ${turnsLeft} turn${turnsLeft === 1 ? "" : "s"} of two transports are left`;
  return undefined;
}

/** The transports by definition: every route over the laid links, searched afresh. */
function freshTransports(s: State): string[] {
  const out: string[] = [];
  const kinds = attractions(s);
  s.park!.visitors.forEach((vs, from) => {
    for (const color of ["red", "blue", "purple", "yellow", "black"] as const) {
      if (!vs.includes(color)) continue;
      forEachRoute(s, from, color, s.loco[0]!, (l) => usable(s, l), (dest, links) => {
        if (links.length >= kinds[dest]!.sides || souvenirOpen(s)) out.push(`${from}:${color}:${links.join(",")}`);
      }, kinds);
    }
  });
  return out;
}

/** The compiled graph by definition: each link's ends by attraction index. */
function freshEnds(s: State): Array<[number, number]> {
  const ids = s.map.park!.attractions.map((a) => a.id);
  return s.map.park!.links.map((l) => [ids.indexOf(l.ends[0]), ids.indexOf(l.ends[1])]);
}

function expectFresh(s: State): void {
  expect(whyUnclearable(s, 0)).toBe(freshWhy(s, 0));
  expect(whyUnclearable(s, s.lastTurn - s.turn + 1)).toBe(freshWhy(s, s.lastTurn - s.turn + 1));
  expect(legalTransports(s).map((t) => `${t.from}:${t.color}:${t.links.join(",")}`)).toEqual(freshTransports(s));
  expect(parkMap(s.map).ends.map(([a, b]) => [a, b])).toEqual(freshEnds(s));
}

// A second set of new-city tiles with the colours turned round: the same board, other urbanized colours.
const turned = defaultComponents.newCities.map((c, i, all) => ({ ...c, color: all[(i + 1) % all.length]!.color }));

describe("Age of Steam: the Amusement Park's kept board tables", () => {
  it("equal a fresh computation on every state of interleaved random games played in place (each difficulty, two new-city colour sets)", () => {
    const rng = seedRng("park-board-cache");
    const options = [
      { players: 1, difficulty: "easy" },
      { players: 1, difficulty: "normal" },
      { players: 1, difficulty: "hard" },
      { players: 1, components: { ...defaultComponents, newCities: turned } },
    ] as const;
    let states = 0;
    let urbanized = 0;
    for (let round = 0; round < 12; round++) {
      const games = options.map((o, i) => game.initialStateInPlace!(round * 10 + i + 1, o));
      while (games.some((s) => !game.isTerminal(s))) {
        for (const s of games) {
          if (game.isTerminal(s)) continue;
          expectFresh(s);
          states++;
          if (s.park!.newCity.some((l) => l !== null)) urbanized++;
          const legal = game.legalActions(s, nextActor(game, s, rng)!);
          // Urbanize whenever offered, so the tables meet many urbanized colour sets.
          const urbanize = legal.filter((a) => a.type === "urbanize");
          const pick = urbanize.length > 0 ? urbanize : legal;
          game.applyInPlace(s, pick[randomInt(rng, 0, pick.length - 1)]!);
        }
      }
      for (const s of games) expectFresh(s);
    }
    expect(states).toBeGreaterThan(300);
    expect(urbanized).toBeGreaterThan(30);
  });

  it("follow an owned state edited by hand (an attraction urbanized, a visitor moved)", () => {
    const s = game.initialStateInPlace!(7, { players: 1 });
    expectFresh(s);
    const small = s.map.park!.attractions.findIndex((a) => a.kind === "small");
    for (const n of s.newCities) {
      s.park!.newCity[small] = n.letter;
      expectFresh(s);
    }
    s.park!.newCity[small] = null;
    const from = s.park!.visitors.findIndex((v) => v.length > 0);
    const to = s.park!.visitors.findIndex((v, i) => i !== from && s.map.park!.attractions[i]!.kind === "small");
    s.park!.visitors[to]!.push(s.park!.visitors[from]!.pop()!);
    expectFresh(s);
  });
});
