import * as z from "zod";
import { RulesError } from "./errors.js";
import { checkedStepOf, describeZodError } from "./define.js";
import { freezeJson, markDeeplyFrozen } from "./frozen.js";
import { canonicalJson, cloneJson, stateHash } from "./json.js";
import { INPUT_LIMITS, logSizeProblem, seedLengthProblem } from "./trust.js";
import type { Seed } from "./rng.js";
import type { BaseAction, Game } from "./types.js";

/**
 * A recorded game: everything needed to rebuild every one of its states. Plain JSON.
 *
 * @example
 * ```ts
 * import { replay, type ActionLog } from "@rules/core";
 * import { game, type Action } from "@rules/donkey-valley";
 *
 * const log: ActionLog<Action> = {
 *   game: "donkey-valley",
 *   rulesVersion: game.rulesVersion,
 *   seed: 2024,
 *   options: { players: 3 },
 *   actions: [{ type: "playLoad", player: 0, value: 7 }],
 * };
 * console.log(replay(game, log).round?.plays[0]); // [{ colour: 0, value: 7 }]
 * ```
 */
export interface ActionLog<A extends BaseAction = BaseAction> {
  /** The game's `id`. */
  game: string;
  /** The game's `rulesVersion` when recorded; a replay under another version is refused. */
  rulesVersion: number;
  seed: Seed;
  /** The options as given to `initialState` (defaults need not be spelled out). */
  options: Record<string, unknown>;
  actions: A[];
  /** Optional `stateHash` of the final state, checked by {@link replay} when present. */
  finalHash?: string;
}

/**
 * zod schema of an {@link ActionLog} (actions are checked by the game when replayed).
 *
 * @example
 * ```ts
 * import { ActionLogSchema } from "@rules/core";
 *
 * const stored: unknown = JSON.parse('{"game":"donkey-valley","rulesVersion":1,"seed":7,"options":{},"actions":[]}');
 * console.log(ActionLogSchema.safeParse(stored).success); // true
 * ```
 */
export const ActionLogSchema = z.object({
  game: z.string().min(1).max(100),
  rulesVersion: z.number().int().nonnegative(),
  seed: z.union([z.number().int(), z.string()]),
  options: z.record(z.string(), z.unknown()),
  actions: z.array(z.object({ type: z.string().max(100), player: z.number().int() }).loose()).max(INPUT_LIMITS.logActions),
  finalHash: z.string().max(64).optional(),
});

/**
 * `log` checked against {@link ActionLogSchema} and the game: `INVALID_STATE` for anything that is
 * not a log of this game under this rules version (in bounded time, with a short message).
 */
function checkLog(game: Game, input: unknown): ActionLog {
  // A seed too long to hash is refused as initialState refuses it, before the log is measured.
  let tooLong: string | undefined;
  try {
    tooLong = typeof input === "object" && input !== null ? seedLengthProblem((input as { seed?: unknown }).seed) : undefined;
  } catch {
    tooLong = undefined; // unreadable: logSizeProblem says so
  }
  if (tooLong) throw new RulesError("INVALID_OPTIONS", `The log's seed must be a safe integer or a string of at most ${INPUT_LIMITS.seedChars} characters: ${tooLong}.`);
  const tooBig = logSizeProblem(input);
  if (tooBig) throw new RulesError("INVALID_STATE", `Not an action log: ${tooBig}.`);
  const parsed = ActionLogSchema.safeParse(input);
  if (!parsed.success) {
    throw new RulesError("INVALID_STATE", `Not an action log: ${describeZodError(parsed.error)}`, parsed.error.issues.slice(0, 20));
  }
  // The options as given, not as the record schema copied them (it drops an own "__proto__" key,
  // which initialState refuses): replay refuses what initialState refuses.
  const log = { ...parsed.data, options: (input as { options: Record<string, unknown> }).options } as ActionLog;
  if (log.game !== game.id) {
    throw new RulesError("INVALID_STATE", `This log is a game of "${log.game}", not of "${game.id}".`);
  }
  if (log.rulesVersion !== game.rulesVersion) {
    throw new RulesError(
      "INVALID_STATE",
      `This log was recorded under rules version ${log.rulesVersion} of ${game.name}; this engine is version ${game.rulesVersion}, so it would not replay the same game.`,
    );
  }
  return log;
}

/**
 * Every state of a recorded game, from the initial state to the final one (`actions.length + 1`
 * states). Each action goes through the checked `apply`, so a corrupt log fails with the
 * `RulesError` of its first bad action, numbered from 1 as a printed log numbers them
 * ("Action 2 of the log: ..." is `actions[1]`).
 *
 * @example
 * ```ts
 * import { newLog, replayStates } from "@rules/core";
 * import { game, type Action } from "@rules/donkey-valley";
 *
 * const log = newLog(game, 2024, { players: 3 });
 * const plays: Action[] = [{ type: "playLoad", player: 0, value: 7 }, { type: "playLoad", player: 1, value: 3 }];
 * log.actions.push(...plays);
 * console.log(replayStates(game, log).length); // 3: the initial state and one per action
 * ```
 */
export function replayStates<S>(game: Game<S & { rng: any }>, input: ActionLog): S[] {
  const log = checkLog(game, input);
  let state = game.initialState(log.seed, log.options as never);
  const states: S[] = [state];
  log.actions.forEach((action, i) => {
    try {
      state = game.apply(state, action);
    } catch (e) {
      if (e instanceof RulesError) throw new RulesError(e.code, `Action ${i + 1} of the log: ${e.message}`, e.details);
      throw e;
    }
    states.push(state);
  });
  return states;
}

