import { RngStateSchema, cloneJson, whenWellFormed } from "@rules/core";
import * as z from "zod";
import {
  BackColourSchema,
  CharacterSchema,
  ColourSchema,
  ComponentsSchema,
  KickOnSchema,
  KindSchema,
  MAX_CARDS,
  PLATFORM_SIZE,
  STARTING_HAND,
  CASTLE_HAND,
  defaultComponents,
} from "./data.js";

const seat = z.number().int().min(0).max(3);
const count = z.number().int().min(0).max(MAX_CARDS);
const cardId = z.number().int().min(0).max(MAX_CARDS - 1);
const pile = z.array(cardId).max(MAX_CARDS);

/** The distinct poster designs of a component set (a design held twice counts once). */
export function distinctPosterCount(posters: readonly unknown[]): number {
  return new Set(posters.map((p) => JSON.stringify(p))).size;
}

/** Cards the setup takes from the deck: hands (plus the Castle's extra four), the discard, the platform, one left in the deck. */
export function cardsNeeded(players: number, advanced: boolean): number {
  return players * STARTING_HAND + (advanced ? CASTLE_HAND - STARTING_HAND : 0) + 1 + PLATFORM_SIZE + 1;
}

/**
 * Options: seats (2..4, default 4), the advanced rules, the readings players disagree on, and the
 * component set (default: {@link defaultComponents}). `initialState` parses them with this schema.
 *
 * @example
 * ```ts
 * import { OptionsSchema } from "@rules/steam-donkey";
 *
 * const options = OptionsSchema.parse({ players: 3, advanced: true });
 * console.log(options.identicalScoreOnce, options.handBacksPublic, options.components.cards.length);
 * ```
 */
export const OptionsSchema = z
  .strictObject({
    players: z.number().int().min(2).max(4).default(4),
    /** The advanced rules: Kick-ons and Characters (and identical attractions scoring once). */
    advanced: z.boolean().default(false),
    /** "Identical attractions in the same space" score once; default: only with `advanced`. */
    identicalScoreOnce: z.boolean().optional(),
    /** The backs of the cards in a hand (icon and visitor colour) are public, as at a real table. */
    handBacksPublic: z.boolean().default(true),
    /** Feral Donkey: one amusement stand-in per turn instead of one per attraction. */
    feralDonkeyPerTurn: z.boolean().default(false),
    /** Poster bonuses also count covered attractions (default: only the top card of a space). */
    posterBonusCountsCovered: z.boolean().default(false),
    /** Deal posters of different designs only (the box holds two of each). */
    distinctPosters: z.boolean().default(true),
    components: ComponentsSchema.default(() => cloneJson(defaultComponents)),
  })
  .superRefine((o, ctx) => {
    const need = cardsNeeded(o.players, o.advanced);
    if (o.components.cards.length < need) {
      ctx.addIssue({
        code: "custom",
        path: ["components", "cards"],
        message: `a deck of ${o.components.cards.length} cards is too small to deal ${o.players} hands, turn a discard and draft a ${PLATFORM_SIZE}-card platform (it needs at least ${need})`,
      });
    }
    const posters = o.distinctPosters ? distinctPosterCount(o.components.posters) : o.components.posters.length;
    if (posters < o.players) {
      ctx.addIssue({
        code: "custom",
        path: ["components", "posters"],
        message: `${o.players} players need ${o.players} ${o.distinctPosters ? "different " : ""}Resort Posters, the components have ${posters}`,
      });
    }
  }, whenWellFormed);

/**
 * Complete options (every default filled in).
 *
 * @example
 * ```ts
 * import { OptionsSchema, type Options } from "@rules/steam-donkey";
 *
 * const options: Options = OptionsSchema.parse({ players: 2 });
 * console.log(options.players, options.advanced);
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
 * import { initialState, type OptionsInput } from "@rules/steam-donkey";
 *
 * const options: OptionsInput = { players: 3 };
 * console.log(initialState(1, options).players); // 3
 * ```
 */
export type OptionsInput = z.input<typeof OptionsSchema>;

