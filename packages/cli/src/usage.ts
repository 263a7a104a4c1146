// The usage texts: `rules help` shows every command, `rules <command> --help` that command alone.

const OPTION = {
  players: ["      --players n      number of seats (default: the game's default, as in its OptionsSchema,", "                       or the count the map takes: 1 for amusement-park)"],
  map: ["      --map id         the board, for a game with several (options.map, e.g. orient-express)"],
  seed: ["      --seed s         game seed: an integer (at most 15 digits) or a word (default 1)"],
  bots: [
    "      --bots a,b,...   bot per seat: random, mcts, mcts:2000 (iterations per decision,",
    "                       at most 100000), mcts:100ms or mcts:1s (time per decision, at most",
    "                       10s: depends on the machine),",
    "                       /N after any cuts playouts off after N actions (mcts:20/4),",
    "                       mcts+B:<budget> lets bot B play the playouts (mcts+random:200;",
    "                       steamrollers: mcts+planner:1s searches the planner's whole turns),",
    "                       or a game's own (age-of-steam-exp: thrifty, planner for the",
    "                       Amusement Park; steamrollers: planner);",
    "                       a shorter list repeats;",
    "                       default random (thrifty for age-of-steam-exp)",
  ],
  simulateBots: ["      --bots a,b,...   as for play (a game's own bots too), but no time budget (mcts:1s):", "                       the games must be reproducible; default random"],
} as const;

/** Each command: its synopsis, its one-line summary, its own option lines, and in `rules help` the lines that stand for options it shares with play. */
const COMMANDS: ReadonlyArray<{ name: string; synopsis: string; summary: readonly string[]; options: readonly string[]; shared?: readonly string[] }> = [
  {
    name: "play",
    synopsis: "play <game>",
    summary: ["Play one full game between bots and print a readable log"],
    options: [
      ...OPTION.players,
      ...OPTION.map,
      ...OPTION.seed,
      ...OPTION.bots,
      "      --json           print the action log as JSON (replayable) instead of the readable log",
      "      --log FILE       also write the action log as JSON to FILE",
    ],
  },
  {
    name: "simulate",
    synopsis: "simulate <game>",
    summary: ["Play many bot games and print statistics (progress on stderr; SIGINT or", "SIGTERM stops it and writes what finished)"],
    options: [
      "      --games N        number of games (default 100, at most 100000000)",
      ...OPTION.players,
      ...OPTION.map,
      ...OPTION.seed,
      ...OPTION.simulateBots,
      "      --options JSON   game options as initialState takes them ('{\"difficulty\":\"engineer\"}')",
      '      --out FILE       write one JSON record per game as it ends (.jsonl; "-" for stdout):',
      "                       seed, options, full bot specs, master seed, shard, versions,",
      "                       steps, hash of the actions, outcome (opened and tried first)",
      "      --trajectories FILE  every game's actions, who took each and who could act (JSONL,",
      "                       gzip when FILE ends in .gz): enough to replay every state",
      "      --report F       text (default), json (what rules merge adds up) or html (charts)",
      "      --shard i/n      play only the i-th of n disjoint ranges of the games (0 <= i < n)",
      "      --workers K      spread the games over K processes, at most one per game and per",
      "                       core (the report and the records do not depend on K)",
    ],
    shared: [
      "      --games N        number of games (default 100, at most 100000000)",
      "      --players n, --map id, --seed s   as for play",
      ...OPTION.simulateBots,
      "      --options JSON   game options as initialState takes them ('{\"difficulty\":\"engineer\"}')",
      '      --out FILE       write one JSON record per game as it ends (.jsonl; "-" for stdout):',
      "                       seed, options, full bot specs, master seed, shard, versions,",
      "                       steps, hash of the actions, outcome (opened and tried first)",
      "      --trajectories FILE  every game's actions, who took each and who could act (JSONL,",
      "                       gzip when FILE ends in .gz): enough to replay every state",
      "      --report F       text (default), json (what rules merge adds up) or html (charts)",
      "      --shard i/n      play only the i-th of n disjoint ranges of the games (0 <= i < n)",
      "      --workers K      spread the games over K processes, at most one per game and per",
      "                       core (the report and the records do not depend on K)",
    ],
  },
  {
    name: "merge",
    synopsis: "merge <file>...",
    summary: ["Make the shards of one simulation whole: JSON reports into the report of a", "single run, records or trajectories files into one file (refuses overlapping", "or missing shards)"],
    options: [
      '      --out FILE       where merged records or trajectories go ("-": stdout; .gz: gzip)',
      "      --report F       text (default), json or html",
    ],
  },
  {
    name: "replay",
    synopsis: "replay <file>",
    summary: ["Replay a JSON action log, print it readably and check its final hash (a log", "is at most 32 MiB and 200,000 values)"],
    options: [],
  },
  {
    name: "bench",
    synopsis: "bench <game>",
    summary: ["Measure the throughput of a game's engine"],
    options: [
      "      --seconds s      time budget, a positive number (default 5, at most 600)",
      "      --players n      number of seats (default: the game's default)",
      "      --map id         the board, as for play",
    ],
  },
  { name: "list", synopsis: "list", summary: ["List the games"], options: [] },
  {
    name: "serve",
    synopsis: "serve",
    summary: ["Speak the JSON-lines protocol on stdin/stdout (docs/serve.md), for", "programs in any language; a request is one line of at most 1 MB"],
    options: [],
  },
  { name: "help", synopsis: "help", summary: ["Show this text (also --help, -h; rules <command> --help for one command)"], options: [] },
];

const EXIT_CODES = "Exit codes: 0 success, 1 failure (bad file, illegal log, engine error), 2 usage error,\n130 or 143 simulate stopped by SIGINT or SIGTERM.";

/** A command's lines in `rules help`: the synopsis padded to a column, the summary beside it. */
function commandLines(c: (typeof COMMANDS)[number]): string[] {
  const [first, ...rest] = c.summary;
  return [`  ${c.synopsis.padEnd(17)}  ${first}`, ...rest.map((l) => `${" ".repeat(21)}${l}`), ...(c.shared ?? c.options)];
}

/**
 * The usage text of `rules help`.
 *
 * @example
 * ```ts
 * import { USAGE } from "@rules/cli";
 *
 * console.log(USAGE.split("\n")[0]); // "Usage: rules <command> [options]"
 * ```
 */
export const USAGE = ["Usage: rules <command> [options]", "", "Commands:", ...COMMANDS.flatMap(commandLines), "", "Options: --version (-v) prints the version.", EXIT_CODES, ""].join("\n");

/** The usage of one command (`rules play --help`), or undefined for a name that is no command. */
export function commandUsage(command: string): string | undefined {
  const c = COMMANDS.find((x) => x.name === command);
  if (!c || c.name === "help") return undefined;
  const options = c.options.length > 0 ? ["", "Options:", ...c.options.map((l) => l.slice(4))] : [];
  return [`Usage: rules ${c.synopsis}${c.options.length > 0 ? " [options]" : ""}`, "", ...c.summary, ...options, "", EXIT_CODES, ""].join("\n");
}
