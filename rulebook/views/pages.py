"""HTML pages of the reference. Views stay thin: queries live in selectors, dice in the engine."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language

from .. import rosters, selectors, table_rolls
from ..http import HtmxHttpRequest, query_filter
from ..rendering.markup import plain_text
from ..serving import public_page
from ..vocab import LANGS, SKILL_CATEGORIES, SKILL_KINDS


@public_page()
def home(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rulebook/home.html", {"rulesets": selectors.rulesets(), "autofocus_search": True})


@public_page()
def ruleset_home(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    return render(
        request,
        "rulebook/ruleset.html",
        {"ruleset": current, "chapters": selectors.chapters(current), "tables": selectors.tables(current)},
    )


@public_page()
def chapter(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    chapter_obj = selectors.chapter_or_404(current, slug)
    chapters = selectors.chapters(current)
    sections = selectors.chapter_sections(chapter_obj)
    variants = {s.slug: selectors.variants_for(current, f"section:{s.slug}") for s in [chapter_obj, *sections]}
    position = [c.pk for c in chapters].index(chapter_obj.pk)
    return render(
        request,
        "rulebook/chapter.html",
        {
            "ruleset": current,
            "chapter": chapter_obj,
            "chapters": chapters,
            "sections": [(s, variants[s.slug]) for s in sections],
            "chapter_variants": variants[chapter_obj.slug],
            "previous": chapters[position - 1] if position > 0 else None,
            "next": chapters[position + 1] if position + 1 < len(chapters) else None,
        },
    )


@public_page(params=("category", "kind"), vary=("HX-Request",))
def skills(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    categories = SKILL_CATEGORIES[current.key]
    # An unknown filter shows every skill (a stale bookmark still lands somewhere useful).
    category = query_filter(request.GET, "category", categories)
    kind = query_filter(request.GET, "kind", SKILL_KINDS)
    items = selectors.sorted_skills(current, get_language(), category=category, kind=kind)
    context = {
        "ruleset": current,
        "skills": items,
        "categories": categories,
        "kinds": selectors.skill_kinds(current),
        "category": category,
        "kind": kind,
    }
    template = "rulebook/skills.html"
    if request.htmx:
        template += "#skill-results"
    return render(request, template, context)


@public_page()
def skill(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    item = selectors.skill_or_404(current, slug)
    return render(
        request,
        "rulebook/skill.html",
        {
            "ruleset": current,
            "skill": item,
            "related": selectors.related_skills(item, get_language()),
            "counterparts": selectors.counterparts(item),
            "variants": selectors.variants_for(current, f"skill:{item.slug}"),
            "starting": [
                (team, positional, rosters.skill_chip(starting, get_language()))
                for team, positional, starting in selectors.positionals_starting_with(item, get_language())
            ],
        },
    )


@public_page()
def tables(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    return render(request, "rulebook/tables.html", {"ruleset": current, "tables": selectors.tables(current)})


def _row_text(row: Any) -> str:
    if row is None:
        return ""
    lang = get_language()
    name = getattr(row, f"name_{lang}")
    effect = plain_text(getattr(row, f"effect_{lang}"))
    return f"{row.range_text}: {name + '. ' if name else ''}{effect}"


@public_page(params=("roll",), vary=("HX-Request",))
def table(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    item = selectors.table_or_404(current, slug)
    rows = list(item.rows.all())
    rollable = table_rolls.is_rollable(item, rows)
    roll = None
    fresh = rollable and request.GET.get("roll") == table_rolls.NEW_ROLL
    seed = table_rolls.new_seed() if fresh else table_rolls.parse_seed(request.GET.get("roll"))
    if fresh and not request.htmx:  # the roll gets its own address, which can be cached and shared
        redirect = HttpResponseRedirect(f"{request.path}?roll={seed}#table-body")
        add_never_cache_headers(redirect)
        return redirect
    if rollable and seed is not None:
        result = table_rolls.roll_table(item, rows, seed)
        roll = {
            "total": result.total,
            "faces": result.faces_text,
            "position": result.position,
            "url": f"{request.path}?roll={seed}#table-body",
            "row_text": _row_text(result.row),
        }
    context = {
        "ruleset": current,
        "table": item,
        "rows": rows,
        "rollable": rollable,
        "roll": roll,
        # The button asks for a new roll; its result has an address of its own (?roll=<seed>).
        "roll_url": f"{request.path}?roll={table_rolls.NEW_ROLL}",
        "variants": selectors.variants_for(current, f"table:{item.slug}"),
        "counterparts": selectors.table_counterparts(item),
    }
    template = "rulebook/table.html#table-body" if request.htmx else "rulebook/table.html"
    response = render(request, template, context)
    if fresh and roll is not None:  # htmx: the fragment of a random roll, never kept; the bar shows its address
        response["HX-Push-Url"] = f"{request.path}?roll={seed}"
        add_never_cache_headers(response)
    return response


@public_page()
def glossary(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    terms = selectors.glossary_concordance(current, get_language())
    return render(request, "rulebook/glossary.html", {"ruleset": current, "terms": terms, "langs": LANGS})


@public_page()
def differences(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    context = {
        "ruleset": current,
        "variants": selectors.variants_of(current),
        "changed": selectors.edition_changes(current, get_language()),
    }
    return render(request, "rulebook/differences.html", context)
