// With CPU_REPORT=<file>, each test file's worker appends one JSON line to <file> when the file
// ends: the file and the CPU seconds its worker used from this setup on (the file's imports and
// tests; not the worker's start-up, nor the processes a test spawns, which `/usr/bin/time` around
// the whole run counts). With CPU_REPORT_TESTS=1 too, one line for each test as well. CPU time,
// unlike the wall clock, means the same on a busy machine (CONTRIBUTING.md, "How deep the tests go").
import { appendFileSync } from "node:fs";
import { afterAll, afterEach, beforeEach, expect } from "vitest";

const out = process.env["CPU_REPORT"];
const seconds = (u: NodeJS.CpuUsage): number => Math.round((u.user + u.system) / 1e4) / 100;
const fileOf = (): string => (expect.getState().testPath ?? "?").replace(`${process.cwd()}/`, "");

if (out) {
  const start = process.cpuUsage();
  afterAll(() => appendFileSync(out, `${JSON.stringify({ file: fileOf(), cpuSeconds: seconds(process.cpuUsage(start)) })}\n`));
  if (process.env["CPU_REPORT_TESTS"]) {
    let testStart = start;
    beforeEach(() => {
      testStart = process.cpuUsage();
    });
    afterEach((ctx) => {
      appendFileSync(out, `${JSON.stringify({ file: fileOf(), test: ctx.task.fullName, cpuSeconds: seconds(process.cpuUsage(testStart)) })}\n`);
    });
  }
}
