// Apart from serve-bot.ts and play.ts, which both check bot names against it, so that neither
// imports the other.

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

