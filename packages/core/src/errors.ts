/** Why a call was refused. Every refusal of the engines is a {@link RulesError} with one of these codes. */
export type RulesErrorCode =
  | "INVALID_OPTIONS" // options fail the game's OptionsSchema (or its components fail their schema)
  | "INVALID_ACTION" // the action is not an action of this game at all (fails ActionSchema)
  | "ILLEGAL_ACTION" // a well-formed action that the rules forbid now
  | "NOT_YOUR_TURN" // a well-formed action by a seat that may not act now
  | "GAME_OVER" // any action once the game has ended
  | "INVALID_STATE"; // a loaded state fails StateSchema

/**
 * The one error type the engines throw on bad input. `code` says what kind of refusal it is and
 * `message` says, in words a player understands, which rule forbids it. A call that throws never
 * changes the state it was given.
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
}

/** True when `e` is a {@link RulesError}, optionally of the given code. */
export function isRulesError(e: unknown, code?: RulesErrorCode): e is RulesError {
  return e instanceof RulesError && (code === undefined || e.code === code);
}
