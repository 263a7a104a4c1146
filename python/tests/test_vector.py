"""The vector env: Gymnasium 1.x's shape, autoreset modes, and the same batches whatever the number of processes."""
import array
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


class Formats(unittest.TestCase):
    """serve's "sparse" vectors (what the envs ask for) decode to the numbers of "base64" and "json"."""

    def test_sparse_base64_and_json_replies_decode_alike(self):
        from rules_env import _vectors
        from rules_env._serve import Server

        with Server() as server:
            for game, players, options in [("steam-park", 3, {}), ("steam-donkey", 2, {}), ("age-of-steam-exp", 4, {"map": "orient-express"})]:
                s = server.call("new", game=game, seed=3, options=dict(options, players=players))
                session, status = s["session"], s
                replies = []
                for step in range(8):
                    seat = status["activePlayers"][step % len(status["activePlayers"])]
                    r = {f: server.call("encode", session=session, player=seat, format=f) for f in ("json", "base64", "sparse")}
                    size, count = r["json"]["observationSize"], r["json"]["actionCount"]
                    want_obs, want_mask = _vectors.one(r["base64"], size, count, "list")
                    self.assertEqual(want_mask, r["json"]["mask"])
                    for f in ("json", "sparse"):
                        obs, mask = _vectors.one(r[f], size, count, "list")
                        self.assertEqual((array.array("f", obs).tolist(), mask), (want_obs, want_mask), (game, step, f))  # json's numbers rounded to float32
                    self.assertEqual(_vectors.legal(r["sparse"]), legal(want_mask))
                    self.assertEqual(_vectors.legal(r["base64"]), legal(want_mask))
                    replies.append((r, size, count))
                    index = _vectors.legal(r["sparse"])[0]
                    action = server.call("decode", session=session, player=seat, index=index)["action"]
                    status = server.call("apply", session=session, action=action)
                if _vectors.np is not None:
                    np = _vectors.np
                    size, count = replies[0][1], replies[0][2]
                    obs, masks = _vectors.stack([r["sparse"] for r, _, _ in replies], size, count, "numpy")
                    want = [_vectors.one(r["base64"], size, count, "numpy") for r, _, _ in replies]
                    self.assertEqual((obs.dtype, masks.dtype, obs.shape, masks.shape), (np.float32, np.int8, (8, size), (8, count)))
                    self.assertTrue(np.array_equal(obs, np.stack([w[0] for w in want])))
                    self.assertTrue(np.array_equal(masks, np.stack([w[1] for w in want])))
                server.call("close", session=session)


if __name__ == "__main__":
    unittest.main()
