import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { commandLine, nodeArgs } from "../programs.js";

// Issue 33: one simulation as shards on Dask distributed (a LocalCluster of two worker processes
// on 127.0.0.1) merges into exactly the report of a single run. Needs dask.distributed for
// /usr/bin/python3 (Debian's python3-distributed, which .ci/run installs); skipped with a message
// without it.

const python = "/usr/bin/python3";
const hasDask = spawnSync(python, ["-c", "import dask.distributed"], { stdio: "ignore" }).status === 0;
if (!hasDask) console.warn("test/cli/dask.test.ts SKIPPED: dask.distributed is not importable by /usr/bin/python3 (apt-get install -y python3-distributed; .ci/run installs it)");

describe.skipIf(!hasDask)("scripts/dask_simulate.py", () => {
  it("three shards on a LocalCluster merge into the single run's report, byte for byte", () => {
    const argv = ["scripts/dask_simulate.py", "--rules", commandLine("rules"), "--shards", "3", "--workers", "2", "--check", "--", "steam-park", "--games", "5", "--players", "3", "--seed", "dask"];
    const merged = execFileSync(python, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const single = execFileSync(...nodeArgs("rules", "simulate", "steam-park", "--games", "5", "--players", "3", "--seed", "dask", "--report", "json"), { encoding: "utf8" });
    expect(merged).toBe(single);
    expect(JSON.parse(merged)).toMatchObject({ games: 5, shard: null, ranges: [[0, 5]] });
  });
});
