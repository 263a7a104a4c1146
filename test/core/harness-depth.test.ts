// The harness's depth model (test/harness/depth.ts, CONTRIBUTING.md "How deep the tests go"): what
// HARNESS_RUNS changes, that the sampled states of the default depth are a fair sample, and that
// the harness's one time bound counts CPU time, so a busy machine cannot turn it red.
import { RulesError } from "@rules/core";
import { afterEach, describe, expect, it } from "vitest";
import { checkStride, deepRun, expectBounded, levelAt, sampledStep, scaledCount, scaledRuns } from "../harness/index.js";

const saved = process.env["HARNESS_RUNS"];
afterEach(() => {
  if (saved === undefined) delete process.env["HARNESS_RUNS"];
  else process.env["HARNESS_RUNS"] = saved;
});

function at(depth: string | undefined): void {
  if (depth === undefined) delete process.env["HARNESS_RUNS"];
  else process.env["HARNESS_RUNS"] = depth;
}

describe("HARNESS_RUNS", () => {
  it("scales the written counts and the stride of the costly per-state checks", () => {
    const table = [undefined, "1", "2", "3", "8", "24", "junk"].map((d) => {
      at(d);
      return [d ?? "unset", scaledRuns(8), scaledRuns(3), checkStride(), scaledCount(25, 8), deepRun()];
    });
    expect(table).toEqual([
      ["unset", 2, 1, 4, 8, false],
      ["1", 1, 1, 8, 8, false],
      ["2", 2, 1, 4, 8, false],
      ["3", 3, 1, 3, 9, false],
      ["8", 8, 3, 1, 25, true],
      ["24", 24, 9, 1, 25, true],
      ["junk", 2, 1, 4, 8, false],
    ]);
  });
});

describe("the sampled states", () => {
  it("are every state at stride 1, and always the first", () => {
    for (let step = 0; step < 500; step++) expect(sampledStep(step, 1, 12345)).toBe(true);
    for (const salt of [0, 1, -7, 2 ** 31 - 1]) expect(sampledStep(0, 4, salt)).toBe(true);
  });

  it("are about one state in the stride, the same on every call", () => {
    for (const stride of [2, 4, 8]) {
      for (const salt of [0, 99, -123456]) {
        const picked = Array.from({ length: 8000 }, (_, step) => sampledStep(step, stride, salt));
        const share = picked.filter(Boolean).length / picked.length;
        expect(Math.abs(share - 1 / stride)).toBeLessThan(0.25 / stride);
        expect(Array.from({ length: 8000 }, (_, step) => sampledStep(step, stride, salt))).toEqual(picked);
      }
    }
  });

  it("never fall into step with a turn order: every seat's turns are sampled", () => {
    // A table of p seats taking turns in order: step % p is the seat to act. `step % 4 === 0` would
    // check only one seat of four (and two of six) at the default stride.
    for (const seats of [2, 3, 4, 5, 6, 7, 8]) {
      for (const salt of [1, 2, 3]) {
        const seatsSampled = new Set<number>();
        for (let step = 0; step < 400; step++) if (sampledStep(step, 4, salt)) seatsSampled.add(step % seats);
        expect(seatsSampled.size).toBe(seats);
      }
    }
  });

  it("differ between games (the salt is the game's seeds)", () => {
    const pattern = (salt: number) => Array.from({ length: 64 }, (_, step) => sampledStep(step, 4, salt)).join();
    expect(new Set([1, 2, 3, 4, 5].map(pattern)).size).toBe(5);
  });
});

describe("the level of each state", () => {
  it("at stride 1 is what the harness always checked: deep on every viewEvery-th state, full on the rest", () => {
    for (const viewEvery of [1, 2, 7]) {
      for (let step = 0; step < 100; step++) expect(levelAt(step, false, viewEvery, 1, 5)).toBe(step % viewEvery === 0 ? "deep" : "full");
    }
  });

  it("at a larger stride: light off the sample, deep at the first and the final state", () => {
    const levels = Array.from({ length: 700 }, (_, step) => levelAt(step, false, 7, 4, 42));
    expect(levels[0]).toBe("deep");
    expect(levelAt(699, true, 7, 4, 42)).toBe("deep");
    const count = (l: string) => levels.filter((x) => x === l).length;
    expect(count("light")).toBeGreaterThan(400);
    expect(count("full")).toBeGreaterThan(100);
    expect(count("deep")).toBeGreaterThan(4); // about 700 / 7 / 4 / 2
    levels.forEach((l, step) => {
      if (l === "deep") expect(step % 7).toBe(0);
      if (l !== "light") expect(sampledStep(step, 4, 42)).toBe(true);
    });
  });

  it("at a larger stride, about half of the sampled view steps are deep and the rest full", () => {
    const levels = Array.from({ length: 8000 }, (_, step) => levelAt(step, false, 1, 4, 42));
    const sampled = levels.filter((l) => l !== "light").length;
    const deep = levels.filter((l) => l === "deep").length;
    expect(deep / sampled).toBeGreaterThan(0.4);
    expect(deep / sampled).toBeLessThan(0.6);
  });
});

describe("the time bound on refusals of untrusted input", () => {
  const refuse = (): never => {
    throw new RulesError("INVALID_STATE", "Not a state this game can be in.");
  };

  it("counts this process's CPU time: waiting (another job holding the cores) does not count", () => {
    // Blocks the thread for 300 ms without using the CPU, as a descheduled process waits.
    const wait = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    expect(expectBounded("a refusal after a wait", () => (wait(), refuse()), "INVALID_STATE", 100).error?.code).toBe("INVALID_STATE");
  });

  it("fails a refusal that spends the CPU", () => {
    const busy = () => {
      const u0 = process.cpuUsage();
      let x = 0;
      while (process.cpuUsage(u0).user < 150_000) x++;
      return x;
    };
    expect(() => expectBounded("a slow refusal", () => (busy(), refuse()), "INVALID_STATE", 50)).toThrow(/took \d+ ms of CPU \(at most 50\)/);
  });
});
