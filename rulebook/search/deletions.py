"""The typo index's table (symmetric deletes: a word with letters deleted → the words it comes
from), kept compact. As a dict it holds about 155,000 lists; every worker unpickles the index after
each content change, and those lists took 600 ms of the 1.4 s it cost. Here the table is a few
thousand strings, one per bucket of variants, each a run of "\\nvariant\\tword word" lines: it
unpickles in a millisecond and a look-up is a hash and a substring search in one short string."""

from __future__ import annotations

import zlib

BUCKETS = 4096


def _bucket(variant: str) -> int:
    # crc32, not hash(): str hashes change with every process (PYTHONHASHSEED), the index does not.
    return zlib.crc32(variant.encode("utf-8", "surrogatepass")) % BUCKETS


class DeletionIndex:
    """variant → the words it comes from (folded words hold no space, tab or newline)."""

    __slots__ = ("buckets",)

    def __init__(self, table: dict[str, list[str]]) -> None:
        grouped: list[list[str]] = [[] for _ in range(BUCKETS)]
        for variant, found in table.items():
            grouped[_bucket(variant)].append(f"\n{variant}\t{' '.join(found)}")
        self.buckets = tuple("".join(lines) + "\n" for lines in grouped)

    def get(self, variant: str) -> list[str]:
        bucket = self.buckets[_bucket(variant)]
        start = bucket.find(f"\n{variant}\t")
        if start < 0:
            return []
        start += len(variant) + 2
        return bucket[start : bucket.index("\n", start)].split(" ")

    def __getstate__(self) -> tuple[str, ...]:
        return self.buckets

    def __setstate__(self, state: tuple[str, ...]) -> None:
        self.buckets = state
