"""The odds calculator's page and its JSON endpoint. Thin: page.py presents, calculator.py reads
the request and builds the JSON; without JavaScript the page is a plain GET of its form. Both are
public pages (rulebook.serving): cached for anonymous readers, GET only."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from rulebook.http import HtmxHttpRequest
from rulebook.serving import ApiError, api_view, public_page

from . import calculator, page, problems

HTMX_HEADERS = ("HX-Request", "HX-Target")  # the answer is a fragment, chosen by its target


@public_page(params=page.QUERY_PARAMS, vary=HTMX_HEADERS)
def odds_page(request: HtmxHttpRequest) -> HttpResponse:
    context = page.page_context(request.GET, get_language())
    context["answered_query"] = request.META.get(
        "QUERY_STRING", ""
    )  # static/js/engine.js: a saved copy answers another
    target = request.htmx.target if request.htmx else None
    if target == "odds-page":  # a builder link: the link is the share code, htmx pushes it
        return render(request, "tutorial/odds.html#odds-page", context)
    partial = target == "odds-result"
    # A share code or form that cannot be read is bad input: 400, the page saying why. Not for htmx,
    # which swaps only 2xx answers: its fragment shows the message in place.
    status = 400 if context["problems"] and not partial else 200
    template = "tutorial/odds.html#odds-result" if partial else "tutorial/odds.html"
    response = render(request, template, context, status=status)
    if partial:  # the address bar shows the short share code, not every field of the form
        response["HX-Push-Url"] = context.get("share_url") or "false"
    return response


@public_page(params=calculator.QUERY_PARAMS)
@api_view
def odds_api(request: HtmxHttpRequest) -> dict[str, Any]:
    try:
        return calculator.api_payload(request.GET)
    except calculator.OddsError as error:
        raise ApiError(str(error), problems.problem_key(error)) from None
