"""Blood Bowl actions a step can show: each reads the board, lets the reader change a few
inputs, and asks the rules engine (rulebook.engine) for every number.

An action kind is three functions: fields (the try-it inputs it understands), defaults (their
values read from the board) and run (apply the inputs, call the engine, return an Outcome).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from django.utils.translation import gettext_lazy as _

from rulebook.engine import Side, Square, Weather
from rulebook.engine import block as blocks
from rulebook.engine import injury, kickoff, movement, passing, pitch, pushback, reach
from rulebook.engine.probability import d6_success

from .values import Frac, Num, Pct, Target, Word
from .workspace import (
    ActionError, Block, Field, Marks, Outcome, Workspace, adjacent, set_assist_count, set_marking_count, square_of,
)


@dataclass(frozen=True)
class ActionKind:
    name: str
    fields: Callable[[Workspace], list[Field]]
    defaults: Callable[[Workspace], dict[str, Any]]
    run: Callable[[Workspace, dict[str, Any]], Outcome]
    default_inputs: tuple[str, ...] = ()


# -- shared fields ------------------------------------------------------------------------------

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


# -- moving: dodges, going for it, standing up ----------------------------------------------------

MOVE_SKILLS = {"skill_dodge": "dodge", "skill_stunty": "stunty", "skill_sure_feet": "sure-feet",
               "skill_sprint": "sprint", "skill_loner": "loner", "skill_pro": "pro", "skill_break_tackle": "break-tackle"}


def move_fields(ws: Workspace) -> list[Field]:
    return [
        ag_field(ws), Field("ma", _("Movement (MA)"), "int", 1, 9),
        Field("tz", _("Tackle zones on the square moved into"), "int", 0, 7),
        *(skill_field(name, slug) for name, slug in MOVE_SKILLS.items()),
        Field("marker_tackle", _("The player being left has Tackle"), "bool"),
        TEAM_REROLL, BLIZZARD,
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
    values: dict[str, Any] = {"ag": spec.ag, "ma": spec.ma, "team_reroll": ws.action.get("team_rerolls", 1) > 0,
                              "blizzard": ws.action.get("weather") == "blizzard"}
    values.update({name: slug in spec.skills for name, slug in MOVE_SKILLS.items()})
    values["tz"] = board.tackle_zones(Square(*dodge[1]), spec.team, exclude=pid) if dodge else 0
    values["marker_tackle"] = bool(dodge) and any(p.has("tackle") for p in board.tacklers(Square(*dodge[0]), spec.team))
    return values


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
        set_marking_count(ws, destination, spec.team, values["tz"], keep=markers, avoid=(start, *path))
        for marker in markers:
            ws.set_skill(marker, "tackle", bool(values["marker_tackle"]))
    weather = Weather.BLIZZARD if values.get("blizzard") else Weather.NICE
    board = ws.board()
    player = board.player(pid)
    try:
        result = movement.path_probability(ws.edition, player, board, [Square(*s) for s in path],
                                           team_rerolls=team_rerolls(values), weather=weather)
    except ValueError:
        raise ActionError("illegal_path") from None
    rolls = list(result.rolls)
    outcome = Outcome()
    outcome.values = {
        "probability": Pct(result.probability),
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
    else:
        outcome.values["target"] = Word("no_roll")
        outcome.values["first"] = Pct(Fraction(1))
    for roll in rolls:
        outcome.blocks.append(Block(roll.kind, roll.explanation, heading_params={"square": roll.square}))
    outcome.blocks.append(Block("probability", None, [("path_success_probability", {"value": Pct(result.probability)})]))
    start = spec.square
    outcome.marks = Marks(arrows=[(start, *path)], highlight=[path[-1]], zones_against=spec.team)
    if ws.action.get("heat"):
        heat = reach.reach_map(ws.edition, player, board, team_rerolls=team_rerolls(values), weather=weather)
        outcome.marks.heat = {(s.x, s.y): p for s, p in heat.probabilities().items() if (s.x, s.y) != start}
    outcome.chart = [(Word("success"), result.probability), (Word("failure"), 1 - result.probability)]
    return outcome


# -- picking up, handing off, passing ---------------------------------------------------------------

PICKUP_SKILLS = {"skill_sure_hands": "sure-hands", "skill_big_hand": "big-hand"}


def pickup_fields(ws: Workspace) -> list[Field]:
    return [ag_field(ws), Field("tz", _("Tackle zones on the ball's square"), "int", 0, 8),
            *(skill_field(n, s) for n, s in PICKUP_SKILLS.items()), TEAM_REROLL, RAIN]


def pickup_defaults(ws: Workspace) -> dict[str, Any]:
    spec = ws.spec(ws.action["player"])
    board = ws.board()
    zones = board.tackle_zones(Square(*spec.square), spec.team, exclude=spec.id)
    return {"ag": spec.ag, "tz": zones, "team_reroll": True, "rain": False,
            **{n: s in spec.skills for n, s in PICKUP_SKILLS.items()}}


def pickup_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    pid = ws.action["player"]
    ws.update(pid, ag=values["ag"])
    apply_skills(ws, pid, values, PICKUP_SKILLS)
    spec = ws.spec(pid)
    set_marking_count(ws, spec.square, spec.team, values["tz"])
    board = ws.board()
    player = board.player(pid)
    weather = Weather.POURING_RAIN if values.get("rain") else Weather.NICE
    roll = movement.pickup_roll(ws.edition, player, board, player.square, weather)
    resources = movement.resources_for(player, ws.edition, team_rerolls(values))
    chance = movement.sequence_success([roll], resources)
    outcome = Outcome(values={"target": Target(roll.target), "probability": Pct(chance), "no_reroll": Pct(roll.probability),
                              "tz": Num(board.tackle_zones(player.square, spec.team, exclude=pid))})
    outcome.blocks = [Block("pickup", roll.explanation), Block("probability", None, [("probability", {"value": Pct(chance)})])]
    outcome.marks = Marks(highlight=[spec.square], zones_against=spec.team)
    outcome.chart = [(Word("success"), chance), (Word("failure"), 1 - chance)]
    return outcome


CATCH_SKILLS = {"skill_catch": "catch"}


def handoff_fields(ws: Workspace) -> list[Field]:
    return [ag_field(ws, "ag", _("Receiver's agility (AG)")), Field("tz", _("Tackle zones on the receiver"), "int", 0, 7),
            skill_field("skill_catch", "catch"), TEAM_REROLL]


def handoff_defaults(ws: Workspace) -> dict[str, Any]:
    spec = ws.spec(ws.action["receiver"])
    zones = ws.board().tackle_zones(Square(*spec.square), spec.team, exclude=spec.id)
    return {"ag": spec.ag, "tz": zones, "team_reroll": True, "skill_catch": "catch" in spec.skills}


def handoff_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    giver, receiver = ws.action["player"], ws.action["receiver"]
    ws.update(receiver, ag=values["ag"])
    apply_skills(ws, receiver, values, CATCH_SKILLS)
    spec = ws.spec(receiver)
    set_marking_count(ws, spec.square, spec.team, values["tz"], avoid=(square_of(ws, giver),))
    board = ws.board()
    catcher = board.player(receiver)
    try:
        roll = passing.catch_roll(ws.edition, catcher, board, "hand_off")
        chance = movement.sequence_success([roll], movement.resources_for(catcher, ws.edition, team_rerolls(values)))
        passing.hand_off_probability(ws.edition, board.player(giver), catcher, board)
    except ValueError:
        raise ActionError("not_adjacent") from None
    outcome = Outcome(values={"target": Target(roll.target), "probability": Pct(chance), "no_reroll": Pct(roll.probability)})
    outcome.blocks = [Block("catch", roll.explanation), Block("probability", None, [("probability", {"value": Pct(chance)})])]
    outcome.marks = Marks(arrows=[(square_of(ws, giver), spec.square)], zones_against=spec.team)
    outcome.chart = [(Word("success"), chance), (Word("failure"), 1 - chance)]
    return outcome


PASS_SKILLS = {"skill_pass": "pass", "skill_accurate": "accurate", "skill_strong_arm": "strong-arm"}


def pass_fields(ws: Workspace) -> list[Field]:
    return [ag_field(ws, "ag", _("Thrower's agility (AG)")), Field("distance", _("Distance to the receiver (squares)"), "int", 1, 13),
            Field("tz", _("Tackle zones on the thrower"), "int", 0, 7), *(skill_field(n, s) for n, s in PASS_SKILLS.items()),
            ag_field(ws, "catcher_ag", _("Receiver's agility (AG)")), skill_field("skill_catch", "catch"), TEAM_REROLL]


def pass_defaults(ws: Workspace) -> dict[str, Any]:
    thrower, catcher = ws.spec(ws.action["player"]), ws.spec(ws.action["receiver"])
    zones = ws.board().tackle_zones(Square(*thrower.square), thrower.team, exclude=thrower.id)
    return {"ag": thrower.ag, "catcher_ag": catcher.ag, "distance": abs(catcher.square[0] - thrower.square[0]), "tz": zones,
            "team_reroll": True, "skill_catch": "catch" in catcher.skills,
            **{n: s in thrower.skills for n, s in PASS_SKILLS.items()}}


def pass_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    tid, cid = ws.action["player"], ws.action["receiver"]
    ws.update(tid, ag=values["ag"])
    ws.update(cid, ag=values["catcher_ag"])
    apply_skills(ws, tid, values, PASS_SKILLS)
    apply_skills(ws, cid, values, CATCH_SKILLS)
    thrower_sq, catcher_sq = square_of(ws, tid), square_of(ws, cid)
    direction = 1 if catcher_sq[0] >= thrower_sq[0] else -1
    target = (thrower_sq[0] + direction * values["distance"], catcher_sq[1])
    if target != catcher_sq:
        if not (0 <= target[0] < 26) or target in ws.occupied():
            raise ActionError("out_of_range")
        ws.update(cid, square=target)
    thrower_team = ws.spec(tid).team
    set_marking_count(ws, thrower_sq, thrower_team, values["tz"], avoid=(target,))
    board = ws.board()
    thrower, catcher = board.player(tid), board.player(cid)
    result = passing.pass_outcome(ws.edition, thrower, board, Square(*target))
    if result is None:
        raise ActionError("out_of_range")
    catch = passing.catch_roll(ws.edition, catcher, board, "accurate_pass")
    resources = movement.resources_for(thrower, ws.edition, team_rerolls(values))
    resources = movement.Resources(team=resources.team, skills=resources.skills | ({"catch"} if catcher.has("catch") else set()))
    interception = passing.interception_chance(ws.edition, board, thrower, Square(*target))
    both = movement.sequence_success([result.roll, catch], resources)
    complete = (1 - interception.probability) * both
    outcome = Outcome(values={
        "band": Word(result.band), "target": Target(result.roll.target), "accurate": Pct(result.distribution["accurate"]),
        "inaccurate": Pct(result.distribution["inaccurate"]), "fumble": Pct(result.distribution["fumble"]),
        "accurate_rr": Pct(movement.sequence_success([result.roll], resources)),
        "catch_target": Target(catch.target), "catch": Pct(catch.probability),
        "interception": Pct(interception.probability), "complete": Pct(complete), "distance": Num(values["distance"]),
    })
    outcome.blocks = [Block("pass", result.explanation), Block("catch", catch.explanation)]
    outcome.blocks += [Block("interception", e) for e in interception.explanations]
    outcome.blocks.append(Block("probability", None, [("probability", {"value": Pct(complete)})]))
    bands = {}
    for x in range(26):
        for y in range(15):
            band = passing.band_for(x - thrower_sq[0], y - thrower_sq[1])
            if band and (x, y) != thrower_sq:
                bands[(x, y)] = band
    interceptors = [(p.square.x, p.square.y) for p in passing.possible_interceptors(board, thrower, Square(*target))]
    outcome.marks = Marks(arrows=[(thrower_sq, target)], bands=bands, highlight=interceptors)
    outcome.chart = [(Word(k), result.distribution[k]) for k in ("accurate", "inaccurate", "fumble")]
    return outcome


# -- blocks and blitzes ------------------------------------------------------------------------------

ATTACKER_SKILLS = {"att_block": "block", "att_tackle": "tackle", "att_mighty_blow": "mighty-blow", "att_juggernaut": "juggernaut"}
DEFENDER_SKILLS = {"def_block": "block", "def_dodge": "dodge", "def_stand_firm": "stand-firm"}


def block_fields(ws: Workspace) -> list[Field]:
    return [
        Field("att_st", _("Attacker's strength (ST)"), "int", 1, 7), Field("def_st", _("Defender's strength (ST)"), "int", 1, 7),
        Field("assists", _("Team-mates next to the defender"), "int", 0, 5),
        Field("def_assists", _("Team-mates next to the attacker"), "int", 0, 5),
        *(Field(n, ("skill", s), "bool") for n, s in ATTACKER_SKILLS.items()),
        *(Field(n, ("defender-skill", s), "bool") for n, s in DEFENDER_SKILLS.items()),
        TEAM_REROLL,
    ]


def _helpers_next_to(ws: Workspace, target: tuple[int, int], team: str, exclude: str) -> int:
    return sum(1 for p in ws.cast.values() if p.team == team and p.id != exclude and p.square in adjacent(target))


def block_defaults(ws: Workspace) -> dict[str, Any]:
    att, dfn = ws.spec(ws.action["attacker"]), ws.spec(ws.action["defender"])
    att_square = sq(ws.action["path"][-1]) if ws.action.get("path") else att.square
    return {
        "att_st": att.st, "def_st": dfn.st, "team_reroll": ws.action.get("team_rerolls", 1) > 0,
        "assists": _helpers_next_to(ws, dfn.square, att.team, att.id),
        "def_assists": _helpers_next_to(ws, att_square, dfn.team, dfn.id),
        **{n: s in att.skills for n, s in ATTACKER_SKILLS.items()},
        **{n: s in dfn.skills for n, s in DEFENDER_SKILLS.items()},
    }


def _prepare_block(ws: Workspace, values: dict[str, Any], attacker_square: tuple[int, int]) -> None:
    aid, did = ws.action["attacker"], ws.action["defender"]
    ws.update(aid, st=values["att_st"])
    ws.update(did, st=values["def_st"])
    apply_skills(ws, aid, values, ATTACKER_SKILLS)
    apply_skills(ws, did, values, DEFENDER_SKILLS)
    att, dfn = ws.spec(aid), ws.spec(did)
    path = tuple(sq(s) for s in ws.action.get("path", ()))
    set_assist_count(ws, dfn.square, att.team, values["assists"], keep=(aid,), avoid=(attacker_square, *path))
    set_assist_count(ws, attacker_square, dfn.team, values["def_assists"], keep=(did,), avoid=path)


def _block_outcome(ws: Workspace, attacker_square: tuple[int, int], blitz: bool) -> tuple[Outcome, blocks.BlockOutcome]:
    aid, did = ws.action["attacker"], ws.action["defender"]
    board = ws.board()
    attacker = board.player(aid).moved_to(Square(*attacker_square))
    board = board.replace_player(attacker)
    defender = board.player(did)
    try:
        result = blocks.block_outcome(ws.edition, board, attacker, defender, blitz=blitz)
    except ValueError:
        raise ActionError("not_adjacent") from None
    strength = blocks.block_strength(ws.edition, board, attacker, defender, blitz)
    push = pushback.push_options(ws.edition, board, attacker, defender, blitz)
    attacker_falls = result.probability("attacker_down", "both_down")
    outcome = Outcome(values={
        "dice": Num(result.dice), "chooser": Word(result.chooser),
        "attacker_total": Num(strength.attacker), "defender_total": Num(strength.defender),
        "down": Pct(result.defender_knocked_down),
        "down_safe": Pct(result.probability("defender_down", "defender_down_in_place", "defender_pushed_into_crowd")),
        "attacker_falls": Pct(attacker_falls),
        "pushed": Pct(result.probability("defender_pushed", "defender_stood_firm")),
        "crowd": Pct(result.probability("defender_pushed_into_crowd")),
    })
    outcome.blocks = [Block("block", strength.explanation), Block("push", push.explanation)]
    outcome.chart = [(Word(c), result.distribution[c]) for c in blocks.ATTACKER_PREFERENCE if result.distribution[c]]
    outcome.chart_title = "block"
    pushed_to = [(s.x, s.y) for s in push.squares]
    outcome.marks = Marks(arrows=[(attacker_square, defender.square and (defender.square.x, defender.square.y))], push=pushed_to)
    return outcome, result


def block_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    attacker_square = square_of(ws, ws.action["attacker"])
    _prepare_block(ws, values, attacker_square)
    outcome, _result = _block_outcome(ws, attacker_square, blitz=bool(ws.action.get("blitz")))
    return outcome


def blitz_fields(ws: Workspace) -> list[Field]:
    return [*block_fields(ws)]


def blitz_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    aid = ws.action["attacker"]
    path = [sq(s) for s in ws.action["path"]]
    _prepare_block(ws, values, path[-1])
    board = ws.board()
    attacker = board.player(aid)
    try:
        moved = movement.path_probability(ws.edition, attacker, board, [Square(*s) for s in path], team_rerolls=team_rerolls(values))
    except ValueError:
        raise ActionError("illegal_path") from None
    outcome, result = _block_outcome(ws, path[-1], blitz=True)
    spec = ws.spec(aid)
    remaining = spec.ma - len(path) - 1  # the block of a Blitz costs one square of movement
    outcome.values.update({
        "move": Pct(moved.probability), "squares": Num(len(path)), "remaining": Num(max(remaining, 0)),
        "both": Pct(moved.probability * result.defender_knocked_down), "ma": Num(spec.ma),
    })
    outcome.blocks = [Block(r.kind, r.explanation) for r in moved.rolls] + outcome.blocks
    outcome.marks.arrows = [(spec.square, *path)] + outcome.marks.arrows
    return outcome


# -- armour, injury and fouls ------------------------------------------------------------------------

def armour_fields(ws: Workspace) -> list[Field]:
    return [Field("av", _("Armour value (AV)"), "int", 3, 11), Field("assists", _("Net assists on the foul"), "int", -4, 4),
            Field("dirty_player", ("skill", "dirty-player"), "bool"), Field("mighty_blow", ("skill", "mighty-blow"), "bool"),
            Field("stunty", ("defender-skill", "stunty"), "bool")]


def armour_defaults(ws: Workspace) -> dict[str, Any]:
    victim = ws.spec(ws.action["victim"])
    attacker = ws.spec(ws.action["player"])
    return {"av": victim.av, "assists": int(ws.action.get("assists", 0)), "dirty_player": "dirty-player" in attacker.skills,
            "mighty_blow": "mighty-blow" in attacker.skills, "stunty": "stunty" in victim.skills}


def armour_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    pid, vid = ws.action["player"], ws.action["victim"]
    foul = ws.action.get("foul", False)
    ws.update(vid, av=values["av"])
    ws.set_skill(pid, "dirty-player", bool(values.get("dirty_player")))
    ws.set_skill(pid, "mighty-blow", bool(values.get("mighty_blow")))
    ws.set_skill(vid, "stunty", bool(values.get("stunty")))
    board = ws.board()
    result = injury.injury_outcome(ws.edition, board.player(vid), board.player(pid),
                                   action="foul" if foul else "block", armour_modifier=values["assists"] if foul else 0)
    dist = result.distribution
    seen_first, seen_after = d6_success(6), d6_success(4)
    outcome = Outcome(values={
        "armour": Pct(result.armour_broken), "sent_off": Pct(result.sent_off),
        "stunned": Pct(dist["stunned"]), "ko": Pct(dist["knocked_out"]), "casualty": Pct(dist["casualty"] + dist["badly_hurt"]),
        "ko_or_worse": Pct(dist["knocked_out"] + dist["casualty"] + dist["badly_hurt"]),
        "seen_first": Pct(seen_first), "seen_first_frac": Frac(seen_first), "seen_after": Pct(seen_after),
        "seen_after_frac": Frac(seen_after), "av": Num(values["av"]),
        "armour_needed": Num(values["av"] + (1 if ws.edition.key == "lrb6" else 0)),
    })
    shares = [("outcome_share", {"outcome": Word(k), "value": Pct(p)}) for k, p in sorted(dist.items(), key=lambda kv: -kv[1])]
    outcome.blocks = [Block("armour", result.explanation, shares)]
    outcome.chart = [(Word(k), p) for k, p in sorted(dist.items(), key=lambda kv: -kv[1])]
    outcome.marks = Marks(arrows=[(square_of(ws, pid), square_of(ws, vid))])
    return outcome


# -- set-up, kick-off, fans -------------------------------------------------------------------------

def setup_fields(ws: Workspace) -> list[Field]:
    return [Field("los", _("Players on the line of scrimmage"), "int", 0, 7),
            Field("top", _("Players in the top wide zone"), "int", 0, 8),
            Field("bottom", _("Players in the bottom wide zone"), "int", 0, 8),
            Field("back", _("Other players in the centre"), "int", 0, 11)]


def _team_side(ws: Workspace, team: str) -> Side:
    return Side(ws.scenario.teams[team].side)


def setup_defaults(ws: Workspace) -> dict[str, Any]:
    team = ws.action["team"]
    side = _team_side(ws, team)
    placed = [Square(*p.square) for p in ws.cast.values() if p.team == team and p.square]
    los = sum(1 for s in placed if pitch.on_line_of_scrimmage(s, side))
    top = sum(1 for s in placed if pitch.wide_zone(s) == "top")
    bottom = sum(1 for s in placed if pitch.wide_zone(s) == "bottom")
    return {"los": los, "top": top, "bottom": bottom, "back": len(placed) - los - top - bottom}


def _generated_setup(ws: Workspace, team: str, side: Side, values: dict[str, Any]) -> None:
    """Replace the team's players by a set-up with the requested counts (own half only)."""
    template = next(p for p in ws.cast.values() if p.team == team)
    for p in [p for p in ws.cast.values() if p.team == team]:
        ws.remove(p.id)
    los_x = pitch.line_of_scrimmage_x(side)
    step = -1 if side is Side.LEFT else 1
    centre = [(los_x, y) for y in (7, 6, 8, 5, 9, 4, 10)]
    behind = [(los_x + step * d, y) for d in (2, 4, 6, 8) for y in (7, 5, 9, 6, 8, 4, 10)]
    top = [(los_x + step * d, y) for d in (1, 3, 5, 7) for y in (1, 2)]
    bottom = [(los_x + step * d, y) for d in (1, 3, 5, 7) for y in (12, 13)]
    squares = centre[: values["los"]] + top[: values["top"]] + bottom[: values["bottom"]] + behind[: values["back"]]
    for number, square in enumerate(squares, start=1):
        ws.cast[f"setup{number}"] = template.__class__(**{**template.__dict__, "id": f"setup{number}", "number": number,
                                                          "name": "", "square": square})


