import { RngStateSchema, cloneJson, freezeJson, whenWellFormed } from "@rules/core";
import * as z from "zod";
import {
  ColorSchema,
  ComponentsSchema,
  DifficultySchema,
  LetterSchema,
  MapSchema,
  NewCitySchema,
  RULES,
  SpecialActionSchema,
  TileIdSchema,
  defaultComponents,
  type Components,
} from "./data.js";
import { turnsFor } from "./map.js";

const seat = z.number().int().min(0).max(5);
const money = z.number().int().min(0).max(RULES.maxCash);

/** The rule readings players may disagree on; each is an option (defaults in the doc). */
export const RuleOptionsSchema = z.strictObject({
  /** Cost of upgrading a simple tile to a coexisting (non-crossing) complex tile: $2 (both engines) or $3 (the quick reference read literally). */
  coexistingUpgradeCost: z.union([z.literal(2), z.literal(3)]).default(2),
  /** Where delivered cubes go: back into the bag (both engines) or out of play. */
  deliveredGoods: z.enum(["bag", "out"]).default("bag"),
  /** When the Urbanization holder may urbanize: at any point of their build (choochoo) or only before their first placement. */
  urbanizeTiming: z.enum(["any", "first"]).default("any"),
  /** May the Turn Order holder pass when only two bidders remain? (choochoo: no.) */
  passWithTwoBidders: z.boolean().default(false),
});
export type RuleOptions = z.infer<typeof RuleOptionsSchema>;

// The default component set, copied once and frozen: parsed options share it (setup copies what a
// state keeps), so options that name a map cost no copy of every map.
let frozenDefaults: Components | undefined;

/**
 * Options: seats (3–6, default 4; 1 on the Amusement Park), the map, the rule readings, and the component set.
 * Left out, `components` is one frozen copy of `defaultComponents`, shared by every parse
 * (a game copies what its state keeps): copy it, e.g. with `structuredClone`, to change it.
 * @example
 * ```ts
 * import { OptionsSchema } from "@rules/age-of-steam-exp";
 *
 * const options = OptionsSchema.parse({ players: 5, rules: { deliveredGoods: "out" } });
 * console.log(options.players, options.rules.coexistingUpgradeCost); // 5 2
 * ```
 */
export const OptionsSchema = z
  .strictObject({
    players: z.number().int().min(1).max(6).default(4),
    /** The map's id; by default Rust Belt, or the Amusement Park (the solo map) for 1 player. */
    map: z.string().min(1).max(40).optional(),
    /** Amusement Park only: Easy, Normal (the default there) or Hard (16 / 18 / 20 visitors). */
    difficulty: DifficultySchema.optional(),
    rules: RuleOptionsSchema.default(() => RuleOptionsSchema.parse({})),
    components: ComponentsSchema.default(() => (frozenDefaults ??= freezeJson(cloneJson(defaultComponents)))),
  })
  .superRefine((o, ctx) => {
    const map = o.components.maps.find((m) => m.id === mapIdOf(o));
    if (!map) {
      ctx.addIssue({ code: "custom", path: ["map"], message: `no map "${mapIdOf(o)}" among the components (${o.components.maps.map((m) => m.id).join(", ")})` });
      return;
    }
    const later = [
      [map.sameCity.length > 0, "multi-hex cities"],
      [map.virtualLines.length > (map.rules === "orient-express" ? 1 : 0), map.rules === "orient-express" ? "more than one virtual line" : "virtual lines"],
    ] as const;
    for (const [used, what] of later) {
      if (used) ctx.addIssue({ code: "custom", path: ["map"], message: `${map.name} uses ${what}, which this version of the engine does not play yet (they come with the expansion maps)` });
    }
    if (o.difficulty !== undefined && map.topology !== "graph") {
      ctx.addIssue({ code: "custom", path: ["difficulty"], message: `difficulty belongs to the Amusement Park; ${map.name} has none` });
    }
    if (turnsFor(map, o.players) === undefined) {
      ctx.addIssue({ code: "custom", path: ["players"], message: `${map.name} gives no game length for ${o.players} players` });
    }
    if (map.topology === "graph") {
      const level = o.difficulty ?? "normal";
      const park = map.park!;
      const needed = park.attractions.reduce((n, a) => n + (park.visitors.find((v) => v.color === a.color)?.[level] ?? 0), 0);
      const cubes = o.components.cubes.slice(0, 4).reduce((a, b) => a + b, 0);
      if (cubes < needed) ctx.addIssue({ code: "custom", path: ["components", "cubes"], message: `${map.name} on ${level} needs ${needed} visitors, the bag has ${cubes} red, blue, purple and yellow cubes` });
      return;
    }
    const needed = map.cities.reduce((n, c) => n + c.goods, 0) + 12 * RULES.columnSize + 8 * RULES.newCityColumnSize;
    const cubes = o.components.cubes.reduce((a, b) => a + b, 0);
    if (cubes < needed) {
      ctx.addIssue({ code: "custom", path: ["components", "cubes"], message: `setup needs ${needed} cubes (the goods display and ${map.name}'s starting goods), the bag has ${cubes}` });
    }
  }, whenWellFormed);
