"""Template context every page needs: the language switcher and hreflang alternates."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info

from .http import query_text


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


def site(request: HttpRequest) -> dict[str, Any]:
    return {"language_links": language_links(request), "search_query": query_text(request.GET, "q")}
