"""The installable, offline site: the web app manifest and the service worker of each language, the
"save for offline" page, the page shown for an unsaved page offline, and the two JSON files the
saving script downloads (the pack's list of URLs and the compact search index). All are public
pages, cached under the content version like every other (each reader whose saved pack is out of
date after an edit fetches the pack: it is rendered once, not once per reader)."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy, override, pgettext
from django.utils.translation import gettext as _

from .. import formatting, keptrows, labels, selectors
from ..http import HtmxHttpRequest
from ..offline import engine_pack, pack, sizes, toolpages
from ..offline.search_index import offline_index
from ..serving import public_page
from ..vocab import BLOOD_BOWL_EDITIONS

# Light and dark theme colours: the same as site.css's --surface (the header's background).
THEME_LIGHT, THEME_DARK = "#ffffff", "#1e2126"
BACKGROUND_LIGHT = "#fbfaf7"


@public_page()
def manifest(request: HtmxHttpRequest) -> HttpResponse:
    lang = get_language()
    home = reverse("rulebook:home")
    icons: list[dict[str, str]] = [{"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml"}]
    icons += [{"src": static(f"img/icon-{s}.png"), "sizes": f"{s}x{s}", "type": "image/png"} for s in pack.ICON_SIZES]
    icons.append(
        {"src": static("img/icon-maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"}
    )
    data = {
        "id": home,
        "name": _("Rules of the pitch"),
        "short_name": pgettext("app name on a phone's home screen, at most 12 letters", "Pitch rules"),
        "description": _(
            "The rules of Blood Bowl (classic LRB6 and 2025) and DreadBall, in Spanish, Italian, French and English."
        ),
        "lang": lang,
        "dir": "ltr",
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_LIGHT,
        "theme_color": THEME_LIGHT,
        "icons": icons,
        "shortcuts": [
            {"name": _("Search"), "url": reverse("rulebook:search")},
            {"name": str(labels.RULESET_SHORT_LABELS["bb2025"]), "url": reverse("rulebook:ruleset", args=["bb2025"])},
            {"name": _("Odds calculator"), "url": reverse("tutorial:odds")},
        ],
    }
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return HttpResponse(body, content_type="application/manifest+json; charset=utf-8")


@lru_cache(maxsize=1)
def _worker_source() -> str:
    found = finders.find("js/sw.js")
    if found:
        with open(str(found), encoding="utf-8") as file:
            return file.read()
    with staticfiles_storage.open("js/sw.js") as file:
        return bytes(file.read()).decode("utf-8")


@public_page()
def service_worker(request: HtmxHttpRequest) -> HttpResponse:
    """static/js/sw.js, served under the language prefix so that its scope is the language's pages,
    after one line of settings: the page to show offline and the files it needs."""
    if settings.DEBUG:
        _worker_source.cache_clear()
    shell = [reverse("rulebook:offline-unavailable"), static("css/site.css"), static("css/offline.css")]
    shell += [static("js/site.js"), static("js/offline.js")]
    shell += [static("js/offline-search.js"), static("img/favicon.svg")]
    config = {"unavailable": reverse("rulebook:offline-unavailable"), "shell": shell, "static": settings.STATIC_URL}
    body = f"self.SITE = {json.dumps(config)};\n{_worker_source()}"
    return HttpResponse(body, content_type="text/javascript; charset=utf-8")


MAIN_PAGES = (
    ("rulebook:ruleset", gettext_lazy("Rules")),
    ("rulebook:skills", gettext_lazy("Skills")),
    ("rulebook:tables", gettext_lazy("Tables")),
    ("rulebook:glossary", gettext_lazy("Glossary")),
    ("rulebook:differences", gettext_lazy("Differences")),
)


def _rulesets(lang: str) -> list[dict[str, Any]]:
    """Each ruleset's pages in the language, its search index and its main pages (the links the
    offline page lists once it is saved)."""
    found = []
    rulesets = list(selectors.rulesets())
    all_pages = pack.pack_pages(lang, tuple(ruleset.key for ruleset in rulesets))
    for ruleset in rulesets:
        pages = all_pages[ruleset.key]
        listed = set(pages)
        shown = {"rulebook:skills": ruleset.game == "bloodbowl", "rulebook:tables": bool(selectors.tables(ruleset))}
        main = [(reverse(name, args=[ruleset.key]), str(label)) for name, label in MAIN_PAGES if shown.get(name, True)]
        found.append(
            {
                "key": ruleset.key,
                "name": str(labels.RULESET_SHORT_LABELS.get(ruleset.key, ruleset.key)),
                "pages": pages,
                "index": pack.search_index_url(lang, ruleset.key),
                "main": [{"url": url, "label": label} for url, label in main if url in listed],
            }
        )
    return found


TOOL_STATICS: tuple[str, ...] = ("js/engine.js", "js/tutorial.js", "css/tutorial.css", "vendor/htmx/htmx-2.0.11.min.js")
TOOL_STATICS += ("js/board.js", "css/board.css")  # the boards' pages
RUNTIME = "vendor/pyodide-0.29.5/"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def _static_size(name: str) -> int:
    found = finders.find(name)
    return os.path.getsize(str(found)) if found else 0


def tools_pack(lang: str) -> dict[str, Any]:
    """What saving the tools keeps (static/js/tools-offline.js): the odds page, the boards, the pages
    other apps register (the tutorial's steps: offline/toolpages.py), the engine's runtime and pack,
    this language's words; and its size, said before the reader chooses."""
    statics = [*TOOL_STATICS, *(RUNTIME + name for name in RUNTIME_FILES)]
    words = len(json.dumps(engine_pack.engine_words(lang), ensure_ascii=False).encode())
    size = sum(map(_static_size, statics)) + len(engine_pack.engine_zip()) + words + len(engine_pack.catalogue(lang))
    size += len(_engine_script())  # again, for its worker
    with override(lang):  # the language's addresses, whatever language is active
        pages = [reverse("tutorial:odds"), *(reverse("tutorial:board", args=[key]) for key in BLOOD_BOWL_EDITIONS)]
        pages += toolpages.tool_pages()
        engine = [reverse(f"rulebook:offline-engine{part}") for part in ("", "-words", "-catalogue", "-worker")]
    size += sizes.pages_size(lang, tuple(pages))
    urls = [*pages, *(static(name) for name in statics), *engine]
    return {"urls": urls, "size": megabytes(size)}


def megabytes(size: int) -> str:
    return f"{formatting.num(round(size / 1e6, 1))} MB"


@public_page()
def offline_page(request: HtmxHttpRequest) -> HttpResponse:
    lang = get_language()
    tools = tools_pack(lang)
    choices = [{**choice, "size": megabytes(sizes.reference_size(lang, choice["key"]))} for choice in _rulesets(lang)]
    context = {"choices": choices, "tools_urls": json.dumps(tools["urls"]), "tools_size": tools["size"]}
    return render(request, "rulebook/offline.html", context)


@public_page()
def offer_json(request: HtmxHttpRequest, ruleset: str) -> JsonResponse:
    """The offer to save an edition that its pages show until the reader chooses (static/js/site.js),
    with each part's size: fetched after the page has loaded, the page never waits for the estimate."""
    lang = get_language()
    current = keptrows.ruleset_or_404(ruleset)
    offer = _(
        "Keep {edition} on this phone for use without a connection: the rules, about {rules}; the tools, {tools}."
    )
    edition = str(labels.RULESET_SHORT_LABELS.get(current.key, current.key))
    rules, tools = megabytes(sizes.reference_size(lang, current.key)), tools_pack(lang)["size"]
    data = {"offer": offer.format(edition=edition, rules=rules, tools=tools)}
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@public_page()
def unavailable_page(request: HtmxHttpRequest) -> HttpResponse:
    """What the service worker shows for a page that is not saved, when there is no connection."""
    return render(request, "rulebook/offline_unavailable.html")


def _messages() -> dict[str, str]:
    """The strings the saving and searching scripts show ({name} fields are filled in by them)."""
    return {
        "saving": _("Saving {rulesets} for offline use: {done} of {total} files…"),
        "updating": _("The rules have changed: updating the saved pages ({done} of {total} files)…"),
        "saved": _("Saved for offline use: {rulesets}, {size}, on {date}."),
        "stopped": _("Saving stopped (no connection?). It goes on at your next visit."),
        "full": _("This phone has no room left to save the pages."),
        "manage": _("Offline settings"),
        "none": _("Nothing is saved on this phone yet."),
        "offline_search": _("Offline search: names of the saved pages"),
        "nothing": _("Nothing found for “{query}” in the saved pages."),
        "offline_now": _("You are offline: saved pages open, and the search box searches them."),
        "removed": _("The saved pages have been deleted."),
    }


@public_page()
def pack_json(request: HtmxHttpRequest) -> JsonResponse:
    lang = get_language()
    data = {
        "version": pack.pack_version(),
        "lang": lang,
        "common": pack.common_pages(lang),
        "rulesets": _rulesets(lang),
        "messages": _messages(),
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@public_page()
def search_index_json(request: HtmxHttpRequest, ruleset: str) -> JsonResponse:
    lang = get_language()
    current = keptrows.ruleset_or_404(ruleset)
    data = offline_index(lang, current.key, pack.pack_version())
    data["labels"] = {
        "kinds": {key: str(value) for key, value in labels.KIND_LABELS.items()},
        "ruleset": str(labels.RULESET_SHORT_LABELS.get(current.key, current.key)),
        "suggestions": _("Suggestions"),
        "offline_search": _("Offline search: names of the saved pages"),
        "nothing": _("Nothing found for “{query}” in the saved pages."),
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "separators": (",", ":")})


# --- the tools' engine (rulebook/offline/engine_pack.py; static/js/engine.js loads them) ---------


@public_page()
def engine_zip(request: HtmxHttpRequest) -> HttpResponse:
    return HttpResponse(engine_pack.engine_zip(), content_type="application/zip")


@public_page()
def engine_words(request: HtmxHttpRequest) -> JsonResponse:
    words = engine_pack.engine_words(get_language())
    return JsonResponse(words, json_dumps_params={"ensure_ascii": False, "separators": (",", ":")})


@public_page()
def engine_catalogue(request: HtmxHttpRequest) -> HttpResponse:
    return HttpResponse(engine_pack.catalogue(get_language()), content_type="application/octet-stream")


@lru_cache(maxsize=1)
def _engine_script() -> bytes:
    found = finders.find("js/engine.js")
    return Path(str(found)).read_bytes()


@public_page()
def engine_worker(request: HtmxHttpRequest) -> HttpResponse:
    """static/js/engine.js again, for its worker: under the language's part of the site, where the
    service worker that keeps the tools answers the worker's own files offline (its scope)."""
    return HttpResponse(_engine_script(), content_type="text/javascript; charset=utf-8")
