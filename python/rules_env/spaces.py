"""Spaces: ``gymnasium.spaces`` when gymnasium imports, else the plain classes below (the same ``n``, ``shape``,
``dtype``, ``sample(mask)`` and ``contains``), so a program written against either runs with both."""
import math
import random

__all__ = ["Discrete", "Box", "Dict", "discrete", "vector", "mask_space", "dict_space", "gymnasium"]

try:  # the optional path: real gymnasium spaces
    import gymnasium
    import numpy as _np
except ImportError:  # pragma: no cover - depends on the machine
    gymnasium = None


class Discrete:
    """The action indices ``0 .. n-1`` (as ``gymnasium.spaces.Discrete(n)``)."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        self._rng.seed(seed)
        return [seed]

    def sample(self, mask=None):
        """A uniform index, or a uniform index where ``mask`` is 1 (0 when none is)."""
        if mask is None:
            return self._rng.randrange(self.n)
        legal = mask.nonzero()[0] if hasattr(mask, "nonzero") else [i for i, m in enumerate(mask) if m]
        return int(legal[self._rng.randrange(len(legal))]) if len(legal) else 0

    def contains(self, x):
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < self.n or (hasattr(x, "dtype") and x.shape == () and 0 <= int(x) < self.n)

    __contains__ = contains

    def __eq__(self, other):
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """A vector of ``shape`` with values in [low, high] (as ``gymnasium.spaces.Box``)."""

    def __init__(self, low, high, shape, dtype, seed=None):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        self._rng.seed(seed)
        return [seed]

    def sample(self):
        def one():
            if math.isinf(self.low) or math.isinf(self.high):
                return self._rng.gauss(0.0, 1.0)
            v = self._rng.uniform(self.low, self.high)
            return float(v) if self.dtype.startswith("float") else int(round(v))

        return [one() for _ in range(self.shape[0])]

    def contains(self, x):
        return len(x) == self.shape[0] and all(self.low <= v <= self.high for v in x)

    __contains__ = contains

    def __eq__(self, other):
        return isinstance(other, Box) and (other.low, other.high, other.shape, other.dtype) == (self.low, self.high, self.shape, self.dtype)

    def __repr__(self):
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, self.dtype)


class Dict:
    """Named sub-spaces (as ``gymnasium.spaces.Dict``)."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)
        self.shape = None

    def __getitem__(self, key):
        return self.spaces[key]

    def keys(self):
        return self.spaces.keys()

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(s.contains(x[k]) for k, s in self.spaces.items())

    __contains__ = contains

    def __eq__(self, other):
        return isinstance(other, Dict) and other.spaces == self.spaces

    def __repr__(self):
        return "Dict(%r)" % (self.spaces,)


def discrete(n):
    """The action space of ``n`` indices."""
    return gymnasium.spaces.Discrete(n) if gymnasium else Discrete(n)


def vector(n):
    """An observation vector of ``n`` float32 numbers (unbounded: the encodings hold counts and money)."""
    if gymnasium:
        return gymnasium.spaces.Box(low=-_np.inf, high=_np.inf, shape=(n,), dtype=_np.float32)
    return Box(-math.inf, math.inf, (n,), "float32")


def mask_space(n):
    """A legal-action mask: ``n`` int8 values, 1 for a legal index."""
    if gymnasium:
        return gymnasium.spaces.Box(low=0, high=1, shape=(n,), dtype=_np.int8)
    return Box(0, 1, (n,), "int8")


def dict_space(spaces):
    return gymnasium.spaces.Dict(spaces) if gymnasium else Dict(spaces)
