"""The odds calculator page: the answer first (chance, where the turn fails, what each re-roll
saves, a block's or an armour chain's outcomes as a stacked bar), then the form (players, rows,
the target helper). Numbers come from engine.turn through calculator; this module only presents.
"""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.urls import reverse
from django.utils.safestring import mark_safe

from rulebook.rendering.version import per_content_version

from ..shared.options import OptionList, option
from . import builder, calculator, helper
from .answer import present
from .classic import OddsError
from .code import Sequence, parse_code
from .form import (
    FORM_KINDS,
    FORM_PARAMS,
    SLOTS,
    Form,
    default_text,
    edition_kinds,
    form_of,
    has_form,
    only_in,
    read_form,
)
from .form_view import choices as _choices
from .labels import calculator_rush_term, kind_label, step_label

EXAMPLE = "dodge:3,gfi:2,pickup:3"


@per_content_version(maxsize=16)
def kind_options(edition: str, lang: str) -> OptionList:
    """The kinds a row's select offers, each with its default value and, for a rush, its name in
    each edition (static/js/tutorial.js relabels it when the edition changes); a kind only some
    editions have names them, hidden in the others (the script offers it when its edition is chosen)."""
    offered = edition_kinds(edition)
    return OptionList(
        tuple(
            option(
                k,
                kind_label(k, edition, lang),
                [("default", default_text(k, edition))]
                + (
                    [(f"label-{key}", calculator_rush_term(key, lang)) for key in sorted(calculator.EDITIONS)]
                    if k == "gfi"
                    else []
                )
                + ([("editions", " ".join(only_in(k)))] if only_in(k) else []),
                hidden=k not in offered,
            )
            for k in FORM_KINDS
        )
    )


def marked_safe(result: dict[str, Any]) -> dict[str, Any]:
    """The answer's SVG charts (written and escaped by shared/charts.py) marked safe for the template."""
    result["chart"] = mark_safe(result["chart"])
    for step in result["steps"]:
        for bar in (step["bar"], step["played"], (step["second"] or {}).get("bar")):
            if bar is not None:
                bar["svg"] = mark_safe(bar["svg"])
    return result


# Every parameter the page reads: the API's, the form's and the target helper's.
QUERY_PARAMS = calculator.QUERY_PARAMS + FORM_PARAMS + helper.HELPER_PARAMS


def page_context(query: Any, lang: str) -> dict[str, Any]:
    problems: list[str] = []
    if has_form(query):
        form = read_form(query)
        problems = [
            calculator.page_error(e)
            for e in form.errors
            if e.index is None and e.subject in ("edition", "team_reroll", "steps", "players")
        ]
    else:
        try:
            form = form_of(calculator.read(query))
        except OddsError as error:
            draft = builder.read_draft(query)
            if draft is not None:  # the builder's empty start: no step yet, nothing wrong
                return _page(form_of(draft), query, lang, [], draft)
            problems = [calculator.page_error(error)]
            fallback = query.get("edition") if query.get("edition") in calculator.EDITIONS else "lrb6"
            form = form_of(parse_code(EXAMPLE, fallback))
            form.sequence = None
    return _page(form, query, lang, problems)


def _page(form: Form, query: Any, lang: str, problems: list[str], draft: Sequence | None = None) -> dict[str, Any]:
    sequence = form.sequence if draft is None else None
    form.sequence = sequence
    context: dict[str, Any] = {
        "form": form,
        "edition": form.edition,
        "editions": calculator.EDITIONS,
        "team": form.team,
        "problems": problems,
        "has_errors": sequence is None and draft is None,
        "empty": draft is not None,
        "result": None,
        "helper": helper.helper_context(query, form.edition, lang),
        **_choices(form, form.edition, lang),
        "kinds": kind_options(form.edition, lang),
    }
    if sequence is not None:
        result = calculator.solve(sequence)
        context["result"] = marked_safe(present(sequence, result, lang))
        q = QueryDict(mutable=True)
        q["c"] = sequence.code()
        encoded = q.urlencode(safe=";,:/=.?!")
        context["code"] = sequence.code()
        context["share_url"] = reverse("tutorial:odds") + "?" + encoded
        context["api_url"] = "/api/v1/odds?" + encoded
    shown = sequence or draft
    context["builder"] = builder.builder_context(shown, context["result"], lang) if shown is not None else None
    return context


__all__ = ["SLOTS", "page_context", "present", "step_label"]
