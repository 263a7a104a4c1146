// `npm run trust-sweep`: hunts the trust-boundary gaps that the random corruption property of
// `testGame` (checkCorruptions, test/harness/trust.ts) finds only now and then. A report, never a
// test. For each game and each configuration its properties tests give `testGame` (smallest and
// largest table, each option set), it runs `checkCorruptions` on seeds from one seeded generator
// until that configuration's share of the CPU-time budget is spent, and prints the runs made and,
// for every failure, the `corruptionExamples` entry to pin in that `testGame` call.
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
import { randomInt, seedRng } from "@rules/core";
import { games } from "../packages/cli/src/games.js";
import { checkCorruptions, type AnyGame } from "../test/harness/index.js";

/** One `testGame` call of a properties test, as the trust-boundary property runs it. */
interface Config {
  /** The `testGame` call's label (where to pin an example), and its test file. */
  label: string;
  file: string;
  /** Seats the trust-boundary property uses: the first and last of `playerCounts`. */
  players: number[];
  options?: Record<string, unknown>;
  corruptions?: number;
  /** The definition as that test passes it (Age of Steam narrows minPlayers). */
  game?: (g: AnyGame) => AnyGame;
}

// Mirrors the `testGame` calls of test/<game>/*properties.test.ts; keep the two in step.
const configs: Record<string, { weight: number; configs: Config[] }> = {
  "donkey-valley": {
    weight: 1,
    configs: [
      { label: "(default)", file: "test/donkey-valley/properties.test.ts", players: [3, 7] },
      {
        label: "two-of-each donkey box",
        file: "test/donkey-valley/properties.test.ts",
        players: [3, 7],
        options: {
          components: {
            ...(games["donkey-valley"]!.schemas.options.parse({}) as { components: object }).components,
            donkeys: ["normal", "giant", "extraSmall", "precision", "hastily", "holes", "attacked", "lost", "double", "stubborn"].flatMap((d) => [d, d]),
          },
        },
      },
    ],
  },
  "steam-park": {
    weight: 1,
    configs: [
      { label: "(default)", file: "test/steam-park/properties.test.ts", players: [2, 4] },
      { label: "beginner variant", file: "test/steam-park/properties.test.ts", players: [2, 4], options: { beginner: true } },
      { label: "2-player tip: 2nd and Last tokens", file: "test/steam-park/properties.test.ts", players: [2], options: { gentleTwoPlayer: true } },
      { label: "option mustSpendDice", file: "test/steam-park/properties.test.ts", players: [3], options: { mustSpendDice: true } },
      { label: "option optionalSeating", file: "test/steam-park/properties.test.ts", players: [3], options: { optionalSeating: true } },
    ],
  },
  "age-of-steam-exp": {
    weight: 3,
    configs: [
      { label: "(default: Rust Belt)", file: "test/age-of-steam-exp/properties.test.ts", players: [3, 6], game: (g) => ({ ...g, minPlayers: 3 }) },
      {
        label: "alternative rule readings",
        file: "test/age-of-steam-exp/properties.test.ts",
        players: [3, 5],
        options: { rules: { coexistingUpgradeCost: 3, deliveredGoods: "out", urbanizeTiming: "first", passWithTwoBidders: true } },
        game: (g) => ({ ...g, minPlayers: 3 }),
      },
      { label: "Orient Express", file: "test/age-of-steam-exp/properties.test.ts", players: [4, 6], options: { map: "orient-express" } },
      ...(["easy", "normal", "hard"] as const).map((difficulty) => ({
        label: `Amusement Park, ${difficulty}`,
        file: "test/age-of-steam-exp/park.properties.test.ts",
        players: [1],
        options: { map: "amusement-park", difficulty },
        game: (g: AnyGame) => ({ ...g, minPlayers: 1, maxPlayers: 1 }),
      })),
    ],
  },
  "steam-donkey": {
    weight: 2,
    configs: [
      { label: "(default)", file: "test/steam-donkey/properties.test.ts", players: [2, 4] },
      { label: "advanced", file: "test/steam-donkey/properties.test.ts", players: [2, 4], options: { advanced: true } },
      {
        label: "hand backs hidden, Feral Donkey once per turn",
        file: "test/steam-donkey/properties.test.ts",
        players: [2, 4],
        corruptions: 60,
        options: { advanced: true, handBacksPublic: false, feralDonkeyPerTurn: true },
      },
      {
        label: "basic, identical attractions score once",
        file: "test/steam-donkey/properties.test.ts",
        players: [2, 4],
        corruptions: 40,
        options: { identicalScoreOnce: true, posterBonusCountsCovered: true, distinctPosters: false },
      },
    ],
  },
  steamrollers: {
    weight: 3,
    configs: [
      { label: "base game", file: "test/steamrollers/properties.test.ts", players: [2, 5] },
      {
        label: "every module: Coal, Order tiles, Starting powers, Hard walls",
        file: "test/steamrollers/properties.test.ts",
        players: [2, 5],
        options: { coal: true, orders: true, startingPowers: true, walls: "hard" },
      },
      { label: "Medium walls", file: "test/steamrollers/properties.test.ts", players: [2, 5], options: { walls: "medium" } },
      ...["clerk", "conductor", "machinist", "engineer", "investor", "railBaron"].map((difficulty) => ({
        label: `solo, ${difficulty}`,
        file: "test/steamrollers/solo.properties.test.ts",
        players: [1],
        options: { difficulty },
      })),
      { label: "solo, Medium walls", file: "test/steamrollers/solo.properties.test.ts", players: [1], options: { walls: "medium", difficulty: "machinist" } },
      { label: "solo, Hard walls", file: "test/steamrollers/solo.properties.test.ts", players: [1], options: { walls: "hard", difficulty: "railBaron" } },
    ],
  },
};

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
const missing = ids.filter((id) => !Object.hasOwn(configs, id));
if (missing.length > 0) usage(`no configurations listed for ${missing.join(", ")}: add its testGame calls to bench/trust-sweep.ts`);

