import { RngStateSchema, cloneJson, whenWellFormed } from "@rules/core";
import * as z from "zod";
import { ComponentsSchema, FaceSchema, SETUP_DRAW, SizeSchema, TokenSchema, defaultComponents, type Components } from "./data.js";

const seat = z.number().int().min(0).max(3);
const count = z.number().int().min(0);
const cardId = z.number().int().min(0).max(79);
const side = z.number().int().min(0).max(11);
const colour = z.number().int().min(0).max(11);
const coord = z.number().int().min(-64).max(64);
const cell = z.tuple([coord, coord]);

/**
 * Options: seats (2..4, default 4), the beginner variant, the 2-player tip (2nd and Last tokens
 * instead of 1st and Last) and the component set (default: {@link defaultComponents}).
 *
 * @example
 * ```ts
 * import { OptionsSchema } from "@rules/steam-park";
 *
 * const o = OptionsSchema.parse({ players: 3 });
 * console.log(o.beginner, o.mustSpendDice, o.components.colours.length); // false false 6
 * ```
 */
export const OptionsSchema = z
  .strictObject({
    players: z.number().int().min(2).max(4).default(4),
    /** "Steam Park for Dummies" as reconstructed: no bonus cards, stands have no ability and earn 1 each. */
    beginner: z.boolean().default(false),
    /** Rulebook note for 2 players: use the 2nd player token instead of the 1st (refused at 3 or 4 players). */
    gentleTwoPlayer: z.boolean().default(false),
    /** Reading of "spends all the dice": a player may end the Actions phase only when no die can pay for anything. */
    mustSpendDice: z.boolean().default(false),
    /** Reading of "you can place him": the player decides for each drawn visitor that could sit. */
    optionalSeating: z.boolean().default(false),
    components: ComponentsSchema.default(() => cloneJson(defaultComponents)),
  })
  .superRefine((o, ctx) => {
    if (o.gentleTwoPlayer && o.players !== 2) {
      // Rulebook, Setup: "Note for 2-player game: ... using the Second player token instead of the First".
      ctx.addIssue({ code: "custom", path: ["gentleTwoPlayer"], message: `gentleTwoPlayer is the rulebook's note for 2-player games (the Second player token instead of the First), not for ${o.players} players` });
    }
    const need = SETUP_DRAW * o.players;
    if (!o.beginner && o.components.bonusCards.length < need) {
      ctx.addIssue({
        code: "custom",
        path: ["components", "bonusCards"],
        message: `${o.players} players each draw ${SETUP_DRAW} bonus cards at setup, so the deck needs at least ${need} cards (it has ${o.components.bonusCards.length})`,
      });
    }
  }, whenWellFormed);

/**
 * Complete options (every default filled in); `initialState` takes any part of them.
 *
 * @example
 * ```ts
 * import { initialState, type Options } from "@rules/steam-park";
 *
 * const options: Partial<Options> = { players: 3, beginner: true };
 * console.log(initialState(1, options).phase); // "roll": the beginner game has no bonus cards to choose
 * ```
 */
export type Options = z.infer<typeof OptionsSchema>;

/**
 * The options `initialState` takes: {@link Options} with every field that has a default left
 * optional, at any depth (`z.input` of {@link OptionsSchema}), so a caller spells out only what
 * differs from the standard game.
 *
 * @example
 * ```ts
 * import { initialState, type OptionsInput } from "@rules/steam-park";
 *
 * const options: OptionsInput = { players: 3 };
 * console.log(initialState(1, options).players); // 3
 * ```
 */
export type OptionsInput = z.input<typeof OptionsSchema>;

/** A ride in a park: colour, size and the squares it covers. */
export const RideSchema = z.strictObject({ colour, size: SizeSchema, cells: z.array(cell).min(1).max(6) });
/** A ride in a park. */
export type Ride = z.infer<typeof RideSchema>;

/** A stand in a park: its type (index into the components' stands) and the squares it covers. */
export const StandSchema = z.strictObject({ type: z.number().int().min(0).max(9), cells: z.array(cell).min(1).max(6) });
/** A stand in a park. */
export type Stand = z.infer<typeof StandSchema>;

/** A park: additional ground tiles (the starting ground is fixed at the origin), rides, stands, seated visitors. */
export const ParkSchema = z.strictObject({
  /** Additional ground tiles, each as the squares it covers, in the order added. */
  grounds: z.array(z.array(cell).min(1).max(6)).max(40),
  rides: z.array(RideSchema).max(36),
  stands: z.array(StandSchema).max(40),
  /** Seated visitors per colour. */
  seated: z.array(z.number().int().min(0).max(60)).max(12),
});
/** A park. */
export type Park = z.infer<typeof ParkSchema>;

