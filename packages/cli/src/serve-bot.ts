import { RulesError, stateHash, type BaseAction, type Game, type PlayerId } from "@rules/core";
import { parseBot } from "./play.js";

// `rules serve`'s "bot" request: a bot's move for one seat of a session's state, so a client in
// any language can play against the project's bots. The reply is the move only; the client sends
// it back with "apply" (or not), so the bot never changes a session by itself.

/** The longest seed a request may give (a string seed is hashed; nothing needs more). */
const MAX_SEED_LENGTH = 200;

/**
 * The move the bot named `spec` (as `--bots` takes it: `random`, `mcts:200`, `mcts:1s`,
 * `thrifty`, ...) makes for `player` in `state`. Seeded by `seed`, or by the state and the seat
 * when none is given, so the same request on the same state gives the same move (except with a
 * time budget, which depends on the machine). Refusals are `RulesError`s: `INVALID_OPTIONS` (a bot
 * name or seed that is none), `GAME_OVER`, `NOT_YOUR_TURN`, `INVALID_ACTION` (no such seat).
 */
export function botMove(game: Game, state: unknown, player: PlayerId, spec: unknown, seed: unknown): { action: BaseAction; bot: string } {
  if (typeof spec !== "string") throw new RulesError("INVALID_OPTIONS", `"bot" must be a bot name such as "random", "mcts:200" or "mcts:1s"`);
  const parsed = parseBot(spec, game, true);
  if (!parsed.factory) throw new RulesError("INVALID_OPTIONS", `"bot": ${parsed.problem}`);
  if (seed !== undefined && !((typeof seed === "number" && Number.isSafeInteger(seed)) || (typeof seed === "string" && seed.length <= MAX_SEED_LENGTH))) {
    throw new RulesError("INVALID_OPTIONS", `"seed" must be a safe integer or a string of at most ${MAX_SEED_LENGTH} characters`);
  }
  if (game.isTerminal(state)) throw new RulesError("GAME_OVER", "The game is over: no seat has a move to make.");
  const legal = game.legalActions(state, player);
  if (legal.length === 0) throw new RulesError("NOT_YOUR_TURN", `Seat ${player} cannot act now: waiting for seat${game.activePlayers(state).length === 1 ? "" : "s"} ${game.activePlayers(state).join(", ")}.`);
  const bot = parsed.factory(game, (seed as number | string | undefined) ?? `${stateHash(state)}/${player}`);
  return { action: bot.act(state, player, legal) as BaseAction, bot: bot.name };
}
