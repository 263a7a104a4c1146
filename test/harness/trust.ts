// The trust boundary part of the shared harness (docs/concepts.md, "The trust boundary"): every
// state handed out is deeply frozen, apply never freezes or changes a caller's state, and
// untrusted states, logs, options, seeds and seats are refused with a RulesError, fast and in few
// words, or keep the contract. `testGame` (index.ts) runs these on every game; the size and time
// bounds on absurd input are in bounded.ts.
import { availableParallelism } from "node:os";
import { RulesError, canonicalJson, cloneJson, randomInt, seedRng, type BaseAction } from "@rules/core";
import { expect } from "vitest";
import { sampledStep } from "./depth.js";
import { expectRulesError, type AnyGame } from "./index.js";
import { entriesOf, getAt, setAt, type JsonPath } from "./json-paths.js";
import { checkState, malformedActions, playout, type CheckLevel } from "./state.js";

/**
 * Most CPU time a refusal of untrusted input may take (ms). Counted in this process's CPU time, not
 * on the wall clock, so other work on a shared machine cannot make it fail; a refusal that does work
 * per character or item of a huge input (seconds) still does.
 */
const SLOW_MS = Number(process.env["HARNESS_SLOW_MS"] ?? 2000);

/**
 * This process's CPU time so far (ms, user and system): what a test bounds instead of the wall
 * clock, which other jobs on a shared machine stretch.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
/** Longest message a refusal may carry (characters). */
const LONG_MESSAGE = 2000;

/** Throws unless `v` and every object and array inside it are frozen. */
export function assertDeepFrozen(v: unknown, what = "the state", path = "state"): void {
  if (!deepFrozen(v)) assertDeepFrozenAt(v, what, path);
}

// Run on every state the harness meets: no key list, entry or path string per object (about six
// times faster than the naming walk below, which runs only when some part is not frozen).
function deepFrozen(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  if (!Object.isFrozen(v)) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null && !deepFrozen(x)) return false;
    }
    return true;
  }
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === "object" && x !== null && !deepFrozen(x)) return false;
  }
  return true;
}

/** The walk that names the first part not frozen (run only when there is one). */
function assertDeepFrozenAt(v: unknown, what: string, path: string): void {
  if (typeof v !== "object" || v === null) return;
  if (!Object.isFrozen(v)) throw new Error(`${what} is not deeply frozen: ${path} is not frozen`);
  for (const [k, x] of Object.entries(v)) assertDeepFrozenAt(x, what, `${path}.${k}`);
}

/** Throws if any object or array inside `v` is frozen (a caller's own state must stay its own). */
function assertNothingFrozen(v: unknown, path = "state"): void {
  if (typeof v !== "object" || v === null) return;
  if (Object.isFrozen(v)) throw new Error(`apply froze part of the caller's unfrozen state: ${path}`);
  for (const [k, x] of Object.entries(v)) assertNothingFrozen(x, `${path}.${k}`);
}

/**
 * Calls `f` on untrusted input: it must return or throw a RulesError (of `code`, when given),
 * within `slowMs` of CPU time (default {@link SLOW_MS}) and with a short message. Returns the result, or the error.
 */
export function expectBounded<T>(what: string, f: () => T, code?: RulesError["code"], slowMs = SLOW_MS): { value?: T; error?: RulesError } {
  const t0 = performance.now();
  const out = boundedCall(what, f, code);
  // The process's CPU time over an interval is at most the wall time times the cores, so a call
  // that fast needs no CPU reading (one costs about a microsecond, and the harness makes many);
  // a slower one is timed again, on CPU time, which other jobs on the machine cannot stretch.
  if ((performance.now() - t0) * CORES > slowMs) {
    const c0 = cpuMs();
    boundedCall(what, f, code);
    const ms = cpuMs() - c0;
    if (ms > slowMs) throw new Error(`${what}: took ${Math.round(ms)} ms of CPU (at most ${slowMs})`);
  }
  return out;
}

const CORES = Math.max(1, availableParallelism());

function boundedCall<T>(what: string, f: () => T, code?: RulesError["code"]): { value?: T; error?: RulesError } {
  // Refusals are the point here, and their stack traces unread: capturing none makes each cheaper.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  let e: unknown;
  try {
    return { value: f() };
  } catch (thrown) {
    e = thrown;
  } finally {
    Error.stackTraceLimit = limit;
  }
  if (!(e instanceof RulesError)) throw new Error(`${what}: threw ${e instanceof Error ? `${e.name}: ${e.message.slice(0, 200)}` : String(e)} instead of a RulesError`);
  if (code && e.code !== code) throw new Error(`${what}: expected RulesError ${code}, got ${e.code}: ${e.message.slice(0, 200)}`);
  if (e.message.length > LONG_MESSAGE) throw new Error(`${what}: a ${e.message.length}-character message (at most ${LONG_MESSAGE})`);
  return { error: e };
}

