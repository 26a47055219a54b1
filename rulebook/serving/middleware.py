"""The page cache and the headers every answer carries.

PageCacheMiddleware sits before sessions, locale and the view (settings.MIDDLEWARE). For a view
marked @public_page it keeps only the query parameters the page reads, then, for a reader with
no session cookie, looks the answer up under a key of: the content version, the release (the
cache's key prefix), scheme and canonical host (pages carry absolute hreflang links; hosts.py:
never the request's own port), path, the kept query and the request headers the page varies on.
A hit is answered from memory; a miss renders, keeps the answer if it is the same for every
reader (Entry.from_response) and answers it the same way. An edit or a load changes the version
in the database, so every process misses at once.

Whatever no cache answers (a miss, any other page but the admin's) is counted against the
client's budget first (budget.py): over it, 429. A public page outside the language prefix (the
API, the sitemap) is rendered in the language its `lang=` parameter names, whatever the reader's
Accept-Language or cookie says, and says so in Content-Language (or says nothing without `lang=`):
its key holds `lang=`, not those headers.

Why no GZipMiddleware: only these public answers, which hold no secret (no CSRF token, no session),
are compressed, once, when kept; admin pages with tokens never are (BREACH).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib import import_module
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import Resolver404, resolve
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.utils.translation import get_language_from_path, override

from ..rendering.version import begin_request, content_version, end_request
from ..vocab import LANGS
from .budget import over_budget
from .hosts import use_canonical_host
from .policy import PagePolicy, policy_of
from .store import Entry, pages

Handler = Callable[[HttpRequest], HttpResponse]
RESOLVED_PATHS = 4096  # path → policy memo per process (paths are unbounded: fuzzers, bots)


class _Resolved:
    __slots__ = ("kwargs", "policy")

    def __init__(self, policy: PagePolicy | None, kwargs: dict[str, Any]) -> None:
        self.policy, self.kwargs = policy, kwargs


class PolicyFinder:
    """The @public_page policy of the view a path resolves to (None: not a public page)."""

    def __init__(self) -> None:
        self.memo: OrderedDict[str, _Resolved] = OrderedDict()
        self.lock = threading.Lock()

    def find(self, path_info: str) -> _Resolved:
        with self.lock:
            found = self.memo.get(path_info)
        if found is not None:
            return found
        # i18n_patterns match the active language's prefix: resolve in the path's own language.
        with override(get_language_from_path(path_info) or settings.LANGUAGE_CODE):
            try:
                match = resolve(path_info)
            except Resolver404:
                found = _Resolved(None, {})
            else:
                found = _Resolved(policy_of(match.func), dict(match.kwargs))
        with self.lock:
            self.memo[path_info] = found
            while len(self.memo) > RESOLVED_PATHS:
                self.memo.popitem(last=False)
        return found


def keep_only(request: HttpRequest, names: frozenset[str]) -> None:
    """Drop the query parameters the page does not read, and sort the rest: every request that
    shares a key then renders the very same page (language links copy the query string)."""
    kept = QueryDict(mutable=True)
    for name in sorted(set(request.GET) & names):
        kept.setlist(name, request.GET.getlist(name))
    kept._mutable = False
    request.GET = kept  # type: ignore[assignment]  # a QueryDict made read-only, as Django's own
    request.META["QUERY_STRING"] = kept.urlencode()


def is_anonymous(request: HttpRequest) -> bool:
    """No session: no cookie, an empty one (what a deleted session leaves behind), or one naming no
    session (one query, so a made-up cookie cannot make the server render every page afresh)."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not key:
        return True
    store = import_module(settings.SESSION_ENGINE).SessionStore
    return not (len(key) <= 64 and key.isalnum() and store().exists(key))


def page_key(request: HttpRequest, policy: PagePolicy, version: str) -> str:
    """The request's host must be its canonical one already (hosts.use_canonical_host)."""
    parts = [request.scheme or "", request.get_host(), request.path, request.META["QUERY_STRING"]]
    parts += [request.headers.get(name, "") for name in policy.vary]
    digest = hashlib.blake2b("\x00".join(parts).encode("utf-8", "surrogateescape"), digest_size=20).hexdigest()
    return f"page:{version}:{digest}"


class PageCacheMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.finder = PolicyFinder()
        self.version_seen = ""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = begin_request()
        try:
            return self.answer(request)
        finally:
            end_request(token)

    def answer(self, request: HttpRequest) -> HttpResponse:
        resolved = self.finder.find(request.path_info)
        policy = resolved.policy
        if policy is None or request.method not in ("GET", "HEAD"):
            return self.render(request)
        keep_only(request, policy.kept(request.GET, resolved.kwargs))
        if not is_anonymous(request):
            response = self.get_response(request)
            patch_cache_control(response, private=True, no_cache=True)
            return response
        use_canonical_host(request)
        version = content_version()
        if version != self.version_seen:  # older entries can never be asked for again
            pages.clear()
            self.version_seen = version
        key = page_key(request, policy, version)
        entry = pages.get(key)
        if entry is None:
            outside = not get_language_from_path(request.path_info)
            if outside:
                ignore_reader_language(request)
            response = self.render(request)
            if outside:
                say_language(request, response)
            entry = Entry.from_response(response, policy.vary)
            if entry is None:
                return response
            pages.set(key, entry)
        return entry.respond(request)

    def render(self, request: HttpRequest) -> HttpResponse:
        """Uncached work: counted against the client's budget, refused (429) beyond it."""
        if is_anonymous(request):
            refused = over_budget(request)
            if refused is not None:
                return refused
        return self.get_response(request)


def ignore_reader_language(request: HttpRequest) -> None:
    """Outside the language prefix a public page's language is its `lang=` parameter's (part of
    its key), so LocaleMiddleware must not pick one from the reader's headers or cookie."""
    request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
    request.COOKIES.pop(settings.LANGUAGE_COOKIE_NAME, None)


def say_language(request: HttpRequest, response: HttpResponse) -> None:
    lang = request.GET.get("lang", "")
    if lang in LANGS:
        response["Content-Language"] = lang
    elif "Content-Language" in response:
        del response["Content-Language"]


class SecurityHeadersMiddleware:
    """Permissions-Policy on every answer. Admin pages (and only those) get style-src
    'unsafe-inline' on top of the strict policy, for the admin's own widgets, and are never
    stored by a browser or a proxy: Django's admin views say so, but not every page under
    /admin/ is one of them (the translation report, the login lockout)."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.policy = settings.PERMISSIONS_POLICY

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.policy)
        if request.path_info.startswith("/admin/"):
            response._csp_update = {"style-src": ["'unsafe-inline'"]}  # type: ignore[attr-defined]
            if "no-store" not in response.get("Cache-Control", ""):
                add_never_cache_headers(response)
        return response
