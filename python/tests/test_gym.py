import random
import unittest

from support import legal, rules_env

SERVER = None


def setUpModule():
    global SERVER
    SERVER = rules_env.Server()


def tearDownModule():
    SERVER.close()


def episode(env, seed, rng):
    obs, info = env.reset(seed=seed)
    actions, total, terminated = [], 0.0, False
    while not terminated:
        action = rng.choice(legal(info["action_mask"]))
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        assert not truncated
        assert len(obs) == env.observation_space.shape[0]
    return actions, total, info


class Gym(unittest.TestCase):
    def test_both_solo_games_play_to_the_end(self):
        for game, options in [("steamrollers", {"players": 1}), ("age-of-steam-exp", {"players": 1, "map": "amusement-park"})]:
            with self.subTest(game=game):
                env = rules_env.gym_env(game, server=SERVER, **options)
                for seed in (1, 2):
                    actions, total, info = episode(env, seed, random.Random(seed))
                    self.assertIn(total, (1.0, -1.0))
                    self.assertEqual(total, 1.0 if info["outcome"]["ranks"] == [1] else -1.0)
                    self.assertGreater(len(actions), 5)
                self.assertEqual(len(env.action_masks()), env.action_space.n)
                env.close()

    def test_the_same_seed_gives_the_same_trajectory(self):
        env = rules_env.gym_env("steamrollers", players=1, server=SERVER)
        self.assertEqual(episode(env, 9, random.Random(1))[0], episode(env, 9, random.Random(1))[0])
        env.close()

    def test_one_seat_against_random_opponents(self):
        env = rules_env.gym_env("steam-park", players=3, seat=2, opponents="random", seed=3, server=SERVER, render_mode="ansi")
        actions, total, info = episode(env, 3, random.Random(3))
        self.assertEqual(total, rules_env.rank_rewards(info["outcome"]["ranks"])[2])
        self.assertIn("Seat 0", env.render())
        first, again = episode(env, 4, random.Random(0)), episode(env, 4, random.Random(0))
        self.assertEqual(first[0], again[0])
        env.close()

    def test_opponents_may_be_a_policy(self):
        calls = []

        def first_legal(observation, mask):
            calls.append(len(observation))
            return legal(mask)[0]

        env = rules_env.gym_env("donkey-valley", players=3, opponents=first_legal, server=SERVER)
        episode(env, 1, random.Random(1))
        self.assertTrue(calls)
        self.assertEqual(set(calls), {env.observation_space.shape[0]})
        env.close()
        with self.assertRaises(ValueError):
            rules_env.gym_env("donkey-valley", players=3, opponents=42, server=SERVER)

    def test_opponents_may_be_a_bot_that_rules_serve_plays(self):
        env = rules_env.gym_env("donkey-valley", players=3, seat=1, opponents="mcts:20", server=SERVER, render_mode="ansi")
        try:
            SERVER.call("bot", session="none", player=0, bot="random")
        except rules_env.RulesError as e:
            has_bot = e.code != "BAD_REQUEST"
        if not has_bot:  # a serve from before the bot request: a clear refusal at the first bot move
            with self.assertRaises(rules_env.RulesError) as caught:
                episode(env, 2, random.Random(2))
            self.assertIn("needs a rules serve with the bot request", str(caught.exception))
            env.close()
            return
        first = episode(env, 2, random.Random(2))
        self.assertEqual(first[1], rules_env.rank_rewards(first[2]["outcome"]["ranks"])[1])
        self.assertIn("Seat 0", env.render())
        self.assertEqual(episode(env, 2, random.Random(2))[0], first[0])  # a seeded bot: the same game again
        env.close()


if __name__ == "__main__":
    unittest.main()
