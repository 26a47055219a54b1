"""Inputs and helpers several Blood Bowl step kinds share: skill checkboxes, characteristics,
the team re-roll and weather switches."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulebook.engine import Explanation, Roll, Square, d6_passes, target_explanation
from rulebook.portable.i18n import gettext_lazy as _

from ..shared.diagrams import COLUMNS, square_label
from ..shared.values import Flag, Num, Signed, Target, Text, Value
from .base import Field
from .workspace import Workspace

# The modifiers that count opposing tackle zones (or players marking, in 2025) on a square.
ZONE_REASONS = frozenset(
    {
        "tackle_zones_on_destination",
        "marked_on_destination",
        "tackle_zones_on_player",
        "marked_by_players",
    }
)


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


# A square chosen in the form as the board names it: the column's letter, then the row's number.
COLUMN_CHOICES = tuple((letter, letter) for letter in COLUMNS)


def square_defaults(cell: tuple[int, int]) -> dict[str, Any]:
    return {"x": COLUMNS[cell[0]], "y": cell[1] + 1}


def chosen_square(values: dict[str, Any]) -> Square:
    return Square(COLUMNS.index(str(values["x"])), int(values["y"]) - 1)


def square_value(square: Square) -> Text:
    """ "q4" in every language (a square's name is the same in all of them)."""
    return Text((("en", square_label((square.x, square.y))),))


def probability_without_rerolls(rolls: list[Roll]) -> Fraction:
    result = Fraction(1)
    for roll in rolls:
        result *= roll.probability
    return result


def modifier_total(expl: Explanation, *reasons: str) -> int:
    """The sum of an explanation's modifiers with these reason keys."""
    return sum(m.value for m in expl.modifiers if m.reason in reasons)


def roll_values(expl: Explanation) -> dict[str, Value]:
    """What a narration says about one D6 test, all read from the engine's explanation: the
    base roll, the bonus the kind of roll gives, the zones' penalty, the target, and the
    target the same test would need with no opposing tackle zone on the square."""
    bonus = sum(m.value for m in expl.modifiers if m.value > 0)
    free = target_explanation(
        expl.base, expl.base_reason, [m for m in expl.modifiers if m.reason not in ZONE_REASONS], expl.base_params
    )
    return {
        "base": Target(int(expl.base)),
        "bonus": Signed(bonus),
        "zone_penalty": Signed(modifier_total(expl, *ZONE_REASONS)),
        "free_target": Target(int(free.result)),
        "ignored": Flag(any(m.reason.endswith("_ignores") or "ignores" in m.reason for m in expl.modifiers)),
    }


def flags(values: dict[str, Any], *names: str) -> dict[str, Value]:
    """The try-it switches the narration chooses its words by, as yes/no values."""
    return {name: Flag(bool(values.get(name))) for name in names if name in values}


def story_dice(ws: Workspace, target: int) -> dict[str, Value]:
    """The dice the story says were rolled (the step's `dice = [4, 5]`), each with whether it
    passes the target the engine gives for the reader's inputs: die1, die1_passes, die2, …"""
    found: dict[str, Value] = {}
    for number, roll in enumerate(ws.action.get("dice", ()), start=1):
        found[f"die{number}"] = Num(int(roll))
        found[f"die{number}_passes"] = Flag(d6_passes(int(roll), target))
    return found
