import { cloneJson, defaultPlayers, mctsBot, nextActor, randomInt, seedRng, stateHash, type BaseAction, type Game, type RngState } from "@rules/core";

/**
 * Options of {@link benchGame}.
 *
 * @example
 * ```ts
 * import { benchGame, type BenchOptions } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const opts: BenchOptions = { seconds: 0.2, players: 3, seed: 7 };
 * console.log(benchGame(game, opts).players); // 3
 * ```
 */
export interface BenchOptions {
  /** Total time budget in seconds, shared among the measurements (default 5). */
  seconds?: number;
  /** Number of seats (default: the game's default, {@link defaultPlayers}, as for every command). */
  players?: number;
  /** Seed of the random choices and of the games (default 1). */
  seed?: number;
  /** Clock in milliseconds (default `performance.now`). */
  now?: () => number;
  /** Other game options for every game (e.g. `{ map: "orient-express" }`), passed to `initialState` with the seats. */
  options?: Record<string, unknown>;
}

/**
 * Throughput of random playouts through one way of applying actions.
 *
 * @example
 * ```ts
 * import { benchGame, type Throughput } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const fast: Throughput = benchGame(game, { seconds: 0.2 }).inPlace;
 * console.log(fast.stepsPerSecond > 0, fast.gamesPerSecond > 0); // true true
 * ```
 */
export interface Throughput {
  /** Actions applied per second (including `legalActions` and the random choice). */
  stepsPerSecond: number;
  /** Whole games (from `initialState` to the end) per second. */
  gamesPerSecond: number;
  /** Mean cost of the apply call alone, replaying recorded games (µs per action). */
  applyMicros: number;
}

/**
 * The ways a caller may own a state for `applyInPlace`, as the guides list them: a new game from
 * `initialStateInPlace`, or a copy of a frozen state by `game.cloneState`, `cloneJson` or
 * `structuredClone`.
 *
 * @example
 * ```ts
 * import { OWNED_STATE_WAYS } from "@rules/cli";
 *
 * console.log(OWNED_STATE_WAYS.join(", ")); // initialStateInPlace, cloneState, cloneJson, structuredClone
 * ```
 */
export const OWNED_STATE_WAYS = ["initialStateInPlace", "cloneState", "cloneJson", "structuredClone"] as const;

/**
 * Random playouts through `applyInPlace` from a state owned one way ({@link OWNED_STATE_WAYS}).
 *
 * @example
 * ```ts
 * import { benchGame, type OwnedThroughput } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const o: OwnedThroughput = benchGame(game, { seconds: 0.2 }).owned.cloneJson;
 * console.log(o.gamesPerSecond > 0, o.copyMicros >= 0); // true true
 * ```
 */
export interface OwnedThroughput {
  /** Whole random games per second from the owned state on (making it not counted). */
  gamesPerSecond: number;
  /** Mean cost of making the owned state (µs): `initialStateInPlace`, or `initialState` and the copy. */
  copyMicros: number;
}

/**
 * What {@link benchGame} measures for one game.
 *
 * @example
 * ```ts
 * import { benchGame, type BenchReport } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const r: BenchReport = benchGame(game, { seconds: 0.2 });
 * console.log(r.pathsAgree, r.inPlace.stepsPerSecond / r.checked.stepsPerSecond); // true, the fast path's speed-up
 * ```
 */
