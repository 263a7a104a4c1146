"""``vector_env``: ``num_envs`` games in Gymnasium 1.x's vector shape, over one or several `rules serve` processes.

Every step is one ``batch`` request per process (docs/serve.md, "Many sessions in one request"), sent to all
processes before any reply is read, so ``processes=k`` keeps k cores busy. Each env has its own seeded
generator (simultaneous steps, opponents, the seeds of autoreset games), so the same seeds and actions give
the same batches whatever the number of processes."""
import random

from . import _vectors, spaces
from ._serve import RulesError, Server
from ._table import Table, action_index, check_reward, check_seed, np

__all__ = ["RulesVectorEnv", "vector_env", "AUTORESET_MODES"]

try:
    from gymnasium.vector import AutoresetMode as _AutoresetMode
except ImportError:  # pragma: no cover - depends on the machine
    _AutoresetMode = None

#: Gymnasium's three autoreset modes (gymnasium.vector.AutoresetMode values).
AUTORESET_MODES = ("NextStep", "SameStep", "Disabled")


def _mode(value):
    name = getattr(value, "value", value)
    aliases = {"next_step": "NextStep", "same_step": "SameStep", "disabled": "Disabled"}
    name = aliases.get(name, name)
    if name not in AUTORESET_MODES:
        raise ValueError("autoreset_mode must be one of %s, not %r" % (", ".join(AUTORESET_MODES), value))
    return _AutoresetMode(name) if _AutoresetMode is not None else name


class _Batched:
    """A batched space without gymnasium: ``shape`` and ``dtype`` of ``num_envs`` stacked samples."""

    def __init__(self, shape, dtype, n=None):
        self.shape, self.dtype, self.n = tuple(shape), dtype, n

    def __repr__(self):
        return "Batched(%s, %s)" % (self.shape, self.dtype)


