"""Inputs and helpers several Blood Bowl step kinds share: skill checkboxes, characteristics,
the team re-roll and weather switches."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _

from rulebook.engine import movement

from .base import Field
from .workspace import Workspace


def skill_field(name: str, slug: str) -> Field:
    """A checkbox for a skill; its label is the skill's name in the reader's language."""
    return Field(name, ("skill", slug), "bool")


def ag_field(ws: Workspace, name: str = "ag", label: Any = None) -> Field:
    return Field(name, label or _("Agility (AG)"), "int", 1, 6)


TEAM_REROLL = Field("team_reroll", _("A team re-roll is available"), "bool")
RAIN = Field("rain", _("Pouring rain"), "bool")
BLIZZARD = Field("blizzard", _("Blizzard"), "bool")


def team_rerolls(values: dict[str, Any]) -> int:
    return 1 if values.get("team_reroll", True) else 0


def apply_skills(ws: Workspace, player_id: str, values: dict[str, Any], toggles: dict[str, str]) -> None:
    for field_name, slug in toggles.items():
        if field_name in values:
            ws.set_skill(player_id, slug, bool(values[field_name]))


def has(ws: Workspace, player_id: str, slug: str) -> bool:
    return slug in ws.spec(player_id).skills


def sq(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


def probability_without_rerolls(rolls: list[movement.Roll]) -> Fraction:
    result = Fraction(1)
    for roll in rolls:
        result *= roll.probability
    return result
