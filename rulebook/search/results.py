"""Search results for the pages and the API: the index of the current content version, and each
match turned into a title, a URL and a highlighted snippet in the reader's language.

The index is built once per content version for all processes: the first process that needs it
(or load_content, or the server at start) builds it under a lock in the shared cache and stores
it there; the others load it (a third of the time of a build) instead of building their own.
With a per-process cache (locmem) each process builds its own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import unescape

from django.core.cache import cache, caches
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.utils.safestring import SafeString, mark_safe

from ..links import fast_item_url
from ..rendering.version import content_version
from .documents import build_documents
from .index import Document, Match, SearchIndex
from .snippets import highlight, snippet

BUILD_SECONDS = 20  # the lock's lifetime, and how long another process waits for the build
_indexes: dict[str, SearchIndex] = {}


def shared_between_processes() -> bool:
    """Whether other processes can read what this one stores (not a per-process cache)."""
    return not isinstance(caches["default"], LocMemCache | DummyCache)


def current_index() -> SearchIndex:
    version = content_version()
    index = _indexes.get(version)
    if index is None:
        index = _fetch_or_build(version)
        _indexes.clear()
        _indexes[version] = index
    return index


def _fetch_or_build(version: str) -> SearchIndex:
    if not shared_between_processes():
        return SearchIndex(build_documents())
    key, lock = f"search-index:{version}", f"search-index-lock:{version}"
    found = cache.get(key)
    if isinstance(found, SearchIndex):
        return found
    if cache.add(lock, 1, timeout=BUILD_SECONDS):
        try:
            index = SearchIndex(build_documents())
            cache.set(key, index)
        finally:
            cache.delete(lock)
        return index
    deadline = time.monotonic() + BUILD_SECONDS
    while time.monotonic() < deadline:  # another process is building it: wait for its copy
        time.sleep(0.05)
        found = cache.get(key)
        if isinstance(found, SearchIndex):
            return found
        if cache.add(lock, 1, timeout=BUILD_SECONDS):  # it gave up: build it here
            cache.delete(lock)
            break
    return SearchIndex(build_documents())


def warm_search_index() -> None:
    """Build (or fetch) the index of the current version now, before any reader asks."""
    current_index()


@dataclass(frozen=True)
class Result:
    kind: str
    ruleset: str
    slug: str
    title: str
    title_html: SafeString
    title_en: str
    url: str
    snippet_html: SafeString
    snippet_text: str


def url_for(document: Document, lang: str) -> str:
    kind = document.kind
    if kind == "section" and document.parent_slug == document.slug:
        kind = "chapter"
    slug = document.parent_slug if kind == "row" else document.slug
    anchor = document.anchor if kind == "row" else ""
    return fast_item_url(kind, document.ruleset, slug, lang, chapter=document.parent_slug, anchor=anchor)


def to_result(match: Match, lang: str) -> Result:
    doc = match.document
    title = doc.names[lang]
    snippet_html = snippet(doc.texts[lang], match.matched)
    return Result(
        kind=doc.kind,
        ruleset=doc.ruleset,
        slug=doc.slug,
        title=title,
        title_html=mark_safe(highlight(title, match.matched)),  # escaped inside highlight
        title_en=doc.names["en"],
        url=url_for(doc, lang),
        snippet_html=mark_safe(snippet_html),  # escaped inside snippet
        snippet_text=_strip_marks(snippet_html),
    )


def _strip_marks(html: str) -> str:
    return unescape(html.replace("<mark>", "").replace("</mark>", ""))


def search(query: str, lang: str, *, current: str = "", ruleset: str = "", limit: int = 20) -> list[Result]:
    return search_counted(query, lang, current=current, ruleset=ruleset, limit=limit)[0]


def search_counted(
    query: str, lang: str, *, current: str = "", ruleset: str = "", limit: int = 20
) -> tuple[list[Result], int]:
    """The best `limit` results and how many items match in all (only those shown are rendered)."""
    matches = current_index().search(query, current_ruleset=current, ruleset=ruleset)
    return [to_result(match, lang) for match in matches[:limit]], len(matches)
