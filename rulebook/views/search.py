"""The search page (full results, works without JavaScript) and the suggestions fragment the search
box asks for as the reader types (htmx); without htmx the suggestions URL answers the full page."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from .. import selectors
from ..http import HtmxHttpRequest, query_filter, query_text
from ..search.results import Result, search_counted
from ..serving import public_page
from ..vocab import RULESET_KEYS

MAX_QUERY_LENGTH = 200
SEARCH_PARAMS = ("q", "ruleset", "current")
PAGE_RESULTS = 50
SUGGESTIONS = 8


@dataclass(frozen=True)
class SearchRequest:
    query: str
    ruleset: str  # only this ruleset ("" for every one)
    current: str  # the ruleset being browsed, ranked first

    @classmethod
    def read(cls, request: HtmxHttpRequest) -> SearchRequest:
        query = query_text(request.GET, "q", MAX_QUERY_LENGTH)
        ruleset = query_filter(request.GET, "ruleset", RULESET_KEYS)
        current = query_filter(request.GET, "current", RULESET_KEYS)
        return cls(query, ruleset, current or ruleset)

    def results(self, limit: int) -> tuple[list[Result], int]:
        if not self.query:
            return [], 0
        return search_counted(self.query, get_language(), current=self.current, ruleset=self.ruleset, limit=limit)


@public_page(params=SEARCH_PARAMS)
def search_page(request: HtmxHttpRequest) -> HttpResponse:
    return _full_results(request)


def _full_results(request: HtmxHttpRequest) -> HttpResponse:
    wanted = SearchRequest.read(request)
    results, total = wanted.results(PAGE_RESULTS)
    context = {
        "query": wanted.query,
        "results": results,
        "total": total,
        "ruleset_filter": wanted.ruleset,
        "current": wanted.current,
        "rulesets": selectors.rulesets(),
        "autofocus_search": not wanted.query,
    }
    return render(request, "rulebook/search.html", context)


@public_page(params=SEARCH_PARAMS, vary=("HX-Request",))
def suggestions(request: HtmxHttpRequest) -> HttpResponse:
    """A few KB: the best suggestions and a link to all the results (the true count)."""
    if not request.htmx:
        return _full_results(request)
    wanted = SearchRequest.read(request)
    results, total = wanted.results(SUGGESTIONS)
    context = {"query": wanted.query, "results": results, "total": total, "current": wanted.current}
    return render(request, "rulebook/_suggestions.html", context)
