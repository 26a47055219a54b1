"""Search latency over the relevance set, in process: prints p50 and p95 (target p95 ≤ 10 ms).

Run with `make bench` or `.venv/bin/python bench/search.py` after `make setup`.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from rulebook.search.relevance import load_relevance_set, result_key
from rulebook.search.results import current_index, search

ROUNDS = 5


def main() -> None:
    queries = load_relevance_set()
    started = time.perf_counter()
    current_index()
    build_ms = (time.perf_counter() - started) * 1000
    timings: list[float] = []
    top3 = 0
    for round_number in range(ROUNDS):
        for query in queries:
            started = time.perf_counter()
            results = search(query.q, query.lang, current=query.current, limit=10)
            timings.append((time.perf_counter() - started) * 1000)
            if round_number == 0 and query.expect in [result_key(r) for r in results[:3]]:
                top3 += 1
    timings.sort()
    p50 = statistics.median(timings)
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"queries: {len(queries)} × {ROUNDS} rounds; index build: {build_ms:.0f} ms")
    print(f"latency p50: {p50:.2f} ms   p95: {p95:.2f} ms   max: {timings[-1]:.2f} ms   (target p95 ≤ 10 ms)")
    print(f"expected item in top 3: {top3}/{len(queries)} = {top3 / len(queries):.1%} (target ≥ 95 %)")


if __name__ == "__main__":
    main()
