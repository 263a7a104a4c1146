import type { BaseAction, Game, PlayerId } from "@rules/core";
import { vectorFormat, vectors, type VectorFormat } from "./serve-vectors.js";

// `rules serve`'s requests for learning loops that run many games at once (docs/serve.md,
// "Many sessions in one request"): `step` (decode an action index, apply it, encode what follows),
// `reset` (a new game in an open session), and `step_many` and `batch`, which answer many of those
// (or of the single requests) in one reply. Each entry is checked and refused exactly as the same
// request alone would be; a refused entry changes nothing and the others go on.

/** At most this many entries in one `batch` or `step_many` request. */
export const MAX_BATCH = 256;

/** What serve.ts lends this file: its sessions, and the answer to one single request. */
export interface BatchContext {
  /** The open session the request names (throws `UNKNOWN_SESSION` as every request does). */
  session(req: Record<string, unknown>): { game: Game; state: unknown };
  /** The reply to one single request, a refusal included (never throws). */
  answer(req: Record<string, unknown>): EntryReply;
  /** Throw the refusal `code` with `message` (serve's own codes). */
  fail(code: "BAD_REQUEST" | "NOT_SUPPORTED", message: string): never;
}

/** One entry's reply in a `batch` or `step_many`: the single request's reply without its `id`. */
export type EntryReply = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };

/** The commands this file answers. */
export const BATCH_COMMANDS = ["step", "reset", "step_many", "batch"] as const;

/** Entries a `batch` may not hold: batches themselves, and `bot`, whose cost is bounded per request. */
const NOT_IN_BATCH = new Set(["batch", "step_many", "bot"]);

/**
 * Rewards from an outcome's ranks (1 = best): +1 for first, -1 for last, linear in between, tied
 * seats alike; alone at the table +1 for a win (rank 1), -1 for a loss. The Python package's
 * `rank_rewards` is the same function.
 */
export function rankRewards(ranks: readonly number[]): number[] {
  const n = ranks.length;
  if (n === 1) return [ranks[0] === 1 ? 1 : -1];
  return ranks.map((r) => 1 - (2 * (r - 1)) / (n - 1));
}

type Req = Record<string, unknown>;

/** Answer `step`, `reset`, `step_many` or `batch` (the caller routes only those here). */
export function batchCommand(req: Req, ctx: BatchContext): unknown {
  switch (req["cmd"]) {
    case "step":
      return step(req, ctx);
    case "reset":
      return reset(req, ctx);
    case "step_many":
      // The batch's `format` and `reward` hold for every entry that has none of its own.
      return { results: entries(req, "steps", ctx).map((e) => (e ? ctx.answer({ format: req["format"], reward: req["reward"], ...e, cmd: "step" }) : refused("a step must be an object { session, index, ... }"))) };
    default:
      return {
        results: entries(req, "requests", ctx).map((e) => {
          if (!e) return refused("a batch entry must be a request object { cmd, ... }");
          if (NOT_IN_BATCH.has(String(e["cmd"]))) return refused(`a batch entry may not be ${JSON.stringify(e["cmd"])} (nor batch, step_many or bot)`);
          return ctx.answer(e);
        }),
      };
  }
}

const refused = (message: string): EntryReply => ({ ok: false, error: { code: "BAD_REQUEST", message } });

/** The request's list under `key`: each entry an object, or undefined for one that is not. */
function entries(req: Req, key: string, ctx: BatchContext): Array<Req | undefined> {
  const list = req[key];
  if (!Array.isArray(list)) ctx.fail("BAD_REQUEST", `"${key}" must be an array of requests`);
  if (list.length > MAX_BATCH) ctx.fail("BAD_REQUEST", `"${key}" holds ${list.length} entries; at most ${MAX_BATCH} in one request`);
  return list.map((e) => (typeof e === "object" && e !== null && !Array.isArray(e) ? (e as Req) : undefined));
}

function encodingOf(game: Game, ctx: BatchContext) {
  return game.encoding ?? ctx.fail("NOT_SUPPORTED", `${game.name} has no numeric encoding`);
}

function formatOf(req: Req, ctx: BatchContext): VectorFormat {
  return vectorFormat(req["format"]) ?? ctx.fail("BAD_REQUEST", `"format" must be "json", "base64" or "sparse" (or left out)`);
}

/** An optional non-negative safe integer argument (`choose`), 0 when absent. */
function natural(req: Req, key: string, ctx: BatchContext): number {
  const v = req[key];
  if (v === undefined) return 0;
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return v;
  return ctx.fail("BAD_REQUEST", `"${key}" must be a non-negative integer (or left out)`);
}

