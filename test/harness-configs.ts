// The `testGame` configurations of the properties tests as data, so that the tests and the trust
// sweep (bench/trust-sweep.ts, `npm run trust-sweep`) read one list: each game keeps its own in
// test/<game>/harness-configs.ts, and an option set added there is both tested and swept.
import type { AnyGame, HarnessOptions } from "./harness/index.js";

/**
 * One `testGame` call: its options exactly as the properties test passes them, and the definition
 * it passes when that is not the game's own (Age of Steam narrows the seats a map allows).
 */
export interface HarnessConfig extends HarnessOptions {
  definition?: (game: AnyGame) => AnyGame;
}

/**
 * A game's `testGame` calls, by the properties test file of test/<game>/ that makes them, in the
 * order it makes them. Keeps the file names literal, so a test reading a list it has none of fails
 * to typecheck.
 */
export function harnessConfigs<File extends string>(byFile: Record<File, HarnessConfig[]>): Record<File, HarnessConfig[]> {
  return byFile;
}
