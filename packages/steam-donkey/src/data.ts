import { whenWellFormed } from "@rules/core";
import * as z from "zod";

// Components of Steam Donkey as typed data. Every fact carries a mark: SOURCED (the rulebook or a
// public source) or ASSUMED (a reconstruction that fits the rulebook, because no public card list
// exists). A player who owns the game replaces the whole set through `options.components`;
// {@link ComponentsSchema} validates it with messages that name the broken rule.

/** The three colours, in the rulebook's area order: park (green), town (red), beach (yellow). SOURCED. */
export const COLOURS = ["green", "red", "yellow"] as const;
export const ColourSchema = z.enum(COLOURS);
export type Colour = z.infer<typeof ColourSchema>;

/** The four attraction icons, in the rulebook's column order. SOURCED ("Attraction", "Laying out your resort"). */
export const KINDS = ["amusement", "lodging", "monument", "transport"] as const;
export const KindSchema = z.enum(KINDS, { error: "unknown attraction icon: use amusement, lodging, monument or transport" });
export type Kind = z.infer<typeof KindSchema>;

/** A face colour: one of the three, or `any` for the Funicular Railway. SOURCED ("The Funicular Railway"). */
export const FaceColourSchema = z.enum([...COLOURS, "any"], { error: "unknown attraction colour: use green, red, yellow or any" });
/** A visitor colour on a card back: one of the three, or `tri` for a special visitor. SOURCED ("Special visitors"). */
export const BackColourSchema = z.enum([...COLOURS, "tri"], { error: "unknown visitor colour: use green, red, yellow or tri" });
export type BackColour = z.infer<typeof BackColourSchema>;

/** Area names as a player says them. SOURCED ("Laying out your resort"). */
export const AREA_NAMES: Record<Colour, string> = { green: "park", red: "town", yellow: "beach" };

/** The four Kick-ons and four Characters. SOURCED ("Advanced Rules"). */
export const KickOnSchema = z.enum(["feralDonkey", "castle", "bank", "mechanicalDog"]);
export type KickOn = z.infer<typeof KickOnSchema>;
export const CharacterSchema = z.enum(["donkeyBoy", "lordAdmiral", "princessRoyal", "madameIceCream"]);
export type Character = z.infer<typeof CharacterSchema>;

export const KICK_ON_NAMES: Record<KickOn, string> = { feralDonkey: "Feral Donkey", castle: "Castle", bank: "Bank", mechanicalDog: "Mechanical Dog" };
export const CHARACTER_NAMES: Record<Character, string> = {
  donkeyBoy: "Donkey Boy",
  lordAdmiral: "Lord Admiral",
  princessRoyal: "Princess Royal",
  madameIceCream: "Madame Ice-cream",
};

// Numbers of the rulebook (SOURCED), not replaceable components.
/** "deal eight cards to each player" (Game Setup). */
export const STARTING_HAND = 8;
/** Castle: "dealt TWELVE cards at the start of the game". */
export const CASTLE_HAND = 12;
/** "Your hand may never contain more than TWELVE cards". */
export const HAND_LIMIT = 12;
/** Bank: "hold FIFTEEN cards in your hand". */
export const BANK_HAND_LIMIT = 15;
/** "at least four visitors on the platform". */
export const PLATFORM_SIZE = 4;
/** Mechanical Dog: "draft THREE extra cards onto the platform". */
export const DOG_DRAFT = 3;
/** "Deduct one point for each missing attraction space". */
export const MISSING_SPACE_PENALTY = 1;
/** Most playing cards a component set may hold (two packs of 104 would be 208). */
export const MAX_CARDS = 208;

