// The progress of a long `simulate` on standard error, with an estimate of the time left: on a
// terminal one line rewritten with `\r` (at most every 100 ms); elsewhere (a log file, a batch
// system) a line every few seconds, so a run of a billion games says early how long it will take.

/** Seconds as "42 s", "17 min", "3.2 h" or "5.1 days". */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "unknown";
  if (seconds < 90) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} days`;
}

export interface ProgressOptions {
  err: (text: string) => unknown;
  isTTY?: boolean | undefined;
  now?: (() => number) | undefined;
  /** Milliseconds between lines when not on a terminal (default 5000). */
  everyMs?: number | undefined;
}

/** The progress line of `done` of `total` games `ms` after the start. */
export function progressText(id: string, done: number, total: number, ms: number): string {
  const pct = total === 0 ? 100 : Math.floor((done / total) * 1000) / 10;
  const base = `simulating ${id}: ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} games (${pct}%)`;
  if (done === 0 || ms <= 0) return base;
  const rate = done / (ms / 1000);
  return `${base}, ${rate >= 10 ? Math.round(rate) : rate.toFixed(2)} games/s, about ${duration((total - done) / rate)} left`;
}

/** A function to call with the number of games done; `finish()` clears the terminal line. */
export function progress(o: ProgressOptions, id: string, total: number): { tick: (done: number) => void; finish: () => void } {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  if (o.isTTY) {
    let last = -Infinity;
    let width = 0;
    const draw = (done: number): void => {
      const text = progressText(id, done, total, now() - t0);
      o.err(`\r${text}${" ".repeat(Math.max(0, width - text.length))}`);
      width = Math.max(width, text.length);
    };
    // Shown before the first game ends: an MCTS game takes seconds.
    draw(0);
    return {
      tick(done) {
        const t = now();
        if (done < total && t - last < 100) return;
        last = t;
        draw(done);
      },
      finish: () => void o.err("\r" + " ".repeat(width) + "\r"),
    };
  }
  const every = o.everyMs ?? 5000;
  let next = t0 + every;
  return {
    tick(done) {
      const t = now();
      if (t < next || done >= total) return;
      next = t + every;
      o.err(progressText(id, done, total, t - t0) + "\n");
    },
    finish: () => undefined,
  };
}
