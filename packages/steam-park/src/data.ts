import { whenWellFormed } from "@rules/core";
import * as z from "zod";

// Components of Steam Park as typed data. Every fact carries a mark: SOURCED (the rulebook, or a
// public source that states it) or ASSUMED (a reconstruction that fits the rulebook; no public
// source gives it). A player who owns the game replaces the whole set through
// `options.components`; {@link ComponentsSchema} validates it and names the rule a bad set breaks.

/** The six kinds of die face (SOURCED: reviews list Rides, Stands, Attract, Clean, Bonus, Blank). */
export const FACES = ["rides", "stands", "attract", "clean", "bonus", "blank"] as const;
export const FaceSchema = z.enum(FACES);
/** A kind of die face, e.g. `"rides"`. */
export type Face = z.infer<typeof FaceSchema>;

/** The three ride sizes (SOURCED: small 1, medium 2, big 3 visitor spaces and squares). */
export const SIZES = ["small", "medium", "big"] as const;
export const SizeSchema = z.enum(SIZES);
/** A ride size. */
export type Size = z.infer<typeof SizeSchema>;

/** The turn order tokens (SOURCED: 1st, 2nd, 3rd and a separate Last token). */
export const TOKENS = ["first", "second", "third", "last"] as const;
export const TokenSchema = z.enum(TOKENS);
/** A turn order token. */
export type Token = z.infer<typeof TokenSchema>;

/** What a stand does (ASSUMED: no source gives any stand's effect; see docs/games/steam-park.md). */
export const StandAbilitySchema = z.discriminatedUnion("kind", [
  /** Dirt phase, after the turn order token: discard `amount` Dirt per stand of this type. */
  z.strictObject({ kind: z.literal("cleanAfterToken"), amount: z.number().int().min(0).max(10) }),
  /** Dirt phase: seated visitors make `amount` less Dirt in all per stand (not below 0). */
  z.strictObject({ kind: z.literal("visitorDirtRelief"), amount: z.number().int().min(0).max(10) }),
  /** Income phase: `amount` Danari per stand. */
  z.strictObject({ kind: z.literal("income"), amount: z.number().int().min(0).max(20) }),
  /** Attract: per stand, `amount` drawn visitors that cannot sit go back to the bag for a new draw. */
  z.strictObject({ kind: z.literal("redraw"), amount: z.number().int().min(0).max(3) }),
  /** Play Bonus: `amount` extra Danari per stand for each bonus card played. */
  z.strictObject({ kind: z.literal("bonusMoney"), amount: z.number().int().min(0).max(20) }),
]);
/** A stand's special ability. */
export type StandAbility = z.infer<typeof StandAbilitySchema>;

/** What a bonus card pays when played (ASSUMED: the 34 card texts were not found). */
export const BonusEffectSchema = z.discriminatedUnion("kind", [
  /** `amount` per seated visitor of colour `colour`. */
  z.strictObject({ kind: z.literal("fans"), colour: z.number().int().min(0).max(11), amount: z.number().int().min(0).max(50) }),
  /** `amount` if you own a ride of colour `colour` and every seat on it is taken. */
  z.strictObject({ kind: z.literal("fullHouse"), colour: z.number().int().min(0).max(11), amount: z.number().int().min(0).max(50) }),
  /** `amount` per seated visitor. */
  z.strictObject({ kind: z.literal("crowd"), amount: z.number().int().min(0).max(50) }),
  /** `amount` per different visitor colour seated in your park. */
  z.strictObject({ kind: z.literal("rainbow"), amount: z.number().int().min(0).max(50) }),
  /** `amount` per ride (joined rides of one colour count once). */
  z.strictObject({ kind: z.literal("showman"), amount: z.number().int().min(0).max(50) }),
  /** `amount` per ride of size `size`. */
  z.strictObject({ kind: z.literal("giant"), size: SizeSchema, amount: z.number().int().min(0).max(50) }),
  /** `amount` per stand. */
  z.strictObject({ kind: z.literal("merchant"), amount: z.number().int().min(0).max(50) }),
  /** `amount` per different stand type. */
  z.strictObject({ kind: z.literal("variety"), amount: z.number().int().min(0).max(50) }),
  /** `amount` per additional ground tile. */
  z.strictObject({ kind: z.literal("landowner"), amount: z.number().int().min(0).max(50) }),
  /** `amount` if your Dump holds no Dirt. */
  z.strictObject({ kind: z.literal("spotless"), amount: z.number().int().min(0).max(50) }),
]);
/** A bonus card's effect. */
export type BonusEffect = z.infer<typeof BonusEffectSchema>;

