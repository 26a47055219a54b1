"""Template context every page needs: the language switcher, hreflang alternates and the version of
the offline pack (the page's scripts compare it with the pack saved on the reader's phone)."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest
from django.urls import NoReverseMatch, Resolver404, ResolverMatch, resolve, reverse, translate_url
from django.utils.translation import get_language, get_language_info, override

from .http import query_text
from .offline.pack import pack_version


def language_links(request: HttpRequest) -> list[dict[str, Any]]:
    """The current page in every language (same item, same query string): what Django's
    translate_url gives for the full path and for the bare one, with the path resolved once for
    both and every language (each resolve and reverse costs a page some 0.1 ms)."""
    current = get_language()
    full = request.get_full_path()
    page, bare = urlsplit(full), urlsplit(request.path)
    match = _resolved(unquote(page.path))
    same_page = unquote(bare.path) == unquote(page.path)  # else (a "%" in the path) as translate_url does
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        translated = _path_in(match, code)
        if not same_page:
            absolute = translate_url(request.path, code)
        else:
            absolute = request.path if translated is None else urlunsplit(bare._replace(path=translated))
        links.append(
            {
                "code": code,
                "name_local": info["name_local"],
                "url": full if translated is None else urlunsplit(page._replace(path=translated)),
                "absolute": request.build_absolute_uri(absolute),
                "current": code == current,
            }
        )
    return links


def _resolved(path: str) -> ResolverMatch | None:
    try:
        return resolve(path)
    except Resolver404:
        return None


def _path_in(match: ResolverMatch | None, code: str) -> str | None:
    """The resolved page's path in the language `code`; None if it has none there."""
    if match is None:
        return None
    name = f"{match.namespace}:{match.url_name}" if match.namespace else match.url_name
    with override(code):
        try:
            return reverse(name, args=match.args, kwargs=match.kwargs)
        except NoReverseMatch:
            return None


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
