// Bounded time and size at the trust boundary (issue 6, items 1, 4, 5): absurd states, logs,
// options, seeds, seats and bot names are refused with a RulesError in bounded time and few words.
// `testGame` (index.ts) runs `checkBoundedInput` once per configuration.
import {
  INPUT_LIMITS,
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
  type RngState,
} from "@rules/core";
import { expect } from "vitest";
import { scaledCount } from "./depth.js";
import type { AnyGame } from "./index.js";
import { entriesOf, getAt, setAt, type JsonPath } from "./json-paths.js";
import { playout } from "./state.js";
import { assertDeepFrozen, checkSeats, expectBounded, hasNegativeZero } from "./trust.js";

function fail(message: string): never {
  throw new Error(message);
}

/** A refusal by the size checks made before any schema runs (`INPUT_LIMITS`, the schema's own bounds). */
const PRE_CHECK = /characters long, at most \d+ allowed|holds \d+ items, at most \d+ allowed|holds more than \d+ values/;

/**
 * Every string of `json` made 3 million characters long and every array 150,000 items long, one
 * place at a time (at most `count` places, sampled): each is refused with `code`, by the size checks that
 * run before the schema (the message says which bound) or with a few issues (a string that is no
 * name of the enum), so the refusal costs work in proportion to the input and never one zod issue
 * per character or item. An array with no bound in the schema fails.
 */
function checkOversizedPlaces(game: AnyGame, json: unknown, rng: RngState, what: string, load: (v: unknown) => unknown, code: RulesError["code"], count: number): void {
  const places = entriesOf(json).filter((e) => typeof e.value === "string" || Array.isArray(e.value));
  for (let i = 0; i < places.length && i < count; i++) {
    const j = randomInt(rng, i, places.length - 1);
    [places[i], places[j]] = [places[j]!, places[i]!];
  }
  const long = "x".repeat(3_000_000);
  const many = new Array(150_000).fill(0);
  for (const { path, value } of places.slice(0, count)) {
    setAt(json, path, typeof value === "string" ? long : many);
    try {
      const where = `${what}.${path.join(".")} = ${typeof value === "string" ? "a 3 MB string" : "an array of 150,000 items"}`;
      const r = expectBounded(`${game.name}: ${where}`, () => load(json), code);
      if (!r.error) throw new Error(`${game.name} accepted ${where}`);
      const few = Array.isArray(r.error.details) && r.error.details.length <= 4 && !/more problem/.test(r.error.message);
      if (!PRE_CHECK.test(r.error.message) && !few) throw new Error(`${game.name}: ${where} was refused by the schema, not by a size bound checked first (give that place a max): ${r.error.message.slice(0, 300)}`);
    } finally {
      setAt(json, path, value);
    }
  }
}

/** Each array of `value` (paths), for growing them one at a time. */
function arrayPaths(value: unknown): JsonPath[] {
  return entriesOf(value).filter((e) => Array.isArray(e.value) && (e.value as unknown[]).length > 0).map((e) => e.path);
}

/**
 * Bounded time and size at the trust boundary (issue 6, items 1, 4, 5): absurd states, logs,
 * options, seeds and bot names are refused with a RulesError in bounded time and few words; what
 * the engine makes from odd but allowed options, `loadState` loads back. The places tried are a
 * sample, a quarter of the HARNESS_RUNS=8 counts at the default depth (never fewer than 10 or 20).
 */
