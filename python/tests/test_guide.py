"""Every Python block of docs/guides/python.md runs (with small budgets), as does examples/python/play_random.py."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

from support import REPO, rules_env

GUIDE = os.path.join(REPO, "docs", "guides", "python.md")
PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(rules_env.__file__)))


def run(path, **env):
    environment = dict(os.environ, PYTHONPATH=PACKAGE_PARENT, **env)
    return subprocess.run([sys.executable, path], cwd=REPO, env=environment, capture_output=True, text=True, check=False)


class Guide(unittest.TestCase):
    def test_every_python_block_of_the_guide_runs(self):
        with open(GUIDE, encoding="utf-8") as f:
            blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
        self.assertGreaterEqual(len(blocks), 4)
        for n, code in enumerate(blocks):
            with self.subTest(block=n, first_line=code.splitlines()[0]):
                with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
                    f.write(code)
                try:
                    done = run(f.name, EPISODES="5")
                finally:
                    os.unlink(f.name)
                self.assertEqual(done.returncode, 0, done.stderr)

    def test_the_policy_gradient_example_reports_its_mean_reward(self):
        with open(GUIDE, encoding="utf-8") as f:
            code = next(b for b in re.findall(r"```python\n(.*?)```", f.read(), re.S) if "REINFORCE" in b or "policy(" in b)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(code.replace("% 250 == 0", "% 5 == 0").replace("rewards[-250:]) / 250", "rewards[-5:]) / 5"))
        try:
            done = run(f.name, EPISODES="10")
        finally:
            os.unlink(f.name)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"^5 games: mean reward of the last 250 -?\d\.\d{3}\n10 games")

    def test_the_standard_library_client_plays_every_game_and_map(self):
        command = os.environ.get("RULES_SERVE", "node packages/cli/dist/main.js serve").split()
        script = os.path.join(REPO, "examples", "python", "play_random.py")
        for game, players, options in [("donkey-valley", 3, "{}"), ("steam-donkey", 2, "{}"), ("steam-park", 2, "{}"), ("steamrollers", 1, "{}"),
                                       ("age-of-steam-exp", 4, '{"map": "orient-express"}'), ("age-of-steam-exp", 1, '{"map": "amusement-park"}')]:
            with self.subTest(game=game, players=players, options=options):
                done = subprocess.run([sys.executable, script] + command, cwd=REPO, capture_output=True, text=True, check=False,
                                      env=dict(os.environ, GAME=game, PLAYERS=str(players), OPTIONS=options, SEED="2"))
                self.assertEqual(done.returncode, 0, done.stderr)
                self.assertRegex(done.stdout, r"^%s, %d players?.*: \d+ actions; scores \[" % (game, players))


if __name__ == "__main__":
    unittest.main()
