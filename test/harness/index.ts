// The shared test harness: one call per game runs every property of the contract (DESIGN.md §2, §5)
// on many seeds and every allowed player count, like OpenSpiel's random simulation test. A property
// added here protects every game at once.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import {
  RulesError,
  canonicalJson,
  cloneJson,
  newLog,
  randomInt,
  replay,
  replayStates,
  seedRng,
  simulate,
  stateHash,
  undo,
  undoBlocker,
  type ActionLog,
  type BaseAction,
  type Game,
} from "@rules/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { HARNESS_REFERENCE_RUNS, checkStride, deepRun, scaledCount, scaledRuns } from "./depth.js";
import { checkGuidedSearch } from "./search.js";
import { checkRandomGame, playout, same, sameList } from "./state.js";
import { checkBoundedInput } from "./bounded.js";
import { checkCorruptions } from "./trust.js";

export * from "./bounded.js";
export * from "./depth.js";
export * from "./search.js";
export * from "./sharing.js";
export * from "./state.js";
export * from "./trust.js";

export interface HarnessOptions {
  /** Suffix of the suite name, to tell several runs of one game apart (e.g. "two-of-each box"). */
  label?: string;
  /**
   * Random games per player count at HARNESS_RUNS=8 (default 8); scaled to the run's depth by
   * {@link scaledRuns}.
   */
  runs?: number;
  /** Player counts to test (default: every count from minPlayers to maxPlayers). */
  playerCounts?: number[];
  /** Extra options for initialState (besides players). */
  options?: Record<string, unknown>;
  /** Any game longer than this fails the "terminates" property (default 20 000 actions). */
  maxSteps?: number;
  /** Check views and determinize at every k-th state (default 1: every state). */
  viewEvery?: number;
  /**
   * Game-specific invariants checked on every reachable state (e.g. "every load card is in exactly
   * one zone"). Throw (or fail an expect) on a violation.
   */
  invariants?: (state: any) => void;
  /** Corrupted states tried per sampled state in the trust-boundary property (default 120). */
  corruptions?: number;
  /**
   * Counterexamples the trust-boundary property once found (its seeds are random), replayed on
   * every run so a fixed gap stays fixed: `{ seed, botSeed, players }` as fast-check reported them.
   */
  corruptionExamples?: Array<{ seed: number; botSeed: number; players: number }>;
  /**
   * Where the checked `apply` may hand out a part deep-equal to the old one that is not the same
   * object (the sharing property allows nothing else): paths such as `"round.queue"` or
   * `"players.*.hand"` (`*` = any one key or index), each listed with its reason in the game's
   * guide (docs/games/<game>.md, "Structural sharing"). Keep them few: prefer a recipe that
   * changes a list in place to one that assigns an equal copy.
   */
  sharingExceptions?: string[];
}

/** What {@link checkState} checks of structural sharing and patches (nothing when absent). */
export interface SharingCheck {
  /** {@link HarnessOptions.sharingExceptions}. */
  exceptions: readonly string[];
}

export type AnyGame = Game<any, BaseAction, any, any>;

/** Recursively freeze a value so any mutation throws in strict mode. */
export function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/** Throws unless `f` throws a RulesError; returns it. */
export function expectRulesError(f: () => unknown, code?: RulesError["code"]): RulesError {
  let thrown: unknown;
  // The refusals checked here are many (dozens a state) and their stack traces unread: capturing
  // none makes each cheaper. Anything but a RulesError is thrown again with its stack, to debug.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    f();
  } catch (e) {
    thrown = e;
  } finally {
    Error.stackTraceLimit = limit;
  }
  if (thrown !== undefined && !(thrown instanceof RulesError)) {
    try {
      f();
    } catch (e) {
      thrown = e;
    }
  }
  if (!(thrown instanceof RulesError)) {
    throw new Error(`expected a RulesError${code ? ` (${code})` : ""}, got ${thrown === undefined ? "no error" : String(thrown)}`);
  }
  if (code && thrown.code !== code) throw new Error(`expected RulesError ${code}, got ${thrown.code}: ${thrown.message}`);
  if (thrown.message.length < 10) throw new Error(`RulesError message too short to help a player: "${thrown.message}"`);
  return thrown;
}