/** The map a game is played on: `options.map`, else Rust Belt, or the Amusement Park for 1 player. */
export function mapIdOf(o: { players: number; map?: string | undefined }): string {
  return o.map ?? (o.players === 1 ? "amusement-park" : "rust-belt");
}

/**
 * Complete options (`z.infer<typeof OptionsSchema>`).
 * @example
 * ```ts
 * import type { Options } from "@rules/age-of-steam-exp";
 * import { OptionsSchema } from "@rules/age-of-steam-exp";
 *
 * const options: Options = OptionsSchema.parse({ players: 3 });
 * console.log(options.players);
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
 * import { initialState, type OptionsInput } from "@rules/age-of-steam-exp";
 *
 * const options: OptionsInput = { players: 3 };
 * console.log(initialState(1, options).players); // 3
 * ```
 */
export type OptionsInput = z.input<typeof OptionsSchema>;

export const PhaseSchema = z.enum(["shares", "auction", "select", "build", "move", "production", "over"]);
export type Phase = z.infer<typeof PhaseSchema>;

/** One track path on a hex: edges a–b, or a town spur (a = -1: the town in the middle) to edge b. */
export const PathSchema = z.strictObject({
  a: z.number().int().min(-1).max(5),
  b: z.number().int().min(0).max(5),
  owner: seat.nullable(),
  /** The turn the path was laid (a loose end not extended by the end of the owner's next build is abandoned). */
  turn: z.number().int().min(1).max(20),
});
export type Path = z.infer<typeof PathSchema>;

/** A tile on the board. */
export const TrackSchema = z.strictObject({
  hex: z.number().int().min(0).max(1600),
  tile: TileIdSchema,
  rot: z.number().int().min(0).max(5),
  paths: z.array(PathSchema).min(1).max(4),
});
export type Track = z.infer<typeof TrackSchema>;

export const AuctionSchema = z.strictObject({
  /** Each seat's current bid ($0 before their first). */
  bids: z.array(money).max(6),
  /** Seats still bidding, in the old player order. */
  active: z.array(seat).max(6),
  /** Seats that dropped out, first to drop out first. */
  dropped: z.array(seat).max(6),
  /** The seat holding the high bid, if any. */
  high: seat.nullable(),
  /** The seat to bid now. */
  turn: seat,
  /** True once the Turn Order pass was used in this auction. */
  passUsed: z.boolean(),
});

const cubes5 = z.tuple([money, money, money, money, money]);
const column = z.array(ColorSchema.nullable()).max(RULES.columnSize);

/**
 * The Amusement Park's own state (graph maps only): discs on each planned link, visitors on each
 * attraction, which attractions have received a visitor, the new-city tile on each urbanized small
 * attraction, whether this turn's Souvenir exemption is used, and how the game ended.
 *
 * @example
 * ```ts
 * import { ParkStateSchema, initialState } from "@rules/age-of-steam-exp";
 *
 * const s = initialState(5, { players: 1, map: "amusement-park", difficulty: "hard" });
 * const park = ParkStateSchema.parse(s.park);
 * console.log(park.visitors.flat().length, park.result); // 20 null
 * ```
 */
