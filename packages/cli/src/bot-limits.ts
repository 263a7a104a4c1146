// Apart from serve-bot.ts and play.ts, which both check bot names against it, so that neither
// imports the other.

/**
 * What one bot decision may cost, in `rules serve` and in the commands' `--bots` alike
 * (docs/serve.md, "Limits"). A name asking for more is refused before any search starts; core
 * allows up to 10,000,000 iterations, which no request should make a shared process spend.
 *
 * @example
 * ```ts
 * import { BOT_LIMITS } from "@rules/cli";
 *
 * console.log(BOT_LIMITS.iterations, BOT_LIMITS.timeMs); // 100000 10000: mcts:100000 and mcts:10s at most
 * ```
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
 * Why the budget the bot name `spec` asks for is outside what the CLI allows, or `undefined` when
 * it is within (or the name has no budget). Worded as core's `describeBot` words its own range,
 * with the CLI's caps ({@link BOT_LIMITS}); `over` tells a budget too large from one below 1.
 */
export function botBudgetProblem(spec: string): { message: string; over: boolean } | undefined {
  const b = budgetOf(spec);
  const most = (n: number): string => n.toLocaleString("en-US");
  const check = (v: number | undefined, max: number, what: string, unit: string): { message: string; over: boolean } | undefined =>
    v === undefined || (v >= 1 && v <= max) ? undefined : { message: `bot "${spec}": ${what} must be from 1 to ${most(max)}${unit}`, over: v > max };
  return (
    check(b.iterations, BOT_LIMITS.iterations, "the iterations per decision", "") ??
    check(b.timeMs, BOT_LIMITS.timeMs, "the time per decision", ` ms (mcts:${BOT_LIMITS.timeMs / 1000}s)`) ??
    check(b.playoutSteps, BOT_LIMITS.playoutSteps, "the playout cut-off", " actions")
  );
}

