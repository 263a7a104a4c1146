import { canonicalJson } from "@rules/core";
import { game, thriftyBot, type Action, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { goodsByHex, lineHexes, whyNotDelivery } from "../../packages/age-of-steam-exp/src/move.js";
import { network } from "../../packages/age-of-steam-exp/src/network.js";
import { legalTransports, parkMap, walkTransport } from "../../packages/age-of-steam-exp/src/amusement.js";
import { planner } from "./park-helpers.js";

// The legal lists are searches pruned by the rules; here they are compared with the refusal judges
// over every simple candidate, unpruned: every route of complete links up to the locomotive, with
// an Orient Express ride inserted at any line city it reaches (rulebook, "Goods Transport": links
// to a yellow city, the line to another, links onward), and every walk of planned links on the
// Amusement Park. The list must hold exactly the candidates the judge accepts.

const key = (a: unknown): string => canonicalJson(a);

function deliveryCandidates(s: State, player: number): Action[] {
  const net = network(s);
  const line = lineHexes(s, net);
  const loco = s.loco[player]!;
  const out: Action[] = [];
  const walks = (from: number, max: number, visit: (route: Array<[number, number]>, at: number) => void): void => {
    const route: Array<[number, number]> = [];
    const step = (at: number): void => {
      visit(route, at);
      if (route.length >= max) return;
      for (const e of net.exits.get(at) ?? []) {
        route.push([e.hex, e.edge]);
        step(e.to);
        route.pop();
      }
    };
    step(from);
  };
  for (const [from, cubes] of goodsByHex(s, net)) {
    for (const color of new Set(cubes)) {
      walks(from, loco, (pre, at) => {
        const before = pre.map(([h, e]) => [h, e] as [number, number]);
        if (before.length > 0) out.push({ type: "move", player, from, color, route: before });
        if (!line.includes(at)) return;
        for (const to of line) {
          walks(to, loco - before.length, (post) => {
            out.push({ type: "move", player, from, color, route: [...before, ...post.map(([h, e]) => [h, e] as [number, number])], rides: [{ after: before.length, to }] });
          });
        }
      });
    }
  }
  return out;
}

describe("Legal lists are complete", () => {
  it("Orient Express: every delivery the judge accepts, rides included, is listed, and nothing else (thrifty games)", () => {
    let rides = 0;
    for (const [seed, players] of [[7, 4], [3, 5]] as const) {
      let s = game.initialState(seed, { players, map: "orient-express" });
      const bots = Array.from({ length: players }, (_, i) => thriftyBot(seed * 10 + i));
      while (!game.isTerminal(s)) {
        const p = game.activePlayers(s)[0]!;
        const legal = game.legalActions(s);
        if (s.phase === "move") {
          const listed = legal.filter((a) => a.type === "move").map(key).sort();
          const judged = [...new Set(deliveryCandidates(s, p).filter((a) => a.type === "move" && whyNotDelivery(s, p, a) === undefined).map(key))].sort();
          expect(listed).toEqual(judged);
          rides += listed.filter((k) => k.includes('"rides"')).length;
        }
        s = game.apply(s, bots[p]!.act(s, p, legal) as Action);
      }
    }
    expect(rides).toBeGreaterThan(0);
  });

  it("Amusement Park: every transport the judge accepts is listed, and nothing else (planned games, each difficulty)", () => {
    for (const [seed, difficulty] of [[1, "easy"], [2, "normal"], [3, "hard"], [4, "normal"]] as const) {
      let s = game.initialState(seed, { players: 1, map: "amusement-park", difficulty });
      while (!game.isTerminal(s)) {
        if (s.phase === "move") {
          const pm = parkMap(s.map);
          const candidates: Action[] = [];
          s.park!.visitors.forEach((vs, from) => {
            for (const color of new Set(vs)) {
              const links: number[] = [];
              const step = (at: number): void => {
                if (links.length > 0) candidates.push({ type: "transport", player: 0, from, color, links: [...links] });
                if (links.length >= 6) return;
                for (const [l, next] of pm.adj[at]!) {
                  links.push(l);
                  step(next);
                  links.pop();
                }
              };
              step(from);
            }
          });
          const judged = [...new Set(candidates.filter((a) => a.type === "transport" && walkTransport(s, a).why === undefined).map(key))].sort();
          expect(legalTransports(s).map(key).sort()).toEqual(judged);
        }
        s = game.apply(s, planner(s));
      }
    }
  });
});