/** Every object and array inside `v` (the root included), for telling whose parts a state holds. */
function objectsOf(v: unknown, out = new Set<object>()): Set<object> {
  if (typeof v !== "object" || v === null || out.has(v)) return out;
  out.add(v);
  for (const x of Object.values(v)) objectsOf(x, out);
  return out;
}

/**
 * The freezing rule on one state and a legal action: `apply` on a caller's unfrozen copy leaves it
 * exactly as it was and unfrozen; `applyInPlace` then works on that copy and agrees; on a frozen
 * state `applyInPlace` throws a RulesError instead of a TypeError. A copy frozen only at its top
 * level (issue 30) is the caller's too: `apply` and `applyWithPatches` give states that hold none
 * of its objects, and freeze none of them.
 */
export function checkPurity(game: AnyGame, s: any, a: BaseAction): void {
  const own = cloneJson(s);
  const before = canonicalJson(own);
  const next = game.apply(own, a);
  const patched = game.applyWithPatches(own, a);
  expect(canonicalJson(own)).toBe(before);
  assertNothingFrozen(own);
  assertDeepFrozen(next, "the state from apply");
  assertDeepFrozen(patched.state, "the state from applyWithPatches");
  const shallow = Object.freeze(cloneJson(s));
  const parts = objectsOf(shallow);
  for (const [how, out] of [["apply", game.apply(shallow, a)], ["applyWithPatches", game.applyWithPatches(shallow, a).state]] as const) {
    assertDeepFrozen(out, `the state from ${how} on a state frozen at its top only`);
    const shared = [...objectsOf(out)].filter((o) => parts.has(o)).length;
    if (shared > 0) throw new Error(`${how} on a state frozen at its top only gave a state holding ${shared} of the caller's objects`);
  }
  for (const [k, x] of Object.entries(shallow)) assertNothingFrozen(x, `state.${k}`);
  expect(canonicalJson(shallow)).toBe(before);
  game.applyInPlace(own, a);
  expect(canonicalJson(own)).toBe(canonicalJson(next));
  expectRulesError(() => game.applyInPlace(s, a));
  expect(canonicalJson(s)).toBe(before);
}

