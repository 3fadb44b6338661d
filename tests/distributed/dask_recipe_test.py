#!/usr/bin/env python3
"""The Dask recipe (examples/distributed/audit_dask.py) on a LocalCluster of 2 workers over
the real-games corpus: the merged summary must be byte for byte the summary of a single
`arbiter audit --json -j 1` run, and the merged game lines the single run's, game numbers
included (only `file` and `number_in_file` name the shard, read from standard input).

usage: dask_recipe_test.py ARBITER RECIPE PGN...
"""

import json
import os
import subprocess
import sys
import tempfile


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    arbiter, recipe, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
    single = subprocess.run([arbiter, "audit", "--json", "-j", "1"] + inputs,
                            stdout=subprocess.PIPE, check=False)
    if single.returncode not in (0, 1):
        fail("the single run failed with status %d" % single.returncode)
    single_lines = single.stdout.decode().splitlines()
    with tempfile.TemporaryDirectory() as out:
        # Shards of about 40 kB: several per file, cut at game boundaries.
        run = subprocess.run([sys.executable, recipe, "--local", "2", "--shard-bytes", "40000",
                              "--arbiter", arbiter, "--outdir", out] + inputs,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
        if run.returncode != 0:
            fail("the recipe failed with status %d:\n%s" % (run.returncode, run.stderr.decode()))
        shards = sorted(n for n in os.listdir(out) if n.startswith("shard-"))
        if len(shards) < 4:
            fail("only %d shards" % len(shards))
        summary = open(os.path.join(out, "summary.json")).read()
        if summary != single_lines[-1] + "\n":
            fail("merged summary\n  %s\ndiffers from the single run's\n  %s"
                 % (summary.strip(), single_lines[-1]))
        merged_lines = open(os.path.join(out, "games.jsonl")).read().splitlines()
        if len(merged_lines) != len(single_lines):
            fail("%d merged lines, %d in the single run" % (len(merged_lines), len(single_lines)))
        for k, (a, b) in enumerate(zip(single_lines[:-1], merged_lines[:-1])):
            ja, jb = json.loads(a), json.loads(b)
            for j in (ja, jb):
                j.pop("file", None)
                j.pop("number_in_file", None)
                if "error" in j:  # "game N, line L": N and L count within the shard
                    j["error"] = j["error"].split(": ", 1)[-1]
            if ja != jb:
                fail("game line %d differs:\n  %s\n  %s" % (k + 1, a, b))
    games = json.loads(single_lines[-1])["games"]
    print("ok: %d games in %d shards on 2 workers, merged summary equal to the single run's"
          % (games, len(shards)))


if __name__ == "__main__":
    main()
