/**
 * The `rules` command as a library: {@link run} takes argv and a registry of games, so a program
 * (or a test) can drive `play`, `simulate`, `replay`, `bench` and `list` without a process.
 * {@link benchGame} is the measurement behind `rules bench` and the repository's `npm run bench`.
 *
 * @packageDocumentation
 */
export { run, type RunOptions, type Writer } from "./run.js";
export { describeSimulation, type WorkerRunner } from "./simulate-command.js";
export { USAGE } from "./usage.js";
export { anchorRegressions, benchFigures, benchGame, ANCHOR_FLOORS, type AnchorResult, formatBench, formatCompare, middlePlayers, FAST_PATH_TARGET, OWNED_STATE_WAYS, type BenchOptions, type BenchReport, type OwnedThroughput, type Throughput } from "./bench.js";
export { playGame, logToJson, describeGame, describeOutcome, MAX_STEPS, type PlayedGame } from "./play.js";
export { UsageError } from "./args.js";
export type { BotThinker } from "./serve-think.js";
export { BOT_LIMITS, type BotMove, type BotRequest } from "./serve-bot.js";