const cell = z.tuple([z.number().int().min(0).max(5), z.number().int().min(0).max(5)]);
/** A footprint: squares as [x, y] offsets. */
const ShapeSchema = z.array(cell).min(1, "a footprint needs at least one square").max(6, "a footprint has at most 6 squares");

const name = z.string().min(1, "every component needs a name").max(40);

/**
 * A complete component set. Replace it through `options.components` (every field is required, so
 * start from a copy of {@link defaultComponents}). Errors name the rule a set breaks, e.g. "a ride
 * footprint must be one connected piece".
 *
 * @example
 * ```ts
 * import { ComponentsSchema, defaultComponents } from "@rules/steam-park";
 *
 * const broken = JSON.parse(JSON.stringify(defaultComponents));
 * broken.standShape = [[0, 0], [2, 0]];
 * const r = ComponentsSchema.safeParse(broken);
 * console.log(r.success ? "valid" : r.error.issues[0]!.message); // a stand footprint must be one connected piece...
 * ```
 */
export const ComponentsSchema = z
  .strictObject({
    /** Visitor and ride colours. */
    colours: z.array(name).min(1, "there must be at least one colour").max(12, "at most 12 colours"),
    /** Visitors of each colour in the box. */
    visitorsPerColour: z.number().int().min(1).max(20),
    /** Ride footprints and seats by size (one ride of each size per colour). */
    rides: z.strictObject({ small: z.strictObject({ shape: ShapeSchema, seats: z.number().int().min(1).max(6) }), medium: z.strictObject({ shape: ShapeSchema, seats: z.number().int().min(1).max(6) }), big: z.strictObject({ shape: ShapeSchema, seats: z.number().int().min(1).max(6) }) }),
    /** True when pieces may be turned by quarter turns before they are placed. */
    piecesRotate: z.boolean(),
    /** Stand types: name, copies in the supply, special ability. */
    stands: z.array(z.strictObject({ name, copies: z.number().int().min(1).max(10), ability: StandAbilitySchema })).min(1, "there must be at least one stand type").max(10),
    /** The footprint of every stand. */
    standShape: ShapeSchema,
    /** The bonus cards (cards with the same name are identical). */
    bonusCards: z.array(z.strictObject({ name, effect: BonusEffectSchema })).max(80, "at most 80 bonus cards"),
    /** Final Dirt Track: the fee in Danari for 0, 1, 2, ... Dirt; one more Dirt than listed is the skull. */
    dirtFees: z.array(z.number().int().min(0).max(1000)).min(1).max(60),
    /** Side length of the square starting ground. */
    startingGroundSize: z.number().int().min(2).max(8),
    /** Additional ground tiles: their footprint and how many are in the supply. */
    additionalGround: z.strictObject({ shape: ShapeSchema, count: z.number().int().min(0).max(40) }),
    /** The six sides of every die: the face each shows and the Dirt symbols printed on it. */
    dieSides: z.array(z.strictObject({ face: FaceSchema, dirt: z.number().int().min(0).max(5) })).min(2, "a die needs at least two sides").max(12, "a die has at most 12 sides"),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string): void => ctx.addIssue({ code: "custom", path, message });
    if (new Set(c.colours).size !== c.colours.length) issue(["colours"], "colour names must be different");
    if (new Set(c.stands.map((s) => s.name)).size !== c.stands.length) issue(["stands"], "stand type names must be different");
    for (const size of SIZES) {
      const r = c.rides[size];
      if (!isConnectedShape(r.shape)) issue(["rides", size, "shape"], `a ${size} ride footprint must be one connected piece of distinct squares`);
    }
    if (!isConnectedShape(c.standShape)) issue(["standShape"], "a stand footprint must be one connected piece of distinct squares");
    if (!isConnectedShape(c.additionalGround.shape)) issue(["additionalGround", "shape"], "an additional ground tile must be one connected piece of distinct squares");
    if (c.additionalGround.shape.length < 2) issue(["additionalGround", "shape"], "an additional ground tile needs two squares to touch the park with (rulebook: Expand the park)");
    c.bonusCards.forEach((card, i) => {
      const e = card.effect;
      if ((e.kind === "fans" || e.kind === "fullHouse") && e.colour >= c.colours.length) {
        issue(["bonusCards", i, "effect", "colour"], `bonus card "${card.name}" names colour ${e.colour}, but there are only ${c.colours.length} colours`);
      }
    });
    const byName = new Map<string, string>();
    for (const card of c.bonusCards) {
      const key = JSON.stringify(card.effect);
      const seen = byName.get(card.name);
      if (seen !== undefined && seen !== key) issue(["bonusCards"], `cards named "${card.name}" must be identical (rulebook: no two identical Bonus cards in a turn)`);
      byName.set(card.name, key);
    }
    if (!c.dieSides.some((s) => s.face !== "blank")) issue(["dieSides"], "a die needs a non-blank side");
  }, whenWellFormed);

