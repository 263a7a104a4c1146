"""With gymnasium and pettingzoo importable, the envs use their spaces and base classes. Neither is
installed where these tests run (no PyPI), so small stand-ins are put in sys.modules."""
import importlib
import random
import sys
import types
import unittest

from support import legal, rules_env
from rules_env import _aec_base


def fake_modules():
    gymnasium = types.ModuleType("gymnasium")
    spaces = types.ModuleType("gymnasium.spaces")

    class Space:
        def __init__(self, *args, **kwargs):
            self.args, self.kwargs = args, kwargs

    class Discrete(Space):
        @property
        def n(self):
            return self.args[0]

    class Box(Space):
        @property
        def shape(self):
            return self.kwargs["shape"]

    class Dict(Space):
        def __getitem__(self, key):
            return self.args[0][key]

    spaces.Discrete, spaces.Box, spaces.Dict = Discrete, Box, Dict

    class Env:
        np_random = None
        seeds = []

        def reset(self, *, seed=None, options=None):
            Env.seeds.append(seed)

    gymnasium.spaces, gymnasium.Env = spaces, Env
    pettingzoo = types.ModuleType("pettingzoo")

    class AECEnv(_aec_base.AECEnv):  # the bookkeeping PettingZoo's AECEnv has (see _aec_base)
        pass

    pettingzoo.AECEnv = AECEnv
    modules = {"gymnasium": gymnasium, "gymnasium.spaces": spaces, "pettingzoo": pettingzoo}
    try:
        import numpy  # noqa: F401
    except ImportError:
        numpy = types.ModuleType("numpy")
        numpy.inf, numpy.float32, numpy.int8 = float("inf"), "float32", "int8"
        modules["numpy"] = numpy
    return modules


def reload_envs():
    for name in ("rules_env.spaces", "rules_env.aec", "rules_env.gym"):
        importlib.reload(sys.modules[name])


class OptionalImports(unittest.TestCase):
    def setUp(self):
        self.fakes = fake_modules()
        self.saved = {name: sys.modules.get(name) for name in self.fakes}
        sys.modules.update(self.fakes)
        reload_envs()
        self.addCleanup(self.restore)

    def restore(self):
        for name, module in self.saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        reload_envs()

    def test_the_aec_env_is_a_pettingzoo_aecenv_with_gymnasium_spaces(self):
        from rules_env.aec import RulesAECEnv

        spaces = self.fakes["gymnasium.spaces"]
        self.assertTrue(issubclass(RulesAECEnv, self.fakes["pettingzoo"].AECEnv))
        env = RulesAECEnv("donkey-valley", players=3, arrays="list")
        obs_space, act_space = env.observation_space("player_0"), env.action_space("player_0")
        self.assertIsInstance(act_space, spaces.Discrete)
        self.assertEqual(act_space.n, 101)
        self.assertIsInstance(obs_space, spaces.Dict)
        self.assertEqual(obs_space["observation"].kwargs["shape"], (209,))
        self.assertEqual(obs_space["observation"].kwargs["dtype"], sys.modules["numpy"].float32)
        self.assertEqual(obs_space["action_mask"].kwargs, {"low": 0, "high": 1, "shape": (101,), "dtype": sys.modules["numpy"].int8})
        env.reset(seed=1)
        rng = random.Random(1)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            env.step(None if termination or truncation else rng.choice(legal(observation["action_mask"])))
        env.close()

    def test_the_gym_env_is_a_gymnasium_env_seeded_through_its_reset(self):
        from rules_env.gym import RulesGymEnv

        self.assertTrue(issubclass(RulesGymEnv, self.fakes["gymnasium"].Env))
        env = RulesGymEnv("steamrollers", players=1, arrays="list")
        self.assertIsInstance(env.action_space, self.fakes["gymnasium.spaces"].Discrete)
        self.assertEqual(env.observation_space.shape, (2616,))
        env.reset(seed=5)
        self.assertEqual(self.fakes["gymnasium"].Env.seeds[-1], 5)
        env.close()

    def test_without_them_the_plain_classes_are_used(self):
        self.restore()
        from rules_env import spaces
        from rules_env.aec import RulesAECEnv

        self.assertIs(spaces.gymnasium, None if "gymnasium" not in sys.modules else sys.modules["gymnasium"])
        if spaces.gymnasium is None:
            env = RulesAECEnv("donkey-valley", players=3)
            self.assertIsInstance(env.action_space("player_0"), spaces.Discrete)
            env.close()


if __name__ == "__main__":
    unittest.main()
