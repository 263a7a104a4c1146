import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import * as z from "zod";

/**
 * The state of the seeded generator, kept inside every game state as four signed 32-bit integers
 * (pure-rand's xoroshiro128+). Plain JSON, so a state stores, replays and hashes as it is.
 *
 * @example
 * ```ts
 * import { RngStateSchema, seedRng } from "@rules/core";
 *
 * console.log(RngStateSchema.safeParse(seedRng(7)).success); // true
 * console.log(RngStateSchema.safeParse([0, 0, 0, 0]).success); // false: an all-zero state never leaves zero
 * ```
 */
export const RngStateSchema = z
  .tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()])
  .refine((s) => s.every((x) => x >= -0x80000000 && x <= 0x7fffffff), "RNG words must be signed 32-bit integers")
  .refine((s) => s.some((x) => x !== 0), "an all-zero RNG state never leaves zero");
/**
 * The four words of the generator, as {@link RngStateSchema} parses them.
 *
 * @example
 * ```ts
 * import { randomInt, seedRng, type RngState } from "@rules/core";
 *
 * const rng: RngState = seedRng("table 1");
 * console.log(randomInt(rng, 1, 6), rng); // a die roll, and the four words it advanced
 * ```
 */
export type RngState = z.infer<typeof RngStateSchema>;

/**
 * A seed: any integer, or any string (hashed to a 32-bit integer with {@link hashSeed}).
 *
 * @example
 * ```ts
 * import { seedRng, type Seed } from "@rules/core";
 *
 * const seeds: Seed[] = [42, "final, table 3"];
 * console.log(seeds.map((s) => seedRng(s)));
 * ```
 */
export type Seed = number | string;

/**
 * Hash a string seed to a 32-bit integer (FNV-1a over the UTF-16 code units, then a murmur3
 * finaliser). Part of the determinism contract: changing it changes every string-seeded game.
 *
 * @example
 * ```ts
 * import { hashSeed } from "@rules/core";
 *
 * console.log(hashSeed("abc") === hashSeed("abc"), Number.isInteger(hashSeed("abc"))); // true true
 * ```
 */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

