"""The content version: a token that changes whenever any content row changes (see signals.py),
so caches of rendered text, of the search index and of whole pages are keyed by it.

It lives in the database (models.ContentVersion), the one truth every process shares: the change
commits with the content it describes, and a shared cache losing a key cannot bring an old
version back. A request reads it once (the page cache middleware opens a per-request memo);
outside a request each call reads it again, which management commands and tests can afford.

`@per_content_version(maxsize=…)` keeps a function's results for the current version: the one
way a reader caches what it computes from the content (names, links, indexes).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextvars import ContextVar, Token
from functools import update_wrapper
from typing import Generic, NamedTuple, ParamSpec, TypeVar

from django.db import connection
from django.utils import timezone

ROW_ID = 1
_UNREAD = ""
_memo: ContextVar[str | None] = ContextVar("content_version", default=None)


def _table() -> str:
    from ..models import ContentVersion

    return connection.ops.quote_name(ContentVersion._meta.db_table)


def read_content_version() -> str:
    """The token in the database (created on first use if the row is missing)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT token FROM {_table()} WHERE id = %s", [ROW_ID])
        row = cursor.fetchone()
    if row is not None:
        return str(row[0])
    from ..models import ContentVersion

    return ContentVersion.objects.get_or_create(
        pk=ROW_ID, defaults={"token": secrets.token_hex(8), "changed_at": timezone.now()}
    )[0].token


def content_version() -> str:
    memo = _memo.get()
    if memo:
        return memo
    version = read_content_version()
    if memo is not None:  # inside a request: remember it until the request ends
        _memo.set(version)
    return version


def bump_content_version() -> str:
    """A fresh token, written in the current transaction (so it commits, or rolls back, with the
    content change that caused it)."""
    from ..models import ContentVersion

    token = secrets.token_hex(8)
    updated = ContentVersion.objects.filter(pk=ROW_ID).update(token=token, changed_at=timezone.now())
    if not updated:
        ContentVersion.objects.update_or_create(pk=ROW_ID, defaults={"token": token, "changed_at": timezone.now()})
    if _memo.get() is not None:
        _memo.set(token)
    return token


def begin_request() -> Token[str | None]:
    """Open the per-request memo (read lazily, at the first content_version() call)."""
    return _memo.set(_UNREAD)


def end_request(token: Token[str | None]) -> None:
    _memo.reset(token)


P = ParamSpec("P")
R = TypeVar("R")


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


class PerContentVersion(Generic[P, R]):
    """A function whose results are kept while the content version stays the same.

    Each call reads the version once (content_version(): the request's memo, else the database);
    a result computed under another version is never returned. The results of one version at
    most (a new version drops the older ones, which can never be asked for again), `maxsize` of
    them at most, least recently used out first. Thread-safe: the store is changed under a lock;
    two threads missing the same key at once may both compute it, as with functools.lru_cache.
    Arguments must be hashable. Results are shared: callers must not change them."""

    def __init__(self, function: Callable[P, R], maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.function = function
        self.maxsize = maxsize
        self._version = _UNREAD
        self._results: OrderedDict[Hashable, R] = OrderedDict()
        self._lock = threading.Lock()
        self._hits = self._misses = 0
        update_wrapper(self, function)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        version = content_version()
        key = (args, tuple(sorted(kwargs.items())))
        with self._lock:
            if version == self._version and key in self._results:
                self._hits += 1
                self._results.move_to_end(key)
                return self._results[key]
            self._misses += 1
        result = self.function(*args, **kwargs)
        with self._lock:
            if version != self._version:
                self._results.clear()
                self._version = version
            self._results[key] = result
            if len(self._results) > self.maxsize:
                self._results.popitem(last=False)
        return result

    def cache_info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self._hits, self._misses, self.maxsize, len(self._results))

    def cache_clear(self) -> None:
        with self._lock:
            self._results.clear()
            self._version = _UNREAD
            self._hits = self._misses = 0


def per_content_version(maxsize: int) -> Callable[[Callable[P, R]], PerContentVersion[P, R]]:
    """Decorate a function of the content: `@per_content_version(maxsize=64)` (see PerContentVersion)."""

    def decorate(function: Callable[P, R]) -> PerContentVersion[P, R]:
        return PerContentVersion(function, maxsize)

    return decorate
