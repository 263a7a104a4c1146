import { RngStateSchema, cloneJson, whenWellFormed } from "@rules/core";
import * as z from "zod";
import { ComponentsSchema, DifficultySchema, GOODS, GoodSchema, PowerSchema, StoredComponentsSchema, defaultComponents } from "./data.js";

const seat = z.number().int().min(0).max(4);
const count = (max: number) => z.number().int().min(0).max(max);
const edge = z.number().int().min(0).max(5);
const die = z.number().int().min(1).max(6);

/** The game's rule choices (everything in the options but the player count and the components). */
export const SettingsSchema = z.strictObject({
  /** Optional Coal: one black good on each city that lost a good at setup. */
  coal: z.boolean(),
  /** Optional Order tiles. */
  orders: z.boolean(),
  /** Optional Starting Power tiles. */
  startingPowers: z.boolean(),
  /** Medium and Hard game: walls rolled on the chart at setup. */
  walls: z.enum(["none", "medium", "hard"]),
  /** Solo: Olive's difficulty (Clerk 1 die ... Rail Baron 6 dice). */
  difficulty: DifficultySchema,
  /** Solo: goods lined up on each city ("set up as usual": players + 2 = 3). */
  soloGoodsPerCity: z.number().int().min(1).max(8),
  /** Tie-break "best engine": ticked boxes (as the engine bonus) or strength with tile 4b. */
  tieBreakEngine: z.enum(["boxes", "strength"]),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * Options: `players` 1..5 (1 = solo against Olive), the modules, and the component set; every
 * field but `players` has a default.
 *
 * @example
 * ```ts
 * import { OptionsSchema } from "@rules/steamrollers";
 *
 * const options = OptionsSchema.parse({ players: 4, orders: true });
 * console.log(options.coal, options.walls); // false "none"
 * console.log(OptionsSchema.safeParse({ players: 1, coal: true }).success); // false: no Coal in solo play
 * ```
 */
export const OptionsSchema = z
  .strictObject({
    players: z.number().int().min(1).max(5).default(3),
    coal: z.boolean().default(false),
    orders: z.boolean().default(false),
    startingPowers: z.boolean().default(false),
    walls: z.enum(["none", "medium", "hard"]).default("none"),
    difficulty: DifficultySchema.default("clerk"),
    soloGoodsPerCity: z.number().int().min(1).max(8).default(3),
    tieBreakEngine: z.enum(["boxes", "strength"]).default("boxes"),
    components: ComponentsSchema.default(() => cloneJson(defaultComponents)),
  })
  .superRefine((o, ctx) => {
    const fail = (message: string, path: string): void => void ctx.addIssue({ code: "custom", message, path: [path] });
    if (o.players === 1) {
      if (o.coal) fail("solo play allows only the Medium/Hard module: no Coal (black) goods", "coal");
      if (o.orders) fail("solo play allows only the Medium/Hard module: no order tiles", "orders");
      if (o.startingPowers) fail("solo play allows only the Medium/Hard module: no starting powers", "startingPowers");
    }
    const perCity = o.players === 1 ? o.soloGoodsPerCity : o.players + 2;
    const g = o.components.goods;
    const inBag = g.yellow + g.red + g.green + g.blue + g.grey;
    if (inBag < perCity * 6) fail(`setup draws ${perCity} goods for each of the 6 cities, but the bag holds only ${inBag}`, "components");
  }, whenWellFormed);
/**
 * The options of a game, with their defaults filled in (`z.infer<typeof OptionsSchema>`).
 *
 * @example
 * ```ts
 * import { initialState, type Options } from "@rules/steamrollers";
 *
 * const options: Partial<Options> = { players: 3, walls: "medium", startingPowers: true };
 * console.log(initialState(1, options).wallRoll);
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
 * import { initialState, type OptionsInput } from "@rules/steamrollers";
 *
 * const options: OptionsInput = { players: 3 };
 * console.log(initialState(1, options).players); // 3
 * ```
 */
export type OptionsInput = z.input<typeof OptionsSchema>;

/** The stages of a turn (see docs/games/steamrollers.md, "Turn structure"). */
export const StageSchema = z.enum(["power", "powerRail", "powerGood", "pick", "claim", "act", "end", "beforeOlive", "olive4"]);
export type Stage = z.infer<typeof StageSchema>;

/** A track drawn in a hex: the two edges it joins (0..5 clockwise from north-east), ascending. */
export const TrackSchema = z.tuple([edge, edge]).nullable();

export const SheetSchema = z.strictObject({
  /** Track per hex index (null: empty); city hexes stay null. */
  tracks: z.array(TrackSchema).max(240),
  /** Engine box `i` ticked (the box of die value i + 1). */
  engine: z.array(z.boolean()).length(6),
  /** Points crossed off on the delivery track. */
  delivered: count(999),
  /** The +2 of the starting power. */
  bonus: count(2),
  /** Goods kept for order tiles, by colour index. */
  kept: z.array(count(99)).length(6),
  /** The personal good of the starting power, on grey city `city` of this sheet. */
  personal: z.strictObject({ good: GoodSchema, city: die }).nullable(),
  /** The starting power chosen (null: none, or the module is off). */
  power: PowerSchema.nullable(),
});
export type Sheet = z.infer<typeof SheetSchema>;

export const TileStateSchema = z.strictObject({
  side: z.enum(["a", "b"]),
  /** The seat holding the tile; null: in the centre, by the board. */
  holder: seat.nullable(),
  /** Turned sideways: just taken, cannot be stolen or used until its holder's next pick. */
  sideways: z.boolean(),
});
export type TileState = z.infer<typeof TileStateSchema>;

export const OrderStateSchema = z.strictObject({ side: z.enum(["a", "b"]), holder: seat.nullable() });

export const DieSchema = z.strictObject({
  value: die,
  /** The seat that took (or claimed with tile 2b) this white die. */
  user: seat.nullable(),
  /** True once its action is done. */
  spent: z.boolean(),
});
export type Die = z.infer<typeof DieSchema>;

export const TurnSchema = z.strictObject({
  /** The seat whose turn it is (in the `claim` stage, the seat whose die may be claimed). */
  player: seat,
  stage: StageSchema,
  /** The white die in use (index into `white`). */
  die: z.number().int().min(0).max(5).nullable(),
  /** Actions done this turn (two in solo, two with tile 2a). */
  actions: count(2),
  /** Action tiles used this turn (numbers). */
  used: z.array(die).max(12),
  /** Action tiles used on the current die (numbers). */
  dieUsed: z.array(die).max(6),
  /** Order tile traded this turn. */
  traded: z.boolean(),
});
export type Turn = z.infer<typeof TurnSchema>;

export const OliveSchema = z.strictObject({
  /** Crossed hexes per region (index = die − 1). */
  crosses: z.array(count(40)).length(6),
  /** Points from her step 4. */
  points: count(999),
  /** Goods she removed in step 4, by colour index. */
  removed: z.array(count(99)).length(6),
  /** Her white die while she waits for the 2b decision at step 4. */
  die: die.nullable(),
  /** She crossed a full region: she won at once. */
  won: z.boolean(),
  /**
   * What her die showed in her last turn, in order: the value she crossed with, then each re-roll
   * of step 3 (an empty city). Public, as every roll at the table; empty before her first turn (and
   * in states saved before this field existed).
   */
  rolls: z.array(die).max(40).default(() => []),
});
export type Olive = z.infer<typeof OliveSchema>;

const StateShape = z.strictObject({
  rng: RngStateSchema,
  players: z.number().int().min(1).max(5),
  settings: SettingsSchema,
  /** The component set in use; null: the default set ({@link defaultComponents}). */
  components: StoredComponentsSchema.nullable(),
  /** The bag, as counts by colour index (yellow, red, green, blue, grey, black). */
  bag: z.array(count(99)).length(6),
  /** Black goods left in the box. */
  reserve: count(99),
  /** Goods on the supply board's cities 1..6 (colour indices, in line order: the rightmost is last). */
  cities: z.array(z.array(z.number().int().min(0).max(5)).max(20)).length(6),
  /** Blocked borders (Medium/Hard): pairs of hex indices. */
  walls: z.array(z.tuple([count(239), count(239)])).max(80),
  /** The chart roll of the walls (null: no walls). */
  wallRoll: die.nullable(),
  sheets: z.array(SheetSchema).min(1).max(5),
  /** Action tiles 1..6 (index = number − 1); tile 2 is the solo tile in solo play. */
  tiles: z.array(TileStateSchema).length(6),
  /** Order tiles (empty when the module is off). */
  orders: z.array(OrderStateSchema).max(12),
  /** Rounds begun (solo: turns begun). */
  round: count(9999),
  startPlayer: seat,
  /** Seats still to play this round after the current one, in clockwise order. */
  queue: z.array(seat).max(5),
  white: z.array(DieSchema).max(6),
  /** The black die's face (1..6, an id of its pair of track types). */
  black: die,
  turn: TurnSchema.nullable(),
  /** Tile 2b: `seat` may claim white die `die` just taken by the turn player. */
  claim: z.strictObject({ seat, die: z.number().int().min(0).max(5) }).nullable(),
  /** Starting powers being chosen: seats still to choose (head first), powers left, and the step in progress. */
  powers: z
    .strictObject({
      queue: z.array(seat).max(5),
      left: z.array(PowerSchema).max(5),
      hex: count(239).nullable(),
      good: GoodSchema.nullable(),
    })
    .nullable(),
  /** Olive, the solo opponent (null in multiplayer games). */
  olive: OliveSchema.nullable(),
  over: z.boolean(),
});

/**
 * The whole game as plain JSON (field shapes). Consistency beyond shapes (goods that add up, a
 * stage that fits the turn) is checked by `loadState`.
 *
 * @example
 * ```ts
 * import { StateSchema, initialState } from "@rules/steamrollers";
 *
 * console.log(StateSchema.safeParse(initialState(1, { players: 3 })).success); // true
 * console.log(StateSchema.safeParse({ players: 3 }).success); // false
 * ```
 */
export const StateSchema = StateShape;
/**
 * The state of a game (plain JSON: `JSON.parse(JSON.stringify(s))` equals `s`).
 *
 * @example
 * ```ts
 * import { initialState, type State } from "@rules/steamrollers";
 *
 * const s: State = initialState(1, { players: 3 });
 * console.log(s.round, s.white.map((d) => d.value), s.cities);
 * ```
 */
export type State = z.infer<typeof StateSchema>;

const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), player: seat, ...shape });
const col = z.number().int().min(0).max(40);

