// Checks of the options a program passes to core's own entry points (simulate, playRecords, the
// bots): each returns why a value is refused, or undefined, so a caller can say where it came from.
import { RulesError } from "./errors.js";
import type { Seed } from "./rng.js";
import { INPUT_LIMITS, describeInput } from "./trust.js";

/** Throw the `INVALID_OPTIONS` refusal of `where` (a function name) for `problem`. */
export function invalidOptions(where: string, problem: string): never {
  throw new RulesError("INVALID_OPTIONS", `${where}: ${problem}.`);
}

/** A seed is a string of at most `INPUT_LIMITS.seedChars` characters or a safe integer, as `initialState` takes it. */
export function seedProblem(name: string, v: unknown): string | undefined {
  if (typeof v === "string") return v.length > INPUT_LIMITS.seedChars ? `${name} is a string of ${v.length} characters, at most ${INPUT_LIMITS.seedChars} allowed` : undefined;
  if (typeof v === "number" && Number.isSafeInteger(v)) return undefined;
  return `${name} must be a safe integer or a string, got ${describeInput(v)}`;
}

/** An integer from `min` to `max`. */
export function intProblem(name: string, v: unknown, min: number, max: number): string | undefined {
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= min && v <= max) return undefined;
  return `${name} must be an integer from ${min} to ${max}, got ${describeInput(v)}`;
}

/** A plain object (not null, not an array). */
export function objectProblem(name: string, v: unknown): string | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? undefined : `${name} must be an object, got ${describeInput(v)}`;
}

/** A function. */
export function functionProblem(name: string, v: unknown): string | undefined {
  return typeof v === "function" ? undefined : `${name} must be a function, got ${describeInput(v)}`;
}

/** The first problem of `checks` whose value is given (not undefined). */
export function firstProblem(checks: ReadonlyArray<readonly [unknown, () => string | undefined]>): string | undefined {
  for (const [value, check] of checks) {
    if (value === undefined) continue;
    const p = check();
    if (p !== undefined) return p;
  }
  return undefined;
}

/** `seed` checked: a {@link Seed}, else an `INVALID_OPTIONS` refusal of `where`. */
export function checkedSeed(where: string, name: string, seed: unknown): Seed {
  const p = seedProblem(name, seed);
  if (p !== undefined) invalidOptions(where, p);
  return seed as Seed;
}
