import { RulesError, stateHash, type BaseAction, type Game, type PlayerId, type Seed } from "@rules/core";
import { parseBot } from "./play.js";

// `rules serve`'s "bot" request: a bot's move for one seat of a session's state, so a client in
// any language can play against the project's bots. The reply is the move only; the client sends
// it back with "apply" (or not), so the bot never changes a session by itself.

/** The longest seed a request may give (a string seed is hashed; nothing needs more). */
const MAX_SEED_LENGTH = 200;

/**
 * What one bot decision may cost, in `rules serve` and in the commands' `--bots` alike
 * (docs/serve.md, "Limits"). A name asking for more is refused before any search starts; core
 * allows up to 10,000,000 iterations, which no request should make a shared process spend.
 */
export const BOT_LIMITS = Object.freeze({
  /** Iterations per decision (`mcts:100000`): about 20 s in Donkey Valley, minutes in the larger games. */
  iterations: 100_000,
  /** Time per decision (`mcts:10s`), in milliseconds. */
  timeMs: 10_000,
  /** Playout cut-off (`/N`): the search's own default, 10,000 actions. */
  playoutSteps: 10_000,
  /** `rules serve` stops a search still running after this many milliseconds (an `OVER_LIMIT` reply). */
  thinkMs: 60_000,
  /** Heap of `rules serve`'s search thread in MB: a search that needs more is stopped (an `OVER_LIMIT` reply). */
  heapMb: 512,
});

/** The search budget a bot name asks for (after `parseBot` accepted it): iterations, milliseconds and the playout cut-off, each when given. */
function budgetOf(spec: string): { iterations?: number; timeMs?: number; playoutSteps?: number } {
  const m = /^mcts(?:\+[^:]*)?:(?:(\d+)|(\d+)ms|(\d+(?:\.\d+)?)s)(?:\/(\d+))?$/.exec(spec);
  if (!m) return {};
  return {
    ...(m[1] !== undefined ? { iterations: Number(m[1]) } : {}),
    ...(m[2] !== undefined ? { timeMs: Number(m[2]) } : m[3] !== undefined ? { timeMs: Number(m[3]) * 1000 } : {}),
    ...(m[4] !== undefined ? { playoutSteps: Number(m[4]) } : {}),
  };
}

/**
 * Why the bot name `spec` asks for more than {@link BOT_LIMITS} allows, or `undefined` when it
 * stays within them (a name that is no bot is not this function's business).
 */
export function botBudgetProblem(spec: string): string | undefined {
  const b = budgetOf(spec);
  const most = (n: number): string => n.toLocaleString("en-US");
  if (b.iterations !== undefined && b.iterations > BOT_LIMITS.iterations) return `bot "${spec}" asks for ${most(b.iterations)} iterations per decision; the most is ${most(BOT_LIMITS.iterations)}`;
  if (b.timeMs !== undefined && b.timeMs > BOT_LIMITS.timeMs) return `bot "${spec}" asks for ${most(b.timeMs)} ms per decision; the most is ${most(BOT_LIMITS.timeMs)} ms (mcts:${BOT_LIMITS.timeMs / 1000}s)`;
  if (b.playoutSteps !== undefined && b.playoutSteps > BOT_LIMITS.playoutSteps) return `bot "${spec}" cuts playouts off after ${most(b.playoutSteps)} actions; the most is ${most(BOT_LIMITS.playoutSteps)}`;
  return undefined;
}

/** A `bot` request that passed every check: what a search thread needs to work out the move. */
export interface BotRequest {
  game: string;
  state: unknown;
  player: PlayerId;
  bot: string;
  seed: Seed;
}

/** The reply of a `bot` request. */
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
  const parsed = parseBot(spec, game, true);
  if (!parsed.factory) throw new RulesError("INVALID_OPTIONS", `"bot": ${parsed.problem}`);
  const over = botBudgetProblem(spec);
  if (over !== undefined) throw new BotError("OVER_LIMIT", `"bot": ${over}`);
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
