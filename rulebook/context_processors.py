"""Template context every page needs: the language switcher, hreflang alternates and the version of
the offline pack (the page's scripts compare it with the pack saved on the reader's phone)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info

from .http import query_text
from .offline.pack import pack_version


def language_links(request: HttpRequest) -> list[dict[str, Any]]:
    """The current page in every language (same item, same query string)."""
    current = get_language()
    path = request.get_full_path()
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        links.append(
            {
                "code": code,
                "name_local": info["name_local"],
                "url": translate_url(path, code),
                "absolute": request.build_absolute_uri(translate_url(request.path, code)),
                "current": code == current,
            }
        )
    return links


def offline_version() -> str:
    """Called by the template only when a page shows it; "" when the database cannot answer, so an
    error page still renders."""
    try:
        return pack_version()
    except DatabaseError:
        return ""


def site(request: HttpRequest) -> dict[str, Any]:
    return {
        "language_links": language_links(request),
        "search_query": query_text(request.GET, "q"),
        "offline_version": offline_version,
    }
