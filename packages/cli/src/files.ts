// Files the commands read (replay's log, merge's reports; what they write is opened in sinks.ts), with one-line reasons a person
// can act on instead of error codes, and a bound on what is read.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { ActionLogSchema, INPUT_LIMITS, type ActionLog } from "@rules/core";

/**
 * The limits of a log `replay` reads, checked before it is parsed. Bytes: 32 MiB (a log of
 * 100,000 actions, the most a game of the CLI plays, is a few MB); a larger file, or an endless
 * one such as `/dev/zero`, is refused after reading this much. Values: core's limit on any input
 * (`INPUT_LIMITS.nodes`, which `replay` checks after parsing), counted in the text first, so that
 * a file of millions of tiny values (`[{},{},...]`) is refused without building them.
 */
export const MAX_LOG_BYTES = 32 * 1024 * 1024;

/** Problems of a file that is no log shown in the message (the rest are counted). */
const PROBLEMS_SHOWN = 3;

/** Why a file operation failed, in words. */
function reason(path: string, e: unknown, verb: "read" | "write"): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case "ENOENT":
      return verb === "read" ? `no such file: ${path}` : `cannot write ${path}: the folder ${dirname(path)} does not exist`;
    case "EISDIR":
      return verb === "read" ? `${path} is a folder, not a file` : `cannot write ${path}: it is a folder`;
    case "ENOTDIR":
      return `cannot ${verb} ${path}: a part of the path before the file name is not a folder`;
    case "EACCES":
    case "EPERM":
      return `cannot ${verb} ${path}: permission denied`;
    default:
      return `cannot ${verb} ${path}: ${code ?? (e instanceof Error ? e.message : String(e))}`;
  }
}

/**
 * The text of a file of at most `max` bytes, read in pieces: a larger or endless file costs at
 * most `max` bytes of memory and is refused with its name and the limit.
 */
export function readBounded(path: string, max: number): string {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (e) {
    throw new Error(reason(path, e, "read"));
  }
  try {
    if (fstatSync(fd).isDirectory()) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) throw new Error(`${path} is larger than ${max.toLocaleString("en-US")} bytes, the most a log may hold: it is no log this command wrote`);
    }
    return Buffer.concat(chunks, total).toString("utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== undefined) throw new Error(reason(path, e, "read"));
    throw e;
  } finally {
    closeSync(fd);
  }
}

/**
 * True when the JSON text holds more than `limit` values, counted without parsing: every value
 * but the first follows a `,` or opens a container's first element, so commas and openings
 * outside strings bound the count from above, as core's `inputSizeProblem` counts after parsing.
 */
export function moreValuesThan(text: string, limit: number): boolean {
  let count = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c || c === 0x5b || c === 0x7b) {
      if (++count > limit) return true;
    }
  }
  return false;
}

/** The first few problems of a value that is no log, each short: `"game": missing`, `"actions": expected array`. */
function logProblems(json: unknown, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const absent = (path: PropertyKey[]): boolean => {
    let v: unknown = json;
    for (const k of path) v = typeof v === "object" && v !== null && Object.hasOwn(v, k) ? (v as Record<PropertyKey, unknown>)[k] : undefined;
    return v === undefined;
  };
  const shown = issues.slice(0, PROBLEMS_SHOWN).map((i) => {
    const at = i.path.length > 0 ? `"${i.path.map(String).join(".")}"` : "the file";
    const what = i.path.length > 0 && absent(i.path) ? "missing" : i.message.replace(/^Invalid input: /, "");
    return `${at}: ${what.length > 80 ? `${what.slice(0, 79)}…` : what}`;
  });
  const more = issues.length - shown.length;
  return shown.join("; ") + (more > 0 ? ` (and ${more} more)` : "");
}

/**
 * An action log file (as `play --json` and `--log` write it), read within {@link MAX_LOG_BYTES}
 * and core's value limit before parsing, and checked against `ActionLogSchema`. The value
 * returned is the file's JSON itself, not the schema's copy, so that core's `replay` checks
 * exactly what the file holds (an own `__proto__` key in `options` included).
 */
export function readLog(path: string): ActionLog {
  const text = readBounded(path, MAX_LOG_BYTES);
  const notALog = `${path} is not an action log (as "rules play --json" writes one)`;
  if (moreValuesThan(text, INPUT_LIMITS.nodes)) throw new Error(`${notALog}: it holds more than ${INPUT_LIMITS.nodes} values, the most a log may hold`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${notALog}: it is not valid JSON (${(e as Error).message})`);
  }
  const r = ActionLogSchema.safeParse(json);
  if (!r.success) throw new Error(`${notALog}: ${logProblems(json, r.error.issues)}`);
  return json as ActionLog;
}