function seedToInt(seed: Seed): number {
  if (typeof seed === "string") return hashSeed(seed);
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number or a string, got ${seed}`);
  // Integers beyond 32 bits keep their high part instead of silently colliding with their low part.
  const hi = Math.floor(seed / 0x100000000);
  return (Math.trunc(seed) ^ Math.imul(hi | 0, 0x9e3779b1)) | 0;
}

/**
 * A fresh generator state for a seed. The four words come from SplitMix32 over the 32-bit seed, so
 * neighbouring seeds (0, 1, 2, ...) give unrelated streams from the first draw on.
 *
 * @example
 * ```ts
 * import { randomInt, seedRng } from "@rules/core";
 *
 * const a = seedRng(1);
 * const b = seedRng(1);
 * console.log(randomInt(a, 1, 100) === randomInt(b, 1, 100)); // true: same seed, same stream
 * ```
 */
export function seedRng(seed: Seed): RngState {
  let x = seedToInt(seed);
  const next = (): number => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
  const s: RngState = [next(), next(), next(), next()];
  if (s.every((w) => w === 0)) s[0] = 1;
  return s;
}

// The generator is rebuilt from the four words for each draw and the words are written back, so
// the state stays plain JSON and never holds a class.
function withGen<T>(rng: RngState, f: (g: ReturnType<typeof xoroshiro128plusFromState>) => T): T {
  const g = xoroshiro128plusFromState(rng);
  const out = f(g);
  const s = g.getState();
  rng[0] = s[0]!;
  rng[1] = s[1]!;
  rng[2] = s[2]!;
  rng[3] = s[3]!;
  return out;
}

// The hot path of every playout: xoroshiro128+ stepped on the four words in place, and pure-rand's
// rejection sampling for ranges up to 2^32, with no allocation. Bit-for-bit the same draws as
// `uniformInt(xoroshiro128plusFromState(rng), ...)` (the RNG test vectors hold it to that).

/** One 32-bit output of xoroshiro128+ (pure-rand's word order), advancing `rng` in place. */
function nextWord(rng: RngState): number {
  const s01 = rng[0];
  const s00 = rng[1];
  const s11 = rng[2];
  const s10 = rng[3];
  const out = (s00 + s10) | 0;
  const a0 = s10 ^ s00;
  const a1 = s11 ^ s01;
  rng[1] = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
  rng[0] = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
  rng[3] = (a1 << 5) ^ (a0 >>> 27);
  rng[2] = (a0 << 5) ^ (a1 >>> 27);
  return out;
}

/**
 * Uniform in `[0, rangeSize)` for `rangeSize <= 2^32`, drawing exactly as pure-rand's
 * `uniformIntInternal`: a word `v` is rejected when `v >= floor(2^32 / rangeSize) * rangeSize`.
 * That test is written as `v - v % rangeSize > 2^32 - rangeSize` (the same words pass), so a draw
 * costs one division, and the remainder avoids V8's floating-point `%` (a library call); both are
 * exact for integers below 2^32. test/core/rng.test.ts pins the draws to pure-rand's.
 */
function uniformBelow(rng: RngState, rangeSize: number): number {
  for (;;) {
    const v = nextWord(rng) + 0x80000000;
    const m = v - Math.floor(v / rangeSize) * rangeSize;
    if (v - m <= 0x100000000 - rangeSize) return m;
  }
}

/**
 * An unbiased integer in `[min, max]` (both included). Advances `rng` in place.
 *
 * @example
 * ```ts
 * import { randomInt, seedRng } from "@rules/core";
 *
 * const rng = seedRng(1);
 * const n = randomInt(rng, 1, 10);
 * console.log(n >= 1 && n <= 10); // true
 * ```
 */
export function randomInt(rng: RngState, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
    throw new RangeError(`randomInt needs integers min <= max, got ${min}..${max}`);
  }
  if (min === max) return min;
  if (max - min <= 0xffffffff) return uniformBelow(rng, max - min + 1) + min;
  return withGen(rng, (g) => uniformInt(g, min, max));
}

/**
 * Roll one die of `sides` faces: 1..sides. Advances `rng` in place.
 *
 * @example
 * ```ts
 * import { rollDie, seedRng } from "@rules/core";
 *
 * const rng = seedRng(1);
 * console.log(rollDie(rng), rollDie(rng, 20)); // 1..6, then 1..20
 * ```
 */
export function rollDie(rng: RngState, sides = 6): number {
  return randomInt(rng, 1, sides);
}

/**
 * Roll `count` dice of `sides` faces each, in order. Advances `rng` in place.
 *
 * @example
 * ```ts
 * import { rollDice, seedRng } from "@rules/core";
 *
 * const dice = rollDice(seedRng(1), 3);
 * console.log(dice.length, dice.every((d) => d >= 1 && d <= 6)); // 3 true
 * ```
 */
export function rollDice(rng: RngState, count: number, sides = 6): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(randomInt(rng, 1, sides));
  return out;
}

/**
 * Take one item out of a bag of distinct items (an array), uniformly, removing it in place.
 * Returns `undefined` when the bag is empty. Advances `rng` in place (not at all on an empty bag).
 *
 * @example
 * ```ts
 * import { seedRng, takeRandom } from "@rules/core";
 *
 * const bag = ["red", "green", "blue"];
 * const got = takeRandom(seedRng(1), bag);
 * console.log(got, bag.length); // one of the three, 2
 * ```
 */
export function takeRandom<T>(rng: RngState, bag: T[]): T | undefined {
  if (bag.length === 0) return undefined;
  const i = randomInt(rng, 0, bag.length - 1);
  const item = bag[i]!;
  bag[i] = bag[bag.length - 1]!;
  bag.pop();
  return item;
}

/**
 * Pick one element uniformly. Throws on an empty array. Advances `rng` in place.
 *
 * @example
 * ```ts
 * import { pick, seedRng } from "@rules/core";
 *
 * console.log(pick(seedRng(1), ["north", "south", "east", "west"]));
 * ```
 */
export function pick<T>(rng: RngState, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("pick from an empty array");
  return items[randomInt(rng, 0, items.length - 1)]!;
}

/**
 * Shuffle `items` in place with Fisher–Yates (Durstenfeld), drawing `items.length - 1` unbiased
 * integers. Returns the same array.
 *
 * @example
 * ```ts
 * import { seedRng, shuffle } from "@rules/core";
 *
 * const deck = shuffle(seedRng(1), [1, 2, 3, 4, 5]);
 * console.log(deck, [...deck].sort()); // some order of 1..5, the same cards
 * ```
 */
export function shuffle<T>(rng: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = uniformBelow(rng, i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

/**
 * Draw an index with probability proportional to `weights[i]` (non-negative integers, as a bag
 * holding `weights[i]` tokens of kind i). Returns -1 when the bag is empty.
 *
 * @example
 * ```ts
 * import { drawWeighted, seedRng } from "@rules/core";
 *
 * const rng = seedRng(1);
 * console.log(drawWeighted(rng, [0, 3, 1])); // 1 (three times in four) or 2, never 0
 * console.log(drawWeighted(rng, [0, 0])); // -1: nothing to draw
 * ```
 */
export function drawWeighted(rng: RngState, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weights must be non-negative integers, got ${w}`);
    total += w;
  }
  if (total === 0) return -1;
  let r = randomInt(rng, 0, total - 1);
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  /* c8 ignore next */
  throw new Error("unreachable");
}

/**
 * Pull one token from a bag of counts (`bag[i]` tokens of kind i), decrementing that count in
 * place. Returns the kind, or -1 when the bag is empty.
 *
 * @example
 * ```ts
 * import { drawFromBag, seedRng } from "@rules/core";
 *
 * const bag = [2, 0, 1]; // two tokens of kind 0, one of kind 2
 * const kind = drawFromBag(seedRng(1), bag);
 * console.log(kind, bag); // 0 [1, 0, 1] or 2 [2, 0, 0]
 * ```
 */
export function drawFromBag(rng: RngState, bag: number[]): number {
  const i = drawWeighted(rng, bag);
  if (i >= 0) bag[i] = bag[i]! - 1;
  return i;
}

/**
 * A JSON-safe 31-bit seed drawn from `rng` (for deriving independent child seeds).
 *
 * @example
 * ```ts
 * import { deriveSeed, randomInt, seedRng } from "@rules/core";
 *
 * const master = seedRng(1);
 * const child = seedRng(deriveSeed(master)); // an independent stream for a sub-task
 * console.log(randomInt(child, 1, 6));
 * ```
 */
export function deriveSeed(rng: RngState): number {
  return randomInt(rng, 0, 0x7fffffff);
}