class RulesVectorEnv:
    """``num_envs`` games of ``game``, stepped together. ``reset(seed=s)`` gives ``(observations, infos)``,
    ``step(actions)`` gives ``(observations, rewards, terminations, truncations, infos)``: arrays of
    ``num_envs`` rows (numpy when it imports, else lists). ``infos["action_mask"]`` holds the masks and
    ``infos["seat"]`` the seat each observation belongs to (the seat that acts next).

    ``seat=None`` (the default): the policy plays every seat (self-play; solo games have only one), and a
    step's reward is that of the seat that moved. ``seat=k`` with ``opponents="random"`` (or a function
    ``(observation, mask) -> index``): the policy plays seat k, the others move in between, and the reward
    is seat k's. Rewards are floats: 0 until the end, then :func:`rules_env.rank_rewards` of the outcome;
    ``infos["outcome"]`` holds the outcome where a game ended (``infos["_outcome"]`` says where). With
    ``reward="score"``, a step's reward is the change in that seat's score since the seat's last reward (or
    the game's start).

    A game is truncated after ``max_steps`` steps of the env (default 10,000; None for never). Autoreset as
    Gymnasium 1.x: ``"NextStep"`` (default: the step after a game ended starts the next one, its action is
    ignored, reward 0), ``"SameStep"`` (the next game starts at once; the last observation and info go to
    ``infos["final_obs"]`` / ``infos["final_info"]``), ``"Disabled"`` (``reset(options={"reset_mask": m})``)."""

    def __init__(self, game, num_envs, seat=None, opponents=None, seed=None, processes=1, servers=None, command=None, arrays=None, max_steps=10_000, autoreset_mode="NextStep", timeout=None, players=None, reward="outcome", **options):
        self.reward = check_reward(reward)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError("num_envs must be a positive integer, not %r" % (num_envs,))
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError("max_steps must be a positive integer or None, not %r" % (max_steps,))
        if players is not None:
            options["players"] = players
        self.autoreset_mode = _mode(autoreset_mode)
        self._mode = getattr(self.autoreset_mode, "value", self.autoreset_mode)
        self.metadata = {"autoreset_mode": self.autoreset_mode}
        self._owned = servers is None
        if servers is None:
            if isinstance(processes, bool) or not isinstance(processes, int) or not 1 <= processes <= num_envs:
                raise ValueError("processes must be an integer from 1 to num_envs, not %r" % (processes,))
            servers = []
            try:
                for _ in range(processes):
                    servers.append(Server(command, timeout=timeout))
            except BaseException:
                for s in servers:
                    s.close()
                raise
        self.servers = list(servers)
        try:
            table = Table(self.servers[0], game, options, True, arrays)
            self._arrays, self._format = table.arrays, table.format
            self.players, self.observation_size, self.action_count = table.players, table.observation_size, table.action_count
            if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
                raise ValueError("seat %r is not a seat of %d" % (seat, self.players))
            if seat is not None and self.players > 1 and opponents is None:
                raise ValueError("%s with %d seats and seat=%d needs opponents= ('random' or a function (observation, mask) -> index)" % (game, self.players, seat))
            if opponents is not None and opponents != "random" and not callable(opponents):
                raise ValueError("opponents must be 'random' or a function (observation, mask) -> action index, not %r" % (opponents,))
            self.game, self.options, self.num_envs, self.seat, self.max_steps = game, dict(options), num_envs, seat, max_steps
            self._opponents = opponents
            k = len(self.servers)
            self._server_of = [i * k // num_envs for i in range(num_envs)]
            self._session = [None] * num_envs
            made = self._run({i: {"cmd": "new", "game": game, "seed": 1, "options": self.options} for i in range(num_envs)})
            for i, r in made.items():
                self._session[i] = r["session"]
        except BaseException:
            self.close()
            raise
        self._first_seed = check_seed(seed) if not isinstance(seed, (list, tuple)) else [check_seed(s) for s in seed]
        self._rng = [random.Random() for _ in range(num_envs)]
        self._reply = [None] * num_envs
        self._steps = [0] * num_envs
        self._ended = [True] * num_envs
        self._credited = [None] * num_envs  # reward="score": each seat's score when it was last rewarded
        self.single_observation_space = spaces.vector(self.observation_size)
        self.single_action_space = spaces.discrete(self.action_count)
        if spaces.gymnasium:
            self.observation_space = spaces.gymnasium.spaces.Box(low=-np.inf, high=np.inf, shape=(num_envs, self.observation_size), dtype=np.float32)
            self.action_space = spaces.gymnasium.spaces.MultiDiscrete([self.action_count] * num_envs)
        else:
            self.observation_space = _Batched((num_envs, self.observation_size), "float32")
            self.action_space = _Batched((num_envs,), "int64", self.action_count)

    # -- requests ---------------------------------------------------------------------------------------

    def _run(self, entries):
        """Answer ``{env index: request}`` with one ``batch`` per process, all sent before any is read."""
        per = {}
        for i, req in entries.items():
            per.setdefault(self._server_of[i], []).append(i)
        tickets = []
        for k, envs in per.items():
            for start in range(0, len(envs), 256):  # serve's MAX_BATCH
                part = envs[start:start + 256]
                tickets.append((k, part, self.servers[k].submit("batch", requests=[entries[i] for i in part])))
        out = {}
        for k, part, ticket in tickets:
            for i, r in zip(part, self.servers[k].receive(ticket)["results"]):
                if not r["ok"]:
                    e = r["error"]
                    raise RulesError(e["code"], "env %d: %s" % (i, e["message"]), entries[i]["cmd"])
                out[i] = r["result"]
        return out

    def _step_request(self, i, index):
        return self._rewarded({"cmd": "step", "session": self._session[i], "player": self._reply[i]["player"], "index": index, "choose": self._rng[i].randrange(2**31), "format": self._format})

    def _reset_request(self, i, seed):
        self._rng[i] = random.Random(seed)
        self._steps[i] = 0
        return self._rewarded({"cmd": "reset", "session": self._session[i], "seed": seed, "options": self.options, "choose": self._rng[i].randrange(2**31), "format": self._format})

    def _rewarded(self, request):
        """``request`` asking for the seats' scores too, with ``reward="score"``."""
        if self.reward == "score":
            request["reward"] = "score"
        return request

    def _started(self, envs):
        """Envs in ``envs`` start a game: with ``reward="score"``, every seat's rewards count from the scores now."""
        if self.reward == "score":
            for i in envs:
                self._credited[i] = list(self._reply[i]["scores"])

    def _score_reward(self, i, seat):
        """With ``reward="score"``: the change in ``seat``'s score in env ``i`` since it was last rewarded."""
        now = self._reply[i]["scores"][seat]
        reward, self._credited[i][seat] = now - self._credited[i][seat], now
        return reward

    def _settle(self, envs):
        """Let the opponents move in ``envs`` until the policy's seat is to act or the game is over; a game that
        ended with another seat observed is observed again from the policy's seat."""
        if self.seat is None:
            return
        while True:
            todo = {i: self._opponent_request(i) for i in envs if not self._reply[i]["terminal"] and self._reply[i]["player"] != self.seat}
            if not todo:
                break
            for i, r in self._run(todo).items():
                self._reply[i] = r
        last = {i: {"cmd": "encode", "session": self._session[i], "player": self.seat, "format": self._format} for i in envs if self._reply[i]["player"] != self.seat}
        for i, r in self._run(last).items():
            self._reply[i] = dict(self._reply[i], player=self.seat, observation=r["observation"], mask=r["mask"])

    def _opponent_request(self, i):
        if self._opponents == "random":
            legal = _vectors.legal(self._reply[i])
            index = legal[self._rng[i].randrange(len(legal))]
        else:
            obs, m = self._decode(self._reply[i])
            index = action_index(self._opponents(obs, m))
        return self._step_request(i, index)

    # -- arrays -----------------------------------------------------------------------------------------

    def _decode(self, reply):
        return _vectors.one(reply, self.observation_size, self.action_count, self._arrays)

    def _observations(self):
        """(observations, masks) of every env, stacked."""
        self._legal = [frozenset(_vectors.legal(r)) for r in self._reply]  # step() checks actions against these
        return _vectors.stack(self._reply, self.observation_size, self.action_count, self._arrays)

    def _vector(self, values, dtype):
        return np.array(values, dtype=dtype) if self._arrays == "numpy" else list(values)

    def _infos(self, masks, ended):
        infos = {"action_mask": masks, "seat": self._vector([r["player"] for r in self._reply], np.int64 if np is not None else None)}
        if any(ended):
            infos["outcome"] = [self._reply[i]["outcome"] if ended[i] else None for i in range(self.num_envs)]
            infos["_outcome"] = self._vector(ended, bool)
        return infos

    # -- the API ----------------------------------------------------------------------------------------

    def reset(self, seed=None, options=None):
        """New games: ``seed`` an integer (env i gets ``seed + i``), a list of one seed per env, or None (the
        constructor's seed the first time, else seeds drawn from each env's generator). ``options`` may hold
        ``reset_mask`` (a bool per env: reset only those). ``(observations, infos)``."""
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        if options:
            raise ValueError("game options go to vector_env(game, ...); reset() takes only reset_mask, not %s" % ", ".join(options))
        envs = [i for i in range(self.num_envs) if mask is None or bool(mask[i])]
        if seed is None and self._first_seed is not None:
            seed = self._first_seed
        self._first_seed = None
        if seed is None:
            seeds = {i: self._rng[i].randrange(2**31) for i in envs}
        elif isinstance(seed, (list, tuple)) or (np is not None and isinstance(seed, np.ndarray)):
            if len(seed) != self.num_envs:
                raise ValueError("seed holds %d seeds for %d envs" % (len(seed), self.num_envs))
            seeds = {i: check_seed(seed[i]) for i in envs}
        else:
            seed = check_seed(seed)
            seeds = {i: seed + i if isinstance(seed, int) else "%s/%d" % (seed, i) for i in envs}
        for i, r in self._run({i: self._reset_request(i, seeds[i]) for i in envs}).items():
            self._reply[i] = r
            self._ended[i] = False
        self._settle(envs)
        self._started(envs)
        obs, masks = self._observations()
        return obs, self._infos(masks, [False] * self.num_envs)

    def step(self, actions):
        """Play ``actions[i]`` (an index legal in ``infos["action_mask"][i]``) in every env. An illegal index
        raises :class:`rules_env.RulesError` before any env moves."""
        if self._reply[0] is None:
            raise RuntimeError("call reset() before step()")
        if len(actions) != self.num_envs:
            raise ValueError("step() needs %d actions, not %d" % (self.num_envs, len(actions)))
        n = self.num_envs
        restart = [self._ended[i] for i in range(n)]
        if any(restart) and self._mode != "NextStep":
            raise RuntimeError("envs %s have ended: reset them with reset(options={'reset_mask': ...})" % [i for i in range(n) if restart[i]])
        requests = {}
        for i in range(n):
            if restart[i]:
                requests[i] = self._reset_request(i, self._rng[i].randrange(2**31))
                continue
            index = action_index(actions[i])
            if index not in self._legal[i]:
                raise RulesError("ILLEGAL_ACTION", "env %d: action %d is not legal for seat %d now (its mask is 0); no env moved" % (i, index, self._reply[i]["player"]), "step")
            requests[i] = self._step_request(i, index)
        movers = [self._reply[i]["player"] for i in range(n)]
        for i, r in self._run(requests).items():
            self._reply[i] = r
        self._settle(range(n))
        self._started([i for i in range(n) if restart[i]])
        rewards, terminated, truncated = [0.0] * n, [False] * n, [False] * n
        for i in range(n):
            if restart[i]:
                self._ended[i] = False
                continue
            self._steps[i] += 1
            r = self._reply[i]
            if self.reward == "score":
                rewards[i] = float(self._score_reward(i, self.seat if self.seat is not None else movers[i]))
            if r["terminal"]:
                terminated[i] = True
                if self.reward == "outcome":
                    rewards[i] = float(r["rewards"][self.seat if self.seat is not None else movers[i]])
            elif self.max_steps is not None and self._steps[i] >= self.max_steps:
                truncated[i] = True
            self._ended[i] = terminated[i] or truncated[i]
        ended = [terminated[i] or truncated[i] for i in range(n)]
        obs, masks = self._observations()
        infos = self._infos(masks, terminated)
        if any(ended) and self._mode == "SameStep":
            infos["final_obs"] = [obs[i] if ended[i] else None for i in range(n)]
            infos["final_info"] = [{"outcome": self._reply[i]["outcome"]} if ended[i] else None for i in range(n)]
            infos["_final_obs"] = infos["_final_info"] = self._vector(ended, bool)
            again = [i for i in range(n) if ended[i]]
            for i, r in self._run({i: self._reset_request(i, self._rng[i].randrange(2**31)) for i in again}).items():
                self._reply[i] = r
                self._ended[i] = False
            self._settle(again)
            self._started(again)
            obs, masks = self._observations()
            infos["action_mask"], infos["seat"] = masks, self._infos(masks, [False] * n)["seat"]
        return obs, self._vector(rewards, np.float64 if np is not None else None), self._vector(terminated, bool), self._vector(truncated, bool), infos

    def state(self, i):
        """The full state of env ``i``'s game (plain JSON, for saving; not for a player)."""
        return self.servers[self._server_of[i]].call("state", session=self._session[i])["state"]

    def close(self):
        """Close the games and, unless the servers were given, end the `rules serve` processes."""
        for s in getattr(self, "servers", []):
            if self._owned:
                s.close()
        if not self._owned:
            for i, session in enumerate(getattr(self, "_session", [])):
                if session is not None and not self.servers[self._server_of[i]].closed:
                    self.servers[self._server_of[i]].call("close", session=session)
            self._session = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def vector_env(game, num_envs, **kwargs):
    """A :class:`RulesVectorEnv`: ``vector_env("steamrollers", 64, players=1, seed=0)``,
    ``vector_env("donkey-valley", 64, players=3, seat=0, opponents="random", processes=2)``."""
    return RulesVectorEnv(game, num_envs, **kwargs)
