import { RngStateSchema, cloneJson } from "@rules/core";
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

/** Options: `players` 1..5 (1 = solo against Olive), the modules, and the component set. */
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
  });
export type Options = z.infer<typeof OptionsSchema>;

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

/** The whole game as plain JSON. Consistency beyond shapes is checked by `stateProblems`. */
export const StateSchema = StateShape;
export type State = z.infer<typeof StateSchema>;

const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), player: seat, ...shape });
const col = z.number().int().min(0).max(40);

/** Every action: a discriminated union on `type`; `player` is the seat that acts. */
export const ActionSchema = z.discriminatedUnion("type", [
  /** Starting power Engine: tick engine box `box`. */
  act("powerEngine", { box: die }),
  /** Starting power Rail: draw a track in hex (col, row), then choose it with `build`. */
  act("powerRail", { col, row: col }),
  /** Starting power +2. */
  act("powerPoints", {}),
  /** Starting power Action tile: start with tile `tile`, sideways. */
  act("powerTile", { tile: die }),
  /** Starting power Personal delivery: draw a non-grey good from the bag, then `placeGood`. */
  act("powerDelivery", {}),
  /** Put the personal good on grey city `city` of your sheet. */
  act("placeGood", { city: die }),
  /** Take white die `die` (index into the rolled dice). */
  act("pickDie", { die: z.number().int().min(0).max(5) }),
  /** Tile 2b: take the die the turn player has just picked. */
  act("claimDie", {}),
  /** Tile 1: set your white die to `value`. */
  act("setDie", { value: die }),
  /** Tile 5a: change your white die by +1 or -1. */
  act("nudgeDie", { delta: z.union([z.literal(-1), z.literal(1)]) }),
  /** Tile 5b: re-roll your white die. */
  act("rerollDie", {}),
  /** Tile 5b: turn your white die to its opposite face. */
  act("flipDie", {}),
  /** Build track: draw a track joining `edges` in hex (col, row). */
  act("build", { col, row: col, edges: z.tuple([edge, edge]) }),
  /** Improve engine: tick the box of your white die. */
  act("improveEngine", {}),
  /**
   * Deliver the good in `slot` of city `from` (slot -1: your personal good on that city) to city
   * `to` along a route of `distance`; tile 3b adds `boost`.
   */
  act("deliver", { from: die, slot: z.number().int().min(-1).max(19), to: die, distance: z.number().int().min(1).max(40), boost: count(2) }),
  /** Take the action tile of your white die's number. */
  act("takeTile", {}),
  /** Use no action with this die (only when none is possible). */
  act("pass", {}),
  /** Trade kept goods for order tile `order`; one black good may stand in for a good of colour `wild`. */
  act("fulfilOrder", { order: z.number().int().min(0).max(11), wild: GoodSchema.exclude(["black"]).nullable() }),
  /** Tile 2a: take a second white die for a second action. */
  act("secondDie", { die: z.number().int().min(0).max(5) }),
  /** Solo tile 2a: re-roll Olive's white die before her turn. */
  act("rerollOlive", {}),
  /** Solo tile 2b: stop Olive removing a good; she crosses a hex instead. */
  act("blockOlive", {}),
  /** Use none of the options offered (end the turn, let Olive play, let the die go). */
  act("done", {}),
]);
export type Action = z.infer<typeof ActionSchema>;

/** What a seat sees: everything on the table (SteamRollers hides nothing but the future). */
export const ViewSchema = StateShape.omit({ rng: true }).extend({ viewer: seat.nullable() });
export type View = z.infer<typeof ViewSchema>;

export { GOODS };
