"""The Parallel env, and saving and restoring a game through state() and load() in every env."""
import json
import random
import unittest

from support import legal, rules_env

SERVER = None


def setUpModule():
    global SERVER
    SERVER = rules_env.Server()


def tearDownModule():
    SERVER.close()


def play(env, seed, rng):
    observations, infos = env.reset(seed=seed)
    steps, simultaneous, rewards = 0, 0, None
    while env.agents:
        active = [a for a in env.agents if infos[a]["active"]]
        simultaneous += len(active) > 1
        actions = {a: rng.choice(legal(observations[a]["action_mask"])) for a in active}
        observations, rewards, terminations, truncations, infos = env.step(actions)
        steps += 1
    return steps, simultaneous, rewards, infos


class Parallel(unittest.TestCase):
    def test_simultaneous_games_play_to_the_end_with_float_rank_rewards(self):
        for game, players in (("donkey-valley", 3), ("steam-park", 2), ("steam-donkey", 2)):
            with self.subTest(game=game):
                env = rules_env.parallel_env(game, players=players, server=SERVER, arrays="list")
                steps, simultaneous, rewards, infos = play(env, 4, random.Random(4))
                self.assertGreater(simultaneous, 0)
                outcome = infos["player_0"]["outcome"]
                self.assertEqual([rewards[a] for a in env.possible_agents], rules_env.rank_rewards(outcome["ranks"]))
                self.assertTrue(all(isinstance(r, float) for r in rewards.values()))
                self.assertEqual(play(env, 4, random.Random(4))[:3], (steps, simultaneous, rewards))  # seeded: the same game
                env.close()

    def test_an_illegal_index_moves_nothing_and_an_inactive_agent_may_be_left_out(self):
        env = rules_env.parallel_env("steam-park", players=3, seed=2, server=SERVER, arrays="list")
        observations, infos = env.reset()
        active = [a for a in env.agents if infos[a]["active"]]
        mask = observations[active[0]]["action_mask"]
        with self.assertRaises(rules_env.RulesError):
            env.step({a: mask.index(0) for a in active})
        with self.assertRaises(ValueError):
            env.step({})
        self.assertEqual(env.reset(seed=2)[0], observations)
        env.close()

    def test_truncation_after_max_steps(self):
        env = rules_env.parallel_env("steam-donkey", players=2, seed=1, server=SERVER, max_steps=3)
        observations, infos = env.reset()
        rng = random.Random(0)
        for _ in range(3):
            result = env.step({a: rng.choice(legal(observations[a]["action_mask"])) for a in env.agents if infos[a]["active"]})
            observations, infos = result[0], result[4]
        self.assertEqual(set(result[3].values()), {True})
        self.assertEqual(env.agents, [])


class SaveAndRestore(unittest.TestCase):
    def test_aec_state_and_load_play_on_exactly_and_a_corrupt_state_changes_nothing(self):
        env = rules_env.aec_env("donkey-valley", players=3, seed=5, server=SERVER, arrays="list")
        env.reset(seed=5)
        rng = random.Random(1)
        for _ in range(10):
            env.step(rng.choice(legal(env.observe(env.agent_selection)["action_mask"])))
        saved = json.loads(json.dumps(env.state()))
        rest = []
        for _ in range(10):
            action = rng.choice(legal(env.observe(env.agent_selection)["action_mask"]))
            rest.append((env.agent_selection, action))
            env.step(action)
        after = env.state()
        env.load(saved)
        self.assertEqual(env.state(), saved)
        for agent, action in rest:
            env.agent_selection = agent  # the order the first run drew in simultaneous steps
            env.step(action)
        self.assertEqual(env.state(), after)
        with self.assertRaises(rules_env.RulesError) as caught:
            env.load(dict(saved, players=-1))
        self.assertEqual(caught.exception.code, "INVALID_STATE")
        self.assertEqual(env.state(), after)
        env.close()

    def test_gym_and_parallel_load(self):
        gym = rules_env.gym_env("steamrollers", players=1, server=SERVER, arrays="list")
        obs, info = gym.reset(seed=3)
        saved = gym.state()
        first = gym.step(legal(info["action_mask"])[0])
        again, info2 = gym.load(saved)
        self.assertEqual(again, obs)
        self.assertEqual(gym.step(legal(info2["action_mask"])[0])[0], first[0])
        gym.close()
        par = rules_env.parallel_env("donkey-valley", players=3, server=SERVER, arrays="list")
        observations, _ = par.reset(seed=1)
        saved = par.state()
        self.assertEqual(par.load(saved)[0], observations)
        par.close()

    def test_max_steps_truncates_the_aec_and_gym_envs(self):
        env = rules_env.aec_env("steam-donkey", players=2, seed=1, server=SERVER, max_steps=5)
        env.reset()
        rng, steps = random.Random(0), 0
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                self.assertTrue(truncation)
                env.step(None)
                continue
            env.step(rng.choice(legal(obs["action_mask"])))
            steps += 1
        self.assertEqual(steps, 5)
        gym = rules_env.gym_env("steamrollers", players=1, server=SERVER, max_steps=4)
        obs, info = gym.reset(seed=1)
        for step in range(4):
            obs, reward, terminated, truncated, info = gym.step(legal(info["action_mask"])[0])
            self.assertIsInstance(reward, float)
        self.assertTrue(truncated)
        self.assertFalse(terminated)
        with self.assertRaises(RuntimeError):
            gym.step(legal(info["action_mask"])[0])
        gym.close()


if __name__ == "__main__":
    unittest.main()
