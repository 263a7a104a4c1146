// What a simulation writes besides statistics: where every row came from (game, rules version,
// package versions, master seed, options, full bot specs, shard), so a record, a trajectory or a
// report can be reproduced from the file alone; and the report as JSON, which `rules merge` adds up.
import { createRequire } from "node:module";
import { reportOfTally, type Game, type GameRecord, type Seed, type SimulationReport, type SimulationTally } from "@rules/core";

/** The version in a package's package.json, or "unknown". */
function packageVersion(name: string): string {
  try {
    const req = createRequire(typeof __filename === "string" ? __filename : import.meta.url);
    return (req(`${name}/package.json`) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The versions of the packages that play `gameId`: the CLI, core and the game's own. */
export function packageVersions(gameId: string): Record<string, string> {
  return {
    "@rules/cli": packageVersion("@rules/cli"),
    "@rules/core": packageVersion("@rules/core"),
    [`@rules/${gameId}`]: packageVersion(`@rules/${gameId}`),
  };
}

/** Where a series comes from: enough to play any of its games again. */
export interface Provenance {
  game: string;
  rulesVersion: number;
  versions: Record<string, string>;
  masterSeed: Seed;
  /** Games in the whole series (a shard plays some of them). */
  games: number;
  players: number;
  /** The options given to `initialState` (players included). */
  options: Record<string, unknown>;
  /** Bot spec per seat, budget included (`mcts:200`). */
  bots: string[];
  maxSteps: number;
  /** `i/n` for `--shard i/n`, else null. */
  shard: string | null;
}

export function provenance(game: Game, s: { count: number; players: number; seed: Seed; bots: string[]; extra: Record<string, unknown> }, maxSteps: number, shard: string | null): Provenance {
  return {
    game: game.id,
    rulesVersion: game.rulesVersion,
    versions: packageVersions(game.id),
    masterSeed: s.seed,
    games: s.count,
    players: s.players,
    options: { ...s.extra, players: s.players },
    bots: s.bots,
    maxSteps,
    shard,
  };
}

/** What a record line and a trajectory line both begin with: the run's provenance and the game's seed, options and length. */
function gameFields(p: Provenance, r: GameRecord) {
  return {
    game: p.game,
    rulesVersion: p.rulesVersion,
    versions: p.versions,
    masterSeed: p.masterSeed,
    games: p.games,
    maxSteps: p.maxSteps,
    shard: p.shard,
    index: r.index,
    seed: r.seed,
    options: r.options,
    bots: p.bots,
    steps: r.steps,
    illegalActions: r.illegalActions,
  };
}

/** The record line of one game (`--out`): its provenance, then what core's record says. */
export function recordLine(p: Provenance, r: GameRecord): string {
  return JSON.stringify({ ...gameFields(p, r), actionsHash: r.actionsHash, outcome: r.outcome }) + "\n";
}

/** The trajectory line of one game (`--trajectories`): the record, every action, who took it, who could act, the final hash. */
export function trajectoryLine(p: Provenance, r: GameRecord): string {
  return JSON.stringify({ ...gameFields(p, r), outcome: r.outcome, finalHash: r.finalHash, actions: r.actions, actors: r.actors, active: r.active }) + "\n";
}

/** Wilson score interval (95%) of a share `p` of `n` trials. */
export function wilson(p: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 1];
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

/** The JSON report of `--report json`, and what `rules merge` reads and writes. */
export interface ReportDocument extends Provenance {
  kind: "rules-simulation-report";
  format: 1;
  /** The game index ranges `[from, to)` tallied, in order (one unless interrupted). */
  ranges: Array<[number, number]>;
  /** Set when a signal stopped the run: the signal's name. */
  interrupted?: string;
  report: SimulationReport;
  /** 95% Wilson interval of each seat's win rate. */
  winInterval95BySeat: Array<[number, number]>;
  tally: SimulationTally;
}

function sortedCounts(h: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of Object.keys(h).sort((a, b) => Number(a) - Number(b))) out[k] = h[k]!;
  return out;
}

/** The tally with its histograms in numeric order, so the same games give the same JSON whatever order they were counted in. */
export function canonicalTally(t: SimulationTally): SimulationTally {
  return { ...t, lengthCounts: sortedCounts(t.lengthCounts), scoreCounts: t.scoreCounts.map(sortedCounts) };
}

/** Adjacent ranges joined: `[[0,3],[3,5]]` is `[[0,5]]`. */
export function joinRanges(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    if (a === b) continue;
    const last = out[out.length - 1];
    if (last && last[1] === a) last[1] = b;
    else out.push([a, b]);
  }
  return out;
}

export function reportDocument(game: Pick<Game, "id">, p: Provenance, tally: SimulationTally, ranges: ReadonlyArray<readonly [number, number]>, interrupted?: string): ReportDocument {
  const report = reportOfTally(game, tally);
  const finished = tally.games - tally.unfinished;
  return {
    kind: "rules-simulation-report",
    format: 1,
    ...p,
    ranges: joinRanges(ranges),
    ...(interrupted !== undefined ? { interrupted } : {}),
    report,
    winInterval95BySeat: report.winRateBySeat.map((w) => wilson(w, finished)),
    tally: canonicalTally(tally),
  };
}
