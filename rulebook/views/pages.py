"""HTML pages of the reference. Views stay thin: queries live in selectors, dice in the engine."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from .. import glossary as glossary_pages
from .. import keptrows, rosters, selectors, table_rolls
from ..examples import examples_for
from ..http import HtmxHttpRequest, query_filter
from ..rendering.markup import plain_text
from ..search.text import fold
from ..serving import public_page
from ..translated import in_language
from ..vocab import LANGS, SKILL_CATEGORIES, SKILL_KINDS

# The differences page lists each 2025 skill against its classic counterpart.
NEWER_EDITION = "bb2025"


@public_page()
def home(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rulebook/home.html", {"rulesets": selectors.rulesets(), "autofocus_search": True})


@public_page()
def ruleset_home(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    chapters = selectors.chapters(current)
    slugs = frozenset(selectors.section_slugs(current))
    examples = examples_for(current.key, slugs, get_language())  # every scenario of the ruleset
    context = {"ruleset": current, "chapters": chapters, "tables": selectors.tables(current), "examples": examples}
    return render(request, "rulebook/ruleset.html", context)


@public_page()
def chapter(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    chapter_obj = selectors.chapter_or_404(current, slug)
    chapters = selectors.chapters(current)
    sections = selectors.chapter_sections(chapter_obj)
    variants = {s.slug: selectors.variants_for(current, f"section:{s.slug}") for s in [chapter_obj, *sections]}
    position = [c.pk for c in chapters].index(chapter_obj.pk)
    slugs = frozenset(s.slug for s in [chapter_obj, *sections])
    return render(
        request,
        "rulebook/chapter.html",
        {
            "ruleset": current,
            "chapter": chapter_obj,
            "chapters": chapters,
            "sections": [(s, variants[s.slug]) for s in sections],
            "chapter_variants": variants[chapter_obj.slug],
            "examples": examples_for(current.key, slugs, get_language()),
            "previous": chapters[position - 1] if position > 0 else None,
            "next": chapters[position + 1] if position + 1 < len(chapters) else None,
        },
    )


@public_page(params=("category", "kind"), vary=("HX-Request",))
def skills(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
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
    current = keptrows.ruleset_or_404(ruleset)
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
    current = keptrows.ruleset_or_404(ruleset)
    return render(request, "rulebook/tables.html", {"ruleset": current, "tables": selectors.tables(current)})


def _row_text(row: Any) -> str:
    if row is None:
        return ""
    lang = get_language()
    name = in_language(row, "name", lang)
    effect = plain_text(in_language(row, "effect", lang))
    return f"{row.range_text}: {name + '. ' if name else ''}{effect}"


def _roll_title(result: table_rolls.TableRoll) -> str:
    """ "10 — Blitz!": the number read on the table and the row's name (just the number if the row
    has no name); a D6×D6 roll is read as its row ("4-6 · 2"), its line number means nothing."""
    row = result.row
    if result.halves and row is not None:
        return row.range_text
    name = in_language(row, "name", get_language()) if row is not None else ""
    return f"{result.total} — {name}" if name else str(result.total)


def _roll_mark(result: table_rolls.TableRoll) -> str:
    """The rolled row's label, in words: "Rolled 7: Blitz!" (a D6×D6: "Rolled 4, then 2: Block")."""
    row = result.row
    name = in_language(row, "name", get_language()) if row is not None else ""
    if result.halves:
        first, second = result.faces[0], result.faces[-1]
        if name:
            return _("Rolled %(first)s, then %(second)s: %(name)s") % {"first": first, "second": second, "name": name}
        return _("Rolled %(first)s, then %(second)s") % {"first": first, "second": second}
    if name:
        return _("Rolled %(total)s: %(name)s") % {"total": result.total, "name": name}
    return _("Rolled %(total)s") % {"total": result.total}


@public_page(params=("roll",), vary=("HX-Request",))
def table(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    item = keptrows.table_or_404(current, slug)
    rows = list(item.rows.all())
    rollable = table_rolls.is_rollable(item, rows)
    dice = table_rolls.client_dice(item)
    roll = None
    fresh = rollable and request.GET.get("roll") == table_rolls.NEW_ROLL
    seed = table_rolls.new_seed() if fresh else table_rolls.parse_seed(request.GET.get("roll"))
    if fresh and not request.htmx:  # the roll gets its own address, which can be cached and shared
        redirect = HttpResponseRedirect(f"{request.path}?roll={seed}#roll-result")
        add_never_cache_headers(redirect)
        return redirect
    if rollable and seed is not None:
        result = table_rolls.roll_table(item, rows, seed)
        roll = {
            "total": result.total,
            "faces": result.faces_text,
            "halves": result.halves,
            "first": result.faces[0],
            "second": result.faces[-1],
            "position": result.position,
            "row": result.row,
            "title": _roll_title(result),
            "mark": _roll_mark(result),
            "url": f"{request.path}?roll={seed}#roll-result",
            "row_text": _row_text(result.row),
        }
    context = {
        "ruleset": current,
        "table": item,
        "rows": rows,
        "rollable": rollable,
        "roll": roll,
        # The button asks for a new roll (?roll=new), which gets an address of its own (?roll=<seed>);
        # the script rolls the same dice itself when there is no connection.
        "roll_url": f"{request.path}?roll={table_rolls.NEW_ROLL}",
        "dice_json": json.dumps(dice) if rollable else "",
        "halves_dice": bool(dice and dice["read"] == "halves"),
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
    current = keptrows.ruleset_or_404(ruleset)
    lang = get_language()
    terms = selectors.glossary_concordance(current, lang)
    context = {"ruleset": current, "terms": terms, "langs": LANGS, "letters": _first_letters(terms, lang)}
    return render(request, "rulebook/glossary.html", context)


@public_page()
def term(request: HtmxHttpRequest, ruleset: str, slug: str) -> HttpResponse:
    """One glossary term: its definition, the skill and rules it names, and the concordance."""
    current = keptrows.ruleset_or_404(ruleset)
    page = glossary_pages.term_page(glossary_pages.term_or_404(current, slug), get_language())
    return render(request, "rulebook/term.html", {"ruleset": current, "page": page, "langs": LANGS})


def _first_letters(terms: list[tuple[Any, Any]], lang: str) -> list[tuple[str, str]]:
    """The A–Z jump list: each initial (accents folded, "É" under E; "#" for a digit) and the slug of its
    first term."""
    letters: dict[str, str] = {}
    for term, _rows in terms:
        first = next((c for c in in_language(term, "term", lang) if c.isalnum()), "#")  # "¡A por ellos!" → A
        initial = fold(first).upper() if first.isalpha() else "#"
        letters.setdefault(initial, term.slug)
    return list(letters.items())


SHOW_CHOICES = ("all", "changed")


@public_page(params=("show",))
def differences(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    current = keptrows.ruleset_or_404(ruleset)
    if not selectors.has_differences(current):
        raise Http404(_("This ruleset has one edition and no variant of its rules: there are no differences to show."))
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
