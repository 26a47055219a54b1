"""Error answers: a page in the reader's language (from the address, else the language already
chosen for the request), or under /api/ the API's JSON error (api.py: {"error", "problem"}). The 400, 403, 405 and 500 pages are standalone
(error.html): they must render even for a request whose Host was refused, so nothing on them
builds an absolute URL."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language, get_language_from_path, get_language_from_request, ngettext, override
from django.utils.translation import gettext as _

from ..vocab import LANGS, RULESET_KEYS
from . import api

PAGE_WORDS = frozenset({*RULESET_KEYS, "skills", "tables", "rules", "glossary", "differences", "tutorial", "odds"})


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def reader_language(request: HttpRequest) -> str:
    return get_language_from_path(request.path_info) or get_language() or "en"


def early_reader_language(request: HttpRequest) -> str:
    """The reader's language before LocaleMiddleware has run (answers given by the page cache's
    middleware): the address's prefix, else the language cookie or Accept-Language."""
    return get_language_from_path(request.path_info) or get_language_from_request(request) or "en"


def words_in_path(path: str) -> str:
    """ "/es/lrb6/skills/sure-handz/" → "sure handz": the words a reader probably meant."""
    parts = [p for p in path.strip("/").split("/") if p]
    if parts and parts[0] in LANGS:
        parts = parts[1:]
    words = [w for p in parts if p not in PAGE_WORDS for w in re.split(r"[-_+.]+", p) if w]
    return " ".join(words)[:100]


def _error_page(request: HttpRequest, status: int, title: str, message: str) -> HttpResponse:
    """Rendered without the request: the context processors build absolute URLs from the Host."""
    context = {"status": status, "title": title, "message": message, "lang": get_language()}
    return HttpResponse(render_to_string("error.html", context), status=status)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return api.error_answer(f"no such endpoint or item: {request.path[:200]}", api.NOT_FOUND, 404)
    message = ""
    if exception is not None and exception.args and isinstance(exception.args[0], str):
        message = exception.args[0]
    with override(reader_language(request)):
        context = {"query": words_in_path(request.path), "message": message}
        return render(request, "404.html", context, status=404)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return api.error_answer("bad request", api.BAD_REQUEST, 400)
    with override(reader_language(request)):
        return _error_page(request, 400, _("Bad request"), _("The address or the data sent with it could not be read."))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return api.error_answer("forbidden", api.FORBIDDEN, 403)
    with override(reader_language(request)):
        return _error_page(request, 403, _("Not allowed"), _("You may not open this page."))


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if is_api(request):
        return api.error_answer("the form's security check failed", api.FORBIDDEN, 403)
    with override(reader_language(request)):
        return _error_page(
            request,
            403,
            _("The form has expired"),
            _("The form's security check failed. Go back, reload the page and send it again."),
        )


def method_not_allowed(request: HttpRequest, allowed: Iterable[str]) -> HttpResponse:
    allowed = tuple(allowed)
    if is_api(request):
        method = request.method[:20] if request.method else ""
        response: HttpResponse = api.error_answer(
            f"method {method} not allowed; use {' or '.join(allowed)}", api.NOT_ALLOWED, 405
        )
    else:
        with override(reader_language(request)):
            response = _error_page(
                request, 405, _("Not allowed"), _("This page can only be read: it does not accept data.")
            )
    response["Allow"] = ", ".join(allowed)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return api.error_answer("internal error", api.INTERNAL_ERROR, 500)
    with override(reader_language(request)):
        return _error_page(
            request,
            500,
            _("Something went wrong"),
            _("The page could not be shown. Please try again in a moment."),
        )


def too_many_requests(request: HttpRequest, retry_after: int) -> HttpResponse:
    """429: this client asked for too much uncached work (serving/budget.py). Never stored by a
    browser or a proxy: the next window answers normally."""
    if is_api(request):
        message = f"too many requests; try again in {retry_after} s"
        response: HttpResponse = api.json_answer(
            {"error": message, "problem": api.TOO_MANY_REQUESTS, "retry_after": retry_after}, 429
        )
    else:
        with override(early_reader_language(request)):
            response = _error_page(
                request,
                429,
                _("Too many requests"),
                ngettext(
                    "This connection asked for many new pages in a short time. Try again in %(seconds)s second.",
                    "This connection asked for many new pages in a short time. Try again in %(seconds)s seconds.",
                    retry_after,
                )
                % {"seconds": retry_after},
            )
    response["Retry-After"] = str(retry_after)
    response["Cache-Control"] = "no-store"
    return response
