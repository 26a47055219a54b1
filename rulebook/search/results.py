"""Search results for the pages and the API: the index of the current content version, and each
match turned into a title, a URL and a highlighted snippet in the reader's language.

The index is built once per content version for all processes: the server's master at start,
load_content, a thread started after an admin save commits (serving/warm.py: the editor's answer
does not wait for it), or else the first process that needs it, under a lock in the shared cache, which then holds
it; every other process loads that copy (about 60 ms: see deletions.py and postings.py's
PackedPostings, and the collector paused while it is unpickled) instead of building its own (2 to 3 s). With a per-process cache (locmem)
each process builds its own.
"""

from __future__ import annotations

import gc
import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html import unescape

from django.core.cache import cache, caches
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.utils.safestring import SafeString, mark_safe

from .. import labels
from ..links import ON_PARENT_PAGE, fast_item_url
from ..rendering.version import content_version, per_content_version
from ..vocab import LANGS
from .documents import build_documents
from .index import OTHER, Document, Match, SearchIndex
from .query import plan_query
from .ranking import rank_top
from .snippets import highlight, snippet
from .text import fold, words

BUILD_SECONDS = 20  # the lock's lifetime, and how long another process waits for the build
_loading = threading.Lock()  # one thread of a process loads the index; the others wait for it
_loaded: dict[str, SearchIndex] = {}


def shared_between_processes() -> bool:
    """Whether other processes can read what this one stores (not a per-process cache)."""
    return not isinstance(caches["default"], LocMemCache | DummyCache)


@per_content_version(maxsize=1)
def current_index() -> SearchIndex:
    version = content_version()  # on a miss only; in a request, its memo
    with _loading:  # threads of one process missing at once: one loads, the others take its copy
        index = _loaded.get(version)
        if index is None:
            index = _fetch_or_build(version)
            _loaded.clear()
            _loaded[version] = index
    return index


@contextmanager
def collector_paused() -> Iterator[None]:
    """Unpickling the index creates a few hundred thousand objects; the cyclic collector would run
    dozens of times over them meanwhile (two thirds of the time), and none of them is garbage."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        # Frozen for good, so no collection walks it (gunicorn.py). An index dropped at the next content
        # version is still freed by reference counting: it holds no cycles.
        gc.freeze()
        if was_enabled:
            gc.enable()


def _shared_copy(key: str) -> SearchIndex | None:
    with collector_paused():
        found = cache.get(key)
    return found if isinstance(found, SearchIndex) else None


def _fetch_or_build(version: str) -> SearchIndex:
    if not shared_between_processes():
        return SearchIndex(build_documents())
    key, lock = f"search-index:{version}", f"search-index-lock:{version}"
    found = _shared_copy(key)
    if found is not None:
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
        found = _shared_copy(key)
        if found is not None:
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
    ruleset_name: str = ""  # the edition in words, in the reader's language ("Blood Bowl — 2025 edition")
    # When the item was found only through a name of another language: that name, its language and
    # what it is ("Dodge", "en", "English name"), so the reader sees why it is there.
    via_name: str = ""
    via_lang: str = ""
    via_label: str = ""


def url_for(document: Document, lang: str) -> str:
    kind = document.kind
    if kind == "section" and document.parent_slug == document.slug:
        kind = "chapter"
    # A table row, a positional and a team rule are shown on their parent's page (the table, a team).
    slug = document.parent_slug if kind in ON_PARENT_PAGE else document.slug
    anchor = document.anchor if kind in ON_PARENT_PAGE else ""
    return fast_item_url(kind, document.ruleset, slug, lang, chapter=document.parent_slug, anchor=anchor)


def via(match: Match, lang: str) -> tuple[str, str, str]:
    """(name, language, kind) of the other language's name, alias or abbreviation that matched."""
    if match.tier != OTHER or not match.other_langs:
        return "", "", ""
    doc = match.document
    matched = match.matched
    order = sorted(match.other_langs, key=lambda code: (code != "en", LANGS.index(code) if code in LANGS else 9))
    for code in order:
        candidates = [
            ("abbreviation", name)
            for name in doc.abbreviations.get(code, ())
            if "".join(fold(w) for w in words(name)) in matched
        ]
        for kind, names in (("name", [doc.names.get(code, "")]), ("name", doc.aliases.get(code, []))):
            candidates += [(kind, name) for name in names if name and _mentions(name, matched)]
        if candidates:
            kind, name = candidates[0]
            return name, code, kind
    code = order[0]
    return doc.names.get(code, ""), code, "name"


def _mentions(name: str, matched: set[str]) -> bool:
    folded = [fold(w) for w in words(name)]
    return any(w in matched for w in folded) or any(a + b in matched for a, b in itertools.pairwise(folded))


def to_result(match: Match, lang: str, sentence: bool = False, ruleset_names: dict[str, str] | None = None) -> Result:
    doc = match.document
    title = doc.names[lang]
    snippet_html = snippet(doc.texts[lang], match.matched, sentence=sentence, lang=lang)
    via_name, via_lang, via_kind = via(match, lang)
    if via_kind == "abbreviation":
        via_label = str(labels.ABBREVIATION_IN_LANGUAGE.get(via_lang, via_lang))
    else:
        via_label = str(labels.NAME_IN_LANGUAGE.get(via_lang, via_lang)) if via_name else ""
    return Result(
        kind=doc.kind,
        ruleset=doc.ruleset,
        slug=doc.slug,
        title=title,
        title_html=mark_safe(highlight(title, match.matched, lang)),  # escaped inside highlight
        title_en=doc.names["en"],
        url=url_for(doc, lang),
        snippet_html=mark_safe(snippet_html),  # escaped inside snippet
        snippet_text=_strip_marks(snippet_html),
        ruleset_name=(ruleset_names or {}).get(doc.ruleset, doc.ruleset),
        via_name=via_name,
        via_lang=via_lang,
        via_label=via_label,
    )


def _strip_marks(html: str) -> str:
    return unescape(html.replace("<mark>", "").replace("</mark>", ""))


def search(query: str, lang: str, *, current: str = "", ruleset: str = "", limit: int = 20) -> list[Result]:
    return search_counted(query, lang, current=current, ruleset=ruleset, limit=limit)[0]


def search_counted(
    query: str, lang: str, *, current: str = "", ruleset: str = "", limit: int = 20
) -> tuple[list[Result], int]:
    """The best `limit` results and how many items match in all (only those shown are rendered)."""
    index = current_index()
    plan = plan_query(query, lang)
    matches, total = rank_top(index, plan, lang, limit, current=current, ruleset=ruleset)
    sentence = bool(plan.question) or sum(plan.required) > 1
    names = {key: by_lang.get(lang, key) for key, by_lang in index.ruleset_names.items()}
    return [to_result(match, lang, sentence, names) for match in matches], total
