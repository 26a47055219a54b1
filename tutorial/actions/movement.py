"""Moving: dodges, going for it (rush), standing up, and the reach map of a player."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulebook.engine import Board, Player, Square, Weather, path_probability, reach_map
from rulebook.portable.i18n import gettext_lazy as _

from ..shared.values import Flag, Num, Pct, Target, Word
from .base import ActionError, ActionKind, ExplanationPanel, Field, Marks, Outcome
from .common import (
    BLIZZARD,
    TEAM_REROLL,
    ag_field,
    apply_skills,
    probability_without_rerolls,
    roll_values,
    skill_field,
    sq,
    story_dice,
    team_rerolls,
)
from .workspace import Workspace, adjacent, set_marking_count, square_of

MOVE_SKILLS = {
    "skill_dodge": "dodge",
    "skill_stunty": "stunty",
    "skill_sure_feet": "sure-feet",
    "skill_sprint": "sprint",
    "skill_loner": "loner",
    "skill_pro": "pro",
    "skill_break_tackle": "break-tackle",
}


def move_fields(ws: Workspace) -> list[Field]:
    return [
        ag_field(ws),
        Field("ma", _("Movement (MA)"), "int", 1, 9),
        Field("tz", ("phrase", "tz_destination"), "int", 0, 7),
        *(skill_field(name, slug) for name, slug in MOVE_SKILLS.items()),
        Field("marker_tackle", ("phrase", "marker_tackle"), "bool"),
        TEAM_REROLL,
        BLIZZARD,
    ]


def _first_dodge(ws: Workspace, path: list[tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(start, destination) of the first step that leaves a tackle zone."""
    mover = ws.spec(ws.action["player"])
    here = mover.square
    board = ws.board()
    for step in path:
        if here and board.tackle_zones(Square(*here), mover.team, exclude=mover.id):
            return here, step
        here = step
    return None


def move_defaults(ws: Workspace) -> dict[str, Any]:
    pid = ws.action["player"]
    spec = ws.spec(pid)
    path = [sq(s) for s in ws.action["path"]]
    dodge = _first_dodge(ws, path)
    board = ws.board()
    values: dict[str, Any] = {
        "ag": spec.ag,
        "ma": spec.ma,
        "team_reroll": ws.action.get("team_rerolls", 1) > 0,
        "blizzard": ws.action.get("weather") == "blizzard",
    }
    values.update({name: slug in spec.skills for name, slug in MOVE_SKILLS.items()})
    values["tz"] = board.tackle_zones(Square(*dodge[1]), spec.team, exclude=pid) if dodge else 0
    values["marker_tackle"] = dodge is not None and any(
        p.has("tackle") for p in board.tacklers(Square(*dodge[0]), spec.team)
    )
    return values


def _reach(ws: Workspace, player: Player, board: Board, path: list[Square], rerolls: int, weather: Weather) -> Fraction:
    """The chance of standing on the last square: a path onto the loose ball ends with its pick-up,
    which a step may tell apart (the dodge is this step, the pick-up the next)."""
    loose = Board(board.players, None) if board.ball == path[-1] else board
    return path_probability(ws.edition, player, loose, path, team_rerolls=rerolls, weather=weather).probability


def move_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    pid = ws.action["player"]
    path = [sq(s) for s in ws.action["path"]]
    ws.update(pid, ag=values["ag"], ma=values["ma"])
    apply_skills(ws, pid, values, MOVE_SKILLS)
    spec = ws.spec(pid)
    dodge = _first_dodge(ws, path)
    if dodge:
        start, destination = dodge
        markers = tuple(p.id for p in ws.cast.values() if p.team != spec.team and p.square in adjacent(start))
        later = path[path.index(destination) + 1 :]  # a player next to these would cost more dodges
        crowded = frozenset(n for step in later for n in adjacent(step))
        set_marking_count(ws, destination, spec.team, values["tz"], keep=markers, avoid=(start, *path), last=crowded)
        for marker in markers:
            ws.set_skill(marker, "tackle", bool(values["marker_tackle"]))
    weather = Weather.BLIZZARD if values.get("blizzard") else Weather.NICE
    board = ws.board()
    player = board.player(pid)
    try:
        result = path_probability(
            ws.edition, player, board, [Square(*s) for s in path], team_rerolls=team_rerolls(values), weather=weather
        )
    except ValueError:
        raise ActionError("illegal_path") from None
    rolls = list(result.rolls)
    outcome = Outcome()
    outcome.values = {
        "probability": Pct(result.probability),
        "reach": Pct(_reach(ws, player, board, [Square(*s) for s in path], team_rerolls(values), weather)),
        "no_reroll": Pct(probability_without_rerolls(rolls)),
        "rolls": Num(len(rolls)),
        "dodges": Num(sum(1 for r in rolls if r.kind == "dodge")),
        "rushes": Num(sum(1 for r in rolls if r.kind == "rush")),
        "squares": Num(len(path)),
        "ma": Num(spec.ma),
        "ag": Num(spec.ag),
        "tz": Num(board.tackle_zones(Square(*dodge[1]), spec.team, exclude=pid) if dodge else 0),
    }
    if rolls:
        outcome.values["target"] = Target(rolls[0].target)
        outcome.values["first"] = Pct(rolls[0].probability)
        outcome.values.update(roll_values(rolls[0].explanation))
        outcome.values.update(story_dice(ws, rolls[0].target))
    else:
        outcome.values["target"] = Word("no_roll")
        outcome.values["first"] = Pct(Fraction(1))
    first_dodge = next((r for r in rolls if r.kind == "dodge"), None)
    marker_ids = {p.id for p in board.tacklers(Square(*dodge[0]), spec.team)} if dodge else set()
    outcome.values.update(
        {
            "rush_target": Target(ws.edition.rush_test(player, weather).result),
            "rushes_allowed": Num(ws.edition.rushes_allowed(player)),
            "dodge_usable": Flag(first_dodge is not None and first_dodge.skill_reroll is not None),
            "marker_tackle": Flag(any(board.player(m).has("tackle") for m in marker_ids)),
            "team_reroll": Flag(team_rerolls(values) > 0),
            "rerolled": Flag(result.probability > probability_without_rerolls(rolls)),
            "blizzard": Flag(weather is Weather.BLIZZARD),
            **{slug.replace("-", "_"): Flag(player.has(slug)) for slug in MOVE_SKILLS.values()},
        }
    )
    for roll in rolls:
        outcome.panels.append(ExplanationPanel(roll.kind, roll.explanation, heading_params={"square": roll.square}))
    outcome.panels.append(
        ExplanationPanel("probability", None, [("path_success_probability", {"value": Pct(result.probability)})])
    )
    start = square_of(ws, pid)
    outcome.marks = Marks(arrows=[(start, *path)], highlight=[path[-1]], zones_against=spec.team)
    if ws.action.get("heat"):
        heat = reach_map(ws.edition, player, board, team_rerolls=team_rerolls(values), weather=weather)
        outcome.marks.heat = {(s.x, s.y): p for s, p in heat.probabilities().items() if (s.x, s.y) != start}
    outcome.chart = [(Word("success"), result.probability), (Word("failure"), 1 - result.probability)]
    return outcome


KINDS = (ActionKind("move", move_fields, move_defaults, move_run, ("ag", "tz", "skill_dodge", "team_reroll")),)
