// One random game checked state by state (DESIGN.md §2, §5): the contract checks `testGame`
// (index.ts) runs on every reachable state, at the depth HARNESS_RUNS sets (depth.ts).
import { canonicalJson, cloneJson, randomInt, seedRng, type BaseAction, type Outcome, type RngState } from "@rules/core";
import { expect } from "vitest";
import { sampledStep } from "./depth.js";
import { assertPlainJson, deepFreeze, expectRulesError, type AnyGame, type SharingCheck } from "./index.js";
import { checkPatches, checkSharing } from "./sharing.js";
import { assertDeepFrozen, checkDeterminizeLoads, checkPurity, checkUntrustedQueries, hasNegativeZero } from "./trust.js";

/**
 * `expect(actual).toBe(expected)` that builds no assertion while it holds: the harness checks
 * thousands of states, and vitest's `expect` costs more than most of the checks it wraps.
 */
export function same<T>(actual: T, expected: T, what?: string): void {
  if (!Object.is(actual, expected)) expect(actual, what).toBe(expected);
}

/** `expect(actual).toEqual(expected)` for lists of strings (canonical JSON), as cheap as {@link same}. */
export function sameList(actual: readonly string[], expected: readonly string[], what?: string): void {
  if (actual.length !== expected.length || actual.some((x, i) => x !== expected[i])) expect(actual, what).toEqual(expected);
}

