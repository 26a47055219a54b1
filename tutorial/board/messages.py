"""The board's problems in words: each CodeError key as a sentence in the active language (the
page shows it in the reader's language, the API in English)."""

from __future__ import annotations

from rulebook.notation import CHARACTERISTICS
from rulebook.portable.i18n import get_language, override
from rulebook.portable.i18n import gettext_lazy as _

from ..shared import phrases
from . import words
from .code import CodeError

MESSAGES = {
    "too_long": _("The position code is too long (at most %(limit)s characters)."),
    "version": _("This position code is of an unknown version (“%(version)s”); codes start with 1_."),
    "unreadable": _("The position code cannot be read near “%(near)s”."),
    "repeated_option": _("The position code gives the same setting twice (“%(item)s”)."),
    "bad_square": _("“%(text)s” is not a square: write a column letter a–z and a row 1–15, such as m8."),
    "off_pitch": _("Square %(square)s is off the pitch: columns run from a to z and rows from 1 to 15."),
    "stats_length": _("Player %(player)s: the characteristics need exactly %(count)s characters."),
    "rerolls": _("Team re-rolls must be from 0 to %(limit)s."),
    "number": _("Player %(player)s: shirt numbers run from 1 to %(limit)s."),
    "same_number": _("Team %(team)s has two players with number %(number)s."),
    "two_on_square": _("Two players on square %(square)s (%(first)s and %(second)s)."),
    "characteristic": _("Player %(player)s: %(name)s %(value)s is out of range (%(lo)s to %(hi)s)."),
    "unknown_skill": _("Player %(player)s: “%(skill)s” is not a skill of this edition."),
    "ball_on_fallen": _("The ball cannot lie on %(player)s, who is on the ground: it would have bounced away."),
    "too_many": _("Team %(team)s has more than %(limit)s players on the pitch."),
    "no_player": _("There is no player %(player)s on this board."),
    "square_taken": _("Square %(square)s is already taken."),
    "illegal_setup": _("Team %(team)s cannot be set up that way: %(reason)s."),
    "unknown_team": _("“%(value)s” is not a team of this edition."),
    "team_full": _("Team %(team)s already has %(limit)s players on the pitch."),
    "bad_value": _("%(field)s must be a whole number from %(lo)s to %(hi)s."),
    "unknown_positional": _(
        "“%(value)s” is not a positional of a team of this edition: choose one from the list of positionals."
    ),
    "loner_target": _("Player %(player)s: %(skill)s can only be %(targets)s in this edition."),
    "bad_choice": _("The form sent a value for “%(field)s” that is not one of its choices."),
}


# Form fields named in messages by the label the reader sees.
FIELD_LABELS = {
    "number": _("Number"),
    "ra": _("Team re-rolls of team A"),
    "rb": _("Team re-rolls of team B"),
    "team": _("Team"),
    "status": _("State"),
    "weather": _("Weather"),
    "do": _("Action"),
    "tool": _("Action"),
}


def message(error: CodeError, edition: str = "lrb6") -> str:
    """The error as a sentence in the active language; characteristics by the edition's
    abbreviation in that language (MO, FU… in Spanish classic)."""
    template = MESSAGES.get(error.key)
    if template is None:
        return str(_("This position is not possible."))
    params = dict(error.params)
    if error.key == "illegal_setup":
        params["reason"] = phrases.outcome(str(params["reason"]), get_language() or "en", edition)
    if error.key == "loner_target":
        params["skill"] = words.loner_name(edition, get_language() or "en")
    for key in ("name", "field"):
        value = params.get(key)
        if isinstance(value, str) and value in CHARACTERISTICS:
            params[key] = words.characteristic(edition, get_language() or "en", value)[0]
        elif isinstance(value, str) and value in FIELD_LABELS:
            params[key] = str(FIELD_LABELS[value])
    return str(template) % params


def english(error: CodeError, edition: str = "lrb6") -> str:
    with override("en"):
        return message(error, edition)
