import type { State } from "./schema.js";

/** Consistency checks beyond field shapes (filled in below). */
export function stateProblems(_s: State): string[] {
  return [];
}
