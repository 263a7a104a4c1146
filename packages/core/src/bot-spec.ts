// Bot names as the CLI, simulate and playRecords take them ("random", "mcts:2000/20",
// "mcts+planner:1s"): one parser, which says why a name stands for no bot.
import type { Bot, BotFactory } from "./bots.js";
import { MAX_MCTS_ITERATIONS, mctsBot, type MctsOptions } from "./mcts.js";
import type { Seed } from "./rng.js";
import { describeInput } from "./trust.js";
import type { BaseAction, Game, PlayerId } from "./types.js";


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

/**
 * What a game offers a search guided by one of its bots (the bot name `mcts+<bot>:<budget>`): the
 * playout policy, the plans the tree chooses among ({@link MctsOptions.plans}), and the playout
 * cut-off to use when the name gives none.
 *
 * @example
 * ```ts
 * import { describeBot, randomBot, type SearchPolicy } from "@rules/core";
 *
 * // Random playouts cut off after 3 actions, unless the name says otherwise.
 * const policy: SearchPolicy = { playout: (_game, seed) => randomBot(seed), maxPlayoutSteps: 3 };
 * console.log(describeBot("mcts+mine:50", { policies: { mine: policy } }).factory !== undefined); // true
 * ```
 */
export interface SearchPolicy {
  /** The bot that chooses playout actions (default: the game's bot of the same name). */
  playout?: BotFactory;
  /** The plans of the search made for `seed` (the search bot's seed), when the game plans whole turns. */
  plans?: (game: Game, seed: Seed) => NonNullable<MctsOptions["plans"]>;
  /** The playout cut-off when the name gives none (default: the search's own, 10 000). */
  maxPlayoutSteps?: number;
  /** Progressive widening from the guide's moves ({@link MctsOptions.widening}; default: none). */
  widening?: number;
  /** The bot whose move each node expands first under widening (default: the playout bot; {@link MctsOptions.prior}). */
  prior?: BotFactory;
  /** The cut-off estimate instead of the game's heuristic ({@link MctsOptions.evaluate}). */
  evaluate?: (state: any) => readonly number[];
  /** Decisions played by the guide without search ({@link MctsOptions.delegate}). */
  delegate?: (state: any, player: PlayerId) => boolean;
  /** The moves the search may choose ({@link MctsOptions.allowed}; default: every legal one). */
  allowed?: (state: any, player: PlayerId, legal: readonly any[]) => readonly BaseAction[];
  /** How the tree plays the other seats ({@link MctsOptions.opponents}; default: searched). */
  opponents?: "search" | "policy";
}

/** `mcts:<iterations>`, `mcts:<ms>ms` or `mcts:<seconds>s` (`mcts:1s`, `mcts:0.5s`), each with an optional `+<bot>` after `mcts` and `/<playout cut-off>` at the end. */
const MCTS_SPEC = /^mcts(?:\+([A-Za-z][\w-]{0,39}))?:(?:(\d+)|(\d+)ms|(\d{1,9}(?:\.\d{1,3})?)s)(?:\/(\d+))?$/;

function knownBots(factories: Record<string, BotFactory>): string {
  return `known bots: ${Object.keys(factories).join(", ")}, mcts:<iterations> (mcts:2000), mcts:<ms>ms or mcts:<seconds>s (mcts:100ms, mcts:1s), any with /<playout cut-off> (mcts:20/4), mcts+<bot>:<budget> for playouts played by a bot (mcts+random:200)`;
}

/** The search budget (and guiding bot) a `mcts...` name asks for, or undefined when the name has no such shape. */
function mctsBudget(spec: string): { budget: MctsOptions; guide: string | undefined } | undefined {
  const m = MCTS_SPEC.exec(spec);
  if (!m) return undefined;
  const budget: MctsOptions = m[2] !== undefined ? { iterations: Number(m[2]) } : { timeMs: m[3] !== undefined ? Number(m[3]) : Math.round(Number(m[4]) * 1000) };
  if (m[5] !== undefined) budget.maxPlayoutSteps = Number(m[5]);
  return { budget, guide: m[1] };
}

/**
 * The bot a name stands for: a name of `factories`, `mcts:2000` (iterations per decision) or,
 * given a clock, `mcts:500ms` / `mcts:1s` / `mcts:0.5s` (time per decision), any with an optional
 * playout cut-off after a slash (`mcts:20/4`, see {@link MctsOptions.maxPlayoutSteps}), and
 * `mcts+<bot>:<budget>` for a search whose playouts `<bot>` plays (a name of `factories`, or of
 * `policies`, which may add the plans and cut-off the game recommends: `mcts+planner:1s`).
 * Anything else gives the reason. The one parser of bot names: `simulate`, `playRecords`, the CLI
 * and `rules serve` all read names through it.
 */
export function parseBotSpec(spec: unknown, factories: Record<string, BotFactory>, now?: () => number, policies: Record<string, SearchPolicy> = {}): BotSpec {
  if (typeof spec === "string" && Object.hasOwn(factories, spec)) return { factory: factories[spec]! };
  const parsed = typeof spec === "string" ? mctsBudget(spec) : undefined;
  if (!parsed) return { problem: `unknown bot ${describeInput(spec)}; ${knownBots(factories)}` };
  const { budget, guide } = parsed;
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
  if (guide === undefined) return { factory: (game, seed) => mctsBot(game, { ...budget, seed }) };
  const policy = Object.hasOwn(policies, guide) ? policies[guide]! : undefined;
  const playout = policy?.playout ?? (Object.hasOwn(factories, guide) ? factories[guide] : undefined);
  if (playout === undefined || guide.startsWith("mcts")) {
    return { problem: `${name}: "${guide}" is no bot to play the playouts; give one of ${Object.keys(factories).filter((k) => !k.startsWith("mcts")).join(", ")}` };
  }
  const cutOff = budget.maxPlayoutSteps ?? policy?.maxPlayoutSteps;
  return {
    factory: (game, seed) =>
      mctsBot(game, {
        ...budget,
        seed,
        playout,
        ...(cutOff !== undefined ? { maxPlayoutSteps: cutOff } : {}),
        ...(policy?.plans ? { plans: policy.plans(game, seed) } : {}),
        ...(policy?.widening !== undefined ? { widening: policy.widening } : {}),
        ...(policy?.prior ? { prior: policy.prior } : {}),
        ...(policy?.evaluate ? { evaluate: policy.evaluate } : {}),
        ...(policy?.delegate ? { delegate: policy.delegate } : {}),
        ...(policy?.allowed ? { allowed: policy.allowed } : {}),
        ...(policy?.opponents ? { opponents: policy.opponents } : {}),
      }),
  };
}