// One schema per action type, so the API reference lists each with its fields; the types are
// inferred from them.

/**
 * Starting power Engine: tick engine box `box`.
 *
 * @example
 * ```ts
 * import { PowerEngineActionSchema, type PowerEngineAction } from "@rules/steamrollers";
 *
 * const action: PowerEngineAction = { type: "powerEngine", player: 0, box: 1 };
 * console.log(PowerEngineActionSchema.parse(action));
 * ```
 */
export const PowerEngineActionSchema = act("powerEngine", { box: die });
/**
 * Starting power Engine: tick engine box `box`.
 *
 * @example
 * ```ts
 * import { PowerEngineActionSchema, type PowerEngineAction } from "@rules/steamrollers";
 *
 * const action: PowerEngineAction = { type: "powerEngine", player: 0, box: 1 };
 * console.log(PowerEngineActionSchema.parse(action));
 * ```
 */
export interface PowerEngineAction extends z.infer<typeof PowerEngineActionSchema> {}

/**
 * Starting power Rail: draw a track in hex (col, row), then choose it with `build`.
 *
 * @example
 * ```ts
 * import { PowerRailActionSchema, type PowerRailAction } from "@rules/steamrollers";
 *
 * const action: PowerRailAction = { type: "powerRail", player: 0, col: 1, row: 1 };
 * console.log(PowerRailActionSchema.parse(action));
 * ```
 */
