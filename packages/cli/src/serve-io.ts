// The I/O layer of `rules serve`: bytes in, lines framed under a byte limit, requests bounded
// before anything stringifies them, replies written with backpressure. What a request means is
// serve.ts's business; this file only decides what reaches it and how its answer leaves.

/** A line (request) longer than this many bytes of UTF-8 is refused without being held in memory. */
export const MAX_LINE_BYTES = 1_000_000;

/**
 * A request (or its `id`) nested deeper than this many levels of objects and arrays is refused
 * before it is echoed or stringified. A state the engines load is at most 64 levels deep
 * (`INPUT_LIMITS.depth`), so every request a client needs fits.
 */
export const MAX_REQUEST_DEPTH = 100;

/** A line that passed {@link MAX_LINE_BYTES}: it was skipped to its end, only its length is known. */
export interface LineTooLong {
  tooLong: number;
}

const NEWLINE = 0x0a;
const CR = 0x0d;

function decodeLine(parts: readonly Uint8Array[], size: number): string {
  const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
  const end = size > 0 && bytes[size - 1] === CR ? size - 1 : size;
  return Buffer.from(bytes.buffer, bytes.byteOffset, end).toString("utf8");
}

/**
 * The lines of a byte stream (LF or CRLF), each decoded from UTF-8 once it is complete. A line
 * longer than `maxBytes` is dropped as soon as it passes the limit and skipped to its end, then
 * reported as a {@link LineTooLong}: memory holds at most one line of `maxBytes` plus one chunk,
 * whatever the input. A last line without a newline counts as a line.
 */
export async function* frameLines(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, maxBytes: number = MAX_LINE_BYTES): AsyncGenerator<string | LineTooLong> {
  let parts: Uint8Array[] = [];
  let size = 0;
  let skipping = false;
  for await (const c of chunks) {
    const chunk = typeof c === "string" ? Buffer.from(c, "utf8") : c;
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, start);
      const end = nl === -1 ? chunk.length : nl;
      if (!skipping && size + (end - start) > maxBytes) {
        skipping = true;
        parts = [];
      }
      if (!skipping && end > start) parts.push(chunk.subarray(start, end));
      size += end - start;
      if (nl === -1) break;
      const frame = skipping ? { tooLong: size } : decodeLine(parts, size);
      parts = [];
      size = 0;
      skipping = false;
      start = nl + 1;
      yield frame;
    }
  }
  if (skipping) yield { tooLong: size };
  else if (size > 0) yield decodeLine(parts, size);
}

/** True when `value` holds objects or arrays nested more than `limit` levels (iterative: no stack to overflow). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** A request line read as far as the I/O layer checks it: a JSON object within the limits, or why not. */
export type ReadRequest = { ok: true; id: unknown; body: Record<string, unknown> } | { ok: false; id: unknown; problem: string };

/**
 * Parse one request line and bound it: at most {@link MAX_LINE_BYTES} bytes, one JSON object,
 * nested at most {@link MAX_REQUEST_DEPTH} levels. The `id` is echoed only when it is itself
 * within the depth limit (`null` otherwise), so no reply can fail to stringify because of it.
 */
export function readRequest(line: string): ReadRequest {
  // UTF-16 units never outnumber UTF-8 bytes, so only a long string needs counting.
  if (line.length > MAX_LINE_BYTES / 3 && Buffer.byteLength(line, "utf8") > MAX_LINE_BYTES) {
    return { ok: false, id: null, problem: `request longer than ${MAX_LINE_BYTES} bytes` };
  }
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch {
    return { ok: false, id: null, problem: "a request is one JSON object per line" };
  }
  if (typeof req !== "object" || req === null || Array.isArray(req)) return { ok: false, id: null, problem: "a request is a JSON object with a cmd" };
  const body = req as Record<string, unknown>;
  const id = body["id"] ?? null;
  if (nestedDeeperThan(id, MAX_REQUEST_DEPTH - 1)) return { ok: false, id: null, problem: `"id" is nested more than ${MAX_REQUEST_DEPTH - 1} levels deep` };
  if (nestedDeeperThan(body, MAX_REQUEST_DEPTH)) return { ok: false, id, problem: `request is nested more than ${MAX_REQUEST_DEPTH} levels deep` };
  return { ok: true, id, body };
}

/** The error reply line `{ id, ok: false, error: { code, message } }`. */
export function errorReply(id: unknown, code: string, message: string): string {
  try {
    return JSON.stringify({ id, ok: false, error: { code, message } });
  } catch {
    return JSON.stringify({ id: null, ok: false, error: { code, message } });
  }
}

/** The reply line `{ id, ok: true, result }`; a result that cannot be written as JSON is an `INTERNAL` error. */
export function okReply(id: unknown, result: unknown): string {
  try {
    return JSON.stringify({ id, ok: true, result });
  } catch (e) {
    return errorReply(id, "INTERNAL", `the reply cannot be written as JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The reply to a line refused for its length (it was never read whole, so it has no id). */
export function tooLongReply(frame: LineTooLong): string {
  return errorReply(null, "BAD_REQUEST", `request of ${frame.tooLong} bytes is longer than the limit of ${MAX_LINE_BYTES} bytes`);
}

/** Where `serveLines` reads and writes. */
export interface ServeIO {
  /** The raw input (the binary passes `process.stdin`); strings count as UTF-8 chunks. */
  input: AsyncIterable<Uint8Array | string>;
  /** Writes one reply line; returns `false` when the output's buffer is full, as `stream.write` does. */
  write: (text: string) => boolean | void;
  /** Resolves once the output can take more after `write` returned `false` (or is gone). */
  drained?: () => Promise<void>;
  /** Called when the input ends, before the replies still being worked out are awaited: stops them (the client has gone). */
  stop?: () => void;
}

/**
 * The serve loop: one reply line per non-blank request line, in order, except that a reply given
 * as a promise (a bot's search) is written when it settles, after the replies to the lines read
 * meanwhile. Input is read only while the output keeps up: after a `write` that returns `false`
 * it waits for `drained` before the next line, so memory stays bounded whatever the request rate.
 * When the input ends, `stop` is called and the pending replies are written before it returns.
 */
export async function serveLines(io: ServeIO, reply: (line: string) => string | Promise<string>): Promise<void> {
  const pending = new Set<Promise<void>>();
  for await (const frame of frameLines(io.input)) {
    if (typeof frame === "string" && frame.trim() === "") continue;
    const text = typeof frame === "string" ? reply(frame) : tooLongReply(frame);
    if (typeof text !== "string") {
      const written: Promise<void> = text.then((t) => void io.write(t + "\n")).finally(() => pending.delete(written));
      pending.add(written);
      continue;
    }
    if (io.write(text + "\n") === false) await io.drained?.();
  }
  io.stop?.();
  await Promise.all(pending);
}

/**
 * A `drained` for a Node stream: resolves on its next `drain`, or when it closes or fails (then
 * nothing waits for ever on an output that is gone).
 */
export function drainOf(stream: NodeJS.WritableStream): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        stream.off("drain", done);
        stream.off("close", done);
        stream.off("error", done);
        resolve();
      };
      stream.on("drain", done);
      stream.on("close", done);
      stream.on("error", done);
    });
}
