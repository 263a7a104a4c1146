// What one `bot` request of `rules serve` may cost (issue 30, item 1): a budget over BOT_LIMITS is
// refused before any search; the binary searches in a worker thread, answers other requests
// meanwhile (another search is refused as BUSY), and stops the search when its input ends; the
// thread's time and memory are capped. Nothing here waits on a clock: a search that would run for
// minutes is stopped by the events the test sends.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { games } from "../../packages/cli/src/games.js";
import { createServer } from "../../packages/cli/src/serve.js";
import { BOT_LIMITS, checkBotRequest } from "../../packages/cli/src/serve-bot.js";
import { workerThinker } from "../../packages/cli/src/serve-think.js";
import { nodeArgs } from "../programs.js";

interface Reply {
  id: unknown;
  ok: boolean;
  result?: any;
  error?: { code: string; message: string };
}

const line = (req: unknown): string => JSON.stringify(req) + "\n";
const NEW = { id: "new", cmd: "new", game: "steam-park", seed: 3, options: { players: 2 } };
// Allowed, and minutes of work in Steam Park (about 3 ms an iteration): the think under test.
const LONG = `mcts:${BOT_LIMITS.iterations}`;

describe("rules serve: the cost of a bot request", () => {
  it("refuses a budget over the limits with OVER_LIMIT and a message naming the limit, before searching", () => {
    const reply = createServer(games);
    const call = (req: unknown): Reply => JSON.parse(reply(JSON.stringify(req))) as Reply;
    const s = call({ cmd: "new", game: "donkey-valley", seed: 1, options: { players: 3 } }).result.session as string;
    for (const bot of ["mcts:10000000", `mcts:${BOT_LIMITS.iterations + 1}`, "mcts:3600s", "mcts:10001ms", "mcts:20/10000000", "mcts+random:200000"]) {
      const r = call({ id: bot, cmd: "bot", session: s, player: 0, bot });
      expect(r.error?.code, bot).toBe("OVER_LIMIT");
      expect(r.error?.message, bot).toMatch(/must be from 1 to (100,000|10,000 ms|10,000 actions)/);
    }
    // At the limits, the names are taken (checked only: no search runs here).
    const state = call({ cmd: "state", session: s }).result.state;
    for (const bot of [`mcts:${BOT_LIMITS.iterations}`, "mcts:10s", "mcts:10000ms", "mcts:20/10000"]) {
      expect(checkBotRequest(games["donkey-valley"]!, state, 0, bot, undefined).bot).toBe(bot);
    }
  });

  it("the binary answers a games request sent after a long think, refuses a second think as BUSY, and ends when its input closes", async () => {
    const child = spawn(...nodeArgs("rules", "serve"), { stdio: ["pipe", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c.toString("utf8")));
    const replies: Reply[] = [];
    let buffered = "";
    let waiting: { count: number; resolve: () => void } | undefined;
    child.stdout.on("data", (c: Buffer) => {
      buffered += c.toString("utf8");
      for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
        replies.push(JSON.parse(buffered.slice(0, nl)) as Reply);
        buffered = buffered.slice(nl + 1);
      }
      if (waiting && replies.length >= waiting.count) waiting.resolve();
    });
    const repliesUpTo = (count: number): Promise<void> => new Promise((resolve) => (replies.length >= count ? resolve() : (waiting = { count, resolve })));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));

    child.stdin.write(line(NEW));
    await repliesUpTo(1);
    child.stdin.write(line({ id: "think", cmd: "bot", session: "s1", player: 0, bot: LONG }));
    child.stdin.write(line({ id: "again", cmd: "bot", session: "s1", player: 0, bot: "random" }));
    child.stdin.write(line({ id: "games", cmd: "games" }));
    await repliesUpTo(3);
    // The think is minutes of work: the two requests behind it were answered first.
    expect(replies.map((r) => [r.id, r.ok, r.error?.code ?? null])).toEqual([
      ["new", true, null],
      ["again", false, "BUSY"],
      ["games", true, null],
    ]);
    expect(replies[2]!.result.map((g: { id: string }) => g.id)).toContain("steam-park");
    // The client goes away: the search stops, its request is answered CANCELLED, the process ends.
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(err).toBe("");
    expect(replies.slice(3).map((r) => [r.id, r.error?.code])).toEqual([["think", "CANCELLED"]]);
  });
});

describe("rules serve: the search thread", () => {
  const steamPark = games["steam-park"]!;
  const state = steamPark.initialState(3, { players: 2 });
  const request = (bot: string) => checkBotRequest(steamPark, state, 0, bot, 1);

  it("gives the move the serving thread would give, and takes the next request after it", async () => {
    const think = workerThinker();
    try {
      const here = createServer(games);
      const s = JSON.parse(here(JSON.stringify({ cmd: "new", game: "steam-park", seed: 3, options: { players: 2 } }))).result.session;
      const expected = JSON.parse(here(JSON.stringify({ cmd: "bot", session: s, player: 0, bot: "mcts:20", seed: 1 }))).result;
      expect(await think.think(request("mcts:20"))).toEqual(expected);
      expect(think.busy).toBe(false);
      expect((await think.think(request("random"))).bot).toBe("random");
    } finally {
      think.close();
    }
  });

  it("stops a search past its time with OVER_LIMIT and starts a fresh thread for the next request", async () => {
    const think = workerThinker({ heapMb: BOT_LIMITS.heapMb, thinkMs: 1 });
    try {
      await expect(think.think(request(LONG))).rejects.toMatchObject({ code: "OVER_LIMIT", message: expect.stringMatching(/had not decided after/) });
      expect(think.busy).toBe(false);
    } finally {
      think.close();
    }
  });

  it("stops a search that outgrows its heap with OVER_LIMIT", async () => {
    // Donkey Valley: the cheapest iterations, so the tree outgrows 24 MB soonest.
    const dv = games["donkey-valley"]!;
    const think = workerThinker({ heapMb: 24, thinkMs: BOT_LIMITS.thinkMs * 100 });
    try {
      await expect(think.think(checkBotRequest(dv, dv.initialState(1, { players: 3 }), 0, LONG, 1))).rejects.toMatchObject({ code: "OVER_LIMIT", message: expect.stringMatching(/more than 24 MB/) });
    } finally {
      think.close();
    }
  });

  it("answers a pending search CANCELLED when closed", async () => {
    const think = workerThinker();
    const pending = think.think(request(LONG));
    think.close();
    await expect(pending).rejects.toMatchObject({ code: "CANCELLED" });
  });
});
