import { RngStateSchema, cloneJson } from "@rules/core";
import * as z from "zod";
import { COMPONENT_LIMITS as L, ComponentsSchema, DonkeyTypeSchema, defaultComponents } from "./data.js";

// Every array and number of a state is bounded by what the largest table (7 seats) and the largest
// component set (COMPONENT_LIMITS) can reach, so an absurd input fails the schema at once. Whether
// the parts agree with each other is checked by stateProblems (consistency.ts), after parsing.
const MAX_SEATS = 7;
const seat = z.number().int().min(0).max(MAX_SEATS - 1);
const count = z.number().int().min(0);
/** Load cards of all colours. */
const ALL_CARDS = MAX_SEATS * L.loadCards;
const perSeat = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_SEATS);

/** Options: the number of seats (3..7, default 4) and the component set (default: {@link defaultComponents}). */
export const OptionsSchema = z
  .strictObject({
    players: z.number().int().min(3).max(7).default(4),
    components: ComponentsSchema.default(() => cloneJson(defaultComponents)),
  })
  .superRefine((o, ctx) => {
    if (o.components.colours.length < o.players) {
      ctx.addIssue({
        code: "custom",
        path: ["components", "colours"],
        message: `${o.players} players need ${o.players} colours, the components have ${o.components.colours.length}`,
      });
    }
  });

/** Complete options (every default filled in): `z.infer<typeof OptionsSchema>`, named so the API reference lists its fields. */
export interface Options extends z.infer<typeof OptionsSchema> {}

/** A load card: its colour (= the seat that owns it) and its value. */
export const CardSchema = z.strictObject({ colour: seat, value: z.number().int().min(1).max(L.loadValue) });

/** A load card. */
export type Card = z.infer<typeof CardSchema>;

/** A player's call in step 3: approve (within capacity) or deny (overloaded). */
export const VerdictSchema = z.enum(["approve", "deny"]);

/** A sequential step of a round, taken by one seat at a time. */
export const StepSchema = z.enum(["favor", "call", "swap", "adjust", "exchange", "pick"]);

/** A sequential step. */
export type Step = z.infer<typeof StepSchema>;

/**
 * Where a round stands: `load` (step 1, simultaneous), `favor` (step 2), `peek` then `call` (step 3),
 * `swap` (favor 4) and `adjust` (favor 6) after the calls, `exchange` / `pick` (favor 8) in step 4.
 */
export const StageSchema = z.enum(["load", "peek", "favor", "call", "swap", "adjust", "exchange", "pick"]);

/** A look at a face-down load card: `viewer` saw the card in `slot` of `seat`'s play. */
export const PeekSchema = z.strictObject({ viewer: seat, seat, slot: count.max(1) });

/**
 * A look remembered after favor 4 took the card looked at back to its owner's hand: `viewer` knows
 * that `seat`'s hand holds a card of `value`.
 */
export const HandLookSchema = z.strictObject({ viewer: seat, seat, value: z.number().int().min(1).max(L.loadValue) });

/** The round in progress (one donkey). */
export const RoundSchema = z.strictObject({
  /** The donkey card of this round. */
  donkey: DonkeyTypeSchema,
  /** The effect that applies: a last Double acts as `normal`, a resumed Lost donkey as `normal`. */
  effect: DonkeyTypeSchema,
  /** True when this is a Lost donkey taken up again after all other donkeys. */
  lostResume: z.boolean(),
  stage: StageSchema,
  /** The seats still to act in the current sequential part, the head acting now. */
  queue: z.array(z.strictObject({ seat, step: StepSchema })).max(2 * MAX_SEATS),
  /** Load cards on the donkey, per seat (face down until `revealed`). */
  plays: perSeat(z.array(CardSchema).max(2)),
  /** Favor card values used this round, per seat (face up). */
  favors: perSeat(z.array(z.number().int().min(1).max(L.loadValue)).max(L.maxFavorsPerGame)),
  /** Calls made, per seat (null: not yet). */
  calls: perSeat(VerdictSchema.nullable()),
  /** Face-down cards looked at this round (Holes donkey, favor 10). */
  peeks: z.array(PeekSchema).max(MAX_SEATS * 2 * MAX_SEATS),
  /** Looks the acting seat still takes before its call. */
  peeksLeft: count.max(2 * MAX_SEATS),
  /** The effective capacity (for the Precision donkey: the largest allowed spread). */
  limit: count.max(1_000_000),
  /** True once the loads are turned face up (step 4). */
  revealed: z.boolean(),
  /** The result of the check, once revealed. */
  overloaded: z.boolean().nullable(),
  /** Seats that cannot score this round (their card was removed by the Attacked donkey). */
  blocked: perSeat(seat),
  /** Seats that already picked their card with favor 8. */
  picked: perSeat(seat),
});

/** The round in progress. */
export type Round = z.infer<typeof RoundSchema>;

