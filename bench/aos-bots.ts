// `npx tsx bench/aos-bots.ts [--games N] [--seed S] [--bot NAME] [--tables LIST] [--park LIST]`:
// how Age of Steam's bots play, sized by games. A report, never a test; the figures are in
// docs/games/age-of-steam-exp.md ("Bots").
//
// Hex maps (`--tables rust-belt:3,orient-express:4,...`, default Rust Belt 3–6 and Orient Express
// 4–6): every seat plays `--bot` (thrifty, solvent, or random); per table it prints the share of seats never
// bankrupt, the share of games played to the end of their last turn with no seat bankrupt, and the
// survivors' mean score. Amusement Park (`--park easy,normal,hard`, with `--bot planner`, `greedy` —
// the planner's greedy turns without its search —, thrifty or random): the share of parks cleared with its 95% Wilson interval, visitors carried, and the
// slowest decision in CPU time. Head to head (`--vs thrifty`, with `--tables`): `--bot` in one seat
// (seat = seed mod players, so the seat rotates), `--vs` in the others; per table the `--bot`
// seat's win share (a tie among k winners counts 1/k) with its 95% Wilson interval against the
// seat share, and both sides' mean end income, shares, track points and bankrupt seats.
// Seeds run from `--seed` (default 1) up; one process, one game at a time.
import { game, plannerBot, solventBot, thriftyBot, type Action, type State } from "@rules/age-of-steam-exp";
import { nextActor, randomBot, seedRng, type Bot } from "@rules/core";
import { wilson } from "./seat-balance.js";
import { SOLVENT_KNOBS, solventBotWith } from "../packages/age-of-steam-exp/src/solvent.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const games = Number(arg("games", "20"));
const firstSeed = Number(arg("seed", "1"));
const botName = arg("bot", "thrifty");

const vsName = arg("vs", "");
// `--knobs JSON`: the solvent bot with other numbers (tuning; see SolventKnobs in solvent.ts).
const knobs = process.argv.includes("--knobs") ? (JSON.parse(arg("knobs", "{}")) as Record<string, unknown>) : undefined;

function makeBot(seed: number, name = botName): Bot<State, Action> {
  if (name === "thrifty") return thriftyBot(seed);
  if (name === "solvent") return knobs ? solventBotWith(seed, { ...SOLVENT_KNOBS, ...knobs }) : solventBot(seed);
  if (name === "planner") return plannerBot(seed);
  if (name === "greedy") return plannerBot(seed, { search: false });
  if (name === "random") return randomBot(seed) as Bot<State, Action>;
  throw new Error(`unknown bot ${name}`);
}

interface Played {
  state: State;
  actions: number;
  slowestMs: number;
}

