import { RngStateSchema, cloneJson, whenWellFormed } from "@rules/core";
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

/**
 * Options: the number of seats (3..7, default 4) and the component set (default: {@link defaultComponents}).
 *
 * @example
 * ```ts
 * import { OptionsSchema } from "@rules/donkey-valley";
 *
 * console.log(OptionsSchema.parse({}).players); // 4
 * console.log(OptionsSchema.safeParse({ players: 8 }).success); // false: 3 to 7 players
 * ```
 */
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
  }, whenWellFormed);

/**
 * Complete options (every default filled in): `z.infer<typeof OptionsSchema>`, named so the API reference lists its fields.
 *
 * @example
 * ```ts
 * import { initialState, type Options } from "@rules/donkey-valley";
 *
 * const opts: Partial<Options> = { players: 6 };
 * console.log(initialState(1, opts).hands.length); // 6
 * ```
 */
export interface Options extends z.infer<typeof OptionsSchema> {}

/**
 * The options `initialState` takes: {@link Options} with every field that has a default left
 * optional, at any depth (`z.input` of {@link OptionsSchema}), so a caller spells out only what
 * differs from the standard game.
 *
 * @example
 * ```ts
 * import { initialState, type OptionsInput } from "@rules/donkey-valley";
 *
 * const options: OptionsInput = { players: 3 };
 * console.log(initialState(1, options).players); // 3
 * ```
 */
export type OptionsInput = z.input<typeof OptionsSchema>;

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
 *
 * @example
 * ```ts
 * import { StateSchema, initialState } from "@rules/donkey-valley";
 *
 * const s = initialState(1, { players: 3 });
 * console.log(StateSchema.safeParse(JSON.parse(JSON.stringify(s))).success); // true
 * ```
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

/**
 * The state of a game (plain JSON): `z.infer<typeof StateSchema>`, named so the API reference lists its fields.
 *
 * @example
 * ```ts
 * import { initialState, type State } from "@rules/donkey-valley";
 *
 * const s: State = initialState(1, { players: 3 });
 * console.log(s.roundNumber, s.donkeyDeck.length, s.scorePiles); // 0 7 [[], [], []]
 * ```
 */
export interface State extends z.infer<typeof StateSchema> {}

const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), player: seat, ...shape });

// One schema per action type, so the API reference lists each with its fields; the types are
// inferred from them.

/**
 * Step 1: play the load card of this `value` face down.
 *
 * @example
 * ```ts
 * import { PlayLoadActionSchema } from "@rules/donkey-valley";
 *
 * console.log(PlayLoadActionSchema.safeParse({ type: "playLoad", player: 0, value: 7 }).success); // true
 * ```
 */
export const PlayLoadActionSchema = act("playLoad", { value: z.number().int().min(1) });
/**
 * Step 1: play the load card of this `value` face down.
 *
 * @example
 * ```ts
 * import { game, type PlayLoadAction } from "@rules/donkey-valley";
 *
 * const a: PlayLoadAction = { type: "playLoad", player: 0, value: 7 };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 0 plays a load card face down"
 * ```
 */
export interface PlayLoadAction extends z.infer<typeof PlayLoadActionSchema> {}

/**
 * Step 2: call in a favor by playing the load card of this `value` face up.
 *
 * @example
 * ```ts
 * import { UseFavorActionSchema } from "@rules/donkey-valley";
 *
 * console.log(UseFavorActionSchema.safeParse({ type: "useFavor", player: 1, value: 10 }).success); // true
 * ```
 */
export const UseFavorActionSchema = act("useFavor", { value: z.number().int().min(1) });
/**
 * Step 2: call in a favor by playing the load card of this `value` face up.
 *
 * @example
 * ```ts
 * import { game, type UseFavorAction } from "@rules/donkey-valley";
 *
 * const a: UseFavorAction = { type: "useFavor", player: 1, value: 10 };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a));
 * // "Seat 1 plays the 10 face up for a favor to check half of the load cards before the call"
 * ```
 */
export interface UseFavorAction extends z.infer<typeof UseFavorActionSchema> {}

/**
 * Stop: no (more) favors, keep your load card (favor 4), keep your card (favor 8 exchange).
 *
 * @example
 * ```ts
 * import { PassActionSchema } from "@rules/donkey-valley";
 *
 * console.log(PassActionSchema.safeParse({ type: "pass", player: 2 }).success); // true
 * ```
 */