/** One seat: money, Dirt, cards, dice, token and park. */
export const SeatSchema = z.strictObject({
  money: z.number().int().min(0).max(1_000_000),
  /** Dirt in the Dump. */
  dirt: z.number().int().min(0).max(9999),
  /** Bonus cards held (card ids), hidden from the others. */
  hand: z.array(cardId).max(6),
  /** Bonus cards drawn and not yet chosen (setup: 6, income: 2), hidden from the others. */
  offer: z.array(cardId).max(6),
  /** Dice on the table (die side indices): still rolling. */
  rolled: z.array(side).max(6),
  /** Dice on the Pig board (die side indices), spent one by one in the Actions phase. */
  locked: z.array(side).max(6),
  /** The turn order token taken this turn (index into `tokens`), null while rolling. */
  token: z.number().int().min(0).max(3).nullable(),
  park: ParkSchema,
});
/** One seat. */
export type Seat = z.infer<typeof SeatSchema>;

/** The six actions of the Actions phase. */
export const ActionKindSchema = z.enum(["rides", "stands", "attract", "clean", "bonus", "expand"]);
/** An action of the Actions phase. */
export type ActionKind = z.infer<typeof ActionKindSchema>;

/** A piece paid for and waiting for its position. */
export const PendingSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("ride"), colour, size: SizeSchema }),
  z.strictObject({ kind: z.literal("stand"), type: z.number().int().min(0).max(9) }),
  z.strictObject({ kind: z.literal("ground") }),
]);
/** A piece waiting for its position. */
export type Pending = z.infer<typeof PendingSchema>;

/** What the acting seat has done so far in its Actions phase. */
export const StepSchema = z.strictObject({
  /** Actions taken this turn, in order (each at most once). */
  used: z.array(ActionKindSchema).max(6),
  /** The action in progress (the last of `used`), which may continue; any other action closes it. */
  open: ActionKindSchema.nullable(),
  /** Ride sizes built this turn (at most one of each). */
  rideSizes: z.array(SizeSchema).max(3),
  /** Stand types built this turn (at most one of each). */
  standTypes: z.array(z.number().int().min(0).max(9)).max(10),
  /** Additional grounds added this turn. */
  grounds: z.number().int().min(0).max(2),
  /** Bonus cards played this turn (public). */
  played: z.array(cardId).max(6),
  /** Visitors put into the bag by the Attract action in progress, not yet drawn. */
  attracting: z.number().int().min(0).max(6),
  /** Option optionalSeating: drawn visitors (colours) that could sit, waiting for the player's choice, first in line first. */
  toSeat: z.array(colour).max(12),
  pending: PendingSchema.nullable(),
});
/** The acting seat's progress. */
export type Step = z.infer<typeof StepSchema>;

/** Where the game stands: bonus card choice at setup, the roll race, actions, the income refill, the end. */
export const PhaseSchema = z.enum(["draft", "roll", "actions", "refill", "over"]);
/** A phase. */
export type Phase = z.infer<typeof PhaseSchema>;

/**
 * The whole game as plain JSON. `loadState` also runs the checks of what could not arise.
 *
 * @example
 * ```ts
 * import { StateSchema, initialState } from "@rules/steam-park";
 *
 * console.log(StateSchema.safeParse(initialState(1)).success); // true
 * console.log(StateSchema.safeParse({ turn: 9 }).success); // false
 * ```
 */
export const StateSchema = z.strictObject({
  rng: RngStateSchema,
  players: z.number().int().min(2).max(4),
  beginner: z.boolean(),
  gentleTwoPlayer: z.boolean(),
  mustSpendDice: z.boolean(),
  optionalSeating: z.boolean(),
  /** The component set in play; null stands for {@link defaultComponents} (it keeps states small). */
  components: ComponentsSchema.nullable(),
  /** The turn in progress, 1..6 (6 once the game is over). */
  turn: z.number().int().min(1).max(6),
  phase: PhaseSchema,
  /** The turn order tokens in play, lowest first. */
  tokens: z.array(TokenSchema).min(2).max(4),
  /** Re-rolls left to the last seat still rolling, once it is alone; null while two or more roll. */
  finalRerolls: z.number().int().min(0).max(3).nullable(),
  seats: z.array(SeatSchema).min(2).max(4),
  /** The seat taking its actions (Actions phase), else null. */
  actor: seat.nullable(),
  /** The actor's progress, else null. */
  step: StepSchema.nullable(),
  /** Face-down bonus deck (card ids, an unordered pile: draws are random). */
  deck: z.array(cardId).max(80),
  /** Face-down discard pile. */
  discard: z.array(cardId).max(80),
  /** Cards passed over at setup, shuffled back once everyone has chosen. */
  draftDiscards: z.array(cardId).max(80),
  /** Visitors in the bag, per colour. */
  bag: z.array(z.number().int().min(0).max(20)).max(12),
  /** Visitors in the pool, per colour. */
  pool: z.array(z.number().int().min(0).max(20)).max(12),
});

/**
 * The state of a game (plain JSON).
 *
 * @example
 * ```ts
 * import { initialState, type State } from "@rules/steam-park";
 *
 * const s: State = initialState(1, { players: 2 });
 * console.log(s.turn, s.phase, s.seats.length); // 1 "draft" 2
 * ```
 */
export type State = z.infer<typeof StateSchema>;

/** The component set a state (or view) plays with: its own, or the default set when it holds null. */
export function comps(s: { components: Components | null }): Components {
  return s.components ?? defaultComponents;
}

const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), player: seat, ...shape });