/** CPU seconds (user + system) this process has used. */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// Every (configuration, seat count) gets an equal share of its game's share of the budget.
const jobs = ids.flatMap((id) => configs[id]!.configs.flatMap((c) => c.players.filter((n) => seats === undefined || n === seats).map((players) => ({ id, c, players }))));
if (jobs.length === 0) usage(`no configuration of ${ids.join(", ")} plays at ${seats} seats`);
const weightOf = (id: string) => configs[id]!.weight / jobs.filter((j) => j.id === id).length;
const totalWeight = jobs.reduce((w, j) => w + weightOf(j.id), 0);
const rng = seedRng(master);
console.log(`trust-sweep: master seed ${master}, ${minutes} CPU minutes over ${jobs.length} configurations (${ids.join(", ")})`);
console.log(`repeat with: npm run trust-sweep -- ${wanted.join(" ")}${wanted.length ? " " : ""}--minutes ${minutes} --seed ${master}${seats === undefined ? "" : ` --players ${seats}`}\n`);

let failures = 0;
const start = cpu();
for (const { id, c, players } of jobs) {
  const budget = (minutes * 60 * weightOf(id)) / totalWeight;
  const game = c.game ? c.game(games[id] as AnyGame) : (games[id] as AnyGame);
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
      const r = checkCorruptions(game, { seed, botSeed, players, ...(c.options ? { options: c.options } : {}), maxSteps: 20_000, corruptions: c.corruptions ?? 120 });
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
    console.log(`  pin as corruptionExamples in the testGame call labelled "${c.label}" of ${c.file}${opts}:`);
    for (const f of found) console.log(f);
  }
}
console.log(`\n${jobs.length} configurations, ${((cpu() - start) / 60).toFixed(1)} CPU minutes, master seed ${master}: ${failures} failure(s)`);
process.exit(failures > 0 ? 1 : 0);
