import { game, type Action, type State } from "@rules/age-of-steam-exp";
import { attractions, forEachRoute, usable } from "../../packages/age-of-steam-exp/src/amusement.js";

// A planning player for the Amusement Park, for tests that need the late game (uniform random
// play goes bankrupt in turn 1 or 2): it picks the cheapest legal route on the fully built board
// (fewest discs missing), lays those discs, raises the locomotive to the route's length, and
// carries the longest visitor it can.

type Transport = Extract<Action, { type: "transport" }>;

/** The route the planner works towards: fewest missing discs, then the longest. */
export function target(s: State): { links: number[]; missing: number } | undefined {
  const kinds = attractions(s);
  let best: { links: number[]; missing: number } | undefined;
  s.park!.visitors.forEach((vs, from) => {
    for (const color of new Set(vs)) {
      forEachRoute(s, from, color, 6, () => true, (dest, links) => {
        if (links.length < kinds[dest]!.sides) return;
        const missing = links.reduce((n, l) => n + s.map.park!.links[l]!.icons - s.park!.discs[l]!, 0);
        if (!best || missing < best.missing || (missing === best.missing && links.length > best.links.length)) best = { links: [...links], missing };
      });
    }
  });
  return best;
}

export function planner(s: State): Action {
  const legal = game.legalActions(s);
  const of = <T extends Action["type"]>(t: T) => legal.filter((a): a is Extract<Action, { type: T }> => a.type === t);
  const goal = target(s);
  switch (s.phase) {
    case "shares": {
      const need = (goal?.missing ?? 0) * 4 + s.shares[0]! + s.loco[0]! + 2;
      return s.cash[0]! < need && s.shares[0]! < 12 ? of("issueShare")[0] ?? of("done")[0]! : of("done")[0]!;
    }
    case "select": {
      const want = goal && goal.missing > 2 ? "engineer" : goal && s.loco[0]! < goal.links.length ? "locomotive" : goal && goal.missing > 0 ? "engineer" : "souvenir";
      return of("select").find((a) => a.action === want)!;
    }
    case "build": {
      const next = goal?.links.find((l) => !usable(s, l));
      return of("lay").find((a) => a.link === next) ?? of("done")[0]!;
    }
    case "move": {
      const t: Transport[] = of("transport");
      if (t.length > 0) return t.reduce((b, a) => (a.links.length > b.links.length ? a : b));
      return of("raiseLoco")[0] ?? of("pass")[0]!;
    }
    default:
      return legal[0]!;
  }
}
