#!/usr/bin/env python3
"""Steps per second through rules_env's AEC env, per game, with compact vectors (serve's "sparse" format) and with JSON.

    python3 examples/python/throughput.py [--steps 2000] [--arrays numpy|list]

Plays random legal actions (from the mask) and counts env.step calls, restarting a game when it ends;
each step reads one observation and mask (env.last()). Both formats run in the same process, one after
the other, over the same seeds. Rates are per CPU second of both processes (Python and its `rules serve`
child, whose start-up is measured apart and taken off), so a busy machine changes them less than wall
time would; on a quiet machine wall time is close to it.
"""
import argparse
import os
import random
import resource
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import rules_env  # noqa: E402

TABLES = [
    ("donkey-valley", 4, {}),
    ("steam-donkey", 4, {}),
    ("steam-park", 4, {}),
    ("steamrollers", 3, {}),
    ("steamrollers", 1, {}),
    ("age-of-steam-exp", 4, {}),
    ("age-of-steam-exp", 4, {"map": "orient-express"}),
    ("age-of-steam-exp", 1, {"map": "amusement-park"}),
]


def cpu():
    """CPU seconds of this process and of its finished children."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def startup(game, players, options):
    """CPU seconds to start an env, play no step and close it."""
    start = cpu()
    env = rules_env.aec_env(game, players=players, **options)
    env.reset(seed=0)
    env.close()
    return cpu() - start


def rate(game, players, options, compact, steps, arrays):
    base = startup(game, players, options)
    start = cpu()
    env = rules_env.aec_env(game, players=players, compact=compact, arrays=arrays, **options)
    rng = random.Random(1)
    done, seed = 0, 0
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(env.action_space(agent).sample(mask) if arrays == "numpy" else rng.choice([i for i, m in enumerate(mask) if m]))
            done += 1
            if done >= steps:
                break
    env.close()
    return done / (cpu() - start - base)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--arrays", default=None, choices=["numpy", "list"])
    args = parser.parse_args()
    arrays = args.arrays or ("numpy" if rules_env._table.np is not None else "list")
    print("| game | players | observation | actions | steps/s, compact | steps/s, JSON | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game, players, options in TABLES:
        env = rules_env.aec_env(game, players=players, **options)
        n, k = env.observation_space("player_0")["observation"].shape[0], env.action_space("player_0").n
        env.close()
        compact = rate(game, players, options, True, args.steps, arrays)
        plain = rate(game, players, options, False, args.steps, arrays)
        name = game + ("" if not options else " (%s)" % options["map"])
        print("| %s | %d | %s | %s | %s | %s | %.2f× |" % (name, players, format(n, ","), format(k, ","), format(round(compact), ","), format(round(plain), ","), compact / plain))


if __name__ == "__main__":
    main()
