"""HTML pages of the reference. Views stay thin: queries live in selectors, dice in the engine."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import selectors, table_rolls
from ..http import HtmxHttpRequest
from ..rendering.markup import plain_text
from ..search.text import fold
from ..vocab import LANGS, SKILL_CATEGORIES, SKILL_KINDS

# The differences page lists each 2025 skill against its classic counterpart.
NEWER_EDITION = "bb2025"


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rulebook/home.html", {"rulesets": selectors.rulesets(), "autofocus_search": True})


@require_GET
def ruleset_home(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    return render(
        request,
        "rulebook/ruleset.html",
        {"ruleset": current, "chapters": selectors.chapters(current), "tables": selectors.tables(current)},
    )


@require_GET
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


@require_GET
@vary_on_headers("HX-Request")
def skills(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    categories = SKILL_CATEGORIES[current.key]
    category = request.GET.get("category", "")
    kind = request.GET.get("kind", "")
    category = category if category in categories else ""
    kind = kind if kind in SKILL_KINDS else ""
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


@require_GET
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
        },
    )


@require_GET
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


def _roll_title(total: int, row: Any) -> str:
    """ "10 — Blitz!": the number read on the table and the row's name (just the number if the row
    has no name)."""
    name = getattr(row, f"name_{get_language()}", "") if row is not None else ""
    return f"{total} — {name}" if name else str(total)


@require_GET
@vary_on_headers("HX-Request")
def table(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    item = selectors.table_or_404(current, slug)
    rows = list(item.rows.all())
    rollable = table_rolls.is_rollable(item, rows)
    roll = None
    seed = table_rolls.parse_seed(request.GET.get("roll"))
    if rollable and seed is not None:
        result = table_rolls.roll_table(item, rows, seed)
        roll = {
            "total": result.total,
            "faces": result.faces_text,
            "position": result.position,
            "row": result.row,
            "title": _roll_title(result.total, result.row),
            "url": f"{request.path}?roll={seed}#roll-result",
            "row_text": _row_text(result.row),
        }
    roll_url = roll_anchor = ""
    if rollable:
        # A fresh seed for the button: the result is then reproducible from its URL. Without
        # JavaScript the link lands on the row it will highlight.
        next_seed = table_rolls.new_seed()
        roll_url = f"{request.path}?roll={next_seed}"
        landing = table_rolls.roll_table(item, rows, next_seed).position
        roll_anchor = f"#row-{landing}" if landing else "#table-body"
    context = {
        "ruleset": current,
        "table": item,
        "rows": rows,
        "rollable": rollable,
        "roll": roll,
        "roll_url": roll_url,
        "roll_anchor": roll_anchor,
        "dice_json": json.dumps(table_rolls.client_dice(item)) if rollable else "",
        "variants": selectors.variants_for(current, f"table:{item.slug}"),
    }
    template = "rulebook/table.html#table-body" if request.htmx else "rulebook/table.html"
    return render(request, template, context)


@require_GET
def glossary(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    lang = get_language()
    terms = selectors.glossary_concordance(current, lang)
    context = {"ruleset": current, "terms": terms, "langs": LANGS, "letters": _first_letters(terms, lang)}
    return render(request, "rulebook/glossary.html", context)


def _first_letters(terms: list[tuple[Any, Any]], lang: str) -> list[tuple[str, str]]:
    """The A–Z jump list: each initial (accents folded, "É" under E; "#" for a digit) and the slug of its
    first term."""
    letters: dict[str, str] = {}
    for term, _rows in terms:
        first = next((c for c in getattr(term, f"term_{lang}") or "" if c.isalnum()), "#")  # "¡A por ellos!" → A
        initial = fold(first).upper() if first.isalpha() else "#"
        letters.setdefault(initial, term.slug)
    return list(letters.items())


SHOW_CHOICES = ("all", "changed")


@require_GET
def differences(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = selectors.ruleset_or_404(ruleset)
    show = request.GET.get("show", "all")
    show = show if show in SHOW_CHOICES else "all"
    changes = [s for s in selectors.edition_changes(current, get_language()) if s.ruleset.key == NEWER_EDITION]
    groups = [
        {"category": category, "skills": found, "all_same": all(s.change == "same" for s in found)}
        for category in SKILL_CATEGORIES[NEWER_EDITION]
        if (found := [s for s in changes if s.category == category])
    ]
    context = {
        "ruleset": current,
        "variants": selectors.variants_of(current),
        "groups": groups,
        "show": show,
        "total": len(changes),
        "changed_count": sum(1 for s in changes if s.change != "same"),
    }
    return render(request, "rulebook/differences.html", context)
