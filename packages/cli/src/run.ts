import { defaultPlayers, replayStates, stateHash, type Game } from "@rules/core";
import { UsageError, allowOnly, findGame, mapOptions, onePositional, parseArgv, playersArg, positiveNumber, seedArg, type ParsedArgs } from "./args.js";
import { benchGame, formatBench } from "./bench.js";
import { BOT_LIMITS } from "./bot-limits.js";
import { readLog } from "./files.js";
import { gameBots } from "./game-bots.js";
import { columns, describeGame, describeHeader, describeOutcome, logToJson, playGame, resolveBots, startState } from "./play.js";
import { createServer } from "./serve.js";
import { serveLines } from "./serve-io.js";
import type { BotThinker } from "./serve-think.js";
import { ExitError, simulateCommand, type WorkerRunner } from "./simulate-command.js";
import { mergeCommand } from "./merge-command.js";
import { openSink } from "./sinks.js";
import { USAGE, commandUsage } from "./usage.js";

/**
 * Receives text exactly as it should be written (lines end with `"\n"`). It may return `false`, as
 * a Node stream's `write` does, when its buffer is full: `serve` then reads no more input until
 * {@link RunOptions.drained} resolves.
 *
 * @example
 * ```ts
 * import { run, type Writer } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const lines: string[] = [];
 * const out: Writer = (text) => void lines.push(text);
 * await run(["list"], { games: { [game.id]: game }, out, err: out });
 * console.log(lines.join("")); // a table: game, name, players, version
 * ```
 */
export type Writer = (text: string) => boolean | void;

/**
 * Where {@link run} finds its games and writes its output.
 *
 * @example
 * ```ts
 * import { run, type RunOptions } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * let text = "";
 * const options: RunOptions = { games: { "donkey-valley": game }, out: (t) => void (text += t), err: () => {}, version: "0.1.0" };
 * console.log(await run(["--version"], options), text); // 0 "0.1.0\n"
 * ```
 */
export interface RunOptions {
  /** The games it knows, by id (the `rules` binary passes every game of the project). */
  games: Record<string, Game>;
  /** Standard output. */
  out: Writer;
  /** Standard error: error lines and, when `isTTY`, the progress line of `simulate`. */
  err: Writer;
  /** True when `err` is a terminal: `simulate` then shows a progress line rewritten with `\r`. */
  isTTY?: boolean;
  /** The version printed by `--version` (default `"unknown"`). */
  version?: string;
  /** Clock in milliseconds for elapsed times (default `performance.now`). */
  now?: () => number;
  /**
   * Standard input for `serve`, as it comes: byte chunks (the `rules` binary passes
   * `process.stdin`) or strings (UTF-8 text). `serve` cuts it into lines itself, under its byte limit.
   */
  input?: AsyncIterable<Uint8Array | string>;
  /** Resolves once `out` can take more after it returned `false` (the binary waits for stdout's `drain`). */
  drained?: () => Promise<void>;
  /** How `simulate --workers K` runs a worker (default: a child process of this same program). */
  worker?: WorkerRunner;
  /**
   * Aborted (with the signal's name as reason) when the run should stop: `simulate` then stops
   * its workers, writes what finished and exits with 130 (SIGINT) or 143 (SIGTERM). The `rules`
   * binary aborts it on SIGINT and SIGTERM.
   */
  interrupt?: AbortSignal;
  /**
   * Makes what works out `serve`'s bot moves away from the serving thread (the `rules` binary
   * passes a worker thread). Default: none, so a `bot` request searches in the serving thread,
   * which answers nothing else until the bot has decided (at most BOT_LIMITS per request).
   */
  think?: () => BotThinker;
}

/** One line, whatever the message held. */
function oneLine(message: string): string {
  return message
    .split("\n")
    .map((s) => s.trim())
    .filter(Boolean)
    .join("; ");
}

function lines(out: Writer, text: readonly string[]): void {
  out(text.join("\n") + "\n");
}

