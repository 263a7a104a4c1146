import type * as z from "zod";
import type { PatchedState } from "./sharing.js";
import type { RngState, Seed } from "./rng.js";

/**
 * A seat at the table: 0..players-1. Seat 0 starts unless a game's rules say otherwise.
 *
 * @example
 * ```ts
 * import type { PlayerId } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const seat: PlayerId = 2;
 * console.log(game.playerView(game.initialState(1, { players: 3 }), seat).players); // 3
 * ```
 */
export type PlayerId = number;

/**
 * The common shape of every action: plain JSON naming its type and the seat that takes it.
 *
 * @example
 * ```ts
 * import type { BaseAction } from "@rules/core";
 *
 * const a: BaseAction = { type: "pass", player: 0 };
 * console.log(`${a.type} by seat ${a.player}`);
 * ```
 */
export interface BaseAction {
  type: string;
  player: PlayerId;
}

/**
 * The common shape of every state: plain JSON holding its own generator state.
 *
 * @example
 * ```ts
 * import { seedRng, type BaseState } from "@rules/core";
 *
 * const s: BaseState = { rng: seedRng(1) };
 * console.log(JSON.stringify(s)); // plain JSON, RNG included
 * ```
 */
export interface BaseState {
  /** The seeded generator; all chance in a game comes from here. Never shown in a view. */
  rng: RngState;
}

/**
 * The common shape of every game's options.
 *
 * @example
 * ```ts
 * import type { BaseOptions } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const o: BaseOptions = { players: 5 };
 * console.log(game.initialState(1, o).players); // 5
 * ```
 */
export interface BaseOptions {
  /** Number of seats. */
  players: number;
}

/**
 * The result of a finished game.
 *
 * @example
 * ```ts
 * import { outcomeFromScores, type Outcome } from "@rules/core";
 *
 * const o: Outcome = outcomeFromScores([3, 5]);
 * console.log(o.scores, o.ranks, o.winners); // [3, 5] [2, 1] [1]
 * ```
 */
export interface Outcome {
  /** Final score of each seat. */
  scores: number[];
  /**
   * Rank of each seat, 1 = best, after the rulebook's tie-breaks; seats still tied share a rank.
   * In a solo game against the game's own opponent (SteamRollers' Olive), a loss is rank 2: the
   * automaton takes rank 1.
   */
  ranks: number[];
  /** The seats ranked 1 (several when the rulebook lets a tie stand; none when a solo player lost to the game). */
  winners: PlayerId[];
  /** Optional per-seat scoring detail (e.g. `{ loads: 23, cards: 4 }`). */
  breakdown?: Array<Record<string, number>>;
}

/**
 * The zod schemas of a game: the single source of its types.
 *
 * @example
 * ```ts
 * import type { GameSchemas } from "@rules/core";
 * import { game, type Action, type Options, type State, type View } from "@rules/donkey-valley";
 *
 * const schemas: GameSchemas<State, Action, Options, View> = game.schemas;
 * console.log(schemas.action.safeParse({ type: "pass", player: 0 }).success); // true
 * console.log(schemas.options.parse({}).players); // 4: the defaults filled in
 * ```
 */
export interface GameSchemas<S, A, O, V> {
  state: z.ZodType<S>;
  action: z.ZodType<A>;
  /** Parses a partial input (`{ players: 4 }`) to full options with every default filled in. */
  options: z.ZodType<O, any>;
  view: z.ZodType<V>;
}

/**
 * A rules engine. Every game package exports one as `game`, so bots, clients, the CLI and the
 * shared test harness can use any game the same way.
 *
 * @example
 * ```ts
 * import type { Game } from "@rules/core";
 * import { game as donkeyValley } from "@rules/donkey-valley";
 *
 * // Code written against Game plays every engine of the family.
 * function playFirstMoves(game: Game, seed: number): number {
 *   let s = game.initialState(seed);
 *   let steps = 0;
 *   while (!game.isTerminal(s)) {
 *     s = game.apply(s, game.legalActions(s)[0]);
 *     steps++;
 *   }
 *   return steps;
 * }
 * console.log(playFirstMoves(donkeyValley, 1) > 0); // true
 * ```
 */
