// How much work the harness does, set by HARNESS_RUNS (CONTRIBUTING.md, "How deep the tests go").
// Two knobs follow from it: how many random games a suite plays (`scaledRuns`), and on which states
// of a game the costly per-state checks run (`checkStride`, `sampledStep`). Work is sized by count,
// never by time.

/**
 * The depth every suite's count is written for: a suite with `runs: n` plays n random games per
 * player count at HARNESS_RUNS=8, and the harness's own default is 8 games. From this depth on,
 * every check runs on every state it names.
 */
export const HARNESS_REFERENCE_RUNS = 8;

/** HARNESS_RUNS when it is not set, the README's `npm test`: a quarter of every written count. */
export const DEFAULT_HARNESS_RUNS = 2;

/** This run's HARNESS_RUNS (a positive number; the default when unset or not one). */
export function harnessDepth(): number {
  const runs = Number(process.env["HARNESS_RUNS"] ?? DEFAULT_HARNESS_RUNS);
  return Number.isFinite(runs) && runs > 0 ? runs : DEFAULT_HARNESS_RUNS;
}

/**
 * Whether this is a deep run (HARNESS_RUNS=8 or more, `npm run test:deep`): every written count,
 * every state fully checked, and the properties whose cost is mostly fixed on every configuration
 * rather than once per game and map.
 */
export function deepRun(): boolean {
  return harnessDepth() >= HARNESS_REFERENCE_RUNS;
}

/**
 * A suite's count of random games, written as `n` at HARNESS_RUNS=8 ({@link HARNESS_REFERENCE_RUNS}),
 * scaled to this run's depth: HARNESS_RUNS=16 plays twice the written count in every suite,
 * the default (2) a quarter of it; never fewer than one.
 */
export function scaledRuns(n: number): number {
  return Math.max(1, Math.round((n * harnessDepth()) / HARNESS_REFERENCE_RUNS));
}

/**
 * A count written for HARNESS_RUNS=8 and scaled like {@link scaledRuns}, never below `floor`
 * (e.g. the undo steps checked per game).
 */
export function scaledCount(n: number, floor: number): number {
  return Math.max(floor, Math.min(n, scaledRuns(n)));
}

/**
 * One state in `k` gets the costly per-state checks (load byte identity, an action three ways with
 * sharing and patches, malformed and illegal input), and one view-checked state in `k` the deep
 * ones: k = 1 from HARNESS_RUNS=8 on (every state, as the written counts assume), 4 at the default
 * 2, 8 at 1. The cheap checks (schema, legal actions by seat, outcome, invariants, freezing) run on
 * every state at every depth.
 */
export function checkStride(): number {
  return Math.max(1, Math.round(HARNESS_REFERENCE_RUNS / harnessDepth()));
}

/** A 32-bit integer hash (splitmix-style mixing): the same input, the same output. */
function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Whether step `step` of a game is one of the sampled states at stride `stride`: about one step in
 * `stride`, chosen by a hash of the step and `salt` (the game's seeds), so the choice is the same on
 * every run of that game and never falls into step with the seats' turn order the way `step % k`
 * would. Step 0 is always sampled; at stride 1 every step is.
 */
export function sampledStep(step: number, stride: number, salt: number): boolean {
  return stride <= 1 || step === 0 || mix((step + Math.imul(salt | 0, 0x9e3779b1)) | 0) % stride === 0;
}
