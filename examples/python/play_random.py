#!/usr/bin/env python3
"""Play one full game through `rules serve` (the JSON-lines protocol), standard library only.

    python3 examples/python/play_random.py                      # runs `npx rules serve`
    python3 examples/python/play_random.py node packages/cli/dist/main.js serve
    GAME=donkey-valley PLAYERS=4 SEED=7 python3 examples/python/play_random.py
    GAME=age-of-steam-exp PLAYERS=4 OPTIONS='{"map": "orient-express"}' python3 examples/python/play_random.py ...

Each seat picks a uniformly random legal action (Python's own seeded generator); when several seats
may act at once, the one to act next is drawn from the same generator (never "the lowest seat", which
would hand it every race). Prints the final scores; exits non-zero if the server misbehaves. For
learning agents, the rules-env package (python/, docs/guides/python.md) wraps this protocol in
PettingZoo and Gymnasium environments.
"""
import json
import os
import random
import subprocess
import sys


class Rules:
    """A client of `rules serve`: one request line out, one reply line back."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.next_id = 0

    def call(self, cmd, **args):
        """The reply to one request: {"id", "ok": true, "result"} or {"id", "ok": false, "error": {"code", "message"}}."""
        self.next_id += 1
        self.proc.stdin.write(json.dumps({"id": self.next_id, "cmd": cmd, **args}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("rules serve closed its output")
        reply = json.loads(line)
        if reply.get("id") != self.next_id:
            raise RuntimeError("reply out of order: %r" % reply)
        return reply

    def result(self, cmd, **args):
        reply = self.call(cmd, **args)
        if not reply["ok"]:
            raise RuntimeError("%s refused: %s %s" % (cmd, reply["error"]["code"], reply["error"]["message"]))
        return reply["result"]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def main():
    command = sys.argv[1:] or ["npx", "rules", "serve"]
    game = os.environ.get("GAME", "donkey-valley")
    players = int(os.environ.get("PLAYERS", "4"))
    seed = int(os.environ.get("SEED", "1"))
    options = dict(json.loads(os.environ.get("OPTIONS", "{}")), players=players)
    rng = random.Random(seed)
    rules = Rules(command)
    session = rules.result("new", game=game, seed=seed, options=options)
    sid = session["session"]

    # A refusal is a JSON error with the engine's code, never a crash.
    bad = rules.call("apply", session=sid, action={"type": "no such action", "player": 0})
    assert not bad["ok"] and bad["error"]["code"] == "INVALID_ACTION", bad

    steps = 0
    status = session
    action = None
    while not status["terminal"]:
        # Several seats may act at once (a simultaneous step): draw who goes first, never seat order.
        seat = rng.choice(status["activePlayers"])
        actions = rules.result("legal", session=sid, player=seat)["actions"]
        view = rules.result("view", session=sid, player=seat)["view"]
        assert view is not None
        action = rng.choice(actions)
        status = rules.result("apply", session=sid, action=action)
        steps += 1

    outcome = rules.result("outcome", session=sid)["outcome"]
    # Once the game is over, any action (here the last one played, again) is refused with GAME_OVER.
    late = rules.call("apply", session=sid, action=action)
    assert not late["ok"] and late["error"]["code"] == "GAME_OVER", late
    rules.result("close", session=sid)
    rules.close()
    extra = "".join(", %s %s" % (k, v) for k, v in sorted(options.items()) if k != "players")
    print("%s, %d player%s%s, seed %d: %d actions; scores %s; winners %s" % (game, players, "" if players == 1 else "s", extra, seed, steps, outcome["scores"], outcome["winners"]))


if __name__ == "__main__":
    main()
