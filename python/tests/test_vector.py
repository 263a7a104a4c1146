"""The vector env: Gymnasium 1.x's shape, autoreset modes, and the same batches whatever the number of processes."""
import random
import unittest

from support import legal, rules_env


def pick(rng, mask):
    choices = legal(mask)
    return rng.choice(choices) if choices else 0  # an ended env's mask is all 0: its action is ignored


def rollout(env, steps, seed, actions_seed=1):
    """Everything the env returned over ``steps`` random legal steps, as plain lists."""
    rng = random.Random(actions_seed)
    obs, infos = env.reset(seed=seed)
    seen = [([list(map(float, o)) for o in obs], [list(map(int, m)) for m in infos["action_mask"]])]
    for _ in range(steps):
        obs, rewards, terminated, truncated, infos = env.step([pick(rng, m) for m in infos["action_mask"]])
        seen.append(([list(map(float, o)) for o in obs], [list(map(int, m)) for m in infos["action_mask"]], [float(r) for r in rewards], [bool(t) for t in terminated], [bool(t) for t in truncated], [int(s) for s in infos["seat"]]))
    return seen


class Vector(unittest.TestCase):
    def test_the_same_seeds_give_the_same_batches_whatever_the_number_of_processes(self):
        runs = []
        for processes in (1, 2, 3):
            env = rules_env.vector_env("donkey-valley", 6, players=3, seat=2, opponents="random", processes=processes, arrays="list")
            runs.append(rollout(env, 60, seed=11))
            env.close()
        self.assertEqual(runs[0], runs[1])
        self.assertEqual(runs[0], runs[2])
        self.assertTrue(any(any(step[3]) for step in runs[0][1:]))  # some game ended and was reset on the way
        env = rules_env.vector_env("donkey-valley", 6, players=3, seat=2, opponents="random", arrays="list")
        self.assertNotEqual(rollout(env, 5, seed=12), runs[0][:6])
        env.close()

    def test_shapes_float_rewards_and_next_step_autoreset(self):
        env = rules_env.vector_env("steamrollers", 3, players=1, seed=5)
        self.assertEqual(getattr(env.metadata["autoreset_mode"], "value", env.metadata["autoreset_mode"]), "NextStep")
        obs, infos = env.reset()
        self.assertEqual(len(obs), 3)
        self.assertEqual(len(obs[0]), env.single_observation_space.shape[0])
        self.assertEqual(len(infos["action_mask"][0]), env.single_action_space.n)
        rng, ended_once = random.Random(2), False
        for _ in range(400):
            obs, rewards, terminated, truncated, infos = env.step([pick(rng, m) for m in infos["action_mask"]])
            self.assertTrue(all(isinstance(float(r), float) for r in rewards))
            for i, t in enumerate(terminated):
                if t:
                    self.assertIn(float(rewards[i]), (1.0, -1.0))
                    self.assertEqual(float(rewards[i]), rules_env.rank_rewards(infos["outcome"][i]["ranks"])[0])
                    self.assertFalse(any(legal(infos["action_mask"][i])))
                    ended_once = True
                    after = env.step([pick(rng, m) for m in infos["action_mask"]])  # the next step starts a new game
                    self.assertFalse(after[2][i])
                    self.assertEqual(float(after[1][i]), 0.0)
                    self.assertTrue(legal(after[4]["action_mask"][i]))
                    infos = after[4]
                    break
            if ended_once:
                break
        self.assertTrue(ended_once)
        env.close()

    def test_same_step_autoreset_and_truncation(self):
        env = rules_env.vector_env("steamrollers", 2, players=1, seed=1, autoreset_mode="SameStep", max_steps=7, arrays="list")
        obs, infos = env.reset()
        rng = random.Random(3)
        for step in range(1, 8):
            obs, rewards, terminated, truncated, infos = env.step([pick(rng, m) for m in infos["action_mask"]])
        self.assertEqual(truncated, [True, True])
        self.assertEqual(terminated, [False, False])
        self.assertEqual(len(infos["final_obs"][0]), len(obs[0]))
        self.assertNotEqual(infos["final_obs"][0], obs[0])  # the new game's first observation
        self.assertTrue(all(legal(m) for m in infos["action_mask"]))
        env.close()

    def test_disabled_autoreset_needs_a_reset_mask_and_illegal_actions_move_nothing(self):
        env = rules_env.vector_env("steamrollers", 2, players=1, seed=1, autoreset_mode="Disabled", max_steps=2, arrays="list")
        obs, infos = env.reset()
        illegal = infos["action_mask"][0].index(0)
        with self.assertRaises(rules_env.RulesError) as caught:
            env.step([illegal, legal(infos["action_mask"][1])[0]])
        self.assertEqual(caught.exception.code, "ILLEGAL_ACTION")
        with self.assertRaises(TypeError):
            env.step([True, 0])
        self.assertEqual(env.reset(seed=1)[0], obs)  # nothing moved: the same first observations
        for _ in range(2):
            obs, rewards, terminated, truncated, infos = env.step([legal(m)[0] for m in infos["action_mask"]])
        self.assertEqual(truncated, [True, True])
        with self.assertRaises(RuntimeError):
            env.step([0, 0])
        obs, infos = env.reset(options={"reset_mask": [True, True]})
        env.step([legal(m)[0] for m in infos["action_mask"]])
        env.close()


if __name__ == "__main__":
    unittest.main()
