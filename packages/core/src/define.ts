import * as z from "zod";
import { produceStateWithPatches, shareUnchanged } from "./sharing.js";
import { schemaSizeProblem } from "./bounds.js";
import { defaultPlayers } from "./players.js";
import { RulesError } from "./errors.js";
import { freezeJson, isDeeplyFrozen, markDeeplyFrozen } from "./frozen.js";
import { canonicalJson, cloneJson } from "./json.js";
import type { Seed } from "./rng.js";
import { INPUT_LIMITS, clip, describeInput, frozenCopy, frozenCopyInOrderOf, inputSizeProblem, seedLengthProblem, withoutNegativeZero } from "./trust.js";
import type { BaseAction, BaseOptions, BaseState, Game, GameDefinition, GameEncoding, PlayerId } from "./types.js";

/**
 * Format zod issues as one readable line each ("Too big: expected number to be <=7 (at players)").
 * At most {@link INPUT_LIMITS}.issuesShown issues are listed (the rest are counted) and the text
 * is cut to a bounded length, whatever the size of the input.
 *
 * @example
 * ```ts
 * import { describeZodError } from "@rules/core";
 * import * as z from "zod";
 *
 * const r = z.object({ players: z.number().max(7) }).safeParse({ players: 9 });
 * if (!r.success) console.log(describeZodError(r.error)); // Too big: expected number to be <=7 (at players)
 * ```
 */
