"""The contract every kind of tutorial step implements, and what a step's computation returns.

An action kind is three functions: fields (the try-it inputs it understands), defaults (their
values read from the board) and run (apply the inputs, call the engine, return an Outcome). The
engine computes every number; an action only sets up the board and collects the answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rulebook.engine import Explanation

from ..shared.diagrams import Marks
from ..shared.values import Value

if TYPE_CHECKING:
    from .workspace import Workspace


@dataclass(frozen=True)
class Field:
    """One input of the try-it form. kind: "int", "bool" or "choice"."""

    name: str
    # a lazy translation, or ("skill", slug) / ("defender-skill", slug) / ("text", {lang: text}) /
    # ("phrase", key): a phrase of phrases.toml, in the step's edition / ("player", id, "%(player)s: …")
    label: Any
    kind: str = "int"
    lo: int = 0
    hi: int = 0
    choices: tuple[tuple[str, Any], ...] = ()
    hint: Any = ""  # shown under a choice (an int field shows its range)


@dataclass
class ExplanationPanel:
    """An engine explanation shown line by line under a heading (a phrase key plus params)."""

    heading: str
    explanation: Explanation | None = None
    lines: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (phrase key, params)
    heading_params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    values: dict[str, Value] = field(default_factory=dict)
    panels: list[ExplanationPanel] = field(default_factory=list)
    marks: Marks = field(default_factory=Marks)
    chart: list[tuple[Value, Fraction]] = field(default_factory=list)
    chart_title: str = ""  # a phrase key
    budget: list[tuple[Value, int]] = field(default_factory=list)  # team building: what the gold buys
    budget_total: int = 0


class ActionError(ValueError):
    """The board and the inputs make the action impossible (e.g. a path too long for the MA).

    `key` is a message key (see inputs.ACTION_MESSAGES) shown inline in the reader's language."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class ActionKind:
    name: str
    fields: Callable[[Workspace], list[Field]]
    defaults: Callable[[Workspace], dict[str, Any]]
    run: Callable[[Workspace, dict[str, Any]], Outcome]
    default_inputs: tuple[str, ...] = ()


def no_fields(ws: Workspace) -> list[Field]:
    return []


def no_defaults(ws: Workspace) -> dict[str, Any]:
    return {}


def none_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    """A step that only shows the board (its tackle zones, optionally)."""
    return Outcome(marks=Marks(zones_against=ws.action.get("zones_against")))


NONE = ActionKind("none", no_fields, no_defaults, none_run)
