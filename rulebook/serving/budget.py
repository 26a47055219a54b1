"""A budget of uncached work per client. A cached page costs a worker a millisecond; anything else
(a page the cache has not seen, a 404, an unknown parameter value on the board, the odds of a new
turn) costs a render, and one client changing a parameter on every request could keep every
worker busy. Each client (its address: serving/proxy.py) may ask for settings.MISS_RATE_LIMIT
such requests ("60/30s": sixty in a window of thirty seconds); beyond it the answer is 429 with
Retry-After, in the reader's language or as JSON under /api/ (errors.too_many_requests), until
the window ends. Cached pages are never counted nor refused, nor are signed-in editors.

The counting is django-ratelimit's (fixed windows in the default cache: Redis in production, so
every worker and server shares a client's count; with locmem each process counts apart). A
cache that cannot count lets the request through (RATELIMIT_FAIL_OPEN): a Redis outage must not
turn the site into 429s.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django_ratelimit.core import get_usage

from . import errors
from .proxy import client_ip

GROUP = "uncached"


def _client(group: str, request: HttpRequest) -> str:
    return client_ip(request)


def over_budget(request: HttpRequest) -> HttpResponse | None:
    """The 429 answer if this client has spent its budget, else None (and the request is counted)."""
    rate = str(getattr(settings, "MISS_RATE_LIMIT", "") or "")
    if not rate or request.path_info.startswith("/admin/"):  # logins have their own throttle (axes)
        return None
    usage = get_usage(request, group=GROUP, key=_client, rate=rate, increment=True)
    if usage is None or not usage["should_limit"]:
        return None
    return errors.too_many_requests(request, max(1, int(usage["time_left"])))
