import { COMPONENT_LIMITS } from "./data.js";
import type { Card, Round, Step } from "./schema.js";

// Small records the recipe replaces but never edits, shared and frozen: a card, a queue entry.
//
// Cards are shared, frozen records, one per colour and value: the recipe replaces cards and never
// edits one, so playing a card allocates nothing, and copies of a state (cloneState, determinize)
// share every card instead of copying it. The table is dense (a sparse array would fall back to
// slow dictionary lookups) and sized by COMPONENT_LIMITS.

const VALUES = COMPONENT_LIMITS.loadValue + 1;
const CARDS: (Card | null)[] = [];
for (let i = 0; i < COMPONENT_LIMITS.colours * VALUES; i++) CARDS.push(null);

/** The shared card of `colour` and `value` (a fresh frozen one outside the component limits). */
export function card(colour: number, value: number): Card {
  if (!(colour >= 0 && colour < COMPONENT_LIMITS.colours && value >= 0 && value < VALUES)) return Object.freeze({ colour, value });
  const k = colour * VALUES + value;
  return CARDS[k] ?? (CARDS[k] = Object.freeze({ colour, value }));
}

/** A queue entry: `seat` waits to take `step`. */
export type QueueEntry = Round["queue"][number];

// Queue entries likewise, one per step and seat, so the automatic steps of a round allocate none.
const STEPS: readonly Step[] = ["favor", "call", "swap", "adjust", "exchange", "pick"];
const SEATS = 8;
const ENTRIES: (QueueEntry | null)[] = [];
for (let i = 0; i < STEPS.length * SEATS; i++) ENTRIES.push(null);

/** The shared queue entry of `seat` for `step` (a fresh frozen one outside the table). */
export function queueEntry(seat: number, step: Step): QueueEntry {
  const k = STEPS.indexOf(step) * SEATS + seat;
  if (!(seat >= 0 && seat < SEATS && k >= 0)) return Object.freeze({ seat, step });
  return ENTRIES[k] ?? (ENTRIES[k] = Object.freeze({ seat, step }));
}