export interface BenchReport {
  /** The game's `id`. */
  game: string;
  /** The game's human name. */
  name: string;
  /** Seats of every measured game. */
  players: number;
  /** The other game options measured (absent when none were given). */
  options?: Record<string, unknown>;
  /** Wall time the measurement took. */
  seconds: number;
  /** Random playouts through the checked `apply`. */
  checked: Throughput;
  /** Random playouts through `applyUnchecked` (a fresh copy per action, no checks). */
  unchecked: Throughput;
  /** Random playouts through `applyInPlace` on a private initial state (`game.initialStateInPlace`). */
  inPlace: Throughput;
  /** `applyInPlace` random playouts from a state owned each way, measured in turns in one process (after a round that meets every way). */
  owned: Record<(typeof OWNED_STATE_WAYS)[number], OwnedThroughput>;
  /** Mean actions per game. */
  stepsPerGame: number;
  /** Mean cost of `legalActions(state)` over the states of random games (µs per call). */
  legalActionsMicros: number;
  /** Mean number of legal actions per state. */
  legalActionsMean: number;
  /** Mean cost of `playerView` (seat 0 and a spectator, over the states of random games), µs per call. */
  playerViewMicros: number;
  /** `JSON.stringify(state).length` of the initial state and the largest during random games. */
  stateBytesInitial: number;
  stateBytesMax: number;
  /** True when the three paths reached the same final state on the same random game. */
  pathsAgree: boolean;
  /** ISMCTS ({@link mctsBot}, default options) iterations per second, over decisions sampled from random games. */
  mctsIterationsPerSecond: number;
}

/**
 * The middle of a game's player range (rounded up): a choice for a benchmark run over several counts.
 *
 * @example
 * ```ts
 * import { middlePlayers } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * console.log(middlePlayers(game)); // 5: the middle of 3..7
 * ```
 */
export function middlePlayers(game: Game): number {
  return Math.ceil((game.minPlayers + game.maxPlayers) / 2);
}

type Path = "checked" | "unchecked" | "inPlace";

/** A new game the caller owns, made `way`. */
function ownedState(game: Game, way: (typeof OWNED_STATE_WAYS)[number], seed: number, init: Record<string, unknown>): unknown {
  switch (way) {
    case "initialStateInPlace":
      return startInPlace(game, seed, init);
    case "cloneState":
      return (game.cloneState ?? cloneJson)(game.initialState(seed, init));
    case "cloneJson":
      return cloneJson(game.initialState(seed, init));
    case "structuredClone":
      return structuredClone(game.initialState(seed, init));
  }
}

/** Rounds of the owned-state turns: one to warm up, the best of the rest kept. */
const OWNED_ROUNDS = 7;

/**
 * Random `applyInPlace` playouts from states owned each way, in {@link OWNED_ROUNDS} rounds of
 * turns. The first round only warms up: each way's objects are new to the JIT there, and the way
 * measured first would run before the others have made the rules code polymorphic. The best of the
 * later rounds is kept, so every way is timed with the JIT in the same state, and a pause of the
 * machine (another process, a collection of an earlier way's garbage) costs one round of one way,
 * not its figure.
 */
function benchOwned(game: Game, now: () => number, ms: number, seed: number, init: Record<string, unknown>): BenchReport["owned"] {
  const out = {} as BenchReport["owned"];
  for (let round = 0; round < OWNED_ROUNDS; round++) {
    for (const way of OWNED_STATE_WAYS) {
      const rng = seedRng(seed + 31 * round);
      let playing = 0;
      let making = 0;
      let games = 0;
      do {
        const t0 = now();
        const state = ownedState(game, way, seed + games, init);
        const t1 = now();
        for (let steps = 0; !game.isTerminal(state) && steps < MAX_STEPS; steps++) {
          const legal = game.legalActions(state, nextActor(game, state, rng)!);
          game.applyInPlace(state, legal[randomInt(rng, 0, legal.length - 1)]!);
        }
        playing += now() - t1;
        making += t1 - t0;
        games++;
      } while (playing + making < ms);
      const r: OwnedThroughput = { gamesPerSecond: (games / playing) * 1000, copyMicros: (making * 1000) / games };
      if (round > 0 && (!out[way] || r.gamesPerSecond > out[way].gamesPerSecond)) out[way] = r;
    }
  }
  return out;
}

