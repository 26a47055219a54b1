"""The content version: a number that changes whenever any content row changes (see signals.py),
so caches of rendered text and of the search index are keyed by it."""

from __future__ import annotations

from django.core.cache import cache

VERSION_KEY = "content-version"


def content_version() -> int:
    return int(cache.get_or_set(VERSION_KEY, 1, timeout=None) or 1)


def bump_content_version() -> None:
    try:
        cache.incr(VERSION_KEY)
    except ValueError:
        cache.set(VERSION_KEY, 2, timeout=None)