/** The rule readings in force for a game (copied from the options at setup). */
export const RulesSchema = z.strictObject({
  advanced: z.boolean(),
  identicalScoreOnce: z.boolean(),
  handBacksPublic: z.boolean(),
  feralDonkeyPerTurn: z.boolean(),
  posterBonusCountsCovered: z.boolean(),
  distinctPosters: z.boolean(),
});
export type Rules = z.infer<typeof RulesSchema>;

/**
 * Where the game stands: `poster` (every seat picks a side, in any order), `kickOn` (advanced: in
 * reverse turn order), then the steps of a turn: `choose` (the turn's action), `build` and `pay`,
 * `afterDog` (Mechanical Dog drafted: the move follows), `move`, `return` (excess visitors go back),
 * `after` (only Donkey Boy is left to use), and `over`.
 */
export const StageSchema = z.enum(["poster", "kickOn", "choose", "build", "pay", "afterDog", "move", "return", "after", "over"]);
export type Stage = z.infer<typeof StageSchema>;

/** A player's resort: twelve spaces (area × icon), each a stack of attraction cards (top = end) and the visitors on its top card. */
export const ResortSchema = z.strictObject({
  spaces: z.array(pile).length(12),
  visitors: z.array(pile).length(12),
});
export type Resort = z.infer<typeof ResortSchema>;

/** The turn in progress. */
export const TurnSchema = z.strictObject({
  /** The main action taken, once chosen. */
  main: z.enum(["build", "move", "collect", "discard"]).nullable(),
  /** The build colours (build) or visitor colours (move) of this turn. */
  colours: z.array(ColourSchema).max(2),
  /** Princess Royal used: one card fewer per attraction. */
  discount: z.boolean(),
  /** The attraction being paid for: its space and the cards still owed. */
  paying: z.strictObject({ space: z.number().int().min(0).max(11), owed: z.number().int().min(1).max(9), feral: z.boolean() }).nullable(),
  /** Feral Donkey's stand-in already used this turn. */
  feralUsed: z.boolean(),
  /** Transports (by colour) that have fetched their visitor this turn. */
  fetched: z.array(ColourSchema).max(3),
  /** Visitors still to put back on the platform (collecting over the hand limit). */
  returnsOwed: count,
  /** The Character was used or swapped this turn. */
  characterDone: z.boolean(),
  /** Mechanical Dog drafted this turn. */
  dogUsed: z.boolean(),
});
export type Turn = z.infer<typeof TurnSchema>;

export const CharacterStateSchema = z.strictObject({ name: CharacterSchema, twisted: z.boolean() });

/**
 * The whole game as plain JSON (`loadState` also runs the consistency checks of {@link stateProblems}).
 *
 * @example
 * ```ts
 * import { StateSchema, initialState } from "@rules/steam-donkey";
 *
 * const parsed = StateSchema.safeParse(JSON.parse(JSON.stringify(initialState(1, { players: 2 }))));
 * console.log(parsed.success);
 * ```
 */
export const StateSchema = z.strictObject({
  rng: RngStateSchema,
  players: z.number().int().min(2).max(4),
  rules: RulesSchema,
  /** The component set in use; `null` stands for the default set (keeps states small). */
  components: ComponentsSchema.nullable(),
  /** The face-down deck, top = end: its top card's back is public. */
  deck: pile,
  /** The face-up discard pile, top = end. */
  discard: pile,
  /** The face-down platform, in its row order. */
  platform: pile,
  /** Each seat's hand, ascending card ids. */
  hands: z.array(pile).min(2).max(4),
  resorts: z.array(ResortSchema).min(2).max(4),
  /** Each seat's poster card (index into components.posters) and chosen side (null: not yet). */
  posters: z.array(z.strictObject({ card: z.number().int().min(0).max(15), side: z.union([z.literal(0), z.literal(1)]).nullable() })).min(2).max(4),
  kickOns: z.array(KickOnSchema.nullable()).min(2).max(4),
  characters: z.array(CharacterStateSchema.nullable()).min(2).max(4),
  stage: StageSchema,
  /** The seat whose turn it is. */
  current: seat,
  /** Seats still to choose a Kick-on, the head choosing now. */
  kickOnQueue: z.array(seat).max(4),
  turn: TurnSchema,
  /** The first seat found with a completed resort (null: not yet). */
  endTriggeredBy: seat.nullable(),
  /** Final turns still to play once the end is triggered. */
  finalTurnsLeft: z.number().int().min(0).max(3),
  /**
   * Turns completed. The rulebook has no end but a completed resort (reading 17), so a table that
   * never builds plays on for ever: the count has no bound short of 2^53 − 1, where it stays.
   */
  turns: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/**
 * The state of a game (plain JSON: store it, send it, load it back with `loadState`).
 *
 * @example
 * ```ts
 * import { initialState, type State } from "@rules/steam-donkey";
 *
 * const s: State = initialState(7, { players: 3 });
 * console.log(s.stage, s.players, s.deck.length);
 * ```
 */
export type State = z.infer<typeof StateSchema>;

const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), player: seat, ...shape });
const from = z.union([z.literal("deck"), z.number().int().min(0).max(MAX_CARDS - 1)]);

