"""The question a tap on another player asks (issue 25): the chosen player blitzes a standing
opponent, fouls an opponent on the ground, hands the ball to a team-mate, or passes it to one he
cannot reach for a hand-off (or when the coach asks for a pass: passask.py). The engine answers it
(rulebook.engine.ask_action: every square he can make it from, the best first); this module only
picks the question from the position and words the answer in the reader's language."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rulebook.engine import ActionAnswer, Weather, ask_action, get_edition
from rulebook.portable.i18n import gettext as _

from ..shared import phrases
from ..shared.values import Frac, Pct
from .answers import CACHE_SIZE, engine_board
from .code import Cell, Position, square_name
from .oddslink import action_sequence
from .panels import cap, route_rolls
from .passask import pass_panel, pass_status

SHOWN_SQUARES = 3  # the best square and the next two, so a coach sees what the choice costs


def action_kind(position: Position, player_id: str, target: Cell | None, ask: str = "") -> str:
    """blitz, foul, handoff or pass when `target` holds another player, else ''. A team-mate gets
    the kind the coach asked for (`ask`), else a hand-off, or a pass when no hand-off reaches him."""
    chosen, other = position.piece(player_id), position.at(target) if target is not None else None
    if chosen is None or other is None or target is None or other.id == chosen.id:
        return ""
    if other.team != chosen.team:
        return "blitz" if other.status == "standing" else "foul"
    if ask in ("pass", "handoff"):
        return ask
    handoff = asked(position, player_id, target, "handoff")
    return "pass" if handoff is not None and handoff.problem == "action_out_of_reach" else "handoff"


@lru_cache(maxsize=CACHE_SIZE)
def asked(position: Position, player_id: str, target: Cell, kind: str) -> ActionAnswer | None:
    other = position.at(target)
    if other is None or position.piece(player_id) is None:
        return None
    board = engine_board(position)
    rerolls = position.team_rerolls(board.player(player_id).team)
    weather = Weather(position.weather)
    return ask_action(get_edition(position.edition), board, kind, player_id, other.id, rerolls, weather)


def best_path(position: Position, player_id: str, target: Cell | None, ask: str = "") -> tuple[Cell, ...]:
    """The squares walked to the best square of the action asked by tapping `target` (none: no
    action, a pass, or made from where he stands)."""
    kind = action_kind(position, player_id, target, ask)
    found = asked(position, player_id, target, kind) if target is not None and kind not in ("", "pass") else None
    if found is None or found.best is None:
        return ()
    return tuple((s.x, s.y) for s in found.best.path)


def _problem(key: str) -> str:
    return {
        "action_stunned": _("A stunned player cannot act this turn."),
        "action_catcher_down": _("A team-mate on the ground cannot take a hand-off."),
        "action_out_of_reach": _("He cannot get next to him this turn."),
    }.get(key, _("He cannot do this on this player."))


def _heading(kind: str, other: str, lang: str, edition: str) -> str:
    """ "Blitz on B1": a phrase with an edition form, since the action's name differs by edition
    (Spanish classic "Penetración", 2025 "Blitz")."""
    return phrases.heading(f"action_{kind}", lang, edition, player=other)


def _success(kind: str) -> str:
    if kind == "blitz":
        return _("He reaches a square next to him and knocks him down: %(chance)s (%(fraction)s)")
    if kind == "foul":
        return _("He reaches a square next to him and breaks his armour: %(chance)s (%(fraction)s)")
    return _("He reaches a square next to him and the ball is caught: %(chance)s (%(fraction)s)")


def _outcome_name(key: str, lang: str, edition: str) -> str:
    names = {"caught": _("caught"), "dropped": _("dropped")}
    return cap(names[key] if key in names else phrases.outcome(key, lang, edition))


def action_panel(
    position: Position, player_id: str, target: Cell | None, lang: str, ask: str = ""
) -> dict[str, Any] | None:
    kind = action_kind(position, player_id, target, ask)
    if target is None or not kind:
        return None
    if kind == "pass":
        return pass_panel(position, player_id, target, lang)
    found = asked(position, player_id, target, kind)
    if found is None:
        return None
    edition = position.edition
    panel: dict[str, Any] = {"kind": found.kind, "heading": _heading(found.kind, found.other, lang, edition)}
    best = found.best
    if best is None:
        panel["problem"] = _problem(found.problem)
        return panel
    panel["success"] = _success(found.kind) % {
        "chance": Pct(best.success).format(lang),
        "fraction": Frac(best.success).format(lang),
    }
    panel["square"] = square_name((best.square.x, best.square.y))
    panel["path"] = " → ".join(square_name((s.x, s.y)) for s in best.path)
    panel["reach"] = Pct(best.reach).format(lang)
    panel["rolls"] = route_rolls(edition, lang, best.rolls)
    panel["outcomes"] = [
        (_outcome_name(key, lang, edition), Pct(p).format(lang), Frac(p).format(lang)) for key, p in best.outcomes
    ]
    sequence = action_sequence(position, found.kind, player_id, found.other, best)
    panel["odds_code"] = sequence.code() if sequence is not None else ""
    panel["others"] = [
        (square_name((a.square.x, a.square.y)), Pct(a.success).format(lang)) for a in found.squares[1:SHOWN_SQUARES]
    ]
    return panel


def action_status(position: Position, player_id: str, target: Cell | None, lang: str, ask: str = "") -> str:
    """The one-line answer read out when the question is asked."""
    kind = action_kind(position, player_id, target, ask)
    if target is None or not kind:
        return ""
    if kind == "pass":
        return pass_status(position, player_id, target, lang)
    found = asked(position, player_id, target, kind)
    if found is None:
        return ""
    heading = _heading(found.kind, found.other, lang, position.edition)
    if found.best is None:
        return _("%(action)s: %(problem)s") % {"action": heading, "problem": _problem(found.problem)}
    return _("%(action)s: %(chance)s, best from %(square)s.") % {
        "action": heading,
        "chance": Pct(found.best.success).format(lang),
        "square": square_name((found.best.square.x, found.best.square.y)),
    }
