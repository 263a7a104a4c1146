// `npm run trust-sweep`: hunts the trust-boundary gaps that the random corruption property of
// `testGame` (checkCorruptions, test/harness/trust.ts) finds only now and then. A report, never a
// test. For each game and each configuration its properties tests give `testGame` (the one list,
// test/<game>/harness-configs.ts, that those tests run; smallest and largest table), it runs
// `checkCorruptions` on seeds from one seeded generator until that configuration's share of the
// CPU-time budget is spent, and prints the runs made and, for every failure, the
// `corruptionExamples` entry to pin in that configuration.
//
//   npm run trust-sweep -- [game ...] [--minutes N] [--seed S] [--players N]
//
//   game         ids of packages/cli/src/games.ts (default: every game)
//   --minutes N  CPU-time budget in all (default 10); SteamRollers, Steam Donkey and Age of Steam
//                get a larger share than Donkey Valley and Steam Park (swept first)
//   --seed S     the master seed (default: from the clock, printed so a run can be repeated)
//   --players N  only the configurations at N seats (the largest tables get the fewest runs
//                otherwise, a run there costing the most)
//
// Exit code 1 if any run failed, 2 on a usage error.
import { existsSync } from "node:fs";
import { randomInt, seedRng } from "@rules/core";
import { games } from "../packages/cli/src/games.js";
import { harnessConfigs as ageOfSteam } from "../test/age-of-steam-exp/harness-configs.js";
import { harnessConfigs as donkeyValley } from "../test/donkey-valley/harness-configs.js";
import { harnessConfigs as steamDonkey } from "../test/steam-donkey/harness-configs.js";
import { harnessConfigs as steamPark } from "../test/steam-park/harness-configs.js";
import { harnessConfigs as steamrollers } from "../test/steamrollers/harness-configs.js";
import type { HarnessConfig } from "../test/harness-configs.js";
import { checkCorruptions, type AnyGame } from "../test/harness/index.js";

// Per game, the testGame calls of its properties tests (the one list, test/<game>/harness-configs.ts,
// by test file) and its share of the budget: a run costs more in the games with the larger weight.
const sweep: Record<string, { weight: number; configs: Record<string, HarnessConfig[]> }> = {
  "donkey-valley": { weight: 1, configs: donkeyValley },
  "steam-park": { weight: 1, configs: steamPark },
  "age-of-steam-exp": { weight: 3, configs: ageOfSteam },
  "steam-donkey": { weight: 2, configs: steamDonkey },
  steamrollers: { weight: 3, configs: steamrollers },
};

/** One `testGame` call of a properties test, as the trust-boundary property runs it. */
interface Config {
  /** The `testGame` call's label (where to pin an example), and its test file. */
  label: string;
  file: string;
  /** The definition as that test passes it (Age of Steam narrows the seats). */
  game: AnyGame;
  /** Seats the trust-boundary property uses: the first and last of `playerCounts`. */
  players: number[];
  options?: Record<string, unknown>;
  corruptions: number;
  maxSteps: number;
}

/** A game's configurations with `testGame`'s defaults filled in, in the order its tests make them. */
function configsOf(id: string): Config[] {
  return Object.entries(sweep[id]!.configs).flatMap(([name, list]) =>
    list.map((c) => {
      const game = c.definition ? c.definition(games[id] as AnyGame) : (games[id] as AnyGame);
      const counts = c.playerCounts ?? Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
      return {
        label: c.label ?? "(default)",
        file: `test/${id}/${name}`,
        game,
        players: [...new Set([counts[0]!, counts[counts.length - 1]!])],
        ...(c.options ? { options: c.options } : {}),
        corruptions: c.corruptions ?? 120,
        maxSteps: c.maxSteps ?? 20_000,
      };
    }),
  );
}

