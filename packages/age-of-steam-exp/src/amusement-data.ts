import type { MapData } from "./data.js";

// The Amusement Park board (expansion rulebook, "Amusement Park"). No public image or data of the
// published board was found, so the graph below is a reconstruction that fits every number the
// rulebook gives, every entry ASSUMED. SOURCED from the rulebook:
// 1 player; visitors 2 on each blue and red attraction and 3/4/5 on each purple and yellow one by
// difficulty (16/18/20 in all, so 7 large attractions: B + R = 5, P + Y = 2); discs at $4 per
// locomotive icon, 2 a turn, the Engineer's 3rd free; a red square (4 sides) as in the worked
// example; no goods growth. The real board replaces it through `options.components.maps`.

/**
 * The Amusement Park (ASSUMPTION: a reconstruction; see the module comment). 7 large attractions
 * (2 red, 3 blue, 1 purple, 1 yellow; 3 to 6 sides), 6 small ones, 17 planned links with 20
 * locomotive icons ($80 to build everything), and 15 turns (ASSUMED: the rulebook gives no limit).
 *
 * @example
 * ```ts
 * import { AMUSEMENT_PARK } from "@rules/age-of-steam-exp";
 *
 * const large = AMUSEMENT_PARK.park!.attractions.filter((a) => a.kind === "large");
 * console.log(large.map((a) => `${a.name}: ${a.color}, ${a.sides} sides`).join("; "));
 * ```
 */
export const AMUSEMENT_PARK: MapData = {
  id: "amusement-park",
  name: "Amusement Park",
  source:
    "ASSUMPTION: a reconstruction (the published board was not found): the attractions, links, icons and the 15-turn limit are ASSUMED; visitor counts, disc cost and limits are SOURCED from the expansion rulebook",
  layout: "flat-odd-q",
  rows: [],
  cities: [],
  towns: [],
  impassable: [],
  // ASSUMED (reconstruction assumption 2): 18 Normal visitors need 9 turns of two transports at
  // best, plus turns spent building; the rulebook states no limit.
  turns: [{ players: 1, turns: 15 }],
  removedNewCities: [],
  incomeTax: 0,
  rules: "amusement-park",
  topology: "graph",
  sameCity: [],
  connections: [],
  virtualLines: [],
  park: {
    attractions: [
      { id: "L1", name: "Coaster Square", kind: "large", color: "red", sides: 4, pos: [2, 1] },
      { id: "L2", name: "Drop Tower", kind: "large", color: "red", sides: 3, pos: [10, 5] },
      { id: "L3", name: "Log Flume", kind: "large", color: "blue", sides: 3, pos: [1, 8] },
      { id: "L4", name: "Carousel", kind: "large", color: "blue", sides: 5, pos: [6, 0] },
      { id: "L5", name: "Bumper Cars", kind: "large", color: "blue", sides: 4, pos: [7, 10] },
      { id: "L6", name: "Haunted Mansion", kind: "large", color: "purple", sides: 5, pos: [10, 1] },
      { id: "L7", name: "Ferris Wheel", kind: "large", color: "yellow", sides: 6, pos: [6, 5] },
      { id: "S1", name: "Popcorn Stand", kind: "small", color: null, sides: null, pos: [4, 1] },
      { id: "S2", name: "Photo Booth", kind: "small", color: null, sides: null, pos: [8, 1] },
      { id: "S3", name: "Game Arcade", kind: "small", color: null, sides: null, pos: [10, 3] },
      { id: "S4", name: "Ice Cream Kiosk", kind: "small", color: null, sides: null, pos: [10, 8] },
      { id: "S5", name: "Puppet Show", kind: "small", color: null, sides: null, pos: [4, 9] },
      { id: "S6", name: "Petting Zoo", kind: "small", color: null, sides: null, pos: [1, 4] },
    ],
    links: [
      { id: "P1", ends: ["L1", "S1"], icons: 1 },
      { id: "P2", ends: ["S1", "L4"], icons: 1 },
      { id: "P3", ends: ["L4", "S2"], icons: 1 },
      { id: "P4", ends: ["S2", "L6"], icons: 2 },
      { id: "P5", ends: ["L6", "S3"], icons: 1 },
      { id: "P6", ends: ["S3", "L2"], icons: 1 },
      { id: "P7", ends: ["L2", "S4"], icons: 1 },
      { id: "P8", ends: ["S4", "L5"], icons: 1 },
      { id: "P9", ends: ["L5", "S5"], icons: 1 },
      { id: "P10", ends: ["S5", "L3"], icons: 1 },
      { id: "P11", ends: ["L3", "S6"], icons: 1 },
      { id: "P12", ends: ["S6", "L1"], icons: 2 },
      { id: "P13", ends: ["L7", "S1"], icons: 1 },
      { id: "P14", ends: ["L7", "S3"], icons: 1 },
      { id: "P15", ends: ["L7", "S5"], icons: 1 },
      { id: "P16", ends: ["L7", "L4"], icons: 1 },
      { id: "P17", ends: ["L3", "L5"], icons: 2 },
    ],
    // SOURCED (rulebook, "Setup"): 2 on each blue and red attraction; 3 / 4 / 5 on each purple and yellow.
    visitors: [
      { color: "red", easy: 2, normal: 2, hard: 2 },
      { color: "blue", easy: 2, normal: 2, hard: 2 },
      { color: "purple", easy: 3, normal: 4, hard: 5 },
      { color: "yellow", easy: 3, normal: 4, hard: 5 },
    ],
    iconCost: 4, // SOURCED
    discsPerTurn: 2, // SOURCED
    engineerFreeDiscs: 1, // SOURCED
    // ASSUMED: the base game's 20 player discs; the 20 icons of this board use them all, so served
    // attractions are marked outside the supply (a flag per attraction).
    discSupply: 20,
  },
};
