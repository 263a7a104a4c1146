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
  type Outcome,
  type RngState,
} from "@rules/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { checkPatches, checkSharing } from "./sharing.js";
import { assertDeepFrozen, checkBoundedInput, checkCorruptions, checkDeterminizeLoads, checkPurity, checkUntrustedQueries } from "./trust.js";

export * from "./sharing.js";
export * from "./trust.js";

/**
 * The depth every suite's count is written for: a suite with `runs: n` plays n random games per
 * player count at HARNESS_RUNS=8, and the harness's own default is 8 games.
 */
export const HARNESS_REFERENCE_RUNS = 8;

/** HARNESS_RUNS when it is not set, the README's `npm test`: a quarter of every written count. */
export const DEFAULT_HARNESS_RUNS = 2;

/**
 * A suite's count of random games, written as `n` at HARNESS_RUNS=8 ({@link HARNESS_REFERENCE_RUNS}),
 * scaled to this run's depth: HARNESS_RUNS=16 plays twice the written count in every suite,
 * the default (2) a quarter of it; never fewer than one. Work is sized by count, never by time.
 */
export function scaledRuns(n: number): number {
  const runs = Number(process.env["HARNESS_RUNS"] ?? DEFAULT_HARNESS_RUNS);
  const depth = Number.isFinite(runs) && runs > 0 ? runs / HARNESS_REFERENCE_RUNS : DEFAULT_HARNESS_RUNS / HARNESS_REFERENCE_RUNS;
  return Math.max(1, Math.round(n * depth));
}

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
  try {
    f();
  } catch (e) {
    thrown = e;
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

/** Every number inside a JSON value. */
function numbersIn(v: unknown, out: Set<number> = new Set()): Set<number> {
  if (typeof v === "number") out.add(v);
  else if (Array.isArray(v)) for (const x of v) numbersIn(x, out);
  else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) numbersIn(x, out);
  return out;
}

/** Checks that an outcome is well formed for n seats. */
export function checkOutcome(o: Outcome | undefined, n: number): void {
  expect(o).toBeDefined();
  const { scores, ranks, winners } = o!;
  expect(scores).toHaveLength(n);
  expect(ranks).toHaveLength(n);
  for (const s of scores) expect(Number.isFinite(s)).toBe(true);
  if (n === 1) {
    // Solo: rank 1 is a win; rank 2 a loss to the game's own opponent, with no winner at the table.
    expect(ranks[0] === 1 || ranks[0] === 2).toBe(true);
  } else {
    // Competition ranking: a seat of rank r has exactly r-1 seats ranked strictly better.
    ranks.forEach((r) => {
      expect(Number.isInteger(r) && r >= 1 && r <= n).toBe(true);
      expect(ranks.filter((x) => x < r).length).toBe(r - 1);
    });
    expect(winners.length).toBeGreaterThan(0);
  }
  expect([...winners].sort((a, b) => a - b)).toEqual(ranks.flatMap((r, p) => (r === 1 ? [p] : [])));
  // A better rank never has a lower score (tie-breaks only order equal scores).
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (ranks[a]! < ranks[b]!) expect(scores[a]!).toBeGreaterThanOrEqual(scores[b]!);
  if (o!.breakdown) expect(o!.breakdown).toHaveLength(n);
}

/** Malformed actions every game must refuse with a RulesError, built from a legal action. */
export function malformedActions(sample: BaseAction, players: number): unknown[] {
  const proto = JSON.parse(`{"__proto__":{"polluted":true},"type":${JSON.stringify(sample.type)},"player":${sample.player}}`);
  const constructorKey = JSON.parse(`{"constructor":{"prototype":{"polluted":true}},"type":${JSON.stringify(sample.type)},"player":${sample.player}}`);
  return [
    null,
    undefined,
    0,
    42,
    "play",
    true,
    [],
    [sample],
    {},
    { type: "no-such-action", player: sample.player },
    { ...sample, type: 7 },
    { ...sample, player: -1 },
    { ...sample, player: players },
    { ...sample, player: 0.5 },
    { ...sample, player: "0" },
    { ...sample, player: Number.NaN },
    { ...sample, extraField: 1 },
    proto,
    constructorKey,
    // Input whose reading throws: a getter, and a revoked proxy.
    Object.defineProperty({ player: sample.player }, "type", {
      enumerable: true,
      get() {
        throw new Error("a getter that throws");
      },
    }),
    (() => {
      const p = Proxy.revocable({ ...sample }, {});
      p.revoke();
      return p.proxy;
    })(),
  ];
}

