"""rules_env.trajectories: a file written by `rules simulate --trajectories` becomes per-seat arrays of
observations, masks, actions and returns, by replaying every game through `rules serve`."""
import gzip
import json
import os
import subprocess
import tempfile
import unittest

from support import rules_env
from rules_env import trajectories

SERVER = None


def setUpModule():
    global SERVER
    SERVER = rules_env.Server()


def tearDownModule():
    SERVER.close()


def simulate(*args):
    """Runs `rules simulate` with the command that starts `rules serve` (its last word replaced)."""
    command = rules_env.default_command()
    if command[-1] != "serve":
        raise unittest.SkipTest("cannot tell the rules command from %r" % (command,))
    subprocess.run(command[:-1] + ["simulate"] + list(args), check=True, stdout=subprocess.DEVNULL)


class TrajectoryArrays(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.dir.name, "dv.jsonl.gz")
        simulate("donkey-valley", "--games", "2", "--players", "3", "--seed", "4", "--bots", "mcts:10,random", "--trajectories", cls.path)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_every_step_of_every_seat(self):
        games = list(trajectories.read_trajectories(self.path))
        self.assertEqual([t["index"] for t in games], [0, 1])
        for t, arrays in trajectories.dataset(SERVER, self.path, arrays="list"):
            self.assertEqual(sum(len(a["actions"]) for a in arrays.values()), len(t["actions"]))
            rewards = rules_env.rank_rewards(t["outcome"]["ranks"])
            for seat, a in arrays.items():
                self.assertEqual(len(a["observations"]), len(a["actions"]))
                for mask, index in zip(a["masks"], a["actions"]):
                    self.assertEqual(mask[index], 1)
                self.assertEqual(a["returns"], [rewards[seat]] * len(a["actions"]))
                self.assertIsInstance(a["returns"][0] if a["returns"] else 0.0, float)

    def test_numpy_arrays(self):
        if trajectories.np is None:
            self.skipTest("numpy is not installed")
        t = next(trajectories.read_trajectories(self.path))
        arrays = trajectories.game_arrays(SERVER, t, arrays="numpy")
        a = arrays[0]
        self.assertEqual(a["observations"].dtype.name, "float32")
        self.assertEqual(a["masks"].dtype.name, "uint8")
        self.assertEqual(a["observations"].shape[0], a["actions"].shape[0])
        self.assertTrue(all(a["masks"][k, i] == 1 for k, i in enumerate(a["actions"])))

    def test_a_changed_move_is_refused(self):
        t = next(trajectories.read_trajectories(self.path))
        t["outcome"] = dict(t["outcome"], scores=[s + 1 for s in t["outcome"]["scores"]])
        with self.assertRaisesRegex(ValueError, "not the recorded outcome"):
            trajectories.game_arrays(SERVER, t, arrays="list")

    def test_not_a_trajectory_file(self):
        path = os.path.join(self.dir.name, "bad.jsonl.gz")
        with gzip.open(path, "wt") as f:
            f.write(json.dumps({"index": 0}) + "\n")
        with self.assertRaisesRegex(ValueError, "no trajectory"):
            list(trajectories.read_trajectories(path))


if __name__ == "__main__":
    unittest.main()
