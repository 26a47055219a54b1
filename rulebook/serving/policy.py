"""The decorators views use: @public_page (cacheable, read-only) and @read_only."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from . import errors

SAFE_METHODS = ("GET", "HEAD")
# The request headers the proxy's cache key holds (deploy/nginx/rules.conf, proxy_cache_key): it
# ignores Vary, so a page varying on any other header would be mixed up there.
PROXY_KEY_HEADERS = frozenset({"HX-Request", "HX-Target"})
ParamNames = Iterable[str] | Callable[..., Iterable[str]]
View = TypeVar("View", bound=Callable[..., HttpResponse])


@dataclass(frozen=True)
class PagePolicy:
    """What a public page depends on besides its path: query parameters (names, or a function of
    the URL's arguments returning them; and names starting with one of `prefixes`, which the page
    reads to say that a link names something it does not know) and request headers."""

    params: tuple[str, ...] | Callable[..., Iterable[str]]
    vary: tuple[str, ...]
    prefixes: tuple[str, ...] = ()

    def kept(self, names: Iterable[str], kwargs: dict[str, Any]) -> frozenset[str]:
        """Which of a request's parameter names the page reads."""
        known = self.param_names(kwargs)
        return frozenset(name for name in names if name in known or name.startswith(self.prefixes))

    def param_names(self, kwargs: dict[str, Any]) -> frozenset[str]:
        if callable(self.params):
            try:
                return frozenset(self.params(**kwargs))
            except (LookupError, ValueError):
                return frozenset()  # an unknown item: the view answers 404, nothing to keep
        return frozenset(self.params)


def method_not_allowed(request: HttpRequest) -> HttpResponse:
    return errors.method_not_allowed(request, SAFE_METHODS)


def read_only(view: View) -> View:
    """GET and HEAD only; anything else is answered 405 (JSON under /api/, else a page in the
    reader's language), with Allow. Exempt from the CSRF check, which would otherwise answer a
    POST with 403 before the view could say 405: a view that accepts no data has nothing to
    protect."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in SAFE_METHODS:
            return method_not_allowed(request)
        return view(request, *args, **kwargs)

    wrapper.csrf_exempt = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def public_page(
    *, params: ParamNames = (), vary: Iterable[str] = (), prefixes: Iterable[str] = ()
) -> Callable[[View], View]:
    """Mark a read-only view as a public page the middleware may cache (see the package doc)."""
    policy = PagePolicy(params if callable(params) else tuple(params), tuple(vary), tuple(prefixes))
    if not set(policy.vary) <= PROXY_KEY_HEADERS:
        raise ValueError(f"vary={policy.vary}: add the header to the proxy's cache key first (deploy/nginx)")

    def decorate(view: View) -> View:
        guarded = read_only(view)

        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            response = guarded(request, *args, **kwargs)
            if policy.vary:
                patch_vary_headers(response, policy.vary)
            return response

        wrapper.page_policy = policy  # type: ignore[attr-defined]
        wrapper.csrf_exempt = True  # type: ignore[attr-defined]  # see read_only
        return wrapper  # type: ignore[return-value]

    return decorate


def policy_of(view: Callable[..., Any]) -> PagePolicy | None:
    return getattr(view, "page_policy", None)
