// The Steam Park and Age of Steam boards name the right board element for every action (no DOM
// needed: `targets` is a pure function of the action and the view), and Age of Steam's drawn hex
// grid is the rules' own grid, so drawn neighbours are the rules' neighbours.
import { nextActor, randomBot, randomInt, seedRng } from "@rules/core";
import * as aos from "@rules/age-of-steam-exp";
import * as sp from "@rules/steam-park";
import { describe, expect, it } from "vitest";
import { compileMap } from "../../packages/age-of-steam-exp/src/map.js";
import * as sr from "@rules/steamrollers";
import { ageOfSteamLabel, ageOfSteamTargets } from "@rules/boards/age-of-steam-exp";
import { steamrollersBoard } from "@rules/boards/steamrollers";
import { gameBots } from "../../packages/cli/src/game-bots.js";
import { hexLayout } from "../../packages/boards/src/age-of-steam-hex.js";
import { steamParkTargets } from "@rules/boards/steam-park";

const ON_BOARD_SP = new Set(["keepCard", "playBonus", "lock", "lockAll", "reroll", "expand", "buildRide", "buildStand", "place", "attract", "drawVisitors", "clean"]);

describe("the Steam Park board's targets", () => {
  it("name one element of the documented kind for every action with a place on the board", () => {
    const rng = seedRng("board-targets/steam-park");
    let places = 0;
    for (let g = 0; g < 3; g++) {
      let s = sp.initialState(g + 1, { players: 2 + g });
      for (let n = 0; n < 400 && !sp.isTerminal(s); n++) {
        const legal = sp.legalActions(s);
        const views = new Map<number, sp.View>();
        for (const a of legal) {
          if (!views.has(a.player)) views.set(a.player, sp.playerView(s, a.player));
          const view = views.get(a.player)!;
          const keys = steamParkTargets(a, view);
          if (!ON_BOARD_SP.has(a.type)) {
            expect(keys, a.type).toEqual([]);
            continue;
          }
          expect(keys.length, JSON.stringify(a)).toBeGreaterThan(0);
          if (a.type === "place") {
            // The key is the top-left square the piece covers, in the acting seat's park.
            places++;
            const [, park, r, c] = /^square:(\d+):(-?\d+),(-?\d+)$/.exec(keys[0]!)!.map(Number);
            expect(park).toBe(a.player);
            const comps = view.components ?? sp.defaultComponents;
            const p = view.step!.pending!;
            const shape = p.kind === "ride" ? comps.rides[p.size].shape : p.kind === "stand" ? comps.standShape : comps.additionalGround.shape;
            const cells = sp.turnsOf(shape, comps.piecesRotate)[a.rotation]!.map(([dx, dy]) => [a.x + dx, a.y + dy]);
            expect(cells[0]).toEqual([c, r]);
          }
          if (a.type === "lock") for (const k of keys) expect(view.seats[a.player]!.rolled[Number(k.split(":")[2])]).toBe(a.side);
        }
        s = sp.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
      }
    }
    expect(places).toBeGreaterThan(0);
  });
});

describe("the Age of Steam boards", () => {
  for (const [map, players] of [["rust-belt", 3], ["orient-express", 4]] as const) {
    it(`draw ${map} on the rules' hex grid and target the hex of every build, urbanization and delivery`, () => {
      let s = aos.initialState(3, { players, map });
      const rules = compileMap(s.map).grid;
      const drawn = hexLayout(aos.playerView(s, 0).map).grid;
      expect(drawn.cells).toEqual(rules.cells);
      expect(drawn.neighbors).toEqual(rules.neighbors);
      const bots = Array.from({ length: players }, (_, p) => randomBot(`board-targets/${map}/${p}`));
      const seen = new Set<string>();
      const schedule = seedRng(`board-targets/${map}`);
      for (let n = 0; n < 600 && !aos.isTerminal(s); n++) {
        const p = nextActor(aos.game, s, schedule)!;
        const legal = aos.legalActions(s, p);
        const view = aos.playerView(s, p);
        for (const a of legal) {
          const keys = ageOfSteamTargets(a, view);
          if (a.type === "build" || a.type === "urbanize" || a.type === "move") {
            const hex = a.type === "move" ? a.from : a.hex;
            const [c, r] = rules.cells[hex]!;
            expect(keys).toEqual([`hex:${c},${r}`]);
            seen.add(a.type);
          }
          // The auction on the bidder's bid cell; a pass in Move Goods on the locomotive; "done" on the shares cell or the seat's name.
          if (a.type === "bid" || a.type === "dropOut") expect(keys).toEqual([`bid:${a.player}`]);
          if (a.type === "pass") expect(keys).toEqual([view.phase === "auction" ? `bid:${a.player}` : `loco:${a.player}`]);
          if (a.type === "done") expect(keys).toEqual([view.phase === "shares" ? `shares:${a.player}` : `seat:${a.player}`]);
        }
        s = aos.apply(s, bots[p]!.act(s, p, legal));
      }
      expect(seen.has("build")).toBe(true);
    });
  }
});

