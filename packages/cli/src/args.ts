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

/**
 * The largest values of the numeric options, so that a mistyped number is refused at once rather
 * than starting work that cannot finish: `--games` (a series of a hundred million games is hours
 * in one process; split it with `--shard`) and `bench --seconds` (ten minutes). The bots'
 * budgets per decision are capped apart (bot-limits.ts).
 */
export const ARG_LIMITS: Readonly<Partial<Record<keyof typeof OPTIONS, number>>> = Object.freeze({ games: 100_000_000, seconds: 600 });

/** `--players -1` as `--players=-1`: a value that is a negative number is a value, not an option. */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const name = /^--([\w-]+)$/.exec(a)?.[1];
    if (name !== undefined && Object.hasOwn(OPTIONS, name) && OPTIONS[name as keyof typeof OPTIONS].type === "string" && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Split argv into positionals and options; an unknown or repeated option is a {@link UsageError}. */
export function parseArgv(argv: readonly string[]): ParsedArgs {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true; tokens: true }>>;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    // node's messages are long ("... To specify a positional argument starting with a '-' ..."): keep the first sentence.
    const first = msg.split(/\.\s/)[0]!.replace(/\.$/, "");
    const hint = /use '(--[\w-]+=-XYZ)'/.exec(msg);
    throw new UsageError(hint ? `${first}: to give a value starting with "-", write ${hint[1]}` : first);
  }
  const seen = new Map<string, string>();
  for (const t of parsed.tokens) {
    if (t.kind !== "option" || t.value === undefined) continue;
    const before = seen.get(t.name);
    if (before !== undefined) throw new UsageError(`--${t.name} is given twice ("${before}", then "${t.value}"): give it once`);
    seen.set(t.name, t.value);
  }
  return { positionals: parsed.positionals, values: parsed.values as ParsedArgs["values"] };
}

/** The cap of a numeric option ({@link ARG_LIMITS}), as a refusal when `n` is over it. */
function checkCap(name: string, n: number, text: string): void {
  const max = Object.hasOwn(ARG_LIMITS, name) ? ARG_LIMITS[name as keyof typeof OPTIONS] : undefined;
  if (max !== undefined && n > max) throw new UsageError(`--${name} takes at most ${max.toLocaleString("en-US")}, got "${text}"`);
}

/** Refuse options a command does not take. */
export function allowOnly(command: string, args: ParsedArgs, allowed: readonly string[]): void {
  for (const [k, v] of Object.entries(args.values)) {
    if (v !== undefined && k !== "help" && !allowed.includes(k)) {
      throw new UsageError(`"${command}" does not take --${k} (it takes ${allowed.map((a) => `--${a}`).join(", ") || "no options"})`);
    }
  }
}

/** A positive integer option (at most its {@link ARG_LIMITS} cap), or `undefined` when absent. */
export function positiveInt(name: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (/^\d{16,}$/.test(text)) checkCap(name, Infinity, text);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer, got "${text}"`);
  checkCap(name, n, text);
  return n;
}

/** A positive number option (decimals and exponents allowed: `2.5`, `.5`, `1e-3`; at most its {@link ARG_LIMITS} cap), or `undefined` when absent. */
export function positiveNumber(name: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const n = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a positive number such as 2, 0.5 or 1e-3, got "${text}"`);
  if (n <= 0) throw new UsageError(`--${name} must be greater than 0, got "${text}"`);
  checkCap(name, n, text);
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
