import unittest

from support import legal, rules_env


class Errors(unittest.TestCase):
    def test_an_illegal_index_raises_rules_error_with_the_engine_code_and_changes_nothing(self):
        env = rules_env.aec_env("donkey-valley", players=3, arrays="list")
        env.reset(seed=2)
        agent = env.agent_selection
        before = env.observe(agent)
        mask = before["action_mask"]
        illegal = mask.index(0)
        with self.assertRaises(rules_env.RulesError) as caught:
            env.step(illegal)
        self.assertEqual(caught.exception.code, "ILLEGAL_ACTION")
        self.assertIn("action %d" % illegal, str(caught.exception))
        self.assertEqual(env.agent_selection, agent)
        self.assertEqual(env.observe(agent), before)
        with self.assertRaises(rules_env.RulesError) as caught:
            env.step(len(mask))
        self.assertEqual(caught.exception.code, "INVALID_ACTION")
        with self.assertRaises(TypeError):
            env.step(1.5)
        env.step(legal(mask)[0])  # still playable
        env.close()

    def test_bad_options_and_unknown_games_raise_before_any_game(self):
        with self.assertRaises(rules_env.RulesError) as caught:
            rules_env.aec_env("donkey-valley", players=99)
        self.assertEqual(caught.exception.code, "INVALID_OPTIONS")
        with self.assertRaises(rules_env.RulesError) as caught:
            rules_env.aec_env("chess")
        self.assertEqual(caught.exception.code, "UNKNOWN_GAME")
        with self.assertRaises(ValueError):
            rules_env.gym_env("donkey-valley", players=3)  # other seats need opponents=

    def test_close_ends_the_child_process(self):
        env = rules_env.aec_env("steam-donkey", players=2)
        env.reset(seed=1)
        process = env.unwrapped._server.process
        self.assertIsNone(process.poll())
        env.close()
        self.assertIsNotNone(process.poll())
        env.close()  # twice is fine
        gym = rules_env.gym_env("steamrollers", players=1)
        gym.reset(seed=1)
        process = gym.unwrapped._server.process
        gym.close()
        self.assertIsNotNone(process.poll())
        with rules_env.Server() as server:
            process = server.process
            self.assertIsInstance(server.call("games"), list)
        self.assertIsNotNone(process.poll())
        with self.assertRaises(rules_env.ServeError):
            server.call("games")

    def test_a_shared_server_outlives_the_envs_that_use_it(self):
        with rules_env.Server() as server:
            env = rules_env.aec_env("donkey-valley", players=3, server=server)
            env.reset(seed=1)
            env.close()
            self.assertIsNone(server.process.poll())

    def test_a_command_that_is_not_rules_serve_gives_a_clear_error(self):
        with self.assertRaises(rules_env.ServeError):
            rules_env.aec_env("donkey-valley", command=["python3", "-c", "pass"])

    def test_rank_rewards(self):
        self.assertEqual(rules_env.rank_rewards([2, 1, 3]), [0.0, 1.0, -1.0])
        self.assertEqual(rules_env.rank_rewards([1, 1, 3, 5, 5]), [1.0, 1.0, 0.0, -1.0, -1.0])
        self.assertEqual(rules_env.rank_rewards([1]), [1.0])
        self.assertEqual(rules_env.rank_rewards([2]), [-1.0])


if __name__ == "__main__":
    unittest.main()
