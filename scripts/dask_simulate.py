#!/usr/bin/env python3
"""One `rules simulate` run as shards on a Dask cluster, merged with `rules merge`.

Each Dask task runs `rules simulate ... --shard i/n --report json` (and, with --out-dir, writes the
shard's records and trajectories there); the client then merges the shard reports with
`rules merge`, which checks that the shards cover every game exactly once. The merged report is
exactly the report of a single run (the games are seeded from the master seed and their index
alone, and the statistics are sums): `--check` runs the single run too and compares.

    /usr/bin/python3 scripts/dask_simulate.py --shards 8 -- donkey-valley --games 10000 --seed 7
    /usr/bin/python3 scripts/dask_simulate.py --scheduler tcp://10.0.0.5:8786 --shards 64 -- ...

Without --scheduler it starts a LocalCluster on 127.0.0.1 (--workers processes, one thread each).
Needs dask.distributed (Debian: apt-get install python3-distributed, for /usr/bin/python3).
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile


def run_shard(rules, args, i, n, out_dir):
    """Runs shard i of n; returns its JSON report (text). Runs on a Dask worker."""
    extra = []
    if out_dir:
        extra = ["--out", os.path.join(out_dir, "records-%05d.jsonl" % i),
                 "--trajectories", os.path.join(out_dir, "trajectories-%05d.jsonl.gz" % i)]
    cmd = rules + ["simulate"] + args + ["--shard", "%d/%d" % (i, n), "--report", "json"] + extra
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), done.returncode, done.stderr.strip()))
    return done.stdout


def rules_run(rules, argv):
    done = subprocess.run(rules + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit("rules %s failed (%d): %s" % (" ".join(argv), done.returncode, done.stderr.strip()))
    return done.stdout


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="npx rules", help='how to start the rules command (default "npx rules")')
    p.add_argument("--shards", type=int, default=4, help="number of shards (Dask tasks)")
    p.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (without --scheduler)")
    p.add_argument("--scheduler", help="address of a running Dask scheduler instead of a LocalCluster")
    p.add_argument("--out-dir", help="keep each shard's records and trajectories here (merge them with rules merge)")
    p.add_argument("--check", action="store_true", help="also run the whole simulation in one process and compare")
    p.add_argument("simulate", nargs=argparse.REMAINDER, help="-- then the arguments of rules simulate (game, --games, ...)")
    a = p.parse_args(argv)
    args = a.simulate[1:] if a.simulate[:1] == ["--"] else a.simulate
    if not args:
        p.error("give the simulation after --, e.g. -- donkey-valley --games 100")
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise SystemExit("dask.distributed is not importable by %s (Debian: apt-get install python3-distributed)" % sys.executable)
    rules = shlex.split(a.rules)

    cluster = None
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, host="127.0.0.1", dashboard_address=None, processes=True)
        client = Client(cluster)
    try:
        futures = [client.submit(run_shard, rules, args, i, a.shards, a.out_dir, pure=False) for i in range(a.shards)]
        reports = client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, text in enumerate(reports):
            path = os.path.join(tmp, "report-%05d.json" % i)
            with open(path, "w") as f:
                f.write(text)
            files.append(path)
        merged = rules_run(rules, ["merge"] + files + ["--report", "json"])
    sys.stdout.write(merged)
    if a.check:
        single = rules_run(rules, ["simulate"] + args + ["--report", "json"])
        if single != merged:
            sys.stderr.write("the merged report differs from a single run's\n")
            return 1
        report = json.loads(merged)["report"]
        sys.stderr.write("merged report of %d shards on Dask = a single run's (%d games)\n" % (a.shards, report["games"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
