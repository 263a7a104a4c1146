import type { Letter } from "./data.js";
import type { MapData } from "./data.js";
import type { Oriented } from "./map.js";
import type { State } from "./schema.js";

// Per-map rules hooks. The expansion maps say "unless the changes described here say otherwise,
// the base rules apply": a map names its hook set in `map.rules`, and each hook overrides one
// small piece of the base rules (as the open-source engines' per-map overrides do). Part 1 ships
// the base set; the Orient Express and Amusement Park maps add theirs here.

/** The override points a map may use; a missing hook means the base rule. */
export interface MapRules {
  /** Cost of a new track tile on `hex` (base: by terrain and tile family). */
  newTrackCost?(state: State, hex: number, o: Oriented, base: number): number;
  /** May a new city be placed with tile `letter` (base: any tile not on the board)? */
  mayUrbanizeWith?(state: State, letter: Letter): boolean;
  /** The rule `mayUrbanizeWith` enforces, in a player's words (for refusals). */
  urbanizeRefusal?: string;
  /** After income reduction in the Advance Turn Marker phase (base: the map's `incomeTax`, floored at 0). */
  afterIncomeReduction?(draft: State): void;
}

/** The hook sets by name (`map.rules`). */
export const MAP_RULES: Record<MapData["rules"], MapRules> = {
  base: {},
  // Orient Express (expansion rulebook, "Orient Express"): costs are the base plain and town
  // costs (the reconstructed board is all plain); the extra 2 income lost each turn is the map's
  // `incomeTax`; goods ride the line in move.ts (`virtualLines`).
  "orient-express": {
    /** "Actions: you cannot urbanize a yellow new city." */
    mayUrbanizeWith: (state, letter) => state.newCities.find((n) => n.letter === letter)?.color !== "yellow",
    urbanizeRefusal: "on the Orient Express you cannot urbanize a yellow new city",
  },
  // Amusement Park: a graph map; its rules are amusement.ts, dispatched on `topology: "graph"`.
  "amusement-park": {},
};

/** The hooks of a map. */
export function mapRules(map: MapData): MapRules {
  return MAP_RULES[map.rules] ?? {};
}