def setup_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    team = ws.action["team"]
    side = _team_side(ws, team)
    if values != setup_defaults(ws):
        _generated_setup(ws, team, side, values)
    players = [p for p in ws.board().players if p.team == team]
    violations = pitch.setup_violations(players, side)
    outcome = Outcome(values={"players": Num(len(players)), "los": Num(values["los"]), "violations": Num(len(violations)),
                              "verdict": Word("legal" if not violations else "illegal")})
    lines = [(v.reason, dict(v.params)) for v in violations] or [("setup_legal", {})]
    outcome.blocks = [Block("setup", None, lines)]
    los_x = pitch.line_of_scrimmage_x(side)
    outcome.marks = Marks(highlight=[(los_x, y) for y in range(4, 11)])
    return outcome


def kick_fields(ws: Workspace) -> list[Field]:
    return [Field("x", _("Target square: column (1–26)"), "int", 1, 26), Field("y", _("Target square: row (1–15)"), "int", 1, 15)]


def kick_defaults(ws: Workspace) -> dict[str, Any]:
    x, y = sq(ws.action["target"])
    return {"x": x + 1, "y": y + 1}


def kick_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    receiving = Side(ws.action.get("receiving", "right"))
    target = Square(values["x"] - 1, values["y"] - 1)
    landing = kickoff.kick_landing_distribution(target)
    touchback = kickoff.touchback_probability(target, receiving)
    heat: dict[tuple[int, int], Fraction] = {}
    for square, p in landing.items():
        if square.on_pitch():
            heat[(square.x, square.y)] = heat.get((square.x, square.y), Fraction(0)) + p
    table = kickoff.kickoff_distribution(ws.edition)
    outcome = Outcome(values={
        "touchback": Pct(touchback), "in_half": Pct(1 - touchback),
        "blitz": Pct(table["blitz"]), "high_kick": Pct(table["high_kick"]), "riot": Pct(table["riot"]),
        "pitch_invasion": Pct(table["pitch_invasion"]), "weather": Pct(table["changing_weather"]),
    })
    outcome.blocks = [Block("kick", None, [("kick_in_half", {"value": Pct(1 - touchback)}), ("kick_touchback", {"value": Pct(touchback)})])]
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
    joint = kickoff.fame_distribution(ws.edition, values["ff"], values["opp_ff"])
    mine = joint.map(lambda pair: pair[0])
    fans = kickoff.fans_distribution(ws.edition, values["ff"])
    outcome = Outcome(values={
        "fame0": Pct(mine[0]), "fame1": Pct(mine[1]), "fame2": Pct(mine[2]), "ff": Num(values["ff"]),
        "opp_ff": Num(values["opp_ff"]), "fans_min": Num(min(fans)), "fans_max": Num(max(fans)),
        "fans_mean": Num(round(float(fans.expected(lambda n: n)))),
    })
    outcome.chart = [(Word(f"fame_{k}"), mine[k]) for k in (0, 1, 2)]
    outcome.chart_title = "fame"
    return outcome


