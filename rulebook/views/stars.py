"""Star player pages (the index, filterable by the team that hires them, and one page per star)
and the inducements page of an edition."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from .. import hiring, keptrows, selectors, starodds
from ..http import HtmxHttpRequest
from ..serving import public_page
from ..translated import in_language

if TYPE_CHECKING:
    from ..models import StarPlayer


@public_page(params=("team",), vary=("HX-Request",))
def stars(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    lang = get_language()
    teams = selectors.teams(current, lang)
    items = keptrows.stars(current.key, lang)
    wanted = request.GET.get("team", "")
    team = next((t for t in teams if t.slug == wanted), None)
    errors = []
    if wanted and team is None:
        # An unknown team shows every star, with a message (a stale link still lands somewhere useful).
        errors.append(
            _("No team of this edition is called “%(slug)s”: every star player is listed.") % {"slug": wanted[:60]}
        )
    listed: list[tuple[StarPlayer, tuple[str, ...]]]
    if team is None:
        listed = [(star, ()) for star in items]
    else:
        rule_names = selectors.team_rule_names(current, lang)
        listed = [(hire.star, hire.conditions) for hire in hiring.hires([team], items, rule_names)]
    context = {"ruleset": current, "teams": teams, "team": team, "listed": listed, "errors": errors}
    template = "rulebook/stars.html#star-results" if request.htmx else "rulebook/stars.html"
    return render(request, template, context, status=400 if errors else 200)


@public_page()
def star(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    lang = get_language()
    item = selectors.star_or_404(current, slug)
    rule_names = selectors.team_rule_names(current, lang)
    context = {
        "ruleset": current,
        "star": item,
        "players": hiring.profile_views(item, lang),
        "characteristics": hiring.characteristic_labels(current.key, lang),
        "plays_for": hiring.plays_for(item, lang, rule_names),
        "hires": hiring.hires(selectors.teams(current, lang), [item], rule_names),
        "english_name": in_language(item, "name", "en"),
        "odds_code": starodds.odds_code(item),
    }
    return render(request, "rulebook/star.html", context)


@public_page()
def inducements(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    lang = get_language()
    views = hiring.inducement_views(keptrows.inducements(current.key), lang, selectors.team_rule_names(current, lang))
    return render(request, "rulebook/inducements.html", {"ruleset": current, "inducements": views})
