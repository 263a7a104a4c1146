import { produce } from "immer";
import * as z from "zod";
import { RulesError } from "./errors.js";
import { canonicalJson, cloneJson } from "./json.js";
import type { Seed } from "./rng.js";
import type { BaseAction, BaseOptions, BaseState, Game, GameDefinition } from "./types.js";

/** Format zod issues as one readable line each ("players: Too big: expected number to be <=7"). */
export function describeZodError(error: z.ZodError): string {
  return z.prettifyError(error).replace(/\n\s*→ at /g, " (at ").replace(/✖ /g, "").replace(/\(at ([^\n]*)/g, "(at $1)");
}

function checkSeed(seed: unknown): Seed {
  if (typeof seed === "string") return seed;
  if (typeof seed === "number" && Number.isSafeInteger(seed)) return seed;
  throw new RulesError("INVALID_OPTIONS", `The seed must be a safe integer or a string, got ${String(seed)}.`);
}

/**
 * Build a {@link Game} from a game's definition. This is where the contract of every game lives
 * once: option and action parsing, the order of checks (malformed, game over, not your turn,
 * illegal), purity through immer, and the fast paths that run the same recipe without checks.
 */
export function defineGame<S extends BaseState, A extends BaseAction, O extends BaseOptions, V>(
  def: GameDefinition<S, A, O, V>,
): Game<S, A, O, V> {
  const parseOptions = (input: unknown): O => {
    if (input !== undefined && (typeof input !== "object" || input === null || Array.isArray(input))) {
      throw new RulesError("INVALID_OPTIONS", `Options must be an object such as { players: ${def.minPlayers} }.`);
    }
    const players = (input as { players?: unknown } | undefined)?.players;
    if (typeof players === "number" && !(Number.isInteger(players) && players >= def.minPlayers && players <= def.maxPlayers)) {
      throw new RulesError("INVALID_OPTIONS", `${def.name} is for ${def.minPlayers} to ${def.maxPlayers} players, not ${players}.`);
    }
    const r = def.schemas.options.safeParse(input ?? {});
    if (!r.success) {
      throw new RulesError("INVALID_OPTIONS", `Invalid options for ${def.name}: ${describeZodError(r.error)}`, r.error.issues);
    }
    const o = r.data;
    if (!Number.isInteger(o.players) || o.players < def.minPlayers || o.players > def.maxPlayers) {
      throw new RulesError(
        "INVALID_OPTIONS",
        `${def.name} is for ${def.minPlayers} to ${def.maxPlayers} players, not ${o.players}.`,
      );
    }
    return o;
  };

  const parseAction = (action: unknown): A => {
    const r = def.schemas.action.safeParse(action);
    if (!r.success) {
      throw new RulesError("INVALID_ACTION", `Not a ${def.name} action: ${describeZodError(r.error)}`, r.error.issues);
    }
    return r.data;
  };

  /** Throws the right RulesError unless `action` (already parsed) is legal in `state`. */
  const check = (state: S, action: A): void => {
    if (def.isTerminal(state)) throw new RulesError("GAME_OVER", "The game is over: no more actions can be taken.", action);
    const active = def.activePlayers(state);
    if (!active.includes(action.player)) {
      const who = active.length === 1 ? `seat ${active[0]}` : `seats ${active.join(", ")}`;
      throw new RulesError("NOT_YOUR_TURN", `Seat ${action.player} cannot act now: waiting for ${who}.`, action);
    }
    const key = canonicalJson(action);
    const legal = def.legalActions(state, action.player);
    for (const a of legal) if (a.type === action.type && canonicalJson(a) === key) return;
    const why = def.explainIllegal?.(state, action);
    throw new RulesError(
      "ILLEGAL_ACTION",
      why ?? `Seat ${action.player} cannot ${action.type} like that now (${key} is not among the ${legal.length} legal actions).`,
      action,
    );
  };

  const game: Game<S, A, O, V> = {
    id: def.id,
    name: def.name,
    minPlayers: def.minPlayers,
    maxPlayers: def.maxPlayers,
    rulesVersion: def.rulesVersion,
    schemas: def.schemas,
    initialState(seed, options) {
      return def.setup(checkSeed(seed), parseOptions(options));
    },
    legalActions: (state, player) => def.legalActions(state, player),
    activePlayers: (state) => def.activePlayers(state),
    apply(state, action) {
      const a = parseAction(action);
      check(state, a);
      return produce(state, (draft) => {
        def.reduce(draft as S, a);
      });
    },
    applyUnchecked(state, action) {
      const next = cloneJson(state);
      def.reduce(next, action);
      return next;
    },
    applyInPlace(state, action) {
      def.reduce(state, action);
    },
    playerView: (state, viewer) => def.playerView(state, viewer),
    isTerminal: (state) => def.isTerminal(state),
    outcome: (state) => def.outcome(state),
    describeAction: (state, action) => def.describeAction(state, action),
    loadState(json) {
      const r = def.schemas.state.safeParse(json);
      if (!r.success) {
        throw new RulesError("INVALID_STATE", `Not a valid ${def.name} state: ${describeZodError(r.error)}`, r.error.issues);
      }
      const problems = def.stateProblems?.(r.data) ?? [];
      if (problems.length > 0) {
        const shown = problems.slice(0, 5).join("; ");
        const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : "";
        throw new RulesError("INVALID_STATE", `Not a consistent ${def.name} state: ${shown}${more}.`, problems);
      }
      return r.data;
    },
  };
  if (def.determinize) game.determinize = def.determinize;
  if (def.revealsInformation) game.revealsInformation = def.revealsInformation;
  if (def.describeEvents) game.describeEvents = def.describeEvents;
  return game;
}
