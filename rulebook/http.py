"""Request types, and the query readers (rulebook/portable/queries.py: the same on the phone) shared
by the pages, the fragments and the API."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from .portable.queries import (
    MAX_NUMBER_DIGITS,
    MAX_TEXT_LENGTH,
    QueryError,
    parse_int,
    query_choice,
    query_filter,
    query_int,
    query_text,
)

__all__ = [
    "MAX_NUMBER_DIGITS",
    "MAX_TEXT_LENGTH",
    "HtmxHttpRequest",
    "QueryError",
    "parse_int",
    "query_choice",
    "query_filter",
    "query_int",
    "query_text",
]


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (what every view receives)."""

    htmx: HtmxDetails
