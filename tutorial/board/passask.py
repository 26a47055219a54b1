"""The pass question a tap on a team-mate asks when a hand-off cannot reach him (or when the coach
asks for a pass): the engine answers it (rulebook.engine.ask_pass: the band, the pass roll, the
interceptors, the catch, the whole pass's chance); this module words it in the reader's language."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rulebook import notation
from rulebook.engine import PassAnswer, Weather, ask_pass, get_edition
from rulebook.portable.i18n import gettext as _

from ..shared import phrases
from ..shared.values import Frac, Pct
from .answers import CACHE_SIZE, engine_board
from .code import Cell, Position, square_name
from .oddslink import pass_sequence
from .panels import cap, route_rolls

OUTCOMES = ("accurate", "inaccurate", "fumble")  # the pass roll's results, one roll


@lru_cache(maxsize=CACHE_SIZE)
def asked_pass(position: Position, player_id: str, target: Cell) -> PassAnswer | None:
    other = position.at(target)
    if other is None or position.piece(player_id) is None:
        return None
    board = engine_board(position)
    rerolls = position.team_rerolls(board.player(player_id).team)
    return ask_pass(get_edition(position.edition), board, player_id, other.id, rerolls, Weather(position.weather))


def _problem(key: str) -> str:
    return {
        "action_stunned": _("A stunned player cannot act this turn."),
        "action_catcher_down": _("A team-mate on the ground cannot catch a pass."),
        "pass_out_of_range": _("He is out of passing range from where he stands."),
        "pass_thrower_down": _("A player on the ground cannot pass."),
        "pass_cannot_throw": _("He may not take a pass action."),
    }.get(key, _("He cannot do this on this player."))


def heading(found: PassAnswer, lang: str, edition: str) -> str:
    return phrases.heading("action_pass", lang, edition, player=found.other)


def pass_panel(position: Position, player_id: str, target: Cell, lang: str) -> dict[str, Any] | None:
    found = asked_pass(position, player_id, target)
    if found is None:
        return None
    edition = position.edition
    panel: dict[str, Any] = {"kind": "pass", "heading": heading(found, lang, edition)}
    if found.problem or found.pass_roll is None:
        panel["problem"] = _problem(found.problem)
        return panel
    panel["success"] = _("Accurate, not intercepted and caught: %(chance)s (%(fraction)s)") % {
        "chance": Pct(found.success).format(lang),
        "fraction": Frac(found.success).format(lang),
    }
    panel["band"] = _("%(band)s, thrown from where he stands.") % {
        "band": cap(phrases.phrase(found.band, lang, edition))
    }
    rolls = route_rolls(edition, lang, (found.pass_roll,))
    rolls[0]["kind"] = phrases.heading("pass", lang, edition)  # "Pass roll" (the route's word "pass" means passed)
    panel["rolls"] = rolls
    panel["outcomes"] = [
        (cap(phrases.outcome(key, lang, edition)), Pct(p).format(lang), Frac(p).format(lang))
        for key, p in zip(OUTCOMES, (found.accurate, found.inaccurate, found.fumble), strict=True)
    ]
    panel["with_rerolls"] = Pct(found.accurate_with_rerolls).format(lang)
    panel["interceptors"] = [
        {
            "player": i.player,
            "square": _square_of(position, i.player),
            "target": notation.target(i.target),
            "chance": Pct(i.chance).format(lang),
        }
        for i in found.interceptors
    ]
    panel["catch"] = _("Catch by %(player)s: %(target)s (%(chance)s on one roll).") % {
        "player": found.other,
        "target": notation.target(found.catch_target),
        "chance": Pct(found.catch_alone).format(lang),
    }
    sequence = pass_sequence(position, found)
    panel["odds_code"] = sequence.code() if sequence is not None else ""
    piece = position.piece(player_id)
    panel["holds_ball"] = piece is not None and position.ball == piece.square
    panel["caught"] = Pct(found.caught).format(lang)
    panel["catcher"] = found.other
    return panel


def _square_of(position: Position, piece_id: str) -> str:
    piece = position.piece(piece_id)
    return square_name(piece.square) if piece is not None else ""


def pass_status(position: Position, player_id: str, target: Cell, lang: str) -> str:
    """The one-line answer read out when the pass is asked."""
    found = asked_pass(position, player_id, target)
    if found is None:
        return ""
    said = heading(found, lang, position.edition)
    if found.problem:
        return _("%(action)s: %(problem)s") % {"action": said, "problem": _problem(found.problem)}
    return _("%(action)s: %(chance)s, thrown from where he stands.") % {
        "action": said,
        "chance": Pct(found.success).format(lang),
    }
