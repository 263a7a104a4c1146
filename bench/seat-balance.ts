// The seat-balance report of `npm run strength`: random bots in every seat, N games (default
// 1000) per game, player count and map, through `simulate` (the driver users run, with its fair
// scheduling of simultaneous steps). Each seat's win rate (a game shared by k winners counts 1/k
// to each) with its 95% Wilson interval, against the fair share 1/players. A seat whose interval
// misses its share is flagged; with some hundred intervals at 95%, a few misses come by chance
// alone, so a flagged seat is re-run on another seed before anything is read into it.
import { playRecords, summarizeRecords, type Game } from "@rules/core";

/** Wilson score interval at 95% for `wins` successes in `n` trials (wins may be fractional: split ties). */
export function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The boards a game is played on, as options: every map of Age of Steam, one board elsewhere. */
export function variantsOf(game: Game): Array<{ label: string; options: Record<string, unknown> }> {
  const parsed = game.schemas.options.safeParse({});
  const maps = parsed.success ? (parsed.data as { components?: { maps?: Array<{ id: string }> } }).components?.maps : undefined;
  return maps && maps.length > 1 ? maps.map((m) => ({ label: `${game.id} (${m.id})`, options: { map: m.id } })) : [{ label: game.id, options: {} }];
}

/** The player counts of 2 or more seats the game accepts with these options (a solo game has no share). */
export function tablesOf(game: Game, options: Record<string, unknown>): number[] {
  const out: number[] = [];
  for (let n = Math.max(2, game.minPlayers); n <= game.maxPlayers; n++) {
    try {
      game.initialState(1, { ...options, players: n });
      out.push(n);
    } catch {
      // This map gives no game for n players.
    }
  }
  return out;
}

export interface BalanceRow {
  game: string;
  label: string;
  options: Record<string, unknown>;
  players: number;
  games: number;
  seed: number;
  winRate: number[];
  interval: Array<[number, number]>;
  share: number;
  /** Seats whose interval does not contain the share. */
  outside: number[];
  meanLength: number;
  /** Games won by more than one seat (each of k winners counts 1/k). */
  ties: number;
  seconds: number;
}

/** One row: `count` random games at `players` seats. */
export function balanceRow(game: Game, label: string, options: Record<string, unknown>, players: number, count: number, seed: number): BalanceRow {
  const t0 = performance.now();
  // The games `simulate` plays with these arguments (its report is summarizeRecords of them).
  const records = playRecords(game, 0, count, { seed: `${seed}/balance/${label}/${players}`, players, options, bots: ["random"] });
  const r = summarizeRecords(game, players, records);
  const finished = r.games - r.unfinished;
  const interval = r.winRateBySeat.map((w) => wilson(w * finished, finished));
  const share = 1 / players;
  return {
    game: game.id,
    label,
    options,
    players,
    games: finished,
    seed,
    winRate: r.winRateBySeat,
    interval,
    share,
    outside: interval.flatMap(([lo, hi], p) => (share < lo || share > hi ? [p] : [])),
    meanLength: r.length.mean,
    ties: records.filter((x) => (x.outcome?.winners.length ?? 0) > 1).length,
    seconds: (performance.now() - t0) / 1000,
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The Markdown line of a row: each seat's rate and interval, a ✗ where the share falls outside. */
export function balanceLine(r: BalanceRow): string {
  const seats = r.winRate.map((w, p) => `${pct(w)} (${pct(r.interval[p]![0])}–${pct(r.interval[p]![1])})${r.outside.includes(p) ? " ✗" : ""}`);
  return `| ${r.label} | ${r.players} | ${r.games} | ${pct(r.share)} | ${seats.join("; ")} | ${r.outside.length === 0 ? "yes" : `no: seat ${r.outside.join(", ")}`} | ${r.ties} | ${r.seconds.toFixed(0)} s |`;
}

export const BALANCE_HEADER = [
  "| game | players | games | share | win rate by seat, 95% interval (seat 0; seat 1; ...) | every interval holds the share | shared wins | time |",
  "| --- | ---: | ---: | ---: | --- | --- | ---: | ---: |",
];