/** A new game the caller owns, for `applyInPlace`. */
function startInPlace(game: Game, seed: number, init: Record<string, unknown>): unknown {
  return game.initialStateInPlace ? game.initialStateInPlace(seed, init) : cloneJson(game.initialState(seed, init));
}
const MAX_STEPS = 100_000;

/** One random game through `path`; returns its number of actions (and records it if asked). */
function playout(game: Game, path: Path, seed: number, init: Record<string, unknown>, rng: RngState, record?: { actions: BaseAction[]; states: unknown[] }): { steps: number; final: unknown } {
  let state = path === "inPlace" ? startInPlace(game, seed, init) : game.initialState(seed, init);
  let steps = 0;
  while (!game.isTerminal(state) && steps < MAX_STEPS) {
    const p = nextActor(game, state, rng)!;
    const legal = game.legalActions(state, p);
    const a = legal[randomInt(rng, 0, legal.length - 1)]!;
    if (record) {
      record.states.push(state);
      record.actions.push(a);
    }
    if (path === "checked") state = game.apply(state, a);
    else if (path === "unchecked") state = game.applyUnchecked(state, a);
    else game.applyInPlace(state, a);
    steps++;
  }
  return { steps, final: state };
}

/**
 * The time left of a budget, shared out by weight: each measurement gets its weight's share of
 * what is left when it starts, so the untimed work before it (sample games) and any overrun of the
 * one before (a body runs at least once) come out of the same budget instead of adding to it.
 */
function budgetShares(now: () => number, totalMs: number, weights: Record<string, number>): (name: string) => number {
  const deadline = now() + totalMs;
  let weightLeft = Object.values(weights).reduce((a, b) => a + b, 0);
  return (name) => {
    const w = weights[name]!;
    const share = (Math.max(0, deadline - now()) * w) / weightLeft;
    weightLeft -= w;
    return share;
  };
}

/** Run `body` repeatedly for about `ms` milliseconds (at least once); returns [iterations, elapsed ms, total units]. */
function timed(now: () => number, ms: number, body: (i: number) => number): { runs: number; elapsed: number; units: number } {
  const t0 = now();
  let runs = 0;
  let units = 0;
  let elapsed = 0;
  do {
    units += body(runs++);
    elapsed = now() - t0;
  } while (elapsed < ms);
  return { runs, elapsed, units };
}

/**
 * Measure one game: random-playout throughput through the checked `apply`, `applyUnchecked` and
 * `applyInPlace`, the cost of the apply call alone on recorded games, the cost of `legalActions`
 * and `playerView`, and the size of the state. Random choices come from a seeded core RNG; the
 * three paths play the same games. A report, not a test: it never fails on a number.
 *
 * @example
 * ```ts
 * import { benchGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const r = benchGame(game, { seconds: 0.2, players: 4 });
 * console.log(r.stepsPerGame, r.legalActionsMean, r.stateBytesMax);
 * ```
 */