/**
 * Setup: play this side of your poster.
 *
 * The schema of the `choosePoster` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { ChoosePosterActionSchema } from "@rules/steam-donkey";
 *
 * const action = ChoosePosterActionSchema.parse({ type: "choosePoster", player: 0, side: 1 });
 * console.log(action.side);
 * ```
 */
export const ChoosePosterActionSchema = act("choosePoster", { side: z.union([z.literal(0), z.literal(1)]) });
/**
 * A `choosePoster` action: setup: play this side of your poster.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type ChoosePosterAction } from "@rules/steam-donkey";
 *
 * const mine: ChoosePosterAction = { type: "choosePoster", player: 0, side: 1 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type ChoosePosterAction = z.infer<typeof ChoosePosterActionSchema>;

/**
 * Advanced setup: take this Kick-on (and its Character, twisted).
 *
 * The schema of the `chooseKickOn` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { ChooseKickOnActionSchema } from "@rules/steam-donkey";
 *
 * const action = ChooseKickOnActionSchema.parse({ type: "chooseKickOn", player: 3, kickOn: "castle" });
 * console.log(action.kickOn);
 * ```
 */
export const ChooseKickOnActionSchema = act("chooseKickOn", { kickOn: KickOnSchema });
/**
 * A `chooseKickOn` action: advanced setup: take this Kick-on (and its Character, twisted).
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type ChooseKickOnAction } from "@rules/steam-donkey";
 *
 * const mine: ChooseKickOnAction = { type: "chooseKickOn", player: 3, kickOn: "castle" };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type ChooseKickOnAction = z.infer<typeof ChooseKickOnActionSchema>;

/**
 * Turn action 1: build attractions of this colour.
 *
 * The schema of the `build` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { BuildActionSchema } from "@rules/steam-donkey";
 *
 * const action = BuildActionSchema.parse({ type: "build", player: 0, colour: "green" });
 * console.log(action.colour);
 * ```
 */
export const BuildActionSchema = act("build", { colour: ColourSchema });
/**
 * A `build` action: turn action 1: build attractions of this colour.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type BuildAction } from "@rules/steam-donkey";
 *
 * const mine: BuildAction = { type: "build", player: 0, colour: "green" };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type BuildAction = z.infer<typeof BuildActionSchema>;

/**
 * Turn action 2: move visitors of this colour from the station.
 *
 * The schema of the `moveVisitors` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { MoveVisitorsActionSchema } from "@rules/steam-donkey";
 *
 * const action = MoveVisitorsActionSchema.parse({ type: "moveVisitors", player: 0, colour: "red" });
 * console.log(action.colour);
 * ```
 */
export const MoveVisitorsActionSchema = act("moveVisitors", { colour: ColourSchema });
/**
 * A `moveVisitors` action: turn action 2: move visitors of this colour from the station.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type MoveVisitorsAction } from "@rules/steam-donkey";
 *
 * const mine: MoveVisitorsAction = { type: "moveVisitors", player: 0, colour: "red" };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type MoveVisitorsAction = z.infer<typeof MoveVisitorsActionSchema>;

/**
 * Turn action 3: add all the visitors in your resort to your hand.
 *
 * The schema of the `collectVisitors` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { CollectVisitorsActionSchema } from "@rules/steam-donkey";
 *
 * const action = CollectVisitorsActionSchema.parse({ type: "collectVisitors", player: 1 });
 * console.log(action.type);
 * ```
 */
