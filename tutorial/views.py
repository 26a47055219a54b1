"""Tutorial pages, the odds calculator and its JSON endpoint. Thin: the work is in presenting
(steps) and calculator (odds); without JavaScript every page is a plain GET."""

from __future__ import annotations

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language

from rulebook.http import HtmxHttpRequest

from . import calculator, presenting
from .scenario import all_scenarios, get_scenario


def index(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "tutorial/index.html", {"paths": presenting.recommended_path(get_language())})


def scenario_start(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    scenario = get_scenario(slug)
    if scenario is None:
        raise Http404("no such scenario")
    return redirect(presenting.step_url(scenario, 1, get_language()))


def step(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    scenario = get_scenario(slug)
    if scenario is None or not 1 <= number <= len(scenario.steps):
        raise Http404("no such step")
    lang = get_language()
    view = presenting.step_view(scenario, number, request.GET, lang)
    total = len(scenario.steps)
    context = {
        "view": view,
        "number": number,
        "total": total,
        "scenario_title": presenting.localized(scenario.title, lang, scenario.ruleset),
        "previous_url": presenting.step_url(scenario, number - 1, lang) if number > 1 else "",
        "next_url": presenting.step_url(scenario, number + 1, lang) if number < total else "",
        "index_url": presenting.index_url(lang),
        "htmx_swap": bool(request.htmx),
        "result_only": bool(request.htmx) and request.htmx.target == "step-result",
    }
    template = "tutorial/step.html"
    if request.htmx:
        template += "#result" if request.htmx.target == "step-result" else "#step"
    return render(request, template, context)


def odds_page(request: HtmxHttpRequest) -> HttpResponse:
    context = calculator.page_context(request.GET, get_language())
    template = (
        "tutorial/odds.html#odds-result"
        if request.htmx and request.htmx.target == "odds-result"
        else "tutorial/odds.html"
    )
    return render(request, template, context)


def odds_api(request: HtmxHttpRequest) -> JsonResponse:
    try:
        payload = calculator.api_payload(request.GET)
    except calculator.OddsError as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse(payload)