export const PassActionSchema = act("pass", {});
/**
 * Stop: no (more) favors, keep your load card (favor 4), keep your card (favor 8 exchange).
 *
 * @example
 * ```ts
 * import { game, type PassAction } from "@rules/donkey-valley";
 *
 * const a: PassAction = { type: "pass", player: 2 };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 2 keeps their load card"
 * ```
 */
export interface PassAction extends z.infer<typeof PassActionSchema> {}

/**
 * Holes donkey / favor 10: look at the face-down card in `slot` of `seat`.
 *
 * @example
 * ```ts
 * import { PeekActionSchema } from "@rules/donkey-valley";
 *
 * console.log(PeekActionSchema.safeParse({ type: "peek", player: 1, seat: 0, slot: 0 }).success); // true
 * ```
 */
export const PeekActionSchema = act("peek", { seat, slot: count });
/**
 * Holes donkey / favor 10: look at the face-down card in `slot` of `seat`.
 *
 * @example
 * ```ts
 * import { game, type PeekAction } from "@rules/donkey-valley";
 *
 * const a: PeekAction = { type: "peek", player: 1, seat: 0, slot: 0 };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 1 checks seat 0's face-down load card"
 * ```
 */
export interface PeekAction extends z.infer<typeof PeekActionSchema> {}

/**
 * Step 3: approve (within capacity) or deny (overloaded).
 *
 * @example
 * ```ts
 * import { CallActionSchema } from "@rules/donkey-valley";
 *
 * console.log(CallActionSchema.safeParse({ type: "call", player: 0, verdict: "deny" }).success); // true
 * console.log(CallActionSchema.safeParse({ type: "call", player: 0, verdict: "maybe" }).success); // false
 * ```
 */
export const CallActionSchema = act("call", { verdict: VerdictSchema });
/**
 * Step 3: approve (within capacity) or deny (overloaded).
 *
 * @example
 * ```ts
 * import { game, type CallAction } from "@rules/donkey-valley";
 *
 * const a: CallAction = { type: "call", player: 0, verdict: "deny" };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 0 calls the donkey overloaded (denies the contract)"
 * ```
 */
export interface CallAction extends z.infer<typeof CallActionSchema> {}

/**
 * Favor 4: take back the card in `slot`, play the card of `value` from hand instead.
 *
 * @example
 * ```ts
 * import { SwapLoadActionSchema } from "@rules/donkey-valley";
 *
 * console.log(SwapLoadActionSchema.safeParse({ type: "swapLoad", player: 0, slot: 0, value: 3 }).success); // true
 * ```
 */
export const SwapLoadActionSchema = act("swapLoad", { slot: count, value: z.number().int().min(1) });
/**
 * Favor 4: take back the card in `slot`, play the card of `value` from hand instead.
 *
 * @example
 * ```ts
 * import { game, type SwapLoadAction } from "@rules/donkey-valley";
 *
 * const a: SwapLoadAction = { type: "swapLoad", player: 0, slot: 0, value: 3 };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 0 changes a face-down load card for another from hand"
 * ```
 */
export interface SwapLoadAction extends z.infer<typeof SwapLoadActionSchema> {}

/**
 * Favor 6: raise or lower the capacity (Precision: the allowed spread).
 *
 * @example
 * ```ts
 * import { AdjustCapacityActionSchema } from "@rules/donkey-valley";
 *
 * console.log(AdjustCapacityActionSchema.safeParse({ type: "adjustCapacity", player: 2, direction: "decrease" }).success); // true
 * ```
 */
export const AdjustCapacityActionSchema = act("adjustCapacity", { direction: z.enum(["increase", "decrease"]) });
/**
 * Favor 6: raise or lower the capacity (Precision: the allowed spread).
 *
 * @example
 * ```ts
 * import { game, type AdjustCapacityAction } from "@rules/donkey-valley";
 *
 * const a: AdjustCapacityAction = { type: "adjustCapacity", player: 2, direction: "decrease" };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 2 lowers the capacity by 2"
 * ```
 */
export interface AdjustCapacityAction extends z.infer<typeof AdjustCapacityActionSchema> {}

