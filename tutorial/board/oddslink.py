"""The board's answer to a blitz, foul, hand-off or pass as an odds share code (tutorial/odds/code.py):
the same rolls, their targets, the players' re-roll skills and the team re-rolls, so "Open in the
odds calculator" continues the question there (an armour roll after the blitz, another dodge…).

The calculator answers the same question for a hand-off and a foul. For a blitz its block goal
is the defender down with the attacker standing (a Both Down counts as failing), and it may spend a
team re-roll on the block dice; for a pass it also counts an inaccurate ball scattering back to the
catcher. The panel says so next to the link.
"""

from __future__ import annotations

from rulebook.engine import OPPONENT_SKILLS, PLAYER_SKILLS, ApproachSquare, PassAnswer, RouteRoll

from ..odds.classic import OddsError
from ..odds.code import Sequence, parse_code
from .code import LONER, Piece, Position, loner_target

ROLL_STEPS = {"dodge": "dodge", "rush": "gfi", "pickup": "pickup", "leap": "leap", "stand_up": "roll"}
BLOCK_OPTIONS = ("dodge", "block", "wrestle", "stand-firm", "side-step")  # the defender's, on a block step


def _name(piece: Piece) -> str:
    return piece.id.lower()  # "a1": the odds' player names are lower case


def _player(edition: str, piece: Piece) -> str:
    attrs = []
    for slug in sorted(s for s in piece.skills if s in PLAYER_SKILLS):
        target = loner_target(edition, piece) if slug == LONER else None
        attrs.append(f"loner:{target}" if target is not None else slug)
    attrs.append(f"st:{piece.st}")
    return f"{_name(piece)}={','.join(attrs)}"


def _roll_steps(piece: Piece, rolls: tuple[RouteRoll, ...]) -> list[str] | None:
    steps = []
    for roll in rolls:
        kind = ROLL_STEPS.get(roll.kind)
        if kind is None:
            return None
        step = f"{kind}:{roll.target}"
        if kind == "dodge" and "dodge" in piece.skills and "dodge" not in roll.rerolls:
            step += "/tackle"  # his Dodge re-roll is taken away on this dodge
        steps.append(step)
    return steps


def _sequence(position: Position, pieces: list[Piece], steps: list[str]) -> Sequence | None:
    edition = position.edition
    rerolls = position.team_rerolls(pieces[0].team)
    players = ";".join(_player(edition, p) for p in pieces)
    try:
        return parse_code(f"{edition};rr{rerolls};{players};{','.join(steps)}", edition)
    except OddsError:
        return None  # a roll the calculator does not take: no link rather than a wrong one


def action_sequence(
    position: Position, kind: str, player_id: str, other_id: str, best: ApproachSquare
) -> Sequence | None:
    """A blitz, foul or hand-off from its best square, in the odds language."""
    mover, other = position.piece(player_id), position.piece(other_id)
    if mover is None or other is None:
        return None
    steps = _roll_steps(mover, best.rolls)
    if steps is None:
        return None
    if kind == "handoff":
        return _sequence(position, [mover, other], [*steps, f"{_name(other)}.handoff:{best.catch_target}"])
    if kind == "foul":
        net = best.assists[0] - best.assists[1]
        return _sequence(position, [mover], [*steps, f"{_name(mover)}.foul:{other.av}/a:{net}"])
    dice = f"{'-' if best.chooser == 'defender' else ''}{best.dice}d"
    options = "".join(f"/{s}" for s in BLOCK_OPTIONS if s in other.skills and s in OPPONENT_SKILLS)
    return _sequence(position, [mover], [*steps, f"{_name(mover)}.block:{dice}/blitz{options}"])


def pass_sequence(position: Position, found: PassAnswer) -> Sequence | None:
    """A pass to a team-mate and his catch, in the odds language."""
    thrower, catcher = position.piece(found.player), position.piece(found.other)
    if thrower is None or catcher is None or found.pass_roll is None:
        return None
    step = f"{_name(thrower)}.pass:{found.pass_roll.target}"
    fumbled = round(found.fumble * 6)
    if fumbled > 1:
        step += f"/f:{fumbled}"
    if found.interceptors:
        step += f"/int:{found.interceptors[0].target}"
    return _sequence(position, [thrower, catcher], [step, f"{_name(catcher)}.catch:{found.catch_target}"])