/** Throws unless `v` is plain JSON: no undefined, NaN, Infinity, functions, Maps, Sets or class instances. */
export function assertPlainJson(v: unknown, path = "state"): void {
  if (v === null || typeof v === "string" || typeof v === "boolean") return;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`${path} is ${v}, which JSON cannot hold`);
    return;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) throw new Error(`${path}[${i}] is a hole`);
      assertPlainJson(v[i], `${path}[${i}]`);
    }
    return;
  }
  if (typeof v === "object") {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw new Error(`${path} is a ${proto?.constructor?.name ?? "class"} instance, not a plain object`);
    for (const [k, x] of Object.entries(v)) assertPlainJson(x, `${path}.${k}`);
    return;
  }
  throw new Error(`${path} is a ${typeof v}, which JSON cannot hold`);
}


/**
 * Play one random game in place, as simulations and MCTS do (the recipe changing one owned state,
 * the game keeping whatever it keeps per state object or per map: networks, park grids, placement
 * indexes), and check at every step that `legalActions` of the owned state, for all seats and for
 * each active seat, equals that of a fresh copy (`cloneJson`, none of the per-object memory), that
 * each list is the caller's (no later listing changes it, and emptying it changes no later list), and
 * that `isLegal`'s answer, through the checked `apply` of a frozen copy, accepts the action played.
 */
export function checkInPlaceListing(
  game: AnyGame,
  args: { seed: number; botSeed: number; players: number; options?: Record<string, unknown>; maxSteps?: number },
): void {
  if (!game.initialStateInPlace) return;
  const rng = seedRng(args.botSeed);
  const own = game.initialStateInPlace(args.seed, { ...args.options, players: args.players });
  const maxSteps = args.maxSteps ?? 20_000;
  for (let steps = 0; !game.isTerminal(own); steps++) {
    if (steps >= maxSteps) throw new Error(`no end after ${maxSteps} actions (seed ${args.seed})`);
    const fresh = cloneJson(own);
    const legal = game.legalActions(own);
    const keys = legal.map(canonicalJson);
    sameList(keys, game.legalActions(fresh).map(canonicalJson), "the owned state lists what a fresh copy lists");
    for (const p of game.activePlayers(own)) sameList(game.legalActions(own, p).map(canonicalJson), game.legalActions(fresh, p).map(canonicalJson), "a seat of the owned state lists what it lists on a fresh copy");
    // Each list is the caller's: a later listing leaves it as it was, and emptying one changes no later list.
    sameList(legal.map(canonicalJson), keys, "a later listing leaves the list as it was");
    const emptied = game.legalActions(own);
    if (emptied === legal) expect(emptied).not.toBe(legal);
    emptied.length = 0;
    sameList(game.legalActions(own).map(canonicalJson), keys, "emptying a list changes no later list");
    const a = legal[randomInt(rng, 0, legal.length - 1)]!;
    const next = game.apply(deepFreeze(cloneJson(own)), a);
    game.applyInPlace(own, a);
    same(JSON.stringify(own), JSON.stringify(next), "applyInPlace agrees with apply, to the byte");
  }
  expect(game.legalActions(own)).toEqual([]);
}

/**
 * How many configurations of each game and map a test file has registered (see testGame). Keyed by
 * the file too: a worker runs several files with the same modules (vitest's `isolate: false`), and
 * which checks a configuration runs must not depend on the files its worker ran before.
 */
const configsRegistered = new Map<string, number>();

/**
 * Registers the whole contract test suite for one game. Call it once from
 * `test/<game>/properties.test.ts` (and pass `golden` to also check recorded games).
 */