/** A simple seeded random legal playout; calls `visit` on each state before each action. */
export function playout(
  game: AnyGame,
  seed: number,
  botSeed: number,
  players: number,
  options: Record<string, unknown>,
  maxSteps: number,
  visit?: (state: any, step: number, rng: RngState) => void,
): { states: any[]; actions: BaseAction[] } {
  const rng = seedRng(botSeed);
  let s = deepFreeze(game.initialState(seed, { ...options, players }));
  const states = [s];
  const actions: BaseAction[] = [];
  while (!game.isTerminal(s)) {
    if (actions.length >= maxSteps) throw new Error(`no end after ${maxSteps} actions (seed ${seed})`);
    visit?.(s, actions.length, rng);
    const legal = game.legalActions(s);
    const a = legal[randomInt(rng, 0, legal.length - 1)]!;
    s = game.apply(s, a);
    states.push(s);
    actions.push(a);
  }
  visit?.(s, actions.length, rng);
  return { states, actions };
}

let untrustedQueryTurn = 0;
let loadTurn = 0;

/** Every contract check on one reachable state. */
export function checkState(
  game: AnyGame,
  s: any,
  players: number,
  rng: RngState,
  deep: boolean,
  seen: Map<string, BaseAction>,
  invariants?: (s: any) => void,
  sharing?: SharingCheck,
): void {
  const terminal = game.isTerminal(s);
  invariants?.(s);
  assertDeepFrozen(s);
  // Schema and plain JSON.
  const parsed = game.schemas.state.safeParse(s);
  if (!parsed.success) throw new Error(`reachable state fails StateSchema: ${parsed.error.message}`);
  assertPlainJson(s);
  expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  // Saved and loaded back, a state gives the same bytes (not only the same values).
  const saved = JSON.stringify(s);
  const loaded = game.loadState(JSON.parse(saved));
  expect(JSON.stringify(loaded)).toBe(saved);
  assertDeepFrozen(loaded, "the state from loadState");

  // Legal actions: empty exactly at the end, unique, schema-valid, by active seats, split by seat.
  const legal = game.legalActions(s);
  const active = game.activePlayers(s);

  expect(legal.length === 0).toBe(terminal);
  expect(active.length === 0).toBe(terminal);
  const keys = legal.map((a) => canonicalJson(a));
  expect(new Set(keys).size).toBe(keys.length);
  for (const a of legal) {
    expect(game.schemas.action.safeParse(a).success).toBe(true);
    expect(active).toContain(a.player);
  }
  for (const p of active) {
    const mine = game.legalActions(s, p).map((a) => canonicalJson(a));
    expect(mine).toEqual(keys.filter((_, i) => legal[i]!.player === p));
    expect(mine.length).toBeGreaterThan(0);
  }
  expect(new Set(active).size).toBe(active.length);
  // The bots' shortcut hooks agree with the full answers.
  if (game.firstActivePlayer) expect(game.firstActivePlayer(s)).toBe(active[0]);
  if (game.heuristic) {
    const h = game.heuristic(s);
    expect(h).toHaveLength(players);
    for (const v of h) expect(Number.isFinite(v) && v >= 0 && v <= 1).toBe(true);
  }
  if (terminal) {
    checkOutcome(game.outcome(s), players);
    expectRulesError(() => game.apply(s, { type: "pass", player: 0 } as BaseAction));
    expectRulesError(() => game.applyWithPatches(s, { type: "pass", player: 0 } as BaseAction));
  } else {
    expect(game.outcome(s)).toBeUndefined();
  }

  // Every legal action: apply (checked, frozen input) = applyUnchecked = applyInPlace; describe it.
  const before = canonicalJson(s);
  const toTry = deep ? legal : legal.length > 0 ? [legal[randomInt(rng, 0, legal.length - 1)]!] : [];
  for (const a of toTry) {
    const next = game.apply(s, a);
    const viaApply = canonicalJson(next);
    const events = game.describeEvents?.(s, a, next) ?? [];
    for (const e of events) expect(typeof e === "string" && e.length > 3).toBe(true);
    expect(canonicalJson(game.applyUnchecked(s, a))).toBe(viaApply);
    assertDeepFrozen(next, "the state from apply");
    if (sharing) {
      checkSharing(s, next, a, sharing.exceptions);
      checkPatches(game, s, a, viaApply);
    }
    const own = cloneJson(s);
    game.applyInPlace(own, a);
    expect(canonicalJson(own)).toBe(viaApply);
    const line = game.describeAction(s, a);
    expect(typeof line).toBe("string");
    expect(line.length).toBeGreaterThan(3);
  }
  expect(canonicalJson(s)).toBe(before);

  // Illegal and malformed input: RulesError, state untouched, no prototype pollution.
  if (!terminal) {
    const sample = legal[randomInt(rng, 0, legal.length - 1)]!;
    for (const bad of malformedActions(sample, players)) {
      const e = expectRulesError(() => game.apply(s, bad as BaseAction));
      // applyWithPatches is checked exactly like apply: the same refusal.
      const p = expectRulesError(() => game.applyWithPatches(s, bad as BaseAction));
      expect([p.code, p.message]).toEqual([e.code, e.message]);
    }
    // A seat that does not exist is malformed input, not a turn order question.
    for (const player of [players, players + 1, -1, 0.5, "0", Number.NaN]) {
      expectRulesError(() => game.apply(s, { ...sample, player } as BaseAction), "INVALID_ACTION");
    }
    for (let p = 0; p < players; p++) {
      if (!active.includes(p)) expectRulesError(() => game.apply(s, { ...sample, player: p }), "NOT_YOUR_TURN");
    }
    // Well-formed actions that were legal elsewhere in this game but are not now: refused with
    // ILLEGAL_ACTION (by an active seat) or NOT_YOUR_TURN, and a message a player can read.
    const legalKeys = new Set(keys);
    let tried = 0;
    for (const [k, a] of seen) {
      if (tried >= 12) break;
      if (legalKeys.has(k)) continue;
      tried++;
      const code = active.includes(a.player) ? "ILLEGAL_ACTION" : "NOT_YOUR_TURN";
      const e = expectRulesError(() => game.apply(s, a), code);
      expect(expectRulesError(() => game.applyWithPatches(s, a), code).message).toBe(e.message);
    }
    for (const [i, a] of legal.entries()) if (seen.size < 400) seen.set(keys[i]!, a);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(canonicalJson(s)).toBe(before);
  }

  if (!deep) return;
  if (!terminal) checkPurity(game, s, legal[randomInt(rng, 0, legal.length - 1)]!);
  // The read-only functions on untrusted input: on one deep state in four (a counter, not the
  // game's generator, so the states and corruptions a seed picks stay the same).
  if (untrustedQueryTurn++ % 4 === 0) checkUntrustedQueries(game, s, players, legal, seen);
  loadTurn++;
  // Views: schema-valid, never the RNG, and the same for every state the viewer cannot tell apart.
  const rngWords = (s.rng as number[]).filter((w) => Math.abs(w) >= 65536);
  for (const viewer of [null, ...Array.from({ length: players }, (_, p) => p)]) {
    const v = game.playerView(s, viewer);
    const vp = game.schemas.view.safeParse(v);
    if (!vp.success) throw new Error(`view of ${viewer} fails ViewSchema: ${vp.error.message}`);
    assertPlainJson(v, `view of ${viewer}`);
    const nums = numbersIn(v);
    for (const w of rngWords) if (nums.has(w)) throw new Error(`view of ${viewer} contains the RNG word ${w}`);
    if (viewer !== null && game.determinize) {
      const seed = randomInt(rng, 0, 0x7fffffff);
      const d = game.determinize(s, viewer, seed);
      const dp = game.schemas.state.safeParse(d);
      if (!dp.success) throw new Error(`determinized state fails StateSchema: ${dp.error.message}`);
      expect(canonicalJson(game.playerView(d, viewer))).toBe(canonicalJson(v));
      expect(game.isTerminal(d)).toBe(terminal);
      expect(game.activePlayers(d)).toEqual(active);
      expect(game.legalActions(d, viewer).map(canonicalJson)).toEqual(game.legalActions(s, viewer).map(canonicalJson));
      // The sampled world loads back (one viewer per state, in turn: loadState costs a full check).
      if (viewer === loadTurn % players) checkDeterminizeLoads(game, d, viewer, seed);
      expect(canonicalJson(s)).toBe(before);
    }
  }
}

