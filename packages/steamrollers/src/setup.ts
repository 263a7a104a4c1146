import { canonicalJson, cloneJson, drawFromBag, randomInt, rollDice, rollDie, seedRng, type Seed } from "@rules/core";
import { BLACK, DIFFICULTIES, GOODS, POWERS, defaultComponents, mapGrid } from "./data.js";
import { startRound } from "./flow.js";
import { cross } from "./olive.js";
import type { Options, State } from "./schema.js";

/** Verdicts of {@link isDefaultSet} for frozen component sets (parsed options are frozen and reused). */
const defaultVerdicts = new WeakMap<object, boolean>();

/** The set equals {@link defaultComponents}. */
function isDefaultSet(components: Options["components"]): boolean {
  if (components === defaultComponents) return true;
  const known = defaultVerdicts.get(components);
  if (known !== undefined) return known;
  const verdict = canonicalJson(components) === canonicalJson(defaultComponents);
  if (Object.isFrozen(components)) defaultVerdicts.set(components, verdict);
  return verdict;
}

/**
 * Setup (rulebook "Setup", "Solitaire Game: Setup"): goods into the bag but the black ones; players
 * + 2 goods drawn onto each city (in a line, in draw order); goods of a city's own colour removed
 * and not replaced; optional Coal; a random side for each action tile (and order tile); the walls
 * of the Medium/Hard game; Olive's starting crosses; then the starting powers, or round one.
 */
export function setup(seed: Seed, options: Options): State {
  // The default set is stored as null: states stay small, and a replaced set travels with its game.
  const isDefault = isDefaultSet(options.components);
  const components = isDefault ? options.components : cloneJson(options.components);
  const rng = seedRng(seed);
  const solo = options.players === 1;
  const g = mapGrid(components.map);
  const goods = components.goods;
  const bag = [goods.yellow, goods.red, goods.green, goods.blue, goods.grey, 0];
  const perCity = solo ? options.soloGoodsPerCity : options.players + 2;
  const drawn = g.cityHex.map(() => Array.from({ length: perCity }, () => drawFromBag(rng, bag)));
  // "Remove goods of the same colour as the city they were placed on": back into the bag, after all draws.
  const removedAny = drawn.map((line, c) => line.some((good) => GOODS[good] === g.colourOf[c]));
  const cities = drawn.map((line, c) => {
    for (const good of line) if (GOODS[good] === g.colourOf[c]) bag[good]!++;
    return line.filter((good) => GOODS[good] !== g.colourOf[c]);
  });
  let reserve = goods.black;
  if (options.coal) {
    removedAny.forEach((removed, c) => {
      if (removed && reserve > 0) {
        cities[c]!.push(BLACK);
        reserve--;
      }
    });
  }
  const sides = (): "a" | "b" => (randomInt(rng, 0, 1) === 0 ? "a" : "b");
  const tiles = [1, 2, 3, 4, 5, 6].map(() => ({ side: sides(), holder: null, sideways: false }));
  const orders = options.orders ? components.orderTiles.map(() => ({ side: sides(), holder: null })) : [];
  let wallRoll: number | null = null;
  let walls: Array<[number, number]> = [];
  if (options.walls !== "none") {
    wallRoll = rollDie(rng);
    walls = components.walls[options.walls][wallRoll - 1]!.map(([a, b]) => [g.hex.indexOf(a[0], a[1]), g.hex.indexOf(b[0], b[1])]);
  }
  const state: State = {
    rng,
    players: options.players,
    settings: {
      coal: options.coal,
      orders: options.orders,
      startingPowers: options.startingPowers,
      walls: options.walls,
      difficulty: options.difficulty,
      soloGoodsPerCity: options.soloGoodsPerCity,
      tieBreakEngine: options.tieBreakEngine,
    },
    components: isDefault ? null : components,
    bag,
    reserve,
    cities,
    walls,
    wallRoll,
    sheets: Array.from({ length: options.players }, () => ({
      tracks: g.hex.cells.map(() => null),
      engine: [false, false, false, false, false, false],
      delivered: 0,
      bonus: 0,
      kept: [0, 0, 0, 0, 0, 0],
      personal: null,
      power: null,
    })),
    tiles,
    orders,
    round: 0,
    startPlayer: 0,
    queue: [],
    white: [],
    black: 1,
    turn: null,
    claim: null,
    powers: null,
    olive: solo ? { crosses: [0, 0, 0, 0, 0, 0], points: 0, removed: [0, 0, 0, 0, 0, 0], die: null, won: false, rolls: [] } : null,
    over: false,
  };
  if (solo) {
    // "roll the corresponding number of dice. Cross off one empty hex in the region rolled on each die."
    for (const d of rollDice(rng, DIFFICULTIES.indexOf(options.difficulty) + 1)) cross(state, d - 1);
  }
  if (options.startingPowers) {
    // "Starting with the last player and going counter-clockwise, each player picks a starting power tile."
    const queue = Array.from({ length: options.players }, (_, i) => options.players - 1 - i);
    state.powers = { queue, left: [...POWERS], hex: null, good: null };
    state.turn = { player: queue[0]!, stage: "power", die: null, actions: 0, used: [], dieUsed: [], traded: false };
    return state;
  }
  startRound(state);
  return state;
}
