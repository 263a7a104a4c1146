import { whenWellFormed } from "@rules/core";
import * as z from "zod";

// Components of Donkey Valley as typed data. Every fact carries a mark, listed again in the
// component table of the Donkey Valley guide (docs/games/donkey-valley.md in the repository):
// SOURCED (the Donkey Valley rulebook or a public source) or ASSUMED (a reconstruction that fits
// the rulebook). A player who owns the game can replace the whole set through
// `options.components`; {@link ComponentsSchema} validates it.

/** The ten donkey types of the rulebook's "Donkey overview" (SOURCED: rulebook). */
export const DONKEY_TYPES = [
  "normal",
  "giant",
  "extraSmall",
  "precision",
  "hastily",
  "holes",
  "attacked",
  "lost",
  "double",
  "stubborn",
] as const;

/** One donkey type (the symbols at the top of a donkey card). */
export const DonkeyTypeSchema = z.enum(DONKEY_TYPES);

/** One donkey type, e.g. `"precision"`. */
export type DonkeyType = z.infer<typeof DonkeyTypeSchema>;

/** The five favors of the rulebook's "Favor overview", by what they do (SOURCED: rulebook). */
export const FAVOR_KINDS = ["decideLast", "changeLoad", "adjustCapacity", "exchangeOrPick", "checkHalf"] as const;

/** One favor of an employee, e.g. `"checkHalf"` (the 10). */
export type FavorKind = (typeof FAVOR_KINDS)[number];

/**
 * Size limits of a component set: generous for any variant of the game, small enough that every
 * state and every capacity stays small (a box of a million donkeys is refused, not dealt).
 *
 * @example
 * ```ts
 * import { COMPONENT_LIMITS, ComponentsSchema, defaultComponents } from "@rules/donkey-valley";
 *
 * const huge = { ...defaultComponents, loadValues: Array.from({ length: COMPONENT_LIMITS.loadCards + 1 }, (_, i) => i + 1) };
 * console.log(ComponentsSchema.safeParse(huge).success); // false: each colour has at most 30 load cards
 * ```
 */
export const COMPONENT_LIMITS = {
  colours: 16,
  colourName: 24,
  loadCards: 30,
  loadValue: 99,
  donkeys: 60,
  maxFavorsPerGame: 10,
  capacityPerPlayer: 1000,
  precision: 99,
  favorCapacityStep: 99,
} as const;

const L = COMPONENT_LIMITS;
const count = (max: number, what: string) => z.number().int().min(0).max(max, `${what} is at most ${max}`);
const positive = (max: number, what: string) => z.number().int().min(1).max(max, `${what} is at most ${max}`);
const favorValue = positive(L.loadValue, "a favor's load value");
const capacity = count(L.capacityPerPlayer, "a capacity per player");
const spread = count(L.precision, "a Precision bound");

/**
 * A complete component set. Replace it through `options.components` (every field is required, so
 * start from a copy of {@link defaultComponents}). Validation errors name the broken rule, e.g.
 * "the donkey box must hold at least 8 donkeys to deal the 8-card donkey deck". Sizes are bounded
 * by {@link COMPONENT_LIMITS}.
 *
 * @example
 * ```ts
 * import { ComponentsSchema, defaultComponents } from "@rules/donkey-valley";
 *
 * const r = ComponentsSchema.safeParse({ ...defaultComponents, deckSize: 30 });
 * console.log(r.success ? "fine" : r.error.issues[0]?.message);
 * // "the donkey box must hold at least 30 donkeys to deal the 30-card donkey deck (it holds 20)"
 * ```
 */
