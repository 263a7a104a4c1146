"""One game in a `rules serve` process: its sizes, observations and masks as arrays, and moves by action index."""
import operator
import warnings

from . import _vectors
from ._serve import RulesError

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    np = None

__all__ = ["Table", "rank_rewards", "action_index", "check_seed", "check_reward", "REWARDS"]


def action_index(index):
    """``index`` as an int: an integer (numpy's too), never a bool (``True`` would play action 1)."""
    if isinstance(index, bool) or (np is not None and isinstance(index, np.bool_)):
        raise TypeError("an action is an integer index, not the bool %r" % (index,))
    try:
        return operator.index(index)
    except TypeError:
        raise TypeError("an action is an integer index, not %r" % (index,)) from None


def check_seed(seed):
    """``seed`` if it is one the engine and Python's generator read alike: an integer (not a bool) or a string.
    A float (``nan``, ``1.5``) would seed the env's generator and the game differently, so it is refused."""
    if seed is None or isinstance(seed, str) or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    if np is not None and isinstance(seed, np.integer):
        return int(seed)
    raise TypeError("a seed is an integer or a string, not %r" % (seed,))


def episode_seed(env, seed):
    """The seed of an env's next game: ``seed`` (which also reseeds the env's generator ``env._rng``), else the
    constructor's seed the first time, else one drawn from the generator."""
    seed = check_seed(seed)
    if seed is not None:
        env._rng.seed(seed)
    elif env._first_seed is not None:
        seed = env._first_seed
    else:
        seed = env._rng.randrange(2**31)
    env._first_seed = None
    return seed


#: What an env's ``reward=`` may be: "outcome" (0 until the end, then :func:`rank_rewards`; the default) or
#: "score" (each step, the change in the seat's score as the game counts it: docs/guides/python.md, "Rewards").
REWARDS = ("outcome", "score")


def check_reward(reward):
    if not (isinstance(reward, str) and reward in REWARDS):
        raise ValueError('reward must be "outcome" (rank rewards at the end, the default) or "score" (the change in the seat\'s score each step), not %r' % (reward,))
    return reward


def rank_rewards(ranks):
    """Rewards from an outcome's ranks (1 = best): +1 for first, -1 for last, linear in between, tied seats
    alike; alone at the table, +1 for a win (rank 1) and -1 for a loss (rank 2: the game beat you)."""
    n = len(ranks)
    if n == 1:
        return [1.0 if ranks[0] == 1 else -1.0]
    return [1.0 - 2.0 * (r - 1) / (n - 1) for r in ranks]


