"""The builder's match mode page (a plain GET form: a prepared match is a link) and its JSON twin."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, override

from .. import keptrows, matchmode, rosters, selectors
from ..http import HtmxHttpRequest
from ..serving import ApiError, api_view, public_page
from ..serving.api import BAD_PARAMETER, UNKNOWN_ITEM
from .api import blood_bowl_ruleset, language

PREFIXES = matchmode.PREFIXES


def page_params(ruleset: str, slug: str) -> tuple[str, ...]:
    """The match's own fields and the roster's (carried through, for the roster sheet's link)."""
    return (*matchmode.VALUE_FIELDS, *rosters.builder_params(ruleset, slug))


@public_page(params=page_params, prefixes=(*PREFIXES, rosters.PLAYER_PREFIX), vary=("HX-Request",))
def match(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    item = keptrows.team_or_404(current, slug)
    lang = get_language()
    if current.key not in matchmode.EDITIONS:
        raise Http404
    context: dict[str, Any] = {"ruleset": current, "team": item}
    roster = rosters.build(item, request.GET, lang).query  # kept as it came: the sheet reads and checks it
    context["roster_fields"] = [part.split("=", 1) for part in roster.split("&") if part]
    mode = matchmode.build(
        item, keptrows.inducements(current.key), keptrows.stars(current.key, lang), request.GET, lang
    )
    context["mode"] = mode
    context["mode_query"] = "&".join(q for q in (matchmode.query(mode), roster) if q)
    status = 400 if mode.errors else 200
    if not request.htmx:
        return render(request, "rulebook/match.html", context, status=status)
    response = render(request, "rulebook/match.html#match-result", context, status=status)
    link = context.get("mode_query", "")
    response["HX-Push-Url"] = f"{request.path}?{link}" if link else request.path
    return response


@public_page(params=(*matchmode.VALUE_FIELDS, "lang"), prefixes=PREFIXES)
@api_view
def match_api(request: HttpRequest, key: str, slug: str) -> dict[str, Any]:
    lang = language(request)
    ruleset = blood_bowl_ruleset(key)
    item = selectors.find_team(ruleset, slug)
    if item is None:
        raise ApiError(f"unknown team {slug!r} in {key}", UNKNOWN_ITEM, 404)
    with override(lang):
        if ruleset.key not in matchmode.EDITIONS:
            raise ApiError(f"no match mode for {ruleset.key}", BAD_PARAMETER)
        mode = matchmode.build(
            item, keptrows.inducements(ruleset.key), keptrows.stars(ruleset.key, lang), request.GET, lang
        )
        if mode.errors:
            raise ApiError(" ".join(mode.errors), BAD_PARAMETER)
    sheet = mode.sheet
    assert sheet is not None
    return {
        "team": item.slug,
        "petty_cash": sheet.purse.petty_cash,
        "treasury_allowed": sheet.purse.treasury,
        "purse": sheet.purse.total,
        "spent": sheet.spent,
        "from_treasury": sheet.from_treasury,
        "left": sheet.left,
        "legal": sheet.legal,
        "problems": [
            {"code": p.code, "item": p.key, "limit": p.limit, "message": text}
            for p, text in zip(sheet.problems, mode.problems, strict=True)
        ],
    }