/**
 * The final state of a recorded game; checks `finalHash` when the log has one (`INVALID_STATE` if it differs).
 * Every action is checked as `apply` checks it, on one copy of the game that only the final state
 * is copied from: for a long log several times faster than {@link replayStates} (SteamRollers,
 * 637 actions: about 8×), which keeps every state.
 *
 * @example
 * ```ts
 * import { newLog, replay, stateHash } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const log = newLog(game, 7, { players: 3 });
 * let state = game.initialState(7, { players: 3 });
 * for (let i = 0; i < 5; i++) {
 *   const action = game.legalActions(state)[0]!;
 *   state = game.apply(state, action);
 *   log.actions.push(action);
 * }
 * console.log(stateHash(replay(game, log)) === stateHash(state)); // true
 * ```
 */
export function replay<S>(game: Game<S & { rng: any }>, input: ActionLog): S {
  const log = checkLog(game, input);
  const [final] = lastStates(game, log, 1);
  if (log.finalHash !== undefined && stateHash(final) !== log.finalHash) {
    throw new RulesError(
      "INVALID_STATE",
      `Replaying the log gives state ${stateHash(final)}, but the log recorded ${log.finalHash}: the engine no longer plays this game the same way.`,
    );
  }
  return final!;
}

/**
 * The last `count` states of a checked log's game (fewer when it has fewer), oldest first, each
 * deeply frozen. Each action is checked as `apply` checks it and fails as `replayStates` does; a
 * game from `defineGame` plays them on one copy it owns, copying only the states it returns.
 */
function lastStates<S>(game: Game<S & { rng: any }>, log: ActionLog, count: number): S[] {
  const step = checkedStepOf(game);
  if (!step) return replayStates(game, log).slice(-count);
  const own = cloneJson(game.initialState(log.seed, log.options as never));
  const out: S[] = [];
  const n = log.actions.length;
  const keep = (): void => void out.push(markDeeplyFrozen(freezeJson(cloneJson(own))));
  if (n < count) keep();
  log.actions.forEach((action, i) => {
    try {
      step(own, action);
    } catch (e) {
      if (e instanceof RulesError) throw new RulesError(e.code, `Action ${i + 1} of the log: ${e.message}`, e.details);
      throw e;
    }
    if (i + 1 > n - count) keep();
  });
  return out;
}

/**
 * Start an empty action log for a new game; push each applied action to `actions`.
 *
 * @example
 * ```ts
 * import { newLog } from "@rules/core";
 * import { game } from "@rules/donkey-valley";
 *
 * const log = newLog(game, "evening game", { players: 5 });
 * console.log(JSON.stringify(log)); // {"game":"donkey-valley","rulesVersion":1,"seed":"evening game","options":{"players":5},"actions":[]}
 * ```
 */
export function newLog(game: Game, seed: Seed, options: Record<string, unknown> = {}): ActionLog {
  return { game: game.id, rulesVersion: game.rulesVersion, seed, options, actions: [] };
}

/**
 * Why the last action of a log may not be taken back, or `undefined` when it may. Undo is refused
 * over an action that drew on the RNG (the draw would be known) or that revealed hidden
 * information to anyone (the game marks those through `revealsInformation`).
 *
 * @example
 * ```ts
 * import { newLog, undoBlocker } from "@rules/core";
 * import { game, type Action } from "@rules/donkey-valley";
 *
 * const log = newLog(game, 2024, { players: 3 });
 * console.log(undoBlocker(game, log)); // "There is nothing to undo."
 * const play: Action = { type: "playLoad", player: 0, value: 7 };
 * log.actions.push(play);
 * console.log(undoBlocker(game, log)); // undefined: a card played face down may be taken back
 * ```
 */
export function undoBlocker(game: Game, input: ActionLog): string | undefined {
  const log = checkLog(game, input);
  if (log.actions.length === 0) return "There is nothing to undo.";
  const [before, after] = lastStates(game, log, 2) as [any, any];
  const last = log.actions[log.actions.length - 1]!;
  if (canonicalJson(before.rng) !== canonicalJson(after.rng)) {
    return `"${game.describeAction(before, last)}" drew on chance, so it cannot be taken back.`;
  }
  if (game.revealsInformation?.(before, last)) {
    return `"${game.describeAction(before, last)}" revealed hidden information, so it cannot be taken back.`;
  }
  return undefined;
}

/**
 * The log without its last action (undo by replay). Throws `ILLEGAL_ACTION` when
 * {@link undoBlocker} forbids it. The given log is not changed.
 *
 * @example
 * ```ts
 * import { newLog, undo } from "@rules/core";
 * import { game, type Action } from "@rules/donkey-valley";
 *
 * const log = newLog(game, 2024, { players: 3 });
 * const play: Action = { type: "playLoad", player: 0, value: 7 };
 * log.actions.push(play);
 * console.log(undo(game, log).actions.length, log.actions.length); // 0 1
 * ```
 */
export function undo<A extends BaseAction>(game: Game, input: ActionLog<A>): ActionLog<A> {
  const log = checkLog(game, input) as ActionLog<A>;
  const why = undoBlocker(game, log);
  if (why !== undefined) throw new RulesError("ILLEGAL_ACTION", `Cannot undo: ${why}`);
  const { finalHash: _drop, ...rest } = log;
  return { ...rest, actions: log.actions.slice(0, -1) };
}
