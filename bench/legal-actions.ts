// `npm run bench:legal -- [game] [--players N] [--map ID] [--games G] [--repeat R] [--top K]`:
// the cost of `legalActions` on every state of G seeded random games (default: Age of Steam,
// 4 players, 20 games). Each state is timed R times (default 25), each time on a fresh copy the
// caller owns (cloneJson, made off the clock, the map object shared), so nothing a game keeps per state object (Age of
// Steam's network) carries over from one call to the next, as in a playout, where every state is
// new; the median of the R is taken. Prints the mean, the slowest states (their phase and action count)
// and the mean by phase. A report, never a test.
import { cloneJson, defaultPlayers, nextActor, randomInt, seedRng, type BaseAction, type Game } from "@rules/core";
import { games } from "../packages/cli/src/games.js";

const args = process.argv.slice(2);
let id = "age-of-steam-exp";
let players: number | undefined;
let map: string | undefined;
let count = 20;
let repeat = 25;
let top = 5;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const value = (): string => {
    const v = args[++i];
    if (v === undefined) throw new Error(`${a} needs a value`);
    return v;
  };
  if (a === "--players") players = Number(value());
  else if (a === "--map") map = value();
  else if (a === "--games") count = Number(value());
  else if (a === "--repeat") repeat = Number(value());
  else if (a === "--top") top = Number(value());
  else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
  else id = a;
}
const game: Game | undefined = games[id];
if (!game) throw new Error(`unknown game ${id}; known: ${Object.keys(games).join(", ")}`);
const seats = players ?? defaultPlayers(game);
const init = { players: seats, ...(map === undefined ? {} : { map }) };

/** A short label of a state: its phase (every game here keeps one in `phase`, else "-"). */
const phaseOf = (s: unknown): string => String((s as { phase?: unknown }).phase ?? "-");

/**
 * A fresh copy of `state` that the caller owns, sharing its map object as every state of a game
 * does (Age of Steam compiles a map once per map object).
 */
function fresh(state: unknown): unknown {
  const s = state as Record<string, unknown>;
  const copy = cloneJson({ ...s, map: null }) as Record<string, unknown>;
  if ("map" in s) copy["map"] = s["map"];
  else delete copy["map"];
  return copy;
}

interface Row {
  game: number;
  step: number;
  phase: string;
  actions: number;
  micros: number;
}
const rows: Row[] = [];
// Untimed games on other seeds first, so the JIT has settled before the clock runs.
const warm = seedRng(2);
for (let g = 0; g < 10; g++) {
  const state = game.initialStateInPlace!(10_001 + g, init);
  for (let step = 0; !game.isTerminal(state) && step < 100_000; step++) {
    const legal = game.legalActions(state, nextActor(game, state, warm)!);
    game.applyInPlace(state, legal[randomInt(warm, 0, legal.length - 1)]!);
  }
}
const rng = seedRng(1);
const times: number[] = [];
for (let g = 0; g < count; g++) {
  const state = game.initialStateInPlace!(1 + g, init);
  for (let step = 0; !game.isTerminal(state) && step < 100_000; step++) {
    const p = nextActor(game, state, rng)!;
    let legal: readonly BaseAction[] = [];
    times.length = 0;
    for (let r = 0; r < repeat; r++) {
      const copy = fresh(state);
      const t0 = performance.now();
      legal = game.legalActions(copy, p);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push({ game: 1 + g, step, phase: phaseOf(state), actions: legal.length, micros: times[times.length >> 1]! * 1000 });
    game.applyInPlace(state, legal[randomInt(rng, 0, legal.length - 1)]!);
  }
}

const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(2));
const mean = rows.reduce((a, r) => a + r.micros, 0) / rows.length;
console.log(`# legalActions of ${game.id}, ${seats} players${map ? `, map ${map}` : ""}: ${rows.length} states of ${count} random games, median of ${repeat} calls each on fresh owned copies (Node ${process.version})\n`);
console.log(`mean ${fmt(mean)} µs per call; slowest ${fmt(Math.max(...rows.map((r) => r.micros)))} µs\n`);
console.log("| seed | step | phase | actions | µs (median) |\n| ---: | ---: | --- | ---: | ---: |");
for (const r of [...rows].sort((a, b) => b.micros - a.micros).slice(0, top)) console.log(`| ${r.game} | ${r.step} | ${r.phase} | ${r.actions} | ${fmt(r.micros)} |`);
const byPhase = new Map<string, { n: number; micros: number; actions: number }>();
for (const r of rows) {
  const b = byPhase.get(r.phase) ?? { n: 0, micros: 0, actions: 0 };
  b.n++;
  b.micros += r.micros;
  b.actions += r.actions;
  byPhase.set(r.phase, b);
}
console.log("\n| phase | states | mean actions | mean µs |\n| --- | ---: | ---: | ---: |");
for (const [phase, b] of byPhase) console.log(`| ${phase} | ${b.n} | ${fmt(b.actions / b.n)} | ${fmt(b.micros / b.n)} |`);