def sequence_fields(ws: Workspace) -> list[Field]:
    from .odds import SKILL_CHOICES

    return [TEAM_REROLL, *(skill_field(f"skill_{s.replace('-', '_')}", s) for s in SKILL_CHOICES)]


def sequence_defaults(ws: Workspace) -> dict[str, Any]:
    from .odds import SKILL_CHOICES

    skills = set(ws.action.get("skills", ()))
    return {"team_reroll": ws.action.get("team_rerolls", 1) > 0,
            **{f"skill_{s.replace('-', '_')}": s in skills for s in SKILL_CHOICES}}


def sequence_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    from . import odds

    skills = {s for s in odds.SKILL_CHOICES if values.get(f"skill_{s.replace('-', '_')}")}
    try:
        steps = odds.parse_steps(ws.action["steps"])
    except odds.OddsError:
        raise ActionError("bad_steps") from None
    rerolls = int(ws.action.get("team_rerolls", 1)) or 1 if values.get("team_reroll", True) else 0
    result = odds.evaluate(ws.edition, steps, rerolls, frozenset(skills))
    base = odds.evaluate(ws.edition, steps, 0, frozenset())
    outcome = Outcome(values={"probability": Pct(result.probability), "no_reroll": Pct(base.probability),
                              "team_rerolls": Num(result.team_rerolls),
                              "gain": Pct(result.probability - base.probability)})
    for index, step in enumerate(result.steps, start=1):
        outcome.values[f"p{index}"] = Pct(step.probability)
    outcome.blocks = [Block("probability", None, [("probability", {"value": Pct(result.probability)})])]
    outcome.chart = [(Word("success"), result.probability), (Word("failure"), 1 - result.probability)]
    mover = ws.action.get("player")
    if mover:
        outcome.marks = Marks(zones_against=ws.spec(mover).team)
    return outcome


