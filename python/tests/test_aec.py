import io
import random
import unittest
from contextlib import redirect_stdout

from support import TABLES, legal, rules_env

SERVER = None


def setUpModule():
    global SERVER
    SERVER = rules_env.Server()


def tearDownModule():
    SERVER.close()


def play(env, rng, seed):
    """One game with uniformly random legal actions; the (agent, action) of every step."""
    env.reset(seed=seed)
    steps = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        action = rng.choice(legal(observation["action_mask"]))
        steps.append((agent, action))
        env.step(action)
    return steps


class EveryGame(unittest.TestCase):
    def test_every_game_and_map_plays_to_the_end_with_random_legal_actions(self):
        for game, players, options in TABLES:
            with self.subTest(game=game, players=players, **options):
                env = rules_env.aec_env(game, players=players, server=SERVER, **options)
                self.assertEqual(env.possible_agents, ["player_%d" % p for p in range(players)])
                n = env.observation_space("player_0")["observation"].shape[0]
                k = env.action_space("player_0").n
                env.reset(seed=3)
                rng = random.Random(3)
                final = {}
                steps = 0
                for agent in env.agent_iter():
                    observation, reward, termination, truncation, info = env.last()
                    self.assertEqual(len(observation["observation"]), n)
                    self.assertEqual(len(observation["action_mask"]), k)
                    if termination or truncation:
                        final[agent] = (reward, info["outcome"])
                        env.step(None)
                        continue
                    self.assertEqual(reward, 0)
                    choices = legal(observation["action_mask"])
                    self.assertTrue(choices, "%s has no legal action" % agent)
                    env.step(rng.choice(choices))
                    steps += 1
                self.assertEqual(env.agents, [])
                self.assertEqual(sorted(final), env.possible_agents)
                outcome = final["player_0"][1]
                expected = rules_env.rank_rewards(outcome["ranks"])
                self.assertEqual([final[a][0] for a in env.possible_agents], expected)
                self.assertGreater(steps, 0)
                env.close()

    def test_the_pettingzoo_loop_as_its_documentation_writes_it(self):
        env = rules_env.aec_env("donkey-valley", players=3, server=SERVER, render_mode="human")
        out = io.StringIO()
        with redirect_stdout(out):
            # From PettingZoo's AEC API page (the usage example with action masking), unchanged.
            env.reset(seed=42)

            for agent in env.agent_iter():
                observation, reward, termination, truncation, info = env.last()

                if termination or truncation:
                    action = None
                else:
                    mask = observation["action_mask"]
                    # this is where you would insert your policy
                    action = env.action_space(agent).sample(mask)

                env.step(action)
            env.close()
        self.assertIn("The last donkey is done: the game is over", out.getvalue())

    def test_the_same_seed_gives_the_same_trajectory_and_another_seed_another(self):
        env = rules_env.aec_env("steam-park", players=3, server=SERVER)
        first = play(env, random.Random(5), seed=11)
        again = play(env, random.Random(5), seed=11)
        other = play(env, random.Random(5), seed=12)
        self.assertEqual(first, again)
        self.assertNotEqual(first, other)
        env.close()
        # The constructor's seed is the first reset's.
        env = rules_env.aec_env("steam-park", players=3, seed=11, server=SERVER)
        env.reset()
        self.assertEqual(env.agent_selection, first[0][0])
        env.close()

    def test_a_simultaneous_step_is_ordered_by_the_env_generator_not_by_seat(self):
        # Donkey Valley's step 1 lets every seat play its load card at once.
        env = rules_env.aec_env("donkey-valley", players=4, server=SERVER)
        firsts = []
        for seed in range(40):
            env.reset(seed=seed)
            firsts.append(env.agent_selection)
        env.close()
        for agent in ["player_%d" % p for p in range(4)]:
            self.assertGreater(firsts.count(agent), 3, firsts)

    def test_observations_are_the_same_numbers_compact_or_json_numpy_or_lists(self):
        arrays = ["list"] + (["numpy"] if _has_numpy() else [])
        seen = []
        for compact in (True, False):
            for kind in arrays:
                env = rules_env.aec_env("steamrollers", players=2, server=SERVER, compact=compact, arrays=kind)
                env.reset(seed=4)
                obs = env.observe("player_1")
                seen.append(([float(x) for x in obs["observation"]], [int(x) for x in obs["action_mask"]]))
                if kind == "list":
                    self.assertIsInstance(obs["observation"], list)
                else:
                    self.assertEqual(str(obs["observation"].dtype), "float32")
                    self.assertEqual(str(obs["action_mask"].dtype), "int8")
                env.close()
        for s in seen[1:]:
            self.assertEqual(s, seen[0])

    def test_render_tells_the_actions_since_the_last_render(self):
        env = rules_env.aec_env("donkey-valley", players=3, server=SERVER, render_mode="ansi")
        env.reset(seed=1)
        self.assertEqual(env.render(), "")
        env.step(legal(env.observe(env.agent_selection)["action_mask"])[0])
        text = env.render()
        self.assertRegex(text, r"^Seat \d plays")
        self.assertEqual(env.render(), "")
        env.close()


def _has_numpy():
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    unittest.main()
