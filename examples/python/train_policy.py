#!/usr/bin/env python3
"""Train a small policy on Donkey Valley (seat 0 of 3, the other seats random) with the vector env, then
show whether it beats random play, with 95% confidence intervals.

    /usr/bin/python3 examples/python/train_policy.py [--minutes 3] [--envs 32] [--eval 600] [--seed 1]
    /usr/bin/python3 examples/python/train_policy.py --quick      # CI: a few updates; checks the loss moves

Needs PyTorch and numpy (Debian: apt-get install python3-torch python3-numpy, for /usr/bin/python3) and the
built CLI (npm run build). The policy is a two-layer network over the seat's observation; illegal actions are
masked out of its softmax. It learns by REINFORCE: every action of a game is credited with the game's final
reward (+1 first, 0 second, -1 last of three), less a running mean. The evaluation plays the same seeds with
the trained policy (sampling) and with a random legal policy, and prints each one's mean reward and win rate
with a 95% interval, and the difference of the means with its interval.
"""
import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import numpy as np  # noqa: E402
import torch  # noqa: E402

import rules_env  # noqa: E402

GAME, OPTIONS = "donkey-valley", {"players": 3}


class Policy(torch.nn.Module):
    def __init__(self, observations, actions, hidden=128):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(observations, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, actions))

    def forward(self, obs, mask):
        logits = self.net(obs)
        return logits.masked_fill(mask == 0, -1e9)


def act(policy, obs, mask, rng_torch, greedy=False):
    """Indices for a batch (an ended env's mask is all 0: its index is ignored by the env) and their log-probs."""
    o = torch.as_tensor(obs)
    m = torch.as_tensor(mask)
    live = m.sum(dim=1) > 0
    m = torch.where(live[:, None], m, torch.ones_like(m))
    dist = torch.distributions.Categorical(logits=policy(o, m))
    a = dist.probs.argmax(dim=1) if greedy else dist.sample()
    return a, dist.log_prob(a), live


def train(policy, envs, seconds=None, updates=None, games_per_update=64, lr=3e-3, seed=1):
    """REINFORCE until ``seconds`` of wall time or ``updates`` updates have passed; the loss of each update.
    Each env's moves are kept (observation, mask, action) until its game ends; an update recomputes their
    log-probabilities with the current parameters."""
    opt = torch.optim.Adam(policy.parameters(), lr=lr)
    obs, infos = envs.reset(seed=seed)
    pending = [[] for _ in range(envs.num_envs)]
    finished, losses, baseline, games = [], [], 0.0, 0
    start = time.monotonic()
    while (seconds is None or time.monotonic() - start < seconds) and (updates is None or len(losses) < updates):
        masks = infos["action_mask"]
        with torch.no_grad():
            a, _, live = act(policy, obs, masks, None)
        actions = a.tolist()
        for i in range(envs.num_envs):
            if live[i]:
                pending[i].append((obs[i], masks[i], actions[i]))
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for i in range(envs.num_envs):
            if terminated[i] or truncated[i]:
                finished.append((float(rewards[i]), pending[i]))
                pending[i] = []
        if len(finished) >= games_per_update:
            returns = torch.tensor([r for r, _ in finished])
            o = torch.as_tensor(np.stack([m[0] for _, moves in finished for m in moves]))
            mk = torch.as_tensor(np.stack([m[1] for _, moves in finished for m in moves]))
            act_t = torch.tensor([m[2] for _, moves in finished for m in moves])
            weight = torch.tensor([r - baseline for r, moves in finished for _ in moves])
            logp = torch.distributions.Categorical(logits=policy(o, mk)).log_prob(act_t)
            loss = -(weight * logp).sum() / len(finished)
            opt.zero_grad()
            loss.backward()
            opt.step()
            baseline = 0.9 * baseline + 0.1 * float(returns.mean())
            games += len(finished)
            losses.append(float(loss))
            print("update %3d: %5d games, mean reward of the last %d %+.3f, loss %+.4f" % (len(losses), games, len(finished), float(returns.mean()), losses[-1]), flush=True)
            finished = []
    return losses


def evaluate(envs, games, choose, seed):
    """Final rewards of ``games`` games where seat 0 plays ``choose(obs, mask) -> indices``, over fixed seeds."""
    results = []
    obs, infos = envs.reset(seed=seed)
    while len(results) < games:
        obs, rewards, terminated, truncated, infos = envs.step(choose(obs, infos["action_mask"]))
        for i in range(envs.num_envs):
            if terminated[i] or truncated[i]:
                results.append(float(rewards[i]))
    return np.array(results[:games])


def interval(x):
    m, s = x.mean(), x.std(ddof=1) / math.sqrt(len(x))
    return m, m - 1.96 * s, m + 1.96 * s


def main():
    ap = argparse.ArgumentParser(description="Train a small policy on Donkey Valley with the vector env")
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--envs", type=int, default=32)
    ap.add_argument("--eval", type=int, default=600, help="games per policy in the evaluation")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="CI: 4 updates of 16 games, no evaluation; fails unless the loss changes")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    envs = rules_env.vector_env(GAME, 8 if args.quick else args.envs, seat=0, opponents="random", processes=args.processes, arrays="numpy", **OPTIONS)
    policy = Policy(envs.observation_size, envs.action_count)
    if args.quick:
        losses = train(policy, envs, updates=4, games_per_update=16, seed=args.seed)
        envs.close()
        assert len(losses) == 4 and all(math.isfinite(x) for x in losses), losses
        assert len(set(round(x, 6) for x in losses)) > 1, "the loss never changed: %r" % (losses,)
        print("ok: 4 updates, losses %s" % ", ".join("%+.4f" % x for x in losses))
        return
    train(policy, envs, seconds=args.minutes * 60, seed=args.seed)

    def trained(obs, mask):
        with torch.no_grad():
            return act(policy, obs, mask, None)[0].tolist()

    def random_legal(obs, mask):
        return [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in mask]

    eval_seed = 10**6 + args.seed
    a = evaluate(envs, args.eval, trained, eval_seed)
    b = evaluate(envs, args.eval, random_legal, eval_seed)
    envs.close()
    for name, x in (("trained", a), ("random", b)):
        m, lo, hi = interval(x)
        wins = (x == 1.0).mean()
        w = 1.96 * math.sqrt(wins * (1 - wins) / len(x))
        print("%-8s mean reward %+.3f (95%% CI %+.3f to %+.3f), wins %.1f%% (± %.1f) over %d games" % (name, m, lo, hi, 100 * wins, 100 * w, len(x)))
    d = a.mean() - b.mean()
    sd = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    print("difference %+.3f (95%% CI %+.3f to %+.3f)" % (d, d - 1.96 * sd, d + 1.96 * sd))


if __name__ == "__main__":
    main()