export const PowerRailActionSchema = act("powerRail", { col, row: col });
/**
 * Starting power Rail: draw a track in hex (col, row), then choose it with `build`.
 *
 * @example
 * ```ts
 * import { PowerRailActionSchema, type PowerRailAction } from "@rules/steamrollers";
 *
 * const action: PowerRailAction = { type: "powerRail", player: 0, col: 1, row: 1 };
 * console.log(PowerRailActionSchema.parse(action));
 * ```
 */
export interface PowerRailAction extends z.infer<typeof PowerRailActionSchema> {}

/**
 * Starting power +2.
 *
 * @example
 * ```ts
 * import { PowerPointsActionSchema, type PowerPointsAction } from "@rules/steamrollers";
 *
 * const action: PowerPointsAction = { type: "powerPoints", player: 0 };
 * console.log(PowerPointsActionSchema.parse(action));
 * ```
 */
export const PowerPointsActionSchema = act("powerPoints", {});
/**
 * Starting power +2.
 *
 * @example
 * ```ts
 * import { PowerPointsActionSchema, type PowerPointsAction } from "@rules/steamrollers";
 *
 * const action: PowerPointsAction = { type: "powerPoints", player: 0 };
 * console.log(PowerPointsActionSchema.parse(action));
 * ```
 */