export const ComponentsSchema = z
  .strictObject({
    /** Colour names, one per seat (seat i plays colour i). */
    colours: z
      .array(z.string().min(1, "a colour needs a name").max(L.colourName, `a colour name is at most ${L.colourName} characters`))
      .min(3, "there must be at least 3 colours")
      .max(L.colours, `there are at most ${L.colours} colours`),
    /** The values of the load cards of each colour (every colour has the same values). */
    loadValues: z
      .array(z.number().int().min(1, "load values are at least 1").max(L.loadValue, `load values are at most ${L.loadValue}`))
      .max(L.loadCards, `each colour has at most ${L.loadCards} load cards`),
    /** Every donkey card in the box (the deck for a game is drawn from these). */
    donkeys: z.array(DonkeyTypeSchema).max(L.donkeys, `the donkey box holds at most ${L.donkeys} donkeys`),
    /** How many donkeys form the face-down deck of a game. */
    deckSize: positive(L.donkeys, "the donkey deck"),
    /** How many favors each player may use in a game. */
    maxFavorsPerGame: count(L.maxFavorsPerGame, "the number of favors per game"),
    /** The load value that carries each favor. */
    favors: z.strictObject({
      decideLast: favorValue,
      changeLoad: favorValue,
      adjustCapacity: favorValue,
      exchangeOrPick: favorValue,
      checkHalf: favorValue,
    }),
    /** Capacity per player of the donkeys whose capacity is "n times the player total". */
    capacityPerPlayer: z.strictObject({ standard: capacity, giant: capacity, extraSmall: capacity, double: capacity }),
    /** The Precision donkey: largest allowed spread, and the bounds the 6 favor keeps it within. */
    precision: z.strictObject({ maxSpread: spread, lowestLimit: spread, highestLimit: spread }),
    /** How much the 6 favor raises or lowers a capacity (or the Precision spread). */
    favorCapacityStep: positive(L.favorCapacityStep, "the 6 favor's step"),
  })
  .superRefine((c, ctx) => {
    if (c.donkeys.length < c.deckSize) {
      ctx.addIssue({
        code: "custom",
        path: ["donkeys"],
        message: `the donkey box must hold at least ${c.deckSize} donkeys to deal the ${c.deckSize}-card donkey deck (it holds ${c.donkeys.length})`,
      });
    }
    const needed = c.deckSize + c.maxFavorsPerGame;
    if (c.loadValues.length < needed) {
      ctx.addIssue({
        code: "custom",
        path: ["loadValues"],
        message: `each colour needs at least ${needed} load cards (one per donkey of the deck plus ${c.maxFavorsPerGame} favors), it has ${c.loadValues.length}`,
      });
    }
    if (new Set(c.colours).size !== c.colours.length) {
      ctx.addIssue({ code: "custom", path: ["colours"], message: "colour names must be different" });
    }
    const favorValues = Object.values(c.favors);
    if (new Set(favorValues).size !== favorValues.length) {
      ctx.addIssue({ code: "custom", path: ["favors"], message: "each favor needs its own load value" });
    }
    const p = c.precision;
    if (!(p.lowestLimit <= p.maxSpread && p.maxSpread <= p.highestLimit)) {
      ctx.addIssue({
        code: "custom",
        path: ["precision"],
        message: "the Precision spread must lie within its bounds (lowestLimit <= maxSpread <= highestLimit)",
      });
    }
  }, whenWellFormed);

/**
 * A component set (see {@link ComponentsSchema}).
 *
 * @example
 * ```ts
 * import { defaultComponents, initialState, type Components } from "@rules/donkey-valley";
 *
 * // A shorter game: six donkeys in the deck instead of eight.
 * const components: Components = { ...defaultComponents, deckSize: 6 };
 * console.log(initialState(1, { players: 3, components }).donkeyDeck.length); // 5: one is already turned
 * ```
 */
export type Components = z.infer<typeof ComponentsSchema>;

/**
 * The default component set: the rulebook's facts plus a reconstruction of what it leaves out
 * ("Option B" donkey box); see the component table of the Donkey Valley guide,
 * https://github.com/rules-engines/rules/blob/main/docs/games/donkey-valley.md#components
 *
 * @example
 * ```ts
 * import { defaultComponents } from "@rules/donkey-valley";
 *
 * console.log(defaultComponents.loadValues, defaultComponents.deckSize, defaultComponents.donkeys.length); // [1, ..., 10] 8 20
 * ```
 */
export const defaultComponents: Components = {
  // ASSUMED: the real colour names are not published; neutral names. 7 colours is SOURCED (7 contract cards).
  colours: ["red", "blue", "green", "yellow", "purple", "orange", "white"],
  // ASSUMED (strong inference): 10 cards per colour (70 / 7, SOURCED) valued 1..10, one of each.
  loadValues: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  // 20 donkeys (SOURCED) of 10 types (SOURCED); the count of each type is ASSUMED ("Option B").
  donkeys: [
    ...repeat("normal", 4),
    ...repeat("giant", 2),
    ...repeat("extraSmall", 2),
    ...repeat("precision", 2),
    ...repeat("hastily", 2),
    ...repeat("holes", 2),
    ...repeat("attacked", 2),
    ...repeat("stubborn", 2),
    "lost",
    "double",
  ],
  // SOURCED (rulebook, Setup): eight donkeys form the deck.
  deckSize: 8,
  // SOURCED (rulebook, step 2): up to two favors per game.
  maxFavorsPerGame: 2,
  // SOURCED (rulebook, Favor overview): the favors sit on the 2, 4, 6, 8 and 10.
  favors: { decideLast: 2, changeLoad: 4, adjustCapacity: 6, exchangeOrPick: 8, checkHalf: 10 },
  // SOURCED (rulebook, Donkey overview): 5, 6, 4 and 10 times the player total.
  capacityPerPlayer: { standard: 5, giant: 6, extraSmall: 4, double: 10 },
  // SOURCED (rulebook): spread of more than five overloads; the 6 favor keeps it within 1..9.
  precision: { maxSpread: 5, lowestLimit: 1, highestLimit: 9 },
  // SOURCED (rulebook, favor 6): by two.
  favorCapacityStep: 2,
};

function repeat(type: DonkeyType, n: number): DonkeyType[] {
  return Array.from({ length: n }, () => type);
}
