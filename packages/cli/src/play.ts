import {
  INPUT_LIMITS,
  RulesError,
  deriveSeed,
  describeBot,
  nextActor,
  seedRng,
  stateHash,
  type ActionLog,
  type BaseAction,
  type Bot,
  type BotFactory,
  type BotSpec,
  type Game,
  type Outcome,
  type Seed,
} from "@rules/core";
import { UsageError } from "./args.js";
import { botBudgetProblem } from "./bot-limits.js";
import { gameBots } from "./game-bots.js";

/**
 * A finished (or abandoned) bot game: every state, every action, and its log.
 *
 * @example
 * ```ts
 * import { playGame, type PlayedGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const played: PlayedGame = playGame(game, 1, 3, ["random", "random", "random"]);
 * console.log(played.states.length === played.actions.length + 1, played.bots); // true ["random", "random", "random"]
 * ```
 */
export interface PlayedGame {
  /** `states[i]` is the state before `actions[i]`; the last state is the final one. */
  states: unknown[];
  actions: BaseAction[];
  /** Bot name per seat. */
  bots: string[];
  log: ActionLog;
}

/** The clock of time-budget bots (`mcts:500ms`, `mcts:1s`). */
const clock = (): number => performance.now();

/**
 * A game still running after this many actions is abandoned as a failure.
 *
 * @example
 * ```ts
 * import { MAX_STEPS, playGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * console.log(playGame(game, 1, 3, ["random", "random", "random"]).actions.length < MAX_STEPS); // true
 * ```
 */
export const MAX_STEPS: number = INPUT_LIMITS.logActions;

/**
 * Bot names per seat from a `--bots` list (a shorter list repeats). A name that stands for no bot
 * is a {@link UsageError} giving the reason core's `describeBot` gives (`mcts:0`: no iterations),
 * as is a budget over the CLI's `BOT_LIMITS` (`mcts:10000000`); `timeBudgets: false` (simulate: its games must be reproducible) refuses `mcts:500ms`.
 */
export function resolveBots(spec: string | undefined, players: number, game?: Game, opts: { timeBudgets?: boolean } = {}): string[] {
  const names = spec === undefined ? [(game ? gameBots[game.id]?.default : undefined) ?? "random"] : spec.split(",").map((s) => s.trim());
  for (const n of names) {
    const problem = botBudgetProblem(n)?.message ?? parseBot(n, game, opts.timeBudgets ?? true).problem;
    if (problem !== undefined) throw new UsageError(problem);
  }
  if (names.length > players) throw new UsageError(`${names.length} bots given for ${players} players`);
  return Array.from({ length: players }, (_, p) => names[p % names.length]!);
}

/**
 * A bot name read with the game's own bots ({@link gameBots}) besides core's, and the host clock
 * when `timeBudgets` (so `mcts:1s` works): the one place the CLI parses them (play, simulate,
 * serve), through core's `describeBot`, which gives the reason a name stands for no bot.
 */
export function parseBot(name: string, game: Game | undefined, timeBudgets: boolean): BotSpec {
  const own = game ? gameBots[game.id] : undefined;
  return describeBot(name, { ...(own ? { factories: own.factories } : {}), ...(own?.policies ? { policies: own.policies } : {}), ...(timeBudgets ? { now: clock } : {}) });
}

/** The factory of a bot name as {@link parseBot} reads it, or undefined. */
export function factoryOf(name: string, game: Game | undefined, timeBudgets = true): BotFactory | undefined {
  return parseBot(name, game, timeBudgets).factory;
}

/**
 * The first state of a game from command-line options; a refusal of the options (`--players 99`)
 * becomes a {@link UsageError} carrying the game's own message.
 */
export function startState(game: Game, seed: Seed, options: Record<string, unknown>): unknown {
  try {
    return game.initialState(seed, options);
  } catch (e) {
    if (e instanceof RulesError && e.code === "INVALID_OPTIONS") throw new UsageError(e.message);
    throw e;
  }
}

/**
 * Play one game between bots through the checked `apply`. Bot `p` draws on its own generator,
 * seeded from `seed` and its seat, never on the game's; in a simultaneous step the seat that acts
 * next is drawn from a third stream of `seed` (`chooseActor`).
 *
 * @example
 * ```ts
 * import { replay, stateHash } from "@rules/core";
 * import { playGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const { log, states } = playGame(game, "demo", 4, ["mcts:20", "random", "random", "random"]);
 * console.log(stateHash(replay(game, log)) === stateHash(states[states.length - 1])); // true: the log replays
 * ```
 */