export function benchGame(game: Game, options: BenchOptions = {}): BenchReport {
  const now = options.now ?? (() => performance.now());
  const players = options.players ?? defaultPlayers(game);
  const init = { ...options.options, players };
  const seed = options.seed ?? 1;
  const budget = (options.seconds ?? 5) * 1000;
  const started = now();
  // Shares of the budget. MCTS (whose decisions are the coarsest unit) comes before the cheap
  // per-call measurements, which then take what is left.
  // Each path warms up on untimed games before its clock runs: the heavy games' rules code takes
  // seconds of CPU to reach the speed it then keeps (Age of Steam's fast path about 2.5 s, when
  // its compiled code and its per-map tables have settled), and a playout that runs for hours
  // plays at that speed.
  const share = budgetShares(now, budget, {
    warmUp: 2.5,
    inPlace: 1.5,
    warmChecked: 1,
    checked: 1.5,
    warmUnchecked: 0.5,
    checkedApply: 0.5,
    unchecked: 1.5,
    uncheckedApply: 0.5,
    inPlaceApply: 0.5,
    mcts: 1,
    legal: 1,
    view: 1,
    owned: 1,
  });

  // The fast path first, while the rules code has seen only the private mutable copies it works
  // on: measured after the checked path, its property accesses would also have met frozen states
  // (another hidden class) and run polymorphic, which a simulation that never calls apply avoids.
  // Untimed games on other seeds first, so the JIT has settled before the clock runs (a hand-written
  // anchor warms up the same way: dv-reference plays 20,000 untimed games).
  timed(now, share("warmUp"), (i) => playout(game, "inPlace", seed + 1_000_003 + i, init, seedRng(seed + 104_729 * i)).steps);
  const inPlaceRun = timed(now, share("inPlace"), (i) => playout(game, "inPlace", seed + i, init, seedRng(seed + 7919 * i)).steps);
  // Three rounds over the four ways of owning a state (the first only warms up).
  const owned = benchOwned(game, now, share("owned") / (OWNED_ROUNDS * OWNED_STATE_WAYS.length), seed, init);

  // Sample games (also the warm-up): states for legalActions/playerView/size, actions for apply-only timing.
  const samples: Array<{ seed: number; actions: BaseAction[]; states: unknown[] }> = [];
  const finals: Record<Path, string[]> = { checked: [], unchecked: [], inPlace: [] };
  for (const path of ["checked", "unchecked", "inPlace"] as const) {
    const rng = seedRng(seed);
    for (let g = 0; g < 3; g++) {
      const rec = { actions: [] as BaseAction[], states: [] as unknown[] };
      const r = playout(game, path, seed + g, init, rng, path === "unchecked" ? rec : undefined);
      finals[path].push(stateHash(r.final));
      if (path === "unchecked") samples.push({ seed: seed + g, ...rec, states: [...rec.states, r.final] });
    }
  }
  const pathsAgree = finals.checked.join() === finals.unchecked.join() && finals.checked.join() === finals.inPlace.join();

  const throughput = {} as Record<Path, Throughput>;
  let stepsTotal = 0;
  let gamesTotal = 0;
  for (const path of ["checked", "unchecked", "inPlace"] as const) {
    if (path !== "inPlace") timed(now, share(path === "checked" ? "warmChecked" : "warmUnchecked"), (i) => playout(game, path, seed + 1_000_003 + i, init, seedRng(seed + 104_729 * i)).steps);
    const t = path === "inPlace" ? inPlaceRun : timed(now, share(path), (i) => playout(game, path, seed + i, init, seedRng(seed + 7919 * i)).steps);
    stepsTotal += t.units;
    gamesTotal += t.runs;
    // Apply-only: replay the recorded sample games through this path.
    const a = timed(now, share(`${path}Apply`), (i) => {
      const s = samples[i % samples.length]!;
      let state = path === "inPlace" ? startInPlace(game, s.seed, init) : game.initialState(s.seed, init);
      for (const act of s.actions) {
        if (path === "checked") state = game.apply(state, act);
        else if (path === "unchecked") state = game.applyUnchecked(state, act);
        else game.applyInPlace(state, act);
      }
      return s.actions.length;
    });
    throughput[path] = {
      stepsPerSecond: (t.units / t.elapsed) * 1000,
      gamesPerSecond: (t.runs / t.elapsed) * 1000,
      applyMicros: a.units === 0 ? 0 : (a.elapsed * 1000) / a.units,
    };
  }

  const states = samples.flatMap((s) => s.states);
  // MCTS: one decision at a time from the sampled states with a choice, 50 iterations each.
  const pick = seedRng(seed + 1);
  const choices = states.flatMap((st) => {
    const p = game.isTerminal(st) ? undefined : nextActor(game, st, pick);
    return p !== undefined && game.legalActions(st, p).length > 1 ? [{ st, p }] : [];
  });
  const mctsIterations = 50;
  const mcts = mctsBot(game, { iterations: mctsIterations, seed });
  const m = timed(now, share("mcts"), (i) => {
    const c = choices[(i * 7) % Math.max(1, choices.length)];
    if (c === undefined) return 0;
    mcts.act(c.st, c.p, game.legalActions(c.st, c.p));
    return mctsIterations;
  });
  let legalCount = 0;
  const legal = timed(now, share("legal"), (i) => {
    const st = states[i % states.length];
    legalCount += game.legalActions(st).length;
    return 1;
  });
  const view = timed(now, share("view"), (i) => {
    const st = states[i % states.length];
    game.playerView(st, i % 2 === 0 ? 0 : null);
    return 1;
  });
  let maxBytes = 0;
  for (const st of states) maxBytes = Math.max(maxBytes, JSON.stringify(st).length);

  return {
    game: game.id,
    name: game.name,
    players,
    ...(options.options && Object.keys(options.options).length > 0 ? { options: { ...options.options } } : {}),
    seconds: (now() - started) / 1000,
    checked: throughput.checked,
    unchecked: throughput.unchecked,
    inPlace: throughput.inPlace,
    owned,
    stepsPerGame: gamesTotal === 0 ? 0 : stepsTotal / gamesTotal,
    legalActionsMicros: (legal.elapsed * 1000) / legal.runs,
    legalActionsMean: legalCount / legal.runs,
    playerViewMicros: (view.elapsed * 1000) / view.runs,
    stateBytesInitial: JSON.stringify(game.initialState(seed, init)).length,
    stateBytesMax: maxBytes,
    pathsAgree,
    mctsIterationsPerSecond: (m.units / m.elapsed) * 1000,
  };
}

