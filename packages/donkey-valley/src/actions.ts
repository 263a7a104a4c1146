import type { Action } from "./schema.js";

// legalActions hands out shared, frozen action objects, one per distinct action, made the first
// time they are listed: a playout then allocates only the list itself. Actions are plain records
// that nothing edits (the recipe reads them), so sharing them is safe; a caller who wants its own
// copy spreads it.

type Of<T extends Action["type"]> = Extract<Action, { type: T }>;

// Keys fit the schema's bounds: seats 0..6, slots 0..1 (at most two cards on a donkey), values 1..99.
const SEATS = 8;
const SLOTS = 2;
const VALUES = 100;

/** A dense table of `size` empty slots (a sparse array would fall back to slow dictionary lookups). */
function table<T>(size: number): (T | null)[] {
  const t: (T | null)[] = [];
  for (let i = 0; i < size; i++) t.push(null);
  return t;
}

const playLoads = table<Of<"playLoad">>(SEATS * VALUES);
const useFavors = table<Of<"useFavor">>(SEATS * VALUES);
const passes = table<Of<"pass">>(SEATS);
const peeks = table<Of<"peek">>(SEATS * SEATS * SLOTS);
const calls = table<Of<"call">>(SEATS * 2);
const swapLoads = table<Of<"swapLoad">>(SEATS * SLOTS * VALUES);
const adjusts = table<Of<"adjustCapacity">>(SEATS * 2);
const exchanges = table<Of<"exchangeLoad">>(SEATS * SLOTS * SEATS * SLOTS);
const picks = table<Of<"pickLoad">>(SEATS * SEATS * SLOTS);

export function playLoad(player: number, value: number): Of<"playLoad"> {
  const k = player * VALUES + value;
  return playLoads[k] ?? (playLoads[k] = Object.freeze({ type: "playLoad", player, value }) as Of<"playLoad">);
}

export function useFavor(player: number, value: number): Of<"useFavor"> {
  const k = player * VALUES + value;
  return useFavors[k] ?? (useFavors[k] = Object.freeze({ type: "useFavor", player, value }) as Of<"useFavor">);
}

export function pass(player: number): Of<"pass"> {
  return passes[player] ?? (passes[player] = Object.freeze({ type: "pass", player }) as Of<"pass">);
}

export function peek(player: number, seat: number, slot: number): Of<"peek"> {
  const k = (player * SEATS + seat) * SLOTS + slot;
  return peeks[k] ?? (peeks[k] = Object.freeze({ type: "peek", player, seat, slot }) as Of<"peek">);
}

export function call(player: number, verdict: "approve" | "deny"): Of<"call"> {
  const k = player * 2 + (verdict === "approve" ? 0 : 1);
  return calls[k] ?? (calls[k] = Object.freeze({ type: "call", player, verdict }) as Of<"call">);
}

export function swapLoad(player: number, slot: number, value: number): Of<"swapLoad"> {
  const k = (player * SLOTS + slot) * VALUES + value;
  return swapLoads[k] ?? (swapLoads[k] = Object.freeze({ type: "swapLoad", player, slot, value }) as Of<"swapLoad">);
}

export function adjustCapacity(player: number, direction: "increase" | "decrease"): Of<"adjustCapacity"> {
  const k = player * 2 + (direction === "increase" ? 0 : 1);
  return adjusts[k] ?? (adjusts[k] = Object.freeze({ type: "adjustCapacity", player, direction }) as Of<"adjustCapacity">);
}

export function exchangeLoad(player: number, slot: number, seat: number, targetSlot: number): Of<"exchangeLoad"> {
  const k = ((player * SLOTS + slot) * SEATS + seat) * SLOTS + targetSlot;
  return exchanges[k] ?? (exchanges[k] = Object.freeze({ type: "exchangeLoad", player, slot, seat, targetSlot }) as Of<"exchangeLoad">);
}

export function pickLoad(player: number, seat: number, slot: number): Of<"pickLoad"> {
  const k = (player * SEATS + seat) * SLOTS + slot;
  return picks[k] ?? (picks[k] = Object.freeze({ type: "pickLoad", player, seat, slot }) as Of<"pickLoad">);
}
