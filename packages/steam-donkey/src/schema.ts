import { RngStateSchema, cloneJson } from "@rules/core";
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
 * component set (default: {@link defaultComponents}).
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
  });

/** Complete options (every default filled in). */
export type Options = z.infer<typeof OptionsSchema>;

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

/** The whole game as plain JSON (loadState also runs the consistency checks of problems.ts). */
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
  /** Turns completed. */
  turns: z.number().int().min(0).max(1_000_000),
});

/** The state of a game (plain JSON). */
export type State = z.infer<typeof StateSchema>;

const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), player: seat, ...shape });
const from = z.union([z.literal("deck"), z.number().int().min(0).max(MAX_CARDS - 1)]);

/** Setup: play this side of your poster. */
export const ChoosePosterActionSchema = act("choosePoster", { side: z.union([z.literal(0), z.literal(1)]) });
export type ChoosePosterAction = z.infer<typeof ChoosePosterActionSchema>;

/** Advanced setup: take this Kick-on (and its Character, twisted). */
export const ChooseKickOnActionSchema = act("chooseKickOn", { kickOn: KickOnSchema });
export type ChooseKickOnAction = z.infer<typeof ChooseKickOnActionSchema>;

/** Turn action 1: build attractions of this colour. */
export const BuildActionSchema = act("build", { colour: ColourSchema });
export type BuildAction = z.infer<typeof BuildActionSchema>;

/** Turn action 2: move visitors of this colour from the station. */
export const MoveVisitorsActionSchema = act("moveVisitors", { colour: ColourSchema });
export type MoveVisitorsAction = z.infer<typeof MoveVisitorsActionSchema>;

/** Turn action 3: add all the visitors in your resort to your hand. */
export const CollectVisitorsActionSchema = act("collectVisitors", {});
export type CollectVisitorsAction = z.infer<typeof CollectVisitorsActionSchema>;

/** Turn action 4, the last resort: take the top card of the discard pile. */
export const TakeDiscardActionSchema = act("takeDiscard", {});
export type TakeDiscardAction = z.infer<typeof TakeDiscardActionSchema>;

/** Mechanical Dog: draft three extra cards onto the platform, then move visitors. */
export const DraftExtraActionSchema = act("draftExtra", {});
export type DraftExtraAction = z.infer<typeof DraftExtraActionSchema>;

/** Build the attraction `card` from hand in the area of `colour`. */
export const BuildAttractionActionSchema = act("buildAttraction", { card: cardId, colour: ColourSchema });
export type BuildAttractionAction = z.infer<typeof BuildAttractionActionSchema>;

/** Pay one card from hand towards the attraction being built (it goes on the discard pile). */
export const PayActionSchema = act("pay", { card: cardId });
export type PayAction = z.infer<typeof PayActionSchema>;

/** Move a visitor from the platform position `from` (or the deck top) onto the attraction of `colour` and `kind`. */
export const PlaceVisitorActionSchema = act("placeVisitor", { from, colour: ColourSchema, kind: KindSchema });
export type PlaceVisitorAction = z.infer<typeof PlaceVisitorActionSchema>;

/** The `colour` transport fetches one visitor of any colour from `from` straight to hand. */
export const FetchVisitorActionSchema = act("fetchVisitor", { from, colour: ColourSchema });
export type FetchVisitorAction = z.infer<typeof FetchVisitorActionSchema>;

/** Put the visitor in `slot` on the attraction of `colour` and `kind` back on the platform (hand limit). */
export const ReturnVisitorActionSchema = act("returnVisitor", { colour: ColourSchema, kind: KindSchema, slot: z.number().int().min(0).max(8) });
export type ReturnVisitorAction = z.infer<typeof ReturnVisitorActionSchema>;

/** Use your Character (Lord Admiral and Madame Ice-cream name the extra colour). */
export const UseCharacterActionSchema = act("useCharacter", { colour: ColourSchema.optional() });
export type UseCharacterAction = z.infer<typeof UseCharacterActionSchema>;

/** Swap your Character with `seat`'s untwisted one and use it at once. */
export const SwapCharacterActionSchema = act("swapCharacter", { seat, colour: ColourSchema.optional() });
export type SwapCharacterAction = z.infer<typeof SwapCharacterActionSchema>;

/** Stop building or moving visitors; or end the turn. */
export const DoneActionSchema = act("done", {});
export type DoneAction = z.infer<typeof DoneActionSchema>;

/** Every action: a discriminated union on `type`; `player` is the seat that acts. */
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

/** An action. */
export type Action = z.infer<typeof ActionSchema>;

/** A face-down card as the table sees it: its icon and its visitor colour. */
export const BackSchema = z.strictObject({ kind: KindSchema, colour: BackColourSchema });
export type Back = z.infer<typeof BackSchema>;

/** What one seat (or a spectator) sees. */
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

/** What one seat (or a spectator) sees. */
export type View = z.infer<typeof ViewSchema>;
