import { randomInt, seedRng, type Game } from "@rules/core";
import { describe, expect, it } from "vitest";
import { games } from "../../packages/cli/src/games.js";
import { createServer } from "../../packages/cli/src/serve.js";
import { rankRewards } from "../../packages/cli/src/serve-batch.js";

// `"reward": "score"` on serve's `step` and `reset` (docs/serve.md, "Many sessions in one request";
// the Python guide, "Rewards"): each seat's reward is its score change, so over a game they add up
// to the final score (the outcome's) minus the starting score; left out, the rewards stay the
// outcome's ranks at the end and 0 before, byte for byte as before.

type Reply = { ok: boolean; result?: any; error?: { code: string; message: string } };

const server = () => {
  const reply = createServer(games);
  return (req: unknown): Reply => JSON.parse(reply(JSON.stringify(req)));
};
const u8 = (b64: string): number[] => [...Buffer.from(b64, "base64")];

/** Every game, and every map of Age of Steam, at a seat count or two (solo games included). */
const TABLES: Array<[string, Record<string, unknown>]> = [
  ["donkey-valley", { players: 3 }],
  ["steam-donkey", { players: 2 }],
  ["steam-park", { players: 2 }],
  ["steamrollers", { players: 1 }],
  ["steamrollers", { players: 2 }],
  ["age-of-steam-exp", { players: 3, map: "rust-belt" }],
  ["age-of-steam-exp", { players: 4, map: "orient-express" }],
  ["age-of-steam-exp", { players: 1, map: "amusement-park" }],
];

/**
 * One random game played twice in step: with `"reward": "score"` and without, the same seeded
 * indices. Returns each mode's summed rewards and the replies' last outcome.
 */
function playBoth(game: string, options: Record<string, unknown>, seed: number) {
  const call = server();
  const rng = seedRng(seed);
  const scored = call({ cmd: "new", game, seed, options }).result.session as string;
  const plain = call({ cmd: "new", game, seed, options }).result.session as string;
  const start = call({ cmd: "scores", session: scored }).result.scores as number[];
  const sum = start.map(() => 0);
  let nonzero = 0;
  let steps = 0;
  let last: any = call({ cmd: "reset", session: scored, seed, options, reward: "score", format: "base64" }).result;
  expect(last.rewards).toEqual(start.map(() => 0));
  expect(last.scores).toEqual(start);
  while (!last.terminal) {
    const legal = u8(last.mask).flatMap((m, i) => (m ? [i] : []));
    const index = legal[randomInt(rng, 0, legal.length - 1)]!;
    const choose = randomInt(rng, 0, 1000);
    const a = call({ cmd: "step", session: scored, player: last.player, index, choose, reward: "score", format: "base64" });
    const b = call({ cmd: "step", session: plain, player: last.player, index, choose, format: "base64" });
    expect(a.error).toBeUndefined();
    const { rewards, scores, ...rest } = a.result;
    const { rewards: outcomeRewards, ...same } = b.result;
    // The option changes the rewards (and adds the scores), nothing else.
    expect(rest).toEqual(same);
    expect(b.result).not.toHaveProperty("scores");
    expect(outcomeRewards).toEqual(b.result.terminal ? rankRewards(b.result.outcome.ranks) : start.map(() => 0));
    rewards.forEach((r: number, p: number) => {
      sum[p] = sum[p]! + r;
      if (r !== 0) nonzero++;
    });
    if (a.result.terminal) expect(scores).toEqual(call({ cmd: "scores", session: scored }).result.scores);
    last = a.result;
    steps++;
  }
  return { start, sum, outcome: last.outcome, nonzero, steps };
}

describe('rules serve: "reward": "score"', () => {
  for (const [game, options] of TABLES) {
    it(`${game} ${JSON.stringify(options)}: the score rewards of a game add up to the final score minus the starting score; the default rewards are unchanged`, () => {
      const { start, sum, outcome, nonzero } = playBoth(game, options, 1);
      expect(sum).toEqual(outcome.scores.map((v: number, p: number) => v - start[p]!));
      // A signal before the end: a step changed a score (unless the game scored nothing).
      if (outcome.scores.some((v: number, p: number) => v !== start[p])) expect(nonzero).toBeGreaterThan(0);
    });
  }

  it("each game's scores hook gives the outcome's scores at the end, one number per seat at the start", () => {
    for (const [game, options] of TABLES) {
      const g = (games as Record<string, Game>)[game]!;
      expect(g.scores, game).toBeTypeOf("function");
      const s = g.initialState(1, options as never);
      expect(g.scores!(s)).toHaveLength((s as { players: number }).players);
    }
  });

  it("a reward other than outcome or score is refused as BAD_REQUEST before the move; step_many passes its own reward to each step", () => {
    const call = server();
    const session = call({ cmd: "new", game: "donkey-valley", seed: 1, options: { players: 3 } }).result.session as string;
    const before = call({ cmd: "state", session }).result;
    const mask = call({ cmd: "encode", session, player: 0 }).result.mask as number[];
    const index = mask.indexOf(1);
    for (const reward of ["points", "Score", 1, null, true]) {
      const r = call({ cmd: "step", session, player: 0, index, reward });
      expect(r.error?.code).toBe("BAD_REQUEST");
      expect(r.error?.message).toContain('"reward" must be "outcome" or "score"');
      expect(call({ cmd: "state", session }).result).toEqual(before);
    }
    expect(call({ cmd: "reset", session, reward: "points" }).error?.code).toBe("BAD_REQUEST");
    expect(call({ cmd: "state", session }).result).toEqual(before);
    const many = call({ cmd: "step_many", reward: "score", steps: [{ session, player: 0, index, reward: "nope" }, { session, player: 0, index }] }).result.results as Reply[];
    expect(many[0]!.error?.code).toBe("BAD_REQUEST");
    expect(many[1]!.ok).toBe(true);
    expect(many[1]!.result.scores).toEqual([0, 0, 0]);
    expect(call({ cmd: "reset", session, seed: 1, options: { players: 3 }, reward: "outcome" }).result).not.toHaveProperty("scores");
    expect(call({ cmd: "scores", session: "nope" }).error?.code).toBe("UNKNOWN_SESSION");
  });
});
