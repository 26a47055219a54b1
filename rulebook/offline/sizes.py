"""What saving one edition's reference in one language stores, said before the reader chooses (the
offer on an edition's pages, the offline page). Rendering all of an edition's 300-odd pages takes
minutes on a busy server, so the pages are estimated: for each kind (skills, teams, glossary
terms…) its list and one of its items are rendered in process (items of a kind share a template
and are of like size), the item times the number of items. The search index and the static files those pages use are
measured exactly. Computed once per pack version (the content and the code) by the first process
that needs it, which leaves it in the shared cache for the others: measuring takes seconds a
language, and each of a server's workers would otherwise pay them at its first offer after a
content change. The pages that show it are cached like any other.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.test import RequestFactory
from django.urls import resolve, reverse
from django.utils.translation import override
from django_htmx.middleware import HtmxDetails

from ..rendering.version import per_content_version
from .pack import pack_version, ruleset_pages
from .search_index import offline_index

STATIC_RE = re.compile(r'(?:href|src|data-[a-z-]+)="' + re.escape(settings.STATIC_URL) + r'([^"#?]+)')


def _kind(url: str, home: str) -> str:
    """'skills' for /es/bb2025/skills/dodge/, '' for the edition's home."""
    return url[len(home) :].split("/", 1)[0]


def _host() -> str:
    """A host the site answers to (the pages' absolute links need one; their length barely counts)."""
    named = [host.lstrip(".") for host in settings.ALLOWED_HOSTS if host.strip(".*")]
    return named[0] if named else "localhost"


def _render(url: str, lang: str) -> bytes:
    """The page's HTML as the view answers it (no middleware: nothing is cached or counted)."""
    request = RequestFactory().get(url, HTTP_HOST=_host())
    request.user = AnonymousUser()
    request.htmx = HtmxDetails(request)  # type: ignore[attr-defined]
    request.LANGUAGE_CODE = lang
    with override(lang):
        match = resolve(url)
        response = match.func(request, *match.args, **match.kwargs)
    return bytes(response.content) if response.status_code == 200 else b""


def _static_size(name: str) -> int:
    found = finders.find(name)
    if found:
        return os.path.getsize(str(found))
    return staticfiles_storage.size(name) if staticfiles_storage.exists(name) else 0


def _shared(part: str, measure: Callable[[], int]) -> int:
    """The size of one part, from the shared cache when any process measured it for this pack."""
    key = f"offline-size:{pack_version()}:{part}"
    found = cache.get(key)
    if isinstance(found, int):
        return found
    size = measure()
    cache.set(key, size, timeout=None)  # the pack version in the key retires it
    return size


@per_content_version(maxsize=16)
def reference_size(lang: str, ruleset: str) -> int:
    """Bytes stored by saving the edition's reference in the language (an estimate, see above)."""
    return _shared(f"reference:{lang}:{ruleset}", lambda: _measure_reference(lang, ruleset))


def _measure_reference(lang: str, ruleset: str) -> int:
    pages = ruleset_pages(lang, ruleset)
    with override(lang):
        home = reverse("rulebook:ruleset", args=[ruleset])
    kinds: dict[str, list[str]] = {}
    for url in pages:
        kinds.setdefault(_kind(url, home), []).append(url)
    total, statics = 0, set()
    for urls in kinds.values():
        # A kind's list comes first (/skills/), then its items: the list, and one item for all.
        sample = [(urls[0], 1)] + ([(urls[len(urls) // 2], len(urls) - 1)] if len(urls) > 1 else [])
        for url, times in sample:
            html = _render(url, lang)
            total += len(html) * times
            statics.update(STATIC_RE.findall(html.decode("utf-8", "replace")))
    index = offline_index(lang, ruleset, pack_version())
    total += len(json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode())
    return total + sum(map(_static_size, statics))


PAGE_SAMPLE = 4  # one in four of the tools' pages is rendered to estimate them all


@per_content_version(maxsize=16)
def pages_size(lang: str, urls: tuple[str, ...]) -> int:
    """Bytes stored for the tools' pages (the odds page, the boards, the tutorial's steps): one page in
    PAGE_SAMPLE rendered, scaled to the number of pages (steps differ in size, but not by kind)."""
    digest = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:16]
    return _shared(f"pages:{lang}:{digest}", lambda: _measure_pages(lang, urls))


def _measure_pages(lang: str, urls: tuple[str, ...]) -> int:
    sample = urls[::PAGE_SAMPLE]
    if not sample:
        return 0
    rendered = sum(len(_render(url, lang)) for url in sample)
    return round(rendered * len(urls) / len(sample))
