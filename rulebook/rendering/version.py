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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import lru_cache, wraps
from typing import NamedTuple, ParamSpec, Protocol, TypeVar, cast

from django.db import connection
from django.utils import timezone

ROW_ID = 1
_UNREAD = ""
_memo: ContextVar[str | None] = ContextVar("content_version", default=None)
_deferred: ContextVar[list[bool] | None] = ContextVar("content_version_deferred", default=None)


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

    deferred = _deferred.get()
    if deferred is not None:  # inside bumped_once(): one bump at its end
        deferred.append(True)
        return ""
    token = secrets.token_hex(8)
    updated = ContentVersion.objects.filter(pk=ROW_ID).update(token=token, changed_at=timezone.now())
    if not updated:
        ContentVersion.objects.update_or_create(pk=ROW_ID, defaults={"token": token, "changed_at": timezone.now()})
    if _memo.get() is not None:
        _memo.set(token)
    return token


@contextmanager
def bumped_once() -> Iterator[None]:
    """Every content change inside bumps the version once, at the end (a whole load of the content
    files, in its transaction: a thousand saves would otherwise write the row a thousand times).
    Nothing is bumped when the block raises: its transaction rolls back too."""
    changes: list[bool] = []
    token = _deferred.set(changes)
    try:
        yield
    finally:
        _deferred.reset(token)
    if changes:
        bump_content_version()


def begin_request() -> Token[str | None]:
    """Open the per-request memo (read lazily, at the first content_version() call)."""
    return _memo.set(_UNREAD)


def end_request(token: Token[str | None]) -> None:
    _memo.reset(token)


P = ParamSpec("P")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


class PerContentVersion(Protocol[P, R_co]):
    """A function whose results are kept while the content version stays the same (see
    per_content_version), with functools.lru_cache's cache_info() and cache_clear()."""

    __name__: str

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R_co: ...

    def cache_info(self) -> CacheInfo: ...

    def cache_clear(self) -> None: ...


def per_content_version(maxsize: int) -> Callable[[Callable[P, R]], PerContentVersion[P, R]]:
    """Keep a function's results while the content version stays the same:
    `@per_content_version(maxsize=64)` on a function of the content (names, links, indexes).

    Each call reads the version once (content_version(): the request's memo, else the database)
    and looks its arguments up under that version, so a result computed under another version is
    never returned. The results of one version at most (a new version drops the older ones, which
    can never be asked for again), `maxsize` of them, least recently used out first: the store is
    functools.lru_cache keyed by (version, *arguments), thread-safe and about as fast; two threads
    missing the same key at once may both compute it. Arguments must be hashable. Results are
    shared: callers must not change them."""
    if maxsize < 1:
        raise ValueError("maxsize must be at least 1")

    def decorate(function: Callable[P, R]) -> PerContentVersion[P, R]:
        def computed(version: str, *args: P.args, **kwargs: P.kwargs) -> R:
            return function(*args, **kwargs)

        store = lru_cache(maxsize=maxsize)(computed)
        seen = [_UNREAD]  # the version the store holds
        lock = threading.Lock()

        def forget(version: str) -> None:
            with lock:
                if seen[0] != version:
                    store.cache_clear()
                    seen[0] = version

        @wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            version = content_version()
            if version != seen[0]:
                forget(version)
            return store(version, *args, **kwargs)  # type: ignore[arg-type]  # hashable, as documented

        def cache_info() -> CacheInfo:
            hits, misses, _maxsize, currsize = store.cache_info()
            return CacheInfo(hits, misses, maxsize, currsize)

        def cache_clear() -> None:
            with lock:
                store.cache_clear()
                seen[0] = _UNREAD

        cached.cache_info = cache_info  # type: ignore[attr-defined]
        cached.cache_clear = cache_clear  # type: ignore[attr-defined]
        return cast("PerContentVersion[P, R]", cached)

    return decorate
