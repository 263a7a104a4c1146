// Bot names as the CLI, simulate and playRecords take them ("random", "mcts:2000/20"): one parser,
// which says why a name stands for no bot.
import type { Bot, BotFactory } from "./bots.js";
import { MAX_MCTS_ITERATIONS, mctsBot, type MctsOptions } from "./mcts.js";
import type { Seed } from "./rng.js";
import { describeInput } from "./trust.js";
import type { Game } from "./types.js";


/**
 * What a bot name stands for: its factory, or why it stands for none (one sentence, no final period).
 *
 * @example
 * ```ts
 * import { describeBot, type BotSpec } from "@rules/core";
 *
 * const spec: BotSpec = describeBot("genius");
 * console.log(spec.factory, spec.problem); // undefined 'unknown bot "genius"; known bots: random, mcts, ...'
 * ```
 */
export type BotSpec = { factory: BotFactory; problem?: undefined } | { factory?: undefined; problem: string };

/** `mcts:<iterations>`, `mcts:<ms>ms` or `mcts:<seconds>s` (`mcts:1s`, `mcts:0.5s`), each with an optional `/<playout cut-off>`. */
const MCTS_SPEC = /^mcts:(?:(\d+)|(\d+)ms|(\d{1,9}(?:\.\d{1,3})?)s)(?:\/(\d+))?$/;

function knownBots(factories: Record<string, BotFactory>): string {
  return `known bots: ${Object.keys(factories).join(", ")}, mcts:<iterations> (mcts:2000), mcts:<ms>ms or mcts:<seconds>s (mcts:100ms, mcts:1s), any with /<playout cut-off> (mcts:20/4)`;
}

/** The search budget a `mcts:...` name asks for, or undefined when the name has no such shape. */
function mctsBudget(spec: string): MctsOptions | undefined {
  const m = MCTS_SPEC.exec(spec);
  if (!m) return undefined;
  const budget: MctsOptions = m[1] !== undefined ? { iterations: Number(m[1]) } : { timeMs: m[2] !== undefined ? Number(m[2]) : Math.round(Number(m[3]) * 1000) };
  if (m[4] !== undefined) budget.maxPlayoutSteps = Number(m[4]);
  return budget;
}

/**
 * The bot a name stands for: a name of `factories`, `mcts:2000` (iterations per decision) or,
 * given a clock, `mcts:500ms` / `mcts:1s` / `mcts:0.5s` (time per decision), any with an optional
 * playout cut-off after a slash (`mcts:20/4`, see {@link MctsOptions.maxPlayoutSteps}). Anything
 * else gives the reason. The one parser of bot names: `simulate`, `playRecords`, the CLI and
 * `rules serve` all read names through it.
 */
export function parseBotSpec(spec: unknown, factories: Record<string, BotFactory>, now?: () => number): BotSpec {
  if (typeof spec === "string" && Object.hasOwn(factories, spec)) return { factory: factories[spec]! };
  const budget = typeof spec === "string" ? mctsBudget(spec) : undefined;
  if (!budget) return { problem: `unknown bot ${describeInput(spec)}; ${knownBots(factories)}` };
  const name = `bot "${spec as string}"`;
  if (budget.timeMs !== undefined && !now) {
    return { problem: `${name} is a time budget, which needs a clock: a series of games played here must be reproducible, so give iterations instead (mcts:2000)` };
  }
  const outOfRange = (v: number | undefined): boolean => v !== undefined && !(v >= 1 && v <= MAX_MCTS_ITERATIONS);
  const most = MAX_MCTS_ITERATIONS.toLocaleString("en-US");
  if (outOfRange(budget.iterations)) return { problem: `${name}: the iterations per decision must be from 1 to ${most}` };
  if (outOfRange(budget.timeMs)) return { problem: `${name}: the time per decision must be from 1 to ${most} ms` };
  if (outOfRange(budget.maxPlayoutSteps)) return { problem: `${name}: the playout cut-off must be from 1 to ${most} actions` };
  if (budget.timeMs !== undefined) budget.now = now!;
  return { factory: (game, seed) => mctsBot(game, { ...budget, seed }) };
}