export interface PowerPointsAction extends z.infer<typeof PowerPointsActionSchema> {}

/**
 * Starting power Action tile: start with tile `tile`, sideways.
 *
 * @example
 * ```ts
 * import { PowerTileActionSchema, type PowerTileAction } from "@rules/steamrollers";
 *
 * const action: PowerTileAction = { type: "powerTile", player: 0, tile: 3 };
 * console.log(PowerTileActionSchema.parse(action));
 * ```
 */
export const PowerTileActionSchema = act("powerTile", { tile: die });
/**
 * Starting power Action tile: start with tile `tile`, sideways.
 *
 * @example
 * ```ts
 * import { PowerTileActionSchema, type PowerTileAction } from "@rules/steamrollers";
 *
 * const action: PowerTileAction = { type: "powerTile", player: 0, tile: 3 };
 * console.log(PowerTileActionSchema.parse(action));
 * ```
 */
export interface PowerTileAction extends z.infer<typeof PowerTileActionSchema> {}

/**
 * Starting power Personal delivery: draw a non-grey good from the bag, then `placeGood`.
 *
 * @example
 * ```ts
 * import { PowerDeliveryActionSchema, type PowerDeliveryAction } from "@rules/steamrollers";
 *
 * const action: PowerDeliveryAction = { type: "powerDelivery", player: 0 };
 * console.log(PowerDeliveryActionSchema.parse(action));
 * ```
 */
export const PowerDeliveryActionSchema = act("powerDelivery", {});
/**
 * Starting power Personal delivery: draw a non-grey good from the bag, then `placeGood`.
 *
 * @example
 * ```ts
 * import { PowerDeliveryActionSchema, type PowerDeliveryAction } from "@rules/steamrollers";
 *
 * const action: PowerDeliveryAction = { type: "powerDelivery", player: 0 };
 * console.log(PowerDeliveryActionSchema.parse(action));
 * ```
 */
export interface PowerDeliveryAction extends z.infer<typeof PowerDeliveryActionSchema> {}

/**
 * Put the personal good on grey city `city` of your sheet.
 *
 * @example
 * ```ts
 * import { PlaceGoodActionSchema, type PlaceGoodAction } from "@rules/steamrollers";
 *
 * const action: PlaceGoodAction = { type: "placeGood", player: 0, city: 3 };
 * console.log(PlaceGoodActionSchema.parse(action));
 * ```
 */
export const PlaceGoodActionSchema = act("placeGood", { city: die });
/**
 * Put the personal good on grey city `city` of your sheet.
 *
 * @example
 * ```ts
 * import { PlaceGoodActionSchema, type PlaceGoodAction } from "@rules/steamrollers";
 *
 * const action: PlaceGoodAction = { type: "placeGood", player: 0, city: 3 };
 * console.log(PlaceGoodActionSchema.parse(action));
 * ```
 */
export interface PlaceGoodAction extends z.infer<typeof PlaceGoodActionSchema> {}

/**
 * Take white die `die` (index into the rolled dice).
 *
 * @example
 * ```ts
 * import { PickDieActionSchema, type PickDieAction } from "@rules/steamrollers";
 *
 * const action: PickDieAction = { type: "pickDie", player: 0, die: 2 };
 * console.log(PickDieActionSchema.parse(action));
 * ```
 */
export const PickDieActionSchema = act("pickDie", { die: z.number().int().min(0).max(5) });
/**
 * Take white die `die` (index into the rolled dice).
 *
 * @example
 * ```ts
 * import { PickDieActionSchema, type PickDieAction } from "@rules/steamrollers";
 *
 * const action: PickDieAction = { type: "pickDie", player: 0, die: 2 };
 * console.log(PickDieActionSchema.parse(action));
 * ```
 */
export interface PickDieAction extends z.infer<typeof PickDieActionSchema> {}

/**
 * Tile 2b: take the die the turn player has just picked.
 *
 * @example
 * ```ts
 * import { ClaimDieActionSchema, type ClaimDieAction } from "@rules/steamrollers";
 *
 * const action: ClaimDieAction = { type: "claimDie", player: 1 };
 * console.log(ClaimDieActionSchema.parse(action));
 * ```
 */
