import { canonicalJson } from "@rules/core";
import { describe, expect, it } from "vitest";
import { games } from "../../packages/cli/src/games.js";
import { createServer } from "../../packages/cli/src/serve.js";

// `rules serve`'s "bot" request: a client asks a bot of the project for a seat's move.

describe("rules serve: bot", () => {
  const reply = createServer(games);
  const call = (req: unknown): { ok: boolean; result?: any; error?: { code: string; message: string } } => JSON.parse(reply(JSON.stringify(req)));
  const open = (game: string, options: Record<string, unknown>) => call({ cmd: "new", game, seed: 4, options }).result as { session: string; activePlayers: number[]; terminal: boolean };

  it("plays every game to its end with the moves the bots name, each one legal", () => {
    for (const [game, bot, options] of [["donkey-valley", "mcts:5", { players: 3 }], ["steam-park", "random", { players: 2 }], ["age-of-steam-exp", "random", { players: 3 }], ["steam-donkey", "mcts:3/4", { players: 2 }], ["steamrollers", "random", { players: 2 }]] as const) {
      const s = open(game, options);
      let status: { terminal: boolean; activePlayers: number[] } = s;
      for (let step = 0; !status.terminal; step++) {
        const seat = status.activePlayers[step % status.activePlayers.length]!;
        const r = call({ id: step, cmd: "bot", session: s.session, player: seat, bot, seed: step });
        expect(r.ok, JSON.stringify(r.error)).toBe(true);
        const legal = call({ cmd: "legal", session: s.session, player: seat }).result.actions.map(canonicalJson);
        expect(legal).toContain(canonicalJson(r.result.action));
        status = call({ cmd: "apply", session: s.session, action: r.result.action }).result;
      }
      expect(call({ cmd: "bot", session: s.session, player: 0, bot }).error?.code, game).toBe("GAME_OVER");
    }
  });

  it("is reproducible: the same request on the same state gives the same move; a game's own bot and a time budget are taken", () => {
    const s = open("age-of-steam-exp", { players: 3 });
    const seat = s.activePlayers[0];
    const ask = (extra: Record<string, unknown>) => call({ cmd: "bot", session: s.session, player: seat, ...extra });
    const before = JSON.stringify(call({ cmd: "state", session: s.session }).result.state);
    const a = ask({ bot: "mcts:20", seed: 9 });
    expect(a.result.bot).toBe("mcts");
    expect(ask({ bot: "mcts:20", seed: 9 }).result).toEqual(a.result);
    expect(ask({ bot: "random" }).result).toEqual(ask({ bot: "random" }).result); // no seed: seeded by the state and the seat
    expect(ask({ bot: "thrifty" }).result.bot).toBe("thrifty");
    expect(ask({ bot: "mcts:5ms" }).ok).toBe(true);
    // Asking never changes the session.
    expect(JSON.stringify(call({ cmd: "state", session: s.session }).result.state)).toBe(before);
  });

  it("refuses what is no request for a move, with the engines' codes and a reason", () => {
    const s = open("donkey-valley", { players: 3 });
    const code = (extra: Record<string, unknown>) => call({ cmd: "bot", session: s.session, ...extra }).error;
    expect(code({ player: 0, bot: "genius" })).toMatchObject({ code: "INVALID_OPTIONS", message: expect.stringMatching(/unknown bot "genius"; known bots: random, mcts/) });
    expect(code({ player: 0, bot: "mcts:0" })?.code).toBe("INVALID_OPTIONS");
    expect(code({ player: 0, bot: 42 })?.code).toBe("INVALID_OPTIONS");
    expect(code({ player: 0, bot: "random", seed: { a: 1 } })?.code).toBe("INVALID_OPTIONS");
    expect(code({ player: 0, bot: "random", seed: "x".repeat(201) })?.code).toBe("INVALID_OPTIONS");
    expect(code({ player: 9, bot: "random" })?.code).toBe("INVALID_ACTION");
    expect(code({ player: "0", bot: "random" })?.code).toBe("BAD_REQUEST");
    expect(code({ bot: "random" })?.code).toBe("BAD_REQUEST");
    expect(call({ cmd: "bot", session: "s0", player: 0, bot: "random" }).error?.code).toBe("UNKNOWN_SESSION");
    // Donkey Valley's step 3: only the head of the queue may call; another seat gets NOT_YOUR_TURN.
    for (let p = 0; p < 3; p++) call({ cmd: "apply", session: s.session, action: call({ cmd: "bot", session: s.session, player: p, bot: "random" }).result.action });
    const active = call({ cmd: "outcome", session: s.session }).result.activePlayers as number[];
    expect(active).toHaveLength(1);
    expect(code({ player: (active[0]! + 1) % 3, bot: "random" })?.code).toBe("NOT_YOUR_TURN");
  });
});
