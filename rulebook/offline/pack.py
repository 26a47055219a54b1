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
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import override

from ..rendering.version import per_content_version
from ..signals import CONTENT_MODELS  # the rows whose change is a new content version
from ..sitemaps import SITEMAPS

# The site's own files whose change changes what a saved page looks like or says.
CODE_DIRS = ("static", "rulebook/templates", "locale")
CODE_SUFFIXES = {".css", ".js", ".svg", ".png", ".html", ".mo", ".webmanifest"}
ICON_SIZES = (192, 512)


@per_content_version(maxsize=1)
def pack_version() -> str:
    """12 hex digits; computed once per content version in each process."""
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
    """The URLs of every sitemap page of the ruleset in the language, in sitemap order."""
    with override(lang):
        prefix = reverse("rulebook:ruleset", args=[ruleset])
        urls: list[str] = []
        for sitemap_class in SITEMAPS.values():
            sitemap = sitemap_class()
            for item in sitemap.items():
                location = str(sitemap.location(item))
                if location.startswith(prefix) and location not in urls:
                    urls.append(location)
    return urls


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