export const ClaimDieActionSchema = act("claimDie", {});
/**
 * Tile 2b: take the die the turn player has just picked.
 *
 * @example
 * ```ts
 * import { ClaimDieActionSchema, type ClaimDieAction } from "@rules/steamrollers";
 *
 * const action: ClaimDieAction = { type: "claimDie", player: 1 };
 * console.log(ClaimDieActionSchema.parse(action));
 * ```
 */
export interface ClaimDieAction extends z.infer<typeof ClaimDieActionSchema> {}

/**
 * Tile 1: set your white die to `value`.
 *
 * @example
 * ```ts
 * import { SetDieActionSchema, type SetDieAction } from "@rules/steamrollers";
 *
 * const action: SetDieAction = { type: "setDie", player: 0, value: 6 };
 * console.log(SetDieActionSchema.parse(action));
 * ```
 */
export const SetDieActionSchema = act("setDie", { value: die });
/**
 * Tile 1: set your white die to `value`.
 *
 * @example
 * ```ts
 * import { SetDieActionSchema, type SetDieAction } from "@rules/steamrollers";
 *
 * const action: SetDieAction = { type: "setDie", player: 0, value: 6 };
 * console.log(SetDieActionSchema.parse(action));
 * ```
 */
export interface SetDieAction extends z.infer<typeof SetDieActionSchema> {}

/**
 * Tile 5a: change your white die by +1 or -1.
 *
 * @example
 * ```ts
 * import { NudgeDieActionSchema, type NudgeDieAction } from "@rules/steamrollers";
 *
 * const action: NudgeDieAction = { type: "nudgeDie", player: 0, delta: -1 };
 * console.log(NudgeDieActionSchema.parse(action));
 * ```
 */
export const NudgeDieActionSchema = act("nudgeDie", { delta: z.union([z.literal(-1), z.literal(1)]) });
/**
 * Tile 5a: change your white die by +1 or -1.
 *
 * @example
 * ```ts
 * import { NudgeDieActionSchema, type NudgeDieAction } from "@rules/steamrollers";
 *
 * const action: NudgeDieAction = { type: "nudgeDie", player: 0, delta: -1 };
 * console.log(NudgeDieActionSchema.parse(action));
 * ```
 */
export interface NudgeDieAction extends z.infer<typeof NudgeDieActionSchema> {}

/**
 * Tile 5b: re-roll your white die.
 *
 * @example
 * ```ts
 * import { RerollDieActionSchema, type RerollDieAction } from "@rules/steamrollers";
 *
 * const action: RerollDieAction = { type: "rerollDie", player: 0 };
 * console.log(RerollDieActionSchema.parse(action));
 * ```
 */
export const RerollDieActionSchema = act("rerollDie", {});
/**
 * Tile 5b: re-roll your white die.
 *
 * @example
 * ```ts
 * import { RerollDieActionSchema, type RerollDieAction } from "@rules/steamrollers";
 *
 * const action: RerollDieAction = { type: "rerollDie", player: 0 };
 * console.log(RerollDieActionSchema.parse(action));
 * ```
 */
export interface RerollDieAction extends z.infer<typeof RerollDieActionSchema> {}

/**
 * Tile 5b: turn your white die to its opposite face.
 *
 * @example
 * ```ts
 * import { FlipDieActionSchema, type FlipDieAction } from "@rules/steamrollers";
 *
 * const action: FlipDieAction = { type: "flipDie", player: 0 };
 * console.log(FlipDieActionSchema.parse(action));
 * ```
 */
export const FlipDieActionSchema = act("flipDie", {});
/**
 * Tile 5b: turn your white die to its opposite face.
 *
 * @example
 * ```ts
 * import { FlipDieActionSchema, type FlipDieAction } from "@rules/steamrollers";
 *
 * const action: FlipDieAction = { type: "flipDie", player: 0 };
 * console.log(FlipDieActionSchema.parse(action));
 * ```
 */
export interface FlipDieAction extends z.infer<typeof FlipDieActionSchema> {}

/**
 * Build track: draw a track joining `edges` in hex (col, row).
 *
 * @example
 * ```ts
 * import { BuildActionSchema, type BuildAction } from "@rules/steamrollers";
 *
 * const action: BuildAction = { type: "build", player: 0, col: 1, row: 1, edges: [0, 3] };
 * console.log(BuildActionSchema.parse(action));
 * ```
 */
