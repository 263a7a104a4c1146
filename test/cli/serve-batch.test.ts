import { describe, expect, it } from "vitest";
import { createServer } from "../../packages/cli/src/serve.js";
import { games } from "../../packages/cli/src/games.js";
import { MAX_BATCH, rankRewards } from "../../packages/cli/src/serve-batch.js";

// `rules serve`'s requests for many sessions at once (docs/serve.md, "Many sessions in one
// request"): `step`, `reset`, `step_many` and `batch` answer what the single requests answer,
// entry by entry, and a refused entry changes nothing while the others go on.

type Reply = { ok: boolean; result?: any; error?: { code: string; message: string } };

const server = () => {
  const reply = createServer(games);
  return (req: unknown): Reply => JSON.parse(reply(typeof req === "string" ? req : JSON.stringify(req)));
};
const u8 = (b64: string): number[] => [...Buffer.from(b64, "base64")];
const floats = (b64: string): number[] => {
  const bytes = Buffer.from(b64, "base64");
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
};

describe("rules serve: step, reset, step_many and batch", () => {
  it("step_many answers what decode + apply + encode answer one session at a time, for every game", () => {
    const batched = server();
    const single = server();
    const tables: Array<[string, Record<string, unknown>]> = [
      ["donkey-valley", { players: 3 }],
      ["steam-donkey", { players: 2 }],
      ["steam-park", { players: 2 }],
      ["steamrollers", { players: 1 }],
      ["age-of-steam-exp", { players: 1, map: "amusement-park" }],
    ];
    const made = batched({ cmd: "batch", requests: tables.map(([game, options], i) => ({ cmd: "new", game, seed: i + 1, options })) }).result.results;
    const sessions = made.map((r: Reply) => r.result.session as string);
    const mirror = tables.map(([game, options], i) => single({ cmd: "new", game, seed: i + 1, options }).result.session as string);
    let seats = made.map((r: Reply) => r.result.activePlayers[0] as number);
    const over = new Set<number>();
    for (let round = 0; round < 12; round++) {
      const live = sessions.map((_: string, i: number) => i).filter((i: number) => !over.has(i));
      const steps = live.map((i: number) => {
        const mask = single({ cmd: "encode", session: mirror[i], player: seats[i] }).result.mask as number[];
        return { session: sessions[i], player: seats[i], index: mask.lastIndexOf(1) };
      });
      const results = batched({ cmd: "step_many", steps, format: "base64" }).result.results as Reply[];
      results.forEach((r, k) => {
        const i = live[k]!;
        expect(r.error).toBeUndefined();
        const action = single({ cmd: "decode", session: mirror[i], player: steps[k]!.player, index: steps[k]!.index }).result.action;
        const status = single({ cmd: "apply", session: mirror[i], action }).result;
        expect(r.result.terminal).toBe(status.terminal);
        expect(r.result.activePlayers).toEqual(status.activePlayers);
        const seat = status.terminal ? steps[k]!.player : status.activePlayers[0];
        if (status.terminal) over.add(i);
        expect(r.result.player).toBe(seat);
        const encoded = single({ cmd: "encode", session: mirror[i], player: seat }).result;
        expect(floats(r.result.observation)).toEqual(encoded.observation.map(Math.fround));
        expect(u8(r.result.mask)).toEqual(encoded.mask);
        expect(batched({ cmd: "state", session: sessions[i] }).result).toEqual(single({ cmd: "state", session: mirror[i] }).result);
        seats[i] = r.result.player;
      });
    }
    expect(over.size).toBeGreaterThan(0); // the batch went on around the finished game
  });

  it("one bad entry is refused with the code the single request gets; it changes nothing and the others are played", () => {
    const call = server();
    const a = call({ cmd: "new", game: "donkey-valley", seed: 2, options: { players: 3 } }).result.session;
    const b = call({ cmd: "new", game: "steamrollers", seed: 2, options: { players: 1 } }).result.session;
    const before = call({ cmd: "state", session: a }).result.state;
    const maskB = call({ cmd: "encode", session: b, player: 0 }).result.mask as number[];
    const maskA = call({ cmd: "encode", session: a, player: 0 }).result.mask as number[];
    const illegal = maskA.indexOf(0);
    const steps = [
      { session: a, player: 0, index: illegal },
      { session: b, index: maskB.indexOf(1) },
      { session: "s999", player: 0, index: 0 },
      { session: a, player: 0, index: 10 ** 9 },
      { session: a, player: 0, index: "1" },
      { session: a, player: 0, index: true },
      { session: a, player: 7, index: 0 },
      { session: a, index: maskA.indexOf(1) },
      { session: a, player: 0, index: maskA.indexOf(1), format: "hex" },
      { session: a, player: 0, index: maskA.indexOf(1), observe: 9 },
      42,
    ];
    const results = call({ cmd: "step_many", steps }).result.results as Reply[];
    expect(results.map((r) => (r.ok ? "ok" : r.error!.code))).toEqual([
      "ILLEGAL_ACTION",
      "ok",
      "UNKNOWN_SESSION",
      "INVALID_ACTION",
      "BAD_REQUEST",
      "BAD_REQUEST",
      "INVALID_ACTION",
      "BAD_REQUEST", // three seats may act: the entry must say which
      "BAD_REQUEST",
      "INVALID_ACTION",
      "BAD_REQUEST",
    ]);
    expect(results[0]!.error!.message).toBe(call({ cmd: "apply", session: a, action: call({ cmd: "decode", session: a, player: 0, index: illegal }).result.action }).error!.message);
    expect(call({ cmd: "state", session: a }).result.state).toEqual(before);
  });

  it("a whole request that is not a batch is refused before any entry is played, and batches are bounded", () => {
    const call = server();
    const s = call({ cmd: "new", game: "steamrollers", seed: 1, options: { players: 1 } }).result.session;
    const mask = call({ cmd: "encode", session: s, player: 0 }).result.mask as number[];
    const before = call({ cmd: "state", session: s }).result.state;
    const tooMany = Array.from({ length: MAX_BATCH + 1 }, () => ({ session: s, player: 0, index: mask.indexOf(1) }));
    expect(call({ cmd: "step_many", steps: tooMany }).error?.code).toBe("BAD_REQUEST");
    expect(call({ cmd: "batch", requests: tooMany.map((e) => ({ ...e, cmd: "step" })) }).error?.code).toBe("BAD_REQUEST");
    expect(call({ cmd: "step_many", steps: { session: s } }).error?.code).toBe("BAD_REQUEST");
    expect(call({ cmd: "batch" }).error?.code).toBe("BAD_REQUEST");
    expect(call({ cmd: "state", session: s }).result.state).toEqual(before);
    expect(call({ cmd: "step_many", steps: tooMany.slice(0, MAX_BATCH) }).ok).toBe(true);
  });

  it("batch creates, resets, encodes and closes sessions; it refuses nested batches and bot requests entry by entry", () => {
    const call = server();
    const results = call({
      cmd: "batch",
      requests: [
        { cmd: "new", game: "steam-donkey", seed: 4, options: { players: 2 } },
        { cmd: "new", game: "chess" },
        { cmd: "bot", session: "s1", player: 0, bot: "random" },
        { cmd: "batch", requests: [] },
        { cmd: "step_many", steps: [] },
        { cmd: "encode", session: "s1", player: 0 },
        "new",
      ],
    }).result.results as Reply[];
    expect(results.map((r) => (r.ok ? "ok" : r.error!.code))).toEqual(["ok", "UNKNOWN_GAME", "BAD_REQUEST", "BAD_REQUEST", "BAD_REQUEST", "ok", "BAD_REQUEST"]);
    const session = results[0]!.result.session;
    const fresh = call({ cmd: "new", game: "steam-donkey", seed: 9, options: { players: 2 } }).result.session;
    const [reset, encoded] = call({
      cmd: "batch",
      requests: [
        { cmd: "reset", session, seed: 9, options: { players: 2 }, format: "base64" },
        { cmd: "encode", session: fresh, player: 0, format: "base64" },
      ],
    }).result.results as Reply[];
    expect(reset!.result.observation).toBe(encoded!.result.observation);
    expect(reset!.result.mask).toBe(encoded!.result.mask);
    expect(call({ cmd: "state", session }).result).toEqual(call({ cmd: "state", session: fresh }).result);
    // A reset with bad options is refused and the session keeps its game.
    expect(call({ cmd: "reset", session, seed: 1, options: { players: 9 } }).error?.code).toBe("INVALID_OPTIONS");
    expect(call({ cmd: "state", session }).result).toEqual(call({ cmd: "state", session: fresh }).result);
    expect(call({ cmd: "batch", requests: [{ cmd: "close", session }] }).result.results[0].result.closed).toBe(true);
    expect(call({ cmd: "step", session, index: 0 }).error?.code).toBe("UNKNOWN_SESSION");
  });

  it("choose picks the observed seat among several that may act; rewards are 0 until the end, then the ranks' rewards", () => {
    const call = server();
    const first = call({ cmd: "reset", session: call({ cmd: "new", game: "donkey-valley", options: { players: 3 } }).result.session, seed: 3, options: { players: 3 }, choose: 4 }).result;
    expect(first.activePlayers).toEqual([0, 1, 2]);
    expect(first.player).toBe(1);
    expect(first.rewards).toEqual([0, 0, 0]);
    const s = call({ cmd: "new", game: "steamrollers", seed: 6, options: { players: 1 } }).result.session;
    let r = call({ cmd: "reset", session: s, seed: 6, options: { players: 1 } }).result;
    let steps = 0;
    while (!r.terminal) {
      r = call({ cmd: "step", session: s, index: (r.mask as number[]).indexOf(1) }).result;
      steps++;
      if (!r.terminal) expect(r.rewards).toEqual([0]);
    }
    expect(steps).toBeGreaterThan(5);
    expect(r.outcome.ranks).toHaveLength(1);
    expect(r.rewards).toEqual(rankRewards(r.outcome.ranks));
    expect(r.mask.every((m: number) => m === 0)).toBe(true);
    expect(call({ cmd: "step", session: s, index: 0 }).error?.code).toBe("GAME_OVER");
  });

  it("rankRewards: +1 first, -1 last, linear between, ties alike; solo +1 or -1", () => {
    expect(rankRewards([2, 1, 3])).toEqual([0, 1, -1]);
    expect(rankRewards([1, 1, 3, 5, 5])).toEqual([1, 1, 0, -1, -1]);
    expect(rankRewards([1])).toEqual([1]);
    expect(rankRewards([2])).toEqual([-1]);
  });
});