/**
 * Play one random game and check every contract property on every state it reaches. Throws on the
 * first violation. Exported so the harness's own tests can show that it catches broken games.
 */
export function checkRandomGame(
  game: AnyGame,
  args: {
    seed: number;
    botSeed: number;
    players: number;
    options?: Record<string, unknown>;
    maxSteps?: number;
    viewEvery?: number;
    invariants?: (state: any) => void;
    sharingExceptions?: readonly string[];
  },
): void {
  const every = args.viewEvery ?? 1;
  const first = game.initialState(args.seed, { ...args.options, players: args.players });
  assertDeepFrozen(first, "the state from initialState");
  const seen = new Map<string, BaseAction>(); // legal actions met so far in this game
  for (const e of game.describeEvents?.(null, null, first) ?? []) expect(typeof e === "string" && e.length > 3).toBe(true);
  playout(game, args.seed, args.botSeed, args.players, args.options ?? {}, args.maxSteps ?? 20_000, (s, step, rng) =>
    checkState(game, s, args.players, rng, step % every === 0, seen, args.invariants, { exceptions: args.sharingExceptions ?? [] }),
  );
}

/**
 * Play one random game in place, as simulations and MCTS do (the recipe changing one owned state,
 * the game keeping whatever it keeps per state object or per map: networks, park grids, placement
 * indexes), and check at every step that `legalActions` of the owned state, for all seats and for
 * each active seat, equals that of a fresh copy (`cloneJson`, none of the per-object memory) and
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
    expect(legal.map(canonicalJson)).toEqual(game.legalActions(fresh).map(canonicalJson));
    for (const p of game.activePlayers(own)) expect(game.legalActions(own, p).map(canonicalJson)).toEqual(game.legalActions(fresh, p).map(canonicalJson));
    const a = legal[randomInt(rng, 0, legal.length - 1)]!;
    const next = game.apply(deepFreeze(cloneJson(own)), a);
    game.applyInPlace(own, a);
    expect(canonicalJson(own)).toBe(canonicalJson(next));
  }
  expect(game.legalActions(own)).toEqual([]);
}

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
  // Options may narrow the seats a game allows (a map for 4–6, a module for 2–5), so single-game
  // checks start at the smallest count the caller gives, not at `game.minPlayers`.
  const fewest = Math.min(...counts);

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
          { numRuns: Math.max(3, Math.ceil(runs / 3)) },
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
        for (let i = actions.length; i > 0 && checked < 25; i--, checked++) {
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
            log = undo(game, log);
            expect(stateHash(replay(game, log))).toBe(stateHash(before));
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

    // The trust boundary: at the smallest and the largest table.
    for (const n of [...new Set([counts[0]!, counts[counts.length - 1]!])]) {
      it(`${n} players: a reachable state corrupted field by field is refused by loadState or keeps the contract`, () => {
        fc.assert(
          fc.property(fc.integer(), fc.integer(), (seed, botSeed) => {
            checkCorruptions(game, { seed, botSeed, players: n, options, maxSteps, corruptions: opts.corruptions ?? 120 });
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

    it(`untrusted states, logs, options, seeds, seats and bot names are refused fast and in few words`, () => {
      checkBoundedInput(game, { seed: 5, botSeed: 6, players: fewest, options });
    });

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