/** One playing card: an attraction on its face, a visitor on its back (same icon on both sides). */
export const CardSchema = z
  .strictObject({
    name: z.string().min(1, "an attraction needs a name").max(40, "attraction names are at most 40 characters"),
    /** The attraction icon (top left), also shown on the back. */
    kind: KindSchema,
    /** The attraction colour (its area); `any` only for the Funicular Railway. */
    colour: FaceColourSchema,
    /** Cards of the same icon paid to build it (0 = a free amusement). */
    cost: z.number().int().min(0, "a cost is at least 0").max(9, "a cost is at most 9"),
    /** Visitor icons (top right): how many visitors it holds; 0 for a transport, which shows +1 instead. */
    capacity: z.number().int().min(0, "a capacity is at least 0").max(9, "a capacity is at most 9"),
    /** Points at the end of the game. */
    points: z.number().int().min(-9, "points are at least -9").max(20, "points are at most 20"),
    /** The visitor colour of the back (suitcases): one colour, or `tri` for a special visitor. */
    back: BackColourSchema,
  })
  .superRefine((c, ctx) => {
    if (c.colour === "any" && c.kind !== "transport") {
      ctx.addIssue({ code: "custom", path: ["colour"], message: `only a transport (the Funicular Railway) may take any colour; ${c.name} is a ${c.kind}` });
    }
    if (c.kind === "transport" && c.capacity !== 0) {
      ctx.addIssue({ code: "custom", path: ["capacity"], message: `visitors are never placed on transport attractions: ${c.name} must have capacity 0 (it fetches +1)` });
    }
    if (c.kind !== "transport" && c.capacity === 0) {
      ctx.addIssue({ code: "custom", path: ["capacity"], message: `${c.name} is an ${c.kind} and must show at least one visitor icon` });
    }
  }, whenWellFormed);
export type Card = z.infer<typeof CardSchema>;

/** A poster bonus: per attraction of an icon, per attraction of an area, or per area with all four icons. */
export const BonusSchema = z.discriminatedUnion("per", [
  z.strictObject({ per: z.literal("kind"), kind: KindSchema, points: z.number().int().min(0).max(20) }),
  z.strictObject({ per: z.literal("area"), colour: ColourSchema, points: z.number().int().min(0).max(20) }),
  z.strictObject({ per: z.literal("completeArea"), points: z.number().int().min(0).max(20) }),
]);
export type Bonus = z.infer<typeof BonusSchema>;

/** One side of a Resort Poster: its resort, the spaces to fill to complete it, its bonus. */
export const PosterSideSchema = z.strictObject({
  name: z.string().min(1, "a resort needs a name").max(40, "resort names are at most 40 characters"),
  spaces: z
    .number()
    .int()
    .min(1, "a resort poster needs at least one attraction space to complete")
    .max(12, "a resort has only twelve attraction spaces"),
  bonus: BonusSchema,
});
export type PosterSide = z.infer<typeof PosterSideSchema>;

/** A Resort Poster card: two sides, one chosen by its player. */
export const PosterSchema = z.tuple([PosterSideSchema, PosterSideSchema]);
export type Poster = z.infer<typeof PosterSchema>;

/** A double-sided Kick-on/Character card: the Kick-on and the Character on its reverse. */
export const PairingSchema = z.strictObject({ kickOn: KickOnSchema, character: CharacterSchema });

/**
 * A complete component set. Replace it through `options.components` (every field is required, so
 * start from a copy of {@link defaultComponents}); refinements name the broken rule.
 *
 * @example
 * ```ts
 * import { ComponentsSchema, defaultComponents } from "@rules/steam-donkey";
 *
 * const r = ComponentsSchema.safeParse({ ...defaultComponents, pairings: defaultComponents.pairings.slice(0, 3) });
 * console.log(r.success ? "ok" : r.error.issues[0]!.message);
 * ```
 */
export const ComponentsSchema = z
  .strictObject({
    /** Every playing card of the deck. */
    cards: z.array(CardSchema).min(1, "the deck needs cards").max(MAX_CARDS, `a deck holds at most ${MAX_CARDS} cards`),
    /** Every Resort Poster card in the box. */
    posters: z.array(PosterSchema).min(2, "at least two Resort Posters are needed for two players").max(16, "at most 16 Resort Posters"),
    /** The four Kick-on/Character cards, each Kick-on with the Character on its reverse. */
    pairings: z.array(PairingSchema).length(4, "there are exactly four Kick-on/Character cards"),
  })
  .superRefine((c, ctx) => {
    const kickOns = new Set(c.pairings.map((p) => p.kickOn));
    const characters = new Set(c.pairings.map((p) => p.character));
    if (kickOns.size !== 4 || characters.size !== 4) {
      ctx.addIssue({ code: "custom", path: ["pairings"], message: "each Kick-on and each Character appears on exactly one card" });
    }
    const fillable = new Set(c.cards.flatMap((card) => (card.colour === "any" ? COLOURS : [card.colour]).map((colour) => `${colour}/${card.kind}`)));
    c.posters.forEach((poster, i) =>
      poster.forEach((side, j) => {
        if (side.spaces > fillable.size) {
          ctx.addIssue({
            code: "custom",
            path: ["posters", i, j, "spaces"],
            message: `the resort ${side.name} needs ${side.spaces} attraction spaces but the cards can fill only ${fillable.size}`,
          });
        }
      }),
    );
  }, whenWellFormed);
