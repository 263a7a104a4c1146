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

const playLoads: Of<"playLoad">[] = [];
const useFavors: Of<"useFavor">[] = [];
const passes: Of<"pass">[] = [];
const peeks: Of<"peek">[] = [];
const calls: Of<"call">[] = [];
const swapLoads: Of<"swapLoad">[] = [];
const adjusts: Of<"adjustCapacity">[] = [];
const exchanges: Of<"exchangeLoad">[] = [];
const picks: Of<"pickLoad">[] = [];

export function playLoad(player: number, value: number): Of<"playLoad"> {
  const k = player * VALUES + value;
  return ({ type: "playLoad", player, value } as Of<"playLoad">);
}

export function useFavor(player: number, value: number): Of<"useFavor"> {
  const k = player * VALUES + value;
  return ({ type: "useFavor", player, value } as Of<"useFavor">);
}

export function pass(player: number): Of<"pass"> {
  return ({ type: "pass", player } as Of<"pass">);
}

export function peek(player: number, seat: number, slot: number): Of<"peek"> {
  const k = (player * SEATS + seat) * SLOTS + slot;
  return ({ type: "peek", player, seat, slot } as Of<"peek">);
}

export function call(player: number, verdict: "approve" | "deny"): Of<"call"> {
  const k = player * 2 + (verdict === "approve" ? 0 : 1);
  return ({ type: "call", player, verdict } as Of<"call">);
}

export function swapLoad(player: number, slot: number, value: number): Of<"swapLoad"> {
  const k = (player * SLOTS + slot) * VALUES + value;
  return ({ type: "swapLoad", player, slot, value } as Of<"swapLoad">);
}

export function adjustCapacity(player: number, direction: "increase" | "decrease"): Of<"adjustCapacity"> {
  const k = player * 2 + (direction === "increase" ? 0 : 1);
  return ({ type: "adjustCapacity", player, direction } as Of<"adjustCapacity">);
}

export function exchangeLoad(player: number, slot: number, seat: number, targetSlot: number): Of<"exchangeLoad"> {
  const k = ((player * SLOTS + slot) * SEATS + seat) * SLOTS + targetSlot;
  return ({ type: "exchangeLoad", player, slot, seat, targetSlot } as Of<"exchangeLoad">);
}

export function pickLoad(player: number, seat: number, slot: number): Of<"pickLoad"> {
  const k = (player * SEATS + seat) * SLOTS + slot;
  return ({ type: "pickLoad", player, seat, slot } as Of<"pickLoad">);
}