export const CollectVisitorsActionSchema = act("collectVisitors", {});
/**
 * A `collectVisitors` action: turn action 3: add all the visitors in your resort to your hand.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type CollectVisitorsAction } from "@rules/steam-donkey";
 *
 * const mine: CollectVisitorsAction = { type: "collectVisitors", player: 1 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type CollectVisitorsAction = z.infer<typeof CollectVisitorsActionSchema>;

/**
 * Turn action 4, the last resort: take the top card of the discard pile.
 *
 * The schema of the `takeDiscard` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { TakeDiscardActionSchema } from "@rules/steam-donkey";
 *
 * const action = TakeDiscardActionSchema.parse({ type: "takeDiscard", player: 1 });
 * console.log(action.type);
 * ```
 */
export const TakeDiscardActionSchema = act("takeDiscard", {});
/**
 * A `takeDiscard` action: turn action 4, the last resort: take the top card of the discard pile.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type TakeDiscardAction } from "@rules/steam-donkey";
 *
 * const mine: TakeDiscardAction = { type: "takeDiscard", player: 1 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type TakeDiscardAction = z.infer<typeof TakeDiscardActionSchema>;

/**
 * Mechanical Dog: draft three extra cards onto the platform, then move visitors.
 *
 * The schema of the `draftExtra` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { DraftExtraActionSchema } from "@rules/steam-donkey";
 *
 * const action = DraftExtraActionSchema.parse({ type: "draftExtra", player: 2 });
 * console.log(action.type);
 * ```
 */
export const DraftExtraActionSchema = act("draftExtra", {});
/**
 * A `draftExtra` action: mechanical Dog: draft three extra cards onto the platform, then move visitors.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type DraftExtraAction } from "@rules/steam-donkey";
 *
 * const mine: DraftExtraAction = { type: "draftExtra", player: 2 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type DraftExtraAction = z.infer<typeof DraftExtraActionSchema>;

/**
 * Build the attraction `card` from hand in the area of `colour`.
 *
 * The schema of the `buildAttraction` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { BuildAttractionActionSchema } from "@rules/steam-donkey";
 *
 * const action = BuildAttractionActionSchema.parse({ type: "buildAttraction", player: 0, card: 5, colour: "green" });
 * console.log(action.card);
 * ```
 */
export const BuildAttractionActionSchema = act("buildAttraction", { card: cardId, colour: ColourSchema });
/**
 * A `buildAttraction` action: build the attraction `card` from hand in the area of `colour`.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type BuildAttractionAction } from "@rules/steam-donkey";
 *
 * const mine: BuildAttractionAction = { type: "buildAttraction", player: 0, card: 5, colour: "green" };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type BuildAttractionAction = z.infer<typeof BuildAttractionActionSchema>;

/**
 * Pay one card from hand towards the attraction being built (it goes on the discard pile).
 *
 * The schema of the `pay` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { PayActionSchema } from "@rules/steam-donkey";
 *
 * const action = PayActionSchema.parse({ type: "pay", player: 0, card: 12 });
 * console.log(action.card);
 * ```
 */
export const PayActionSchema = act("pay", { card: cardId });
/**
 * A `pay` action: pay one card from hand towards the attraction being built (it goes on the discard pile).
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type PayAction } from "@rules/steam-donkey";
 *
 * const mine: PayAction = { type: "pay", player: 0, card: 12 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type PayAction = z.infer<typeof PayActionSchema>;

/**
 * Move a visitor from the platform position `from` (or the deck top) onto the attraction of `colour` and `kind`.
 *
 * The schema of the `placeVisitor` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { PlaceVisitorActionSchema } from "@rules/steam-donkey";
 *
 * const action = PlaceVisitorActionSchema.parse({ type: "placeVisitor", player: 0, from: 2, colour: "green", kind: "lodging" });
 * console.log(action.from);
 * ```
 */