class Table:
    """A session of ``game`` with ``options`` in ``server``. ``compact`` asks serve for base64 vectors;
    ``arrays`` is "numpy" or "list" (default: numpy when it imports); ``describe`` keeps each action's text."""

    def __init__(self, server, game, options, compact=True, arrays=None, describe=False):
        if arrays is None:
            arrays = "numpy" if np is not None else "list"
        if arrays not in ("numpy", "list"):
            raise ValueError('arrays must be "numpy" or "list", not %r' % (arrays,))
        if arrays == "numpy" and np is None:
            raise ImportError('arrays="numpy" needs numpy')
        self.server, self.game, self.options = server, game, dict(options)
        self.format = "sparse" if compact else "json"
        self.arrays, self.describe = arrays, describe
        self.session = None
        self.status = None
        # Sizes and seat count come from a first game with these options (they never depend on the seed).
        status = self.new(1)
        self.players = int(server.call("state", session=self.session)["state"]["players"])
        try:
            reply = server.call("encode", session=self.session, player=status["activePlayers"][0], format=self.format)
        except RulesError as e:
            if not (self.format == "sparse" and e.code == "BAD_REQUEST"):
                raise
            self.format = "base64"  # a serve from before "sparse"
            reply = server.call("encode", session=self.session, player=status["activePlayers"][0], format=self.format)
        self.observation_size = reply["observationSize"]
        self.action_count = reply["actionCount"]
        self.close()

    def new(self, seed):
        self.close()
        reply = self.server.call("new", game=self.game, seed=seed, options=self.options)
        self.session = reply["session"]
        self.status = {"terminal": reply["terminal"], "activePlayers": reply["activePlayers"]}
        return self.status

    def encode(self, seat):
        """(observation, mask) of ``seat`` now."""
        return self.vectors(self.server.call("encode", session=self.session, player=seat, format=self.format))

    def vectors(self, r):
        """(observation, mask) of an ``encode`` (or ``step``) reply, as the table's arrays."""
        return _vectors.one(r, self.observation_size, self.action_count, self.arrays)

    def play(self, seat, index):
        """Play action ``index`` for ``seat``: the new status and the lines that tell it (empty unless
        ``describe``). An index the rules refuse raises :class:`RulesError` and changes nothing."""
        index = action_index(index)
        try:
            action = self.server.call("decode", session=self.session, player=seat, index=index)["action"]
            lines = [self.server.call("describe", session=self.session, action=action)["text"]] if self.describe else []
            reply = self.server.call("apply", session=self.session, action=action)
        except RulesError as e:
            raise RulesError(e.code, "action %d of seat %d: %s" % (index, seat, e.message), e.command) from None
        lines.extend(reply.get("events", []) if self.describe else [])
        self.status = {"terminal": reply["terminal"], "activePlayers": reply["activePlayers"]}
        return self.status, lines

    def play_bot(self, seat, bot, seed):
        """Let the bot named ``bot`` (``"mcts:200"``, ``"thrifty"``, ... as `rules play --bots` takes them)
        move for ``seat``, seeded by ``seed``, through serve's ``bot`` request: the new status and lines."""
        try:
            action = self.server.call("bot", session=self.session, player=seat, bot=bot, seed=seed)["action"]
        except RulesError as e:
            if e.code == "BAD_REQUEST" and "unknown cmd" in e.message:
                raise RulesError(e.code, "opponents=%r needs a rules serve with the bot request (this one has none): %s" % (bot, e.message), e.command) from None
            raise
        lines = [self.server.call("describe", session=self.session, action=action)["text"]] if self.describe else []
        reply = self.server.call("apply", session=self.session, action=action)
        lines.extend(reply.get("events", []) if self.describe else [])
        self.status = {"terminal": reply["terminal"], "activePlayers": reply["activePlayers"]}
        return self.status, lines

    def outcome(self):
        return self.server.call("outcome", session=self.session)["outcome"]

    def scores(self):
        """Each seat's score now, as the game counts it at the end (serve's ``scores``)."""
        try:
            return self.server.call("scores", session=self.session)["scores"]
        except RulesError as e:
            if e.code == "BAD_REQUEST" and "unknown cmd" in e.message:
                raise RulesError(e.code, 'reward="score" needs a rules serve with the scores request (this one has none): %s' % e.message, e.command) from None
            raise

    def state(self):
        """The full state (plain JSON, for saving; not for a player)."""
        return self.server.call("state", session=self.session)["state"]

    def load(self, state):
        """Play on from ``state`` (one :meth:`state` gave, of this game), checked by the engine's ``loadState``:
        a state it refuses raises :class:`RulesError` ``INVALID_STATE`` and changes nothing."""
        reply = self.server.call("load", session=self.session, state=state)
        self.status = {"terminal": reply["terminal"], "activePlayers": reply["activePlayers"]}
        return self.status

    def close(self):
        if self.session is not None and not self.server.closed:
            self.server.call("close", session=self.session)
        self.session = None


def check_max_steps(max_steps):
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
        raise ValueError("max_steps must be a positive integer or None, not %r" % (max_steps,))
    return max_steps


#: Steps after which every env truncates a game unless told otherwise: far more than any game takes
#: (random play's longest games are about 1,200 actions), few enough that a game that can go on for ever
#: (Steam Donkey) ends.
MAX_STEPS = 10_000


class TableEnv:
    """What both environments share: the text log ``render()`` hands out, ``state()`` and ``close()``. A
    subclass sets ``render_mode``, ``_lines`` (text since the last render), ``_table``, ``_server`` and
    ``_owns_server``."""

    def state(self):
        """The game's full state as plain JSON (what ``rules serve``'s ``state`` gives): for saving with
        ``json.dump`` and restoring with ``load``, or for a centralised critic; never a seat's observation."""
        return self._table.state()

    def render(self):
        """The text of the actions (every seat's, and what followed them) since the last ``render()``;
        printed in "human" mode."""
        if self.render_mode is None:
            warnings.warn("render() needs render_mode='ansi' or 'human' at creation", stacklevel=2)
            return None
        text, self._lines = "\n".join(self._lines), []
        if self.render_mode == "human":
            if text:
                print(text)
            return None
        return text

    def close(self):
        """Close the game and, unless the env was given a ``server``, end the `rules serve` process."""
        if not self._server.closed:
            self._table.close()
            if self._owns_server:
                self._server.close()