/**
 * Every action: a discriminated union on `type`; `player` is the seat that acts.
 *
 * @example
 * ```ts
 * import { ActionSchema } from "@rules/steam-park";
 *
 * console.log(ActionSchema.safeParse({ type: "lockAll", player: 1 }).success); // true
 * console.log(ActionSchema.safeParse({ type: "lockAll" }).success); // false: no player
 * ```
 */
export const ActionSchema = z.discriminatedUnion("type", [
  /** Setup and Income: keep this card from the ones drawn. */
  act("keepCard", { card: cardId }),
  /** Roll: put one die showing this side on the Pig board. */
  act("lock", { side }),
  /** Roll: put every die still on the table on the Pig board as it lies. */
  act("lockAll", {}),
  /** Roll: re-roll every die not on the Pig board. */
  act("reroll", {}),
  /** Build rides: pay a ride of this colour and size (then `place` it). */
  act("buildRide", { colour, size: SizeSchema }),
  /** Build stands: pay a stand of this type (then `place` it). */
  act("buildStand", { stand: z.number().int().min(0).max(9) }),
  /** Expand the park: pay one die showing this (non-blank) face (then `place` the tile). */
  act("expand", { face: FaceSchema }),
  /** Put the piece just paid for at (x, y) turned `rotation` quarter turns (an index into its distinct turns). */
  act("place", { x: coord, y: coord, rotation: z.number().int().min(0).max(3) }),
  /** Attract visitors: spend an Attract die to put a visitor of this colour from the pool into the bag. */
  act("attract", { colour }),
  /** Attract visitors: shake the bag and draw as many visitors as were put in. */
  act("drawVisitors", {}),
  /** Clean dirt: spend this many Clean dice. */
  act("clean", { dice: z.number().int().min(1).max(6) }),
  /** Play bonus cards: spend a Bonus die to play this card. */
  act("playBonus", { card: cardId }),
  /** Option optionalSeating: seat the first drawn visitor waiting (accept), or send it back to the pool. */
  act("seatVisitor", { accept: z.boolean() }),
  /** End your Actions phase; dice left are set aside unused. */
  act("endActions", {}),
]);

/**
 * An action.
 *
 * @example
 * ```ts
 * import { apply, initialState, type Action } from "@rules/steam-park";
 *
 * const reroll: Action = { type: "reroll", player: 1 };
 * console.log(apply(initialState(1, { players: 2, beginner: true }), reroll).seats[1]!.rolled.length); // 6
 * ```
 */
export type Action = z.infer<typeof ActionSchema>;

/**
 * A joined ride as the rulebook counts it: every ride piece of one colour in a park (a new piece of
 * a colour the park holds must join it, Construction Rules), its seats and the visitors seated on it.
 */
export const JoinedRideSchema = z.strictObject({
  colour,
  /** The pieces (indices into the park's `rides`), in the order built. */
  pieces: z.array(z.number().int().min(0).max(35)).min(1).max(36),
  /** Seats on all its pieces. */
  seats: count,
  /** Visitors of its colour seated on it. */
  seated: count,
});
/** A joined ride. */
export type JoinedRide = z.infer<typeof JoinedRideSchema>;

/** A seat as another seat sees it: hidden cards become counts. */
const SeatViewSchema = SeatSchema.omit({ hand: true, offer: true }).extend({
  handCount: count,
  offerCount: count,
  /** The park's rides joined by colour, in the order each colour was first built (public). */
  joinedRides: z.array(JoinedRideSchema).max(12),
  /** The cards, for the viewer's own seat only. */
  hand: z.array(cardId).nullable(),
  offer: z.array(cardId).nullable(),
});

/**
 * What one seat (or a spectator) sees.
 *
 * @example
 * ```ts
 * import { ViewSchema, initialState, playerView } from "@rules/steam-park";
 *
 * console.log(ViewSchema.safeParse(playerView(initialState(1), null)).success); // true
 * ```
 */
export const ViewSchema = z.strictObject({
  viewer: seat.nullable(),
  players: z.number().int(),
  beginner: z.boolean(),
  gentleTwoPlayer: z.boolean(),
  mustSpendDice: z.boolean(),
  optionalSeating: z.boolean(),
  /** The component set in play; null stands for `defaultComponents`. */
  components: ComponentsSchema.nullable(),
  turn: z.number().int(),
  phase: PhaseSchema,
  tokens: z.array(TokenSchema),
  finalRerolls: z.number().int().nullable(),
  seats: z.array(SeatViewSchema),
  actor: seat.nullable(),
  step: StepSchema.nullable(),
  deckCount: count,
  discardCount: count,
  draftDiscardCount: count,
  bag: z.array(count),
  pool: z.array(count),
});

/**
 * What one seat (or a spectator) sees.
 *
 * @example
 * ```ts
 * import { initialState, playerView, type View } from "@rules/steam-park";
 *
 * const v: View = playerView(initialState(1, { players: 2 }), null);
 * console.log(v.seats.map((x) => x.handCount), v.deckCount); // a spectator sees counts only
 * ```
 */
export type View = z.infer<typeof ViewSchema>;
