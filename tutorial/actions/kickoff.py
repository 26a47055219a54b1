"""Before the drive: set-up legality, where the kick-off lands, the kick-off table, fans and FAME."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulebook.engine import (
    MAX_PER_WIDE_ZONE,
    MAX_PLAYERS_ON_PITCH,
    MIN_ON_LINE_OF_SCRIMMAGE,
    PITCH_WIDTH,
    WIDE_ZONE_WIDTH,
    Side,
    Square,
    fame_distribution,
    fans_distribution,
    kick_landing_distribution,
    kickoff_distribution,
    line_of_scrimmage_x,
    on_line_of_scrimmage,
    setup_violations,
    touchback_probability,
    two_d6,
    wide_zone,
)
from rulebook.portable.i18n import gettext_lazy as _

from ..shared.values import Frac, Num, Pct, Word
from .base import ActionKind, ExplanationPanel, Field, Marks, Outcome
from .common import (
    COLUMN_CHOICES,
    chosen_square,
    sq,
    square_defaults,
    square_value,
)
from .workspace import Workspace


def setup_fields(ws: Workspace) -> list[Field]:
    return [
        Field("los", ("phrase", "setup_los"), "int", 0, 7),
        Field("top", ("phrase", "setup_top"), "int", 0, 8),
        Field("bottom", ("phrase", "setup_bottom"), "int", 0, 8),
        Field("back", _("Other players in the centre"), "int", 0, 11),
    ]


def _team_side(ws: Workspace, team: str) -> Side:
    return Side(ws.scenario.teams[team].side)


def setup_defaults(ws: Workspace) -> dict[str, Any]:
    team = ws.action["team"]
    side = _team_side(ws, team)
    placed = [Square(*p.square) for p in ws.cast.values() if p.team == team and p.square]
    los = sum(1 for s in placed if on_line_of_scrimmage(s, side))
    top = sum(1 for s in placed if wide_zone(s) == "top")
    bottom = sum(1 for s in placed if wide_zone(s) == "bottom")
    return {"los": los, "top": top, "bottom": bottom, "back": len(placed) - los - top - bottom}


def _generated_setup(ws: Workspace, team: str, side: Side, values: dict[str, Any]) -> None:
    """Replace the team's players by a set-up with the requested counts (own half only)."""
    template = next(p for p in ws.cast.values() if p.team == team)
    for p in [p for p in ws.cast.values() if p.team == team]:
        ws.remove(p.id)
    los_x = line_of_scrimmage_x(side)
    step = -1 if side is Side.LEFT else 1
    centre = [(los_x, y) for y in (7, 6, 8, 5, 9, 4, 10)]
    behind = [(los_x + step * d, y) for d in (2, 4, 6, 8) for y in (7, 5, 9, 6, 8, 4, 10)]
    top = [(los_x + step * d, y) for d in (1, 3, 5, 7) for y in (1, 2)]
    bottom = [(los_x + step * d, PITCH_WIDTH - 1 - y) for d in (1, 3, 5, 7) for y in (2, 1)]  # the mirror of top
    squares = centre[: values["los"]] + top[: values["top"]] + bottom[: values["bottom"]] + behind[: values["back"]]
    for number, square in enumerate(squares, start=1):
        ws.cast[f"setup{number}"] = template.__class__(
            **{**template.__dict__, "id": f"setup{number}", "number": number, "name": "", "square": square}
        )


def setup_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    team = ws.action["team"]
    side = _team_side(ws, team)
    if values != setup_defaults(ws):
        _generated_setup(ws, team, side, values)
    players = [p for p in ws.board().players if p.team == team]
    violations = setup_violations(players, side)
    outcome = Outcome(
        values={
            "players": Num(len(players)),
            "los": Num(values["los"]),
            "violations": Num(len(violations)),
            "verdict": Word("legal" if not violations else "illegal"),
            "top": Num(values["top"]),
            "bottom": Num(values["bottom"]),
            "max_players": Num(MAX_PLAYERS_ON_PITCH),
            "min_los": Num(MIN_ON_LINE_OF_SCRIMMAGE),
            "max_wide": Num(MAX_PER_WIDE_ZONE),
            "wide_width": Num(WIDE_ZONE_WIDTH),
        }
    )
    lines = [(v.reason, dict(v.params)) for v in violations] or [("setup_legal", {})]
    outcome.panels = [ExplanationPanel("setup", None, lines)]
    los_x = line_of_scrimmage_x(side)
    outcome.marks = Marks(highlight=[(los_x, y) for y in range(4, 11)])
    return outcome


