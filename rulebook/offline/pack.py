"""The offline pack of one language: every reference page of each ruleset (taken from the sitemaps,
so new kinds of pages such as teams join by being in a sitemap), the pages every pack needs, and the
version that keys the readers' caches.

The version is a fingerprint of the content rows and of the site's own files (static files,
templates, compiled catalogues): the same content gives the same version in every process and after
a restart, and any content edit or deploy gives a new one, so readers' saved packs are replaced.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import override

from .. import selectors
from ..rendering.version import content_version, per_content_version
from ..signals import CONTENT_MODELS  # the rows whose change is a new content version
from ..sitemaps import SITEMAPS

# The site's own files whose change changes what a saved page looks like or says.
CODE_DIRS = ("static", "rulebook/templates", "locale")
CODE_SUFFIXES = {".css", ".js", ".svg", ".png", ".html", ".mo", ".webmanifest"}
ICON_SIZES = (192, 512)


@per_content_version(maxsize=1)
def pack_version() -> str:
    """12 hex digits; computed once per content version (it reads every content row: about
    300 ms) by the first process that needs it, which leaves it in the shared cache for the
    others (every page carries it, so each worker needs it at its first page after an edit)."""
    key = f"offline-pack-version:{content_version()}:{_code_fingerprint()[:16]}"
    shared = cache.get(key)
    if isinstance(shared, str):
        return shared
    found = _fingerprint()
    cache.set(key, found)
    return found


def _fingerprint() -> str:
    digest = hashlib.sha256(_code_fingerprint().encode())
    for model in CONTENT_MODELS:
        names = [f.attname for f in model._meta.concrete_fields if f.attname != "updated_at"]
        for row in model._default_manager.order_by("pk").values_list(*names):
            digest.update(repr(row).encode())
    return digest.hexdigest()[:12]


@lru_cache(maxsize=1)
def _code_fingerprint() -> str:
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for folder in CODE_DIRS:
        for path in sorted((base / folder).rglob("*")):
            if path.is_file() and path.suffix in CODE_SUFFIXES:
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def ruleset_pages(lang: str, ruleset: str) -> list[str]:
    """The URLs of every sitemap page of the ruleset in the language, in sitemap order: from the
    walk of every ruleset kept per content version (pack_pages), which the pack and the offline
    page's sizes share."""
    return pack_pages(lang, tuple(r.key for r in selectors.rulesets()))[ruleset]


def all_ruleset_pages(lang: str, rulesets: list[str]) -> dict[str, list[str]]:
    """Each ruleset's pages in the language: the sitemaps walked once for all of them."""
    with override(lang):
        prefixes = {ruleset: reverse("rulebook:ruleset", args=[ruleset]) for ruleset in rulesets}
        found: dict[str, dict[str, None]] = {ruleset: {} for ruleset in rulesets}  # ordered sets
        for sitemap_class in SITEMAPS.values():
            sitemap = sitemap_class()
            for item in sitemap.items():
                location = str(sitemap.location(item))
                for ruleset, prefix in prefixes.items():
                    if location.startswith(prefix):
                        found[ruleset][location] = None
    return {ruleset: list(urls) for ruleset, urls in found.items()}


@per_content_version(maxsize=16)
def pack_pages(lang: str, rulesets: tuple[str, ...]) -> dict[str, list[str]]:
    """all_ruleset_pages, computed once per content version in each process (the server's master
    computes every language's before its workers fork: serving/warm.py)."""
    return all_ruleset_pages(lang, list(rulesets))


def common_pages(lang: str) -> list[str]:
    """What every pack holds whatever the rulesets: the home page, the search page (offline it
    answers from the saved index), the offline pages and the app's manifest and icons."""
    with override(lang):
        pages = [
            reverse("rulebook:home"),
            reverse("rulebook:search"),
            reverse("rulebook:offline"),
            reverse("rulebook:offline-unavailable"),
            reverse("rulebook:manifest"),
        ]
    return pages + icon_urls()


def icon_urls() -> list[str]:
    return (
        [static("img/icon.svg")]
        + [static(f"img/icon-{size}.png") for size in ICON_SIZES]
        + [static("img/icon-maskable-512.png")]
    )


def search_index_url(lang: str, ruleset: str) -> str:
    with override(lang):
        return reverse("rulebook:offline-index", args=[ruleset])
