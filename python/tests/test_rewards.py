"""``reward="score"``: every env rewards the change in a seat's score, so over a game a seat's rewards add up to its
final score (the outcome's) minus its score at the start; ``reward="outcome"`` stays the default."""
import random
import unittest

from support import legal, rules_env

SERVER = None

# Every game and map once, at a small table (the solo ones included).
TABLES = [
    ("donkey-valley", 3, {}),
    ("steam-donkey", 2, {}),
    ("steam-park", 2, {}),
    ("steamrollers", 1, {}),
    ("steamrollers", 2, {}),
    ("age-of-steam-exp", 3, {}),
    ("age-of-steam-exp", 4, {"map": "orient-express"}),
    ("age-of-steam-exp", 1, {"map": "amusement-park"}),
]


def setUpModule():
    global SERVER
    SERVER = rules_env.Server()


def tearDownModule():
    SERVER.close()


def start_scores(game, players, options, seed):
    """Each seat's score at the start of the game ``seed`` starts, from a session of its own."""
    session = SERVER.call("new", game=game, seed=seed, options=dict(options, players=players))["session"]
    try:
        return SERVER.call("scores", session=session)["scores"]
    finally:
        SERVER.call("close", session=session)


class Aec(unittest.TestCase):
    def test_every_agents_score_rewards_add_up_to_its_final_score_minus_its_start(self):
        for game, players, options in TABLES:
            with self.subTest(game=game, players=players, **options):
                env = rules_env.aec_env(game, players=players, server=SERVER, reward="score", **options)
                env.reset(seed=5)
                start = start_scores(game, players, options, 5)
                rng = random.Random(5)
                total = {a: 0.0 for a in env.possible_agents}
                outcome, changed = None, 0
                for agent in env.agent_iter():
                    observation, reward, termination, truncation, info = env.last()
                    if termination or truncation:
                        outcome = info["outcome"]
                        env.step(None)
                        continue
                    env.step(rng.choice(legal(observation["action_mask"])))
                    for a, r in env.rewards.items():
                        self.assertIsInstance(r, float)
                        total[a] += r
                        changed += r != 0
                self.assertIsNotNone(outcome)
                self.assertEqual([total[a] for a in env.possible_agents], [float(f - s) for f, s in zip(outcome["scores"], start)])
                if outcome["scores"] != start:
                    self.assertGreater(changed, 0)
                env.close()

    def test_the_default_is_the_outcome_reward(self):
        env = rules_env.aec_env("steamrollers", players=1, server=SERVER)
        self.assertEqual(env.reward, "outcome")
        env.reset(seed=2)
        rng = random.Random(2)
        rewards = []
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            rewards.append(reward)
            env.step(None if termination or truncation else rng.choice(legal(observation["action_mask"])))
        self.assertTrue(all(r == 0 for r in rewards[:-1]))
        self.assertIn(rewards[-1], (1.0, -1.0))
        env.close()


class Gym(unittest.TestCase):
    def test_the_seats_score_rewards_add_up_to_its_final_score_minus_its_score_at_reset(self):
        for game, players, options in [("steamrollers", 1, {}), ("donkey-valley", 3, {}), ("age-of-steam-exp", 1, {"map": "amusement-park"})]:
            with self.subTest(game=game, players=players):
                env = rules_env.gym_env(game, players=players, opponents="random" if players > 1 else None, server=SERVER, reward="score", **options)
                obs, info = env.reset(seed=4)
                start = env._table.scores()[0]
                rng = random.Random(4)
                total, terminated, truncated = 0.0, False, False
                while not (terminated or truncated):
                    obs, reward, terminated, truncated, info = env.step(rng.choice(legal(info["action_mask"])))
                    self.assertIsInstance(reward, float)
                    total += reward
                self.assertTrue(terminated)
                self.assertEqual(total, info["outcome"]["scores"][0] - start)
                env.close()


