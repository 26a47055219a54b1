"""Presenting a computed tutorial step in the reader's language: what the step shows for the
reader's inputs (stepview.py, the same on the phone), and the links to the rules and to the board
that only the server knows."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy, override

from rulebook import links, selectors
from rulebook.rendering.version import per_content_version
from rulebook.translated import in_language
from rulebook.vocab import BLOOD_BOWL_EDITIONS

from .actions.workspace import Workspace
from .board.examples import board_url
from .boardlinks import step_board_query
from .shared.scenario import Scenario, StepSpec, all_scenarios
from .shared.values import Value
from .stepview import FormField, RenderedPanel, localized, narration, step_result
from .stepview_html import result_html

__all__ = ["FormField", "RenderedPanel", "StepView", "localized", "narration", "step_board_url", "step_view"]

LINK_KINDS = ("section", "skill", "table", "term", "variant")


@dataclass
class StepView:
    scenario: Scenario
    step: StepSpec
    lang: str
    edition: str
    title: str
    narration: SafeString
    picture: SafeString
    positions: list[str]
    panels: list[RenderedPanel]
    chart: SafeString | None
    fields: list[FormField]
    problems: list[str]
    action_error: str
    links: list[dict[str, str]]
    values: dict[str, Value]
    legend: list[tuple[str, str, str]]
    result: SafeString  # the #step-result element (stepview_html.py)
    board_url: str = ""  # the step's board (with the reader's changes) in the board page
    board_base: str = ""  # the board page of the step's edition (the phone puts a board's query after it)
    first_error: str = ""  # the first field with a mistake (its message stands next to it)
    whole_picture: SafeString | None = None  # the whole pitch, when the picture shows a part of it


# -- links to the rules -----------------------------------------------------------------------------


def resolve_link(spec: str, default_ruleset: str, lang: str) -> dict[str, str] | None:
    """ "section:dodging", "skill:dodge", "lrb6:table:agility" → {label, url, kind}; None if missing."""
    parts = spec.split(":")
    if len(parts) not in (2, 3):
        return None
    ruleset, kind, slug = parts if len(parts) == 3 else [default_ruleset, *parts]
    if kind not in LINK_KINDS:
        return None
    item = selectors.find_item(ruleset, kind, slug)
    if item is None:
        return None
    label = in_language(item, selectors.LABEL_FIELDS[kind], lang, default=slug)
    url = links.section_url(ruleset, item, lang) if kind == "section" else links.item_url(kind, ruleset, slug, lang)  # type: ignore[arg-type]
    return {"url": url, "label": label, "kind": kind}


ARTICLES_RE = re.compile(r"^(the|el|la|los|las|il|lo|gli|i|le|les|l')\s*", re.IGNORECASE)


def link_key(label: str) -> str:
    """What a reader sees of a link: "The kick-off" and "Kick-off" name the same thing."""
    return re.sub(r"[\W_]+", "", ARTICLES_RE.sub("", label.strip().casefold()))


def links_for(step: StepSpec, ruleset: str, lang: str) -> list[dict[str, str]]:
    """The rules a step involves, each once (looked up once per content version)."""
    return [dict(link) for link in _links(tuple(step.links), ruleset, lang)]


@per_content_version(maxsize=1024)
def _links(specs: tuple[str, ...], ruleset: str, lang: str) -> tuple[dict[str, str], ...]:
    """One link per page and per name (the first listed, usually the rules section, wins over a
    glossary entry of the same name)."""
    found: list[dict[str, str]] = []
    seen: set[str] = set()
    for spec in specs:
        link = resolve_link(spec, ruleset, lang)
        if link and link["url"] not in seen and link_key(link["label"]) not in seen:
            seen |= {link["url"], link_key(link["label"])}
            found.append(link)
    return tuple(found)


def step_board_url(ws: Workspace, edition: str, lang: str) -> str:
    """The board page's URL of a Blood Bowl step's board, or "" when there is none to open."""
    query = step_board_query(ws, edition)
    return board_url(edition, lang, query) if query else ""


def step_view(
    scenario: Scenario, number: int, query: Mapping[str, str], lang: str, out_of_band: bool = False
) -> StepView:
    """Everything the step page shows, in `lang` (numbers formatted for that locale);
    `out_of_band`: the answer to htmx carries each field's message apart (stepview_html.py)."""
    shown = step_result(scenario, number, query, lang)
    step = scenario.step(number)
    board = board_url(shown.edition, lang, shown.board_query) if shown.board_query else ""
    with override(lang):
        result = mark_safe(result_html(shown, board, out_of_band))  # escaped by stepview_html.py
    return StepView(
        scenario=scenario,
        step=step,
        lang=lang,
        edition=shown.edition,
        title=shown.title,
        narration=mark_safe(shown.narration),  # escaped by stepview, as the SVGs below
        picture=mark_safe(shown.picture),
        positions=shown.positions,
        panels=shown.panels,
        chart=mark_safe(shown.chart) if shown.chart else None,
        fields=shown.fields,
        problems=shown.problems,
        action_error=shown.action_error,
        links=links_for(step, scenario.ruleset, lang),
        values=shown.values,
        legend=shown.legend,
        board_url=board,
        board_base=board_url(shown.edition, lang) if shown.edition in BLOOD_BOWL_EDITIONS else "",
        first_error=shown.first_error,
        whole_picture=mark_safe(shown.whole_picture) if shown.whole_picture else None,
        result=result,
    )


# The order a newcomer is advised to follow: the classic rules from team building to the kick-off,
# then what the 2025 edition changes, then DreadBall (each part in the scenarios' own order).
PATH = (
    (
        "lrb6",
        gettext_lazy("Blood Bowl: start here"),
        gettext_lazy("The classic rules, one scenario after another: each uses what the previous ones showed."),
    ),
    (
        "bb2025",
        gettext_lazy("Then: the 2025 edition"),
        gettext_lazy("The same scenes under the 2025 rules, once the classic ones are familiar."),
    ),
    (
        "dreadball2",
        gettext_lazy("DreadBall"),
        gettext_lazy("Another game, on hexes: dice checks first, then facing and moving."),
    ),
)


def recommended_path(lang: str) -> list[dict[str, Any]]:
    """The tutorial's parts in the recommended order, each with its scenarios (title, summary, URL)."""
    parts = []
    for ruleset, title, intro in PATH:
        items = [
            {
                "scenario": s,
                "title": localized(s.title, lang, s.ruleset),
                "summary": localized(s.summary, lang, s.ruleset),
                "url": step_url(s, 1, lang),
            }
            for s in all_scenarios()
            if s.ruleset == ruleset
        ]
        if items:
            parts.append({"key": ruleset, "title": str(title), "intro": str(intro), "items": items})
    return parts


def step_url(scenario: Scenario, number: int, lang: str) -> str:
    return links.page_url("tutorial:step", lang, scenario.slug, number)


def index_url(lang: str) -> str:
    return links.page_url("tutorial:index", lang)
