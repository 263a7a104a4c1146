"""The `rules serve` child as a program meets it when things go wrong: Ctrl-C in a slow call, a child
that stops, hangs or dies, and arguments that only look right (a bool action, a NaN seed)."""
import math
import os
import signal
import sys
import time
import unittest

from support import legal, rules_env

# A stand-in for `rules serve` that answers `slow` after a second and everything else at once.
FAKE = r"""
import json, sys, time
for line in sys.stdin:
    req = json.loads(line)
    if req["cmd"] == "slow":
        time.sleep(1.0)
    sys.stdout.write(json.dumps({"id": req["id"], "ok": True, "result": req["cmd"]}) + "\n")
    sys.stdout.flush()
"""


def fake_server(**kwargs):
    return rules_env.Server([sys.executable, "-c", FAKE], **kwargs)


def interrupt_after(seconds):
    def handler(_signum, _frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def reaped(pid):
    """True when ``pid`` is no child of ours any more (exited and waited for: no zombie)."""
    try:
        return os.waitpid(pid, os.WNOHANG) == (0, 0) and False
    except ChildProcessError:
        return True


class Server(unittest.TestCase):
    def tearDown(self):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)

    def test_ctrl_c_during_a_slow_call_leaves_the_server_usable(self):
        with fake_server() as server:
            interrupt_after(0.2)
            with self.assertRaises(KeyboardInterrupt):
                server.call("slow")
            # The slow call's reply is still on its way: later calls skip it and get their own.
            self.assertEqual(server.call("games"), "games")
            self.assertEqual(server.call("state"), "state")

    def test_a_stopped_child_times_out_and_the_server_resyncs_when_it_resumes(self):
        with rules_env.Server(timeout=120) as server:
            session = server.call("new", game="donkey-valley", seed=1, options={"players": 3})["session"]
            server.timeout = 0.5  # the child is warm now; only a stopped one can miss this
            os.kill(server.process.pid, signal.SIGSTOP)
            try:
                started = time.monotonic()
                with self.assertRaises(rules_env.ServeTimeout):
                    server.call("legal", session=session)
                self.assertLess(time.monotonic() - started, 30)
                self.assertIsInstance(rules_env.ServeTimeout("x"), TimeoutError)
            finally:
                os.kill(server.process.pid, signal.SIGCONT)
            server.timeout = 120
            self.assertEqual(server.call("state", session=session)["state"]["players"], 3)
        with self.assertRaises(ValueError):
            rules_env.Server(timeout=0)
        with self.assertRaises(ValueError):
            rules_env.Server(timeout=math.nan)

    def test_close_after_the_child_died_is_quiet_every_time_and_reaps_it(self):
        server = rules_env.Server()
        server.call("games")
        pid = server.process.pid
        server.process.kill()
        time.sleep(0.2)
        with self.assertRaises(rules_env.ServeError):
            server.call("games")
        server.close()
        server.close()
        self.assertTrue(reaped(pid))
        stopped = rules_env.Server()
        os.kill(stopped.process.pid, signal.SIGSTOP)
        stopped.close()  # a stopped child is killed after the grace period, and reaped
        self.assertTrue(reaped(stopped.process.pid))

    def test_every_env_takes_a_timeout_for_the_server_it_starts(self):
        for make in (lambda: rules_env.aec_env("steamrollers", players=1, timeout=60), lambda: rules_env.gym_env("steamrollers", players=1, timeout=60),
                     lambda: rules_env.parallel_env("steamrollers", players=1, timeout=60), lambda: rules_env.vector_env("steamrollers", 2, players=1, timeout=60)):
            env = make()
            servers = getattr(env, "servers", None) or [env.unwrapped._server]
            self.assertEqual([s.timeout for s in servers], [60] * len(servers))
            env.close()

    def test_nan_and_infinity_are_refused_before_anything_is_sent(self):
        with rules_env.Server() as server:
            with self.assertRaises(ValueError):
                server.call("new", game="donkey-valley", seed=math.nan)
            self.assertIsInstance(server.call("games"), list)


class EnvArguments(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = rules_env.Server()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def test_a_bool_is_no_action_index(self):
        env = rules_env.aec_env("donkey-valley", players=3, server=self.server)
        env.reset(seed=1)
        before = env.observe(env.agent_selection)
        for action in (True, False):
            with self.assertRaises(TypeError):
                env.step(action)
        self.assertEqual(list(env.observe(env.agent_selection)["action_mask"]), list(before["action_mask"]))
        gym = rules_env.gym_env("steamrollers", players=1, server=self.server)
        gym.reset(seed=1)
        with self.assertRaises(TypeError):
            gym.step(True)
        env.close()
        gym.close()

    def test_a_seed_that_is_not_an_integer_or_a_string_is_refused(self):
        env = rules_env.aec_env("donkey-valley", players=3, server=self.server)
        for seed in (math.nan, math.inf, 1.5, True):
            with self.assertRaises(TypeError):
                env.reset(seed=seed)
        env.reset(seed=3)
        gym = rules_env.gym_env("steamrollers", players=1, server=self.server)
        with self.assertRaises(TypeError):
            gym.reset(seed=math.nan)
        gym.reset(seed="word")
        env.close()
        gym.close()

    def test_an_opponent_policy_that_returns_a_bad_move_ends_the_episode_with_a_clear_error(self):
        def illegal(_observation, mask):
            return list(mask).index(0)

        env = rules_env.gym_env("donkey-valley", players=3, opponents=illegal, server=self.server)
        obs, info = env.reset(seed=1)
        with self.assertRaises(ValueError) as caught:
            for _ in range(50):
                obs, reward, terminated, truncated, info = env.step(legal(info["action_mask"])[0])
        self.assertIn("opponent policy", str(caught.exception))
        with self.assertRaises(RuntimeError):  # not NOT_YOUR_TURN for ever: the episode is over
            env.step(0)
        obs, info = env.reset(seed=2)  # and a new one starts
        self.assertTrue(legal(info["action_mask"]))
        env.close()


if __name__ == "__main__":
    unittest.main()
