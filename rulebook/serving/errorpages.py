"""Error answers given before Django sees a request: by the proxy in front (deploy/nginx: a URL,
header or body over its limits, a request it could not read, gunicorn down or too slow) and by
gunicorn itself (a request line or header it cannot parse: config/gunicorn_errors.py). They keep
the contract of every other error: JSON {"error": …} under /api/, elsewhere a page in the
reader's language (the address's prefix; English when the address could not be read).

They are rendered from our own error template, for every language, by `manage.py error_pages`
when the site is built (after collectstatic: the pages link the hashed stylesheet), into
settings.ERROR_PAGES_ROOT:

    page/<lang>/<status>.html    api/<lang>/<status>.json

(one JSON file per language too, so that the proxy finds every answer by kind, language and
status alike; their text is English, as every API message).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

from ..vocab import LANGS
from . import api

AGAIN = _("The page could not be shown. Please try again in a moment.")
# status → (title, message) of the page, and the API's English message.
ANSWERS: dict[int, tuple[Promise, Promise, str]] = {
    400: (_("Bad request"), _("The address or the data sent with it could not be read."), "bad request"),
    404: (_("Page not found"), _("There is no page at this address."), "no such endpoint or item"),
    405: (
        _("Not allowed"),
        _("This page can only be read: it does not accept data."),
        "method not allowed; use GET or HEAD",
    ),
    413: (
        _("Too much data"),
        _("The data sent with this request is larger than this site accepts."),
        "request body too large",
    ),
    414: (
        _("Address too long"),
        _("This address is too long to be read. Check the link, or start again from the home page."),
        "address too long",
    ),
    429: (
        _("Too many requests"),
        _("This connection asked for too much at once. Try again in a moment."),
        "too many requests; try again in a moment",
    ),
    431: (
        _("Request too large"),
        _("The request's headers or cookies are too large to be read. Deleting this site's cookies may help."),
        "request headers too large",
    ),
    500: (_("Something went wrong"), AGAIN, "internal error"),
    502: (_("Something went wrong"), AGAIN, "the server is not answering; try again in a moment"),
    503: (_("Something went wrong"), AGAIN, "the server is busy; try again in a moment"),
    504: (_("Something went wrong"), AGAIN, "the server took too long to answer; try again in a moment"),
}
# status → the API's problem key (api.py: every JSON error names one).
PROBLEMS = {
    400: api.BAD_REQUEST,
    404: api.NOT_FOUND,
    405: api.NOT_ALLOWED,
    413: api.BODY_TOO_LARGE,
    414: api.ADDRESS_TOO_LONG,
    429: api.TOO_MANY_REQUESTS,
    431: api.HEADERS_TOO_LARGE,
    500: api.INTERNAL_ERROR,
    502: api.UNAVAILABLE,
    503: api.UNAVAILABLE,
    504: api.TIMEOUT,
}
PREFIX = re.compile(r"^/(" + "|".join(LANGS) + r")(?:/|$)")


def build_error_pages(root: Path) -> int:
    """Write every answer for every language; returns how many files were written."""
    written = 0
    for lang in LANGS:
        for status, (title, message, api_message) in ANSWERS.items():
            page, answer = root / "page" / lang / f"{status}.html", root / "api" / lang / f"{status}.json"
            page.parent.mkdir(parents=True, exist_ok=True)
            answer.parent.mkdir(parents=True, exist_ok=True)
            with override(lang):
                context = {"status": status, "title": str(title), "message": str(message), "lang": lang}
                page.write_text(render_to_string("error.html", context), encoding="utf-8")
            problem = {"error": api_message, "problem": PROBLEMS[status]}
            answer.write_text(json.dumps(problem) + "\n", encoding="utf-8")
            written += 2
    return written


def answer_file(root: Path, path: str, status: int) -> tuple[Path, str, str] | None:
    """(file, content type, language) of the answer for a request to `path` ("" if unknown), or
    None if there is none for this status."""
    if status not in ANSWERS:
        return None
    found = PREFIX.match(path)
    lang = found.group(1) if found else "en"
    if path.startswith("/api/"):
        return root / "api" / lang / f"{status}.json", "application/json", ""
    return root / "page" / lang / f"{status}.html", "text/html; charset=utf-8", lang
