"""Computing a tutorial step: the engine's answer for the step's board with the reader's inputs
(defaults when an input is invalid), and the same action under another edition when the step
compares them. Presenting the answer is presenting.py's job."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rulebook.engine import get_edition
from rulebook.portable import content
from rulebook.portable.i18n import get_language
from rulebook.portable.i18n import gettext as _

from . import inputs
from .actions import KINDS
from .actions.base import ActionError, ActionKind, Field, Outcome
from .actions.workspace import Workspace
from .shared import phrases
from .shared.explaining import capitalised
from .shared.scenario import Scenario, StepSpec
from .shared.values import Flag, Value, plain


def workspace_for(scenario: Scenario, step: StepSpec, edition: str | None = None) -> Workspace:
    return Workspace(
        scenario=scenario,
        edition_key=edition or step.edition or scenario.ruleset,
        cast=dict(scenario.cast_at(step.number)),
        action=dict(step.action),
        ball=scenario.ball_at(step.number),
    )


def chosen_fields(kind: ActionKind, ws: Workspace, step: StepSpec) -> list[Field]:
    available = {f.name: f for f in kind.fields(ws)}
    names = step.inputs if step.inputs is not None else kind.default_inputs
    return [available[n] for n in names if n in available]


def query_names(scenario: Scenario, step: StepSpec) -> tuple[str, ...]:
    """The query parameters the step reads: its try-it inputs and the form's `try` marker."""
    kind = KINDS[step.action.get("kind", "none")]
    return (*(f.name for f in chosen_fields(kind, workspace_for(scenario, step), step)), "try")


SKILL_LABELS = ("skill", "defender-skill")


def skill_slugs(labels: list[Any]) -> list[str]:
    """The skills a form's labels name (("skill", slug) and ("defender-skill", slug))."""
    return [label[1] for label in labels if isinstance(label, tuple) and label[0] in SKILL_LABELS]


def field_label(
    label: Any, lang: str, skill_names: dict[str, str], player_names: dict[str, str], edition: str | None = None
) -> str:
    """A try-it field's label in the reader's language (see Field.label for its forms)."""
    if isinstance(label, tuple):
        kind, payload = label[0], label[1]
        if kind == "text":
            return str(payload.get(lang) or payload.get("en", ""))
        if kind == "phrase":
            return phrases.phrase(payload, lang, edition)
        if kind == "player":  # ("player", id, "%(player)s: …")
            return capitalised(str(label[2]) % {"player": player_names.get(payload, payload)})
        name = skill_names[payload]
        return _("Opponent has %(skill)s") % {"skill": name} if kind == "defender-skill" else name
    return str(label)


def form_labels(fields: list[Field], ws: Workspace, edition: str, lang: str) -> dict[str, str]:
    """Every field's label as the form shows it (skill names from the edition's list, read once per
    content version), so that a message about a field names it the same way."""
    names = content.skill_names(edition, skill_slugs([f.label for f in fields]), lang)
    players = {pid: p.label(lang) for pid, p in ws.cast.items()}
    return {f.name: field_label(f.label, lang, names, players, edition) for f in fields}


@dataclass
class Computed:
    ws: Workspace
    outcome: Outcome
    fields: list[Field]
    values: dict[str, Any]
    problems: list[inputs.Problem]
    action_error: str
    labels: dict[str, str]  # each field's label in the reader's language


def compute(scenario: Scenario, step: StepSpec, query: Mapping[str, str]) -> Computed:
    """The engine's answer for the step with the reader's inputs (defaults when invalid)."""
    kind = KINDS[step.action.get("kind", "none")]
    ws = workspace_for(scenario, step)
    fields = chosen_fields(kind, ws, step)
    defaults = kind.defaults(ws)
    lang = get_language() or "en"
    labels = form_labels(fields, ws, step.edition or scenario.ruleset, lang)
    values, problems = inputs.parse(fields, query, defaults, labels)
    action_error = ""
    try:
        outcome = kind.run(ws, values if not problems else defaults)
    except ActionError as error:
        action_error = inputs.action_message(error.key, error.params)
        ws = workspace_for(scenario, step)
        outcome = kind.run(ws, defaults)
    compare = step.action.get("compare")
    if compare:
        other = _compared(scenario, step, kind, compare, values if not problems else defaults)
        outcome.values.update(other)
        # whether the two editions give the same answer, for sentences that say so
        outcome.values.update(
            {
                f"same_{name}": Flag(plain(value) == plain(outcome.values[name]))
                for name, value in ((k.removeprefix("other_"), v) for k, v in other.items())
                if name in outcome.values
            }
        )
    return Computed(ws, outcome, fields, values, problems, action_error, labels)


def _compared(
    scenario: Scenario, step: StepSpec, kind: ActionKind, edition: str, values: dict[str, Any]
) -> dict[str, Value]:
    """The same action under another edition, as other_* values: every player's characteristics
    (and the reader's AG and AV inputs) are read in that edition's notation by the engine."""
    ws = workspace_for(scenario, step, edition)
    target, source = get_edition(edition), get_edition(step.edition or scenario.ruleset)
    for pid, spec in ws.cast.items():
        ws.cast[pid] = replace(spec, ag=target.convert_ag(spec.ag, source), av=target.convert_av(spec.av, source))
    other = dict(kind.defaults(ws))
    other.update({k: v for k, v in values.items() if k not in ("ag", "av")})
    if "ag" in values:
        other["ag"] = target.convert_ag(int(values["ag"]), source)
    if "av" in values:
        other["av"] = target.convert_av(int(values["av"]), source)
    try:
        outcome = kind.run(ws, other)
    except ActionError:
        return {}
    return {f"other_{k}": v for k, v in outcome.values.items()}
