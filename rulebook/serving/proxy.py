"""The client's address, for throttling logins (django-axes calls client_ip)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, unless TRUSTED_PROXY_COUNT proxies stand in front: then the address the
    outermost of them saw (each proxy appends the address it got the request from, so the
    entries before those are whatever the client chose to send)."""
    remote = str(request.META.get("REMOTE_ADDR", ""))
    count = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    if count <= 0:
        return remote
    chain = [part.strip() for part in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",") if part.strip()]
    if len(chain) < count:
        return chain[0] if chain else remote
    return chain[-count]