/** A number with 3 significant digits and thousands separators (`1,234,000`, `12.3`, `0.456`). */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 1000) return Math.round(x).toLocaleString("en-US");
  return Number(x.toPrecision(3)).toString();
}

/** A report's name in tables: the game id, and the map when one was chosen (`age-of-steam-exp (orient-express)`). */
function reportName(r: BenchReport): string {
  const map = r.options?.["map"];
  return typeof map === "string" ? `${r.game} (${map})` : r.game;
}

/**
 * The ratio below which the fast path is called out.
 *
 * @example
 * ```ts
 * import { FAST_PATH_TARGET, benchGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const r = benchGame(game, { seconds: 0.2 });
 * console.log(FAST_PATH_TARGET, r.inPlace.stepsPerSecond / r.checked.stepsPerSecond >= FAST_PATH_TARGET); // 10, and whether the fast path meets it
 * ```
 */
export const FAST_PATH_TARGET = 10;

/**
 * The lowest ratio of a game's games/s on a path to an anchor's (an outside yardstick run in the
 * same measurement, `npm run bench -- --anchor PATH=COMMAND`) that is not a regression, by game
 * and path. Donkey Valley's fast path is held at 0.07× a hand-written simulator of the same game
 * (about 0.075× was measured when this floor was set).
 *
 * @example
 * ```ts
 * import { ANCHOR_FLOORS } from "@rules/cli";
 *
 * console.log(ANCHOR_FLOORS["donkey-valley"]?.inPlace); // 0.07
 * ```
 */
export const ANCHOR_FLOORS: Readonly<Record<string, Partial<Record<"inPlace" | "unchecked" | "checked", number>>>> = {
  "donkey-valley": { inPlace: 0.07 },
};

/**
 * One anchor measured in a run: the game's games/s on `path` against the anchor's, in the same run.
 *
 * @example
 * ```ts
 * import { anchorRegressions, type AnchorResult } from "@rules/cli";
 *
 * const r: AnchorResult = { game: "donkey-valley", players: 5, path: "inPlace", ours: 40_000, anchor: 600_000, command: "node dv-reference.mjs" };
 * console.log(anchorRegressions([r]).length); // 1: 0.067× is below the 0.07× floor
 * ```
 */
