"""Request types and query-string readers shared by the pages, the fragments and the API."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (what every view receives)."""

    htmx: HtmxDetails