export function describeZodError(error: z.ZodError): string {
  const shown = error.issues.slice(0, INPUT_LIMITS.issuesShown);
  const text = z
    .prettifyError(shown.length === error.issues.length ? error : new z.ZodError(shown))
    .replace(/\n\s*→ at /g, " (at ")
    .replace(/✖ /g, "")
    .replace(/\(at ([^\n]*)/g, "(at $1)");
  const more = error.issues.length - shown.length;
  return clip(more > 0 ? `${text}\n(and ${more} more problem${more === 1 ? "" : "s"})` : text);
}

function checkSeed(seed: unknown): Seed {
  const tooLong = seedLengthProblem(seed);
  if (tooLong) throw new RulesError("INVALID_OPTIONS", `The seed must be a safe integer or a string of at most ${INPUT_LIMITS.seedChars} characters: ${tooLong}.`);
  if (typeof seed === "string") return seed;
  if (typeof seed === "number" && Number.isSafeInteger(seed)) return seed === 0 ? 0 : seed;
  throw new RulesError("INVALID_OPTIONS", `The seed must be a safe integer or a string, got ${describeInput(seed)}.`);
}

/** `parse()`, or a RulesError when reading the input throws (a getter or a proxy that throws). */
function readSafely<T>(parse: () => T, code: "INVALID_ACTION" | "INVALID_OPTIONS", message: string): T {
  try {
    return parse();
  } catch {
    throw new RulesError(code, message);
  }
}

/** Every state the engine hands out (from initialState, apply, loadState) is deeply frozen. */
function handOut<S>(state: S): S {
  freezeJson(state);
  return markDeeplyFrozen(state);
}

/**
 * Each game `defineGame` made, with its checked step on a state the caller owns: the checks of
 * `apply` (the same refusals, word for word), then the recipe in place. Replaying a log for its
 * last states (`replay`, `undoBlocker`) needs no copy, sharing or freezing of every state between.
 */
const checkedSteps = new WeakMap<object, (state: any, action: unknown) => void>();

/** The checked step in place of `game` when `defineGame` made it (replay.ts), else `undefined`. */
export function checkedStepOf(game: object): ((state: any, action: unknown) => void) | undefined {
  return checkedSteps.get(game);
}

/** Most distinct small option inputs a game keeps parsed (beyond it, inputs are parsed each time). */
const SMALL_OPTIONS_KEPT = 256;

/**
 * A key naming a small options input exactly (a plain object of at most 8 own data properties,
 * each a boolean, a number or a string of at most 64 characters; `undefined` is the empty key),
 * or `undefined` for any other input, which is parsed every time.
 */
function smallOptionsKey(input: unknown): string | undefined {
  if (input === undefined) return "";
  if (typeof input !== "object" || input === null || Array.isArray(input) || Object.getPrototypeOf(input) !== Object.prototype) return undefined;
  const keys = Object.keys(input);
  if (keys.length > 8) return undefined;
  let key = "";
  for (const k of keys) {
    const d = Object.getOwnPropertyDescriptor(input, k);
    if (!d || !("value" in d)) return undefined; // a getter: the careful path reads it
    const v: unknown = d.value;
    if (typeof v === "string" ? v.length > 64 : typeof v !== "number" && typeof v !== "boolean") return undefined;
    key += `${JSON.stringify(k)}:${typeof v}:${typeof v === "string" ? JSON.stringify(v) : Object.is(v, -0) ? "-0" : String(v)};`;
  }
  return key;
}

/**
 * Build a {@link Game} from a game's definition. This is where the contract of every game lives
 * once: option and action parsing, the order of checks (malformed, game over, not your turn,
 * illegal), purity and structural sharing (the checked `apply` runs the recipe on a private copy
 * and hands out a frozen state that reuses every part of the input the action left equal;
 * `applyWithPatches` runs it through immer's `produceWithPatches`), the fast paths that run the
 * same recipe without checks, and the trust boundary (`loadState`, seats, freezing).
 *
 * @example
 * ```ts
 * import { RngStateSchema, defineGame, outcomeFromScores, seedRng } from "@rules/core";
 * import * as z from "zod";
 *
 * // Last Stone: two players take 1 or 2 stones from a pile of 5; who takes the last one wins.
 * const StateSchema = z.object({ rng: RngStateSchema, pile: z.number().int().min(0).max(5), turn: z.number().int().min(0).max(1) });
 * const ActionSchema = z.object({ type: z.literal("take"), player: z.number().int(), count: z.number().int().min(1).max(2) });
 * const OptionsSchema = z.object({ players: z.literal(2).default(2) });
 * type State = z.infer<typeof StateSchema>;
 * type Action = z.infer<typeof ActionSchema>;
 * type Options = z.infer<typeof OptionsSchema>;
 *
 * const lastStone = defineGame<State, Action, Options, State>({
 *   id: "last-stone",
 *   name: "Last Stone",
 *   minPlayers: 2,
 *   maxPlayers: 2,
 *   rulesVersion: 1,
 *   schemas: { state: StateSchema, action: ActionSchema, options: OptionsSchema, view: StateSchema },
 *   setup: (seed) => ({ rng: seedRng(seed), pile: 5, turn: 0 }),
 *   legalActions: (s, player) =>
 *     s.pile === 0 || (player !== undefined && player !== s.turn)
 *       ? []
 *       : [1, 2].filter((n) => n <= s.pile).map((count) => ({ type: "take" as const, player: s.turn, count })),
 *   activePlayers: (s) => (s.pile === 0 ? [] : [s.turn]),
 *   reduce: (s, a) => {
 *     s.pile -= a.count;
 *     if (s.pile > 0) s.turn = 1 - s.turn;
 *   },
 *   playerView: (s) => s,
 *   isTerminal: (s) => s.pile === 0,
 *   outcome: (s) => (s.pile === 0 ? outcomeFromScores(s.turn === 0 ? [1, 0] : [0, 1]) : undefined),
 *   describeAction: (_s, a) => `Seat ${a.player} takes ${a.count}.`,
 * });
 *
 * let s = lastStone.initialState(1);
 * s = lastStone.apply(s, { type: "take", player: 0, count: 2 });
 * console.log(s.pile, lastStone.legalActions(s).length); // 3 2
 * ```
 */
export function defineGame<S extends BaseState, A extends BaseAction, O extends BaseOptions, V, I = Partial<O>>(
  def: GameDefinition<S, A, O, V>,
): Game<S, A, O, V, I> {
  const players = `${def.minPlayers} to ${def.maxPlayers} players`;

  const parseOptions = (input: unknown): O => {
    // Measured (and read once) before anything else touches it.
    const tooBig = inputSizeProblem(input);
    if (tooBig) throw new RulesError("INVALID_OPTIONS", `Invalid options for ${def.name}: ${tooBig}.`);
    if (input !== undefined && (typeof input !== "object" || input === null || Array.isArray(input))) {
      throw new RulesError("INVALID_OPTIONS", `Options must be an object such as { players: ${def.minPlayers} }.`);
    }
    const tooLong = schemaSizeProblem(def.schemas.options, input);
    if (tooLong) throw new RulesError("INVALID_OPTIONS", `Invalid options for ${def.name}: ${tooLong}.`);
    const n = (input as { players?: unknown } | undefined)?.players;
    if (typeof n === "number" && !(Number.isInteger(n) && n >= def.minPlayers && n <= def.maxPlayers)) {
      throw new RulesError("INVALID_OPTIONS", `${def.name} is for ${players}, not ${describeInput(n)}.`);
    }
    let r = readSafely(() => def.schemas.options.safeParse(input ?? {}), "INVALID_OPTIONS", `Invalid options for ${def.name}: they cannot be read as plain JSON.`);
    if (!r.success && input !== undefined && !Object.hasOwn(input, "players")) {
      // Options that leave the seats out get the game's default for them (defaultPlayers): a solo
      // map refuses the game's default of several seats, and gives one.
      const seats = defaultPlayers(def, input as Record<string, unknown>);
      const retry = readSafely(() => def.schemas.options.safeParse({ ...input, players: seats }), "INVALID_OPTIONS", `Invalid options for ${def.name}: they cannot be read as plain JSON.`);
      if (retry.success) r = retry;
    }
    if (!r.success) {
      throw new RulesError("INVALID_OPTIONS", `Invalid options for ${def.name}: ${describeZodError(r.error)}`, r.error.issues.slice(0, 20));
    }
    const o = withoutNegativeZero(r.data);
    if (!Number.isInteger(o.players) || o.players < def.minPlayers || o.players > def.maxPlayers) {
      throw new RulesError("INVALID_OPTIONS", `${def.name} is for ${players}, not ${describeInput(o.players)}.`);
    }
    return o;
  };

  /** The number of seats of `state`; games without `playerCount` are checked against `maxPlayers`. */
  const seatsOf = (state: S): number => (def.playerCount ? def.playerCount(state) : def.maxPlayers);

  /** `seat` as a seat of `state` (`-0` becomes `0`); `INVALID_ACTION` when no such seat exists. */
  const checkSeat = (state: S, seat: unknown, what: string, spectator: boolean): PlayerId => {
    const n = seatsOf(state);
    if (typeof seat === "number" && Number.isInteger(seat) && seat >= 0 && seat < n) return seat === 0 ? 0 : seat;
    const range = `${def.playerCount ? "this game has" : `${def.name} has at most`} ${n} seats, numbered 0 to ${n - 1}`;
    throw new RulesError("INVALID_ACTION", `${what} must be a seat, not ${describeInput(seat)}: ${range}${spectator ? " (or null for a spectator)" : ""}.`);
  };

  const parseAction = (state: S, action: unknown): A => {
    const tooBig = inputSizeProblem(action, { nodes: INPUT_LIMITS.actionValues, depth: 16 });
    if (tooBig) throw new RulesError("INVALID_ACTION", `Not a ${def.name} action: ${tooBig}.`);
    const r = readSafely(() => def.schemas.action.safeParse(action), "INVALID_ACTION", `Not a ${def.name} action: it cannot be read as plain JSON.`);
    if (!r.success) {
      throw new RulesError("INVALID_ACTION", `Not a ${def.name} action: ${describeZodError(r.error)}`, r.error.issues.slice(0, 20));
    }
    const a = withoutNegativeZero(r.data);
    checkSeat(state, a.player, "The acting player", false);
    return a;
  };

  /** Throws the right RulesError unless `action` (already parsed) is legal in `state`. */
  const check = (state: S, action: A): void => {
    if (def.isTerminal(state)) throw new RulesError("GAME_OVER", "The game is over: no more actions can be taken.", action);
    const active = def.activePlayers(state);
    if (!active.includes(action.player)) {
      const who = active.length === 1 ? `seat ${active[0]}` : `seats ${active.join(", ")}`;
      throw new RulesError("NOT_YOUR_TURN", `Seat ${action.player} cannot act now: waiting for ${who}.`, action);
    }
    if (def.isLegal?.(state, action)) return;
    const key = canonicalJson(action);
    const legal = def.legalActions(state, action.player);
    if (!def.isLegal) for (const a of legal) if (a.type === action.type && canonicalJson(a) === key) return;
    const why = def.explainIllegal?.(state, action);
    throw new RulesError(
      "ILLEGAL_ACTION",
      why ?? `Seat ${action.player} cannot ${action.type} like that now (${clip(key, 200)} is not among the ${legal.length} legal actions).`,
      action,
    );
  };

  // Simulations pass the same small options for every game (`{ players: n }`, or with a map and a
  // difficulty): parse each such input once and hand setup the same deep-frozen options, so a
  // playout's setup costs no schema parse and no copy of the component set.
  const parsedSmall = new Map<string, O>();
  const optionsFor = (input: unknown): O => {
    let key: string | undefined;
    try {
      key = smallOptionsKey(input);
    } catch (e) {
      if (e instanceof RulesError) throw e;
      return parseOptions(input); // unreadable input (a revoked proxy): refused there with a RulesError
    }
    if (key === undefined) return parseOptions(input);
    let parsed = parsedSmall.get(key);
    if (parsed === undefined) {
      parsed = freezeJson(parseOptions(input));
      if (parsedSmall.size < SMALL_OPTIONS_KEPT) parsedSmall.set(key, parsed);
    }
    return parsed;
  };

  /**
   * `run()` for the well-formed `action` of untrusted input (a describe or an encoding call): a
   * game's helper may assume what only a legal action guarantees, so a failure (a TypeError, or a
   * result that is not what the contract promises) on an action that is not legal now is the
   * caller's `ILLEGAL_ACTION`; on a legal action it is a bug and propagates.
   */
  const describing = <T>(state: S, action: A, run: () => T, verb: string, ok: (value: T) => boolean): T => {
    let value: T;
    try {
      value = run();
    } catch (e) {
      if (e instanceof RulesError || isLegalNow(state, action)) throw e;
      throw new RulesError("ILLEGAL_ACTION", `This ${action.type} of seat ${action.player} cannot be ${verb} in this state: it is not a legal action now.`, action);
    }
    if (ok(value)) return value;
    if (isLegalNow(state, action)) throw new Error(`${def.name}: a legal ${action.type} could not be ${verb}`);
    throw new RulesError("ILLEGAL_ACTION", `This ${action.type} of seat ${action.player} cannot be ${verb} in this state: it is not a legal action now.`, action);
  };
  const isLegalNow = (state: S, action: A): boolean => {
    try {
      check(state, action);
      return true;
    } catch {
      return false;
    }
  };

  /** The game's encoding, with every seat, action and index checked as `apply` checks them. */
  const checkedEncoding = (enc: GameEncoding<S, A>): GameEncoding<S, A> => ({
    observationSize: (state) => enc.observationSize(state),
    actionCount: (state) => enc.actionCount(state),
    encodeObservation: (state, player) => enc.encodeObservation(state, checkSeat(state, player, "The observing seat", false)),
    legalActionMask: (state, player) => enc.legalActionMask(state, checkSeat(state, player, "The seat of the mask", false)),
    encodeAction(state, action) {
      const a = parseAction(state, action);
      const count = enc.actionCount(state);
      return describing(state, a, () => enc.encodeAction(state, a), "encoded", (i) => Number.isInteger(i) && i >= 0 && i < count);
    },
    decodeAction(state, player, index) {
      const seat = checkSeat(state, player, "The acting seat", false);
      const count = enc.actionCount(state);
      if (!(typeof index === "number" && Number.isInteger(index) && index >= 0 && index < count)) {
        throw new RulesError("INVALID_ACTION", `An action index of ${def.name} with these components is an integer from 0 to ${count - 1}, not ${describeInput(index)}.`);
      }
      return enc.decodeAction(state, seat, index === 0 ? 0 : index);
    },
  });

  const copy: (state: S) => S = def.cloneState ?? cloneJson;

  // immer freezes the parts of the next state it shares with its base: a state the engine handed
  // out (deeply frozen) is its own base, and a state the caller owns (not frozen all through, even
  // if its top level is) is copied whole first, so none of its parts is shared or frozen.
  const draftable = (state: S): S => (isDeeplyFrozen(state) ? state : cloneJson(state));

  /** Why a parsed state cannot be played (its own checks, its seat count, a dead end), in short lines. */
  const problemsOf = (s: S): string[] => {
    const problems = def.stateProblems?.(s) ?? [];
    if (problems.length > 0) return problems;
    const n = seatsOf(s);
    if (!(Number.isInteger(n) && n >= def.minPlayers && n <= def.maxPlayers)) return [`it has ${describeInput(n)} seats; ${def.name} is for ${players}`];
    const legal = def.legalActions(s);
    const active = def.activePlayers(s);
    if (def.isTerminal(s)) {
      if (legal.length > 0 || active.length > 0) return ["the game is over, yet some seat could still act"];
      if (def.outcome(s) === undefined) return ["the game is over, yet it has no result"];
    } else {
      if (active.length === 0 || legal.length === 0) return ["the game is not over, yet no seat can act"];
      if (active.some((p) => !(Number.isInteger(p) && p >= 0 && p < n))) return ["a seat that does not exist is to act"];
    }
    return [];
  };

  const game: Game<S, A, O, V, I> = {
    id: def.id,
    name: def.name,
    minPlayers: def.minPlayers,
    maxPlayers: def.maxPlayers,
    rulesVersion: def.rulesVersion,
    schemas: def.schemas,
    initialState(seed, options) {
      return handOut(def.setup(checkSeed(seed), optionsFor(options)));
    },
    legalActions: (state, player) =>
      def.legalActions(state, player === undefined ? undefined : checkSeat(state, player, "The player asked about", false)),
    activePlayers: (state) => def.activePlayers(state),
    firstActivePlayer: def.firstActivePlayer ? (state) => def.firstActivePlayer!(state) : (state) => def.activePlayers(state)[0],
    apply(state, action) {
      const a = parseAction(state, action);
      check(state, a);
      // The same recipe as the fast paths, on a private copy (never the caller's objects). On a
      // deeply frozen state (every state the engine hands out) each part the action left equal is
      // then the input's own object again; a state the caller owns (not frozen all through, even if
      // its top level is) is copied whole, so the result shares none of its parts and freezes none.
      if (isDeeplyFrozen(state)) {
        const next = copy(state);
        def.reduce(next, a);
        return markDeeplyFrozen(shareUnchanged(next, state));
      }
      const next = cloneJson(state);
      def.reduce(next, a);
      return handOut(next);
    },
    applyWithPatches(state, action) {
      const a = parseAction(state, action);
      check(state, a);
      const out = produceStateWithPatches(draftable(state), def.reduce, a);
      markDeeplyFrozen(out.state);
      return out;
    },
    cloneState: (state) => copy(state),
    initialStateInPlace: (seed, options) => def.setup(checkSeed(seed), optionsFor(options)),
    applyUnchecked(state, action) {
      const next = copy(state);
      def.reduce(next, action);
      return next;
    },
    applyInPlace(state, action) {
      // Is the state frozen? Object.isFrozen is a runtime call in V8, paid on every action of a
      // playout; writing the generator back onto the state is a plain store where the caller owns
      // the state and throws (modules run in strict mode) where it is frozen, before the recipe
      // changes anything. Only a refused write pays for the precise answer.
      let frozen = false;
      const rng = state.rng;
      if (rng === undefined) frozen = Object.isFrozen(state);
      else {
        try {
          state.rng = rng;
        } catch {
          frozen = Object.isFrozen(state);
        }
      }
      if (frozen) {
        throw new RulesError(
          "INVALID_STATE",
          "applyInPlace changes the state it is given, and this state is frozen (every state from initialState, apply and loadState is): pass a copy you own, cloneJson(state).",
        );
      }
      def.reduce(state, action);
    },
    playerView: (state, viewer) => def.playerView(state, viewer === null ? null : checkSeat(state, viewer, "The viewer", true)),
    isTerminal: (state) => def.isTerminal(state),
    outcome: (state) => def.outcome(state),
    describeAction(state, action) {
      const a = parseAction(state, action);
      return describing(state, a, () => def.describeAction(state, a), "described", (line) => typeof line === "string");
    },
    loadState(json) {
      const refuse = (why: string, details?: unknown): never => {
        throw new RulesError("INVALID_STATE", clip(`Not a valid ${def.name} state: ${why}`), details);
      };
      const tooBig = inputSizeProblem(json);
      if (tooBig) refuse(`${tooBig}.`);
      const tooLong = schemaSizeProblem(def.schemas.state, json);
      if (tooLong) refuse(`${tooLong}.`);
      let parsed: z.ZodSafeParseResult<S>;
      try {
        parsed = def.schemas.state.safeParse(json);
      } catch {
        return refuse("it cannot be read as plain JSON.");
      }
      if (!parsed.success) return refuse(describeZodError(parsed.error), parsed.error.issues.slice(0, 20));
      let s: S;
      try {
        s = frozenCopyInOrderOf(parsed.data, json);
      } catch {
        s = frozenCopy(parsed.data);
      }
      let problems: string[];
      try {
        problems = problemsOf(s);
      } catch (e) {
        problems = [`the rules cannot run on it (${e instanceof Error ? clip(e.message, 200) : "error"})`];
      }
      if (problems.length > 0) {
        const shown = problems.slice(0, INPUT_LIMITS.issuesShown).join("; ");
        const more = problems.length > INPUT_LIMITS.issuesShown ? ` (and ${problems.length - INPUT_LIMITS.issuesShown} more)` : "";
        refuse(`${shown}${more}.`, problems.slice(0, 20));
      }
      return markDeeplyFrozen(s);
    },
  };
  if (def.playerCount) game.playerCount = def.playerCount;
  if (def.determinize) {
    const determinize = def.determinize;
    game.determinize = (state, viewer, seed) => determinize(state, checkSeat(state, viewer, "The viewer", false), checkSeed(seed));
  }
  if (def.revealsInformation) game.revealsInformation = def.revealsInformation;
  if (def.describeEvents) {
    const describeEvents = def.describeEvents;
    game.describeEvents = (before, action, after) => {
      if (before === null && action === null) return describeEvents(null, null, after);
      if (before === null) throw new RulesError("INVALID_ACTION", "describeEvents takes a null state before only for the initial state, with a null action.");
      const a = parseAction(before, action);
      return describing(before, a, () => describeEvents(before, a, after), "described", (lines) => Array.isArray(lines));
    };
  }
  if (def.encoding) game.encoding = checkedEncoding(def.encoding);
  if (def.heuristic) game.heuristic = def.heuristic;
  if (def.scores) game.scores = def.scores;
  checkedSteps.set(game, (state: S, action: unknown) => {
    const a = parseAction(state, action);
    check(state, a);
    def.reduce(state, a);
  });
  return game;
}
