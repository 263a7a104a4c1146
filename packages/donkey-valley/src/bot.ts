// Donkey Valley's heuristic bot: it plays each choice out to the end of the round in worlds it
// cannot tell from the real one, and keeps the choice that won it most against the table.
import { deriveSeed, randomInt, seedRng, type Bot, type PlayerId, type RngState, type Seed } from "@rules/core";
import { reduce as applyInPlace } from "./apply.js";
import { cloneState } from "./clone.js";
import { firstActivePlayer, legalActions } from "./legal.js";
import { isOverloaded } from "./rules.js";
import type { Action, State } from "./schema.js";
import { points } from "./score.js";
import { determinize } from "./view.js";

/**
 * Options of {@link haulerBot}.
 *
 * @example
 * ```ts
 * import { haulerBot, type HaulerOptions } from "@rules/donkey-valley";
 *
 * const quick: HaulerOptions = { samples: 1 }; // one imagined world per choice: the playouts of mcts+hauler
 * console.log(haulerBot(1, quick).name); // "hauler"
 * ```
 */
export interface HaulerOptions {
  /** Worlds sampled per choice (default 12): more is steadier and slower. */
  samples?: number;
}

/**
 * What a favor card given up now costs, in points, per point of its value: a card spent on a favor
 * is a load the seat will not score later (a guess, not a rule).
 *
 * @example
 * ```ts
 * import { FAVOR_COST } from "@rules/donkey-valley";
 *
 * console.log(FAVOR_COST * 10); // 5: what giving up the 10 for its favor costs the hauler, in points
 * ```
 */
export const FAVOR_COST = 0.5;

/**
 * Donkey Valley's heuristic bot ("hauler"). In a player's words: it counts what each choice wins
 * this round against the rest of the table. For each choice it imagines the cards it cannot see
 * (`determinize`: other hands, face-down loads not looked at), plays the round to its end with the
 * other seats choosing at random and itself calling right in that imagined world (it approves a
 * donkey that carries the load and denies one that does not), and scores the points it won less
 * the mean the others won. So it plays a high card when the donkey is likely to carry it, a high
 * card to overload a small donkey it means to deny, calls with the odds its own card and the
 * cards it looked at give, and saves its favors unless one pays more than the load card it costs
 * ({@link FAVOR_COST}). Deterministic from its own seed; it never reads a hidden card.
 *
 * @example
 * ```ts
 * import { haulerBot, initialState, legalActions } from "@rules/donkey-valley";
 *
 * const bot = haulerBot(7);
 * const s = initialState(1, { players: 3 });
 * console.log(bot.act(s, 0, legalActions(s, 0))); // the load card it plays face down
 * ```
 */
export function haulerBot(seed: Seed = 0, options: HaulerOptions = {}): Bot<State, Action> {
  const rng = seedRng(seed);
  const samples = options.samples ?? 12;
  return {
    name: "hauler",
    act(state, player, legal) {
      if (legal.length === 1) return legal[0]!;
      const worlds: State[] = [];
      for (let k = 0; k < samples; k++) worlds.push(determinize(state, player, deriveSeed(rng)));
      let best: Action[] = [];
      let bestValue = -Infinity;
      for (const a of legal) {
        let sum = 0;
        for (const w of worlds) sum += roundGain(w, player, a, rng);
        const v = sum / samples - (a.type === "useFavor" ? FAVOR_COST * a.value : 0);
        if (v > bestValue + 1e-9) {
          bestValue = v;
          best = [a];
        } else if (v >= bestValue - 1e-9) best.push(a);
      }
      return best.length === 1 ? best[0]! : best[randomInt(rng, 0, best.length - 1)]!;
    },
  };
}

/** The points `player` gains by the end of the round after `action` in `world`, less the mean the others gain. */
function roundGain(world: State, player: PlayerId, action: Action, rng: RngState): number {
  const s = cloneState(world);
  const before = s.scorePiles.map((_, p) => points(s, p));
  const roundNumber = s.roundNumber;
  applyInPlace(s, action);
  while (s.round !== null && s.roundNumber === roundNumber) {
    const p = firstActivePlayer(s)!;
    const legal = legalActions(s, p);
    applyInPlace(s, p === player ? ownChoice(s, legal) : legal[randomInt(rng, 0, legal.length - 1)]!);
  }
  let others = 0;
  for (let p = 0; p < s.players; p++) if (p !== player) others += points(s, p) - before[p]!;
  return points(s, player) - before[player]! - others / (s.players - 1);
}

/** The bot's own later choices in a rollout: the right call in this world, no favor, the first of the rest. */
function ownChoice(s: State, legal: readonly Action[]): Action {
  const r = s.round!;
  if (r.stage === "call") {
    const verdict = isOverloaded(r.effect, r.limit, r.plays) ? "deny" : "approve";
    return legal.find((a) => a.type === "call" && a.verdict === verdict) ?? legal[0]!;
  }
  return legal.find((a) => a.type === "pass") ?? legal[0]!;
}