export interface Game<S extends BaseState = any, A extends BaseAction = any, O extends BaseOptions = any, V = any, I = Partial<O>> {
  /** Stable machine name, e.g. `"donkey-valley"`. */
  readonly id: string;
  /** Human name, e.g. `"Donkey Valley"`. */
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Bumped whenever any seeded game plays out differently; recorded in action logs. */
  readonly rulesVersion: number;
  readonly schemas: GameSchemas<S, A, O, V>;

  /**
   * A new game, deeply frozen. `options` is the input the options schema takes (`I`: every field
   * with a default may be left out, at any depth; each game exports it as `OptionsInput`). Throws
   * `INVALID_OPTIONS` on bad options or a bad seed.
   */
  initialState(seed: Seed, options?: I): S;
  /**
   * Every legal action of every active player (or of `player` only), stable order, no duplicates;
   * `[]` when terminal. Throws `INVALID_ACTION` when `player` is not a seat of `state`.
   */
  legalActions(state: S, player?: PlayerId): A[];
  /**
   * The state after `action`. Pure: never mutates or freezes `state` (which may be frozen or not);
   * the result is deeply frozen. Throws `INVALID_ACTION` (malformed, or a seat that does not exist),
   * `GAME_OVER`, `NOT_YOUR_TURN` or `ILLEGAL_ACTION`.
   *
   * Structural sharing: on a state the engine handed out (every state from `initialState`, `apply`
   * and `loadState` is deeply frozen), every part of the result that is deep-equal to the part at
   * the same path of `state` is that very object (`next.hands[2] === state.hands[2]` when seat 2's
   * hand did not change), as immer's `produce` gives and more: a list the rules rebuilt equal is
   * shared too. A client may skip redrawing whatever is identical, and a history of states stores
   * each unchanged part once. A state the caller owns (unfrozen) is copied and shares nothing.
   */
  apply(state: S, action: A): S;
  /**
   * `apply`, with immer's patches: `patches` turn `state` into the result and `inversePatches` turn
   * the result back into `state` (`applyPatches` of `@rules/core`, or immer's own). Validated
   * exactly like `apply` (the same errors, `state` untouched). Patches of the full state carry
   * hidden information (hands, deck order, the RNG): they are for a trusted store, a server or an
   * undo stack, never for players, who get `playerView`.
   */
  applyWithPatches(state: S, action: A): PatchedState<S>;
  /**
   * What seat `viewer` may know (`null`: a spectator). Never the RNG, deck orders or other hands.
   * Throws `INVALID_ACTION` when `viewer` is neither `null` nor a seat of `state`.
   */
  playerView(state: S, viewer: PlayerId | null): V;
  isTerminal(state: S): boolean;
  /** The result, or `undefined` until the game is over. */
  outcome(state: S): Outcome | undefined;
  /** The seats that may act now (several in a simultaneous step); `[]` when terminal. */
  activePlayers(state: S): PlayerId[];
  /**
   * `activePlayers(state)[0]` (`undefined` when no seat may act), the lowest active seat. Set by
   * `defineGame`, without building the list when the definition gives `firstActivePlayer`. Not who
   * moves next in a simultaneous step: drivers schedule with `chooseActor` over `activePlayers`.
   */
  firstActivePlayer?(state: S): PlayerId | undefined;
  /** One line a person understands, e.g. "Seat 2 calls the donkey overloaded". */
  describeAction(state: S, action: A): string;
  /**
   * Fast path for bots: the same result as `apply` for a legal action, without any checks. Pure;
   * the result is a new, unfrozen copy the caller owns.
   */
  applyUnchecked(state: S, action: A): S;
  /**
   * Fastest path: applies a legal action to `state` itself, which the caller owns (a `cloneJson`
   * copy). No checks, except that a frozen `state` is refused with `INVALID_STATE`.
   */
  applyInPlace(state: S, action: A): void;
  /**
   * A private, mutable deep copy of `state` for `applyInPlace` (states the engine hands out are
   * frozen): the game's own `cloneState` when it gives one, else `cloneJson`. Set by `defineGame`.
   */
  cloneState?(state: S): S;
  /**
   * A new game as a private, mutable state for `applyInPlace`: what `initialState` returns, without
   * the freezing and the copy back (the fast start of a simulation). Set by `defineGame`.
   */
  initialStateInPlace?(seed: Seed, options?: I): S;
  /** The number of seats of `state` (when the game's definition gives it). */
  playerCount?(state: S): number;
  /**
   * A state `viewer` cannot tell from `state`, with everything hidden from them resampled from
   * `seed`: a new, unfrozen copy the caller owns.
   */
  determinize?(state: S, viewer: PlayerId, seed: Seed): S;
  /** True when `action` shows a player something that was hidden before (undo may not step back over it). */
  revealsInformation?(before: S, action: A): boolean;
  /**
   * What happened by itself on the way from `before` to `after` (a card turned, loads revealed,
   * points won, a new round), as lines for a game log; `before` and `action` are `null` for the
   * initial state. Only public facts: a log is shown to everyone.
   */
  describeEvents?(before: S | null, action: A | null, after: S): string[];
  /**
   * Validate an untrusted state (from storage, a network): returns a deeply frozen copy, or throws
   * `INVALID_STATE` (in milliseconds, with a short message, whatever the input) when it is too
   * large, fails the schema, fails the game's `stateProblems`, or leaves no seat able to act
   * before the end. The input itself is never changed or frozen.
   */
  loadState(json: unknown): S;
  /** Numeric observation and action encodings for learning agents, when the game gives them. */
  encoding?: GameEncoding<S, A>;
  /**
   * For each seat, an estimate in [0, 1] of the rank reward it would get if the game ended now
   * (1 first, 0 last, linear in between, as `mctsBot` scores a finished game); solo: progress
   * toward a win. `mctsBot` scores a playout cut off at `maxPlayoutSteps` with it, and grades a
   * solo loss as half of it. Set by `defineGame` when the definition gives one.
   */
  heuristic?(state: S): number[];
  /**
   * Each seat's score now, as the rulebook counts it at the end, on any state: once the game is
   * over it equals `outcome(state).scores`. The `"score"` rewards of `rules serve` and the Python
   * envs are its changes. Set by `defineGame` when the definition gives one.
   */
  scores?(state: S): number[];
}