export const PlaceVisitorActionSchema = act("placeVisitor", { from, colour: ColourSchema, kind: KindSchema });
/**
 * A `placeVisitor` action: move a visitor from the platform position `from` (or the deck top) onto the attraction of `colour` and `kind`.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type PlaceVisitorAction } from "@rules/steam-donkey";
 *
 * const mine: PlaceVisitorAction = { type: "placeVisitor", player: 0, from: 2, colour: "green", kind: "lodging" };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type PlaceVisitorAction = z.infer<typeof PlaceVisitorActionSchema>;

/**
 * The `colour` transport fetches one visitor of any colour from `from` straight to hand.
 *
 * The schema of the `fetchVisitor` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { FetchVisitorActionSchema } from "@rules/steam-donkey";
 *
 * const action = FetchVisitorActionSchema.parse({ type: "fetchVisitor", player: 0, from: "deck", colour: "yellow" });
 * console.log(action.from);
 * ```
 */
export const FetchVisitorActionSchema = act("fetchVisitor", { from, colour: ColourSchema });
/**
 * A `fetchVisitor` action: the `colour` transport fetches one visitor of any colour from `from` straight to hand.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type FetchVisitorAction } from "@rules/steam-donkey";
 *
 * const mine: FetchVisitorAction = { type: "fetchVisitor", player: 0, from: "deck", colour: "yellow" };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type FetchVisitorAction = z.infer<typeof FetchVisitorActionSchema>;

/**
 * Put the visitor in `slot` on the attraction of `colour` and `kind` back on the platform (hand limit).
 *
 * The schema of the `returnVisitor` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { ReturnVisitorActionSchema } from "@rules/steam-donkey";
 *
 * const action = ReturnVisitorActionSchema.parse({ type: "returnVisitor", player: 1, colour: "green", kind: "amusement", slot: 0 });
 * console.log(action.slot);
 * ```
 */
export const ReturnVisitorActionSchema = act("returnVisitor", { colour: ColourSchema, kind: KindSchema, slot: z.number().int().min(0).max(8) });
/**
 * A `returnVisitor` action: put the visitor in `slot` on the attraction of `colour` and `kind` back on the platform (hand limit).
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type ReturnVisitorAction } from "@rules/steam-donkey";
 *
 * const mine: ReturnVisitorAction = { type: "returnVisitor", player: 1, colour: "green", kind: "amusement", slot: 0 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type ReturnVisitorAction = z.infer<typeof ReturnVisitorActionSchema>;

/**
 * Use your Character (Lord Admiral and Madame Ice-cream name the extra colour).
 *
 * The schema of the `useCharacter` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { UseCharacterActionSchema } from "@rules/steam-donkey";
 *
 * const action = UseCharacterActionSchema.parse({ type: "useCharacter", player: 0, colour: "red" });
 * console.log(action.colour);
 * ```
 */
export const UseCharacterActionSchema = act("useCharacter", { colour: ColourSchema.optional() });
/**
 * A `useCharacter` action: use your Character (Lord Admiral and Madame Ice-cream name the extra colour).
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type UseCharacterAction } from "@rules/steam-donkey";
 *
 * const mine: UseCharacterAction = { type: "useCharacter", player: 0, colour: "red" };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type UseCharacterAction = z.infer<typeof UseCharacterActionSchema>;

/**
 * Swap your Character with `seat`'s untwisted one and use it at once.
 *
 * The schema of the `swapCharacter` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { SwapCharacterActionSchema } from "@rules/steam-donkey";
 *
 * const action = SwapCharacterActionSchema.parse({ type: "swapCharacter", player: 0, seat: 2 });
 * console.log(action.seat);
 * ```
 */
export const SwapCharacterActionSchema = act("swapCharacter", { seat, colour: ColourSchema.optional() });
/**
 * A `swapCharacter` action: swap your Character with `seat`'s untwisted one and use it at once.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type SwapCharacterAction } from "@rules/steam-donkey";
 *
 * const mine: SwapCharacterAction = { type: "swapCharacter", player: 0, seat: 2 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type SwapCharacterAction = z.infer<typeof SwapCharacterActionSchema>;

/**
 * Stop building or moving visitors; or end the turn.
 *
 * The schema of the `done` action (zod; `parse` throws on a malformed one).
 *
 * @example
 * ```ts
 * import { DoneActionSchema } from "@rules/steam-donkey";
 *
 * const action = DoneActionSchema.parse({ type: "done", player: 0 });
 * console.log(action.type);
 * ```
 */
