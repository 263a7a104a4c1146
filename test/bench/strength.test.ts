import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scaledCount } from "../harness/index.js";
import { nodeArgs } from "../programs.js";

// `npm run strength -- --workers K` seeds every game from the master seed up front, so the rows
// (and each row's digest of its per-game results) do not depend on K.
// The scripts run bundled from source (test/programs.ts); the games of the worker comparison scale
// with HARNESS_RUNS (2 by default, 5 from HARNESS_RUNS=8 on: CONTRIBUTING.md, "How deep the tests go").

const root = new URL("../../", import.meta.url).pathname;
/** Runs a bench script (bundled from source) as `npm run` would, without npm's own start-up. */
const benchArgs = (script: "bench/strength.ts" | "bench/run.ts", ...args: string[]): [string, string[]] => nodeArgs(script === "bench/run.ts" ? "bench" : "strength", ...args);
const workerGames = String(scaledCount(5, 2));
const dir = mkdtempSync(join(tmpdir(), "strength-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Row {
  game: string;
  label: string;
  winRate: number;
  interval: [number, number];
  randomInterval: [number, number];
  players: number;
  wins: number;
  randomWins: number;
  meanScore: number;
  digest: string;
  opponent: string;
  meanDecisions: number;
  meanIterationsPerDecision: number;
  workers: number;
  wallSeconds: number;
  cpuSeconds: number;
}

const ran = new Map<number, Row[]>();
function rows(workers: number): Row[] {
  const known = ran.get(workers);
  if (known) return known;
  const out = join(dir, `k${workers}.json`);
  execFileSync(...benchArgs("bench/strength.ts", "steam-donkey", "steamrollers", "--players", "2", "--games", workerGames, "--iterations", "4", "--playout", "4", "--opponents", "best", "--workers", String(workers), "--json", out, "--html", join(dir, `k${workers}.html`)), { cwd: root, stdio: "ignore" });
  const got = (JSON.parse(readFileSync(out, "utf8")) as { rows: Row[] }).rows;
  ran.set(workers, got);
  return got;
}

describe("npm run strength --workers", () => {
  it("one worker and two give identical rows, game by game", () => {
    const one = rows(1);
    const two = rows(2);
    expect(one.map((r) => r.game)).toEqual(["steam-donkey", "steamrollers"]);
    const strip = ({ workers: _w, wallSeconds: _a, cpuSeconds: _b, ...r }: Row) => r;
    expect(two.map(strip)).toEqual(one.map(strip));
    expect(two[0]!.workers).toBe(2);
  });

  it("--opponents best seats each game's strongest bot without search, and counts the MCTS seat's decisions", () => {
    const one = rows(1);
    expect(one.map((r) => r.opponent)).toEqual(["builder", "planner"]);
    for (const r of one) {
      expect(r.meanDecisions).toBeGreaterThan(0);
      expect(r.meanIterationsPerDecision).toBe(4);
    }
  });
});

describe("npm run strength --cpu-ms", () => {
  it("gives each decision its CPU time in child processes, and counts their CPU in the row", () => {
    const out = join(dir, "cpu.json");
    execFileSync(...benchArgs("bench/strength.ts", "donkey-valley", "--only", "mcts", "--players", "3", "--games", "2", "--cpu-ms", "5", "--workers", "2", "--json", out), { cwd: root, stdio: "ignore" });
    const [row] = (JSON.parse(readFileSync(out, "utf8")) as { rows: Array<Row & { clock: string; games: number }> }).rows;
    expect(row!.clock).toBe("cpu");
    expect(row!.games).toBe(2);
    expect(row!.meanDecisions).toBeGreaterThan(0);
    // A search stops only once its decision has used 5 ms of CPU, so the row used at least that much per decision.
    expect(row!.cpuSeconds).toBeGreaterThanOrEqual((row!.meanDecisions * 2 * 5) / 1000);
  });
});

describe("npm run strength --guide", () => {
  it("seats the search the CLI calls mcts+<bot>, and refuses a guide the game lacks before playing", () => {
    const out = join(dir, "guide.json");
    const base = ["steamrollers", "--only", "mcts", "--players", "2", "--games", "2", "--iterations", "3", "--opponents", "best", "--json", out];
    execFileSync(...benchArgs("bench/strength.ts", ...base, "--guide", "planner"), { cwd: root, stdio: "ignore" });
    const [row] = (JSON.parse(readFileSync(out, "utf8")) as { rows: Array<Row & { guide: string }> }).rows;
    expect(row!.guide).toBe("planner");
    expect(row!.meanIterationsPerDecision).toBe(3);
    expect(() => execFileSync(...benchArgs("bench/strength.ts", ...base, "--guide", "nobody"), { cwd: root, stdio: "pipe" })).toThrow(/"nobody" is no bot to play the playouts/);
  });
});

describe("npm run strength and npm run bench on bad or asked-for usage", () => {
  /** Runs a bench script; returns its exit status and what it printed. */
  const run = (script: "bench/strength.ts" | "bench/run.ts", ...args: string[]): { status: number; out: string } => {
    try {
      return { status: 0, out: execFileSync(...benchArgs(script, ...args), { cwd: root, stdio: "pipe", encoding: "utf8" }) };
    } catch (e) {
      const err = e as { status: number; stdout: string; stderr: string };
      return { status: err.status, out: err.stdout + err.stderr };
    }
  };

  it("prints its usage for --help, and for an unknown option one line of why, the usage and status 2, with no stack trace", () => {
    for (const script of ["bench/strength.ts", "bench/run.ts"] as const) {
      const help = run(script, "--help");
      expect(help.status).toBe(0);
      expect(help.out).toMatch(/^usage: npm run /);
      const bad = run(script, "--bogus");
      expect(bad.status).toBe(2);
      expect(bad.out).toMatch(/^(strength|bench): unknown option --bogus\nusage: /);
      expect(bad.out).not.toMatch(/\n\s+at /);
    }
    const notNumber = run("bench/strength.ts", "--games", "x");
    expect(notNumber.status).toBe(2);
    expect(notNumber.out).toMatch(/^strength: --games takes a positive integer, got x\n/);
  });
});

describe("npm run strength --bot and --ladder", () => {
  it("--bot seats a game's bot in the measured seat, and a ladder rates every entrant", () => {
    const out = join(dir, "bot.json");
    execFileSync(...benchArgs("bench/strength.ts", "steam-donkey", "--only", "mcts", "--players", "2", "--games", "2", "--bot", "heuristic", "--json", out), { cwd: root, stdio: "ignore" });
    const [row] = (JSON.parse(readFileSync(out, "utf8")) as { rows: Array<Row & { bot: string }> }).rows;
    expect(row!.bot).toBe("heuristic");
    const ladder = execFileSync(...benchArgs("bench/strength.ts", "--ladder", "steam-donkey", "--players", "2", "--games", "3", "--entrants", "random,heuristic,mcts:3"), { cwd: root, encoding: "utf8" });
    for (const name of ["random", "heuristic", "mcts:3"]) expect(ladder).toMatch(new RegExp(`^\\| ${name} \\| 2 \\|`, "m"));
  });

  it("--html writes the strength and seat-balance tables as a page with a chart (Chart.js inlined)", () => {
    const one = rows(1);
    const page = readFileSync(join(dir, "k1.html"), "utf8");
    const { balance } = JSON.parse(readFileSync(join(dir, "k1.json"), "utf8")) as { balance: Array<{ label: string; players: number }> };
    const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toMatch(/Chart\.js v4/);
    expect(page).toContain('<canvas id="strength">');
    for (const r of one) {
      expect(page).toContain(`<td>${r.label}</td><td>2</td><td>${r.opponent}</td><td>${workerGames}</td><td>${pct(r.winRate)}</td><td>${pct(r.interval[0])}–${pct(r.interval[1])}</td>`);
      expect(page).toContain(`<td>${pct(r.randomInterval[0])}–${pct(r.randomInterval[1])}</td>`);
    }
    expect(balance.length).toBeGreaterThan(0);
    for (const b of balance) expect(page).toContain(`<tr><td>${b.label}</td><td>${b.players}</td>`);
    const data = JSON.parse(/const data = (.*);\n/.exec(page)![1]!) as { labels: string[]; rates: number[] };
    expect(data.labels).toEqual(one.map((r) => `${r.label}, 2p`));
    expect(data.rates).toEqual(one.map((r) => r.winRate * 100));
  });
});
