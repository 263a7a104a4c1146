import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { programPath } from "../programs.js";

// Issue 30, item 3: SIGINT or SIGTERM to `rules simulate --workers K` stops the workers (none
// survives, re-parented or not) and writes the records of the games that finished, in index order,
// saying which; or says clearly that nothing finished. Real processes: the CLI is spawned and
// signalled, its workers are found through /proc.

const dir = mkdtempSync(join(tmpdir(), "interrupt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pids whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8");
    return state.slice(state.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function interrupted(signal: "SIGINT" | "SIGTERM", waitFor: (err: string, workers: number[]) => boolean, out: string, workers = 2): Promise<{ code: number | null; stdout: string; stderr: string; workers: number[] }> {
  const argv = [programPath("rules"), "simulate", "donkey-valley", "--games", "400", "--bots", "mcts:60", "--workers", String(workers), "--out", out];
  const child = spawn(process.execPath, argv, { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => void (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => void (stderr += c.toString()));
  const closed = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
  let children: number[] = [];
  for (;;) {
    children = childrenOf(child.pid!);
    if (waitFor(stderr, children)) break;
    await sleep(100);
  }
  child.kill(signal);
  const code = await closed;
  return { code, stdout, stderr, workers: children };
}

describe("rules simulate --workers: a signal stops the workers and writes what finished", () => {
  it("SIGINT after some games: exit 130, no worker left, the finished records written and named", async () => {
    const out = join(dir, "some.jsonl");
    // Wait for the first progress line (after five seconds) with games done: the workers have written records.
    const r = await interrupted("SIGINT", (err, w) => w.length === 2 && /simulating donkey-valley: [1-9]/.test(err), out);
    expect(r.code).toBe(130);
    expect(r.workers).toHaveLength(2);
    for (const pid of r.workers) expect(alive(pid), `worker ${pid}`).toBe(false);
    const m = /rules: interrupted by SIGINT: (\d+) of 400 games finished \(games ([\d., ]+)\); their records are in .*; the report above is theirs\n$/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    const lines = readFileSync(out, "utf8").trim().split("\n");
    expect(lines).toHaveLength(Number(m![1]));
    // In index order, each listed range in full.
    const indices = lines.map((l) => (JSON.parse(l) as { index: number }).index);
    const listed = m![2]!.split(", ").flatMap((part) => {
      const [a, b] = part.split("..").map(Number);
      return Array.from({ length: (b ?? a!) - a! + 1 }, (_, i) => a! + i);
    });
    expect(indices).toEqual(listed);
    expect(r.stdout).toMatch(/^Donkey Valley: \d+ games?, 4 players, bots mcts:60.*\(interrupted by SIGINT after \d+ of 400 games\)/);
  });

  it("SIGTERM as soon as the workers start: exit 143, no worker left, and it says what was written", async () => {
    const out = join(dir, "none.jsonl");
    const r = await interrupted("SIGTERM", (_, w) => w.length === 2, out);
    expect(r.code).toBe(143);
    for (const pid of r.workers) expect(alive(pid), `worker ${pid}`).toBe(false);
    const written = readFileSync(out, "utf8");
    if (written === "") expect(r.stderr).toContain(`rules: interrupted by SIGTERM before any game finished: nothing was written (${out} is empty)\n`);
    else expect(r.stderr).toMatch(new RegExp(`interrupted by SIGTERM: ${written.trim().split("\n").length} of 400 games finished`));
  });

  it("one process (no workers): SIGINT stops it after the game in progress, with that game's record written", async () => {
    const out = join(dir, "single.jsonl");
    const r = await interrupted("SIGINT", (err) => /simulating donkey-valley: [1-9]/.test(err), out, 1);
    expect(r.code).toBe(130);
    const m = /rules: interrupted by SIGINT: (\d+) of 400 games finished \(games (0|0\.\.\d+)\); their records are in /.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(Number(m![1]));
  });
});
