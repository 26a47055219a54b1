"""Team pages: the teams of a ruleset, a team's roster, and the team builder (a plain GET form, so
a built team is a URL: it can be shared, printed and changed without JavaScript)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from .. import hiring, keptrows, matchmode, rosters, selectors
from ..http import HtmxHttpRequest, QueryError, query_int, query_text
from ..serving import public_page


@public_page(params=("q", "league", "tier"), vary=("HX-Request",))
def teams(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    lang = get_language()
    leagues = selectors.leagues(current, lang)
    tiers = selectors.team_tiers(current)
    name = query_text(request.GET, "q", 60)
    league = request.GET.get("league", "")
    league = league if league in {r.slug for r in leagues} else ""
    errors = []
    try:
        tier = query_int(request.GET, "tier", 0, 9, 0) or None
    except QueryError:
        tier = None
        errors.append(_("The tier must be a whole number."))
    if tier is not None and tier not in tiers:
        tier = None
    context = {
        "ruleset": current,
        "teams": selectors.teams(current, lang, name=name, league=league, tier=tier),
        "leagues": leagues,
        "tiers": tiers,
        "name": name,
        "league": league,
        "tier": tier,
        "errors": errors,
    }
    template = "rulebook/teams.html#team-results" if request.htmx else "rulebook/teams.html"
    return render(request, template, context, status=400 if errors else 200)


@public_page()
def team(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    item = keptrows.team_or_404(current, slug)
    lang = get_language()
    rule_names = selectors.team_rule_names(current, lang)
    context = {
        "ruleset": current,
        "team": item,
        "rules": selectors.team_rules(item),
        "star_hires": hiring.hires([item], keptrows.stars(current.key, lang), rule_names),
        "team_inducements": hiring.team_inducements(item, keptrows.inducements(current.key), rule_names),
        "positionals": rosters.positional_views(item, get_language()),
        "characteristics": rosters.characteristic_labels(item, get_language()),
        "big_guys": [p for p in item.positionals.all() if p.big_guy],
    }
    return render(request, "rulebook/team.html", context)


def _builder_context(request: HtmxHttpRequest, ruleset: str, slug: str) -> tuple[dict[str, Any], int]:
    current = keptrows.ruleset_or_404(ruleset)
    item = keptrows.team_or_404(current, slug)
    builder = rosters.build(item, request.GET, get_language())
    context = {
        "ruleset": current,
        "team": item,
        "builder": builder,
        "answered_query": request.META.get("QUERY_STRING", ""),  # static/js/engine.js: a saved copy answers another
        "sheet": builder.sheet,
        "problems": [rosters.problem_text(p, builder) for p in builder.sheet.problems],
        "positionals": rosters.positional_views(item, get_language()),
        "characteristics": rosters.characteristic_labels(item, get_language()),
        "counts": {f.name.removeprefix(rosters.PLAYER_PREFIX): f.value for f in builder.players},
        "staff_lines": list(zip(builder.staff, builder.sheet.staff, strict=True)),
        "rules": selectors.team_rules(item),
        "later_reroll_cost": item.reroll_cost * builder.rules.later_reroll_multiplier,
        "sheet_players": rosters.sheet_players(builder, rosters.positional_views(item, get_language())),
    }
    return context, 400 if builder.errors else 200


@public_page(params=rosters.builder_params, prefixes=(rosters.PLAYER_PREFIX,), vary=("HX-Request",))
def builder(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    context, status = _builder_context(request, ruleset, slug)
    if not request.htmx:
        return render(request, "rulebook/builder.html", context, status=status)
    response = render(request, "rulebook/builder.html#builder-result", context, status=status)
    # The address bar gets the short form of the team (only what differs from an empty roster).
    query = context["builder"].query
    response["HX-Push-Url"] = f"{request.path}?{query}" if query else request.path
    return response


def sheet_params(ruleset: str, slug: str) -> tuple[str, ...]:
    """The roster's fields and a prepared match's (the match mode's link to the sheet holds both)."""
    return (*rosters.builder_params(ruleset, slug), *matchmode.VALUE_FIELDS)


@public_page(params=sheet_params, prefixes=(rosters.PLAYER_PREFIX, *matchmode.PREFIXES))
def roster_sheet(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    context, status = _builder_context(request, ruleset, slug)
    current, lang = context["ruleset"], get_language()
    if current.key in matchmode.EDITIONS and matchmode.carries_match(request.GET):
        mode = matchmode.build(
            context["team"], keptrows.inducements(current.key), keptrows.stars(current.key, lang), request.GET, lang
        )
        context["match"] = mode
        status = 400 if mode.errors else status
    return render(request, "rulebook/roster_sheet.html", context, status=status)
