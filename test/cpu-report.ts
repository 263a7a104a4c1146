// With CPU_REPORT=<file>, each test file's worker appends one JSON line to <file> when the file
// ends: the file and the CPU seconds its worker used from this setup on (the file's imports and
// tests, not the worker's start-up; nor the CPU of
// the processes a test spawns, which `/usr/bin/time` around the whole run counts). CPU time, unlike
// the wall clock, means the same on a busy machine. Summarise with
// `node -e` or jq: CONTRIBUTING.md, "How deep the tests go".
import { appendFileSync } from "node:fs";
import { afterAll, expect } from "vitest";

const out = process.env["CPU_REPORT"];
if (out) {
  const start = process.cpuUsage();
  afterAll(() => {
    const u = process.cpuUsage(start);
    const file = expect.getState().testPath ?? "?";
    appendFileSync(out, `${JSON.stringify({ file: file.replace(process.cwd() + "/", ""), cpuSeconds: Math.round((u.user + u.system) / 1e4) / 100 })}\n`);
  });
}