export const ParkStateSchema = z.strictObject({
  difficulty: DifficultySchema,
  /** Discs on each planned link (map order); a link is usable when it has one per locomotive icon. */
  discs: z.array(z.number().int().min(0).max(4)).max(40),
  /** Visitors waiting on each attraction (map order). */
  visitors: z.array(z.array(ColorSchema).max(6)).max(30),
  /** Attractions that have received a visitor (the marker disc). */
  served: z.array(z.boolean()).max(30),
  /** The new-city tile on each urbanized small attraction (null: not urbanized). */
  newCity: z.array(LetterSchema.nullable()).max(30),
  /** This turn's Souvenir exemption from the sides minimum has been used. */
  souvenirUsed: z.boolean(),
  /** How the game ended: cleared (a win), or lost to bankruptcy, the turn limit, or a park that can no longer be cleared. */
  result: z.enum(["cleared", "bankrupt", "turnLimit", "unwinnable"]).nullable(),
});
/**
 * The Amusement Park's own state (`z.infer<typeof ParkStateSchema>`).
 *
 * @example
 * ```ts
 * import { initialState, type ParkState } from "@rules/age-of-steam-exp";
 *
 * const park: ParkState = initialState(1, { players: 1 }).park!;
 * console.log(park.difficulty); // "normal"
 * ```
 */
export type ParkState = z.infer<typeof ParkStateSchema>;

const StateShape = z.strictObject({
  rng: RngStateSchema,
  players: z.number().int().min(1).max(6),
  map: MapSchema,
  tileCounts: ComponentsSchema.shape.tileCounts,
  cubeCounts: cubes5,
  newCities: z.array(NewCitySchema).length(8),
  rules: RuleOptionsSchema,
  turn: z.number().int().min(1).max(20),
  lastTurn: z.number().int().min(1).max(20),
  phase: PhaseSchema,
  /** Player order (seats not eliminated). */
  order: z.array(seat).max(6),
  /** Seats still to act in this phase (shares, select, build, move round), the head acting now. */
  queue: z.array(seat).max(6),
  cash: z.array(money).max(6),
  income: z.array(z.number().int().min(0).max(RULES.maxIncome)).max(6),
  shares: z.array(z.number().int().min(RULES.startShares).max(RULES.maxShares)).max(6),
  loco: z.array(z.number().int().min(1).max(RULES.maxLoco)).max(6),
  eliminated: z.array(z.boolean()).max(6),
  /** The special action each seat took this turn. */
  selected: z.array(SpecialActionSchema.nullable()).max(6),
  /** The seat that may pass once in this turn's auction (took Turn Order last turn). */
  turnOrderPass: seat.nullable(),
  auction: AuctionSchema.nullable(),
  /** The current builder's turn: placements made, hexes built on, whether they urbanized. */
  build: z.strictObject({ count: z.number().int().min(0).max(4), hexes: z.array(z.number().int().min(0).max(1600)).max(4), urbanized: z.boolean() }),
  /** Move goods: the round (1 or 2) and who raised their locomotive this phase. */
  move: z.strictObject({ round: z.union([z.literal(1), z.literal(2)]), locoRaised: z.array(z.boolean()).max(6) }),
  /** Cubes drawn by the Production holder, not yet placed. */
  production: z.array(ColorSchema).max(2),
  track: z.array(TrackSchema).max(1600),
  /** Tiles left in the supply. */
  supply: ComponentsSchema.shape.tileCounts,
  /** New-city tiles on the board: the town hex each one covers. */
  urbanized: z.array(z.strictObject({ hex: z.number().int().min(0).max(1600), letter: LetterSchema })).max(8),
  /** Cubes on each printed city (map order). */
  goods: z.array(z.array(ColorSchema).max(96)).max(40),
  /** Cubes on each new city A–H (empty while the tile is not on the board). */
  newCityGoods: z.array(z.array(ColorSchema).max(96)).length(8),
  /** The goods display: light 1–6, dark 1–6 (3 spaces each), then A–H (2 spaces each); top space first. */
  display: z.array(column).length(20),
  /** Cubes in the bag by colour. */
  bag: cubes5,
  /** Delivered cubes out of play (with `rules.deliveredGoods: "out"`). */
  outOfPlay: cubes5,
  /** The last goods-growth dice (public), for the log. */
  lastRoll: z.strictObject({ light: z.array(z.number().int().min(1).max(6)).max(6), dark: z.array(z.number().int().min(1).max(6)).max(6) }).nullable(),
  /** The owner of each printed connection (map order) and the turn it was claimed; null while unclaimed. */
  connections: z.array(z.strictObject({ owner: seat, turn: z.number().int().min(1).max(20) }).nullable()).max(20),
  /** Amusement Park (graph maps) only; absent on hex maps. */
  park: ParkStateSchema.optional(),
});