const usage = (message: string): never => {
  console.error(`trust-sweep: ${message}`);
  process.exit(2);
};
const args = process.argv.slice(2);
const wanted: string[] = [];
let minutes = 10;
let master = Date.now() % 2 ** 31;
let seats: number | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const value = (): string => args[++i] ?? usage(`${a} needs a value`);
  if (a === "--minutes") minutes = Number(value());
  else if (a === "--seed") master = Number(value());
  else if (a === "--players") seats = Number(value());
  else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else wanted.push(a);
}
if (!(minutes > 0 && Number.isFinite(minutes))) usage("--minutes needs a positive number");
if (!Number.isSafeInteger(master)) usage("--seed needs an integer");
if (seats !== undefined && !(Number.isInteger(seats) && seats > 0)) usage("--players needs a seat count");
const unknown = wanted.filter((id) => !Object.hasOwn(games, id));
if (unknown.length > 0) usage(`unknown game(s) ${unknown.join(", ")}; known: ${Object.keys(games).join(", ")}`);
const ids = Object.keys(games).filter((id) => wanted.length === 0 || wanted.includes(id));
const missing = ids.filter((id) => !Object.hasOwn(sweep, id));
if (missing.length > 0) usage(`no configurations listed for ${missing.join(", ")}: import its test/<game>/harness-configs.ts into bench/trust-sweep.ts`);
const configs = Object.fromEntries(ids.map((id) => [id, configsOf(id)]));
const stale = Object.values(configs).flatMap((list) => list.map((c) => c.file).filter((f) => !existsSync(new URL(`../${f}`, import.meta.url))));
if (stale.length > 0) usage(`harness-configs.ts lists configurations for test files that do not exist: ${[...new Set(stale)].join(", ")}`);

/** CPU seconds (user + system) this process has used. */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// Every (configuration, seat count) gets an equal share of its game's share of the budget.
const jobs = ids.flatMap((id) => configs[id]!.flatMap((c) => c.players.filter((n) => seats === undefined || n === seats).map((players) => ({ id, c, players }))));
if (jobs.length === 0) usage(`no configuration of ${ids.join(", ")} plays at ${seats} seats`);
const weightOf = (id: string) => sweep[id]!.weight / jobs.filter((j) => j.id === id).length;
const totalWeight = jobs.reduce((w, j) => w + weightOf(j.id), 0);
const rng = seedRng(master);
console.log(`trust-sweep: master seed ${master}, ${minutes} CPU minutes over ${jobs.length} configurations (${ids.join(", ")})`);
console.log(`repeat with: npm run trust-sweep -- ${wanted.join(" ")}${wanted.length ? " " : ""}--minutes ${minutes} --seed ${master}${seats === undefined ? "" : ` --players ${seats}`}\n`);

let failures = 0;
const start = cpu();
for (const { id, c, players } of jobs) {
  const budget = (minutes * 60 * weightOf(id)) / totalWeight;
  const t0 = cpu();
  let runs = 0;
  let tried = 0;
  let accepted = 0;
  const found: string[] = [];
  // Each run's seeds come from the master generator, whatever the run did (repeatable).
  while (cpu() - t0 < budget) {
    const seed = randomInt(rng, -(2 ** 31), 2 ** 31 - 1);
    const botSeed = randomInt(rng, -(2 ** 31), 2 ** 31 - 1);
    runs++;
    try {
      const r = checkCorruptions(c.game, { seed, botSeed, players, ...(c.options ? { options: c.options } : {}), maxSteps: c.maxSteps, corruptions: c.corruptions });
      tried += r.tried;
      accepted += r.accepted;
    } catch (e) {
      failures++;
      const first = (e instanceof Error ? e.message : String(e)).split("\n")[0]!.slice(0, 400);
      found.push(`  FAIL { seed: ${seed}, botSeed: ${botSeed}, players: ${players} }\n       ${first}`);
    }
  }
  const opts = c.options ? ` options ${JSON.stringify(c.options).slice(0, 120)}` : "";
  console.log(`${id} [${c.label}] ${players}p: ${runs} runs, ${tried} corrupted states, ${accepted} accepted, ${(cpu() - t0).toFixed(0)} s CPU, ${found.length} failed`);
  if (found.length > 0) {
    console.log(`  pin as corruptionExamples in the configuration labelled "${c.label}" of test/${id}/harness-configs.ts (run by ${c.file})${opts}:`);
    for (const f of found) console.log(f);
  }
}
console.log(`\n${jobs.length} configurations, ${((cpu() - start) / 60).toFixed(1)} CPU minutes, master seed ${master}: ${failures} failure(s)`);
process.exit(failures > 0 ? 1 : 0);