/**
 * A component set: the playing cards, the Resort Posters and the four Kick-on/Character cards.
 *
 * @example
 * ```ts
 * import { defaultComponents, initialState, type Components } from "@rules/steam-donkey";
 *
 * const set: Components = structuredClone(defaultComponents);
 * set.cards[0]!.points = 1;
 * console.log(initialState(1, { players: 2, components: set }).components?.cards[0]);
 * ```
 */
export type Components = z.infer<typeof ComponentsSchema>;

/** Identical attractions: the same face (the back may differ). */
export function sameFace(a: Card, b: Card): boolean {
  return a.name === b.name && a.kind === b.kind && a.colour === b.colour && a.cost === b.cost && a.capacity === b.capacity && a.points === b.points;
}

// ASSUMED: the whole half-deck below: 13 cards per icon, 4 of each colour plus one
// "extra special" card with a three-colour back. SOURCED within it: the Pier costs 4 monuments; a
// green Bandstand shows 2 visitor icons; a green Hotel shows 3; there are several green
// Guesthouses; the Funicular Railway takes any colour; some amusements are free; special visitors
// show all three colours. The Bandstand's icon (amusement) is ASSUMED.
type Row = [string, Card["kind"], Card["colour"], number, number, number, Card["back"]];
const HALF_DECK: Row[] = [
  ["Croquet Lawn", "amusement", "green", 0, 1, 0, "green"],
  ["Bandstand", "amusement", "green", 1, 2, 1, "red"],
  ["Bandstand", "amusement", "green", 1, 2, 1, "yellow"],
  ["Boating Lake", "amusement", "green", 3, 3, 3, "green"],
  ["Penny Arcade", "amusement", "red", 0, 1, 0, "red"],
  ["Music Hall", "amusement", "red", 1, 2, 1, "yellow"],
  ["Music Hall", "amusement", "red", 1, 2, 1, "green"],
  ["Theatre", "amusement", "red", 3, 3, 3, "red"],
  ["Punch and Judy", "amusement", "yellow", 0, 1, 0, "yellow"],
  ["Carousel", "amusement", "yellow", 1, 2, 1, "green"],
  ["Carousel", "amusement", "yellow", 1, 2, 1, "red"],
  ["Helter Skelter", "amusement", "yellow", 3, 3, 3, "yellow"],
  ["Steam Donkey Rides", "amusement", "yellow", 2, 2, 2, "tri"],
  ["Guesthouse", "lodging", "green", 1, 2, 1, "green"],
  ["Guesthouse", "lodging", "green", 1, 2, 1, "red"],
  ["Hotel", "lodging", "green", 2, 3, 2, "yellow"],
  ["Hydropathic Hotel", "lodging", "green", 3, 4, 3, "green"],
  ["Boarding House", "lodging", "red", 1, 2, 1, "red"],
  ["Boarding House", "lodging", "red", 1, 2, 1, "yellow"],
  ["Inn", "lodging", "red", 2, 3, 2, "green"],
  ["Grand Hotel", "lodging", "red", 3, 4, 3, "red"],
  ["Bathing Lodge", "lodging", "yellow", 1, 2, 1, "yellow"],
  ["Bathing Lodge", "lodging", "yellow", 1, 2, 1, "green"],
  ["Seafront Hotel", "lodging", "yellow", 2, 3, 2, "red"],
  ["Marine Hotel", "lodging", "yellow", 3, 4, 3, "yellow"],
  ["Royal Hotel", "lodging", "red", 4, 4, 5, "tri"],
  ["Fountain", "monument", "green", 2, 1, 2, "green"],
  ["Fountain", "monument", "green", 2, 1, 2, "red"],
  ["Observatory", "monument", "green", 3, 1, 3, "yellow"],
  ["Winter Gardens", "monument", "green", 4, 2, 5, "green"],
  ["Statue", "monument", "red", 2, 1, 2, "red"],
  ["Statue", "monument", "red", 2, 1, 2, "yellow"],
  ["Clock Tower", "monument", "red", 3, 1, 3, "green"],
  ["Tower", "monument", "red", 4, 2, 5, "red"],
  ["Bathing Machine", "monument", "yellow", 2, 1, 2, "yellow"],
  ["Bathing Machine", "monument", "yellow", 2, 1, 2, "green"],
  ["Lighthouse", "monument", "yellow", 3, 1, 3, "red"],
  ["Pier", "monument", "yellow", 4, 2, 5, "yellow"],
  ["Pavilion", "monument", "green", 3, 2, 4, "tri"],
  ["Park Railway", "transport", "green", 1, 0, 1, "green"],
  ["Park Railway", "transport", "green", 1, 0, 1, "red"],
  ["Cliff Lift", "transport", "green", 2, 0, 2, "yellow"],
  ["Cliff Lift", "transport", "green", 2, 0, 2, "green"],
  ["Horse Omnibus", "transport", "red", 1, 0, 1, "red"],
  ["Horse Omnibus", "transport", "red", 1, 0, 1, "yellow"],
  ["Tram", "transport", "red", 2, 0, 2, "green"],
  ["Tram", "transport", "red", 2, 0, 2, "red"],
  ["Pier Railway", "transport", "yellow", 1, 0, 1, "yellow"],
  ["Pier Railway", "transport", "yellow", 1, 0, 1, "green"],
  ["Paddle Steamer", "transport", "yellow", 2, 0, 2, "red"],
  ["Paddle Steamer", "transport", "yellow", 2, 0, 2, "yellow"],
  ["Funicular Railway", "transport", "any", 3, 0, 2, "tri"],
];