function play(args: ParsedArgs, o: RunOptions): void {
  allowOnly("play", args, ["players", "map", "seed", "bots", "json", "log"]);
  const game = findGame(o.games, onePositional("play", args, "game"), "play");
  const extra = mapOptions(args);
  const n = playersArg(game, args, extra);
  const seed = seedArg(args.values["seed"]);
  const bots = resolveBots(args.values["bots"] as string | undefined, n, game);
  startState(game, seed, { ...extra, players: n }); // refuse bad options as a usage error before any bot is built
  const logFile = args.values["log"];
  if (logFile === "" || logFile === true) throw new UsageError("--log needs a file name");
  // Opened and tried before the game (a FIFO with no reader is refused, not waited on).
  const log = typeof logFile === "string" ? openSink(logFile) : undefined;
  let played;
  try {
    played = playGame(game, seed, n, bots, extra);
    log?.write(logToJson(played.log));
  } finally {
    log?.close();
  }
  const json = logToJson(played.log);
  if (args.values["json"]) {
    o.out(json);
    return;
  }
  const final = played.states[played.states.length - 1];
  const outcome = game.outcome(final);
  if (!outcome) throw new Error(`${game.name} ended without an outcome`);
  lines(o.out, [
    ...describeHeader(game, n, seed, played.bots),
    "",
    ...describeGame(game, played.states, played.actions),
    "",
    ...describeOutcome(outcome, played.bots),
    `${played.actions.length} actions; final state hash ${played.log.finalHash}`,
  ]);
  if (typeof logFile === "string") o.out(`Log written to ${logFile}\n`);
}

function replayCommand(args: ParsedArgs, o: RunOptions): void {
  allowOnly("replay", args, []);
  const path = onePositional("replay", args, "file");
  if (path === undefined) throw new UsageError(`"replay" needs a log file (as written by "rules play <game> --json")`);
  const log = readLog(path);
  const game = Object.hasOwn(o.games, log.game) ? o.games[log.game] : undefined;
  if (!game) throw new Error(`${path} is a log of "${log.game}", which is not a known game (known: ${Object.keys(o.games).join(", ")})`);
  const states = replayStates(game, log);
  const final = states[states.length - 1];
  const hash = stateHash(final);
  if (log.finalHash !== undefined && hash !== log.finalHash) {
    throw new Error(`replaying ${path} gives final state ${hash}, but the log recorded ${log.finalHash}`);
  }
  const n = typeof log.options["players"] === "number" ? log.options["players"] : defaultPlayers(game, log.options);
  const outcome = game.outcome(final);
  lines(o.out, [
    ...describeHeader(game, n, log.seed),
    "",
    ...describeGame(game, states, log.actions),
    "",
    ...(outcome ? describeOutcome(outcome) : [`The game is not over (${log.actions.length} actions replayed).`]),
    log.finalHash !== undefined ? `${log.actions.length} actions; final state hash ${hash} matches the log` : `${log.actions.length} actions; final state hash ${hash} (the log records none)`,
  ]);
}

function benchCommand(args: ParsedArgs, o: RunOptions): void {
  allowOnly("bench", args, ["seconds", "players", "map"]);
  const game = findGame(o.games, onePositional("bench", args, "game"), "bench");
  const seconds = positiveNumber("seconds", args.values["seconds"]) ?? 5;
  const extra = mapOptions(args);
  const n = playersArg(game, args, extra);
  startState(game, 1, { ...extra, players: n });
  const opts = o.now ? { seconds, players: n, options: extra, now: o.now } : { seconds, players: n, options: extra };
  o.out(formatBench([benchGame(game, opts)]));
}

async function serveCommand(args: ParsedArgs, o: RunOptions): Promise<void> {
  allowOnly("serve", args, []);
  if (args.positionals.length > 1) throw new UsageError(`"serve" takes no arguments`);
  if (!o.input) throw new Error("serve needs standard input");
  const think = o.think?.();
  try {
    const io = { input: o.input, write: o.out, ...(o.drained ? { drained: o.drained } : {}), ...(think ? { stop: () => think.close() } : {}) };
    await serveLines(io, think ? createServer(o.games, think) : createServer(o.games));
  } finally {
    think?.close();
  }
}

function list(args: ParsedArgs, o: RunOptions): void {
  allowOnly("list", args, []);
  if (args.positionals.length > 1) throw new UsageError(`"list" takes no arguments`);
  const rows = Object.entries(o.games).map(([id, g]) => [
    id,
    g.name,
    g.minPlayers === g.maxPlayers ? `${g.minPlayers}` : `${g.minPlayers}-${g.maxPlayers}`,
    `rules v${g.rulesVersion}`,
  ]);
  lines(o.out, [...columns([["game", "name", "players", "version"], ...rows], ""), ...listMaps(o.games), ...listBots(o.games)]);
}