export interface AnchorResult {
  game: string;
  players: number;
  path: "inPlace" | "unchecked" | "checked";
  /** The game's games/s on `path`, and the anchor's (the mean of its runs before and after). */
  ours: number;
  anchor: number;
  command: string;
}

/**
 * The anchors of a run that fall below their game's floor ({@link ANCHOR_FLOORS}), one line each:
 * `npm run bench` prints them as regressions and exits with status 1.
 *
 * @example
 * ```ts
 * import { anchorRegressions } from "@rules/cli";
 *
 * const ok = { game: "donkey-valley", players: 5, path: "inPlace" as const, ours: 45_000, anchor: 600_000, command: "node dv-reference.mjs" };
 * console.log(anchorRegressions([ok])); // []: 0.075× is above the floor
 * ```
 */
export function anchorRegressions(results: readonly AnchorResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    const floor = ANCHOR_FLOORS[r.game]?.[r.path];
    if (floor === undefined || !(r.anchor > 0)) continue;
    const ratio = r.ours / r.anchor;
    if (!(ratio >= floor)) out.push(`${r.game}, ${r.players} players: \`${r.path}\` is ${fmt(ratio)}× the anchor (${fmt(r.ours)} against ${fmt(r.anchor)} games/s), below the ${floor}× floor — anchor: \`${r.command}\``);
  }
  return out;
}

/**
 * Reports as Markdown tables, with the fast/checked ratios and a note for each fast path below 10×.
 *
 * @example
 * ```ts
 * import { benchGame, formatBench } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * console.log(formatBench([benchGame(game, { seconds: 0.2 })])); // Markdown tables
 * ```
 */
export function formatBench(reports: readonly BenchReport[]): string {
  const out: string[] = [];
  out.push("### Random playouts (legalActions + seeded random choice + apply)", "");
  out.push("| game | players | path | steps/s | games/s | apply µs/step | × checked (playout) | × checked (apply only) |");
  out.push("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of reports) {
    for (const [label, t] of [["checked `apply`", r.checked], ["`applyUnchecked`", r.unchecked], ["`applyInPlace`", r.inPlace]] as const) {
      const x = t === r.checked ? "1" : `${fmt(t.stepsPerSecond / r.checked.stepsPerSecond)}×`;
      const y = t === r.checked ? "1" : `${fmt(r.checked.applyMicros / t.applyMicros)}×`;
      out.push(`| ${reportName(r)} | ${r.players} | ${label} | ${fmt(t.stepsPerSecond)} | ${fmt(t.gamesPerSecond)} | ${fmt(t.applyMicros)} | ${x} | ${y} |`);
    }
  }
  out.push("", "### Costs and sizes", "");
  out.push("| game | players | actions/game | legalActions µs/call | legal actions/state | playerView µs/call | state bytes (initial) | state bytes (max) | MCTS iterations/s | paths agree |");
  out.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of reports) {
    out.push(
      `| ${reportName(r)} | ${r.players} | ${fmt(r.stepsPerGame)} | ${fmt(r.legalActionsMicros)} | ${fmt(r.legalActionsMean)} | ${fmt(r.playerViewMicros)} | ${fmt(r.stateBytesInitial)} | ${fmt(r.stateBytesMax)} | ${fmt(r.mctsIterationsPerSecond)} | ${r.pathsAgree ? "yes" : "**NO**"} |`,
    );
  }
  out.push("", "### `applyInPlace` from a state owned each way (games/s of the playouts; making the state not counted)", "");
  out.push(`| game | players | ${OWNED_STATE_WAYS.map((w) => `\`${w}\``).join(" | ")} | slowest ÷ fastest |`);
  out.push(`| --- | ---: | ${OWNED_STATE_WAYS.map(() => "---:").join(" | ")} | ---: |`);
  for (const r of reports) {
    const rates = OWNED_STATE_WAYS.map((w) => r.owned[w].gamesPerSecond);
    const cells = OWNED_STATE_WAYS.map((w) => `${fmt(r.owned[w].gamesPerSecond)} (${fmt(r.owned[w].copyMicros)} µs to make)`);
    out.push(`| ${reportName(r)} | ${r.players} | ${cells.join(" | ")} | ${fmt(Math.min(...rates) / Math.max(...rates))} |`);
  }
  out.push("");
  for (const r of reports) {
    for (const [label, t] of [["applyUnchecked", r.unchecked], ["applyInPlace", r.inPlace]] as const) {
      const playoutRatio = t.stepsPerSecond / r.checked.stepsPerSecond;
      const applyRatio = r.checked.applyMicros / t.applyMicros;
      const verdict = playoutRatio >= FAST_PATH_TARGET ? "meets" : "is BELOW";
      out.push(
        `- ${reportName(r)}: fast path \`${label}\` is ${fmt(playoutRatio)}× the checked path in random playouts (${fmt(applyRatio)}× on the apply call alone): ${verdict} the ${FAST_PATH_TARGET}× target.`,
      );
    }
    if (!r.pathsAgree) out.push(`- ${reportName(r)}: **the three apply paths reached different final states on the same random game.**`);
  }
  return out.join("\n") + "\n";
}

