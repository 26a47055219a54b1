"""The board page and its JSON endpoint. Thin: page.py reads and changes the position, api.py
answers for the API. An action (`do=`) redirects to the canonical URL of the result, so the
address bar, the language switcher and a shared link always hold the whole position; htmx
follows the redirect and swaps only the live part of the page. Both are public pages (cached
for anonymous readers; an action's redirect is never kept)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import get_language

from rulebook.http import HtmxHttpRequest
from rulebook.serving import api_view, public_page

from . import api, edit, page

API_PARAMS = ("edition", "board", "player", "target", "lang")


@public_page(params=edit.QUERY_PARAMS, vary=("HX-Request",))
def board(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    lang = get_language()
    built = page.build(ruleset, request.GET, lang)
    if built.redirect:
        return HttpResponseRedirect(built.redirect, status=303)
    context = {"board": built, **built.context, "htmx_swap": bool(request.htmx)}
    context["answered_query"] = request.META.get(
        "QUERY_STRING", ""
    )  # static/js/engine.js: a saved copy answers another
    template = "tutorial/board.html#board-live" if request.htmx else "tutorial/board.html"
    return render(request, template, context, status=400 if built.error else 200)


@public_page(params=API_PARAMS)
@api_view
def board_api(request: HtmxHttpRequest) -> dict[str, Any]:
    return api.payload(request.GET)