/** The boards of the games that have several (`--map`): the ids their default options list. */
function listMaps(games: Record<string, Game>): string[] {
  const rows: string[][] = [];
  for (const [id, g] of Object.entries(games)) {
    const parsed = g.schemas.options.safeParse({});
    const maps = parsed.success ? (parsed.data as { components?: { maps?: unknown } }).components?.maps : undefined;
    if (!Array.isArray(maps) || maps.length < 2) continue;
    const names = maps.map((m: { id?: unknown; name?: unknown }) => {
      const solo = (() => {
        try {
          return defaultPlayers(g, { map: m.id }) === 1;
        } catch {
          return false;
        }
      })();
      return `${String(m.id)} (${String(m.name ?? m.id)}${solo ? ", solo" : ""})`;
    });
    rows.push([id, names.join(", ")]);
  }
  return rows.length === 0 ? [] : ["", "Maps (--map id; the first is the default):", ...columns(rows)];
}

/** The bots every game takes, and each game's own ({@link gameBots}) with its default. */
function listBots(games: Record<string, Game>): string[] {
  const rows: string[][] = [];
  for (const id of Object.keys(games)) {
    const own = gameBots[id];
    if (!own) continue;
    const names = [...Object.keys(own.factories), ...Object.keys(own.policies ?? {}).map((p) => `mcts+${p}:<budget>`)];
    rows.push([id, names.join(", ") + (own.default !== "random" ? ` (default ${own.default})` : "")]);
  }
  return [
    "",
    "Bots (--bots): every game takes random (the default), mcts, mcts:<iterations> (at most",
    `${BOT_LIMITS.iterations.toLocaleString("en-US")}), mcts:<time> (play only, at most ${BOT_LIMITS.timeMs / 1000}s) and mcts+random:<budget>; besides, a game's own:`,
    ...columns(rows),
  ];
}

/**
 * Run the `rules` command with `argv` (without `node` and the script name). Writes to
 * `options.out` / `options.err` and resolves to the exit code: 0 success, 1 failure (unreadable or
 * invalid file, illegal log, engine error), 2 usage error. Never throws; an error is one line
 * `rules: <message>` on `err`.
 *
 * @example
 * ```ts
 * import { run } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * let text = "";
 * const code = await run(["play", "donkey-valley", "--players", "3", "--seed", "1"], {
 *   games: { "donkey-valley": game },
 *   out: (t) => void (text += t),
 *   err: (t) => void (text += t),
 * });
 * console.log(code, text.trimEnd().split("\n").slice(-3)); // 0 and the end of the readable log
 * console.log(await run(["play", "chess"], { games: { "donkey-valley": game }, out: () => {}, err: () => {} })); // 2: no such game
 * ```
 */
export async function run(argv: readonly string[], options: RunOptions): Promise<number> {
  try {
    const args = parseArgv(argv);
    const command = args.positionals[0];
    if (args.values["version"] && command === undefined) {
      options.out(`${options.version ?? "unknown"}\n`);
      return 0;
    }
    if (command === undefined && !args.values["help"]) {
      const given = Object.entries(args.values).filter(([, v]) => v !== undefined).map(([k]) => `--${k}`);
      if (given.length > 0) {
        throw new UsageError(`${given.join(", ")} needs a command: rules <command> [options], commands: play, simulate, merge, replay, bench, list, serve, help`);
      }
    }
    if (command === undefined || command === "help") {
      const about = command === "help" ? args.positionals[1] : undefined;
      options.out((about !== undefined ? commandUsage(about) : undefined) ?? USAGE);
      return 0;
    }
    if (args.values["help"]) {
      options.out(commandUsage(command) ?? USAGE);
      return 0;
    }
    if (args.values["version"]) throw new UsageError("--version takes no command");
    switch (command) {
      case "play":
        play(args, options);
        break;
      case "simulate":
        await simulateCommand(args, options);
        break;
      case "replay":
        replayCommand(args, options);
        break;
      case "bench":
        benchCommand(args, options);
        break;
      case "list":
        list(args, options);
        break;
      case "serve":
        await serveCommand(args, options);
        break;
      case "merge":
        await mergeCommand(args, options);
        break;
      default:
        throw new UsageError(`unknown command "${command}"; commands: play, simulate, merge, replay, bench, list, serve, help`);
    }
    return 0;
  } catch (e) {
    if (e instanceof ExitError) {
      options.err(`rules: ${oneLine(e.message)}\n`);
      return e.exitCode;
    }
    const usage = e instanceof UsageError;
    const message = e instanceof Error ? e.message : String(e);
    options.err(`rules: ${oneLine(message)}${usage ? " (see rules --help)" : ""}\n`);
    return usage ? 2 : 1;
  }
}
