"""The step-through tutorial's pages. Thin: the work is in presenting; without JavaScript every
page is a plain GET. Every page here is public (rulebook.serving): cached for anonymous readers,
GET only."""

from __future__ import annotations

from functools import lru_cache

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulebook.http import HtmxHttpRequest
from rulebook.serving import public_page, read_only

from . import presenting
from .shared.scenario import Scenario, all_scenarios, get_scenario
from .stepping import query_names

HTMX_HEADERS = ("HX-Request", "HX-Target")  # the answer is a fragment, chosen by its target


@lru_cache(maxsize=256)
def step_params(slug: str, number: int) -> tuple[str, ...]:
    """The query parameters a step reads (none for an unknown step: the view answers 404)."""
    scenario = get_scenario(slug)
    if scenario is None or not 1 <= number <= len(scenario.steps):
        return ()
    return query_names(scenario, scenario.step(number))


@public_page()
def index(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "tutorial/index.html", {"paths": presenting.recommended_path(get_language())})


@read_only
def scenario_start(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    scenario = get_scenario(slug)
    if scenario is None:
        raise Http404(_("There is no tutorial scenario called “%(slug)s”.") % {"slug": slug})
    return redirect(presenting.step_url(scenario, 1, get_language()))


@public_page(params=step_params, vary=HTMX_HEADERS)
def step(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    scenario = get_scenario(slug)
    if scenario is None:
        raise Http404(_("There is no tutorial scenario called “%(slug)s”.") % {"slug": slug})
    if not 1 <= number <= len(scenario.steps):
        raise Http404(
            _("This scenario has steps 1 to %(total)s; there is no step %(number)s.")
            % {"total": len(scenario.steps), "number": number}
        )
    lang = get_language()
    result_only = bool(request.htmx) and request.htmx.target == "step-result"
    view = presenting.step_view(scenario, number, request.GET, lang, out_of_band=result_only)
    total = len(scenario.steps)
    following = _next_scenario(slug) if number == total else None
    context = {
        "view": view,
        "number": number,
        "total": total,
        "scenario_title": presenting.localized(scenario.title, lang, scenario.ruleset),
        "previous_url": presenting.step_url(scenario, number - 1, lang) if number > 1 else "",
        "next_url": presenting.step_url(scenario, number + 1, lang) if number < total else "",
        "index_url": presenting.index_url(lang),
        "next_scenario_url": presenting.step_url(following, 1, lang) if following else "",
        "next_scenario_title": following.title[lang] if following else "",
        "htmx_swap": bool(request.htmx),
        "result_only": result_only,
    }
    template = "tutorial/step.html"
    if request.htmx:
        template += "#result" if request.htmx.target == "step-result" else "#step"
    return render(request, template, context)


def _next_scenario(slug: str) -> Scenario | None:
    """The scenario after this one in the tutorial's order (None after the last)."""
    scenarios = all_scenarios()
    position = next(i for i, s in enumerate(scenarios) if s.slug == slug)
    return scenarios[position + 1] if position + 1 < len(scenarios) else None