export const BuildActionSchema = act("build", { col, row: col, edges: z.tuple([edge, edge]) });
/**
 * Build track: draw a track joining `edges` in hex (col, row).
 *
 * @example
 * ```ts
 * import { BuildActionSchema, type BuildAction } from "@rules/steamrollers";
 *
 * const action: BuildAction = { type: "build", player: 0, col: 1, row: 1, edges: [0, 3] };
 * console.log(BuildActionSchema.parse(action));
 * ```
 */
export interface BuildAction extends z.infer<typeof BuildActionSchema> {}

/**
 * Improve engine: tick the box of your white die.
 *
 * @example
 * ```ts
 * import { ImproveEngineActionSchema, type ImproveEngineAction } from "@rules/steamrollers";
 *
 * const action: ImproveEngineAction = { type: "improveEngine", player: 0 };
 * console.log(ImproveEngineActionSchema.parse(action));
 * ```
 */
export const ImproveEngineActionSchema = act("improveEngine", {});
/**
 * Improve engine: tick the box of your white die.
 *
 * @example
 * ```ts
 * import { ImproveEngineActionSchema, type ImproveEngineAction } from "@rules/steamrollers";
 *
 * const action: ImproveEngineAction = { type: "improveEngine", player: 0 };
 * console.log(ImproveEngineActionSchema.parse(action));
 * ```
 */
export interface ImproveEngineAction extends z.infer<typeof ImproveEngineActionSchema> {}

/**
 * Deliver the good in `slot` of city `from` (slot -1: your personal good on that city) to city `to` along a route of `distance`; tile 3b adds `boost`.
 *
 * @example
 * ```ts
 * import { DeliverActionSchema, type DeliverAction } from "@rules/steamrollers";
 *
 * const action: DeliverAction = { type: "deliver", player: 0, from: 1, slot: 0, to: 3, distance: 2, boost: 0 };
 * console.log(DeliverActionSchema.parse(action));
 * ```
 */
export const DeliverActionSchema = act("deliver", { from: die, slot: z.number().int().min(-1).max(19), to: die, distance: z.number().int().min(1).max(40), boost: count(2) });
/**
 * Deliver the good in `slot` of city `from` (slot -1: your personal good on that city) to city `to` along a route of `distance`; tile 3b adds `boost`.
 *
 * @example
 * ```ts
 * import { DeliverActionSchema, type DeliverAction } from "@rules/steamrollers";
 *
 * const action: DeliverAction = { type: "deliver", player: 0, from: 1, slot: 0, to: 3, distance: 2, boost: 0 };
 * console.log(DeliverActionSchema.parse(action));
 * ```
 */
export interface DeliverAction extends z.infer<typeof DeliverActionSchema> {}

/**
 * Take the action tile of your white die's number.
 *
 * @example
 * ```ts
 * import { TakeTileActionSchema, type TakeTileAction } from "@rules/steamrollers";
 *
 * const action: TakeTileAction = { type: "takeTile", player: 0 };
 * console.log(TakeTileActionSchema.parse(action));
 * ```
 */
export const TakeTileActionSchema = act("takeTile", {});
/**
 * Take the action tile of your white die's number.
 *
 * @example
 * ```ts
 * import { TakeTileActionSchema, type TakeTileAction } from "@rules/steamrollers";
 *
 * const action: TakeTileAction = { type: "takeTile", player: 0 };
 * console.log(TakeTileActionSchema.parse(action));
 * ```
 */
export interface TakeTileAction extends z.infer<typeof TakeTileActionSchema> {}

/**
 * Use no action with this die (only when none is possible).
 *
 * @example
 * ```ts
 * import { PassActionSchema, type PassAction } from "@rules/steamrollers";
 *
 * const action: PassAction = { type: "pass", player: 0 };
 * console.log(PassActionSchema.parse(action));
 * ```
 */
export const PassActionSchema = act("pass", {});
/**
 * Use no action with this die (only when none is possible).
 *
 * @example
 * ```ts
 * import { PassActionSchema, type PassAction } from "@rules/steamrollers";
 *
 * const action: PassAction = { type: "pass", player: 0 };
 * console.log(PassActionSchema.parse(action));
 * ```
 */
export interface PassAction extends z.infer<typeof PassActionSchema> {}