const side = (name: string, spaces: number, bonus: Bonus): PosterSide => ({ name, spaces, bonus });

/**
 * The default component set: 104 cards, 8 posters, 4 Kick-on/Character cards (each fact marked
 * SOURCED or ASSUMED here and in the game's guide).
 *
 * @example
 * ```ts
 * import { defaultComponents } from "@rules/steam-donkey";
 *
 * console.log(defaultComponents.cards.length, defaultComponents.posters[0]![0].name);
 * ```
 */
export const defaultComponents: Components = {
  // SOURCED: 104 playing cards as two identical 52-card packs. ASSUMED: the cards of a pack.
  cards: [...HALF_DECK, ...HALF_DECK].map(([name, kind, colour, cost, capacity, points, back]) => ({ name, kind, colour, cost, capacity, points, back })),
  // SOURCED: 8 double-sided posters (two packs of 4); Brighton (10 spaces, +3 per monument) and its
  // reverse (11 spaces, +3 per beach attraction); Weymouth needs 11 spaces. ASSUMED: that reverse is
  // Weymouth, and every other name, space count and bonus.
  posters: [0, 1].flatMap(() => [
    [side("Brighton", 10, { per: "kind", kind: "monument", points: 3 }), side("Weymouth", 11, { per: "area", colour: "yellow", points: 3 })],
    [side("Scarborough", 10, { per: "kind", kind: "lodging", points: 3 }), side("Blackpool", 11, { per: "area", colour: "red", points: 3 })],
    [side("Margate", 10, { per: "kind", kind: "amusement", points: 3 }), side("Llandudno", 11, { per: "area", colour: "green", points: 3 })],
    [side("Bournemouth", 10, { per: "kind", kind: "transport", points: 3 }), side("Eastbourne", 11, { per: "completeArea", points: 4 })],
  ] as Poster[]),
  // SOURCED: Feral Donkey / Donkey Boy. ASSUMED: the other three pairings.
  pairings: [
    { kickOn: "feralDonkey", character: "donkeyBoy" },
    { kickOn: "mechanicalDog", character: "madameIceCream" },
    { kickOn: "castle", character: "princessRoyal" },
    { kickOn: "bank", character: "lordAdmiral" },
  ],
};