/**
 * A numeric encoding of a game for learning agents (optional per game): a fixed-length observation
 * vector of what one seat may know, and a stable index for every action a seat could ever take.
 * Sizes depend only on the options (player count, components), never on the state.
 *
 * @example
 * ```ts
 * import type { GameEncoding } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const enc: GameEncoding | undefined = game.encoding;
 * if (enc) {
 *   const s = game.initialState(1);
 *   const mask = enc.legalActionMask(s, 0);
 *   console.log(enc.observationSize(s), mask.length === enc.actionCount(s)); // a size, true
 *   console.log(enc.decodeAction(s, 0, mask.indexOf(1))); // seat 0's first legal action
 * }
 * ```
 */
export interface GameEncoding<S = any, A extends BaseAction = any> {
  /** Length of {@link encodeObservation}'s vector for games with these options' components. */
  observationSize(state: S): number;
  /** Number of action indices (the length of {@link legalActionMask}). */
  actionCount(state: S): number;
  /** What `player` may know, as numbers (built from its `playerView`, so it never leaks). */
  encodeObservation(state: S, player: PlayerId): number[];
  /** The index of an action of `action.player` (the seat is not part of the index). */
  encodeAction(state: S, action: A): number;
  /** The action of `player` with this index (legal or not: check with the mask). */
  decodeAction(state: S, player: PlayerId, index: number): A;
  /** 1 at the index of every legal action of `player`, else 0. */
  legalActionMask(state: S, player: PlayerId): number[];
}

/**
 * What a game package writes; {@link defineGame} turns it into a {@link Game}.
 *
 * @example
 * ```ts
 * import type { BaseAction, BaseOptions, BaseState, GameDefinition } from "@rules/core";
 *
 * // The hooks a game must write; defineGame adds parsing, checks, freezing and the fast paths.
 * type Hook = keyof GameDefinition<BaseState, BaseAction, BaseOptions, unknown>;
 * const required: Hook[] = ["setup", "legalActions", "activePlayers", "reduce", "playerView", "isTerminal", "outcome", "describeAction"];
 * console.log(required.length); // 8
 * ```
 */