function play(seed: number, options: Record<string, unknown>, players: number, names?: string[]): Played {
  const bots = Array.from({ length: players }, (_, p) => makeBot(seed * 10 + p, names?.[p]));
  const schedule = seedRng(seed);
  const state = game.initialStateInPlace!(seed, { ...options, players } as never);
  let actions = 0;
  let slowestMs = 0;
  while (!game.isTerminal(state)) {
    const p = nextActor(game, state, schedule)!;
    // CPU time of the decision (the machine is shared: wall time measures the neighbours too).
    const t0 = process.cpuUsage();
    const a = bots[p]!.act(state, p, game.legalActions(state, p));
    const used = process.cpuUsage(t0);
    slowestMs = Math.max(slowestMs, (used.user + used.system) / 1000);
    game.applyInPlace(state, a);
    actions++;
  }
  return { state, actions, slowestMs };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const interval = ([lo, hi]: [number, number]): string => `${pct(lo)}–${pct(hi)}`;

function hexTables(): void {
  const tables = arg("tables", "rust-belt:3,rust-belt:4,rust-belt:5,rust-belt:6,orient-express:4,orient-express:5,orient-express:6").split(",");
  console.log(`bot ${botName}, ${games} games per table, seeds ${firstSeed}..${firstSeed + games - 1}\n`);
  console.log("| map | players | games | seats never bankrupt | games to the last turn, nobody bankrupt | survivors' mean score | mean actions | CPU s |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const t of tables) {
    const [map, n] = t.split(":") as [string, string];
    const players = Number(n);
    const t0 = process.cpuUsage();
    let safeSeats = 0;
    let full = 0;
    let scoreSum = 0;
    let actions = 0;
    for (let seed = firstSeed; seed < firstSeed + games; seed++) {
      const r = play(seed, { map }, players);
      const out = game.outcome(r.state)!;
      const alive = r.state.eliminated.filter((e) => !e).length;
      safeSeats += alive;
      if (alive === players && r.state.turn === r.state.lastTurn) full++;
      out.scores.forEach((s, p) => (r.state.eliminated[p] ? 0 : (scoreSum += s)));
      actions += r.actions;
    }
    const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
    const seats = games * players;
    console.log(
      `| ${map} | ${players} | ${games} | ${pct(safeSeats / seats)} (${interval(wilson(safeSeats, seats))}) | ${pct(full / games)} (${interval(wilson(full, games))}) | ${safeSeats ? (scoreSum / safeSeats).toFixed(1) : "—"} | ${(actions / games).toFixed(0)} | ${cpu.toFixed(0)} |`,
    );
  }
}

function parks(levels: string[]): void {
  console.log(`bot ${botName}, ${games} Amusement Park games per difficulty, seeds ${firstSeed}..${firstSeed + games - 1}\n`);
  console.log("| difficulty | games | cleared | 95% interval | visitors carried (mean) | slowest decision (CPU) | CPU s |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const difficulty of levels) {
    const t0 = process.cpuUsage();
    let won = 0;
    let carried = 0;
    let visitors = 0;
    let slowest = 0;
    const results: Record<string, number> = {};
    for (let seed = firstSeed; seed < firstSeed + games; seed++) {
      const r = play(seed, { map: "amusement-park", difficulty }, 1);
      const b = game.outcome(r.state)!.breakdown![0]!;
      won += b.cleared!;
      carried += b.transported!;
      visitors = b.visitors!;
      slowest = Math.max(slowest, r.slowestMs);
      const why = r.state.park!.result ?? "?";
      results[why] = (results[why] ?? 0) + 1;
      if (process.env.VERBOSE) console.log(seed, why, b.transported, r.state.turn, r.state.cash[0], r.state.income[0]);
    }
    const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
    console.log(
      `| ${difficulty} | ${games} | ${pct(won / games)} | ${interval(wilson(won, games))} | ${(carried / games).toFixed(2)} of ${visitors} | ${slowest.toFixed(0)} ms | ${cpu.toFixed(0)} |`,
    );
    console.log(`  endings: ${JSON.stringify(results)}`);
  }
}

function headToHead(): void {
  const tables = arg("tables", "rust-belt:3,rust-belt:4,orient-express:4").split(",");
  console.log(`${botName} in one seat (seat = seed mod players), ${vsName} in the others; ${games} games per table, seeds ${firstSeed}..${firstSeed + games - 1}\n`);
  console.log(`| map | players | games | ${botName} seat wins (95% interval) | share | end income ${botName} / ${vsName} | shares | track | cash | locomotive | bankrupt seats | CPU s |`);
  console.log("| --- | ---: | ---: | --- | ---: | --- | --- | --- | --- | --- | --- | ---: |");
  for (const t of tables) {
    const [map, n] = t.split(":") as [string, string];
    const players = Number(n);
    const t0 = process.cpuUsage();
    let wins = 0;
    const sum = { me: { income: 0, shares: 0, track: 0, cash: 0, loco: 0, out: 0, n: 0 }, them: { income: 0, shares: 0, track: 0, cash: 0, loco: 0, out: 0, n: 0 } };
    for (let seed = firstSeed; seed < firstSeed + games; seed++) {
      const seat = seed % players;
      const names = Array.from({ length: players }, (_, p) => (p === seat ? botName : vsName));
      const r = play(seed, { map }, players, names);
      const out = game.outcome(r.state)!;
      const top = Math.max(...out.scores);
      const winners = out.scores.filter((x) => x === top).length;
      if (out.scores[seat] === top) wins += 1 / winners;
      const b = out.breakdown!;
      b.forEach((x, p) => {
        const side = p === seat ? sum.me : sum.them;
        side.n++;
        side.out += x.eliminated!;
        if (x.eliminated) return;
        side.income += x.income! / 3;
        side.shares += -x.shares! / 3;
        side.track += x.track!;
        side.cash += r.state.cash[p]!;
        side.loco += r.state.loco[p]!;
      });
    }
    const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
    const mean = (k: "income" | "shares" | "track" | "cash" | "loco"): string => `${(sum.me[k] / Math.max(1, sum.me.n - sum.me.out)).toFixed(1)} / ${(sum.them[k] / Math.max(1, sum.them.n - sum.them.out)).toFixed(1)}`;
    console.log(
      `| ${map} | ${players} | ${games} | ${pct(wins / games)} (${interval(wilson(wins, games))}) | ${pct(1 / players)} | ${mean("income")} | ${mean("shares")} | ${mean("track")} | ${mean("cash")} | ${mean("loco")} | ${pct(sum.me.out / sum.me.n)} / ${pct(sum.them.out / sum.them.n)} | ${cpu.toFixed(0)} |`,
    );
  }
}

const park = arg("park", "");
if (park) parks(park.split(","));
else if (vsName) headToHead();
else hexTables();
