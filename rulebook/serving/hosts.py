"""The canonical host of a public page: the host name the request asked for (one of
ALLOWED_HOSTS: Django refuses any other) and the site's configured port, never the port the
request named. Pages carry absolute links (hreflang, canonical), so the host is part of a page's
cache key; with the request's own port in it, `Host: 127.0.0.1:1`, `:2`, … each made a new entry
and a new render of the same page.

settings.SITE_PORT: "" (the default in production) for the scheme's own port, a number for a
site served on another one (the proxy recipe on loopback), or "*" (the default with DEBUG on)
to keep the request's port, for development servers on any port.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port

KEEP_REQUEST_PORT = "*"


def canonical_host(request: HttpRequest) -> str:
    """Raises DisallowedHost (answered 400) for a host not in ALLOWED_HOSTS."""
    host = request.get_host()
    port = str(getattr(settings, "SITE_PORT", ""))
    if port == KEEP_REQUEST_PORT:
        return host
    name, _ = split_domain_port(host)
    return f"{name}:{port}" if port else name


def use_canonical_host(request: HttpRequest) -> str:
    """Make the request name its canonical host, so that the page rendered for it builds its
    absolute links from the same host its cache key holds."""
    host = canonical_host(request)
    request.META["HTTP_HOST"] = host
    request.META.pop("HTTP_X_FORWARDED_HOST", None)
    return host