class Vector(unittest.TestCase):
    def play(self, envs, seeds, seat):
        """Random legal steps until every env has ended once: each env's summed rewards of its first game and outcome."""
        obs, infos = envs.reset(seed=seeds)
        rng = random.Random(1)
        totals, outcomes = [0.0] * envs.num_envs, [None] * envs.num_envs
        while any(o is None for o in outcomes):
            actions = [rng.choice(legal(m)) if any(m) else 0 for m in infos["action_mask"]]
            obs, rewards, terminated, truncated, infos = envs.step(actions)
            for i in range(envs.num_envs):
                if outcomes[i] is None:
                    totals[i] += float(rewards[i])
                    if terminated[i]:
                        outcomes[i] = infos["outcome"][i]
                    self.assertFalse(truncated[i])
        return totals, outcomes

    def test_solo_self_play_and_a_seat_against_random_opponents(self):
        for game, players, seat, options in [("steamrollers", 1, None, {}), ("donkey-valley", 3, 0, {}), ("age-of-steam-exp", 3, 1, {})]:
            with self.subTest(game=game, players=players, seat=seat):
                envs = rules_env.vector_env(game, 3, players=players, seat=seat, opponents="random" if seat is not None else None, servers=[SERVER], reward="score", arrays="list", **options)
                totals, outcomes = self.play(envs, [11, 12, 13], seat)
                for i, seed in enumerate([11, 12, 13]):
                    start = start_scores(game, players, options, seed)[seat or 0]
                    self.assertEqual(totals[i], outcomes[i]["scores"][seat or 0] - start)
                envs.close()

    def test_the_default_rewards_only_at_the_end(self):
        envs = rules_env.vector_env("steamrollers", 2, players=1, servers=[SERVER], arrays="list")
        self.assertEqual(envs.reward, "outcome")
        obs, infos = envs.reset(seed=3)
        rng = random.Random(3)
        ended = [False, False]
        while not all(ended):
            obs, rewards, terminated, truncated, infos = envs.step([rng.choice(legal(m)) if any(m) else 0 for m in infos["action_mask"]])
            for i in range(2):
                if not ended[i]:
                    self.assertEqual(rewards[i] != 0, bool(terminated[i]))
                    ended[i] = ended[i] or bool(terminated[i])
        envs.close()


class Parallel(unittest.TestCase):
    def test_every_agents_score_rewards_add_up_to_its_final_score_minus_its_start(self):
        for game, players in [("donkey-valley", 3), ("steam-park", 2)]:
            with self.subTest(game=game, players=players):
                env = rules_env.parallel_env(game, players=players, server=SERVER, reward="score")
                observations, infos = env.reset(seed=6)
                start = start_scores(game, players, {}, 6)
                rng = random.Random(6)
                total = {a: 0.0 for a in env.possible_agents}
                while env.agents:
                    actions = {a: rng.choice(legal(observations[a]["action_mask"])) for a in env.agents if infos[a]["active"]}
                    observations, rewards, terminations, truncations, infos = env.step(actions)
                    for a, r in rewards.items():
                        total[a] += r
                outcome = infos["player_0"]["outcome"]
                self.assertEqual([total[a] for a in env.possible_agents], [float(f - s) for f, s in zip(outcome["scores"], start)])
                env.close()


class Refused(unittest.TestCase):
    def test_an_unknown_reward_is_a_value_error_before_any_process_starts(self):
        nowhere = ["/nonexistent/rules-serve"]
        for make in (
            lambda r: rules_env.aec_env("donkey-valley", players=3, command=nowhere, reward=r),
            lambda r: rules_env.gym_env("steamrollers", players=1, command=nowhere, reward=r),
            lambda r: rules_env.parallel_env("donkey-valley", players=3, command=nowhere, reward=r),
            lambda r: rules_env.vector_env("steamrollers", 2, players=1, command=nowhere, reward=r),
        ):
            for bad in ("points", "Score", None, 1, ["score"]):
                with self.assertRaises(ValueError) as caught:
                    make(bad)
                self.assertIn('reward must be "outcome"', str(caught.exception))


if __name__ == "__main__":
    unittest.main()
