"""Presenting a computed tutorial step in the reader's language: the narration filled with the
engine's values, the explanation panels, the try-it form and the links (the picture, chart and
legend come from pictures.py)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy, override

from rulebook import links, selectors
from rulebook.rendering.version import per_content_version
from rulebook.translated import in_language

from . import inputs, pictures
from .actions.base import ExplanationPanel
from .boardlinks import step_board_url
from .shared import phrases
from .shared.explaining import capitalised, explanation_lines, phrase_with_names
from .shared.scenario import Scenario, StepSpec, all_scenarios
from .shared.values import Value, fill
from .stepping import Computed, compute

LINK_KINDS = ("section", "skill", "table", "term", "variant")


@dataclass
class FormField:
    name: str
    label: str
    kind: str
    value: Any
    lo: int = 0
    hi: int = 0
    choices: list[tuple[str, str]] = field(default_factory=list)
    error: str = ""
    hint: str = ""


@dataclass
class RenderedPanel:
    heading: str
    lines: list[str]


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
    board_url: str = ""  # the step's board (with the reader's changes) in the board page
    first_error: str = ""  # the first field with a mistake (its message stands next to it)


# -- rendering ------------------------------------------------------------------------------------


def render_panels(
    panels: list[ExplanationPanel], lang: str, edition: str, names: dict[str, str]
) -> list[RenderedPanel]:
    rendered = []
    for panel in panels:
        lines = explanation_lines(panel.explanation, lang, edition, names) if panel.explanation else []
        lines += [phrase_with_names(key, params, lang, edition, names) for key, params in panel.lines]
        params = {k: v for k, v in panel.heading_params.items() if k != "square"}
        heading = capitalised(phrases.heading(panel.heading, lang, edition, **params))
        square = panel.heading_params.get("square")
        if square is not None:
            heading += f" → ({square[0] + 1}, {square[1] + 1})"
        rendered.append(RenderedPanel(heading, lines))
    return rendered


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def narration_html(text: str) -> SafeString:
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    html = "".join(
        "<p>" + _BOLD.sub(r"<strong>\1</strong>", str(escape(" ".join(p.split())))) + "</p>" for p in paragraphs
    )
    return mark_safe(html)  # escaped above; only <p> and <strong> are ours


def form_fields(computed: Computed) -> list[FormField]:
    """The try-it form's fields in the reader's language (their labels are stepping's)."""
    errors = {p.field: p.message for p in computed.problems}
    result = []
    for spec in computed.fields:
        value = computed.values.get(spec.name)
        result.append(
            FormField(
                spec.name,
                computed.labels[spec.name],
                spec.kind,
                value,
                spec.lo,
                spec.hi,
                [(v, str(label)) for v, label in spec.choices],
                errors.get(spec.name, ""),
                str(spec.hint),
            )
        )
    return result


def raw_query_values(fields: list[FormField], query: Mapping[str, str]) -> None:
    """Keep what the reader typed in a field with an error, so he can correct it."""
    for f in fields:
        if f.error and f.name in query:
            f.value = query[f.name][: inputs.MAX_INPUT_LENGTH]


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


def localized(texts: Mapping[str, str], lang: str, edition: str) -> str:
    """A scenario's text in the language, each [[skill:slug]] named as in that edition."""
    return phrases.with_skill_names(texts[lang], lang, edition)


def narration(scenario: Scenario, step: StepSpec, values: dict[str, Value], lang: str, mark: bool = False) -> str:
    """The step's text with the engine's values and the forms they choose (messages.py)."""
    edition = step.edition or scenario.ruleset
    return fill(localized(step.text, lang, edition), values, lang, edition, mark)


def step_view(scenario: Scenario, number: int, query: Mapping[str, str], lang: str) -> StepView:
    """Everything the step page shows, in `lang` (numbers formatted for that locale)."""
    with override(lang):
        return _step_view(scenario, number, query, lang)


def _step_view(scenario: Scenario, number: int, query: Mapping[str, str], lang: str) -> StepView:
    step = scenario.step(number)
    computed = compute(scenario, step, query)
    ws, outcome = computed.ws, computed.outcome
    edition = step.edition or scenario.ruleset
    names = {pid: p.label(lang) for pid, p in ws.cast.items()}
    title = localized(step.title, lang, edition)
    fields = form_fields(computed)
    raw_query_values(fields, query)
    return StepView(
        scenario=scenario,
        step=step,
        lang=lang,
        edition=edition,
        title=title,
        narration=narration_html(narration(scenario, step, outcome.values, lang)),
        picture=pictures.picture(ws, outcome, step, lang, title, f"{scenario.slug}-{number}"),
        positions=pictures.positions_text(ws, lang, scenario.game == "dreadball"),
        panels=render_panels(outcome.panels, lang, edition, names),
        chart=pictures.chart(outcome, lang, edition, f"{scenario.slug}-{number}-chart"),
        fields=fields,
        problems=[p.message for p in computed.problems],
        action_error=computed.action_error,
        links=links_for(step, scenario.ruleset, lang),
        values=outcome.values,
        legend=pictures.legend(outcome, ws, edition, step),
        board_url=step_board_url(ws, edition, lang),
        first_error=next((f.name for f in fields if f.error), ""),
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
