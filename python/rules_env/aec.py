"""``aec_env``: a game of `rules serve` in PettingZoo's AEC shape (a ``pettingzoo.AECEnv`` when pettingzoo imports)."""
import random

from . import spaces
from ._serve import Server
from ._table import MAX_STEPS, Table, TableEnv, check_max_steps, check_reward, check_seed, rank_rewards, episode_seed

try:
    from pettingzoo import AECEnv as _Base
except ImportError:  # pragma: no cover - depends on the machine
    from ._aec_base import AECEnv as _Base

__all__ = ["RulesAECEnv", "aec_env"]


class RulesAECEnv(TableEnv, _Base):
    """Every seat of one game, agents ``player_0`` ... in seat order. ``observe(agent)`` is
    ``{"observation": vector, "action_mask": mask}`` from the game's encoding; an action is an index of the
    mask. Rewards are 0 until the end, then :func:`rank_rewards` of the outcome; with ``reward="score"``, every
    agent's reward after each step is the change in its score. When several seats may act
    (a simultaneous step), the next agent is drawn uniformly from them with the env's own seeded generator."""

    metadata = {"render_modes": ["ansi", "human"], "name": "rules_v0", "is_parallelizable": False}

    def __init__(self, game, players=None, seed=None, render_mode=None, command=None, compact=True, arrays=None, server=None, max_steps=MAX_STEPS, timeout=None, reward="outcome", **options):
        super().__init__()
        self.max_steps = check_max_steps(max_steps)
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError("render_mode must be None, 'ansi' or 'human', not %r" % (render_mode,))
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name="rules_%s_v0" % game.replace("-", "_"))
        self._server = server if server is not None else Server(command, timeout=timeout)
        self._owns_server = server is None
        if players is not None:
            options["players"] = players
        try:
            self._table = Table(self._server, game, options, compact, arrays, describe=render_mode is not None)
        except BaseException:
            if self._owns_server:
                self._server.close()
            raise
        self.game = game
        self.possible_agents = ["player_%d" % p for p in range(self._table.players)]
        self.agents = []
        n, k = self._table.observation_size, self._table.action_count
        self.observation_spaces = {a: spaces.dict_space({"observation": spaces.vector(n), "action_mask": spaces.mask_space(k)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.discrete(k) for a in self.possible_agents}
        self._first_seed = check_seed(seed)
        self._rng = random.Random(seed)
        self._lines = []
        self._observed = {}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """A new game: from ``seed`` (the game's seed and the env's generator), else the constructor's seed the
        first time, else a seed drawn from the env's generator."""
        if options:
            raise ValueError("game options go to aec_env(game, **options), not reset()")
        seed = episode_seed(self, seed)
        self._start(self._table.new(seed))

    def load(self, state):
        """Play on from ``state`` (what ``state()`` gave, e.g. read back with ``json.load``), checked by the
        engine's ``loadState``: a state it refuses raises :class:`rules_env.RulesError` ``INVALID_STATE`` and
        the env stays as it was. Every agent is live again and the step count starts at 0."""
        self._start(self._table.load(state))

    def _start(self, status):
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._lines = []
        self._observed = {}
        self._scores = self._table.scores() if self.reward == "score" else None
        self._next(status)

    def _next(self, status):
        if not status["terminal"] and self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"truncated_after": self._steps}
            self.agent_selection = self.agents[0]
            return
        if status["terminal"]:
            outcome = self._table.outcome()
            for a, r in zip(self.possible_agents, rank_rewards(outcome["ranks"])):
                if self.reward == "outcome":
                    self.rewards[a] = r
                self.terminations[a] = True
                self.infos[a] = {"outcome": outcome}
            self.agent_selection = self.agents[0]
            return
        active = status["activePlayers"]
        seat = active[0] if len(active) == 1 else self._rng.choice(active)
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent):
        if agent not in self._observed:
            obs, mask = self._table.encode(self.possible_agents.index(agent))
            self._observed[agent] = {"observation": obs, "action_mask": mask}
        return self._observed[agent]

    def _score_rewards(self):
        """Every agent's reward for the step just played: the change in its score."""
        now = self._table.scores()
        for p, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] = float(now[p] - self._scores[p])
        self._scores = now

    def step(self, action):
        """Play action index ``action`` for ``agent_selection`` (None for an agent that is done). An index the
        rules refuse raises :class:`rules_env.RulesError` carrying the engine's code; nothing changes then."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        status, lines = self._table.play(self.possible_agents.index(agent), action)
        self._steps += 1
        self._observed = {}
        self._lines.extend(lines)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.reward == "score":
            self._score_rewards()
        self._next(status)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def aec_env(game, players=None, seed=None, **options):
    """A :class:`RulesAECEnv`: ``aec_env("donkey-valley", players=4, seed=1)``. Keyword arguments besides
    ``render_mode``, ``command`` (the argv of `rules serve`), ``compact`` (sparse base64 vectors, default True),
    ``arrays`` ("numpy" or "list"), ``server`` (a shared :class:`rules_env.Server`), ``max_steps`` (every
    agent is truncated after that many steps of the game, default 10,000; None for never) and ``reward``
    ("outcome", the default, or "score": docs/guides/python.md, "Rewards") are the game's options, e.g.
    ``map="orient-express"``."""
    return RulesAECEnv(game, players=players, seed=seed, **options)
