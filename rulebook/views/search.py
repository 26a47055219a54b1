"""The search page (full results, works without JavaScript) and the suggestions fragment the search
box asks for as the reader types (htmx); without htmx the suggestions URL answers the full page.

On a ruleset's pages the search box sends that ruleset as `current`: its results come first, and
`all=1` (the box's "search everything equally" switch) turns that off."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language

from .. import selectors
from ..http import HtmxHttpRequest, query_filter, query_text
from ..search.query import plan_query
from ..search.results import Result, search_counted
from ..serving import public_page
from ..vocab import RULESET_KEYS

MAX_QUERY_LENGTH = 200
SEARCH_PARAMS = ("q", "ruleset", "current", "all")
PAGE_RESULTS = 50
SUGGESTIONS = 8


@dataclass(frozen=True)
class SearchRequest:
    query: str
    ruleset: str  # only this ruleset ("" for every one)
    context: str  # the ruleset whose pages the search was made from ("" for none)
    everything: bool  # the reader asked to search every ruleset equally

    @classmethod
    def read(cls, request: HtmxHttpRequest) -> SearchRequest:
        return cls(
            query_text(request.GET, "q", MAX_QUERY_LENGTH),
            query_filter(request.GET, "ruleset", RULESET_KEYS),
            query_filter(request.GET, "current", RULESET_KEYS),
            query_filter(request.GET, "all", ("1",)) == "1",
        )

    @property
    def current(self) -> str:
        """The ruleset ranked first."""
        return self.ruleset or ("" if self.everything else self.context)

    def results(self, limit: int) -> tuple[list[Result], int]:
        if not self.query:
            return [], 0
        return search_counted(self.query, get_language(), current=self.current, ruleset=self.ruleset, limit=limit)

    def url(self, **changes: str) -> str:
        params = {
            "q": self.query,
            "ruleset": self.ruleset,
            "current": self.context,
            "all": "1" if self.everything else "",
        }
        params.update(changes)
        return reverse("rulebook:search") + "?" + urlencode({k: v for k, v in params.items() if v})


@public_page(params=SEARCH_PARAMS)
def search_page(request: HtmxHttpRequest) -> HttpResponse:
    return _full_results(request)


def _full_results(request: HtmxHttpRequest) -> HttpResponse:
    wanted = SearchRequest.read(request)
    results, total = wanted.results(PAGE_RESULTS)
    rulesets = selectors.rulesets()
    named = plan_query(wanted.query, get_language()).rulesets if wanted.query and not wanted.ruleset else frozenset()
    context = {
        "query": wanted.query,
        "results": results,
        "total": total,
        "ruleset_filter": wanted.ruleset,
        "current": wanted.current,
        "context_ruleset": next((rs for rs in rulesets if rs.key == wanted.context), None),
        "everything": wanted.everything,
        "everything_url": wanted.url(all="1"),
        "context_url": wanted.url(all=""),
        "named_rulesets": [rs for rs in rulesets if rs.key in named],
        "rulesets": rulesets,
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
    context = {
        "query": wanted.query,
        "results": results,
        "total": total,
        "current": wanted.context,
        "everything": wanted.everything,
    }
    return render(request, "rulebook/_suggestions.html", context)
