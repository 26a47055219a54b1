"""Handling the ball: picking it up, handing it off, passing and catching (with interceptions)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulebook.engine import (
    PITCH_LENGTH,
    PITCH_WIDTH,
    Square,
    Weather,
    accurate_pass_and_catch,
    band_for,
    catch_roll,
    hand_off_probability,
    interception_chance,
    pass_outcome,
    pickup_roll,
    possible_interceptors,
    resources_for,
    scatter_distribution,
    sequence_success,
)
from rulebook.portable.i18n import gettext_lazy as _

from ..shared.values import Flag, Num, Pct, Signed, Target, Word
from .base import ActionError, ActionKind, ExplanationPanel, Field, Marks, Outcome
from .common import (
    COLUMN_CHOICES,
    RAIN,
    TEAM_REROLL,
    ag_field,
    apply_skills,
    chosen_square,
    modifier_total,
    roll_values,
    skill_field,
    sq,
    square_defaults,
    square_value,
    story_dice,
    team_rerolls,
)
from .workspace import Workspace, adjacent, set_marking_count, square_of

PICKUP_SKILLS = {"skill_sure_hands": "sure-hands", "skill_big_hand": "big-hand"}


def pickup_fields(ws: Workspace) -> list[Field]:
    return [
        ag_field(ws),
        Field("tz", ("phrase", "tz_ball"), "int", 0, 8),
        *(skill_field(n, s) for n, s in PICKUP_SKILLS.items()),
        TEAM_REROLL,
        RAIN,
    ]


def pickup_defaults(ws: Workspace) -> dict[str, Any]:
    spec = ws.spec(ws.action["player"])
    board = ws.board()
    zones = board.tackle_zones(Square(*square_of(ws, spec.id)), spec.team, exclude=spec.id)
    return {
        "ag": spec.ag,
        "tz": zones,
        "team_reroll": ws.action.get("team_rerolls", 1) > 0,
        "rain": False,
        **{n: s in spec.skills for n, s in PICKUP_SKILLS.items()},
    }


def pickup_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    pid = ws.action["player"]
    ws.update(pid, ag=values["ag"])
    apply_skills(ws, pid, values, PICKUP_SKILLS)
    spec = ws.spec(pid)
    set_marking_count(ws, square_of(ws, pid), spec.team, values["tz"])
    board = ws.board()
    player = board.player(pid)
    weather = Weather.POURING_RAIN if values.get("rain") else Weather.NICE
    roll = pickup_roll(ws.edition, player, board, player.location, weather)
    resources = resources_for(player, ws.edition, team_rerolls(values))
    chance = sequence_success([roll], resources)
    outcome = Outcome(
        values={
            "target": Target(roll.target),
            "probability": Pct(chance),
            "no_reroll": Pct(roll.probability),
            "tz": Num(board.tackle_zones(player.location, spec.team, exclude=pid)),
            "ag": Num(player.ag),
            **roll_values(roll.explanation),
            "sure_hands": Flag(player.has("sure-hands")),
            "big_hand": Flag(player.has("big-hand")),
            "team_reroll": Flag(team_rerolls(values) > 0),
            "rain": Flag(weather is Weather.POURING_RAIN),
            "rerolled": Flag(chance > roll.probability),
            **story_dice(ws, roll.target),
        }
    )
    outcome.panels = [
        ExplanationPanel("pickup", roll.explanation),
        ExplanationPanel("probability", None, [("probability", {"value": Pct(chance)})]),
    ]
    outcome.marks = Marks(highlight=[square_of(ws, pid)], zones_against=spec.team)
    outcome.chart = [(Word("success"), chance), (Word("failure"), 1 - chance)]
    return outcome


CATCH_SKILLS = {"skill_catch": "catch"}


def handoff_fields(ws: Workspace) -> list[Field]:
    return [
        ag_field(ws, "ag", _("Receiver's agility (AG)")),
        Field("tz", ("phrase", "tz_receiver"), "int", 0, 7),
        skill_field("skill_catch", "catch"),
        TEAM_REROLL,
    ]


def handoff_defaults(ws: Workspace) -> dict[str, Any]:
    spec = ws.spec(ws.action["receiver"])
    zones = ws.board().tackle_zones(Square(*square_of(ws, spec.id)), spec.team, exclude=spec.id)
    return {
        "ag": spec.ag,
        "tz": zones,
        "team_reroll": ws.action.get("team_rerolls", 1) > 0,
        "skill_catch": "catch" in spec.skills,
    }


def handoff_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    giver, receiver = ws.action["player"], ws.action["receiver"]
    ws.update(receiver, ag=values["ag"])
    apply_skills(ws, receiver, values, CATCH_SKILLS)
    spec = ws.spec(receiver)
    set_marking_count(ws, square_of(ws, receiver), spec.team, values["tz"], avoid=(square_of(ws, giver),))
    board = ws.board()
    catcher = board.player(receiver)
    try:
        roll = catch_roll(ws.edition, catcher, board, "hand_off")
        chance = sequence_success([roll], resources_for(catcher, ws.edition, team_rerolls(values)))
        hand_off_probability(ws.edition, board.player(giver), catcher, board)
    except ValueError:
        raise ActionError("not_adjacent") from None
    outcome = Outcome(
        values={
            "target": Target(roll.target),
            "probability": Pct(chance),
            "no_reroll": Pct(roll.probability),
            "tz": Num(board.tackle_zones(Square(*square_of(ws, receiver)), spec.team, exclude=receiver)),
            "ag": Num(catcher.ag),
            **roll_values(roll.explanation),
            "catch": Flag(catcher.has("catch")),
            "team_reroll": Flag(team_rerolls(values) > 0),
            "rerolled": Flag(chance > roll.probability),
        }
    )
    outcome.panels = [
        ExplanationPanel("catch", roll.explanation),
        ExplanationPanel("probability", None, [("probability", {"value": Pct(chance)})]),
    ]
    outcome.marks = Marks(arrows=[(square_of(ws, giver), square_of(ws, receiver))], zones_against=spec.team)
    outcome.chart = [(Word("success"), chance), (Word("failure"), 1 - chance)]
    return outcome


INTERCEPTION_REASONS = ("interception_roll", "interception_accurate", "interception_inaccurate")
RANGE_REASONS = ("pass_range_quick", "pass_range_short", "pass_range_long", "pass_range_bomb")
PASS_SKILLS = {"skill_pass": "pass", "skill_accurate": "accurate", "skill_strong_arm": "strong-arm"}


def pass_fields(ws: Workspace) -> list[Field]:
    return [
        ag_field(ws, "ag", _("Thrower's agility (AG)")),
        Field("pa", _("Thrower's passing ability (PA)"), "int", 1, 6),
        Field("distance", _("Distance to the receiver (squares)"), "int", 1, 13),
        Field("tz", ("phrase", "tz_thrower"), "int", 0, 7),
        *(skill_field(n, s) for n, s in PASS_SKILLS.items()),
        ag_field(ws, "catcher_ag", _("Receiver's agility (AG)")),
        skill_field("skill_catch", "catch"),
        TEAM_REROLL,
    ]


def pass_defaults(ws: Workspace) -> dict[str, Any]:
    thrower, catcher = ws.spec(ws.action["player"]), ws.spec(ws.action["receiver"])
    thrower_square, catcher_square = square_of(ws, thrower.id), square_of(ws, catcher.id)
    zones = ws.board().tackle_zones(Square(*thrower_square), thrower.team, exclude=thrower.id)
    return {
        "ag": thrower.ag,
        "pa": thrower.pa or 4,
        "catcher_ag": catcher.ag,
        "distance": abs(catcher_square[0] - thrower_square[0]),
        "tz": zones,
        "team_reroll": ws.action.get("team_rerolls", 1) > 0,
        "skill_catch": "catch" in catcher.skills,
        **{n: s in thrower.skills for n, s in PASS_SKILLS.items()},
    }


def pass_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    tid, cid = ws.action["player"], ws.action["receiver"]
    ws.update(tid, ag=values["ag"], pa=values["pa"] if ws.spec(tid).pa is not None else None)
    ws.update(cid, ag=values["catcher_ag"])
    apply_skills(ws, tid, values, PASS_SKILLS)
    apply_skills(ws, cid, values, CATCH_SKILLS)
    thrower_sq, catcher_sq = square_of(ws, tid), square_of(ws, cid)
    direction = 1 if catcher_sq[0] >= thrower_sq[0] else -1
    target = (thrower_sq[0] + direction * values["distance"], catcher_sq[1])
    if target != catcher_sq:
        if not Square(*target).on_pitch() or target in ws.occupied():
            raise ActionError("out_of_range")
        ws.update(cid, square=target)
    thrower_team = ws.spec(tid).team
    towards = frozenset(sq for sq in adjacent(thrower_sq) if (sq[0] - thrower_sq[0]) * direction > 0)
    set_marking_count(ws, thrower_sq, thrower_team, values["tz"], avoid=(target,), last=towards)
    board = ws.board()
    thrower, catcher = board.player(tid), board.player(cid)
    result = pass_outcome(ws.edition, thrower, board, Square(*target))
    if result is None:
        raise ActionError("out_of_range")
    catch = catch_roll(ws.edition, catcher, board, "accurate_pass")
    resources = resources_for(thrower, ws.edition, team_rerolls(values))
    interception = interception_chance(ws.edition, board, thrower, Square(*target))
    both = accurate_pass_and_catch(ws.edition, board, thrower, catcher, result, team_rerolls(values))
    complete = (1 - interception.probability) * both
    outcome = Outcome(
        values={
            "band": Word(result.band),
            "target": Target(result.roll.target),
            "accurate": Pct(result.distribution["accurate"]),
            "inaccurate": Pct(result.distribution["inaccurate"]),
            "fumble": Pct(result.distribution["fumble"]),
            "accurate_rr": Pct(sequence_success([result.roll], resources)),
            "catch_target": Target(catch.target),
            "catch": Pct(catch.probability),
            "interception": Pct(interception.probability),
            "complete": Pct(complete),
            "distance": Num(values["distance"]),
            "tz": Num(board.tackle_zones(Square(*thrower_sq), thrower_team, exclude=tid)),
            "ag": Num(thrower.ag),
            "pa": Num(thrower.pa or 0),
            "catcher_ag": Num(catcher.ag),
            **roll_values(result.roll.explanation),
            "range_modifier": Signed(modifier_total(result.roll.explanation, *RANGE_REASONS)),
            "catch_bonus": Signed(modifier_total(catch.explanation, "catch_accurate_pass")),
            "interceptors": Num(len(interception.explanations)),
            "intercept_modifier": Signed(
                modifier_total(interception.explanations[0], *INTERCEPTION_REASONS) if interception.explanations else 0
            ),
            # the highest modified total that fumbles even when the die is no 1 (none in 2025)
            "fumble_max": Num(max((m for m in range(-6, 7) if ws.edition.fumbles(6, m)), default=0)),
            "fumble_on_total": Flag(any(ws.edition.fumbles(6, m) for m in range(-6, 7))),
            "inaccurate_from": Num(min(m for m in range(-6, 8) if not ws.edition.fumbles(6, m))),
            "fumble_die": Num(max(n for n in range(1, 7) if all(ws.edition.fumbles(n, m) for m in range(-6, 13)))),
            "scatters": Num(ws.edition.inaccurate_pass_scatters),
            "pass": Flag(thrower.has("pass")),
            "accurate_skill": Flag(thrower.has("accurate")),
            "catch_skill": Flag(catcher.has("catch")),
            "team_reroll": Flag(team_rerolls(values) > 0),
        }
    )
    outcome.panels = [ExplanationPanel("pass", result.explanation), ExplanationPanel("catch", catch.explanation)]
    outcome.panels += [ExplanationPanel("interception", e) for e in interception.explanations]
    outcome.panels.append(ExplanationPanel("probability", None, [("probability", {"value": Pct(complete)})]))
    bands = {}
    for x in range(PITCH_LENGTH):
        for y in range(PITCH_WIDTH):
            band = band_for(x - thrower_sq[0], y - thrower_sq[1])
            if band and (x, y) != thrower_sq:
                bands[(x, y)] = band
    interceptors = [
        (p.location.x, p.location.y) for p in possible_interceptors(ws.edition, board, thrower, Square(*target))
    ]
    outcome.marks = Marks(arrows=[(thrower_sq, target)], bands=bands, highlight=interceptors)
    outcome.chart = [(Word(k), result.distribution[k]) for k in ("accurate", "inaccurate", "fumble")]
    return outcome


def bounce_fields(ws: Workspace) -> list[Field]:
    return [
        Field("x", _("Square the ball bounces from: column (a–z)"), "choice", choices=COLUMN_CHOICES),
        Field("y", _("Square the ball bounces from: row (1–15)"), "int", 1, PITCH_WIDTH),
    ]


def bounce_defaults(ws: Workspace) -> dict[str, Any]:
    return square_defaults(sq(ws.action["square"]))


def bounce_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    """Where a loose ball goes: `times` D8 scatters of one square from the square it left
    (engine: scatter_distribution; a ball that leaves the pitch goes to the crowd)."""
    start = chosen_square(values)
    times = int(ws.action.get("times", 1))
    landing = scatter_distribution(start, times)
    on_pitch = {(sq.x, sq.y): p for sq, p in landing.items() if sq.on_pitch()}
    standing = {p.square for p in ws.cast.values() if p.square and p.status == "standing"}
    on_player = sum((p for cell, p in on_pitch.items() if cell in standing), Fraction(0))
    outcome = Outcome(
        values={
            "square": square_value(start),
            "times": Num(times),
            "squares": Num(len(on_pitch)),
            "each": Pct(max(on_pitch.values(), default=Fraction(0))),
            "off_pitch": Pct(1 - sum(on_pitch.values(), Fraction(0))),
            "on_player": Pct(on_player),
            "players": Num(sum(1 for cell in on_pitch if cell in standing)),
        }
    )
    outcome.panels = [
        ExplanationPanel(
            "bounce",
            None,
            [
                ("bounce_squares", {"count": len(on_pitch), "value": Pct(max(on_pitch.values(), default=Fraction(0)))}),
                ("bounce_off_pitch", {"value": Pct(1 - sum(on_pitch.values(), Fraction(0)))}),
            ],
        )
    ]
    outcome.marks = Marks(heat=on_pitch, highlight=[(start.x, start.y)])
    ws.ball = [start.x, start.y]
    return outcome


KINDS = (
    ActionKind("bounce", bounce_fields, bounce_defaults, bounce_run, ("x", "y")),
    ActionKind("pickup", pickup_fields, pickup_defaults, pickup_run, ("ag", "tz", "skill_sure_hands", "team_reroll")),
    ActionKind("handoff", handoff_fields, handoff_defaults, handoff_run, ("ag", "tz", "skill_catch", "team_reroll")),
    ActionKind("pass", pass_fields, pass_defaults, pass_run, ("ag", "distance", "tz", "skill_pass", "catcher_ag")),
)