/** True when a JSON value holds a `-0` (JSON text cannot tell it from 0, `Object.is` can). */
export function hasNegativeZero(v: unknown): boolean {
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
 * The first `playedToEnd` accepted states (default 8) are played to the end, the others for three
 * steps; `stride` (default 1: every step fully) samples the steps that get more than the light
 * checks, as in `checkRandomGame`, and the three-step states that start with the deep checks (the
 * rest start with the full ones). The defaults are what a pinned counterexample was found with.
 * Exported so the harness's own tests can show that it catches a game that trusts too much.
 */
export function checkCorruptions(
  game: AnyGame,
  args: {
    seed: number;
    botSeed: number;
    players: number;
    options?: Record<string, unknown>;
    maxSteps?: number;
    corruptions?: number;
    states?: number;
    playedToEnd?: number;
    stride?: number;
  },
): { tried: number; accepted: number } {
  const maxSteps = args.maxSteps ?? 20_000;
  const stride = args.stride ?? 1;
  // Below HARNESS_RUNS=8 (stride > 1) an accepted state checked for three steps only starts with
  // the deep checks one time in `stride` (hashed), with the full ones otherwise; a state played to
  // the end always starts deep. At stride 1 (a pinned counterexample) every start is deep.
  const deepStart = (): boolean => stride <= 1 || accepted <= (args.playedToEnd ?? 8) || sampledStep(accepted, stride, args.seed ^ args.botSeed);
  const levelAt = (step: number): CheckLevel =>
    !sampledStep(step, stride, args.seed ^ args.botSeed ^ accepted) ? "light" : step === 0 ? (deepStart() ? "deep" : "full") : step % 25 === 0 ? "deep" : "full";
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
        const limit = accepted <= (args.playedToEnd ?? 8) ? maxSteps : 3;
        for (let step = 0; !game.isTerminal(t) && step < limit; step++) {
          checkState(game, t, n, rng, levelAt(step), seen);
          const legal = game.legalActions(t);
          t = game.apply(t, legal[randomInt(rng, 0, legal.length - 1)]!);
          if (step === maxSteps - 1 && !game.isTerminal(t)) throw new Error(`no end after ${maxSteps} actions`);
        }
        if (game.isTerminal(t)) checkState(game, t, n, rng, "deep", seen);
      } catch (e) {
        throw new Error(`loadState accepted a state with ${c.label}, which then broke the contract: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  return { tried, accepted };
}

/**
 * The sampled world `determinize` returns for `viewer` is a state the game could be in: `loadState`
 * accepts it as it is (a world it refuses is one no game reaches, and MCTS would plan in it), and
 * loads it back byte for byte.
 */
export function checkDeterminizeLoads(game: AnyGame, d: unknown, viewer: number, seed: number): void {
  const json = JSON.stringify(d);
  let loaded: unknown;
  try {
    loaded = game.loadState(JSON.parse(json));
  } catch (e) {
    throw new Error(`determinize(state, ${viewer}, ${seed}) made a state loadState refuses: ${e instanceof Error ? e.message : String(e)}`);
  }
  expect(JSON.stringify(loaded)).toBe(json);
}

/** Each legal action with one of its fields (other than type) removed, and with one set to null. */
function actionsMissingAField(legal: BaseAction[]): unknown[] {
  const out: unknown[] = [];
  for (const a of legal.slice(0, 3)) {
    for (const k of Object.keys(a)) {
      if (k === "type") continue;
      const { [k]: _gone, ...rest } = a as unknown as Record<string, unknown>;
      out.push(rest, { ...a, [k]: null });
    }
  }
  return out;
}

/** The game's encoding when it covers `s` (Age of Steam encodes hex maps only, and says so with a RulesError). */
function encodingFor(game: AnyGame, s: unknown): AnyGame["encoding"] {
  try {
    game.encoding?.actionCount(s);
    return game.encoding;
  } catch (e) {
    if (e instanceof RulesError) return undefined;
    throw e;
  }
}

/**
 * The read-only functions of the bundle on untrusted input, as `apply` treats it: `describeAction`,
 * `describeEvents` and the encoding refuse a malformed action or a seat that does not exist with a
 * RulesError (never a TypeError, never `undefined`), and a well-formed action that is not legal now
 * is described (a string) or refused with a RulesError; the state is never changed.
 */
export function checkUntrustedQueries(game: AnyGame, s: any, players: number, legal: BaseAction[], seen: Map<string, BaseAction>): void {
  const before = canonicalJson(s);
  const sample = legal[0] ?? [...seen.values()][0];
  const enc = encodingFor(game, s);
  if (sample) {
    // Malformed: always refused. Missing a field: refused, unless the field is optional (then the
    // action still parses, and describing or encoding it gives a line or an index).
    const malformed = malformedActions(sample, players).map((bad) => ({ bad, mustRefuse: true }));
    const missing = actionsMissingAField(legal).map((bad) => ({ bad, mustRefuse: !game.schemas.action.safeParse(bad).success }));
    for (const [i, { bad, mustRefuse }] of [...malformed, ...missing].entries()) {
      const what = `malformed action ${i}`;
      const calls: Array<[string, () => unknown]> = [["describeAction", () => game.describeAction(s, bad as BaseAction)]];
      if (game.describeEvents) calls.push(["describeEvents", () => game.describeEvents!(s, bad as BaseAction, s)]);
      if (enc) calls.push(["encoding.encodeAction", () => enc.encodeAction(s, bad as BaseAction)]);
      for (const [name, f] of calls) {
        const r = expectBounded(`${name}(state, ${what})`, f);
        if (mustRefuse && !r.error) throw new Error(`${name} accepted ${what}`);
      }
    }
    // Well-formed actions of this game that are not legal here: a line, an index, or a RulesError.
    const legalKeys = new Set(legal.map(canonicalJson));
    let tried = 0;
    for (const [k, a] of seen) {
      if (tried >= 6) break;
      if (legalKeys.has(k)) continue;
      tried++;
      const line = expectBounded(`describeAction of an action legal elsewhere`, () => game.describeAction(s, a)).value;
      if (line !== undefined && typeof line !== "string") throw new Error(`describeAction returned ${typeof line}`);
      if (game.describeEvents) expectBounded(`describeEvents of an action legal elsewhere`, () => game.describeEvents!(s, a, s));
      if (enc) {
        const i = expectBounded(`encodeAction of an action legal elsewhere`, () => enc.encodeAction(s, a)).value;
        if (i !== undefined && !(Number.isInteger(i) && i >= 0 && i < enc.actionCount(s))) throw new Error(`encodeAction returned ${i}`);
      }
    }
  }
  if (enc) {
    for (const bad of [players, -1, 0.5, Number.NaN, "0", null, undefined]) {
      const what = `seat ${String(bad)}`;
      expectBounded(`encoding.legalActionMask(state, ${what})`, () => enc.legalActionMask(s, bad as number), "INVALID_ACTION");
      expectBounded(`encoding.encodeObservation(state, ${what})`, () => enc.encodeObservation(s, bad as number), "INVALID_ACTION");
      expectBounded(`encoding.decodeAction(state, ${what}, 0)`, () => enc.decodeAction(s, bad as number, 0), "INVALID_ACTION");
    }
    const count = enc.actionCount(s);
    const p = players - 1;
    for (const index of [-1, count, count + 1, 0.5, Number.NaN, "0", null]) {
      expectBounded(`encoding.decodeAction(state, ${p}, ${String(index)})`, () => enc.decodeAction(s, p, index as number), "INVALID_ACTION");
    }
    expect(enc.legalActionMask(s, p)).toHaveLength(count);
  }
  expect(canonicalJson(s)).toBe(before);
}
