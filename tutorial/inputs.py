"""Reading the try-it form: query parameters → validated values, or messages for the reader.

Nothing the reader types reaches the engine unchecked: a letter, AG 9 or −3 tackle zones
becomes an inline message in the reader's language (the page still answers 200).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.portable.i18n import gettext as _
from rulebook.portable.queries import MAX_NUMBER_DIGITS, QueryError, parse_int, query_text

from .actions.base import Field

MAX_INPUT_LENGTH = 12
ANY_NUMBER = 10**MAX_NUMBER_DIGITS  # the range check below names the field's own bounds


@dataclass(frozen=True)
class Problem:
    field: str
    message: str


def parse(
    fields: list[Field], query: Mapping[str, str], defaults: dict[str, Any], labels: Mapping[str, str] | None = None
) -> tuple[dict[str, Any], list[Problem]]:
    """Values for every field (the default when absent) and the problems found (each message
    names the field by `labels`, the labels the form shows, or the field's own label).

    Checkboxes: an unticked box sends nothing, so once the form has been submitted
    (the hidden `try` parameter) a missing box means False."""
    submitted = "try" in query
    values = dict(defaults)
    problems: list[Problem] = []
    for spec in fields:
        label = (labels or {}).get(spec.name) or str(spec.label)
        raw = query.get(spec.name)
        if spec.kind == "bool":
            if raw is not None or submitted:
                values[spec.name] = raw in ("1", "on", "true", "yes")
            continue
        if raw is None:
            continue
        raw = query_text(query, spec.name, MAX_INPUT_LENGTH)
        if spec.kind == "choice":
            allowed = [value for value, _label in spec.choices]
            if raw in allowed:
                values[spec.name] = raw
            else:
                problems.append(
                    Problem(
                        spec.name,
                        _("“%(value)s” is not one of the choices for %(label)s.") % {"value": raw, "label": label},
                    )
                )
            continue
        try:
            number = parse_int(raw, -ANY_NUMBER, ANY_NUMBER, spec.name)
        except QueryError:
            problems.append(
                Problem(spec.name, _("%(label)s: “%(value)s” is not a whole number.") % {"label": label, "value": raw})
            )
            continue
        if not spec.lo <= number <= spec.hi:
            problems.append(
                Problem(
                    spec.name,
                    _("%(label)s must be between %(lo)s and %(hi)s (you gave %(value)s).")
                    % {"label": label, "lo": spec.lo, "hi": spec.hi, "value": number},
                )
            )
            continue
        values[spec.name] = number
    return values, problems


def action_message(key: str, params: dict[str, Any]) -> str:
    """The reader's message for an ActionError key (a board the rules do not allow)."""
    messages = {
        "illegal_path": _(
            "The player cannot make this move: the path is longer than his movement plus the extra squares he may attempt, or it crosses an occupied square."
        ),
        "out_of_range": _("The target square is out of passing range."),
        "no_room": _("There is no free square left around the player for that many players."),
        "missing_player": _("This step needs a player who is not on the pitch."),
        "not_adjacent": _("The two players must stand next to each other."),
        "off_board": _("That hex is not on the board."),
        "no_route": _("There is no route to that hex."),
        "bad_steps": _("The sequence could not be read."),
    }
    return messages.get(key, _("These inputs are not possible."))