/** An optional seat argument: a safe integer, or undefined when absent. */
function seatArg(req: Req, key: string, ctx: BatchContext): number | undefined {
  const v = req[key];
  if (v === undefined) return undefined;
  if (typeof v === "number" && Number.isSafeInteger(v)) return v;
  return ctx.fail("BAD_REQUEST", `"${key}" must be a seat number (or left out)`);
}

/** The rewards a `step` or `reset` reply carries: `"outcome"` (the default) or `"score"`. */
export type RewardKind = "outcome" | "score";

/**
 * The request's `reward`: `"outcome"` (left out too), or `"score"` for a game with a `scores` hook.
 * Checked before the move, so a bad one refuses the step unplayed.
 */
function rewardOf(req: Req, game: Game, ctx: BatchContext): RewardKind {
  const v = req["reward"];
  if (v === undefined || v === "outcome") return "outcome";
  if (v !== "score") return ctx.fail("BAD_REQUEST", `"reward" must be "outcome" or "score" (or left out), not ${JSON.stringify(v)}`);
  if (!game.scores) ctx.fail("NOT_SUPPORTED", `${game.name} has no score to reward ("reward": "score")`);
  return "score";
}

/**
 * What a learner needs after a move: whether the game is over, who acts, the observation and mask
 * of one seat (`observe` if given; else the acting seat `choose` picks: `activePlayers[choose mod
 * n]`; once over, `fallback`), every seat's reward (0 until the end, then {@link rankRewards}) and
 * the outcome (null until the end). With `before` (the seats' scores before the move, for
 * `"reward": "score"`), the rewards are each seat's score change instead, and `scores` the scores now.
 */
function observed(game: Game, state: unknown, req: Req, fallback: PlayerId, ctx: BatchContext, before?: readonly number[]) {
  const e = encodingOf(game, ctx);
  const format = formatOf(req, ctx);
  const choose = natural(req, "choose", ctx);
  const asked = seatArg(req, "observe", ctx);
  const terminal = game.isTerminal(state);
  const activePlayers = game.activePlayers(state);
  const player = asked ?? (activePlayers.length > 0 ? activePlayers[choose % activePlayers.length]! : fallback);
  const outcome = terminal ? (game.outcome(state) ?? null) : null;
  const seats = (state as { players?: unknown }).players;
  const scores = before && game.scores!(state);
  return {
    terminal,
    activePlayers,
    player,
    ...vectors(e.encodeObservation(state, player), e.legalActionMask(state, player), format),
    rewards: scores ? scores.map((v, p) => v - before[p]!) : outcome ? rankRewards(outcome.ranks) : new Array<number>(typeof seats === "number" && Number.isSafeInteger(seats) && seats > 0 ? seats : 0).fill(0),
    outcome,
    ...(scores ? { scores } : {}),
  };
}

/**
 * `step`: play action `index` of `player` (default: the one seat that may act) and answer as
 * {@link observed}. Refusals as `decode` and `apply` give them; a refused step changes nothing.
 */
function step(req: Req, ctx: BatchContext) {
  const s = ctx.session(req);
  const e = encodingOf(s.game, ctx);
  let player = seatArg(req, "player", ctx);
  const index = req["index"];
  if (typeof index !== "number") ctx.fail("BAD_REQUEST", `"index" must be an action index (a number)`);
  if (player === undefined) {
    const active = s.game.activePlayers(s.state);
    if (active.length > 1) ctx.fail("BAD_REQUEST", `seats ${active.join(", ")} may act: say which in "player"`);
    player = active[0] ?? 0;
  }
  // Arguments of the reply are checked before the move, so a bad one refuses the step unplayed.
  formatOf(req, ctx);
  natural(req, "choose", ctx);
  seatArg(req, "observe", ctx);
  const before = rewardOf(req, s.game, ctx) === "score" ? s.game.scores!(s.state) : undefined;
  const action = e.decodeAction(s.state, player, index) as BaseAction;
  const next = s.game.apply(s.state, action);
  const reply = observed(s.game, next, req, player, ctx, before);
  s.state = next;
  return reply;
}

/**
 * `reset`: a new game of the session's game from `seed` (default 1) and `options`, as `new` starts
 * one, answered as {@link observed} (with `"reward": "score"`, rewards 0 and the starting scores).
 */
function reset(req: Req, ctx: BatchContext) {
  const s = ctx.session(req);
  const score = rewardOf(req, s.game, ctx) === "score";
  const state = s.game.initialState((req["seed"] ?? 1) as never, (req["options"] ?? {}) as never);
  const reply = observed(s.game, state, req, 0, ctx, score ? s.game.scores!(state) : undefined);
  s.state = state;
  return reply;
}