export interface GameDefinition<S extends BaseState, A extends BaseAction, O extends BaseOptions, V> {
  id: string;
  name: string;
  minPlayers: number;
  maxPlayers: number;
  rulesVersion: number;
  schemas: GameSchemas<S, A, O, V>;
  /**
   * Build the first state from parsed, complete options. The options may be deep-frozen and shared
   * between games: copy whatever the state keeps of them.
   */
  setup(seed: Seed, options: O): S;
  legalActions(state: S, player?: PlayerId): A[];
  activePlayers(state: S): PlayerId[];
  /**
   * Optional: `activePlayers(state)[0]` without building the list (`undefined` when no seat may
   * act); it must agree with `activePlayers`. No driver of the project schedules by it (they draw
   * among `activePlayers` with `chooseActor`).
   */
  firstActivePlayer?(state: S): PlayerId | undefined;
  /**
   * The rules as a recipe: mutate `draft` (an immer draft in `apply`, a private copy in
   * `applyUnchecked`, the caller's state in `applyInPlace`) to the state after the legal `action`.
   * Must draw chance only from `draft.rng`. Its return value is ignored. For `apply` to share what
   * an action leaves alone, change what changes in place rather than assigning a rebuilt list or
   * record that equals the old one, and never keep a draft (or a part of one) after the call.
   */
  reduce(draft: S, action: A): void;
  /**
   * A deep copy of `state` for the recipe to mutate, equal to `cloneJson(state)`: a faster copy
   * written for the state's fixed shape. It may share a part the recipe never mutates if that part
   * is frozen. Optional: without it the core uses `cloneJson` (`applyUnchecked`, the checked `apply`
   * on a state the caller owns, and MCTS on games without `determinize`).
   */
  cloneState?(state: S): S;
  /**
   * True exactly when `action` (well formed, by an active seat) is among `legalActions(state,
   * action.player)`. Optional: the checked `apply` uses it instead of listing the legal actions and
   * comparing each with `action`; it must give the same answer (test it against `legalActions`).
   */
  isLegal?(state: S, action: A): boolean;
  /**
   * Why `action` (well formed, by an active seat, not in `legalActions`) is illegal, in a player's
   * words. Optional: without it the refusal says only that the action is not legal now.
   */
  explainIllegal?(state: S, action: A): string | undefined;
  /**
   * The number of seats of `state` (seats are `0..playerCount-1`). Lets the core refuse a view or
   * an action for a seat that does not exist with the same words in every game.
   */
  playerCount?(state: S): number;
  /**
   * Consistency checks beyond the schema's field shapes, run by `loadState` on an untrusted state
   * after it parses: zones add up, the stage agrees with who has acted, nothing is revealed before
   * its time. Returns one line per problem found (empty when consistent). A state it accepts must
   * keep the contract: legal actions empty exactly at the end, views that hide what they must, and a
   * game that ends under any legal play.
   */
  stateProblems?(state: S): string[];
  playerView(state: S, viewer: PlayerId | null): V;
  isTerminal(state: S): boolean;
  outcome(state: S): Outcome | undefined;
  describeAction(state: S, action: A): string;
  determinize?(state: S, viewer: PlayerId, seed: Seed): S;
  revealsInformation?(before: S, action: A): boolean;
  describeEvents?(before: S | null, action: A | null, after: S): string[];
  encoding?: GameEncoding<S, A>;
  /**
   * Optional: for each seat of `state`, an estimate in [0, 1] of the rank reward it would get if
   * the game ended now, built from the game's own scoring: 1 for first, 0 for last, linear in
   * between, tied seats sharing the better rank (`rankRewards(outcomeFromScores(points))`).
   * Solo games: progress toward a win in [0, 1] (1 = as good as won), e.g. the margin to the
   * game's own opponent; `mctsBot` scores a cut-off solo playout with it and a solo loss with half
   * of it, always below a win. Pure and cheap; `mctsBot` calls it on sampled worlds (after
   * `determinize`), so it may read the whole state.
   */
  heuristic?(state: S): number[];
  /**
   * Optional: each seat's score now, counted as the rulebook counts it at the end (as if the game
   * ended here), one finite number per seat; at the end exactly `outcome(state).scores`. Pure and
   * cheap: learning loops call it after every action (`rules serve`'s `"reward": "score"`).
   */
  scores?(state: S): number[];
}