/**
 * Trade kept goods for order tile `order`; one black good may stand in for a good of colour `wild`.
 *
 * @example
 * ```ts
 * import { FulfilOrderActionSchema, type FulfilOrderAction } from "@rules/steamrollers";
 *
 * const action: FulfilOrderAction = { type: "fulfilOrder", player: 0, order: 0, wild: null };
 * console.log(FulfilOrderActionSchema.parse(action));
 * ```
 */
export const FulfilOrderActionSchema = act("fulfilOrder", { order: z.number().int().min(0).max(11), wild: GoodSchema.exclude(["black"]).nullable() });
/**
 * Trade kept goods for order tile `order`; one black good may stand in for a good of colour `wild`.
 *
 * @example
 * ```ts
 * import { FulfilOrderActionSchema, type FulfilOrderAction } from "@rules/steamrollers";
 *
 * const action: FulfilOrderAction = { type: "fulfilOrder", player: 0, order: 0, wild: null };
 * console.log(FulfilOrderActionSchema.parse(action));
 * ```
 */
export interface FulfilOrderAction extends z.infer<typeof FulfilOrderActionSchema> {}

/**
 * Tile 2a: take a second white die for a second action.
 *
 * @example
 * ```ts
 * import { SecondDieActionSchema, type SecondDieAction } from "@rules/steamrollers";
 *
 * const action: SecondDieAction = { type: "secondDie", player: 0, die: 1 };
 * console.log(SecondDieActionSchema.parse(action));
 * ```
 */
export const SecondDieActionSchema = act("secondDie", { die: z.number().int().min(0).max(5) });
/**
 * Tile 2a: take a second white die for a second action.
 *
 * @example
 * ```ts
 * import { SecondDieActionSchema, type SecondDieAction } from "@rules/steamrollers";
 *
 * const action: SecondDieAction = { type: "secondDie", player: 0, die: 1 };
 * console.log(SecondDieActionSchema.parse(action));
 * ```
 */
export interface SecondDieAction extends z.infer<typeof SecondDieActionSchema> {}

/**
 * Solo tile 2a: re-roll Olive's white die before her turn.
 *
 * @example
 * ```ts
 * import { RerollOliveActionSchema, type RerollOliveAction } from "@rules/steamrollers";
 *
 * const action: RerollOliveAction = { type: "rerollOlive", player: 0 };
 * console.log(RerollOliveActionSchema.parse(action));
 * ```
 */
export const RerollOliveActionSchema = act("rerollOlive", {});
/**
 * Solo tile 2a: re-roll Olive's white die before her turn.
 *
 * @example
 * ```ts
 * import { RerollOliveActionSchema, type RerollOliveAction } from "@rules/steamrollers";
 *
 * const action: RerollOliveAction = { type: "rerollOlive", player: 0 };
 * console.log(RerollOliveActionSchema.parse(action));
 * ```
 */
export interface RerollOliveAction extends z.infer<typeof RerollOliveActionSchema> {}

/**
 * Solo tile 2b: stop Olive removing a good; she crosses a hex instead.
 *
 * @example
 * ```ts
 * import { BlockOliveActionSchema, type BlockOliveAction } from "@rules/steamrollers";
 *
 * const action: BlockOliveAction = { type: "blockOlive", player: 0 };
 * console.log(BlockOliveActionSchema.parse(action));
 * ```
 */
export const BlockOliveActionSchema = act("blockOlive", {});
/**
 * Solo tile 2b: stop Olive removing a good; she crosses a hex instead.
 *
 * @example
 * ```ts
 * import { BlockOliveActionSchema, type BlockOliveAction } from "@rules/steamrollers";
 *
 * const action: BlockOliveAction = { type: "blockOlive", player: 0 };
 * console.log(BlockOliveActionSchema.parse(action));
 * ```
 */
export interface BlockOliveAction extends z.infer<typeof BlockOliveActionSchema> {}

/**
 * Use none of the options offered (end the turn, let Olive play, let the die go).
 *
 * @example
 * ```ts
 * import { DoneActionSchema, type DoneAction } from "@rules/steamrollers";
 *
 * const action: DoneAction = { type: "done", player: 0 };
 * console.log(DoneActionSchema.parse(action));
 * ```
 */
export const DoneActionSchema = act("done", {});
/**
 * Use none of the options offered (end the turn, let Olive play, let the die go).
 *
 * @example
 * ```ts
 * import { DoneActionSchema, type DoneAction } from "@rules/steamrollers";
 *
 * const action: DoneAction = { type: "done", player: 0 };
 * console.log(DoneActionSchema.parse(action));
 * ```
 */
