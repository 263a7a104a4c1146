// Files the commands read (replay's log, merge's reports; what they write is opened in sinks.ts), with one-line reasons a person
// can act on instead of error codes, and a bound on what is read.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { ActionLogSchema, describeZodError, type ActionLog } from "@rules/core";

/**
 * The largest log `replay` reads (32 MiB): a log of 100,000 actions (the most a game of the CLI
 * plays) is a few MB. A larger file, or an endless one such as `/dev/zero`, is refused after
 * reading this much, before anything parses it.
 */
export const MAX_LOG_BYTES = 32 * 1024 * 1024;

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

/** An action log file (as `play --json` and `--log` write it), read within {@link MAX_LOG_BYTES} and checked against `ActionLogSchema`. */
export function readLog(path: string): ActionLog {
  const text = readBounded(path, MAX_LOG_BYTES);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${path} is not valid JSON: ${(e as Error).message}`);
  }
  const r = ActionLogSchema.safeParse(json);
  if (!r.success) throw new Error(`${path} is not an action log: ${describeZodError(r.error)}`);
  return r.data as ActionLog;
}
