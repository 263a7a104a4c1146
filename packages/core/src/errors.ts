/**
 * Why a call was refused. Every refusal of the engines is a {@link RulesError} with one of these codes.
 *
 * @example
 * ```ts
 * import { RulesError, type RulesErrorCode } from "@rules/core";
 *
 * const code: RulesErrorCode = "ILLEGAL_ACTION";
 * console.log(new RulesError(code, "You do not hold that card.").code); // "ILLEGAL_ACTION"
 * ```
 */
export type RulesErrorCode =
  /** The options fail the game's `OptionsSchema` (or its components fail their schema), the player count is out of range, or the seed is not a safe integer or a string. */
  | "INVALID_OPTIONS"
  /** The action is not an action of this game at all: it fails `ActionSchema` (unknown type, missing or malformed field), or it (or a `playerView`/`legalActions`/`determinize` call) names a seat that does not exist at this table. */
  | "INVALID_ACTION"
  /** A well-formed action, by a seat that may act now, that the rules forbid at this point; the message names the rule. */
  | "ILLEGAL_ACTION"
  /** A well-formed action by a seat that may not act now; the message says whose turn it is. */
  | "NOT_YOUR_TURN"
  /** Any action once the game has ended. */
  | "GAME_OVER"
  /** A loaded state fails `StateSchema` or the game's consistency checks, an action log is malformed or does not replay as recorded, or `applyInPlace` was given a frozen state (clone it first). */
  | "INVALID_STATE";

/**
 * The brand every {@link RulesError} carries, under a key registered with `Symbol.for`, so the
 * check holds across the ESM and CJS builds of `@rules/core` and across several installed copies.
 */
const BRAND: unique symbol = Symbol.for("@rules/core/RulesError") as never;

/**
 * The one error type the engines throw on bad input. `code` says what kind of refusal it is and
 * `message` says, in words a player understands, which rule forbids it. A call that throws never
 * changes the state it was given.
 *
 * `instanceof RulesError` (and {@link isRulesError}) recognise an error thrown by any copy of
 * `@rules/core`: its ESM build, its CJS build, or another version an app installed beside it.
 *
 * @example
 * ```ts
 * import { RulesError } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const s = game.initialState(1, { players: 3 });
 * try {
 *   game.apply(s, { type: "call", player: 0, verdict: "deny" }); // step 1: play a load card first
 * } catch (e) {
 *   if (e instanceof RulesError) console.log(e.code, e.message); // "ILLEGAL_ACTION" and the rule, in words
 * }
 * ```
 */
export class RulesError extends Error {
  override readonly name = "RulesError";
  readonly code: RulesErrorCode;
  /** Extra facts for programs (the zod issues of a parse failure, the offending action, ...). */
  readonly details: unknown;

  constructor(code: RulesErrorCode, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.details = details;
  }

  /**
   * True for any error carrying the RulesError brand, whichever copy of the class made it.
   * A subclass keeps the ordinary prototype check.
   */
  static [Symbol.hasInstance](value: unknown): value is RulesError {
    if (this !== RulesError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}
Object.defineProperty(RulesError.prototype, BRAND, { value: true });

/**
 * True when `e` is a {@link RulesError} (from any copy of `@rules/core`), optionally of the given code.
 *
 * @example
 * ```ts
 * import { RulesError, isRulesError } from "@rules/core";
 *
 * const e: unknown = new RulesError("GAME_OVER", "The game is over.");
 * console.log(isRulesError(e), isRulesError(e, "GAME_OVER"), isRulesError(e, "ILLEGAL_ACTION")); // true true false
 * ```
 */
export function isRulesError(e: unknown, code?: RulesErrorCode): e is RulesError {
  return e instanceof RulesError && (code === undefined || e.code === code);
}