/**
 * The whole game as plain JSON. Consistency beyond field shapes is `stateProblems` (loadState).
 * @example
 * ```ts
 * import { StateSchema, initialState } from "@rules/age-of-steam-exp";
 *
 * const copy = StateSchema.parse(JSON.parse(JSON.stringify(initialState(1, { players: 4 }))));
 * console.log(copy.phase); // "shares"
 * ```
 */
export const StateSchema = StateShape;
/**
 * The whole game as plain JSON (`z.infer<typeof StateSchema>`).
 * @example
 * ```ts
 * import type { State } from "@rules/age-of-steam-exp";
 * import { initialState } from "@rules/age-of-steam-exp";
 *
 * const state: State = initialState(1, { players: 4 });
 * console.log(state.turn, state.cash);
 * ```
 */
export interface State extends z.infer<typeof StateShape> {}

/** A route step [hex, way out]: an edge 0–5 of the hex, or 6 + k for the map's printed connection k (the Channel). */
const route = z.array(z.tuple([z.number().int().min(0).max(1600), z.number().int().min(0).max(5 + 20)])).min(1).max(RULES.maxLoco);
const hex = z.number().int().min(0).max(1600);
const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), player: seat, ...shape });

// One schema per action type, so the API reference lists each with its fields; the types are
// inferred from them.

/**
 * I: issue one share for $5.
 * @example
 * ```ts
 * import { IssueShareActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(IssueShareActionSchema.parse({ type: "issueShare", player: 0 }));
 * ```
 */
export const IssueShareActionSchema = act("issueShare", {});
/**
 * I: issue one share for $5.
 * @example
 * ```ts
 * import type { IssueShareAction } from "@rules/age-of-steam-exp";
 *
 * const action: IssueShareAction = { type: "issueShare", player: 0 };
 * console.log(action.type);
 * ```
 */
export interface IssueShareAction extends z.infer<typeof IssueShareActionSchema> {}

/**
 * II: bid `amount` dollars for player order.
 * @example
 * ```ts
 * import { BidActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(BidActionSchema.parse({ type: "bid", player: 1, amount: 3 }));
 * ```
 */
export const BidActionSchema = act("bid", { amount: z.number().int().min(1).max(RULES.maxCash) });
/**
 * II: bid `amount` dollars for player order.
 * @example
 * ```ts
 * import type { BidAction } from "@rules/age-of-steam-exp";
 *
 * const action: BidAction = { type: "bid", player: 1, amount: 3 };
 * console.log(action.type);
 * ```
 */
export interface BidAction extends z.infer<typeof BidActionSchema> {}

/**
 * II: drop out of the auction (the seat goes to the back of the new order).
 * @example
 * ```ts
 * import { DropOutActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(DropOutActionSchema.parse({ type: "dropOut", player: 2 }));
 * ```
 */
export const DropOutActionSchema = act("dropOut", {});
/**
 * II: drop out of the auction (the seat goes to the back of the new order).
 * @example
 * ```ts
 * import type { DropOutAction } from "@rules/age-of-steam-exp";
 *
 * const action: DropOutAction = { type: "dropOut", player: 2 };
 * console.log(action.type);
 * ```
 */
export interface DropOutAction extends z.infer<typeof DropOutActionSchema> {}

/**
 * III: take one of the seven special actions.
 * @example
 * ```ts
 * import { SelectActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(SelectActionSchema.parse({ type: "select", player: 0, action: "engineer" }));
 * ```
 */
export const SelectActionSchema = act("select", { action: SpecialActionSchema });
/**
 * III: take one of the seven special actions.
 * @example
 * ```ts
 * import type { SelectAction } from "@rules/age-of-steam-exp";
 *
 * const action: SelectAction = { type: "select", player: 0, action: "engineer" };
 * console.log(action.type);
 * ```
 */
export interface SelectAction extends z.infer<typeof SelectActionSchema> {}