/**
 * The figures of a report that a later run is compared on, by name (higher is better unless the name ends in `Micros` or `Bytes`).
 *
 * @example
 * ```ts
 * import { benchFigures, benchGame } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const figures = benchFigures(benchGame(game, { seconds: 0.2 }));
 * console.log(Object.keys(figures)); // ["checkedStepsPerSecond", ...]
 * ```
 */
export function benchFigures(r: BenchReport): Record<string, number> {
  return {
    checkedStepsPerSecond: r.checked.stepsPerSecond,
    uncheckedStepsPerSecond: r.unchecked.stepsPerSecond,
    inPlaceStepsPerSecond: r.inPlace.stepsPerSecond,
    inPlaceGamesPerSecond: r.inPlace.gamesPerSecond,
    checkedGamesPerSecond: r.checked.gamesPerSecond,
    legalActionsMicros: r.legalActionsMicros,
    playerViewMicros: r.playerViewMicros,
    stateMaxBytes: r.stateBytesMax,
    mctsIterationsPerSecond: r.mctsIterationsPerSecond,
  };
}

/**
 * This run against an earlier one (`--compare old.json`, the file `--json` wrote): per game and
 * figure, old, new and new/old. Shows only games and figures present in both.
 *
 * @example
 * ```ts
 * import { benchGame, formatCompare } from "@rules/cli";
 * import { game } from "@rules/donkey-valley";
 *
 * const before = benchGame(game, { seconds: 0.2 });
 * const after = benchGame(game, { seconds: 0.2 });
 * console.log(formatCompare([before], [after])); // old, new and new/old per figure
 * ```
 */
export function formatCompare(before: readonly BenchReport[], after: readonly BenchReport[]): string {
  const out = ["### Compared with the earlier run", "", "| game | figure | before | now | now / before |", "| --- | --- | ---: | ---: | ---: |"];
  for (const r of after) {
    const old = before.find((b) => b.game === r.game && b.players === r.players && JSON.stringify(b.options ?? {}) === JSON.stringify(r.options ?? {}));
    if (!old) continue;
    const a = benchFigures(old);
    const b = benchFigures(r);
    for (const k of Object.keys(b)) {
      const x = a[k];
      const y = b[k]!;
      if (typeof x !== "number" || !Number.isFinite(x)) continue;
      out.push(`| ${reportName(r)} | ${k} | ${fmt(x)} | ${fmt(y)} | ${x === 0 ? "n/a" : fmt(y / x) + "×"} |`);
    }
  }
  if (out.length === 4) out.push("| (no game in common) | | | | |");
  return out.join("\n") + "\n";
}
