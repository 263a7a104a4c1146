import { parseArgs } from "node:util";
import { defaultPlayers, type Game, type Seed } from "@rules/core";

/**
 * A mistake in how the command was called (exit code 2).
 *
 * @example
 * ```ts
 * import { UsageError, run } from "@rules/cli";
 *
 * let err = "";
 * const code = await run(["play"], { games: {}, out: () => {}, err: (t) => void (err += t) });
 * console.log(code, err); // 2 and a "rules: ..." line: a UsageError exits with code 2
 * console.log(new UsageError("missing <game>") instanceof Error); // true
 * ```
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** The options every command may be given, as strings (checked per command). */
export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

const OPTIONS = {
  players: { type: "string" },
  map: { type: "string" },
  seed: { type: "string" },
  bots: { type: "string" },
  json: { type: "boolean" },
  log: { type: "string" },
  games: { type: "string" },
  seconds: { type: "string" },
  shard: { type: "string" },
  out: { type: "string" },
  workers: { type: "string" },
  range: { type: "string" },
  options: { type: "string" },
  trajectories: { type: "string" },
  report: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** Split argv into positionals and options; unknown options are a {@link UsageError}. */
export function parseArgv(argv: readonly string[]): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    return { positionals, values: values as ParsedArgs["values"] };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    // node's messages are long ("... To specify a positional argument starting with a '-' ..."): keep the first sentence.
    const first = msg.split(/\.\s/)[0]!.replace(/\.$/, "");
    const hint = /use '(--[\w-]+=-XYZ)'/.exec(msg);
    throw new UsageError(hint ? `${first}: to give a value starting with "-", write ${hint[1]}` : first);
  }
}

/** Refuse options a command does not take. */
export function allowOnly(command: string, args: ParsedArgs, allowed: readonly string[]): void {
  for (const [k, v] of Object.entries(args.values)) {
    if (v !== undefined && k !== "help" && !allowed.includes(k)) {
      throw new UsageError(`"${command}" does not take --${k} (it takes ${allowed.map((a) => `--${a}`).join(", ") || "no options"})`);
    }
  }
}

/** A positive integer option, or `undefined` when absent. */
export function positiveInt(name: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer, got "${text}"`);
  return n;
}

/** A positive number option (decimals and exponents allowed: `2.5`, `.5`, `1e-3`), or `undefined` when absent. */
export function positiveNumber(name: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const n = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a positive number such as 2, 0.5 or 1e-3, got "${text}"`);
  if (n <= 0) throw new UsageError(`--${name} must be greater than 0, got "${text}"`);
  return n;
}

/**
 * A seed: an integer when it looks like one, otherwise the string itself (default 1). A number
 * seed must be a safe integer, as the engines take it: `1.5`, `1e3` or `+5` look like numbers and
 * are refused rather than silently read as words.
 */
export function seedArg(value: string | boolean | undefined): Seed {
  if (value === undefined) return 1;
  const text = String(value);
  if (/^-?\d+$/.test(text)) {
    const n = Number(text);
    if (!Number.isSafeInteger(n)) throw new UsageError(`--seed ${text} is too large for an integer seed (use at most 15 digits, or a word)`);
    return n;
  }
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) {
    throw new UsageError(`--seed ${text} is not an integer: a number seed must be a whole number of at most 15 digits (or give a word, such as s${text})`);
  }
  if (text.length === 0) throw new UsageError("--seed must not be empty");
  return text;
}

/** The game a command names, by id; a missing or unknown one is a {@link UsageError}. */
export function findGame(games: Record<string, Game>, id: string | undefined, command: string): Game {
  if (id === undefined) throw new UsageError(`"${command}" needs a game; known games: ${Object.keys(games).join(", ")}`);
  const g = Object.hasOwn(games, id) ? games[id] : undefined;
  if (!g) throw new UsageError(`unknown game "${id}"; known games: ${Object.keys(games).join(", ") || "(none)"}`);
  return g;
}

/** The one positional argument after the command, if any. */
export function onePositional(command: string, args: ParsedArgs, what: string): string | undefined {
  if (args.positionals.length > 2) throw new UsageError(`"${command}" takes one ${what}, got: ${args.positionals.slice(1).join(" ")}`);
  return args.positionals[1];
}

/** `--map id` as game options (`{ map }`), or none. */
export function mapOptions(args: ParsedArgs): { map?: string } {
  const map = args.values["map"];
  if (map === "" || map === true) throw new UsageError("--map needs a map id");
  return typeof map === "string" ? { map } : {};
}

/** `--players n`, else the game's default for the other options (a solo map gives 1: {@link defaultPlayers}). */
export function playersArg(game: Game, args: ParsedArgs, extra: Record<string, unknown>): number {
  return positiveInt("players", args.values["players"]) ?? defaultPlayers(game, extra);
}
