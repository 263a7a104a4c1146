// The shared test harness: one call per game runs every property of the contract (DESIGN.md §2, §5)
// on many seeds and every allowed player count, like OpenSpiel's random simulation test. A property
// added here protects every game at once.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import {
  RulesError,
  botFactories,
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

export interface HarnessOptions {
  /** Suffix of the suite name, to tell several runs of one game apart (e.g. "two-of-each box"). */
  label?: string;
  /** Random games per player count (default 12, or the HARNESS_RUNS environment variable). */
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
}

type AnyGame = Game<any, BaseAction, any, any>;

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
  // Competition ranking: a seat of rank r has exactly r-1 seats ranked strictly better.
  ranks.forEach((r) => {
    expect(Number.isInteger(r) && r >= 1 && r <= n).toBe(true);
    expect(ranks.filter((x) => x < r).length).toBe(r - 1);
  });
  expect(winners.length).toBeGreaterThan(0);
  expect([...winners].sort((a, b) => a - b)).toEqual(ranks.flatMap((r, p) => (r === 1 ? [p] : [])));
  // A better rank never has a lower score (tie-breaks only order equal scores).
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (ranks[a]! < ranks[b]!) expect(scores[a]!).toBeGreaterThanOrEqual(scores[b]!);
  if (o!.breakdown) expect(o!.breakdown).toHaveLength(n);
}