/**
 * IV: place `tile` turned `rot` sixths clockwise on `hex` (a new tile, an upgrade, a town or a redirect).
 * @example
 * ```ts
 * import { BuildActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(BuildActionSchema.parse({ type: "build", player: 0, hex: 40, tile: "gentle", rot: 2 }));
 * ```
 */
export const BuildActionSchema = act("build", { hex, tile: TileIdSchema, rot: z.number().int().min(0).max(5) });
/**
 * IV: place `tile` turned `rot` sixths clockwise on `hex` (a new tile, an upgrade, a town or a redirect).
 * @example
 * ```ts
 * import type { BuildAction } from "@rules/age-of-steam-exp";
 *
 * const action: BuildAction = { type: "build", player: 0, hex: 40, tile: "gentle", rot: 2 };
 * console.log(action.type);
 * ```
 */
export interface BuildAction extends z.infer<typeof BuildActionSchema> {}

/**
 * IV (Urbanization): put new city `letter` on the town on `hex` (on the Amusement Park, `hex` is the small attraction's index).
 * @example
 * ```ts
 * import { UrbanizeActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(UrbanizeActionSchema.parse({ type: "urbanize", player: 0, hex: 40, letter: "C" }));
 * ```
 */
export const UrbanizeActionSchema = act("urbanize", { hex, letter: LetterSchema });
/**
 * IV (Urbanization): put new city `letter` on the town on `hex`.
 * @example
 * ```ts
 * import type { UrbanizeAction } from "@rules/age-of-steam-exp";
 *
 * const action: UrbanizeAction = { type: "urbanize", player: 0, hex: 40, letter: "C" };
 * console.log(action.type);
 * ```
 */
export interface UrbanizeAction extends z.infer<typeof UrbanizeActionSchema> {}

/**
 * V: move one cube of `color` from the city on hex `from`, leaving each stop by [hex, edge] in turn
 * (edge 6 + k: over the map's printed connection k, e.g. the Orient Express's Channel).
 * @example
 * ```ts
 * import { MoveActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(MoveActionSchema.parse({ type: "move", player: 0, from: 12, color: "red", route: [[12, 3]] }));
 * ```
 */
export const MoveActionSchema = act("move", {
  from: hex,
  color: ColorSchema,
  route,
  /** Orient Express maps: after the first `after` links of `route`, ride the line to the city on hex `to` (at most once; a second ride is refused by the rules). */
  rides: z.array(z.strictObject({ after: z.number().int().min(0).max(RULES.maxLoco), to: hex })).min(1).max(2).optional(),
});
/**
 * V: move one cube of `color` from the city on hex `from`, leaving each stop by [hex, edge] in turn.
 * @example
 * ```ts
 * import type { MoveAction } from "@rules/age-of-steam-exp";
 *
 * const action: MoveAction = { type: "move", player: 0, from: 12, color: "red", route: [[12, 3]] };
 * console.log(action.type);
 * ```
 */
export interface MoveAction extends z.infer<typeof MoveActionSchema> {}

/**
 * IV (Amusement Park): lay one player disc on a locomotive icon of planned link `link` (map order).
 *
 * @example
 * ```ts
 * import { LayActionSchema, initialState, legalActions, apply } from "@rules/age-of-steam-exp";
 *
 * let s = initialState(1, { players: 1, map: "amusement-park" });
 * s = apply(s, { type: "done", player: 0 });                                // no shares
 * s = apply(s, { type: "select", player: 0, action: "engineer" });
 * const lay = LayActionSchema.parse({ type: "lay", player: 0, link: 0 });  // planned link P1
 * s = apply(s, lay);
 * console.log(s.cash[0], s.park!.discs[0], legalActions(s).length);       // 6 1 …
 * ```
 */
export const LayActionSchema = act("lay", { link: z.number().int().min(0).max(39) });
/**
 * IV (Amusement Park): lay one player disc on a locomotive icon of planned link `link` (map order).
 *
 * @example
 * ```ts
 * import type { LayAction } from "@rules/age-of-steam-exp";
 *
 * const lay: LayAction = { type: "lay", player: 0, link: 3 };
 * console.log(lay.link);
 * ```
 */
export interface LayAction extends z.infer<typeof LayActionSchema> {}

