"""``gym_env``: one seat of a game of `rules serve` in Gymnasium's shape (a ``gymnasium.Env`` when gymnasium imports)."""
import random

from . import spaces
from ._serve import RulesError, Server
from ._table import MAX_STEPS, Table, TableEnv, check_max_steps, check_reward, check_seed, rank_rewards, episode_seed

try:
    from gymnasium import Env as _Base
except ImportError:  # pragma: no cover - depends on the machine

    class _Base:
        metadata = {}
        render_mode = None

        @property
        def unwrapped(self):
            return self

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.close()
            return False


__all__ = ["RulesGymEnv", "gym_env"]


def _opponent(spec, rng):
    """A policy ``(observation, mask) -> index`` for the other seats, or a bot name (str) serve plays."""
    if callable(spec):
        return spec
    if spec == "random":
        def pick(_observation, mask):
            legal = mask.nonzero()[0] if hasattr(mask, "nonzero") else [i for i, m in enumerate(mask) if m]
            return int(legal[rng.randrange(len(legal))])

        return pick
    if isinstance(spec, str):
        return spec
    raise ValueError("opponents must be 'random', a bot name such as 'mcts:200', or a function (observation, mask) -> action index, not %r" % (spec,))


class RulesGymEnv(TableEnv, _Base):
    """Seat ``seat`` of a game; the other seats, if any, are played by ``opponents``. ``reset`` gives
    ``(observation, info)``, ``step(index)`` gives ``(observation, reward, terminated, truncated, info)``; the
    legal-action mask is ``info["action_mask"]``. The reward is 0 until the end, then the seat's
    :func:`rank_rewards` (solo: +1 won, -1 lost); with ``reward="score"``, the change in the seat's score since its
    last observation. Simultaneous steps are ordered by the env's seeded generator."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game, opponents=None, seat=0, seed=None, render_mode=None, command=None, compact=True, arrays=None, server=None, players=None, max_steps=MAX_STEPS, timeout=None, reward="outcome", **options):
        self.max_steps = check_max_steps(max_steps)
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError("render_mode must be None, 'ansi' or 'human', not %r" % (render_mode,))
        self.render_mode = render_mode
        self._server = server if server is not None else Server(command, timeout=timeout)
        self._owns_server = server is None
        if players is not None:
            options["players"] = players
        try:
            self._table = Table(self._server, game, options, compact, arrays, describe=render_mode is not None)
            if self._table.players > 1 and opponents is None:
                raise ValueError("%s with %d seats needs opponents= ('random' or a policy) for the other seats" % (game, self._table.players))
            if not 0 <= seat < self._table.players:
                raise ValueError("seat %r is not a seat of %d" % (seat, self._table.players))
        except BaseException:
            if self._owns_server:
                self._server.close()
            raise
        self.game, self.seat = game, seat
        self._rng = random.Random(check_seed(seed))
        self._first_seed = seed
        self._opponent = _opponent(opponents, self._rng) if self._table.players > 1 else None
        self.observation_space = spaces.vector(self._table.observation_size)
        self.action_space = spaces.discrete(self._table.action_count)
        self._lines = []
        self._mask = None
        self._done = True

    def _advance(self, status):
        """Let the opponents act until this seat is to act or the game is over; (observation, reward, terminated, info)."""
        while not status["terminal"]:
            active = status["activePlayers"]
            seat = active[0] if len(active) == 1 else self._rng.choice(active)
            if seat == self.seat:
                obs, self._mask = self._table.encode(self.seat)
                return obs, 0.0, False, {"action_mask": self._mask}
            if isinstance(self._opponent, str):
                status, lines = self._table.play_bot(seat, self._opponent, self._rng.randrange(2**31))
            else:
                obs, mask = self._table.encode(seat)
                choice = self._opponent(obs, mask)
                try:
                    status, lines = self._table.play(seat, choice)
                except (RulesError, TypeError) as e:
                    # The episode cannot go on without a move for that seat: it ends here, and says why.
                    self._done = True
                    raise ValueError("the opponent policy of seat %d returned %r, which is not a legal action (%s); the episode is over: call reset()" % (seat, choice, e)) from None
            self._lines.extend(lines)
        outcome = self._table.outcome()
        obs, self._mask = self._table.encode(self.seat)
        self._done = True
        return obs, rank_rewards(outcome["ranks"])[self.seat], True, {"action_mask": self._mask, "outcome": outcome}

    def reset(self, seed=None, options=None):
        """A new game from ``seed`` (else the constructor's seed the first time, else one drawn from the env's
        generator): ``(observation, info)``."""
        if options:
            raise ValueError("game options go to gym_env(game, **options), not reset()")
        seed = episode_seed(self, seed)
        if hasattr(_Base, "np_random"):
            super().reset(seed=seed)
        self._lines = []
        self._done = False
        self._steps = 0
        obs, _, _, info = self._advance(self._table.new(seed))
        self._score = self._table.scores()[self.seat] if self.reward == "score" else None
        return obs, info

    def load(self, state):
        """Play on from ``state`` (what ``state()`` gave), checked by the engine's ``loadState`` (a state it
        refuses raises :class:`rules_env.RulesError` ``INVALID_STATE`` and changes nothing): ``(observation,
        info)`` as ``reset`` gives them, the opponents having moved up to this seat's turn."""
        status = self._table.load(state)
        self._lines = []
        self._done = False
        self._steps = 0
        obs, _, _, info = self._advance(status)
        self._score = self._table.scores()[self.seat] if self.reward == "score" else None
        return obs, info

    def step(self, action):
        if self._done:
            raise RuntimeError("the game is over: call reset()")
        status, lines = self._table.play(self.seat, action)
        self._steps += 1
        self._lines.extend(lines)
        obs, reward, terminated, info = self._advance(status)
        if self.reward == "score":
            score = self._table.scores()[self.seat]
            reward, self._score = score - self._score, score
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        if truncated:
            self._done = True
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), terminated, truncated, info

    def action_masks(self):
        """The current legal-action mask (the method sb3-contrib's MaskablePPO looks for)."""
        return self._mask


def gym_env(game, **options):
    """A :class:`RulesGymEnv`: ``gym_env("steamrollers", players=1)`` (solo, against Olive),
    ``gym_env("age-of-steam-exp", players=1, map="amusement-park")``, ``gym_env("donkey-valley", players=4,
    opponents="random")`` or ``opponents="mcts:200"`` (a bot played inside rules serve, by its ``bot`` request)."""
    return RulesGymEnv(game, **options)
