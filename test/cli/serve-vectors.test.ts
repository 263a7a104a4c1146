import { describe, expect, it } from "vitest";
import { createServer } from "../../packages/cli/src/serve.js";
import { games } from "../../packages/cli/src/games.js";
import { float32Base64, sparseBase64, uint32Base64, uint8Base64 } from "../../packages/cli/src/serve-vectors.js";

// The compact vectors of `encode` (docs/serve.md, "Compact vectors"): the same numbers as the JSON
// arrays, as a client decodes them (little-endian float32 and uint8 from base64).
const floats = (b64: string): number[] => {
  const bytes = Buffer.from(b64, "base64");
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
};
const u8 = (b64: string): number[] => [...Buffer.from(b64, "base64")];
const u32 = (b64: string): number[] => {
  const bytes = Buffer.from(b64, "base64");
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readUInt32LE(i * 4));
};
/** The dense vector of `size` a "sparse" observation stands for. */
const dense = (sparse: { index: string; value: string }, size: number): number[] => {
  const out = new Array<number>(size).fill(0);
  const values = floats(sparse.value);
  u32(sparse.index).forEach((at, k) => (out[at] = values[k]!));
  return out;
};

describe("rules serve: compact observation vectors and masks", () => {
  const reply = createServer(games);
  const call = (req: unknown): { ok: boolean; result?: any; error?: { code: string; message: string } } => JSON.parse(reply(JSON.stringify(req)));
  const tables: Array<[string, Record<string, unknown>]> = [
    ["donkey-valley", { players: 3 }],
    ["steam-donkey", { players: 2 }],
    ["steam-park", { players: 4 }],
    ["steamrollers", { players: 1 }],
    ["age-of-steam-exp", { players: 4, map: "orient-express" }],
  ];

  for (const [game, options] of tables) {
    it(`${game}: "base64" gives the numbers of "json" as float32, the mask as bytes; "sparse" the nonzero ones and the legal indices; over a few steps`, () => {
      const s = call({ cmd: "new", game, seed: 5, options }).result;
      let status = s;
      for (let step = 0; step < 6 && !status.terminal; step++) {
        const seat = status.activePlayers[step % status.activePlayers.length];
        const json = call({ cmd: "encode", session: s.session, player: seat }).result;
        const compact = call({ cmd: "encode", session: s.session, player: seat, format: "base64" }).result;
        expect(json.format).toBe("json");
        expect(compact.format).toBe("base64");
        expect(typeof compact.observation).toBe("string");
        expect(floats(compact.observation)).toEqual(json.observation.map(Math.fround));
        expect(u8(compact.mask)).toEqual(json.mask);
        expect(compact.observationSize).toBe(json.observation.length);
        expect(compact.actionCount).toBe(json.mask.length);
        const sparse = call({ cmd: "encode", session: s.session, player: seat, format: "sparse" }).result;
        expect(sparse.format).toBe("sparse");
        expect(dense(sparse.observation, sparse.observationSize)).toEqual(json.observation.map(Math.fround));
        expect(u32(sparse.mask)).toEqual(json.mask.flatMap((m: number, i: number) => (m ? [i] : [])));
        expect(u32(sparse.observation.index).every((at) => json.observation[at] !== 0)).toBe(true);
        const index = json.mask.indexOf(1);
        const action = call({ cmd: "decode", session: s.session, player: seat, index }).result.action;
        status = call({ cmd: "apply", session: s.session, action }).result;
      }
    });
  }

  it("is little-endian whatever the platform, and keeps negative and fractional values", () => {
    expect(float32Base64([1])).toBe(Buffer.from([0, 0, 0x80, 0x3f]).toString("base64"));
    expect(floats(float32Base64([-1000, 0.5, 1 / 3, 9999]))).toEqual([-1000, 0.5, Math.fround(1 / 3), 9999]);
    expect(u8(uint8Base64([0, 1, 1, 0]))).toEqual([0, 1, 1, 0]);
    expect(uint32Base64(new Uint32Array([1]))).toBe(Buffer.from([1, 0, 0, 0]).toString("base64"));
    expect(sparseBase64([0, -2.5, 0, 0, 1 / 3, 0])).toEqual({ index: uint32Base64(new Uint32Array([1, 4])), value: float32Base64([-2.5, 1 / 3]) });
    expect(sparseBase64([0, 0])).toEqual({ index: "", value: "" });
  });

  it("refuses an unknown format with BAD_REQUEST and keeps serving", () => {
    const s = call({ cmd: "new", game: "donkey-valley", seed: 1 }).result;
    for (const format of ["float64", null, 1, ["base64"], "Sparse"]) {
      expect(call({ cmd: "encode", session: s.session, player: 0, format }).error?.code).toBe("BAD_REQUEST");
    }
    expect(call({ cmd: "encode", session: s.session, player: 0, format: "json" }).ok).toBe(true);
  });
});
