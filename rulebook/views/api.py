"""Read-only JSON API for bots and apps. Bad parameters → 400 (problem "bad_parameter"), unknown
items → 404 ("unknown_item"), both as {"error": "<message>", "problem": "<key>"} (the one shape of
every endpoint: rulebook/serving/api.py); never an HTML error page."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.http import HttpRequest
from django.utils.translation import override

from .. import notation, rosters, selectors
from ..http import QueryError, query_int, query_text
from ..links import item_url
from ..rendering.crossrefs import rendered
from ..search.results import search as run_search
from ..serving import ApiError, api_view, public_page
from ..serving.api import BAD_PARAMETER, UNKNOWN_ITEM
from ..translated import in_language
from ..vocab import LANGS, RULESET_KEYS

if TYPE_CHECKING:  # views read through selectors; the models are only named in annotations
    from ..models import GameTable, Ruleset, Skill, Team

MAX_LIMIT = 100
DEFAULT_LIMIT = 20
MAX_QUERY = 200


def choice(request: HttpRequest, name: str, choices: Iterable[str]) -> str:
    """An optional parameter that must be one of `choices` when given ("" when absent)."""
    allowed = tuple(choices)
    raw = request.GET.get(name, "")
    if raw and raw not in allowed:
        raise ApiError(f"{name} must be one of {', '.join(allowed)}", BAD_PARAMETER)
    return raw


def language(request: HttpRequest, required: bool = True) -> str:
    lang = choice(request, "lang", LANGS)
    if not lang:
        if required:
            raise ApiError(f"lang must be one of {', '.join(LANGS)}", BAD_PARAMETER)
        return "en"
    return lang


def ruleset_by_key(key: str) -> Ruleset:
    found = selectors.find_ruleset(key) if key in RULESET_KEYS else None
    if found is None:
        raise ApiError(f"unknown ruleset {key!r}", UNKNOWN_ITEM, 404)
    return found


def limit_from(request: HttpRequest) -> int:
    try:
        return query_int(request.GET, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT)
    except QueryError:
        raise ApiError(f"limit must be a whole number from 1 to {MAX_LIMIT}", BAD_PARAMETER) from None


@public_page(params=("q", "lang", "ruleset", "limit"))
@api_view
def search(request: HttpRequest) -> dict[str, Any]:
    if len(request.GET.get("q", "").strip()) > MAX_QUERY:
        raise ApiError(f"q is longer than {MAX_QUERY} characters", BAD_PARAMETER)
    query = query_text(request.GET, "q", MAX_QUERY)
    if not query:
        raise ApiError("q is required", BAD_PARAMETER)
    lang = language(request)
    ruleset = choice(request, "ruleset", RULESET_KEYS)
    results = run_search(query, lang, current=ruleset, ruleset=ruleset, limit=limit_from(request))
    return {
        "query": query,
        "lang": lang,
        "results": [
            {
                "kind": r.kind,
                "ruleset": r.ruleset,
                "slug": r.slug,
                "title": r.title,
                "title_en": r.title_en,
                "url": r.url,
                "snippet": r.snippet_text,
            }
            for r in results
        ],
    }


@public_page(params=("lang",))
@api_view
def rulesets(request: HttpRequest) -> dict[str, Any]:
    lang = language(request, required=False)
    return {
        "rulesets": [{"key": r.key, "name": in_language(r, "name", lang), "game": r.game} for r in selectors.rulesets()]
    }


def skill_summary(skill: Skill, lang: str) -> dict[str, Any]:
    return {
        "slug": skill.slug,
        "name": in_language(skill, "name", lang),
        "name_en": in_language(skill, "name", "en"),
        "kind": skill.kind,
        "category": skill.category,
        "url": item_url("skill", skill.ruleset.key, skill.slug, lang),
    }


@public_page(params=("lang",))
@api_view
def skills(request: HttpRequest, key: str) -> dict[str, Any]:
    lang = language(request)
    ruleset = ruleset_by_key(key)
    items = selectors.sorted_skills(ruleset, lang)
    return {"skills": [skill_summary(s, lang) for s in items]}


@public_page(params=("lang",))
@api_view
def skill(request: HttpRequest, key: str, slug: str) -> dict[str, Any]:
    lang = language(request)
    ruleset = ruleset_by_key(key)
    item = selectors.find_skill(ruleset, slug)
    if item is None:
        raise ApiError(f"unknown skill {slug!r} in {key}", UNKNOWN_ITEM, 404)
    with override(lang):
        text_html = rendered(item, "text", lang)
    return {
        **skill_summary(item, lang),
        "activation": item.activation,
        "elite": item.elite,
        "text": in_language(item, "text", lang),
        "text_html": text_html,
        "change_note": in_language(item, "change_note", lang),
        "counterparts": [
            {
                "ruleset": other.ruleset.key,
                "slug": other.slug,
                "url": item_url("skill", other.ruleset.key, other.slug, lang),
            }
            for other in selectors.counterparts(item)
        ],
    }


def table_payload(table: GameTable, lang: str) -> dict[str, Any]:
    return {
        "slug": table.slug,
        "title": in_language(table, "title", lang),
        "dice": table.dice,
        "url": item_url("table", table.ruleset.key, table.slug, lang),
        "counterpart": (
            {"ruleset": table.counterpart.ruleset.key, "slug": table.counterpart.slug}
            if table.counterpart is not None
            else None
        ),
        "change_note": in_language(table, "change_note", lang),
        "rows": [
            {
                "range": row.range_text,
                "low": row.range_low,
                "high": row.range_high,
                "name": in_language(row, "name", lang),
                "effect": in_language(row, "effect", lang),
            }
            for row in table.rows.all()
        ],
    }


@public_page(params=("lang",))
@api_view
def tables(request: HttpRequest, key: str) -> dict[str, Any]:
    lang = language(request)
    ruleset = ruleset_by_key(key)
    return {"tables": [table_payload(t, lang) for t in selectors.tables_with_rows(ruleset)]}


@public_page(params=("lang",))
@api_view
def table(request: HttpRequest, key: str, slug: str) -> dict[str, Any]:
    lang = language(request)
    ruleset = ruleset_by_key(key)
    item = selectors.find_table(ruleset, slug)
    if item is None:
        raise ApiError(f"unknown table {slug!r} in {key}", UNKNOWN_ITEM, 404)
    return table_payload(item, lang)


def blood_bowl_ruleset(key: str) -> Ruleset:
    ruleset = ruleset_by_key(key)
    if ruleset.game != "bloodbowl":
        raise ApiError(f"{key} has no teams", UNKNOWN_ITEM, 404)
    return ruleset


def team_summary(team: Team, lang: str) -> dict[str, Any]:
    rules = selectors.team_rules(team)
    return {
        "slug": team.slug,
        "name": in_language(team, "name", lang),
        "name_en": in_language(team, "name", "en"),
        "tier": team.tier or None,
        "reroll_cost": team.reroll_cost,
        "apothecary": team.apothecary,
        "leagues": [r.slug for r in rules if r.kind == "league"],
        "special_rules": [r.slug for r in rules if r.kind != "league"],
        "url": item_url("team", team.ruleset.key, team.slug, lang),
    }


def team_payload(team: Team, lang: str) -> dict[str, Any]:
    edition = rosters.edition_of(team)
    return {
        **team_summary(team, lang),
        "description": in_language(team, "description", lang),
        "big_guys_max": team.big_guys_max,
        "rules": [
            {"slug": r.slug, "kind": r.kind, "name": in_language(r, "name", lang), "text": in_language(r, "text", lang)}
            for r in selectors.team_rules(team)
        ],
        "positionals": [
            {
                "slug": p.slug,
                "name": in_language(p, "name", lang),
                "name_en": in_language(p, "name", "en"),
                "max": p.max_quantity,
                "cost": p.cost,
                # numbers as the edition writes them (2025: targets, PA null when the player has none)
                "ma": p.ma,
                "st": p.st,
                "ag": p.ag,
                "pa": (p.pa or None) if edition.has_passing_ability else None,
                "av": p.av,
                "profile": {
                    key: notation.characteristic_value(edition, key, getattr(p, key))
                    for key in notation.profile_keys(edition)
                },
                "skills": [
                    {
                        "slug": chip.slug,
                        "name": chip.name,
                        "parameter": chip.parameter or None,
                        "label": chip.label,
                        "url": chip.url,
                    }
                    for chip in (rosters.skill_chip(s, lang) for s in p.starting_skills.all())
                ],
                "primary": list(p.primary),
                "secondary": list(p.secondary),
                "big_guy": p.big_guy,
                "disputed": list(p.disputed),
            }
            for p in team.positionals.all()
        ],
    }


@public_page(params=("lang",))
@api_view
def teams(request: HttpRequest, key: str) -> dict[str, Any]:
    lang = language(request)
    ruleset = blood_bowl_ruleset(key)
    return {"teams": [team_summary(t, lang) for t in selectors.teams(ruleset, lang)]}


@public_page(params=("lang",))
@api_view
def team(request: HttpRequest, key: str, slug: str) -> dict[str, Any]:
    lang = language(request)
    ruleset = blood_bowl_ruleset(key)
    item = selectors.find_team(ruleset, slug)
    if item is None:
        raise ApiError(f"unknown team {slug!r} in {key}", UNKNOWN_ITEM, 404)
    return team_payload(item, lang)
