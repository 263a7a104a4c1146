// Where `rules serve` works out a bot's move: in a worker thread, so that a search of seconds
// neither stops the server answering other requests nor outlives its client, and so that its
// time and memory are bounded apart from the sessions (BOT_LIMITS).
import { Worker } from "node:worker_threads";
import { BOT_LIMITS, BotError, type BotMove, type BotRequest } from "./serve-bot.js";

/**
 * Works out the moves of checked `bot` requests away from the serving thread, one at a time.
 *
 * @example
 * ```ts
 * import type { BotThinker } from "@rules/cli";
 *
 * // A thinker that refuses everything (a real one searches in another thread).
 * const none: BotThinker = { busy: false, think: () => Promise.reject(new Error("no bots here")), close: () => {} };
 * console.log(none.busy); // false
 * ```
 */
export interface BotThinker {
  /** True while a search is under way: the server then refuses another `bot` request with `BUSY`. */
  readonly busy: boolean;
  /** The move; rejects with an error carrying a `code` (`OVER_LIMIT` when stopped for time or memory). */
  think(request: BotRequest): Promise<BotMove>;
  /** Stop any search (its promise rejects with `CANCELLED`) and end the thread. */
  close(): void;
}

type Reply = { id: number; ok: true; move: BotMove } | { id: number; ok: false; code: string; message: string };

/** The search thread: the built entry beside this file, or (running from source under tsx) the TypeScript one. */
function startThread(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (import.meta.url.endsWith(".ts")) {
    const entry = new URL("./serve-bot-worker.ts", import.meta.url).href;
    const load = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
    return new Worker(load, { eval: true, resourceLimits });
  }
  return new Worker(new URL("./serve-bot-worker.js", import.meta.url), { resourceLimits });
}

/**
 * A {@link BotThinker} on a worker thread (started at the first request, kept for the next),
 * whose heap is capped at `limits.heapMb` and whose search is stopped after `limits.thinkMs`:
 * either way the reply is `OVER_LIMIT` and the next request gets a fresh thread.
 */
export function workerThinker(limits: { heapMb: number; thinkMs: number } = BOT_LIMITS): BotThinker {
  let thread: Worker | undefined;
  let current: { id: number; resolve: (m: BotMove) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | undefined;
  let next = 1;

  const settle = (outcome: { move: BotMove } | { error: Error }): void => {
    const c = current;
    if (!c) return;
    current = undefined;
    clearTimeout(c.timer);
    if ("move" in outcome) c.resolve(outcome.move);
    else c.reject(outcome.error);
  };
  const stopThread = (): void => {
    const t = thread;
    thread = undefined;
    void t?.terminate();
  };
  const start = (): Worker => {
    const t = startThread(limits.heapMb);
    t.unref();
    t.on("message", (r: Reply) => {
      if (current?.id !== r.id) return;
      settle(r.ok ? { move: r.move } : { error: new BotError(r.code, r.message) });
    });
    t.on("error", (e: Error & { code?: string }) => {
      if (thread !== t) return;
      thread = undefined;
      const oom = e.code === "ERR_WORKER_OUT_OF_MEMORY";
      settle({ error: new BotError(oom ? "OVER_LIMIT" : "INTERNAL", oom ? `the search needed more than ${limits.heapMb} MB and was stopped; ask for a smaller budget` : `the search thread failed: ${e.message}`) });
    });
    t.on("exit", () => {
      if (thread !== t) return;
      thread = undefined;
      settle({ error: new BotError("INTERNAL", "the search thread ended before the bot decided") });
    });
    return t;
  };

  return {
    get busy() {
      return current !== undefined;
    },
    think(request) {
      if (current) return Promise.reject(new BotError("BUSY", "a bot is already thinking: one search at a time"));
      const t = (thread ??= start());
      return new Promise<BotMove>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => {
          stopThread();
          settle({ error: new BotError("OVER_LIMIT", `the bot had not decided after ${limits.thinkMs / 1000} s and was stopped; ask for a smaller budget`) });
        }, limits.thinkMs);
        timer.unref();
        current = { id, resolve, reject, timer };
        try {
          t.postMessage({ id, request });
        } catch (e) {
          settle({ error: new BotError("INTERNAL", `the state could not be sent to the search thread: ${e instanceof Error ? e.message : String(e)}`) });
        }
      });
    },
    close() {
      stopThread();
      settle({ error: new BotError("CANCELLED", "the input ended before the bot decided: its search was stopped") });
    },
  };
}
