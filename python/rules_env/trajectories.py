"""Trajectory files of ``rules simulate --trajectories FILE`` as arrays for offline RL or imitation learning.

A trajectory file is JSON lines (gzip when the name ends in ``.gz``), one game a line: ``game``,
``rulesVersion``, ``seed``, ``options``, the master seed and bots it came from, every ``actions[i]``,
the seat that took it (``actors[i]``), the seats that could act before it (``active[i]``), the
``outcome`` and the final state's hash. It holds no observations: :func:`game_arrays` replays a game
through ``rules serve`` and asks ``encode`` for each acting seat's observation and legal-action mask
before its move, and ``decode`` for the index of the move taken::

    from rules_env import Server
    from rules_env.trajectories import read_trajectories, game_arrays

    with Server() as server:
        for t in read_trajectories("games.jsonl.gz"):
            per_seat = game_arrays(server, t)
            obs, masks, actions, returns = (per_seat[0][k] for k in ("observations", "masks", "actions", "returns"))

Standard library only; with numpy installed (or ``arrays="numpy"``) the arrays are numpy arrays
(observations float32, masks uint8, actions int64, returns float32), otherwise lists.
"""
import gzip
import json

from . import _vectors
from ._serve import RulesError
from ._table import rank_rewards

try:
    import numpy as np
except ImportError:  # the package works on the standard library alone
    np = None

__all__ = ["read_trajectories", "game_arrays", "dataset"]


def read_trajectories(path):
    """Yields each game of a trajectory file (a dict per line), reading it as a stream."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                t = json.loads(line)
            except ValueError as e:
                raise ValueError("%s line %d is not JSON: %s" % (path, n, e)) from None
            if not isinstance(t, dict) or not isinstance(t.get("actions"), list) or not isinstance(t.get("actors"), list):
                raise ValueError("%s line %d is no trajectory (rules simulate --trajectories writes them)" % (path, n))
            yield t


def _key(action):
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _index_of(server, session, seat, legal, action):
    """The index of ``action`` among the ``legal`` indices (decoded one by one)."""
    want = _key(action)
    for i in legal:
        if _key(server.call("decode", session=session, player=seat, index=i)["action"]) == want:
            return i
    raise ValueError("the recorded action %s is not among the legal actions encoded for seat %d" % (want, seat))


def game_arrays(server, trajectory, arrays=None):
    """One game's steps per seat: ``{seat: {"observations", "masks", "actions", "returns"}}``.

    ``observations[k]`` and ``masks[k]`` are what ``encode`` gives seat ``seat`` before its k-th move,
    ``actions[k]`` the index of that move, ``returns[k]`` the seat's final reward (+1 first, -1 last,
    as the envs reward; no reward before the end, so the return is the same at every step). The
    replay is checked: a recorded move that is not legal, or a different outcome at the end,
    raises ValueError.
    """
    if arrays is None:
        arrays = "numpy" if np is not None else "list"
    if arrays == "numpy" and np is None:
        raise ImportError('arrays="numpy" needs numpy')
    t = trajectory
    players = t["options"].get("players", 1)
    per_seat = {p: {"observations": [], "masks": [], "actions": []} for p in range(players)}
    session = server.call("new", game=t["game"], seed=t["seed"], options=t["options"])["session"]
    try:
        fmt = "sparse"  # only the nonzero numbers travel (docs/serve.md, "Compact vectors")
        for step, (action, seat) in enumerate(zip(t["actions"], t["actors"])):
            try:
                enc = server.call("encode", session=session, player=seat, format=fmt)
            except RulesError as e:
                if not (fmt == "sparse" and e.code == "BAD_REQUEST"):
                    raise
                fmt = "json"  # a serve from before "sparse"
                enc = server.call("encode", session=session, player=seat, format=fmt)
            obs, mask = _vectors.one(enc, enc["observationSize"], enc["actionCount"], arrays)
            index = _index_of(server, session, seat, _vectors.legal(enc), action)
            per_seat[seat]["observations"].append(obs)
            per_seat[seat]["masks"].append(mask)
            per_seat[seat]["actions"].append(index)
            server.call("apply", session=session, action=action)
        outcome = server.call("outcome", session=session)["outcome"]
    finally:
        server.call("close", session=session)
    recorded = t.get("outcome")
    if recorded is not None and (outcome is None or outcome["scores"] != recorded["scores"]):
        raise ValueError("game %s replays to %r, not the recorded outcome %r" % (t.get("index"), outcome, recorded))
    rewards = rank_rewards(outcome["ranks"]) if outcome else [0.0] * players
    out = {}
    for p, d in per_seat.items():
        n = len(d["actions"])
        returns = [float(rewards[p])] * n
        if arrays == "numpy":
            size = len(d["observations"][0]) if n else 0
            out[p] = {
                "observations": np.stack(d["observations"]).astype(np.float32) if n else np.zeros((0, size), dtype=np.float32),
                "masks": np.stack(d["masks"]).astype(np.uint8) if n else np.zeros((0, 0), dtype=np.uint8),
                "actions": np.asarray(d["actions"], dtype=np.int64),
                "returns": np.asarray(returns, dtype=np.float32),
            }
        else:
            out[p] = dict(d, returns=returns)
    return out


def dataset(server, path, arrays=None):
    """Yields ``(trajectory, game_arrays(...))`` for every game of a trajectory file."""
    for t in read_trajectories(path):
        yield t, game_arrays(server, t, arrays=arrays)