export function checkBoundedInput(game: AnyGame, args: { seed: number; botSeed: number; players: number; options?: Record<string, unknown> }): void {
  const options = { ...args.options, players: args.players };
  const rng = seedRng(args.botSeed);
  // How many places of the state and options each check tries (sampled when there are more),
  // written for HARNESS_RUNS=8 and scaled like a suite's games.
  const samples = { grown: scaledCount(40, 10), places: scaledCount(80, 20), optionArrays: scaledCount(30, 8), numbers: scaledCount(40, 10) };
  const { states, actions } = playout(game, args.seed, args.botSeed, args.players, args.options ?? {}, 20_000);
  const s = states[Math.floor(states.length / 2)];
  const json = JSON.parse(JSON.stringify(s));

  // States: each array grown to 20 000 copies, absurd numbers, deep nesting, a huge string.
  const paths = arrayPaths(json);
  for (let i = 0; i < Math.min(paths.length, samples.grown); i++) {
    const path = paths[randomInt(rng, 0, paths.length - 1)]!;
    const big = JSON.parse(JSON.stringify(json));
    const arr = getAt(big, path) as unknown[];
    setAt(big, path, Array.from({ length: 20_000 }, () => arr[0]));
    expectBounded(`loadState with ${path.join(".")} grown to 20000 items`, () => game.loadState(big), "INVALID_STATE");
  }
  let deep: unknown = 1;
  for (let i = 0; i < 10_000; i++) deep = [deep];
  const odd = [1e7, 3e5, 2 ** 32, -1, 1.5, deep, "x".repeat(1_000_000), Array.from({ length: 100_000 }, () => ({ a: [1, 2] }))];
  for (const key of Object.keys(json)) {
    for (const v of odd) {
      const r = expectBounded(`loadState with ${key} = ${Array.isArray(v) ? "a huge array" : typeof v === "string" ? "a huge string" : String(v)}`, () => game.loadState({ ...json, [key]: v }), "INVALID_STATE");
      if (r.value) expect(canonicalJson(r.value)).not.toBe(canonicalJson(json)); // accepted only if it is another valid state
    }
  }
  for (const bad of [null, undefined, 0, "state", [], {}, deep, new Array(1_000_000).fill(0)]) {
    expectBounded("loadState of junk", () => game.loadState(bad), "INVALID_STATE").error ?? fail("loadState accepted junk");
  }
  checkOversizedPlaces(game, json, rng, "state", (v) => game.loadState(v), "INVALID_STATE", samples.places);

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
  checkOversizedPlaces(game, cloneJson(full), rng, "options", (v) => game.initialState(args.seed, v as never), "INVALID_OPTIONS", samples.places);
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
  for (const path of arrayPaths(full).slice(0, samples.optionArrays)) {
    const o = cloneJson(full);
    const arr = getAt(o, path) as unknown[];
    setAt(o, path, Array.from({ length: 100_000 }, () => arr[0]));
    loadsBack(`options.${path.join(".")} grown to 100000 items`, o);
  }
  const numbers = entriesOf(full).filter((e) => typeof e.value === "number" && e.path[0] !== "players");
  for (let i = 0; i < Math.min(numbers.length, samples.numbers); i++) {
    const e = numbers[numbers.length <= samples.numbers ? i : randomInt(rng, 0, numbers.length - 1)]!;
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
  // A string seed is hashed: one longer than INPUT_LIMITS.seedChars is refused, wherever it comes in (issue 30).
  const longest = "s".repeat(INPUT_LIMITS.seedChars);
  expect(game.initialState(longest, options)).toBeDefined();
  for (const seed of [`${longest}s`, "s".repeat(5_000_000)]) {
    const size = `a seed of ${seed.length} characters`;
    const said = new RegExp(`at most ${INPUT_LIMITS.seedChars} characters: the seed is a string of \\d+ characters`);
    expect(expectBounded(`initialState with ${size}`, () => game.initialState(seed, options), "INVALID_OPTIONS").error?.message).toMatch(said);
    expect(expectBounded(`replay of a log with ${size}`, () => replay(game, { ...log, seed }), "INVALID_OPTIONS").error?.message).toMatch(said);
    if (game.determinize) expectBounded(`determinize with ${size}`, () => game.determinize!(s, 0, seed), "INVALID_OPTIONS");
    expectBounded(`simulate with ${size}`, () => simulate(game, { games: 1, players: args.players, options, seed }), "INVALID_OPTIONS");
    for (const name of ["random", "mcts"] as const) expectBounded(`a ${name} bot with ${size}`, () => botFactories[name]!(game, seed), "INVALID_OPTIONS");
  }

  // Seats, and bot names that objects inherit.
  checkSeats(game, s, args.players);
  expectBounded("simulate with 1e9 players", () => simulate(game, { games: 1, players: 1e9 }), "INVALID_OPTIONS");
  for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "nosuch"]) {
    expect(Object.hasOwn(botFactories, name)).toBe(false);
    expectBounded(`simulate with bot ${name}`, () => simulate(game, { games: 1, players: args.players, options, bots: [name] }), "INVALID_OPTIONS");
  }
}
