// With CPU_REPORT=<file>, each test file's worker appends one JSON line to <file> when the file
// ends: the file, the CPU seconds its worker used from this setup on (the file's imports and
// tests; not the worker's start-up), and `childSeconds`, the CPU of the processes its tests spawned
// and waited for (tsx CLIs, builds, browsers, Python; Linux only, from /proc, else 0). With
// CPU_REPORT_TESTS=1 too, one line for each test as well. CPU time, unlike the wall clock, means
// the same on a busy machine (CONTRIBUTING.md, "How deep the tests go").
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, afterEach, beforeEach, expect } from "vitest";

const out = process.env["CPU_REPORT"];
const seconds = (u: NodeJS.CpuUsage): number => Math.round((u.user + u.system) / 1e4) / 100;
const fileOf = (): string => (expect.getState().testPath ?? "?").replace(`${process.cwd()}/`, "");

/** CPU seconds of this process's waited-for children (cutime + cstime of /proc/self/stat, in ticks of 1/100 s). */
function childTicks(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

if (out) {
  const start = process.cpuUsage();
  const childStart = childTicks();
  afterAll(() =>
    appendFileSync(
      out,
      `${JSON.stringify({ file: fileOf(), cpuSeconds: seconds(process.cpuUsage(start)), childSeconds: (childTicks() - childStart) / 100 })}\n`,
    ),
  );
  if (process.env["CPU_REPORT_TESTS"]) {
    let testStart = start;
    let testChildStart = childStart;
    beforeEach(() => {
      testStart = process.cpuUsage();
      testChildStart = childTicks();
    });
    afterEach((ctx) => {
      const line = { file: fileOf(), test: ctx.task.fullName, cpuSeconds: seconds(process.cpuUsage(testStart)), childSeconds: (childTicks() - testChildStart) / 100 };
      appendFileSync(out, `${JSON.stringify(line)}\n`);
    });
  }
}
