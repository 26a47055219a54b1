"""The per-process cache (CACHE_URL=locmem://) bounded in bytes, not only in entries: Django's
LocMemCache counts entries (3,000 of them could be 3,000 board pages of 200 KB: workers grew from
134 to 285 MB after 780 board URLs). This one also counts the bytes of what it keeps (the pickled
values and their keys) up to OPTIONS["MAX_BYTES"], drops the least recently used entries beyond
that, and does not keep a value larger than an eighth of it at all."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

DEFAULT_MAX_BYTES = 64 * 1024 * 1024

# Like LocMemCache's own dicts: one per cache name, shared by every instance (one per thread).
_sizes: dict[str, dict[str, int]] = {}
_totals: dict[str, list[int]] = {}


class BoundedLocMemCache(LocMemCache):
    # LocMemCache's own (private, so not in its type stubs): most recently used first.
    _cache: OrderedDict[str, bytes]
    _expire_info: dict[str, float | None]
    _lock: threading.Lock

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(name, params)
        self.max_bytes = int(params.get("OPTIONS", {}).get("MAX_BYTES", DEFAULT_MAX_BYTES))
        self._sizes = _sizes.setdefault(name, {})
        self._total = _totals.setdefault(name, [0])

    @property
    def used_bytes(self) -> int:
        return self._total[0]

    def _set(self, key: str, value: bytes, timeout: float | None = DEFAULT_TIMEOUT) -> None:
        size = len(key) + len(value)  # value: the pickle LocMemCache keeps
        if size > self.max_bytes // 8:
            self._delete(key)
            return
        self._forget(key)
        super()._set(key, value, timeout)  # type: ignore[misc]
        self._sizes[key] = size
        self._total[0] += size
        while self._total[0] > self.max_bytes and self._cache:
            oldest, _ = self._cache.popitem()  # LocMemCache keeps the most recent first
            self._expire_info.pop(oldest, None)
            self._forget(oldest)

    def _forget(self, key: str) -> None:
        self._total[0] -= self._sizes.pop(key, 0)

    def _delete(self, key: str) -> bool:
        self._forget(key)
        return bool(super()._delete(key))  # type: ignore[misc]

    def _cull(self) -> None:
        before = set(self._cache)
        super()._cull()  # type: ignore[misc]
        for key in before.difference(self._cache):
            self._forget(key)

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        value = super().incr(key, delta, version)
        full = self.make_and_validate_key(key, version=version)
        with self._lock:
            pickled = self._cache.get(full)
            if pickled is not None:
                self._forget(full)
                self._sizes[full] = len(full) + len(pickled)
                self._total[0] += self._sizes[full]
        return int(value)

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
            self._total[0] = 0