export function playGame(game: Game, seed: Seed, players: number, botNames: readonly string[], extra: Record<string, unknown> = {}): PlayedGame {
  const options = { ...extra, players };
  let state = startState(game, seed, options);
  const botRng = seedRng(`${String(seed)}/bots`);
  const bots: Bot[] = botNames.map((n) => {
    const bot = parseBot(n, game, true);
    if (!bot.factory) throw new UsageError(bot.problem);
    return bot.factory(game, deriveSeed(botRng));
  });
  // Who acts first in a simultaneous step: drawn from this game's own stream, never the lowest seat.
  const schedule = seedRng(`${String(seed)}/schedule`);
  const states: unknown[] = [state];
  const actions: BaseAction[] = [];
  while (!game.isTerminal(state)) {
    if (actions.length >= MAX_STEPS) throw new Error(`${game.name} did not end within ${MAX_STEPS} actions`);
    const p = nextActor(game, state, schedule);
    if (p === undefined) throw new Error(`${game.name} is not over but nobody may act`);
    const legal = game.legalActions(state, p);
    if (legal.length === 0) throw new Error(`${game.name} is not over but seat ${p} has no legal action`);
    const action = bots[p]!.act(state, p, legal) as BaseAction;
    state = game.apply(state, action);
    actions.push(action);
    states.push(state);
  }
  const log: ActionLog = { game: game.id, rulesVersion: game.rulesVersion, seed, options, actions, finalHash: stateHash(state) };
  return { states, actions, bots: bots.map((b) => b.name), log };
}

/**
 * A log as JSON text: one action per line, so it stays readable and diffs well.
 *
 * @example
 * ```ts
 * import { logToJson, playGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const text = logToJson(playGame(game, 1, 3, ["random", "random", "random"]).log);
 * console.log(text.split("\n").slice(0, 3)); // ["{", '  "game": "donkey-valley",', '  "rulesVersion": 1,']
 * ```
 */
export function logToJson(log: ActionLog): string {
  const { actions, ...head } = log;
  const lines = ["{"];
  const fields = Object.entries({ ...head, actions: null });
  for (const [k, v] of fields) {
    if (k === "actions") {
      lines.push(`  "actions": [`);
      actions.forEach((a, i) => lines.push(`    ${JSON.stringify(a)}${i < actions.length - 1 ? "," : ""}`));
      lines.push(`  ]${log.finalHash !== undefined ? "," : ""}`);
    } else if (k !== "finalHash") {
      lines.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
    }
  }
  if (log.finalHash !== undefined) lines.push(`  "finalHash": ${JSON.stringify(log.finalHash)}`);
  lines.push("}");
  return lines.join("\n") + "\n";
}

/** Align columns of text (left-aligned, two spaces apart). */
export function columns(rows: readonly (readonly string[])[], indent = "  "): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => (indent + r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]!) : c)).join("  ")).trimEnd());
}

/**
 * The readable log of a game: one numbered line per action (`describeAction`), each followed by
 * what happened by itself (`describeEvents`: cards revealed, points won, a new round), indented.
 *
 * @example
 * ```ts
 * import { describeGame, playGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const { states, actions } = playGame(game, 1, 3, ["random", "random", "random"]);
 * console.log(describeGame(game, states, actions).slice(0, 3)); // the set-up events, then "   1. Seat 0 plays a load card face down"
 * ```
 */
export function describeGame(game: Game, states: readonly unknown[], actions: readonly BaseAction[]): string[] {
  const width = String(actions.length).length;
  const indent = " ".repeat(width + 4);
  const events = (before: unknown, action: BaseAction | null, after: unknown): string[] =>
    (game.describeEvents?.(before, action, after) ?? []).map((e) => `${indent}· ${e}`);
  const lines = events(null, null, states[0]);
  actions.forEach((a, i) => {
    lines.push(`${String(i + 1).padStart(width + 2)}. ${game.describeAction(states[i], a)}`);
    lines.push(...events(states[i], a, states[i + 1]));
  });
  return lines;
}

/** `1 player`, `2 players`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Final scores, ranks, breakdown and winners, as lines.
 *
 * @example
 * ```ts
 * import { outcomeFromScores } from "@rules/core";
 * import { describeOutcome } from "@rules/cli";
 *
 * console.log(describeOutcome(outcomeFromScores([12, 15, 9]), ["random", "mcts", "random"]).join("\n"));
 * ```
 */
export function describeOutcome(outcome: Outcome, bots?: readonly string[]): string[] {
  const rows = outcome.scores.map((s, p) => {
    const row = [`seat ${p}`];
    if (bots) row.push(bots[p] ?? "");
    row.push(plural(s, "point"), `rank ${outcome.ranks[p] ?? "?"}`);
    const b = outcome.breakdown?.[p];
    row.push(b ? "(" + Object.entries(b).map(([k, v]) => `${k} ${v}`).join(", ") + ")" : "");
    row.push(outcome.winners.includes(p) ? "winner" : "");
    return row;
  });
  const w = outcome.winners;
  const verdict =
    w.length === 1 ? `Winner: seat ${w[0]}` : w.length === 0 ? "No winner" : `Winners (shared): seats ${w.join(", ")}`;
  return ["Final scores", ...columns(rows), "", verdict];
}

/** The header of a game log. */
export function describeHeader(game: Game, players: number, seed: Seed, bots?: readonly string[]): string[] {
  const lines = [`${game.name} (${game.id}, rules v${game.rulesVersion}) -- ${plural(players, "player")}, seed ${JSON.stringify(seed)}`];
  if (bots) lines.push(`Bots: ${bots.map((b, p) => `seat ${p} ${b}`).join(", ")}`);
  return lines;
}