/**
 * V (Amusement Park): carry one visitor of `color` from attraction `from` along the planned links `links` (map order), in order.
 *
 * @example
 * ```ts
 * import { TransportActionSchema } from "@rules/age-of-steam-exp";
 *
 * // A red visitor from Log Flume (attraction 2) over P17, P8 and P7 to the red Drop Tower.
 * const t = TransportActionSchema.parse({ type: "transport", player: 0, from: 2, color: "red", links: [16, 7, 6] });
 * console.log(t.links.length); // 3 links: income +3
 * ```
 */
export const TransportActionSchema = act("transport", { from: z.number().int().min(0).max(29), color: ColorSchema, links: z.array(z.number().int().min(0).max(39)).min(1).max(RULES.maxLoco) });
/**
 * V (Amusement Park): carry one visitor of `color` from attraction `from` along the planned links `links`, in order.
 *
 * @example
 * ```ts
 * import type { TransportAction } from "@rules/age-of-steam-exp";
 *
 * const t: TransportAction = { type: "transport", player: 0, from: 2, color: "red", links: [16, 7, 6] };
 * console.log(t.from);
 * ```
 */
export interface TransportAction extends z.infer<typeof TransportActionSchema> {}

/**
 * IV: claim the map's printed connection `connection` (map order; the Orient Express's London–Calais
 * Channel is 0) for its cost, as one placement when the map says it counts as a build.
 *
 * @example
 * ```ts
 * import { ClaimActionSchema, ORIENT_EXPRESS } from "@rules/age-of-steam-exp";
 *
 * const claim = ClaimActionSchema.parse({ type: "claim", player: 0, connection: 0 });
 * console.log(ORIENT_EXPRESS.connections[claim.connection]?.ends); // ["London", "Calais"]
 * ```
 */
export const ClaimActionSchema = act("claim", { connection: z.number().int().min(0).max(19) });
/**
 * IV: claim the map's printed connection `connection` (map order) for its cost.
 *
 * @example
 * ```ts
 * import type { ClaimAction } from "@rules/age-of-steam-exp";
 *
 * const claim: ClaimAction = { type: "claim", player: 2, connection: 0 };
 * console.log(claim.connection);
 * ```
 */
export interface ClaimAction extends z.infer<typeof ClaimActionSchema> {}

/**
 * V: raise the locomotive by 1 instead of moving a good.
 * @example
 * ```ts
 * import { RaiseLocoActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(RaiseLocoActionSchema.parse({ type: "raiseLoco", player: 1 }));
 * ```
 */
export const RaiseLocoActionSchema = act("raiseLoco", {});
/**
 * V: raise the locomotive by 1 instead of moving a good.
 * @example
 * ```ts
 * import type { RaiseLocoAction } from "@rules/age-of-steam-exp";
 *
 * const action: RaiseLocoAction = { type: "raiseLoco", player: 1 };
 * console.log(action.type);
 * ```
 */
export interface RaiseLocoAction extends z.infer<typeof RaiseLocoActionSchema> {}

/**
 * IX (Production): put the next drawn cube on the top empty space of display `column` (0–5 light 1–6, 6–11 dark 1–6, 12–19 A–H).
 * @example
 * ```ts
 * import { ProduceActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(ProduceActionSchema.parse({ type: "produce", player: 0, column: 13 }));
 * ```
 */
export const ProduceActionSchema = act("produce", { column: z.number().int().min(0).max(19) });
/**
 * IX (Production): put the next drawn cube on the top empty space of display `column`.
 * @example
 * ```ts
 * import type { ProduceAction } from "@rules/age-of-steam-exp";
 *
 * const action: ProduceAction = { type: "produce", player: 0, column: 13 };
 * console.log(action.type);
 * ```
 */
export interface ProduceAction extends z.infer<typeof ProduceActionSchema> {}

/**
 * II: use the Turn Order pass in the auction; V: move nothing this round.
 * @example
 * ```ts
 * import { PassActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(PassActionSchema.parse({ type: "pass", player: 0 }));
 * ```
 */
export const PassActionSchema = act("pass", {});
/**
 * II: use the Turn Order pass in the auction; V: move nothing this round.
 * @example
 * ```ts
 * import type { PassAction } from "@rules/age-of-steam-exp";
 *
 * const action: PassAction = { type: "pass", player: 0 };
 * console.log(action.type);
 * ```
 */
export interface PassAction extends z.infer<typeof PassActionSchema> {}