/** `expect(condition, what).toBe(true)`, as cheap as {@link same} (`what` is worded only on failure). */
export function holds(condition: boolean, what: () => string): void {
  if (!condition) expect(condition, what()).toBe(true);
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

/**
 * How much of the contract {@link checkState} checks on one state: `light` the cheap checks every
 * state gets (schema, plain JSON, legal actions by seat, outcome, invariants, freezing); `full`
 * adds the costly per-state ones (save and load byte for byte, an action applied three ways with
 * sharing and patches, malformed and illegal input); `deep` adds every legal action, purity,
 * untrusted queries, every seat's view and `determinize`.
 */
export type CheckLevel = "light" | "full" | "deep";

/** Every contract check of `level` on one reachable state. */
export function checkState(
  game: AnyGame,
  s: any,
  players: number,
  rng: RngState,
  level: CheckLevel,
  seen: Map<string, BaseAction>,
  invariants?: (s: any) => void,
  sharing?: SharingCheck,
  stride = 1,
): void {
  const terminal = game.isTerminal(s);
  invariants?.(s);
  assertDeepFrozen(s);
  const parsed = game.schemas.state.safeParse(s);
  if (!parsed.success) throw new Error(`reachable state fails StateSchema: ${parsed.error.message}`);
  assertPlainJson(s);
  if (level !== "light") checkSavedState(game, s);
  const { legal, active, keys } = checkLegalActions(game, s, players, terminal);
  if (level === "light") return;
  const deep = level === "deep";
  // `s` is deeply frozen (asserted above), so nothing below can change it: no before-and-after text.
  const toTry = deep ? legal : legal.length > 0 ? [legal[randomInt(rng, 0, legal.length - 1)]!] : [];
  // Every legal action of a deep state goes through apply three ways; below HARNESS_RUNS=8 only
  // one in `stride` of them (the first, then every stride-th) also through sharing and patches.
  toTry.forEach((a, i) => checkAction(game, s, a, i % stride === 0 ? sharing : undefined));
  if (!terminal) checkRefusals(game, s, players, rng, legal, active, keys, seen);
  if (!deep) return;
  if (!terminal) checkPurity(game, s, legal[randomInt(rng, 0, legal.length - 1)]!);
  // The read-only functions on untrusted input: on one deep state in four (a counter, not the
  // game's generator, so the states and corruptions a seed picks stay the same).
  if (untrustedQueryTurn++ % 4 === 0) checkUntrustedQueries(game, s, players, legal, seen);
  checkViews(game, s, players, rng, terminal, active);
}

/**
 * Saved as JSON and loaded back, a state gives the same value and the same bytes. `checkState`
 * has just run `assertPlainJson`, which rules out all that JSON drops or changes but `-0`.
 */
function checkSavedState(game: AnyGame, s: any): void {
  holds(!hasNegativeZero(s), () => "the state holds -0, which JSON saves as 0");
  const saved = JSON.stringify(s);
  const loaded = game.loadState(JSON.parse(saved));
  same(JSON.stringify(loaded), saved);
  assertDeepFrozen(loaded, "the state from loadState");
}

/**
 * Legal actions: empty exactly at the end, unique, schema-valid, by active seats, split by seat;
 * the bots' shortcut hooks agree with the full answers; an outcome exactly at the end.
 */
function checkLegalActions(game: AnyGame, s: any, players: number, terminal: boolean): { legal: BaseAction[]; active: number[]; keys: string[] } {
  const legal = game.legalActions(s);
  const active = game.activePlayers(s);
  same(legal.length === 0, terminal, "no legal action exactly at the end");
  same(active.length === 0, terminal, "no active seat exactly at the end");
  const keys = legal.map((a) => canonicalJson(a));
  same(new Set(keys).size, keys.length, "legal actions are unique");
  for (const a of legal) {
    holds(game.schemas.action.safeParse(a).success, () => `legal action ${canonicalJson(a)} fits ActionSchema`);
    if (!active.includes(a.player)) expect(active).toContain(a.player);
  }
  for (const p of active) {
    const mine = game.legalActions(s, p).map((a) => canonicalJson(a));
    sameList(mine, keys.filter((_, i) => legal[i]!.player === p), "legalActions(state, seat) is the seat's part of legalActions(state)");
    holds(mine.length > 0, () => `active seat ${p} has a legal action`);
  }
  same(new Set(active).size, active.length, "active seats are unique");
  if (game.firstActivePlayer) same(game.firstActivePlayer(s), active[0]);
  if (game.heuristic) {
    const h = game.heuristic(s);
    same(h.length, players, "heuristic values");
    for (const v of h) holds(Number.isFinite(v) && v >= 0 && v <= 1, () => `heuristic value ${v} in [0, 1]`);
  }
  const scores = game.scores?.(s);
  if (scores) {
    same(scores.length, players, "scores: one per seat");
    for (const v of scores) holds(Number.isFinite(v), () => `score ${v} is a finite number`);
  }
  if (terminal) {
    checkOutcome(game.outcome(s), players);
    // The "score" rewards of serve and the Python envs add up to the final score: the hook agrees with the outcome.
    if (scores) expect(scores, "scores at the end are the outcome's scores").toEqual(game.outcome(s)!.scores);
    expectRulesError(() => game.apply(s, { type: "pass", player: 0 } as BaseAction));
    expectRulesError(() => game.applyWithPatches(s, { type: "pass", player: 0 } as BaseAction));
  } else {
    same(game.outcome(s), undefined, "no outcome before the end");
  }
  return { legal, active, keys };
}

/** One legal action: apply (checked, frozen input) = applyUnchecked = applyInPlace; described. */
function checkAction(game: AnyGame, s: any, a: BaseAction, sharing?: SharingCheck): void {
  const next = game.apply(s, a);
  // JSON text, keys in the order the state holds them: the three paths must agree to the byte
  // (a saved state is its JSON), which is stricter than canonical text and several times cheaper.
  const viaApply = JSON.stringify(next);
  const events = game.describeEvents?.(s, a, next) ?? [];
  for (const e of events) holds(typeof e === "string" && e.length > 3, () => `event ${String(e)} is words`);
  same(JSON.stringify(game.applyUnchecked(s, a)), viaApply, "applyUnchecked agrees with apply");
  assertDeepFrozen(next, "the state from apply");
  if (sharing) {
    checkSharing(s, next, a, sharing.exceptions);
    checkPatches(game, s, a, viaApply);
  }
  const own = cloneJson(s);
  game.applyInPlace(own, a);
  same(JSON.stringify(own), viaApply, "applyInPlace agrees with apply");
  const line = game.describeAction(s, a);
  holds(typeof line === "string" && line.length > 3, () => `describeAction gives words, not ${String(line)}`);
}

/** Illegal and malformed input: a RulesError, the state untouched, no prototype pollution. */
function checkRefusals(
  game: AnyGame,
  s: any,
  players: number,
  rng: RngState,
  legal: BaseAction[],
  active: number[],
  keys: string[],
  seen: Map<string, BaseAction>,
): void {
  const sample = legal[randomInt(rng, 0, legal.length - 1)]!;
  for (const bad of malformedActions(sample, players)) {
    const e = expectRulesError(() => game.apply(s, bad as BaseAction));
    // applyWithPatches is checked exactly like apply: the same refusal.
    const p = expectRulesError(() => game.applyWithPatches(s, bad as BaseAction));
    sameList([p.code, p.message], [e.code, e.message], "applyWithPatches refuses as apply does");
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
    same(expectRulesError(() => game.applyWithPatches(s, a), code).message, e.message);
  }
  for (const [i, a] of legal.entries()) if (seen.size < 400) seen.set(keys[i]!, a);
  expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
}

/**
 * Views: schema-valid, never the RNG, and the same for every state the viewer cannot tell apart
 * (each seat's `determinize` sample keeps its view, its legal actions and who is to act; one
 * viewer per state, in turn, loads it back: loadState costs a full check).
 */
function checkViews(game: AnyGame, s: any, players: number, rng: RngState, terminal: boolean, active: number[]): void {
  loadTurn++;
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
      same(canonicalJson(game.playerView(d, viewer)), canonicalJson(v), "a determinized state keeps the viewer's view");
      same(game.isTerminal(d), terminal);
      sameList(game.activePlayers(d).map(String), active.map(String), "a determinized state keeps who is to act");
      sameList(game.legalActions(d, viewer).map(canonicalJson), game.legalActions(s, viewer).map(canonicalJson), "a determinized state keeps the viewer's legal actions");
      if (viewer === loadTurn % players) checkDeterminizeLoads(game, d, viewer, seed);
    }
  }
}

