#!/usr/bin/env node
// The `rules` binary: every game of the project, wired to the process.
import { readFileSync } from "node:fs";
import { games } from "./games.js";
import { run } from "./run.js";
import { drainOf } from "./serve-io.js";
import { workerThinker } from "./serve-think.js";

function version(): string {
  try {
    // dist/main.js and src/main.ts both sit one level below the package root.
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

// `rules play ... | head` closes the pipe early: that is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

// simulate stops cleanly on SIGINT or SIGTERM (workers stopped, what finished written); a
// second signal ends the process at once.
const interrupt = new AbortController();
if (process.argv[2] === "simulate") {
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      if (interrupt.signal.aborted) process.exit(sig === "SIGINT" ? 130 : 143);
      interrupt.abort(sig);
    });
  }
}

const code = await run(process.argv.slice(2), {
  games,
  out: (text) => process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  isTTY: process.stderr.isTTY === true,
  version: version(),
  interrupt: interrupt.signal,
  ...(process.argv[2] === "serve" ? { input: process.stdin, drained: drainOf(process.stdout), think: () => workerThinker() } : {}),
});
process.exitCode = code;