export interface DoneAction extends z.infer<typeof DoneActionSchema> {}

/**
 * Every action: a discriminated union on `type` of 22 schemas, one per action type; `player` is
 * the seat that acts.
 *
 * @example
 * ```ts
 * import { ActionSchema } from "@rules/steamrollers";
 *
 * console.log(ActionSchema.parse({ type: "pickDie", player: 0, die: 2 }));
 * console.log(ActionSchema.safeParse({ type: "fly", player: 0 }).success); // false
 * ```
 */
export const ActionSchema: z.ZodDiscriminatedUnion<
  [
    typeof PowerEngineActionSchema,
    typeof PowerRailActionSchema,
    typeof PowerPointsActionSchema,
    typeof PowerTileActionSchema,
    typeof PowerDeliveryActionSchema,
    typeof PlaceGoodActionSchema,
    typeof PickDieActionSchema,
    typeof ClaimDieActionSchema,
    typeof SetDieActionSchema,
    typeof NudgeDieActionSchema,
    typeof RerollDieActionSchema,
    typeof FlipDieActionSchema,
    typeof BuildActionSchema,
    typeof ImproveEngineActionSchema,
    typeof DeliverActionSchema,
    typeof TakeTileActionSchema,
    typeof PassActionSchema,
    typeof FulfilOrderActionSchema,
    typeof SecondDieActionSchema,
    typeof RerollOliveActionSchema,
    typeof BlockOliveActionSchema,
    typeof DoneActionSchema,
  ],
  "type"
> = z.discriminatedUnion("type", [
  PowerEngineActionSchema,
  PowerRailActionSchema,
  PowerPointsActionSchema,
  PowerTileActionSchema,
  PowerDeliveryActionSchema,
  PlaceGoodActionSchema,
  PickDieActionSchema,
  ClaimDieActionSchema,
  SetDieActionSchema,
  NudgeDieActionSchema,
  RerollDieActionSchema,
  FlipDieActionSchema,
  BuildActionSchema,
  ImproveEngineActionSchema,
  DeliverActionSchema,
  TakeTileActionSchema,
  PassActionSchema,
  FulfilOrderActionSchema,
  SecondDieActionSchema,
  RerollOliveActionSchema,
  BlockOliveActionSchema,
  DoneActionSchema,
]);
/**
 * Any action (`z.infer<typeof ActionSchema>`): one of the 22 action types.
 *
 * @example
 * ```ts
 * import { initialState, legalActions, type Action } from "@rules/steamrollers";
 *
 * const actions: Action[] = legalActions(initialState(1, { players: 3 }));
 * console.log(actions.map((a) => a.type));
 * ```
 */
export type Action = z.infer<typeof ActionSchema>;

const points = z.number().int().min(-999).max(9999);
/**
 * What a seat sees: everything on the table but the generator (SteamRollers hides nothing but
 * the future), and who is looking.
 *
 * @example
 * ```ts
 * import { ViewSchema, initialState, playerView } from "@rules/steamrollers";
 *
 * const view = ViewSchema.parse(playerView(initialState(1, { players: 3 }), 0));
 * console.log(view.viewer, "rng" in view); // 0 false
 * ```
 */
export const ViewSchema = StateShape.omit({ rng: true }).extend({
  viewer: seat.nullable(),
  /** Each seat's points if the game ended now (`breakdown`: deliveries, network, engine, tiles, orders, starting power, total). */
  points: z.array(
    z.strictObject({ total: points, deliveries: points, network: points, engine: points, tiles: points, orders: points, startingPower: points }),
  ),
  /** Olive's points if the game ended now (`oliveBreakdown`; null in multiplayer games). */
  olivePoints: z.strictObject({ total: points, deliveries: points, engine: points, network: points, tiles: points }).nullable(),
});
/**
 * A seat's view of the table (`z.infer<typeof ViewSchema>`).
 *
 * @example
 * ```ts
 * import { initialState, playerView, type View } from "@rules/steamrollers";
 *
 * const view: View = playerView(initialState(1, { players: 3 }), null);
 * console.log(view.viewer, view.sheets.length); // null 3
 * ```
 */
export type View = z.infer<typeof ViewSchema>;

export { GOODS };
