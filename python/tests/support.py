"""Shared by the tests: the package (installed, or from this checkout) and one `rules serve` for many envs."""
import os
import sys

try:
    import rules_env  # the installed package (CI installs it into a fresh venv)
except ImportError:  # running from a checkout without installing: the source next to the tests
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import rules_env

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Every game and map, at the smallest and largest table (the Amusement Park and solo SteamRollers are one seat).
TABLES = [
    ("donkey-valley", 3, {}),
    ("donkey-valley", 7, {}),
    ("steam-donkey", 2, {}),
    ("steam-donkey", 4, {}),
    ("steam-park", 2, {}),
    ("steam-park", 4, {}),
    ("steamrollers", 1, {}),
    ("steamrollers", 5, {}),
    ("age-of-steam-exp", 3, {}),
    ("age-of-steam-exp", 6, {"map": "orient-express"}),
    ("age-of-steam-exp", 1, {"map": "amusement-park"}),
]


def legal(mask):
    """The legal indices of a mask (a list or a numpy array)."""
    return [i for i, m in enumerate(mask) if m]
