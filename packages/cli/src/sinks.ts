// Output files opened and tried before any work: a file that cannot be written (`/dev/full`, a
// read-only folder, a FIFO nobody reads) is refused at once with the reason, not after every game
// is played. Writes are synchronous and in order, so what is written stays written whatever
// happens next; a `.gz` file is written as gzip members of up to 256 KiB of text each (a valid
// gzip file that gunzip, zcat and Python's gzip read as one stream).
import { closeSync, constants, fstatSync, openSync, statSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";

/** Somewhere lines go, in order. */
export interface Sink {
  readonly path: string;
  /** Text, or bytes of UTF-8 text (copied if kept: the caller may reuse the buffer). */
  write(text: string | Buffer): void;
  /** Write what is buffered and close the file. */
  close(): void;
}

/** Why a file cannot be written, in words. */
export function writeReason(path: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case "ENOENT":
      return `cannot write ${path}: the folder ${dirname(path)} does not exist`;
    case "EISDIR":
      return `cannot write ${path}: it is a folder`;
    case "ENOTDIR":
      return `cannot write ${path}: a part of the path before the file name is not a folder`;
    case "EACCES":
    case "EPERM":
      return `cannot write ${path}: permission denied`;
    case "EROFS":
      return `cannot write ${path}: the file system is read-only`;
    case "ENOSPC":
      return `cannot write ${path}: no space left on the device`;
    case "ENXIO":
      return `cannot write ${path}: it is a FIFO that no process is reading (start the reader first)`;
    case "EPIPE":
      return `cannot write ${path}: its reader has gone`;
    default:
      return `cannot write ${path}: ${code ?? (e instanceof Error ? e.message : String(e))}`;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Write all of `buf`, waiting while a non-blocking FIFO is full. */
function writeAll(fd: number, buf: Buffer, path: string): void {
  let off = 0;
  // One zero-length write too: `/dev/full` refuses even that, a regular file takes it.
  do {
    let n: number;
    try {
      n = writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      throw new Error(writeReason(path, e));
    }
    off += n;
  } while (off < buf.length);
}

/**
 * Open `path` for writing (created or emptied) and try a write, before any work. A FIFO is opened
 * without blocking: with no reader it is refused at once rather than waiting forever.
 */
export function openFileForWriting(path: string): number {
  let fifo = false;
  try {
    fifo = statSync(path).isFIFO();
  } catch {
    // Not there yet: it will be created.
  }
  let fd: number;
  try {
    fd = openSync(path, fifo ? constants.O_WRONLY | constants.O_NONBLOCK : "w");
    if (fstatSync(fd).isDirectory()) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
  } catch (e) {
    throw new Error(writeReason(path, e));
  }
  try {
    writeAll(fd, Buffer.alloc(0), path);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return fd;
}

/** A file sink, gzip when the name ends in `.gz`. */
export function openSink(path: string): Sink {
  const fd = openFileForWriting(path);
  const gz = path.endsWith(".gz");
  let pending: Buffer[] = [];
  let size = 0;
  let open = true;
  const flush = (): void => {
    if (pending.length === 0) return;
    const bytes = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    writeAll(fd, gzipSync(bytes), path);
  };
  // An empty member first: the file is valid gzip even if nothing else is ever written.
  if (gz) {
    try {
      writeAll(fd, gzipSync(""), path);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }
  return {
    path,
    write(text) {
      if (!gz) {
        writeAll(fd, typeof text === "string" ? Buffer.from(text, "utf8") : text, path);
        return;
      }
      const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : Buffer.from(text);
      pending.push(bytes);
      size += bytes.length;
      if (size >= 256 * 1024) flush();
    },
    close() {
      if (!open) return;
      open = false;
      try {
        flush();
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** A sink over a writer (standard output). */
export function writerSink(path: string, out: (text: string) => unknown): Sink {
  return { path, write: (t) => void out(typeof t === "string" ? t : t.toString("utf8")), close: () => undefined };
}