/**
 * Favor 8, correct approval: exchange your card in `slot` with `seat`'s card in `targetSlot`.
 *
 * @example
 * ```ts
 * import { ExchangeLoadActionSchema } from "@rules/donkey-valley";
 *
 * console.log(ExchangeLoadActionSchema.safeParse({ type: "exchangeLoad", player: 0, slot: 0, seat: 1, targetSlot: 0 }).success); // true
 * ```
 */
export const ExchangeLoadActionSchema = act("exchangeLoad", { slot: count, seat, targetSlot: count });
/**
 * Favor 8, correct approval: exchange your card in `slot` with `seat`'s card in `targetSlot`.
 *
 * @example
 * ```ts
 * import { game, type ExchangeLoadAction } from "@rules/donkey-valley";
 *
 * const a: ExchangeLoadAction = { type: "exchangeLoad", player: 0, slot: 0, seat: 1, targetSlot: 0 };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 0 exchanges their load card with seat 1's"
 * ```
 */
export interface ExchangeLoadAction extends z.infer<typeof ExchangeLoadActionSchema> {}

/**
 * Favor 8, correct denial: take `seat`'s card in `slot` before the random cards are dealt.
 *
 * @example
 * ```ts
 * import { PickLoadActionSchema } from "@rules/donkey-valley";
 *
 * console.log(PickLoadActionSchema.safeParse({ type: "pickLoad", player: 0, seat: 2, slot: 0 }).success); // true
 * ```
 */
export const PickLoadActionSchema = act("pickLoad", { seat, slot: count });
/**
 * Favor 8, correct denial: take `seat`'s card in `slot` before the random cards are dealt.
 *
 * @example
 * ```ts
 * import { game, type PickLoadAction } from "@rules/donkey-valley";
 *
 * const a: PickLoadAction = { type: "pickLoad", player: 0, seat: 2, slot: 0 };
 * console.log(game.describeAction(game.initialState(1, { players: 3 }), a)); // "Seat 0 picks a load card of seat 2 before the others draw"
 * ```
 */
export interface PickLoadAction extends z.infer<typeof PickLoadActionSchema> {}

/**
 * Every action: a discriminated union on `type` of nine schemas, one per action type; `player` is the
 * seat that acts.
 *
 * @example
 * ```ts
 * import { ActionSchema } from "@rules/donkey-valley";
 *
 * const untrusted: unknown = JSON.parse('{"type":"call","player":1,"verdict":"approve"}');
 * const r = ActionSchema.safeParse(untrusted);
 * console.log(r.success && r.data.type); // "call"
 * ```
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

/**
 * An action: `z.infer<typeof ActionSchema>`, one of the nine action types.
 *
 * @example
 * ```ts
 * import { game, type Action } from "@rules/donkey-valley";
 *
 * function summary(a: Action): string {
 *   return a.type === "playLoad" || a.type === "useFavor" ? `${a.type} ${a.value}` : a.type;
 * }
 * console.log(game.legalActions(game.initialState(1, { players: 3 }), 0).map(summary)); // ["playLoad 1", ..., "playLoad 10"]
 * ```
 */
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

/**
 * What one seat (or a spectator) sees.
 *
 * @example
 * ```ts
 * import { ViewSchema, initialState, playerView } from "@rules/donkey-valley";
 *
 * const v = playerView(initialState(1, { players: 3 }), 1);
 * console.log(ViewSchema.safeParse(v).success, v.hand, v.handCounts); // true [1, ..., 10] [10, 10, 10]
 * ```
 */
export const ViewSchema = z.strictObject({
  viewer: seat.nullable(),
  players: z.number().int(),
  /** The component set in play, or null for the default set (`defaultComponents`), as in every game. */
  components: ComponentsSchema.nullable(),
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

/**
 * What one seat (or a spectator) sees: `z.infer<typeof ViewSchema>`, named so the API reference lists its fields.
 *
 * @example
 * ```ts
 * import { initialState, playerView, type View } from "@rules/donkey-valley";
 *
 * const spectator: View = playerView(initialState(1, { players: 3 }), null);
 * console.log(spectator.viewer, spectator.hand, spectator.deckCount); // null null 7
 * ```
 */
export interface View extends z.infer<typeof ViewSchema> {}
