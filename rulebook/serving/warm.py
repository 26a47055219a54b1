"""Building, before any reader asks, what the first requests after a start or an edit would
otherwise build: the search index (shared through the cache) and each language's index of
cross-references (per process; the server's master builds them before forking its workers)."""

from __future__ import annotations

from ..rendering.crossrefs import index_for
from ..search.results import warm_search_index
from ..vocab import LANGS


def warm_caches() -> None:
    warm_search_index()
    for lang in LANGS:
        index_for(lang)