/**
 * Stop issuing shares, end the build, or leave the rest of the Production cubes in the bag.
 * @example
 * ```ts
 * import { DoneActionSchema } from "@rules/age-of-steam-exp";
 *
 * console.log(DoneActionSchema.parse({ type: "done", player: 0 }));
 * ```
 */
export const DoneActionSchema = act("done", {});
/**
 * Stop issuing shares, end the build, or leave the rest of the Production cubes in the bag.
 * @example
 * ```ts
 * import type { DoneAction } from "@rules/age-of-steam-exp";
 *
 * const action: DoneAction = { type: "done", player: 0 };
 * console.log(action.type);
 * ```
 */
export interface DoneAction extends z.infer<typeof DoneActionSchema> {}

/**
 * Every action: a discriminated union on `type` of fourteen schemas; `player` is the seat that acts.
 * @example
 * ```ts
 * import { ActionSchema } from "@rules/age-of-steam-exp";
 *
 * const result = ActionSchema.safeParse({ type: "bid", player: 0, amount: 0 });
 * console.log(result.success); // false: a bid is at least $1
 * ```
 */
export const ActionSchema: z.ZodDiscriminatedUnion<
  [
    typeof IssueShareActionSchema,
    typeof BidActionSchema,
    typeof DropOutActionSchema,
    typeof SelectActionSchema,
    typeof BuildActionSchema,
    typeof UrbanizeActionSchema,
    typeof MoveActionSchema,
    typeof RaiseLocoActionSchema,
    typeof ProduceActionSchema,
    typeof PassActionSchema,
    typeof DoneActionSchema,
    typeof LayActionSchema,
    typeof TransportActionSchema,
    typeof ClaimActionSchema,
  ],
  "type"
> = z.discriminatedUnion("type", [
  IssueShareActionSchema,
  BidActionSchema,
  DropOutActionSchema,
  SelectActionSchema,
  BuildActionSchema,
  UrbanizeActionSchema,
  MoveActionSchema,
  RaiseLocoActionSchema,
  ProduceActionSchema,
  PassActionSchema,
  DoneActionSchema,
  LayActionSchema,
  TransportActionSchema,
  ClaimActionSchema,
]);

/**
 * An action: `z.infer<typeof ActionSchema>`, one of the fourteen action types (`lay` and `transport` on the Amusement Park, `claim` on maps with printed connections).
 * @example
 * ```ts
 * import type { Action } from "@rules/age-of-steam-exp";
 * import { initialState, legalActions } from "@rules/age-of-steam-exp";
 *
 * const actions: Action[] = legalActions(initialState(1, { players: 4 }));
 * console.log(actions.length);
 * ```
 */
export type Action =
  | LayAction
  | TransportAction
  | IssueShareAction
  | BidAction
  | DropOutAction
  | SelectAction
  | BuildAction
  | UrbanizeAction
  | MoveAction
  | RaiseLocoAction
  | ProduceAction
  | PassAction
  | DoneAction
  | ClaimAction;

/**
 * What a seat sees: everything but the generator (no hidden information in Age of Steam).
 * @example
 * ```ts
 * import { ViewSchema, initialState, playerView } from "@rules/age-of-steam-exp";
 *
 * console.log(ViewSchema.safeParse(playerView(initialState(1, { players: 4 }), 0)).success); // true
 * ```
 */
export const ViewSchema = StateShape.omit({ rng: true }).extend({
  viewer: seat.nullable(),
  /**
   * The loose end of every incomplete link, read off the track (rulebook, "Incomplete links"): the
   * hex of its last path, the edge that path points out of, and the link's owner (null: unowned).
   */
  looseEnds: z.array(z.strictObject({ hex: z.number().int().min(0).max(1600), edge: z.number().int().min(0).max(5), owner: seat.nullable() })).max(1600),
});
/**
 * What a seat sees (`z.infer<typeof ViewSchema>`).
 * @example
 * ```ts
 * import type { View } from "@rules/age-of-steam-exp";
 * import { initialState, playerView } from "@rules/age-of-steam-exp";
 *
 * const view: View = playerView(initialState(1, { players: 4 }), null);
 * console.log(view.viewer); // null: a spectator
 * ```
 */
export interface View extends z.infer<typeof ViewSchema> {}
