#!/usr/bin/env python3
"""Audit a large PGN dump on a Dask cluster with `arbiter audit --json`, then merge.

Where one machine is not enough (the Lichess database is billions of games), the input is
split at game boundaries into shards, each shard is audited by `arbiter audit --json` on a
Dask worker, and the shards' JSON Lines are merged by `arbiter summarize` into the summary
one run over the whole input would give, game numbers included: each shard is audited with
`--first-game` set to the number its first game has in the whole input.

    audit_dask.py --local 2 INPUT.pgn.zst... --outdir OUT          # a LocalCluster here
    audit_dask.py --scheduler tcp://HOST:8786 INPUT... --outdir OUT  # a real cluster

INPUT may be plain PGN or compressed with zstd, gzip, bzip2 or xz (told by its first
bytes, as arbiter does). The shards travel to the workers through Dask (no shared file
system is needed); each worker needs the arbiter program (--arbiter, default `arbiter` on
its PATH). OUT receives shard-NNNNN.jsonl (each shard's audit, in order), games.jsonl
(every game line in input order, then the merged summary) and summary.json; the merged
summary is printed too. Exit status: that of `arbiter summarize` (0, or 1 when game
numbers do not run on), or 2 on a failure.
"""

import argparse
import bz2
import gzip
import lzma
import os
import subprocess
import sys


def open_pgn(path):
    """The file as a binary stream of PGN text, decompressed by its magic bytes."""
    raw = open(path, "rb")
    magic = raw.peek(6)[:6] if hasattr(raw, "peek") else b""
    if magic.startswith(b"\x28\xb5\x2f\xfd"):  # zstd: no decoder in the standard library
        raw.close()
        proc = subprocess.Popen(["zstd", "-dc", path], stdout=subprocess.PIPE)
        return proc.stdout
    if magic.startswith(b"\x1f\x8b"):
        return gzip.GzipFile(fileobj=raw)
    if magic.startswith(b"BZh"):
        return bz2.BZ2File(raw)
    if magic.startswith(b"\xfd7zXZ\x00"):
        return lzma.LZMAFile(raw)
    return raw


def shards(paths, shard_bytes):
    """Yields (first_game, text) for shards of about shard_bytes bytes, cut only where a game
    begins: a line opening with '[' after a blank line that follows a line which is not a tag
    pair (a blank line inside the tags of one game is no boundary). first_game counts the
    games before the shard by the same rule, from 1; games run on from one file to the next."""
    games = 0
    buffer, first = [], 1
    size = 0
    for path in paths:
        stream = open_pgn(path)
        previous, before_blank = b"", b""
        for line in stream:
            starts_game = (line.startswith(b"[") and previous.strip() == b""
                           and not before_blank.startswith(b"["))
            if starts_game:
                if size >= shard_bytes:
                    yield first, b"".join(buffer)
                    buffer, size, first = [], 0, games + 1
                games += 1
            buffer.append(line)
            size += len(line)
            if line.strip() == b"":
                if previous.strip() != b"":
                    before_blank = previous
            previous = line
        stream.close()
        # A file's last line may lack its newline: the next file starts on its own line.
        if buffer and not buffer[-1].endswith(b"\n"):
            buffer.append(b"\n")
            size += 1
        # Files are separate inputs: the first line of the next file starts a game after a
        # blank line as far as the rule is concerned.
        buffer.append(b"\n")
        size += 1
    if buffer:
        yield first, b"".join(buffer)


def audit_shard(text, first_game, arbiter, extra):
    """Runs on a worker: the shard's `arbiter audit --json` output (bytes)."""
    proc = subprocess.run(
        [arbiter, "audit", "--json", "--no-progress", "-j", "1", "--first-game", str(first_game)]
        + extra + ["-"],
        input=text, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode not in (0, 1):  # 1: some game could not be read (reported in the output)
        raise RuntimeError("arbiter audit failed (%d): %s" % (proc.returncode, proc.stderr.decode()))
    return proc.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", help="address of a running Dask scheduler")
    where.add_argument("--local", type=int, metavar="N", help="start a LocalCluster of N workers")
    parser.add_argument("--arbiter", default="arbiter", help="the arbiter program on the workers")
    parser.add_argument("--summarize-with", default=None,
                        help="the arbiter program here (default: --arbiter)")
    parser.add_argument("--shard-bytes", type=int, default=64 << 20, help="shard size (64 MiB)")
    parser.add_argument("--rules", default=None, help="rules edition, passed to the audit")
    parser.add_argument("--outdir", required=True)
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster  # python3-distributed

    if args.local:
        cluster = LocalCluster(n_workers=args.local, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        cluster = None
        client = Client(args.scheduler)
    extra = ["--rules", args.rules] if args.rules else []
    os.makedirs(args.outdir, exist_ok=True)
    try:
        futures = []
        for first, text in shards(args.inputs, args.shard_bytes):
            data = client.scatter(text)
            futures.append(client.submit(audit_shard, data, first, args.arbiter, extra, pure=False))
        names = []
        for k, future in enumerate(futures):  # in input order
            name = os.path.join(args.outdir, "shard-%05d.jsonl" % k)
            with open(name, "wb") as out:
                out.write(future.result())
            names.append(name)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    summarize = args.summarize_with or args.arbiter
    merged = subprocess.run([summarize, "summarize"] + names, stdout=subprocess.PIPE)
    sys.stdout.buffer.write(merged.stdout)
    with open(os.path.join(args.outdir, "summary.json"), "wb") as out:
        out.write(merged.stdout)
    with open(os.path.join(args.outdir, "games.jsonl"), "wb") as out:
        for name in names:
            with open(name, "rb") as shard:
                lines = shard.read().splitlines(keepends=True)
            out.writelines(lines[:-1])  # the shard's summary is its last line
        out.write(merged.stdout)
    return merged.returncode


if __name__ == "__main__":
    sys.exit(main())