export function testGame(game: AnyGame, opts: HarnessOptions = {}): void {
  const runs = scaledRuns(opts.runs ?? HARNESS_REFERENCE_RUNS);
  const counts = opts.playerCounts ?? Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  const options = opts.options ?? {};
  const maxSteps = opts.maxSteps ?? 20_000;
  const viewEvery = opts.viewEvery ?? 1;
  // At the default depth the costly per-state checks sample the states (depth.ts); from
  // HARNESS_RUNS=8 on they run on every state.
  const stride = checkStride();
  // Options may narrow the seats a game allows (a map for 4–6, a module for 2–5), so single-game
  // checks start at the smallest count the caller gives, not at `game.minPlayers`.
  const fewest = Math.min(...counts);
  // The bounded-input property costs about the same on every configuration (20 000-item arrays,
  // megabyte strings, 300 000-action logs, each refused): by default it runs on the first
  // configuration of each game, map and smallest table (solo is its own rule set), from
  // HARNESS_RUNS=8 on on every configuration.
  // The corruption property likewise runs at the smallest and the largest table on that first
  // configuration, and on the later ones at one of the two by turns (both from HARNESS_RUNS=8 on).
  const configKey = `${expect.getState().testPath ?? ""}/${game.id}/${String(options["map"] ?? "")}/${fewest}`;
  const nth = configsRegistered.get(configKey) ?? 0;
  configsRegistered.set(configKey, nth + 1);
  const checkBounded = deepRun() || nth === 0;
  const ends = [...new Set([counts[0]!, counts[counts.length - 1]!])];
  const corruptionTables = deepRun() || nth === 0 || ends.length === 1 ? ends : [ends[nth % 2]!];

  describe(`${game.name}: contract harness${opts.label ? ` (${opts.label})` : ""}`, () => {
    for (const n of counts) {
      it(`${n} players: random legal play reaches the end and every state keeps the contract`, () => {
        fc.assert(
          fc.property(fc.integer(), fc.integer(), (seed, botSeed) => {
            checkRandomGame(game, {
              seed,
              botSeed,
              players: n,
              options,
              maxSteps,
              viewEvery,
              stride,
              ...(opts.invariants ? { invariants: opts.invariants } : {}),
              ...(opts.sharingExceptions ? { sharingExceptions: opts.sharingExceptions } : {}),
            });
          }),
          { numRuns: runs },
        );
      });

      it(`${n} players: the same seed and actions give the same bytes`, () => {
        fc.assert(
          fc.property(fc.oneof(fc.integer(), fc.string()), fc.integer(), (seed, botSeed) => {
            const a = game.initialState(seed, { ...options, players: n });
            const b = game.initialState(seed, { ...options, players: n });
            expect(canonicalJson(a)).toBe(canonicalJson(b));
            const { states, actions } = playout(game, typeof seed === "number" ? seed : 0, botSeed, n, options, maxSteps);
            const log: ActionLog = { ...newLog(game, typeof seed === "number" ? seed : 0, { ...options, players: n }), actions };
            const again = replayStates(game, log);
            expect(again.map((x) => stateHash(x))).toEqual(states.map((x) => stateHash(x)));
          }),
          // A third of the suite's games, at least 3 from HARNESS_RUNS=8 on; one by default (each
          // game is replayed state by state, and every player count of every configuration has one).
          { numRuns: Math.max(scaledCount(3, 1), Math.ceil(runs / 3)) },
        );
        const initial = new Set(Array.from({ length: 8 }, (_, i) => stateHash(game.initialState(i, { ...options, players: n }))));
        expect(initial.size).toBeGreaterThan(1);
      });

      it(`${n} players: random JSON is refused with a RulesError and changes nothing`, () => {
        const s = deepFreeze(game.initialState(1, { ...options, players: n }));
        const before = canonicalJson(s);
        const legalKeys = new Set(game.legalActions(s).map(canonicalJson));
        fc.assert(
          fc.property(
            fc.oneof(
              fc.jsonValue(),
              fc.record({ type: fc.string(), player: fc.integer() }),
              fc.record({ type: fc.constantFrom(...game.legalActions(s).map((a) => a.type)), player: fc.integer({ min: -1, max: n }) }),
              fc.anything(),
            ),
            (junk) => {
              let result: unknown;
              try {
                result = game.apply(s, junk as BaseAction);
              } catch (e) {
                if (!(e instanceof RulesError)) throw e;
              }
              if (result !== undefined) expect(legalKeys.has(canonicalJson(junk))).toBe(true);
              expect(canonicalJson(s)).toBe(before);
            },
          ),
          { numRuns: 300 },
        );
      });

      it(`${n} players: undo steps back exactly, and never over chance or a reveal`, () => {
        const { states, actions } = playout(game, 7 + n, 11, n, options, maxSteps);
        let log: ActionLog = { ...newLog(game, 7 + n, { ...options, players: n }), actions };
        let checked = 0;
        let replayed = false;
        // The last 25 actions at HARNESS_RUNS=8 (each step replays the whole log), at least 5.
        const steps = scaledCount(25, 5);
        for (let i = actions.length; i > 0 && checked < steps; i--, checked++) {
          const why = undoBlocker(game, log);
          const before = states[i - 1];
          const after = states[i];
          const changedRng = canonicalJson(before.rng) !== canonicalJson(after.rng);
          if (changedRng || game.revealsInformation?.(before, actions[i - 1]!)) {
            expect(why).toBeDefined();
            expectRulesError(() => undo(game, log), "ILLEGAL_ACTION");
            log = { ...log, actions: log.actions.slice(0, -1) };
          } else {
            expect(why).toBeUndefined();
            const { finalHash: _drop, ...rest } = log;
            log = undo(game, log);
            // Exactly the log one action shorter; that it replays to `before` is the property
            // above (the same actions give the same bytes, every prefix of a played game), so
            // one replay in three is saved here, at every depth.
            expect(log).toEqual({ ...rest, actions: actions.slice(0, i - 1) });
            if (!replayed) same(stateHash(replay(game, log)), stateHash(before), "the first undo replays to the state before");
            replayed = true;
          }
        }
      });

      it(`${n} players: a state played in place lists what a fresh copy of it lists, at every step`, () => {
        fc.assert(
          fc.property(fc.integer(), fc.integer(), (seed, botSeed) => {
            checkInPlaceListing(game, { seed, botSeed, players: n, options, maxSteps });
          }),
          { numRuns: runs },
        );
      });

      it(`${n} players: simulate plays whole games with no illegal action`, () => {
        const games = scaledRuns(3);
        const r = simulate(game, { games, seed: n, players: n, options });
        expect(r.illegalActions).toBe(0);
        expect(r.unfinished).toBe(0);
        const wins = r.winRateBySeat.reduce((a, b) => a + b, 0);
        // Every game has a winner at the table, except a solo game lost to the game's own opponent.
        if (n === 1) expect(wins >= 0 && wins <= 1).toBe(true);
        else expect(wins).toBeCloseTo(1, 9);
        expect(simulate(game, { games, seed: n, players: n, options })).toEqual(r);
      });
    }

    it(`${fewest} players: mctsBot guided by a playout policy and by plans plays legal moves, asks the policy, and repeats itself`, () => {
      for (let seed = 1; seed <= Math.max(1, Math.ceil(runs / 4)); seed++) checkGuidedSearch(game, { seed, players: fewest, options });
    });

    // The trust boundary: at the smallest and the largest table (by turns on later configurations by default).
    for (const n of corruptionTables) {
      it(`${n} players: a reachable state corrupted field by field is refused by loadState or keeps the contract`, () => {
        fc.assert(
          fc.property(fc.integer(), fc.integer(), (seed, botSeed) => {
            // Fewer accepted states played to the end, and sampled checks on their steps, below
            // HARNESS_RUNS=8; the counterexamples below replay as they were found.
            const playedToEnd = scaledCount(8, 2);
            checkCorruptions(game, { seed, botSeed, players: n, options, maxSteps, corruptions: opts.corruptions ?? 120, playedToEnd, stride });
          }),
          { numRuns: Math.max(1, Math.ceil(runs / 6)) },
        );
      });
    }

    for (const ex of opts.corruptionExamples ?? []) {
      it(`${ex.players} players: the corruption counterexample seed ${ex.seed}, bot seed ${ex.botSeed} stays fixed`, () => {
        checkCorruptions(game, { ...ex, options, maxSteps, corruptions: opts.corruptions ?? 120 });
      });
    }

    if (checkBounded) {
      it(`untrusted states, logs, options, seeds, seats and bot names are refused fast and in few words`, () => {
        checkBoundedInput(game, { seed: 5, botSeed: 6, players: fewest, options });
      });
    }

    it("refuses bad options and seeds with INVALID_OPTIONS", () => {
      for (const players of [game.minPlayers - 1, game.maxPlayers + 1, 2.5, -1, Number.NaN]) {
        expectRulesError(() => game.initialState(1, { ...options, players }), "INVALID_OPTIONS");
      }
      for (const bad of [null, 5, "x", []]) expectRulesError(() => game.initialState(1, bad as never), "INVALID_OPTIONS");
      for (const seed of [Number.NaN, 1.5, Infinity, {}, null]) {
        expectRulesError(() => game.initialState(seed as never, { ...options, players: fewest }), "INVALID_OPTIONS");
      }
      // Defaults: a standard game needs nothing but the player count, or nothing at all.
      expect(game.isTerminal(game.initialState(1))).toBe(false);
      for (const n of counts) expect(game.initialState(1, { players: n })).toBeDefined();
    });

    it("refuses corrupt states with INVALID_STATE", () => {
      const s = game.initialState(3, { ...options, players: fewest });
      for (const bad of [null, 1, "state", [], {}, { ...s, rng: [0, 0, 0, 0] }, { ...s, rng: "x" }, { rng: s.rng }]) {
        expectRulesError(() => game.loadState(bad), "INVALID_STATE");
      }
      expect(game.loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    });

    it("emits JSON Schema for state, action, view and options", () => {
      for (const schema of [game.schemas.state, game.schemas.action, game.schemas.view]) {
        const js = z.toJSONSchema(schema, { unrepresentable: "any" });
        expect(typeof js).toBe("object");
      }
      expect(typeof z.toJSONSchema(game.schemas.options, { io: "input", unrepresentable: "any" })).toBe("object");
    });

  });
}

/**
 * Registers the golden replay test: every recorded game in `file` (a JSON array of ActionLogs with
 * `finalHash`) must replay to exactly its recorded hash. A missing file is recorded locally (one
 * game per player count, number and string seeds) and is a failure in CI; `UPDATE_GOLDEN=1`
 * re-records it after an intended rules change (bump the game's rulesVersion too).
 */
export function testGolden(game: AnyGame, file: string, opts: { playerCounts?: number[]; options?: Record<string, unknown> } = {}): void {
  const counts = opts.playerCounts ?? Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  describe(`${game.name}: golden replays`, () => {
    it("replay to their recorded hashes", () => {
      if (process.env["UPDATE_GOLDEN"] === "1" || (!existsSync(file) && !process.env["CI"])) {
        writeGolden(game, file, counts, opts.options ?? {}, 20_000);
      }
      const logs = JSON.parse(readFileSync(file, "utf8")) as ActionLog[];
      expect(logs.length).toBeGreaterThan(0);
      for (const log of logs) {
        expect(log.finalHash).toBeDefined();
        const final = replay(game, log);
        expect(stateHash(final)).toBe(log.finalHash);
        expect(game.isTerminal(final)).toBe(true);
      }
    });
  });
}

/** Record one random game per player count (string and number seeds) as golden replays. */
export function writeGolden(game: AnyGame, file: string, counts: number[], options: Record<string, unknown>, maxSteps: number): void {
  const logs: ActionLog[] = [];
  for (const n of counts) {
    for (const seed of [n * 1000 + 1, `golden-${n}`]) {
      const rng = seedRng(`bot-${String(seed)}`);
      let s = game.initialState(seed, { ...options, players: n });
      const actions: BaseAction[] = [];
      while (!game.isTerminal(s) && actions.length < maxSteps) {
        const legal = game.legalActions(s);
        const a = legal[randomInt(rng, 0, legal.length - 1)]!;
        s = game.apply(s, a);
        actions.push(a);
      }
      logs.push({ ...newLog(game, seed, { ...options, players: n }), actions, finalHash: stateHash(s) });
    }
  }
  writeFileSync(file, JSON.stringify(logs, null, 1) + "\n");
}
export * from "./bots.js";