export const DoneActionSchema = act("done", {});
/**
 * A `done` action: stop building or moving visitors; or end the turn.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type DoneAction } from "@rules/steam-donkey";
 *
 * const mine: DoneAction = { type: "done", player: 0 };
 * const now = legalActions(initialState(1, { players: 4, advanced: true }));
 * console.log(mine.type, now.some((a) => a.type === mine.type));
 * ```
 */
export type DoneAction = z.infer<typeof DoneActionSchema>;

/**
 * Every action: a discriminated union on `type`; `player` is the seat that acts.
 *
 * @example
 * ```ts
 * import { ActionSchema } from "@rules/steam-donkey";
 *
 * console.log(ActionSchema.safeParse({ type: "build", player: 0, colour: "green" }).success);
 * console.log(ActionSchema.safeParse({ type: "build", player: 0, colour: "blue" }).success);
 * ```
 */
export const ActionSchema = z.discriminatedUnion("type", [
  ChoosePosterActionSchema,
  ChooseKickOnActionSchema,
  BuildActionSchema,
  MoveVisitorsActionSchema,
  CollectVisitorsActionSchema,
  TakeDiscardActionSchema,
  DraftExtraActionSchema,
  BuildAttractionActionSchema,
  PayActionSchema,
  PlaceVisitorActionSchema,
  FetchVisitorActionSchema,
  ReturnVisitorActionSchema,
  UseCharacterActionSchema,
  SwapCharacterActionSchema,
  DoneActionSchema,
]);

/**
 * An action: one of the fifteen action types, each `{ type, player, ... }`.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type Action } from "@rules/steam-donkey";
 *
 * const first: Action | undefined = legalActions(initialState(1, { players: 2 }))[0];
 * console.log(first);
 * ```
 */
export type Action = z.infer<typeof ActionSchema>;

/** A face-down card as the table sees it: its icon and its visitor colour. */
export const BackSchema = z.strictObject({ kind: KindSchema, colour: BackColourSchema });
export type Back = z.infer<typeof BackSchema>;

/**
 * What one seat (or a spectator) sees: faces it may know, backs of the face-down cards in sight.
 *
 * @example
 * ```ts
 * import { ViewSchema, initialState, playerView } from "@rules/steam-donkey";
 *
 * console.log(ViewSchema.safeParse(playerView(initialState(1, { players: 2 }), 0)).success);
 * ```
 */
export const ViewSchema = z.strictObject({
  viewer: seat.nullable(),
  players: z.number().int(),
  rules: RulesSchema,
  /** The component set in use; `null` stands for the default set. */
  components: ComponentsSchema.nullable(),
  /** The viewer's own hand (card ids; null for a spectator). */
  hand: pile.nullable(),
  handCounts: z.array(count),
  /** Backs of each hand, sorted (null for the viewer's own hand, or when hand backs are not public). */
  handBacks: z.array(z.array(BackSchema).nullable()),
  deckCount: count,
  /** The back of the deck's top card. */
  deckTop: BackSchema.nullable(),
  discard: pile,
  platform: z.array(BackSchema),
  resorts: z.array(z.strictObject({ spaces: z.array(pile), visitors: z.array(z.array(BackSchema)) })),
  posters: z.array(z.strictObject({ card: z.number().int(), side: z.union([z.literal(0), z.literal(1)]).nullable() })),
  kickOns: z.array(KickOnSchema.nullable()),
  characters: z.array(CharacterStateSchema.nullable()),
  stage: StageSchema,
  current: seat,
  kickOnQueue: z.array(seat),
  turn: TurnSchema,
  endTriggeredBy: seat.nullable(),
  finalTurnsLeft: z.number().int(),
  turns: z.number().int(),
});

/**
 * What one seat (or a spectator) sees.
 *
 * @example
 * ```ts
 * import { initialState, playerView, type View } from "@rules/steam-donkey";
 *
 * const v: View = playerView(initialState(1, { players: 2 }), 1);
 * console.log(v.viewer, v.handCounts, v.deckCount);
 * ```
 */
export type View = z.infer<typeof ViewSchema>;