describe("the chooser's and the status line's words (issue 32)", () => {
  it("Age of Steam: a goods move names its cube, where it starts and ends; an Amusement Park transport names attractions, never link ids", () => {
    let moves = 0;
    let transports = 0;
    for (const [map, players] of [["rust-belt", 3], ["amusement-park", 1]] as const) {
      let s = aos.initialState(5, { players, map });
      // The game's own bot, except that on the Amusement Park a laid link or a transport comes first.
      const own = gameBots["age-of-steam-exp"]!;
      const base = Array.from({ length: players }, (_, p) => own.factories[own.default]!(aos.game, `labels/${map}/${p}`));
      const bots = base.map((b) => ({ act: (st: aos.State, p: number, legal: aos.Action[]) => legal.find((a) => a.type === "transport") ?? legal.find((a) => a.type === "lay") ?? b.act(st, p, legal) }));
      const schedule = seedRng(`labels/${map}`);
      for (let n = 0; n < 3000 && !aos.isTerminal(s); n++) {
        const p = nextActor(aos.game, s, schedule)!;
        const legal = aos.legalActions(s, p);
        const view = aos.playerView(s, p);
        for (const a of legal) {
          if (a.type === "move") {
            moves++;
            expect(ageOfSteamLabel(a, view)).toMatch(new RegExp(`^Move a ${a.color} cube from \\S.* to \\S`));
          }
          if (a.type === "transport") {
            transports++;
            const words = ageOfSteamLabel(a, view);
            expect(words).not.toMatch(/\bP\d+\b/);
            expect(words.split(" → ")).toHaveLength(a.links.length + 1);
          }
        }
        s = aos.apply(s, bots[p]!.act(s, p, legal));
      }
    }
    expect(moves).toBeGreaterThan(0);
    // Every link of the Amusement Park map, as a one-link transport from its first end.
    const view = aos.playerView(aos.initialState(5, { players: 1, map: "amusement-park" }), 0);
    const graph = view.map.park!;
    graph.links.forEach((link, l) => {
      const from = graph.attractions.findIndex((x) => x.id === link.ends[0]);
      const words = ageOfSteamLabel({ type: "transport", player: 0, from, color: "red", links: [l] }, view);
      const names = link.ends.map((id) => graph.attractions.find((x) => x.id === id)!.name);
      expect(words).toBe(`red visitor: ${names.join(" → ")}`);
      transports++;
    });
    expect(transports).toBeGreaterThan(0);
  });

  it("SteamRollers: the multiplayer status line never counts two actions with the die (one in the multiplayer rules)", () => {
    let s = sr.initialState(2, { players: 3 });
    const schedule = seedRng("labels/steamrollers");
    const rng = seedRng("labels/steamrollers/moves");
    let acting = 0;
    for (let n = 0; n < 600 && !sr.isTerminal(s); n++) {
      const p = nextActor(sr.game, s, schedule)!;
      const view = sr.playerView(s, p);
      const words = steamrollersBoard.phase!(view);
      expect(words).not.toMatch(/two actions|of 2/);
      if (view.turn?.stage === "act") acting++;
      const legal = sr.legalActions(s, p);
      s = sr.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
    }
    expect(acting).toBeGreaterThan(0);
  });
});