/** The public record of the last round that reached step 4 (or was stopped by the Stubborn donkey). */
export const ResultSchema = z.strictObject({
  donkey: DonkeyTypeSchema,
  effect: DonkeyTypeSchema,
  /** The loads as turned face up (empty when the Stubborn donkey skipped step 4). */
  loads: perSeat(z.array(CardSchema).max(2)),
  limit: count.max(1_000_000),
  /** null when the Stubborn donkey skipped the check. */
  overloaded: z.boolean().nullable(),
  calls: perSeat(VerdictSchema.nullable()),
});

/**
 * The whole game as plain JSON. The schema checks each field's shape and size; whether the zones
 * add up and the stage agrees with who has acted is `stateProblems` (consistency.ts), which
 * `game.loadState` runs after this schema.
 */
export const StateSchema = z.strictObject({
  rng: RngStateSchema,
  players: z.number().int().min(3).max(MAX_SEATS),
  components: ComponentsSchema,
  /** Load values in each seat's hand (own colour), ascending. */
  hands: perSeat(z.array(z.number().int().min(1).max(L.loadValue)).max(L.loadCards)),
  /** Favor cards used by each seat this game (face up, out of play). */
  favorsUsed: perSeat(z.array(z.number().int().min(1).max(L.loadValue)).max(L.maxFavorsPerGame)),
  /** Won load cards per seat (public: every card was shown in step 4). */
  scorePiles: perSeat(z.array(CardSchema).max(ALL_CARDS)),
  discard: z.array(CardSchema).max(ALL_CARDS),
  /** Cards removed from the game face up (Attacked donkey). */
  removed: z.array(CardSchema).max(ALL_CARDS),
  /** Cards removed from the game unseen (Stubborn donkey skips step 4), per owner. */
  buried: perSeat(z.array(CardSchema).max(L.loadCards)),
  /** The face-down donkey deck, top = end. */
  donkeyDeck: z.array(DonkeyTypeSchema).max(L.donkeys),
  /** The donkeys left in the box at setup (hidden). */
  boxed: z.array(DonkeyTypeSchema).max(L.donkeys),
  /** Donkeys removed unseen from the deck by a Double donkey. */
  setAside: z.array(DonkeyTypeSchema).max(L.donkeys),
  /** Donkeys finished, in order. */
  donkeysDone: z.array(DonkeyTypeSchema).max(L.donkeys),
  /** Lost donkeys waiting for the end, in the order revealed, with their face-down loads per seat. */
  lostPending: z.array(z.strictObject({ plays: perSeat(z.array(CardSchema).max(2)) })).max(L.donkeys),
  /** The seat holding the first player card. */
  firstPlayer: seat,
  /** Rounds finished so far. */
  roundNumber: count.max(2 * L.donkeys),
  /** The current round; null once the game is over. */
  round: RoundSchema.nullable(),
  lastResult: ResultSchema.nullable(),
  /**
   * Looked-at cards that favor 4 took back to their owner's hand, each known to its looker until
   * the owner next plays a card face down (step 1 or a favor-4 change) or plays that card as a favor.
   * Empty when absent (states saved before this field existed).
   */
  handLooks: z.array(HandLookSchema).max(MAX_SEATS * 2 * MAX_SEATS).default(() => []),
});

/** The state of a game (plain JSON): `z.infer<typeof StateSchema>`, named so the API reference lists its fields. */
export interface State extends z.infer<typeof StateSchema> {}

const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), player: seat, ...shape });

// One schema per action type, so the API reference lists each with its fields; the types are
// inferred from them.

/** Step 1: play the load card of this `value` face down. */
export const PlayLoadActionSchema = act("playLoad", { value: z.number().int().min(1) });
/** Step 1: play the load card of this `value` face down. */
export interface PlayLoadAction extends z.infer<typeof PlayLoadActionSchema> {}

/** Step 2: call in a favor by playing the load card of this `value` face up. */
export const UseFavorActionSchema = act("useFavor", { value: z.number().int().min(1) });
/** Step 2: call in a favor by playing the load card of this `value` face up. */
export interface UseFavorAction extends z.infer<typeof UseFavorActionSchema> {}

/** Stop: no (more) favors, keep your load card (favor 4), keep your card (favor 8 exchange). */
export const PassActionSchema = act("pass", {});
/** Stop: no (more) favors, keep your load card (favor 4), keep your card (favor 8 exchange). */
export interface PassAction extends z.infer<typeof PassActionSchema> {}

/** Holes donkey / favor 10: look at the face-down card in `slot` of `seat`. */
export const PeekActionSchema = act("peek", { seat, slot: count });
/** Holes donkey / favor 10: look at the face-down card in `slot` of `seat`. */
export interface PeekAction extends z.infer<typeof PeekActionSchema> {}

/** Step 3: approve (within capacity) or deny (overloaded). */
export const CallActionSchema = act("call", { verdict: VerdictSchema });
/** Step 3: approve (within capacity) or deny (overloaded). */
export interface CallAction extends z.infer<typeof CallActionSchema> {}

