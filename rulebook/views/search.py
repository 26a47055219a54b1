"""The search page: full results without JavaScript, and the same results as htmx suggestions."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from .. import selectors
from ..search.results import search
from ..vocab import RULESET_KEYS

MAX_QUERY_LENGTH = 200


def search_page(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:MAX_QUERY_LENGTH]
    ruleset = request.GET.get("ruleset", "")
    ruleset = ruleset if ruleset in RULESET_KEYS else ""
    current = request.GET.get("current", "")
    current = current if current in RULESET_KEYS else ""
    results = search(query, get_language(), current=current or ruleset, ruleset=ruleset) if query else []
    context = {
        "query": query,
        "results": results,
        "ruleset_filter": ruleset,
        "rulesets": selectors.rulesets(),
        "autofocus_search": not query,
    }
    return render(request, "rulebook/search.html", context)