/**
 * A component set (see {@link ComponentsSchema}).
 *
 * @example
 * ```ts
 * import { defaultComponents, initialState, type Components } from "@rules/steam-park";
 *
 * const components: Components = JSON.parse(JSON.stringify(defaultComponents));
 * components.piecesRotate = false; // pieces keep their printed orientation
 * console.log(initialState(1, { players: 2, components }).components?.piecesRotate); // false
 * ```
 */
export type Components = z.infer<typeof ComponentsSchema>;

/** True when `shape` holds distinct squares that form one edge-connected piece. */
export function isConnectedShape(shape: ReadonlyArray<readonly [number, number]>): boolean {
  const keys = new Set(shape.map(([x, y]) => `${x},${y}`));
  if (keys.size !== shape.length) return false;
  const seen = new Set<string>([`${shape[0]![0]},${shape[0]![1]}`]);
  const todo = [shape[0]!];
  while (todo.length > 0) {
    const [x, y] = todo.pop()!;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const k = `${x + dx},${y + dy}`;
      if (keys.has(k) && !seen.has(k)) {
        seen.add(k);
        todo.push([x + dx, y + dy]);
      }
    }
  }
  return seen.size === keys.size;
}

// --- Rules numbers (not components): each with its clause. -------------------------------------

/** "A game of Steam Park comprises 6 turns" (SOURCED: rulebook, Game Play). */
export const TURNS = 6;
/** Six dice per player (SOURCED: rulebook, Setup 12). */
export const DICE_PER_PLAYER = 6;
/** Visitors of each colour in the bag at setup, and the bag size after every Attract (SOURCED: Setup 7, Attract). */
export const BAG_PER_COLOUR = 1;
/** Bonus cards drawn and kept at setup (SOURCED: Setup 13, draw 6 keep 3). */
export const SETUP_DRAW = 6;
export const HAND_SIZE = 3;
/** Income refill: draw 2, keep 1 (SOURCED: Income). */
export const REFILL_DRAW = 2;
/** Final rolls of the last player still rolling (SOURCED: Roll phase, "three final rolls"). */
export const FINAL_ROLLS = 3;
/** Money per seated visitor in the Income phase (SOURCED: "take 3 Danari"). */
export const INCOME_PER_VISITOR = 3;
/** Dirt discarded per Clean die (SOURCED: "up to 2 Dirt"). */
export const CLEAN_PER_DIE = 2;
/** Additional grounds per turn (SOURCED: Boring Rules, "only 2 Additional Grounds each turn"). */
export const GROUNDS_PER_TURN = 2;
/** Stand dice per stand (SOURCED with high confidence: "Each Stand costs 1 [Stand symbol]", text cut). */
export const STAND_COST = 1;
/** Dirt of each token in the Dirt phase (SOURCED: 1st −4, 2nd −2, 3rd 0, Last +2). */
export const TOKEN_DIRT: Record<Token, number> = { first: -4, second: -2, third: 0, last: 2 };
/** Income per stand in the beginner variant (ASSUMED: reconstruction of "Steam Park for Dummies"). */
export const BEGINNER_STAND_INCOME = 1;

/** The turn order tokens in play (SOURCED: Setup 9; the 2-player tip swaps 1st for 2nd). */
export function tokensInPlay(players: number, gentleTwoPlayer: boolean): Token[] {
  if (players >= 4) return ["first", "second", "third", "last"];
  if (players === 3) return ["first", "second", "last"];
  return gentleTwoPlayer ? ["second", "last"] : ["first", "last"];
}

// --- The default set. ------------------------------------------------------------------------

const COLOURS = ["black", "green", "blue", "pink", "red", "purple"];

