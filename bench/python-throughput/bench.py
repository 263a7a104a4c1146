"""Steps per second per core through the Python vector env, beside the engine's own loop in Node.

    python3 bench/python-throughput/bench.py [--seconds 3] [--warmup 1] [--envs 64] [--tables dv,sr1,...] [--no-node]

For every game and map: the Node loop (bench/python-throughput/node-loop.ts: mask + observation + a random
legal index + decode + apply, one process), then ``rules_env.vector_env`` with 64 envs playing every seat
with random legal actions from the masks, over 1 and 2 `rules serve` processes, with numpy arrays and with
lists (the standard library alone). A step is one action in one game. "per CPU-s" divides the steps by the
CPU time of every process involved (Python and each serve), so it is the throughput per core whatever the
machine's load; "wall" is steps per second of elapsed time. Both sides first play ``--warmup`` CPU-seconds
unmeasured (V8 compiles the serve process's hot paths meanwhile), so the figures are steady rates. A report, never a test (docs/performance.md).
Needs the built CLI (npm run build); RULES_SERVE as the package reads it, else the clone's dist."""
import argparse
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "python"))
import rules_env  # noqa: E402
from rules_env import _table  # noqa: E402

TABLES = {
    "dv": ("donkey-valley", {"players": 4}),
    "sd": ("steam-donkey", {"players": 3}),
    "sp": ("steam-park", {"players": 3}),
    "sr1": ("steamrollers", {"players": 1}),
    "sr4": ("steamrollers", {"players": 4}),
    "rb": ("age-of-steam-exp", {"players": 4}),
    "oe": ("age-of-steam-exp", {"players": 4, "map": "orient-express"}),
    "ap": ("age-of-steam-exp", {"players": 1, "map": "amusement-park"}),
}
TICK = os.sysconf("SC_CLK_TCK")


def child_cpu(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def node_loop(game, options, seconds, warmup):
    out = subprocess.run(["node", "--import", "tsx", os.path.join(HERE, "node-loop.ts"), game, json.dumps(options), str(seconds), str(warmup)], cwd=REPO, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def python_loop(game, options, seconds, envs, processes, arrays, warmup=1.0):
    env = rules_env.vector_env(game, envs, processes=processes, arrays=arrays, seed=1, **options)
    rng = random.Random(1)
    pids = [s.process.pid for s in env.servers]
    try:
        obs, infos = env.reset()
        py0, serve0, wall0 = time.process_time(), sum(child_cpu(p) for p in pids), time.perf_counter()
        steps = batches = 0
        measuring = False
        while True:
            masks = infos["action_mask"]
            if arrays == "numpy":
                actions = []
                for m in masks:
                    legal = m.nonzero()[0]
                    actions.append(int(legal[rng.randrange(len(legal))]) if len(legal) else 0)
            else:
                actions = []
                for m in masks:
                    legal = [i for i, v in enumerate(m) if v]
                    actions.append(legal[rng.randrange(len(legal))] if legal else 0)
            obs, rewards, terminated, truncated, infos = env.step(actions)
            steps += envs
            batches += 1
            if batches % 5 == 0:
                py, serve = time.process_time() - py0, sum(child_cpu(p) for p in pids) - serve0
                if not measuring and py + serve >= warmup:
                    measuring = True
                    py0, serve0, wall0 = time.process_time(), sum(child_cpu(p) for p in pids), time.perf_counter()
                    steps = 0
                elif measuring and py + serve >= seconds:
                    break
        wall = time.perf_counter() - wall0
        return {"steps": steps, "pythonCpu": py, "serveCpu": serve, "wall": wall, "perCpuSecond": steps / (py + serve), "perWallSecond": steps / wall}
    finally:
        env.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement (default 3)")
    ap.add_argument("--warmup", type=float, default=1.0, help="CPU seconds played unmeasured first, on both sides (default 1)")
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--tables", default=",".join(TABLES), help="comma-separated: " + ",".join(TABLES))
    ap.add_argument("--no-node", action="store_true")
    args = ap.parse_args()
    have_numpy = _table.np is not None
    print("| game | Node loop (steps/CPU-s) | 1 process, numpy | 1 process, lists | 2 processes, numpy | 2 processes, lists | best / Node |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for key in args.tables.split(","):
        game, options = TABLES[key]
        node = None if args.no_node else node_loop(game, options, args.seconds, args.warmup)["stepsPerCpuSecond"]
        cells, best = [], 0.0
        for processes in (1, 2):
            for arrays in ("numpy", "list"):
                if arrays == "numpy" and not have_numpy:
                    cells.append("(no numpy)")
                    continue
                r = python_loop(game, options, args.seconds, args.envs, processes, arrays, args.warmup)
                best = max(best, r["perCpuSecond"])
                cells.append("%.0f (wall %.0f/s; Python %.0f%% of CPU)" % (r["perCpuSecond"], r["perWallSecond"], 100 * r["pythonCpu"] / (r["pythonCpu"] + r["serveCpu"])))
        label = "%s %s" % (game, " ".join("%s=%s" % kv for kv in options.items()))
        ratio = "%.2f" % (best / node) if node else "-"
        print("| %s | %s | %s | %s |" % (label, "%.0f" % node if node else "-", " | ".join(cells), ratio), flush=True)


if __name__ == "__main__":
    main()
