"""What a tutorial step shows for the reader's inputs, Django-free: the narration filled with the
engine's values, the picture, the explanation panels, the chart, the try-it fields with their
messages and the board's query. The server's page (presenting.py) and the phone offline
(tutorial/phone.py, stepview_html.py) both show this, so a step's numbers are the same on both."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from rulebook.portable.i18n import override

from . import inputs, pictures
from .actions.base import ExplanationPanel
from .boardlinks import step_board_query
from .shared import phrases
from .shared.explaining import capitalised, explanation_lines, phrase_with_names
from .shared.scenario import Scenario, StepSpec
from .shared.values import Value, fill
from .stepping import Computed, compute


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
class StepResult:
    """The part of a step that follows its inputs (its SVG and HTML texts are escaped already)."""

    edition: str
    title: str
    narration: str
    picture: str
    positions: list[str]
    panels: list[RenderedPanel]
    chart: str | None
    fields: list[FormField]
    problems: list[str]
    action_error: str
    values: dict[str, Value]
    legend: list[tuple[str, str, str]]
    board_query: str = ""  # the step's board (with the reader's changes), for the board page
    first_error: str = ""  # the first field with a mistake (its message stands next to it)
    whole_picture: str | None = None  # the whole pitch, when the picture shows a part of it


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


def narration_html(text: str) -> str:
    """The narration's paragraphs, escaped; only <p> and <strong> are ours."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    return "".join("<p>" + _BOLD.sub(r"<strong>\1</strong>", escape(" ".join(p.split()))) + "</p>" for p in paragraphs)


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


def localized(texts: Mapping[str, str], lang: str, edition: str) -> str:
    """A scenario's text in the language, each [[skill:slug]] named as in that edition."""
    return phrases.with_skill_names(texts[lang], lang, edition)


def narration(scenario: Scenario, step: StepSpec, values: dict[str, Value], lang: str, mark: bool = False) -> str:
    """The step's text with the engine's values and the forms they choose (messages.py)."""
    edition = step.edition or scenario.ruleset
    return fill(localized(step.text, lang, edition), values, lang, edition, mark)


def step_result(scenario: Scenario, number: int, query: Mapping[str, str], lang: str) -> StepResult:
    """What step `number` shows for the query's inputs, in `lang` (numbers in that locale)."""
    with override(lang):
        return _step_result(scenario, number, query, lang)


def _step_result(scenario: Scenario, number: int, query: Mapping[str, str], lang: str) -> StepResult:
    step = scenario.step(number)
    computed = compute(scenario, step, query)
    ws, outcome = computed.ws, computed.outcome
    edition = step.edition or scenario.ruleset
    names = {pid: p.label(lang) for pid, p in ws.cast.items()}
    title = localized(step.title, lang, edition)
    fields = form_fields(computed)
    raw_query_values(fields, query)
    uid = f"{scenario.slug}-{number}"
    return StepResult(
        edition=edition,
        title=title,
        narration=narration_html(narration(scenario, step, outcome.values, lang)),
        picture=pictures.picture(ws, outcome, step, lang, title, uid),
        positions=pictures.positions_text(ws, lang, scenario.game == "dreadball"),
        panels=render_panels(outcome.panels, lang, edition, names),
        chart=pictures.chart(outcome, lang, edition, f"{uid}-chart"),
        fields=fields,
        problems=[p.message for p in computed.problems],
        action_error=computed.action_error,
        values=outcome.values,
        legend=pictures.legend(outcome, ws, edition, step),
        board_query=step_board_query(ws, edition),
        first_error=next((f.name for f in fields if f.error), ""),
        whole_picture=pictures.whole_picture(ws, outcome, step, lang, title, f"{uid}-whole"),
    )