function perColour(name: string, kind: "fans" | "fullHouse", amount: number): Components["bonusCards"] {
  return COLOURS.map((c, colour) => ({ name: `${name} ${c}`, effect: { kind, colour, amount } }));
}
function copies(n: number, card: Components["bonusCards"][number]): Components["bonusCards"] {
  return Array.from({ length: n }, () => ({ name: card.name, effect: { ...card.effect } }));
}

/**
 * The default component set: the sourced facts plus the reconstructions listed in docs/games/steam-park.md.
 *
 * @example
 * ```ts
 * import { defaultComponents } from "@rules/steam-park";
 *
 * console.log(defaultComponents.bonusCards.length, defaultComponents.stands.map((x) => x.name)); // 34 and the five stand types
 * ```
 */
export const defaultComponents: Components = {
  // SOURCED: black, green, blue, pink, red, purple (Italian reviews; no yellow).
  colours: [...COLOURS],
  // SOURCED: 42 visitors, 7 of each colour.
  visitorsPerColour: 7,
  rides: {
    // SOURCED: 1 square / 1 space, 2 squares / 2 spaces (a domino, the only 2-square shape).
    small: { shape: [[0, 0]], seats: 1 },
    medium: { shape: [[0, 0], [1, 0]], seats: 2 },
    // Seats SOURCED (3); the straight 1×3 footprint is ASSUMED (no source says straight or L).
    big: { shape: [[0, 0], [1, 0], [2, 0]], seats: 3 },
  },
  // ASSUMED: pieces turn by quarter turns (the rulebook only forbids diagonal placement).
  piecesRotate: true,
  // Names of four types SOURCED (reviews); the fifth name and every ability ASSUMED; 4 copies SOURCED.
  stands: [
    { name: "Toilets", copies: 4, ability: { kind: "cleanAfterToken", amount: 1 } },
    { name: "Security", copies: 4, ability: { kind: "visitorDirtRelief", amount: 1 } },
    { name: "Casino", copies: 4, ability: { kind: "income", amount: 2 } },
    { name: "Information", copies: 4, ability: { kind: "redraw", amount: 1 } },
    { name: "Promoter", copies: 4, ability: { kind: "bonusMoney", amount: 1 } },
  ],
  // ASSUMED: a stand covers one square (described as small gazebos).
  standShape: [[0, 0]],
  // 34 cards SOURCED; every text and copy count ASSUMED (effects printed once per colour, duplicates).
  bonusCards: [
    ...perColour("Fans of", "fans", 2),
    ...perColour("Full house", "fullHouse", 10),
    ...copies(3, { name: "Crowd", effect: { kind: "crowd", amount: 1 } }),
    ...copies(3, { name: "Rainbow", effect: { kind: "rainbow", amount: 3 } }),
    ...copies(3, { name: "Showman", effect: { kind: "showman", amount: 2 } }),
    ...copies(2, { name: "Giant", effect: { kind: "giant", size: "big", amount: 5 } }),
    ...copies(3, { name: "Merchant", effect: { kind: "merchant", amount: 3 } }),
    ...copies(2, { name: "Variety", effect: { kind: "variety", amount: 4 } }),
    ...copies(3, { name: "Landowner", effect: { kind: "landowner", amount: 3 } }),
    ...copies(3, { name: "Spotless", effect: { kind: "spotless", amount: 8 } }),
  ],
  // ASSUMED: fee for 0..29 Dirt, steeper every 5 (the track's numbers were not found); 30+ is the
  // SOURCED skull.
  dirtFees: Array.from({ length: 30 }, (_, d) => dirtFee(d)),
  // SOURCED: a 4×4 starting ground; 20 additional tiles of 2×2.
  startingGroundSize: 4,
  additionalGround: { shape: [[0, 0], [1, 0], [0, 1], [1, 1]], count: 20 },
  // Faces SOURCED; Dirt on Rides, Stands and Bonus INFERRED (publisher text + "three faces");
  // one symbol each ASSUMED.
  dieSides: [
    { face: "rides", dirt: 1 },
    { face: "stands", dirt: 1 },
    { face: "attract", dirt: 0 },
    { face: "clean", dirt: 0 },
    { face: "bonus", dirt: 1 },
    { face: "blank", dirt: 0 },
  ],
};

/** The assumed fee curve: 1 per Dirt up to 5, then 2, 3, 4, 5, 6 per Dirt in each further band of 5. */
function dirtFee(d: number): number {
  let fee = 0;
  for (let i = 1; i <= d; i++) fee += Math.ceil(i / 5);
  return fee;
}
