"""Server time of each kind of miss in bench/load.py's all-miss mix (bench/misses.py), in process
and one at a time: which kinds make the mix's tail. The page cache finds nothing; the per-version
caches are warmed as the server's master warms them before forking its workers (serving/warm.py),
as in a running server.

Run with `.venv/bin/python bench/miss_kinds.py [--rounds N] [--cpu] [--profile KIND]` after `make
setup`. Prints, per kind, the median, p90 and max in milliseconds and the answer's size; --cpu
times the process's CPU instead of the wall clock (the steadier figure on a machine other
programs share: waiting for a CPU does not count); --profile prints the top functions (cProfile,
cumulative) of that kind's requests.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.test import Client
from django.test.utils import override_settings
from misses import miss_maker

from rulebook.serving.store import pages
from rulebook.serving.warm import warm_caches

KINDS = (
    ("table roll", "/tables/"),
    ("odds page", "/odds/"),
    ("search page", "/search/"),
    ("board", "/board/"),
    ("tutorial try", "/tutorial/"),
    ("builder", "/builder/"),
    ("odds API", "/api/v1/odds"),
    ("search API", "/api/v1/search"),
)


def kind_of(path: str) -> str:
    matched = [name for name, part in KINDS if part in path]
    return matched[-1]  # the API's names contain the pages' parts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=12, help="requests of each kind")
    parser.add_argument("--profile", default="", help="a kind's name, e.g. board")
    parser.add_argument("--cpu", action="store_true", help="the process's CPU time, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    pages.get = lambda key: None  # type: ignore[method-assign]
    client = Client(HTTP_ACCEPT_ENCODING="gzip, br")
    make_miss = miss_maker(0, lambda path: Client().get(path).json())
    warm_caches()
    for _ in range(len(KINDS)):  # warm the process: each kind's templates and imports
        path, headers = make_miss()
        client.get(path, headers=headers)
    times: dict[str, list[float]] = defaultdict(list)
    sizes: dict[str, list[int]] = defaultdict(list)
    profiler = cProfile.Profile()
    for _ in range(args.rounds * len(KINDS)):
        path, headers = make_miss()
        kind = kind_of(path)
        profiling = kind == args.profile
        if profiling:
            profiler.enable()
        started = clock()
        response = client.get(path, headers=headers)
        times[kind].append((clock() - started) * 1000)
        if profiling:
            profiler.disable()
        assert response.status_code == 200, (path, response.status_code)
        sizes[kind].append(len(response.content))
    print("CPU time" if args.cpu else "wall-clock time", "per request, ms")
    print(f"{'kind':<14} {'median':>8} {'p90':>8} {'max':>8}   bytes sent (median)")
    for name, _ in KINDS:
        ordered = sorted(times[name])
        p90 = ordered[int(0.9 * (len(ordered) - 1))]
        print(
            f"{name:<14} {statistics.median(ordered):8.1f} {p90:8.1f} {ordered[-1]:8.1f}   "
            f"{statistics.median(sizes[name]):>8.0f}"
        )
    every = sorted(t for values in times.values() for t in values)
    print(f"{'all':<14} {statistics.median(every):8.1f} mean {statistics.mean(every):.1f} ms")
    if args.profile:
        pstats.Stats(profiler).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(35)
    return 0


if __name__ == "__main__":
    with override_settings(MISS_RATE_LIMIT="", ALLOWED_HOSTS=["testserver", "127.0.0.1"]):
        raise SystemExit(main())
