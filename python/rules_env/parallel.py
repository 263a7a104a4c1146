"""``parallel_env``: a game of `rules serve` in PettingZoo's Parallel shape (a ``pettingzoo.ParallelEnv`` when
pettingzoo imports), for the games where several seats act at once (Donkey Valley's load cards, Steam Park's
dice race, Steam Donkey's posters)."""
import base64
import random

from . import spaces
from ._serve import RulesError, Server
from ._table import MAX_STEPS, Table, action_index, check_max_steps, check_reward, check_seed, rank_rewards, episode_seed

try:
    from pettingzoo import ParallelEnv as _Base
except ImportError:  # pragma: no cover - depends on the machine

    class _Base:
        metadata = {}

        @property
        def num_agents(self):
            return len(self.agents)

        @property
        def max_num_agents(self):
            return len(self.possible_agents)

        @property
        def unwrapped(self):
            return self


__all__ = ["RulesParallelEnv", "parallel_env"]


class RulesParallelEnv(_Base):
    """Every seat of one game, agents ``player_0`` ... Each ``step(actions)`` plays the actions of every seat
    that may act now (``infos[agent]["active"]``), in an order drawn with the env's seeded generator (a race
    is fair); the other agents' masks are all 0 and their actions (None, or left out) are ignored. One
    ``batch`` request a step. Rewards are floats: 0 until the end, then :func:`rules_env.rank_rewards`; with
    ``reward="score"``, each agent's score change over the step. A
    game is truncated after ``max_steps`` steps (default 10,000; None for never)."""

    metadata = {"render_modes": [], "name": "rules_parallel_v0"}

    def __init__(self, game, players=None, seed=None, command=None, arrays=None, server=None, max_steps=MAX_STEPS, timeout=None, reward="outcome", **options):
        self.max_steps = check_max_steps(max_steps)
        self.reward = check_reward(reward)
        self._server = server if server is not None else Server(command, timeout=timeout)
        self._owns_server = server is None
        if players is not None:
            options["players"] = players
        try:
            self._table = Table(self._server, game, options, True, arrays)
        except BaseException:
            if self._owns_server:
                self._server.close()
            raise
        self.game = game
        self.metadata = dict(self.metadata, name="rules_%s_parallel_v0" % game.replace("-", "_"))
        self.possible_agents = ["player_%d" % p for p in range(self._table.players)]
        self.agents = []
        n, k = self._table.observation_size, self._table.action_count
        self.observation_spaces = {a: spaces.dict_space({"observation": spaces.vector(n), "action_mask": spaces.mask_space(k)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.discrete(k) for a in self.possible_agents}
        self._first_seed = check_seed(seed)
        self._rng = random.Random(seed)
        self._masks = {}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _observe(self, extra=()):
        """One batch: ``extra`` requests first, then every live seat's observation and the outcome."""
        seats = [self.possible_agents.index(a) for a in self.agents]
        s = self._table.session
        requests = list(extra) + [{"cmd": "encode", "session": s, "player": p, "format": "base64"} for p in seats] + [{"cmd": "outcome", "session": s}]
        results = self._server.call("batch", requests=requests)["results"]
        moved = results[: len(extra)]
        for r in results[len(extra):]:
            if not r["ok"]:
                raise RulesError(r["error"]["code"], r["error"]["message"], "batch")
        last = results[-1]["result"]
        observations, infos = {}, {}
        for a, p, r in zip(self.agents, seats, results[len(extra):-1]):
            obs, mask = self._table.vectors(r["result"])
            self._masks[a] = base64.b64decode(r["result"]["mask"])
            observations[a] = {"observation": obs, "action_mask": mask}
            infos[a] = {"active": p in last["activePlayers"]}
        return observations, infos, last, moved

    def reset(self, seed=None, options=None):
        """A new game from ``seed`` (else the constructor's seed the first time, else one drawn from the env's
        generator): ``(observations, infos)``."""
        if options:
            raise ValueError("game options go to parallel_env(game, **options), not reset()")
        seed = episode_seed(self, seed)
        return self._start(self._table.new(seed))

    def _start(self, status):
        self._steps = 0
        self.agents = self.possible_agents[:]
        observations, infos, last, _ = self._observe()
        return observations, infos

    def state(self):
        """The game's full state as plain JSON (for saving; never a seat's observation)."""
        return self._table.state()

    def load(self, state):
        """Play on from ``state`` (what ``state()`` gave), checked by the engine's ``loadState``:
        ``(observations, infos)``; a refused state raises ``INVALID_STATE`` and changes nothing."""
        return self._start(self._table.load(state))

    def step(self, actions):
        """``actions``: ``{agent: index}`` for every agent that may act (others may be left out or None).
        ``(observations, rewards, terminations, truncations, infos)``. An index its own mask refuses raises
        :class:`rules_env.RulesError` before anything moves; an action another seat's move made illegal in
        between (the race was lost) is not played, and ``infos[agent]["refused"]`` says why."""
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        active = [a for a in self.agents if self._masks[a] and any(self._masks[a])]
        chosen = {}
        for a in active:
            if actions.get(a) is None:
                raise ValueError("%s may act now: step() needs its action" % a)
            index = action_index(actions[a])
            if not (0 <= index < len(self._masks[a]) and self._masks[a][index]):
                raise RulesError("ILLEGAL_ACTION", "%s: action %d is not legal now (its mask is 0); nothing moved" % (a, index), "step")
            chosen[a] = index
        order = sorted(active)
        self._rng.shuffle(order)
        s = self._table.session
        moves = [{"cmd": "step", "session": s, "player": self.possible_agents.index(a), "index": chosen[a], "observe": self.possible_agents.index(a)} for a in order]
        if self.reward == "score":
            for m in moves:
                m["reward"] = "score"
        self._steps += 1
        observations, infos, last, moved = self._observe(moves)
        for a, r in zip(order, moved):
            if not r["ok"]:
                infos[a]["refused"] = "%s: %s" % (r["error"]["code"], r["error"]["message"])
        over = last["terminal"]
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        if self.reward == "score":  # each played move's score changes, summed per seat
            rewards = {a: sum(r["result"]["rewards"][p] for r in moved if r["ok"]) for p, a in enumerate(self.possible_agents)}
        else:
            rewards = dict(zip(self.possible_agents, rank_rewards(last["outcome"]["ranks"]))) if over else {}
        rewards = {a: float(rewards.get(a, 0.0)) for a in self.agents}
        terminations = {a: over for a in self.agents}
        truncations = {a: truncated for a in self.agents}
        if over:
            for a in self.agents:
                infos[a]["outcome"] = last["outcome"]
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def close(self):
        """Close the game and, unless the env was given a ``server``, end the `rules serve` process."""
        if not self._server.closed:
            self._table.close()
            if self._owns_server:
                self._server.close()


def parallel_env(game, players=None, seed=None, **options):
    """A :class:`RulesParallelEnv`: ``parallel_env("steam-park", players=3, seed=1)``."""
    return RulesParallelEnv(game, players=players, seed=seed, **options)
