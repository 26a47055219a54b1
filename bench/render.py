"""Server time of pages no page cache has seen: each main page type (tests/page_types.py), and the
odds calculator on many different sequences (most of its addresses are new: a coach composes them).
The process is warm (its per-version caches filled once), as a running server's is.

Run with `.venv/bin/python bench/render.py` after `make setup`. Prints the median and p90 per page
type and for the odds page, in milliseconds.
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

from django.test import Client

from rulebook.serving.store import pages
from tests.page_types import PAGE_TYPES

ROUNDS = 9
ODDS_ADDRESSES = 60
ODDS_TARGET_MS = 100.0  # a coach's new sequence, answered before the phone's radio wakes up


def never_cached(key: str) -> None:
    return None


def timed(client: Client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url)
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code < 500, (url, response.status_code)
    return elapsed


def odds_addresses() -> list[str]:
    """Distinct sequences of both editions and four languages, as the calculator's share code."""
    langs = ("es", "it", "fr", "en")
    urls = []
    for n in range(ODDS_ADDRESSES):
        edition = "bb2025" if n % 2 else "lrb6"
        steps = f"dodge:{2 + n % 5},gfi:2,pickup:{2 + (n // 5) % 5},block:{1 + n % 3}d"
        urls.append(f"/{langs[n % 4]}/odds/?edition={edition}&steps={steps}&team_reroll={n % 2}")
    return urls


def row(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"{name:32} median {statistics.median(ordered):7.1f} ms   p90 {p90:7.1f} ms"


def main() -> int:
    # The page cache finds nothing: every answer is rendered (the rendered-text and search caches,
    # filled once per content version, stay warm as in a running server).
    pages.get = never_cached  # type: ignore[method-assign]
    client = Client()
    for url in PAGE_TYPES.values():  # warm the process: imports, templates, per-version caches
        client.get(url)
    print(f"Pages no page cache has seen ({ROUNDS} rounds each):")
    for name, url in PAGE_TYPES.items():
        print(row(name, [timed(client, url) for _ in range(ROUNDS)]))
    odds = [timed(client, url) for url in odds_addresses()]
    print(row(f"odds, {ODDS_ADDRESSES} new sequences", odds))
    met = statistics.median(odds) <= ODDS_TARGET_MS
    print("TARGET MET" if met else "TARGET MISSED", f"(odds median ≤ {ODDS_TARGET_MS:.0f} ms)")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
