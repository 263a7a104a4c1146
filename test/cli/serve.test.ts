import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createServer } from "../../packages/cli/src/serve.js";
import { games } from "../../packages/cli/src/games.js";
import { programPath } from "../programs.js";

const hasPython = spawnSync("python3", ["--version"]).status === 0;

describe("rules serve (JSON lines)", () => {
  const reply = createServer(games);
  const call = (req: unknown): { ok: boolean; result?: any; error?: { code: string; message: string } } => JSON.parse(reply(typeof req === "string" ? req : JSON.stringify(req)));

  it("plays a game to the end and answers every refusal with a JSON error carrying its code", () => {
    const s = call({ id: 1, cmd: "new", game: "donkey-valley", seed: 2, options: { players: 3 } }).result;
    expect(s.activePlayers).toEqual([0, 1, 2]);
    expect(call({ cmd: "apply", session: s.session, action: { type: "playLoad", player: 0, value: 99 } }).error?.code).toBe("ILLEGAL_ACTION");
    expect(call({ cmd: "apply", session: s.session, action: { type: "call", player: 0 } }).error?.code).toBe("INVALID_ACTION");
    expect(call({ cmd: "new", game: "donkey-valley", options: { players: 99 } }).error?.code).toBe("INVALID_OPTIONS");
    // A solo map without `players` gets its one seat, as `rules play --map amusement-park` does.
    expect(call({ cmd: "new", game: "age-of-steam-exp", options: { map: "amusement-park" } }).result?.activePlayers).toEqual([0]);
    expect(call({ cmd: "load", session: s.session, state: { nope: 1 } }).error?.code).toBe("INVALID_STATE");
    expect(call({ cmd: "legal", session: "s999" }).error?.code).toBe("UNKNOWN_SESSION");
    expect(call({ cmd: "new", game: "chess" }).error?.code).toBe("UNKNOWN_GAME");
    expect(call("not json").error?.code).toBe("BAD_REQUEST");
    expect(call("[1]").error?.code).toBe("BAD_REQUEST");
    expect(call({ cmd: "view", session: s.session, player: "x" }).error?.code).toBe("BAD_REQUEST");
    let status = s;
    let steps = 0;
    while (!status.terminal) {
      const seat = status.activePlayers[0];
      const actions = call({ cmd: "legal", session: s.session, player: seat }).result.actions;
      expect(call({ cmd: "view", session: s.session, player: seat }).ok).toBe(true);
      status = call({ cmd: "apply", session: s.session, action: actions[steps % actions.length] }).result;
      steps++;
    }
    expect(call({ cmd: "outcome", session: s.session }).result.outcome.winners.length).toBeGreaterThan(0);
    expect(call({ cmd: "apply", session: s.session, action: { type: "pass", player: 0 } }).error?.code).toBe("GAME_OVER");
    expect(call({ cmd: "close", session: s.session }).result.closed).toBe(true);
  });

  it.skipIf(!hasPython)("the standard-library Python client plays a full game through the rules binary", () => {
    const out = execFileSync("python3", ["examples/python/play_random.py", process.execPath, programPath("rules"), "serve"], {
      encoding: "utf8",
      env: { ...process.env, PLAYERS: "5", SEED: "3" },
    });
    expect(out).toMatch(/^donkey-valley, 5 players, seed 3: \d+ actions; scores \[[\d, ]+\]; winners \[[\d, ]+\]\n$/);
  });
});
