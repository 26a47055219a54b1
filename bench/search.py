"""Search latency over the relevance set, in process: prints the index build time and memory, p50
and p95 (target p95 ≤ 10 ms) and the relevance report per class (top 1, top 3).

Run with `make bench` or `.venv/bin/python bench/search.py` after `make setup`.
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from rulebook.search.documents import build_documents
from rulebook.search.index import SearchIndex
from rulebook.search.relevance import evaluate, load_relevance_set, report
from rulebook.search.results import current_index, search

ROUNDS = 5
BUILDS = 3


def build_figures() -> tuple[float, float, float, int]:
    """Median milliseconds to read the documents and to index them, and the index's memory (MB)."""
    read, index = [], []
    for _ in range(BUILDS):
        started = time.perf_counter()
        documents = build_documents()
        read.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        SearchIndex(documents)
        index.append((time.perf_counter() - started) * 1000)
    gc.collect()
    tracemalloc.start()
    kept = SearchIndex(documents)
    memory = tracemalloc.get_traced_memory()[0] / 1e6
    tracemalloc.stop()
    del kept
    return statistics.median(read), statistics.median(index), memory, len(documents)


def main() -> None:
    queries = load_relevance_set()
    read_ms, index_ms, memory_mb, count = build_figures()
    current_index()
    timings: list[float] = []
    cpu: list[float] = []  # the process's own CPU time: what a loaded machine does not inflate
    for _ in range(ROUNDS):
        for query in queries:
            started, started_cpu = time.perf_counter(), time.thread_time()
            search(query.q, query.lang, current=query.current, limit=10)
            timings.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - started_cpu) * 1000)
    timings.sort()
    cpu.sort()
    p50 = statistics.median(timings)
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(
        f"documents: {count}; index build: {read_ms:.0f} ms reading + {index_ms:.0f} ms indexing (median of {BUILDS})"
    )
    print(f"index memory: {memory_mb:.1f} MB (tracemalloc, the index alone)")
    print(f"queries: {len(queries)} × {ROUNDS} rounds")
    print(f"latency p50: {p50:.2f} ms   p95: {p95:.2f} ms   max: {timings[-1]:.2f} ms   (target p95 ≤ 10 ms)")
    cpu95 = cpu[int(len(cpu) * 0.95) - 1]
    print(f"CPU time p50: {statistics.median(cpu):.2f} ms   p95: {cpu95:.2f} ms   (what the search itself costs)")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(report(evaluate(queries, lambda q: search(q.q, q.lang, current=q.current, limit=3))))


if __name__ == "__main__":
    main()