/** Favor 4: take back the card in `slot`, play the card of `value` from hand instead. */
export const SwapLoadActionSchema = act("swapLoad", { slot: count, value: z.number().int().min(1) });
/** Favor 4: take back the card in `slot`, play the card of `value` from hand instead. */
export interface SwapLoadAction extends z.infer<typeof SwapLoadActionSchema> {}

/** Favor 6: raise or lower the capacity (Precision: the allowed spread). */
export const AdjustCapacityActionSchema = act("adjustCapacity", { direction: z.enum(["increase", "decrease"]) });
/** Favor 6: raise or lower the capacity (Precision: the allowed spread). */
export interface AdjustCapacityAction extends z.infer<typeof AdjustCapacityActionSchema> {}

/** Favor 8, correct approval: exchange your card in `slot` with `seat`'s card in `targetSlot`. */
export const ExchangeLoadActionSchema = act("exchangeLoad", { slot: count, seat, targetSlot: count });
/** Favor 8, correct approval: exchange your card in `slot` with `seat`'s card in `targetSlot`. */
export interface ExchangeLoadAction extends z.infer<typeof ExchangeLoadActionSchema> {}

/** Favor 8, correct denial: take `seat`'s card in `slot` before the random cards are dealt. */
export const PickLoadActionSchema = act("pickLoad", { seat, slot: count });
/** Favor 8, correct denial: take `seat`'s card in `slot` before the random cards are dealt. */
export interface PickLoadAction extends z.infer<typeof PickLoadActionSchema> {}

/**
 * Every action: a discriminated union on `type` of nine schemas, one per action type; `player` is the
 * seat that acts.
 */
export const ActionSchema: z.ZodDiscriminatedUnion<
  [
    typeof PlayLoadActionSchema,
    typeof UseFavorActionSchema,
    typeof PassActionSchema,
    typeof PeekActionSchema,
    typeof CallActionSchema,
    typeof SwapLoadActionSchema,
    typeof AdjustCapacityActionSchema,
    typeof ExchangeLoadActionSchema,
    typeof PickLoadActionSchema,
  ],
  "type"
> = z.discriminatedUnion("type", [
  PlayLoadActionSchema,
  UseFavorActionSchema,
  PassActionSchema,
  PeekActionSchema,
  CallActionSchema,
  SwapLoadActionSchema,
  AdjustCapacityActionSchema,
  ExchangeLoadActionSchema,
  PickLoadActionSchema,
]);

/** An action: `z.infer<typeof ActionSchema>`, one of the nine action types. */
export type Action =
  | PlayLoadAction
  | UseFavorAction
  | PassAction
  | PeekAction
  | CallAction
  | SwapLoadAction
  | AdjustCapacityAction
  | ExchangeLoadAction
  | PickLoadAction;

/** A pile a viewer cannot see into: its size, and its cards when it is the viewer's own. */
const HiddenPileSchema = z.strictObject({ count, own: z.array(CardSchema).nullable() });

/** What one seat (or a spectator) sees. */
export const ViewSchema = z.strictObject({
  viewer: seat.nullable(),
  players: z.number().int(),
  components: ComponentsSchema,
  /** The viewer's own hand (null for a spectator). */
  hand: z.array(z.number().int()).nullable(),
  handCounts: z.array(count),
  favorsUsed: z.array(z.array(z.number().int())),
  scorePiles: z.array(z.array(CardSchema)),
  discard: z.array(CardSchema),
  removed: z.array(CardSchema),
  buriedCounts: z.array(count),
  deckCount: count,
  boxedCount: count,
  setAsideCount: count,
  donkeysDone: z.array(DonkeyTypeSchema),
  /** Lost donkeys waiting: each seat's face-down pile under them. */
  lostPending: z.array(z.array(HiddenPileSchema)),
  firstPlayer: seat,
  roundNumber: count,
  /** Cards the viewer looked at that favor 4 took back to their owner's hand (still known there). */
  handLooks: z.array(z.strictObject({ seat, value: z.number().int() })),
  round: z
    .strictObject({
      donkey: DonkeyTypeSchema,
      effect: DonkeyTypeSchema,
      lostResume: z.boolean(),
      stage: StageSchema,
      queue: z.array(z.strictObject({ seat, step: StepSchema })),
      /** Effective capacity (Precision: largest allowed spread). */
      limit: count,
      /** Each seat's pile on the donkey: all cards once revealed, else own cards only. */
      plays: z.array(HiddenPileSchema),
      favors: z.array(z.array(z.number().int())),
      calls: z.array(VerdictSchema.nullable()),
      /** Cards the viewer looked at this round, with their values. */
      peeks: z.array(z.strictObject({ seat, slot: count, value: z.number().int() })),
      peeksLeft: count,
      revealed: z.boolean(),
      overloaded: z.boolean().nullable(),
      blocked: z.array(seat),
      picked: z.array(seat),
    })
    .nullable(),
  lastResult: ResultSchema.nullable(),
});

/** What one seat (or a spectator) sees: `z.infer<typeof ViewSchema>`, named so the API reference lists its fields. */
export interface View extends z.infer<typeof ViewSchema> {}