def kick_fields(ws: Workspace) -> list[Field]:
    return [
        Field("x", _("Target square: column (a–z)"), "choice", choices=COLUMN_CHOICES),
        Field("y", _("Target square: row (1–15)"), "int", 1, PITCH_WIDTH),
    ]


def kick_defaults(ws: Workspace) -> dict[str, Any]:
    return square_defaults(sq(ws.action["target"]))


def kick_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    receiving = Side(ws.action.get("receiving", "right"))
    target = chosen_square(values)
    landing = kick_landing_distribution(target)
    touchback = touchback_probability(target, receiving)
    heat: dict[tuple[int, int], Fraction] = {}
    for square, p in landing.items():
        if square.on_pitch():
            heat[(square.x, square.y)] = heat.get((square.x, square.y), Fraction(0)) + p
    table = kickoff_distribution(ws.edition)
    on_pitch = sorted(set(heat.values()))
    rows = {row.key: row for row in ws.edition.kickoff_table}
    outcome = Outcome(
        values={
            "touchback": Pct(touchback),
            "in_half": Pct(1 - touchback),
            "square": square_value(target),
            "cells": Num(len(heat)),
            "each": Pct(on_pitch[-1] if on_pitch else Fraction(0)),
            "rarest": Frac(min(p for _total, p in two_d6().items())),
            **{f"{key}_roll": Num(row.lo) for key, row in rows.items() if row.lo == row.hi},
            "blitz": Pct(table["blitz"]),
            "high_kick": Pct(table["high_kick"]),
            "riot": Pct(table["riot"]),
            "pitch_invasion": Pct(table["pitch_invasion"]),
            "weather": Pct(table["changing_weather"]),
        }
    )
    outcome.panels = [
        ExplanationPanel(
            "kick",
            None,
            [("kick_in_half", {"value": Pct(1 - touchback)}), ("kick_touchback", {"value": Pct(touchback)})],
        )
    ]
    outcome.chart = [(Word(row.key), table[row.key]) for row in ws.edition.kickoff_table]
    outcome.chart_title = "kick_off_table"
    outcome.marks = Marks(heat=heat, highlight=[(target.x, target.y)])
    ws.ball = [target.x, target.y]
    return outcome


def fame_fields(ws: Workspace) -> list[Field]:
    return [Field("ff", _("Your fan factor"), "int", 0, 20), Field("opp_ff", _("Opponent's fan factor"), "int", 0, 20)]


def fame_defaults(ws: Workspace) -> dict[str, Any]:
    return {"ff": int(ws.action.get("fan_factor", 1)), "opp_ff": int(ws.action.get("opponent_fan_factor", 1))}


def fame_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    joint = fame_distribution(ws.edition, values["ff"], values["opp_ff"])
    mine = joint.map(lambda pair: pair[0])
    fans = fans_distribution(ws.edition, values["ff"])
    outcome = Outcome(
        values={
            "fame0": Pct(mine[0]),
            "fame1": Pct(mine[1]),
            "fame2": Pct(mine[2]),
            "ff": Num(values["ff"]),
            "opp_ff": Num(values["opp_ff"]),
            "fans_min": Num(min(fans)),
            "fans_max": Num(max(fans)),
            "fans_mean": Num(round(float(fans.expected(lambda n: n)))),
            "multiplier": Num(ws.edition.fans_multiplier),
            "fame_0": Word("fame_0"),
            "fame_1": Word("fame_1"),
            "fame_2": Word("fame_2"),
        }
    )
    outcome.chart = [(Word(f"fame_{k}"), mine[k]) for k in (0, 1, 2)]
    outcome.chart_title = "fame"
    return outcome


KINDS = (
    ActionKind("setup", setup_fields, setup_defaults, setup_run, ("los", "top", "bottom", "back")),
    ActionKind("kick", kick_fields, kick_defaults, kick_run, ("x", "y")),
    ActionKind("fame", fame_fields, fame_defaults, fame_run, ("ff", "opp_ff")),
)
