// How `rules serve`'s `encode` reply carries the observation vector and the legal-action mask,
// chosen by the client with the request's `format` (docs/serve.md, "Compact vectors"):
// "json" (the default) as arrays of numbers; "base64" as base64 text of a little-endian Float32
// array (the observation) and of a Uint8 array (the mask), so that a Steam Park step sends about
// 175 kB of text instead of 32,857 JSON numbers; "sparse" as base64 text of only the nonzero
// entries (their little-endian Uint32 indices and Float32 values; the mask's indices alone, its
// entries all being 1), so that the same Steam Park step, whose observation holds about 130
// nonzero numbers, sends about 1.5 kB.

/** The formats a client may ask for in `encode`'s `format`. */
export const VECTOR_FORMATS = ["json", "base64", "sparse"] as const;
/** One of {@link VECTOR_FORMATS}. */
export type VectorFormat = (typeof VECTOR_FORMATS)[number];

/** The request's `format` (absent means "json"), or `undefined` when it names no format. */
export function vectorFormat(value: unknown): VectorFormat | undefined {
  if (value === undefined) return "json";
  return VECTOR_FORMATS.find((f) => f === value);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Base64 of `values` as little-endian 32-bit floats (the nearest float32 of each number). */
export function float32Base64(values: readonly number[]): string {
  if (LITTLE_ENDIAN) {
    // A Float32Array's bytes are the machine's: little-endian here, so they are sent as they are.
    const floats = Float32Array.from(values);
    return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString("base64");
  }
  const bytes = Buffer.allocUnsafe(values.length * 4);
  for (let i = 0; i < values.length; i++) bytes.writeFloatLE(values[i]!, i * 4);
  return bytes.toString("base64");
}

/** Base64 of `values` as little-endian unsigned 32-bit integers (indices). */
export function uint32Base64(values: Uint32Array): string {
  if (LITTLE_ENDIAN) return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");
  const bytes = Buffer.allocUnsafe(values.length * 4);
  for (let i = 0; i < values.length; i++) bytes.writeUInt32LE(values[i]!, i * 4);
  return bytes.toString("base64");
}

/** Where `values` is not 0, in increasing order. */
function nonzero(values: readonly number[]): Uint32Array {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (values[i] !== 0) count++;
  const at = new Uint32Array(count);
  for (let i = 0, k = 0; k < count; i++) if (values[i] !== 0) at[k++] = i;
  return at;
}

/** A vector of mostly zeros as `{ index, value }`: base64 of its nonzero entries' indices (Uint32) and values (Float32). */
export function sparseBase64(values: readonly number[]): { index: string; value: string } {
  const at = nonzero(values);
  const picked = new Array<number>(at.length);
  for (let k = 0; k < at.length; k++) picked[k] = values[at[k]!]!;
  return { index: uint32Base64(at), value: float32Base64(picked) };
}

/** Base64 of `values` as unsigned bytes (a mask of 0 and 1). */
export function uint8Base64(values: readonly number[]): string {
  return Buffer.from(values).toString("base64");
}

/** The observation and mask of an `encode` reply in the client's format. */
export function vectors(observation: readonly number[], mask: readonly number[], format: VectorFormat): { observation: unknown; mask: unknown; format: VectorFormat } {
  if (format === "json") return { observation, mask, format };
  if (format === "sparse") return { observation: sparseBase64(observation), mask: uint32Base64(nonzero(mask)), format };
  return { observation: float32Base64(observation), mask: uint8Base64(mask), format };
}