/** Malformed actions every game must refuse with a RulesError, built from a legal action. */
function malformedActions(sample: BaseAction, players: number): unknown[] {
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
function playout(
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

/** Every contract check on one reachable state. */
function checkState(
  game: AnyGame,
  s: any,
  players: number,
  rng: RngState,
  deep: boolean,
  seen: Map<string, BaseAction>,
  invariants?: (s: any) => void,
): void {
  const terminal = game.isTerminal(s);
  invariants?.(s);
  assertDeepFrozen(s);
  // Schema and plain JSON.
  const parsed = game.schemas.state.safeParse(s);
  if (!parsed.success) throw new Error(`reachable state fails StateSchema: ${parsed.error.message}`);
  assertPlainJson(s);
  expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  const loaded = game.loadState(JSON.parse(JSON.stringify(s)));
  expect(canonicalJson(loaded)).toBe(canonicalJson(s));
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
  if (terminal) {
    checkOutcome(game.outcome(s), players);
    expectRulesError(() => game.apply(s, { type: "pass", player: 0 } as BaseAction));
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
    for (const bad of malformedActions(sample, players)) expectRulesError(() => game.apply(s, bad as BaseAction));
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
      expectRulesError(() => game.apply(s, a), active.includes(a.player) ? "ILLEGAL_ACTION" : "NOT_YOUR_TURN");
    }
    for (const [i, a] of legal.entries()) if (seen.size < 400) seen.set(keys[i]!, a);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(canonicalJson(s)).toBe(before);
  }

  if (!deep) return;
  if (!terminal) checkPurity(game, s, legal[randomInt(rng, 0, legal.length - 1)]!);
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
      expect(canonicalJson(s)).toBe(before);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The trust boundary (docs/concepts.md, "The trust boundary"): every state handed out is deeply
// frozen, apply never freezes or changes a caller's state, and untrusted states, logs, options,
// seeds and seats are refused with a RulesError, fast and in few words, or keep the contract.

/** Longest a refusal of untrusted input may take (ms); generous, the machine may be shared. */
const SLOW_MS = Number(process.env["HARNESS_SLOW_MS"] ?? 2000);
/** Longest message a refusal may carry (characters). */
const LONG_MESSAGE = 2000;

/** Throws unless `v` and every object and array inside it are frozen. */
export function assertDeepFrozen(v: unknown, what = "the state", path = "state"): void {
  if (typeof v !== "object" || v === null) return;
  if (!Object.isFrozen(v)) throw new Error(`${what} is not deeply frozen: ${path} is not frozen`);
  for (const [k, x] of Object.entries(v)) assertDeepFrozen(x, what, `${path}.${k}`);
}

/** Throws if any object or array inside `v` is frozen (a caller's own state must stay its own). */
function assertNothingFrozen(v: unknown, path = "state"): void {
  if (typeof v !== "object" || v === null) return;
  if (Object.isFrozen(v)) throw new Error(`apply froze part of the caller's unfrozen state: ${path}`);
  for (const [k, x] of Object.entries(v)) assertNothingFrozen(x, `${path}.${k}`);
}

/**
 * Calls `f` on untrusted input: it must return or throw a RulesError (of `code`, when given),
 * within {@link SLOW_MS} and with a short message. Returns the result, or the error.
 */
export function expectBounded<T>(what: string, f: () => T, code?: RulesError["code"]): { value?: T; error?: RulesError } {
  const t0 = performance.now();
  let out: { value?: T; error?: RulesError };
  try {
    out = { value: f() };
  } catch (e) {
    if (!(e instanceof RulesError)) throw new Error(`${what}: threw ${e instanceof Error ? `${e.name}: ${e.message.slice(0, 200)}` : String(e)} instead of a RulesError`);
    if (code && e.code !== code) throw new Error(`${what}: expected RulesError ${code}, got ${e.code}: ${e.message.slice(0, 200)}`);
    if (e.message.length > LONG_MESSAGE) throw new Error(`${what}: a ${e.message.length}-character message (at most ${LONG_MESSAGE})`);
    out = { error: e };
  }
  const ms = performance.now() - t0;
  if (ms > SLOW_MS) throw new Error(`${what}: took ${Math.round(ms)} ms (at most ${SLOW_MS})`);
  return out;
}

/**
 * The freezing rule on one state and a legal action: `apply` on a caller's unfrozen copy leaves it
 * exactly as it was and unfrozen; `applyInPlace` then works on that copy and agrees; on a frozen
 * state `applyInPlace` throws a RulesError instead of a TypeError.
 */
function checkPurity(game: AnyGame, s: any, a: BaseAction): void {
  const own = cloneJson(s);
  const before = canonicalJson(own);
  const next = game.apply(own, a);
  expect(canonicalJson(own)).toBe(before);
  assertNothingFrozen(own);
  assertDeepFrozen(next, "the state from apply");
  game.applyInPlace(own, a);
  expect(canonicalJson(own)).toBe(canonicalJson(next));
  expectRulesError(() => game.applyInPlace(s, a));
  expect(canonicalJson(s)).toBe(before);
}

/** True when a JSON value holds a `-0` (JSON text cannot tell it from 0, `Object.is` can). */
function hasNegativeZero(v: unknown): boolean {
  if (typeof v === "number") return Object.is(v, -0);
  if (typeof v !== "object" || v === null) return false;
  return Object.values(v).some(hasNegativeZero);
}

/** Seats that do not exist, for `players` seats: refused by playerView, legalActions and determinize. */
function badSeats(players: number): unknown[] {
  return [players, players + 1, 1e9, -1, 0.5, Number.NaN, Infinity, "0", "length", "constructor", "__proto__", {}, [], true, undefined];
}

/** Every seat argument of the bundle refuses seats that do not exist; `-0` is seat 0. */
export function checkSeats(game: AnyGame, s: any, players: number): void {
  for (const bad of badSeats(players)) {
    const what = `seat ${typeof bad === "string" ? JSON.stringify(bad) : String(bad)}`;
    expectBounded(`playerView(state, ${what})`, () => game.playerView(s, bad as number), "INVALID_ACTION").error ??
      fail(`playerView accepted ${what}`);
    if (bad === undefined) continue; // legalActions(state) lists every seat's actions
    expectBounded(`legalActions(state, ${what})`, () => game.legalActions(s, bad as number), "INVALID_ACTION").error ??
      fail(`legalActions accepted ${what}`);
    if (game.determinize) {
      expectBounded(`determinize(state, ${what})`, () => game.determinize!(s, bad as number, 1), "INVALID_ACTION").error ??
        fail(`determinize accepted ${what}`);
    }
  }
  const v0 = game.playerView(s, 0);
  const vz = game.playerView(s, -0);
  expect(canonicalJson(vz)).toBe(canonicalJson(v0));
  expect(hasNegativeZero(vz)).toBe(false);
  expect(canonicalJson(game.legalActions(s, -0))).toBe(canonicalJson(game.legalActions(s, 0)));
}

function fail(message: string): never {
  throw new Error(message);
}

type JsonPath = Array<string | number>;

function getAt(root: any, path: JsonPath): any {
  return path.reduce((v, k) => v[k], root);
}

function setAt(root: any, path: JsonPath, value: unknown): void {
  getAt(root, path.slice(0, -1))[path[path.length - 1]!] = value;
}

/** Every value inside a JSON value with its path (root excluded). */
function entriesOf(v: unknown, path: JsonPath = [], out: Array<{ path: JsonPath; value: unknown }> = []) {
  if (typeof v === "object" && v !== null) {
    for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
      const p = [...path, k];
      out.push({ path: p, value: x });
      entriesOf(x, p, out);
    }
  }
  return out;
}

interface Corruption {
  label: string;
  apply(root: any): void;
}

/**
 * Field-by-field corruptions of a state: each number nudged, zeroed, made huge or fractional;
 * each boolean flipped; each string swapped for another string of the state; each array shortened,
 * lengthened, reversed, emptied; an element moved from one array to another (a card to another
 * zone); an object's key removed. Each one changes one thing.
 */
export function corruptionsOf(state: unknown): Corruption[] {
  const out: Corruption[] = [];
  const entries = entriesOf(state);
  const strings = [...new Set(entries.flatMap((e) => (typeof e.value === "string" ? [e.value] : [])))];
  // Targets of moves between zones: every array of a small state, an even spread of a large one.
  const allArrays = entries.filter((e) => Array.isArray(e.value)).map((e) => e.path);
  const step = Math.max(1, Math.ceil(allArrays.length / 60));
  const arrays = allArrays.filter((_, i) => i % step === 0);
  const at = (path: JsonPath) => path.map(String).join(".");
  for (const { path, value } of entries) {
    const where = at(path);
    const set = (label: string, v: unknown) => out.push({ label: `${where} = ${label}`, apply: (r) => setAt(r, path, cloneJson(v)) });
    if (typeof value === "number") {
      for (const v of [value + 1, value - 1, -1, 1e7, 2 ** 32, value + 0.5]) set(String(v), v);
    } else if (typeof value === "boolean") {
      set(String(!value), !value);
    } else if (typeof value === "string") {
      for (const v of strings.filter((x) => x !== value).slice(0, 6)) set(JSON.stringify(v), v);
      set('""', "");
    } else if (value === null) {
      for (const v of [0, false, "", []]) set(JSON.stringify(v), v);
    } else if (Array.isArray(value)) {
      if (value.length > 0) {
        out.push({ label: `${where}: last removed`, apply: (r) => void getAt(r, path).pop() });
        out.push({ label: `${where}: first removed`, apply: (r) => void getAt(r, path).shift() });
        out.push({ label: `${where}: last doubled`, apply: (r) => void getAt(r, path).push(cloneJson(value[value.length - 1])) });
        out.push({ label: `${where}: emptied`, apply: (r) => setAt(r, path, []) });
        if (value.length > 1) out.push({ label: `${where}: reversed`, apply: (r) => void getAt(r, path).reverse() });
        for (const to of arrays) {
          if (to === path || at(to).startsWith(where + ".") || where.startsWith(at(to) + ".")) continue;
          out.push({ label: `last of ${where} moved to ${at(to)}`, apply: (r) => void getAt(r, to).push(getAt(r, path).pop()) });
        }
      } else {
        for (const from of arrays) {
          const src = getAt(state, from) as unknown[];
          if (from === path || src.length === 0 || at(from).startsWith(where + ".") || where.startsWith(at(from) + ".")) continue;
          out.push({ label: `${where} given a copy of the last of ${at(from)}`, apply: (r) => void getAt(r, path).push(cloneJson(src[src.length - 1])) });
        }
      }
    } else if (typeof value === "object") {
      for (const k of Object.keys(value as object)) {
        out.push({ label: `${where}.${k} removed`, apply: (r) => void delete getAt(r, path)[k] });
      }
    }
  }
  for (const k of Object.keys((state as object) ?? {})) out.push({ label: `${k} removed`, apply: (r) => void delete r[k] });
  return out;
}

/**
 * The trust boundary for states (issue 6, item 3): `loadState` either refuses a corrupted
 * reachable state (fast, `INVALID_STATE`, a short message) or returns a deeply frozen state that
 * keeps every contract property under random play to the end: legal actions empty exactly at the
 * end, views that hide what they must (checked against `determinize`), and a game that ends.
 * Exported so the harness's own tests can show that it catches a game that trusts too much.
 */
export function checkCorruptions(
  game: AnyGame,
  args: { seed: number; botSeed: number; players: number; options?: Record<string, unknown>; maxSteps?: number; corruptions?: number; states?: number },
): { tried: number; accepted: number } {
  const maxSteps = args.maxSteps ?? 20_000;
  const rng = seedRng(args.botSeed);
  const { states } = playout(game, args.seed, args.botSeed, args.players, args.options ?? {}, maxSteps);
  const picks = Array.from({ length: args.states ?? 3 }, () => states[randomInt(rng, 0, states.length - 1)]);
  let tried = 0;
  let accepted = 0;
  for (const s of picks) {
    const json = JSON.parse(JSON.stringify(s));
    const all = corruptionsOf(json);
    const budget = Math.min(all.length, args.corruptions ?? 120);
    for (let i = 0; i < budget; i++) {
      const j = randomInt(rng, i, all.length - 1);
      [all[i], all[j]] = [all[j]!, all[i]!];
      const c = all[i]!;
      const bad = JSON.parse(JSON.stringify(json));
      c.apply(bad);
      tried++;
      const r = expectBounded(`loadState of a state with ${c.label}`, () => game.loadState(bad), "INVALID_STATE");
      if (r.error) continue;
      accepted++;
      const loaded = r.value;
      try {
        assertDeepFrozen(loaded, "the state from loadState");
        const n = game.playerCount?.(loaded) ?? args.players;
        // A few of the accepted states are played to the end with every check; the rest are
        // checked where they stand and for a few steps (the budget keeps CI in minutes).
        const seen = new Map<string, BaseAction>();
        let t = loaded;
        const limit = accepted <= 8 ? maxSteps : 3;
        for (let step = 0; !game.isTerminal(t) && step < limit; step++) {
          checkState(game, t, n, rng, step === 0 || step % 25 === 0, seen);
          const legal = game.legalActions(t);
          t = game.apply(t, legal[randomInt(rng, 0, legal.length - 1)]!);
          if (step === maxSteps - 1 && !game.isTerminal(t)) throw new Error(`no end after ${maxSteps} actions`);
        }
        if (game.isTerminal(t)) checkState(game, t, n, rng, true, seen);
      } catch (e) {
        throw new Error(`loadState accepted a state with ${c.label}, which then broke the contract: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  return { tried, accepted };
}

/** Each array of `value` (paths), for growing them one at a time. */
function arrayPaths(value: unknown): JsonPath[] {
  return entriesOf(value).filter((e) => Array.isArray(e.value) && (e.value as unknown[]).length > 0).map((e) => e.path);
}

/**
 * Bounded time and size at the trust boundary (issue 6, items 1, 4, 5): absurd states, logs,
 * options, seeds and bot names are refused with a RulesError in bounded time and few words; what
 * the engine makes from odd but allowed options, `loadState` loads back.
 */
export function checkBoundedInput(game: AnyGame, args: { seed: number; botSeed: number; players: number; options?: Record<string, unknown> }): void {
  const options = { ...args.options, players: args.players };
  const rng = seedRng(args.botSeed);
  const { states, actions } = playout(game, args.seed, args.botSeed, args.players, args.options ?? {}, 20_000);
  const s = states[Math.floor(states.length / 2)];
  const json = JSON.parse(JSON.stringify(s));

  // States: each array grown to 20 000 copies, absurd numbers, deep nesting, a huge string.
  const paths = arrayPaths(json);
  for (let i = 0; i < Math.min(paths.length, 40); i++) {
    const path = paths[randomInt(rng, 0, paths.length - 1)]!;
    const big = JSON.parse(JSON.stringify(json));
    const arr = getAt(big, path) as unknown[];
    setAt(big, path, Array.from({ length: 20_000 }, () => arr[0]));
    expectBounded(`loadState with ${path.join(".")} grown to 20000 items`, () => game.loadState(big), "INVALID_STATE");
  }
  let deep: unknown = 1;
  for (let i = 0; i < 10_000; i++) deep = [deep];
  for (const key of Object.keys(json)) {
    for (const v of [1e7, 3e5, 2 ** 32, -1, 1.5, deep, "x".repeat(1_000_000), Array.from({ length: 100_000 }, () => ({ a: [1, 2] }))]) {
      const r = expectBounded(`loadState with ${key} = ${Array.isArray(v) ? "a huge array" : typeof v === "string" ? "a huge string" : String(v)}`, () => game.loadState({ ...json, [key]: v }), "INVALID_STATE");
      if (r.value) expect(canonicalJson(r.value)).not.toBe(canonicalJson(json)); // accepted only if it is another valid state
    }
  }
  for (const bad of [null, undefined, 0, "state", [], {}, deep, new Array(1_000_000).fill(0)]) {
    expectBounded("loadState of junk", () => game.loadState(bad), "INVALID_STATE").error ?? fail("loadState accepted junk");
  }

  // Logs: malformed ones are INVALID_STATE for replay, replayStates, undo and undoBlocker.
  const log: ActionLog = { ...newLog(game, args.seed, options), actions };
  const badLogs: unknown[] = [
    null,
    undefined,
    7,
    "log",
    [],
    {},
    { ...log, actions: {} },
    { ...log, actions: undefined },
    { ...log, actions: null },
    { ...log, game: { id: game.id } },
    { ...log, game: undefined },
    { ...log, rulesVersion: "1" },
    { ...log, seed: { toString: 1 } },
    { ...log, seed: null },
    { ...log, options: null },
    { ...log, options: [] },
    { ...log, actions: [null] },
    { ...log, actions: [42, ...actions] },
    { ...log, actions: Array.from({ length: 300_000 }, () => actions[0]) },
    { ...log, finalHash: 7 },
    (() => {
      const { actions: _a, ...rest } = log;
      return rest;
    })(),
  ];
  for (const [i, bad] of badLogs.entries()) {
    for (const [name, f] of [
      ["replay", () => replay(game, bad as ActionLog)],
      ["replayStates", () => replayStates(game, bad as ActionLog)],
      ["undo", () => undo(game, bad as ActionLog)],
      ["undoBlocker", () => undoBlocker(game, bad as ActionLog)],
    ] as const) {
      expectBounded(`${name} of malformed log ${i}`, f, "INVALID_STATE").error ?? fail(`${name} accepted malformed log ${i}`);
    }
  }
  // A log whose options or actions are wrong for this game: a RulesError, in bounded time.
  for (const bad of [{ ...log, options: { players: 1e9 } }, { ...log, options: { ...options, players: "3" } }, { ...log, actions: [{ type: "x", player: 0 }] }]) {
    expectBounded("replay of a log with bad options or actions", () => replay(game, bad as ActionLog)).error ?? fail("replay accepted a bad log");
  }

  // Options: absurd player counts; each array grown; odd numbers. What the engine makes, it loads.
  for (const players of [1e9, 1e7, 2 ** 32, -0, -1, 0.5, Number.NaN, Infinity, "4", null]) {
    expectBounded(`initialState with players ${String(players)}`, () => game.initialState(args.seed, { ...options, players } as never), "INVALID_OPTIONS");
  }
  const full = game.schemas.options.parse(options);
  const loadsBack = (what: string, o: unknown) => {
    const r = expectBounded(`initialState with ${what}`, () => game.initialState(args.seed, o as never), "INVALID_OPTIONS");
    if (!r.value) return;
    const size = JSON.stringify(r.value).length;
    if (size > 1_000_000) throw new Error(`initialState with ${what} made a ${size}-byte state; bound the options`);
    assertDeepFrozen(r.value, "the state from initialState");
    if (hasNegativeZero(r.value)) throw new Error(`initialState with ${what} made a state holding -0`);
    const back = expectBounded(`loadState of the state made with ${what}`, () => game.loadState(JSON.parse(JSON.stringify(r.value))));
    if (back.error) throw new Error(`initialState with ${what} made a state that loadState refuses: ${back.error.message}`);
    expect(canonicalJson(back.value)).toBe(canonicalJson(r.value));
    let t = r.value;
    for (let i = 0; i < 8 && !game.isTerminal(t); i++) {
      const legal = game.legalActions(t);
      if (legal.length === 0) throw new Error(`initialState with ${what}: no legal action before the end`);
      t = game.apply(t, legal[randomInt(rng, 0, legal.length - 1)]!);
      game.loadState(JSON.parse(JSON.stringify(t)));
    }
  };
  for (const path of arrayPaths(full).slice(0, 30)) {
    const o = cloneJson(full);
    const arr = getAt(o, path) as unknown[];
    setAt(o, path, Array.from({ length: 100_000 }, () => arr[0]));
    loadsBack(`options.${path.join(".")} grown to 100000 items`, o);
  }
  const numbers = entriesOf(full).filter((e) => typeof e.value === "number" && e.path[0] !== "players");
  for (let i = 0; i < Math.min(numbers.length, 40); i++) {
    const e = numbers[numbers.length <= 40 ? i : randomInt(rng, 0, numbers.length - 1)]!;
    for (const v of [1e9, 2 ** 31, -0, 1]) {
      const o = cloneJson(full);
      setAt(o, e.path, v);
      loadsBack(`options.${e.path.join(".")} = ${v}`, o);
    }
  }

  // Seeds: odd values are refused or play; -0 plays as 0.
  for (const seed of [{ toString: 1 }, { valueOf: () => 1 }, [], null, undefined, Number.NaN, 1.5, 2 ** 53, 1e300, Symbol("s"), () => 1]) {
    expectBounded(`initialState with an odd seed`, () => game.initialState(seed as never, options), "INVALID_OPTIONS");
  }
  expect(stateHash(game.initialState(-0, options))).toBe(stateHash(game.initialState(0, options)));

  // Seats, and bot names that objects inherit.
  checkSeats(game, s, args.players);
  expectBounded("simulate with 1e9 players", () => simulate(game, { games: 1, players: 1e9 }), "INVALID_OPTIONS");
  for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "nosuch"]) {
    expect(Object.hasOwn(botFactories, name)).toBe(false);
    expectBounded(`simulate with bot ${name}`, () => simulate(game, { games: 1, players: args.players, options, bots: [name] }), "INVALID_OPTIONS");
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
  },
): void {
  const every = args.viewEvery ?? 1;
  const first = game.initialState(args.seed, { ...args.options, players: args.players });
  assertDeepFrozen(first, "the state from initialState");
  const seen = new Map<string, BaseAction>(); // legal actions met so far in this game
  for (const e of game.describeEvents?.(null, null, first) ?? []) expect(typeof e === "string" && e.length > 3).toBe(true);
  playout(game, args.seed, args.botSeed, args.players, args.options ?? {}, args.maxSteps ?? 20_000, (s, step, rng) =>
    checkState(game, s, args.players, rng, step % every === 0, seen, args.invariants),
  );
}

/**
 * Registers the whole contract test suite for one game. Call it once from
 * `test/<game>/properties.test.ts` (and pass `golden` to also check recorded games).
 */
export function testGame(game: AnyGame, opts: HarnessOptions = {}): void {
  const runs = opts.runs ?? Number(process.env["HARNESS_RUNS"] ?? 12);
  const counts = opts.playerCounts ?? Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  const options = opts.options ?? {};
  const maxSteps = opts.maxSteps ?? 20_000;
  const viewEvery = opts.viewEvery ?? 1;

  describe(`${game.name}: contract harness${opts.label ? ` (${opts.label})` : ""}`, () => {
    for (const n of counts) {
      it(`${n} players: random legal play reaches the end and every state keeps the contract`, () => {
        fc.assert(
          fc.property(fc.integer(), fc.integer(), (seed, botSeed) => {
            checkRandomGame(game, { seed, botSeed, players: n, options, maxSteps, viewEvery, ...(opts.invariants ? { invariants: opts.invariants } : {}) });
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

      it(`${n} players: simulate plays whole games with no illegal action`, () => {
        const r = simulate(game, { games: 3, seed: n, players: n, options });
        expect(r.illegalActions).toBe(0);
        expect(r.unfinished).toBe(0);
        expect(r.winRateBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        expect(simulate(game, { games: 3, seed: n, players: n, options })).toEqual(r);
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

    it(`untrusted states, logs, options, seeds, seats and bot names are refused fast and in few words`, () => {
      checkBoundedInput(game, { seed: 5, botSeed: 6, players: counts[0]!, options });
    });

    it("refuses bad options and seeds with INVALID_OPTIONS", () => {
      for (const players of [game.minPlayers - 1, game.maxPlayers + 1, 2.5, -1, Number.NaN]) {
        expectRulesError(() => game.initialState(1, { ...options, players }), "INVALID_OPTIONS");
      }
      for (const bad of [null, 5, "x", []]) expectRulesError(() => game.initialState(1, bad as never), "INVALID_OPTIONS");
      for (const seed of [Number.NaN, 1.5, Infinity, {}, null]) {
        expectRulesError(() => game.initialState(seed as never, { ...options, players: game.minPlayers }), "INVALID_OPTIONS");
      }
      // Defaults: a standard game needs nothing but the player count, or nothing at all.
      expect(game.isTerminal(game.initialState(1))).toBe(false);
      for (const n of counts) expect(game.initialState(1, { players: n })).toBeDefined();
    });

    it("refuses corrupt states with INVALID_STATE", () => {
      const s = game.initialState(3, { ...options, players: game.minPlayers });
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
