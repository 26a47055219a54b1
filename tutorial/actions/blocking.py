"""Blocks and blitzes (dice, assists, push-backs, outcomes), then armour, injury and fouls."""

from __future__ import annotations

from typing import Any

from rulebook.engine import (
    ATTACKER_PREFERENCE,
    BLOCK_FACES,
    BlockFace,
    BlockOutcome,
    Square,
    assists,
    block_outcome,
    block_strength,
    d6_success,
    injury_outcome,
    path_probability,
    push_options,
)
from rulebook.portable.i18n import gettext_lazy as _

from ..shared.values import Flag, Frac, Num, Pct, Signed, Target, Word
from .base import ActionError, ActionKind, ExplanationPanel, Field, Marks, Outcome
from .common import (
    TEAM_REROLL,
    apply_skills,
    modifier_total,
    sq,
    team_rerolls,
)
from .workspace import Workspace, adjacent, set_assist_count, square_of

ATTACKER_SKILLS = {
    "att_block": "block",
    "att_tackle": "tackle",
    "att_mighty_blow": "mighty-blow",
    "att_juggernaut": "juggernaut",
}
DEFENDER_SKILLS = {"def_block": "block", "def_dodge": "dodge", "def_stand_firm": "stand-firm"}


def block_fields(ws: Workspace) -> list[Field]:
    return [
        Field("att_st", _("Attacker's strength (ST)"), "int", 1, 7),
        Field("def_st", _("Defender's strength (ST)"), "int", 1, 7),
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
    att_square = sq(ws.action["path"][-1]) if ws.action.get("path") else square_of(ws, att.id)
    return {
        "att_st": att.st,
        "def_st": dfn.st,
        "team_reroll": ws.action.get("team_rerolls", 1) > 0,
        "assists": _helpers_next_to(ws, square_of(ws, dfn.id), att.team, att.id),
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
    set_assist_count(ws, square_of(ws, did), att.team, values["assists"], keep=(aid,), avoid=(attacker_square, *path))
    set_assist_count(ws, attacker_square, dfn.team, values["def_assists"], keep=(did,), avoid=path)


def _block_outcome(ws: Workspace, attacker_square: tuple[int, int], blitz: bool) -> tuple[Outcome, BlockOutcome]:
    aid, did = ws.action["attacker"], ws.action["defender"]
    board = ws.board()
    attacker = board.player(aid).moved_to(Square(*attacker_square))
    board = board.replace_player(attacker)
    defender = board.player(did)
    try:
        result = block_outcome(ws.edition, board, attacker, defender, blitz=blitz)
    except ValueError:
        raise ActionError("not_adjacent") from None
    strength = block_strength(ws.edition, board, attacker, defender, blitz)
    push = push_options(ws.edition, board, attacker, defender, blitz)
    attacker_falls = result.probability("attacker_down", "both_down")
    offensive, defensive = assists(board, attacker, defender)
    faces = dict(zip(BLOCK_FACES, result.face_categories, strict=True))
    outcome = Outcome(
        values={
            "dice": Num(result.dice),
            "chooser": Word(result.chooser),
            "attacker_total": Num(strength.attacker),
            "defender_total": Num(strength.defender),
            "down": Pct(result.defender_knocked_down),
            "down_safe": Pct(
                result.probability("defender_down", "defender_down_in_place", "defender_pushed_into_crowd")
            ),
            "attacker_falls": Pct(attacker_falls),
            "pushed": Pct(result.probability("defender_pushed", "defender_stood_firm")),
            "crowd": Pct(result.probability("defender_pushed_into_crowd")),
            "att_st": Num(attacker.st),
            "def_st": Num(defender.st),
            "assists": Num(len(offensive)),
            "def_assists": Num(len(defensive)),
            # what two of the faces do with these skills: "both down" and "defender stumbles"
            "both_face": Word(faces[BlockFace.BOTH_DOWN]),
            "stumble_face": Word(faces[BlockFace.DEFENDER_STUMBLES]),
            "push": Word("push_" + push.kind),
            "push_squares": Num(len(push.squares)),
            "push_chooser": Word(push.chooser),
            **{name: Flag(attacker.has(slug)) for name, slug in ATTACKER_SKILLS.items()},
            **{name: Flag(defender.has(slug)) for name, slug in DEFENDER_SKILLS.items()},
        }
    )
    outcome.panels = [ExplanationPanel("block", strength.explanation), ExplanationPanel("push", push.explanation)]
    outcome.chart = [(Word(c), result.distribution[c]) for c in ATTACKER_PREFERENCE if result.distribution[c]]
    outcome.chart_title = "block"
    pushed_to = [(s.x, s.y) for s in push.squares]
    outcome.marks = Marks(arrows=[(attacker_square, (defender.location.x, defender.location.y))], push=pushed_to)
    return outcome, result


def block_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    attacker_square = square_of(ws, ws.action["attacker"])
    _prepare_block(ws, values, attacker_square)
    outcome, _result = _block_outcome(ws, attacker_square, blitz=bool(ws.action.get("blitz")))
    outcome.values["team_reroll"] = Flag(team_rerolls(values) > 0)
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
        moved = path_probability(
            ws.edition, attacker, board, [Square(*s) for s in path], team_rerolls=team_rerolls(values)
        )
    except ValueError:
        raise ActionError("illegal_path") from None
    outcome, result = _block_outcome(ws, path[-1], blitz=True)
    outcome.values["team_reroll"] = Flag(team_rerolls(values) > 0)
    spec = ws.spec(aid)
    remaining = spec.ma - len(path) - 1  # the block of a Blitz costs one square of movement
    outcome.values.update(
        {
            "move": Pct(moved.probability),
            "squares": Num(len(path)),
            "remaining": Num(max(remaining, 0)),
            "both": Pct(moved.probability * result.defender_knocked_down),
            "ma": Num(spec.ma),
        }
    )
    outcome.panels = [ExplanationPanel(r.kind, r.explanation) for r in moved.rolls] + outcome.panels
    outcome.marks.arrows = [(square_of(ws, aid), *path), *outcome.marks.arrows]
    return outcome


# -- armour, injury and fouls ------------------------------------------------------------------------

# The variant referee (rulebook variant foul-send-off-d6): a D6 after each foul, 6+ for a
# team's first foul and 4+ for its later ones.
SEEN_FIRST, SEEN_AFTER = 6, 4
ARMOUR_BONUSES = ("armour_modifier", "foul_assists", "mighty_blow", "dirty_player", "claw", "chainsaw")


def armour_fields(ws: Workspace) -> list[Field]:
    return [
        Field("av", _("Armour value (AV)"), "int", 3, 11),
        Field("assists", ("phrase", "net_foul_assists"), "int", -4, 4),
        Field("dirty_player", ("skill", "dirty-player"), "bool"),
        Field("mighty_blow", ("skill", "mighty-blow"), "bool"),
        Field("stunty", ("defender-skill", "stunty"), "bool"),
    ]


def armour_defaults(ws: Workspace) -> dict[str, Any]:
    victim = ws.spec(ws.action["victim"])
    attacker = ws.spec(ws.action["player"])
    return {
        "av": victim.av,
        "assists": int(ws.action.get("assists", 0)),
        "dirty_player": "dirty-player" in attacker.skills,
        "mighty_blow": "mighty-blow" in attacker.skills,
        "stunty": "stunty" in victim.skills,
    }


def armour_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    pid, vid = ws.action["player"], ws.action["victim"]
    foul = ws.action.get("foul", False)
    ws.update(vid, av=values["av"])
    ws.set_skill(pid, "dirty-player", bool(values.get("dirty_player")))
    ws.set_skill(pid, "mighty-blow", bool(values.get("mighty_blow")))
    ws.set_skill(vid, "stunty", bool(values.get("stunty")))
    board = ws.board()
    result = injury_outcome(
        ws.edition,
        board.player(vid),
        board.player(pid),
        action="foul" if foul else "block",
        armour_modifier=values["assists"] if foul else 0,
    )
    dist = result.distribution
    seen_first, seen_after = d6_success(SEEN_FIRST), d6_success(SEEN_AFTER)
    outcome = Outcome(
        values={
            "armour": Pct(result.armour_broken),
            "sent_off": Pct(result.sent_off),
            "stunned": Pct(dist["stunned"]),
            "ko": Pct(dist["knocked_out"]),
            "casualty": Pct(dist["casualty"] + dist["badly_hurt"]),
            "ko_or_worse": Pct(dist["knocked_out"] + dist["casualty"] + dist["badly_hurt"]),
            "seen_first": Pct(seen_first),
            "first_target": Target(SEEN_FIRST),
            "after_target": Target(SEEN_AFTER),
            "seen_first_frac": Frac(seen_first),
            "seen_after": Pct(seen_after),
            "seen_after_frac": Frac(seen_after),
            "av": Num(values["av"]),
            "armour_needed": Num(ws.edition.armour_target(values["av"])),
            "assists": Signed(values["assists"] if foul else 0),
            "armour_modifier": Signed(modifier_total(result.explanation, *ARMOUR_BONUSES)),
            "mighty_blow": Flag(board.player(pid).has("mighty-blow")),
            "dirty_player": Flag(board.player(pid).has("dirty-player")),
            "stunty": Flag(board.player(vid).has("stunty")),
            "av_is_target": Flag(ws.edition.av_is_target),
            "mighty_blow_bonus": Signed(ws.edition.mighty_blow_bonus),
            "dirty_player_bonus": Signed(ws.edition.dirty_player_bonus),
            "stunty_injury": Signed(ws.edition.stunty_injury_modifier),
            "casualty_die": Word(ws.edition.casualty_die),
        }
    )
    shares = [
        ("outcome_share", {"outcome": Word(k), "value": Pct(p)}) for k, p in sorted(dist.items(), key=lambda kv: -kv[1])
    ]
    outcome.panels = [ExplanationPanel("armour", result.explanation, shares)]
    outcome.chart = [(Word(k), p) for k, p in sorted(dist.items(), key=lambda kv: -kv[1])]
    outcome.marks = Marks(arrows=[(square_of(ws, pid), square_of(ws, vid))])
    return outcome


KINDS = (
    ActionKind("block", block_fields, block_defaults, block_run, ("att_st", "def_st", "assists", "def_assists")),
    ActionKind(
        "blitz",
        blitz_fields,
        block_defaults,
        blitz_run,
        ("att_st", "assists", "att_tackle", "def_dodge", "team_reroll"),
    ),
    ActionKind("armour", armour_fields, armour_defaults, armour_run, ("av", "mighty_blow")),
)