def none_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    team = ws.action.get("zones_against")
    return Outcome(marks=Marks(zones_against=team))


def _no_fields(ws: Workspace) -> list[Field]:
    return []


def _no_defaults(ws: Workspace) -> dict[str, Any]:
    return {}


KINDS: dict[str, ActionKind] = {
    kind.name: kind
    for kind in (
        ActionKind("none", _no_fields, _no_defaults, none_run),
        ActionKind("move", move_fields, move_defaults, move_run, ("ag", "tz", "skill_dodge", "team_reroll")),
        ActionKind("pickup", pickup_fields, pickup_defaults, pickup_run, ("ag", "tz", "skill_sure_hands", "team_reroll")),
        ActionKind("handoff", handoff_fields, handoff_defaults, handoff_run, ("ag", "tz", "skill_catch", "team_reroll")),
        ActionKind("pass", pass_fields, pass_defaults, pass_run, ("ag", "distance", "tz", "skill_pass", "catcher_ag")),
        ActionKind("block", block_fields, block_defaults, block_run, ("att_st", "def_st", "assists", "def_assists")),
        ActionKind("blitz", blitz_fields, block_defaults, blitz_run, ("att_st", "assists", "att_tackle", "def_dodge", "team_reroll")),
        ActionKind("armour", armour_fields, armour_defaults, armour_run, ("av", "mighty_blow")),
        ActionKind("setup", setup_fields, setup_defaults, setup_run, ("los", "top", "bottom", "back")),
        ActionKind("kick", kick_fields, kick_defaults, kick_run, ("x", "y")),
        ActionKind("fame", fame_fields, fame_defaults, fame_run, ("ff", "opp_ff")),
        ActionKind("sequence", sequence_fields, sequence_defaults, sequence_run, ("team_reroll",)),
    )
}

