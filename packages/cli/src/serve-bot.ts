import { INPUT_LIMITS, RulesError, stateHash, type BaseAction, type Game, type PlayerId, type Seed } from "@rules/core";
import { BOT_LIMITS, botBudgetProblem } from "./bot-limits.js";
import { parseBot } from "./play.js";

export { BOT_LIMITS };

// `rules serve`'s "bot" request: a bot's move for one seat of a session's state, so a client in
// any language can play against the project's bots. The reply is the move only; the client sends
// it back with "apply" (or not), so the bot never changes a session by itself.

/** The longest seed a request may give: the engines' own limit on a string seed. */
const MAX_SEED_LENGTH = INPUT_LIMITS.seedChars;

/**
 * A `bot` request that passed every check: what a search thread needs to work out the move.
 *
 * @example
 * ```ts
 * import type { BotRequest } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const request: BotRequest = { game: game.id, state: game.initialState(1, { players: 3 }), player: 0, bot: "mcts:200", seed: 7 };
 * console.log(request.bot); // "mcts:200"
 * ```
 */
export interface BotRequest {
  game: string;
  state: unknown;
  player: PlayerId;
  bot: string;
  seed: Seed;
}

/**
 * The reply of a `bot` request: the move, and the name of the bot that chose it.
 *
 * @example
 * ```ts
 * import type { BotMove } from "@rules/cli";
 *
 * const move: BotMove = { action: { type: "pass", player: 0 }, bot: "random" };
 * console.log(move.action.type, move.bot); // "pass" "random"
 * ```
 */
export interface BotMove {
  action: BaseAction;
  bot: string;
}

/**
 * Check a `bot` request, in microseconds and without building the bot: `INVALID_OPTIONS` (a bot
 * name or seed that is none), `OVER_LIMIT` (a budget over {@link BOT_LIMITS}), `GAME_OVER`,
 * `NOT_YOUR_TURN`, `INVALID_ACTION` (no such seat). Without a seed the bot is seeded by the state
 * and the seat, so the same request on the same state gives the same move (except with a time
 * budget, which depends on the machine).
 */
export function checkBotRequest(game: Game, state: unknown, player: PlayerId, spec: unknown, seed: unknown): BotRequest {
  if (typeof spec !== "string") throw new RulesError("INVALID_OPTIONS", `"bot" must be a bot name such as "random", "mcts:200" or "mcts:1s"`);
  const budget = botBudgetProblem(spec);
  if (budget?.over) throw new BotError("OVER_LIMIT", `"bot": ${budget.message}`);
  if (budget) throw new RulesError("INVALID_OPTIONS", `"bot": ${budget.message}`);
  const parsed = parseBot(spec, game, true);
  if (!parsed.factory) throw new RulesError("INVALID_OPTIONS", `"bot": ${parsed.problem}`);
  if (seed !== undefined && !((typeof seed === "number" && Number.isSafeInteger(seed)) || (typeof seed === "string" && seed.length <= MAX_SEED_LENGTH))) {
    throw new RulesError("INVALID_OPTIONS", `"seed" must be a safe integer or a string of at most ${MAX_SEED_LENGTH} characters`);
  }
  if (game.isTerminal(state)) throw new RulesError("GAME_OVER", "The game is over: no seat has a move to make.");
  if (game.legalActions(state, player).length === 0) {
    const active = game.activePlayers(state);
    throw new RulesError("NOT_YOUR_TURN", `Seat ${player} cannot act now: waiting for seat${active.length === 1 ? "" : "s"} ${active.join(", ")}.`);
  }
  return { game: game.id, state, player, bot: spec, seed: (seed as Seed | undefined) ?? `${stateHash(state)}/${player}` };
}

/** The move of a checked request, worked out in this thread (it blocks it for the whole search). */
export function thinkHere(game: Game, r: BotRequest): BotMove {
  const bot = parseBot(r.bot, game, true).factory!(game, r.seed);
  return { action: bot.act(r.state, r.player, game.legalActions(r.state, r.player)) as BaseAction, bot: bot.name };
}

/**
 * The move the bot named `spec` (as `--bots` takes it: `random`, `mcts:200`, `mcts:1s`,
 * `thrifty`, ...) makes for `player` in `state`, worked out in this thread; refusals as
 * {@link checkBotRequest} gives them.
 */
export function botMove(game: Game, state: unknown, player: PlayerId, spec: unknown, seed: unknown): BotMove {
  return thinkHere(game, checkBotRequest(game, state, player, spec, seed));
}

/**
 * A `bot` request refused by the server rather than by the engine: `OVER_LIMIT` (a budget over
 * {@link BOT_LIMITS}, or a search stopped for its time or memory), `BUSY` (a search is already
 * under way), `CANCELLED` (the input ended first), or an engine's code carried back from the
 * search thread.
 */
export class BotError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