/**
 * The level {@link checkRandomGame} checks step `step` at: with `stride` 1 every state is `full` and
 * every `viewEvery`-th `deep`; with a larger stride about one state in `stride` (a hash of the step
 * and the game's seeds, see depth.ts) is checked beyond the light checks, and of those on a
 * `viewEvery`-th step half (hashed again) are deep and half full. The first and the final state
 * are always deep.
 */
export function levelAt(step: number, final: boolean, viewEvery: number, stride: number, salt: number): CheckLevel {
  if (final) return "deep";
  if (!sampledStep(step, stride, salt)) return "light";
  if (step % viewEvery !== 0) return "full";
  // Below HARNESS_RUNS=8 half of the sampled view steps (hashed again) are deep, the rest full.
  return stride <= 1 || sampledStep(step, 2, salt ^ 0x2545f491) ? "deep" : "full";
}

/**
 * Play one random game and check the contract on every state it reaches, at the level
 * {@link levelAt} gives each (`stride` 1, the default, checks every state fully). Throws on the
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
    stride?: number;
    invariants?: (state: any) => void;
    sharingExceptions?: readonly string[];
  },
): void {
  const every = args.viewEvery ?? 1;
  const stride = args.stride ?? 1;
  const first = game.initialState(args.seed, { ...args.options, players: args.players });
  assertDeepFrozen(first, "the state from initialState");
  const seen = new Map<string, BaseAction>(); // legal actions met so far in this game
  for (const e of game.describeEvents?.(null, null, first) ?? []) expect(typeof e === "string" && e.length > 3).toBe(true);
  playout(game, args.seed, args.botSeed, args.players, args.options ?? {}, args.maxSteps ?? 20_000, (s, step, rng) => {
    // With stride 1 the final state is checked as any other (deep on a view step), as it always was.
    const level = levelAt(step, stride > 1 && game.isTerminal(s), every, stride, args.seed ^ args.botSeed);
    checkState(game, s, args.players, rng, level, seen, args.invariants, { exceptions: args.sharingExceptions ?? [] }, stride);
  });
}
